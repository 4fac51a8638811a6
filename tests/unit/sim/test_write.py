"""Recordings and snapshots written by refsim.sim.write: JSON for a `.json` path, YAML otherwise, keys in the
document's order (a recording reads top-down: cluster, then jobs), each text checked in full."""

from refsim.sim.write import write_document

DOCUMENT = {"version": 1, "cluster": {"hosts": [{"name": "h2", "slots": 2}]}, "events": []}


def test_a_json_path_gets_json_indented_by_one_in_the_documents_key_order(tmp_path):
    """Kills: sim/write.py:write_document's `.json` suffix test mutated or negated (YAML written to a .json path),
    its indent 1 mutated to 2, sort_keys False mutated to True (`version` would move after `events`), the newline
    appended after the JSON dropped, and the write itself dropped (an empty file)."""
    path = tmp_path / "recording.json"
    write_document(DOCUMENT, path)
    assert path.read_text(encoding="utf-8") == (
        '{\n'
        ' "version": 1,\n'
        ' "cluster": {\n'
        '  "hosts": [\n'
        '   {\n'
        '    "name": "h2",\n'
        '    "slots": 2\n'
        '   }\n'
        '  ]\n'
        ' },\n'
        ' "events": []\n'
        '}\n')


def test_any_other_path_gets_yaml_in_the_documents_key_order_with_flat_lists_inline(tmp_path):
    """Kills: sim/write.py:write_document's YAML sort_keys False mutated to True (`version` would move after
    `events`). A list or mapping of plain values is written inline (default_flow_style None), others as blocks."""
    path = tmp_path / "recording.yaml"
    write_document(DOCUMENT, path)
    assert path.read_text(encoding="utf-8") == (
        "version: 1\n"
        "cluster:\n"
        "  hosts:\n"
        "  - {name: h2, slots: 2}\n"
        "events: []\n")


def test_an_inline_list_wraps_once_its_line_passes_column_120(tmp_path):
    """Kills: sim/write.py:write_document's YAML width 120 mutated to 121. After `hosts: [hh,` (11 columns) each
    `node00NN,` item adds 10: the line reaches column 121 after node0011, which passes 120, so node0012 starts the
    next line (with width 121 it would still fit on the first)."""
    path = tmp_path / "wide.yaml"
    write_document({"hosts": ["hh"] + [f"node{n:04d}" for n in range(1, 14)]}, path)
    first, second = path.read_text(encoding="utf-8").splitlines()
    assert first == "hosts: [hh, " + ", ".join(f"node{n:04d}" for n in range(1, 12)) + ","
    assert len(first) == 121
    assert second == "  node0012, node0013]"
