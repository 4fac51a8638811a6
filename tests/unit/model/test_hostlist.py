"""Host lists in the HPC convention."""

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
