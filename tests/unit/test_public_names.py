"""Every name a refsim module lists in `__all__` exists in it, so `from refsim.<module> import *` works and the
list documents the module truthfully."""

import importlib
import pkgutil

import refsim


def test_each_name_in_all_is_defined():
    """Kills: a string of an `__all__` list mutated (`str->XX`), e.g. in refsim/sched/disciplines/__init__.py,
    which no import by name notices: only a star import reads `__all__`."""
    checked, missing = [], []
    for info in pkgutil.walk_packages(refsim.__path__, "refsim."):
        if info.name.endswith("__main__"):
            continue  # running it is what importing it does
        module = importlib.import_module(info.name)
        if hasattr(module, "__all__"):
            checked.append(info.name)
            namespace: dict = {}
            exec(f"from {info.name} import *", namespace)  # noqa: S102 (the star import is what __all__ serves)
            missing += [f"{info.name}.{n}" for n in module.__all__ if n not in namespace]
    assert "refsim.sched.disciplines" in checked and missing == []
