import pytest

from refsim.model.cluster import Host
from refsim.resreq.select import SelectError, compile_select

X86 = Host("x", {"slots": 4, "mem": 8192, "ngpus": 0}, {"type": "X86", "fast": True})
ARM = Host("y", {"slots": 8, "mem": 2048}, {"type": "ARM", "fast": False})


@pytest.mark.parametrize("text, x86, arm", [
    ("type==X86", True, False), ("type!=X86", False, True), ("type=='ARM'", False, True),
    ("mem>=4096", True, False), ("slots>4 || type==X86", True, True), ("slots>4 && type==X86", False, False),
    ("!fast", False, True), ("not fast", False, True), ("fast and mem > 1000", True, False),
    ("(type==ARM or type==X86) && !(mem<1000)", True, True),
    ("ngpus", False, False), ("ngpus==0", True, False), ("model==any", False, False), ("gpu", False, False),
])
def test_evaluation(text, x86, arm):
    expr = compile_select(text)
    assert (expr.matches(X86), expr.matches(ARM)) == (x86, arm)


@pytest.mark.parametrize("text", ["", "type==", "(a", "a &&", "type<X86", "a $ b", "== 3"])
def test_errors(text):
    with pytest.raises(SelectError):
        compile_select(text)


def test_no_python_eval_is_reachable():
    with pytest.raises(SelectError):
        compile_select("__import__('os')")
