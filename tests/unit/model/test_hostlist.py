"""Host lists in the HPC convention."""

from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.model.hostlist import compress_hosts


def test_numbered_names_of_equal_width_collapse_into_ranges():
    names = [f"node{i:04d}" for i in range(1, 25)] + ["node0031"]
    assert compress_hosts(names) == "node[0001-0024,0031]"


def test_other_names_are_listed_as_they_are_in_first_appearance_order():
    assert compress_hosts(["login", "n02", "n01", "gpu", "n03"]) == "login,n[01-03],gpu"


def test_widths_differ_so_the_groups_differ():
    """n9 and n10 have suffixes of different widths: they are different groups and are not joined."""
    assert compress_hosts(["n8", "n9", "n10"]) == "n[8-9],n10"


def test_a_group_of_one_keeps_its_name_and_duplicates_count_once():
    assert compress_hosts(["hostA", "n007", "n007"]) == "hostA,n007"


def _plain_compress(names: list[str]) -> str:
    """The rule written out as plainly as possible, to check the fast one against: group by (prefix, width) in
    first appearance order, then collapse each group's sorted numbers into runs."""
    import re

    groups: dict[object, list[int]] = {}
    for name in dict.fromkeys(names):
        m = re.fullmatch(r"(.*?)([0-9]+)", name)
        groups.setdefault((m.group(1), len(m.group(2))) if m else name, []).append(int(m.group(2)) if m else 0)
    out = []
    for key, numbers in groups.items():
        if isinstance(key, str):
            out.append(key)
            continue
        prefix, width = key
        if len(numbers) == 1:
            out.append(f"{prefix}{numbers[0]:0{width}d}")
            continue
        runs: list[list[int]] = []
        for n in sorted(numbers):
            if runs and n == runs[-1][-1] + 1:
                runs[-1].append(n)
            else:
                runs.append([n])
        parts = [f"{r[0]:0{width}d}" if len(r) == 1 else f"{r[0]:0{width}d}-{r[-1]:0{width}d}" for r in runs]
        out.append(f"{prefix}[{','.join(parts)}]")
    return ",".join(out)


_NAMES = st.lists(st.one_of(
    st.builds(lambda p, w, n: f"{p}{n:0{w}d}", st.sampled_from(["node", "n", "x1y"]), st.integers(1, 3),
              st.integers(0, 40)),
    st.text(max_size=4)), max_size=40)


@settings(max_examples=300, deadline=None)
@given(_NAMES)
def test_compressing_follows_the_plain_rule(names):
    """Names split once and kept (a loaded replay writes the same hosts millions of times) and a whole group that
    is one run written directly must give what the plain rule gives, for any names, runs, gaps and widths."""
    assert compress_hosts(names) == _plain_compress(names)


def test_only_ascii_digits_number_a_host_so_no_two_hosts_share_a_name_in_a_list():
    """A host named with another script's digit (`n٢`, an Arabic-Indic two) is not host `n2`: it is listed as it is.
    Kills: hostlist.NUMBERED reading any script's digits (`\\d`, as it did): `node3` and `node٣` collapsed into
    `node[3]` (one host where there are two), and `n1 n٢ n3` into `n[1-3]`, naming a host `n2` the cluster does not
    have."""
    assert compress_hosts(["node3", "node٣"]) == "node3,node٣"
    assert compress_hosts(["n1", "n٢", "n3"]) == "n[1,3],n٢"


def test_expanding_a_compressed_list_gives_back_its_names():
    """Hand-checked: ranges, a single number, a plain name and a bare prefix of digits."""
    from refsim.model.hostlist import expand_hosts

    assert expand_hosts("node[0001-0003,0031],login") == ["node0001", "node0002", "node0003", "node0031", "login"]
    assert expand_hosts("n[8-9],n10,7[08-10]") == ["n8", "n9", "n10", "708", "709", "710"]
    assert expand_hosts("") == []


@settings(max_examples=50, deadline=None)
@given(st.lists(st.from_regex(r"[a-z][a-z0-9._-]{0,4}[0-9]{0,3}", fullmatch=True), max_size=30))
def test_expand_inverts_compress_for_any_valid_names(names):
    """Valid host names hold no []{}=,: (sim/reader.py): every such list compresses and expands to its names."""
    from refsim.model.hostlist import expand_hosts

    assert sorted(expand_hosts(compress_hosts(names))) == sorted(set(names))
