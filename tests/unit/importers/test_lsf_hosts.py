"""`--hosts FILE`: `bhosts -w` or `lshosts -w` output, its columns read as docs/lsf.md says."""

import pytest

from refsim.importers.lsf_hosts import read_hosts
from refsim.importers.site import SiteLogError

BHOSTS = """HOST_NAME          STATUS          JL/U    MAX  NJOBS    RUN  SSUSP  USUSP    RSV
hostA              ok              -       8      2      2      0      0      0
hostB              closed_Full     -       16     16     16     0      0      0
"""
LSHOSTS = """HOST_NAME                     type       model  cpuf ncpus maxmem maxswp server RESOURCES
hostA                       X86_64    Intel_EM64T  60.0    32   256G    16G    Yes (mg bigmem)
"""


def test_bhosts_gives_max_and_lshosts_ncpus(tmp_path):
    (tmp_path / "b").write_text(BHOSTS)
    (tmp_path / "l").write_text(LSHOSTS)
    assert read_hosts(str(tmp_path / "b")) == {"hostA": 8, "hostB": 16}  # MAX, whatever the status
    assert read_hosts(str(tmp_path / "l")) == {"hostA": 32}  # ncpus


@pytest.mark.parametrize("text, message", [
    ("NAME X\n", r"f:1: not `bhosts -w` or `lshosts -w` output"),
    ("HOST_NAME STATUS\nh ok\n", r"f:1: the header has neither MAX"),
    (BHOSTS.replace(" 8 ", " - "), r"f:2: MAX of host hostA is '-', not a slot count"),
    (BHOSTS.replace("hostB", "hostA"), r"f:3: host hostA is listed twice"),
    (BHOSTS.replace("hostB", "h\u00f4teB"), r"f:3: HOST_NAME 'h\u00f4teB' is not an ASCII host name"),
])
def test_a_bad_hosts_file_names_the_line(tmp_path, monkeypatch, text, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "f").write_text(text)
    with pytest.raises(SiteLogError, match=message):
        read_hosts("f")
