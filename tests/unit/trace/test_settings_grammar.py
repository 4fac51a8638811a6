"""The `trace on` grammar and what the settings it makes say and select (docs/repl.md, spec 1.2-1.9)."""

from __future__ import annotations

import pytest

from refsim.model.jobid import parse_job_id
from refsim.trace.settings import OFF, Level, TraceError, TraceSettings, parse_trace_on


@pytest.mark.parametrize("args, message", [
    (["all", "12"], "trace on: unknown job id after 'all' '12'"),
    (["all", "x"], "trace on: unknown option 'x'"),
    (["7", "x"], "trace on: malformed job id 'x'"),
    (["7", "level", "full", "12"], "trace on: unknown option '12'"),
    (["1[2]", "lines"], "trace on: option 'lines' needs a value"),
    (["all", "file", "a", "json", "a"], "trace on: file and json name the same path 'a'"),
])
def test_a_bad_trace_on_names_the_word_that_is_wrong(args, message):
    """Kills: refsim/trace/settings.py:parse_trace_on the `job id after 'all'` wording (a number after `all` is
    a job id in the wrong place, not an unknown option) changed or given to any word, and the same-path message
    changed. After `all` or after the first option no more job ids are read, so `12` there is out of place; a
    job id list stops at the first option name, so `x` is read as a job id and is malformed."""
    with pytest.raises(TraceError) as caught:
        parse_trace_on(args)
    assert str(caught.value) == message


def test_repeated_job_ids_are_kept_once_in_the_order_given():
    """Kills: parse_trace_on keeping duplicates. The status line lists the selection in job order, compacted."""
    settings = parse_trace_on(["3", "1", "3", "level", "full"])
    assert settings == TraceSettings(True, (parse_job_id("3"), parse_job_id("1")), Level.FULL)
    assert settings.describe() == "on for jobs 1 3, level full, at most 1000 lines per decision"


def test_the_defaults_are_all_jobs_summary_level_a_thousand_lines_and_no_file():
    """Kills: the defaults of TraceSettings or parse_trace_on changed (level, the 1000-line bound, enabled)."""
    assert parse_trace_on(["all"]) == TraceSettings(True, None, Level.SUMMARY, 1000, None, None)
    assert parse_trace_on(["all"]).describe() == "on for all jobs, level summary, at most 1000 lines per decision"


def test_status_names_the_file_and_the_json_copy_when_given():
    """Kills: TraceSettings.describe dropping or rewording the file or json part; paths() listing a path that
    was not given. The two paths are listed text file first."""
    both = parse_trace_on(["all", "json", "b.jsonl", "lines", "50", "file", "a.txt"])
    assert both.describe() == ("on for all jobs, level summary, at most 50 lines per decision, file a.txt, "
                               "json b.jsonl")
    assert both.paths() == ("a.txt", "b.jsonl")
    json_only = parse_trace_on(["all", "json", "b.jsonl"])
    assert json_only.describe() == "on for all jobs, level summary, at most 1000 lines per decision, json b.jsonl"
    assert json_only.paths() == ("b.jsonl",)
    assert OFF.describe() == "off" and OFF.paths() == ()


def test_an_array_id_selects_every_element_and_an_element_only_itself():
    """Kills: TraceSettings.traces ignoring `enabled`, the selection, or selecting by job number alone, or asking every
    selected id to select the job (`any` -> `all`). 5 names
    the whole array 5 (every element); 5[3] names one element."""
    whole, element = parse_trace_on(["5"]), parse_trace_on(["5[3]"])
    assert [whole.traces(parse_job_id(j)) for j in ("5", "5[3]", "6")] == [True, True, False]
    assert [element.traces(parse_job_id(j)) for j in ("5[3]", "5[4]", "5")] == [True, False, False]
    several = parse_trace_on(["5[3]", "8"])
    assert [several.traces(parse_job_id(j)) for j in ("5[3]", "8", "5[4]")] == [True, True, False]
    assert parse_trace_on(["all"]).traces(parse_job_id("6")) is True
    assert OFF.traces(parse_job_id("6")) is False
    assert TraceSettings(False, None).traces(parse_job_id("6")) is False


@pytest.mark.parametrize("lines", ["50", "100000"])
def test_the_line_bound_accepts_both_ends_of_its_range(lines):
    """Kills: the `MIN_LINES <= n <= MAX_LINES` bounds made strict (the range is 50 to 100000 inclusive)."""
    assert parse_trace_on(["all", "lines", lines]).lines == int(lines)


@pytest.mark.parametrize("word", ["49", "100001", "x", "-50", "5e2"])
def test_a_line_bound_outside_50_to_100000_or_not_a_whole_number_is_refused(word):
    """Kills: refsim/trace/settings.py:_lines accepting a number outside the range (`or` -> `and`: a number
    out of range, or a non-number, slipping through or crashing) and MAX_LINES moved off 100000. 49 and 100001
    are just past the two ends; x, -50 and 5e2 are not whole numbers written in digits."""
    with pytest.raises(TraceError) as caught:
        parse_trace_on(["all", "lines", word])
    assert str(caught.value) == f"trace on: lines '{word}' is not a whole number from 50 to 100000"


def test_an_element_id_after_all_is_named_a_misplaced_job_id():
    """Kills: refsim/trace/settings.py:parse_trace_on judging a job id by more than its first character (`1[2]`
    starts with a digit, as every job id does, so after `all` it is a job id in the wrong place)."""
    with pytest.raises(TraceError) as caught:
        parse_trace_on(["all", "1[2]"])
    assert str(caught.value) == "trace on: unknown job id after 'all' '1[2]'"


def test_settings_cannot_be_changed_after_trace_on_makes_them():
    """Kills: refsim/trace/settings.py:TraceSettings not frozen. A `trace on` replaces every setting at once,
    so the settings a traced round reads are never edited in place."""
    import dataclasses
    settings = parse_trace_on(["all"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.lines = 50  # type: ignore[misc]


@pytest.mark.parametrize("option", ["file", "json"])
def test_a_trace_path_is_refused_when_empty_or_past_4095_bytes(option):
    """Kills: refsim/trace/settings.py:_path naming another option or rewording its messages, and the byte bound
    counted in characters or moved. 2048 two-byte characters are 4096 bytes, one past the bound; 4095 one-byte
    characters are exactly at it and accepted."""
    for word, message in [("", f"trace on: {option} path is empty"),
                          ("é" * 2048, f"trace on: {option} path is 4096 bytes long (at most 4095)")]:
        with pytest.raises(TraceError) as caught:
            parse_trace_on(["all", option, word])
        assert str(caught.value) == message
    assert getattr(parse_trace_on(["all", option, "p" * 4095]), option) == "p" * 4095


@pytest.mark.parametrize("args, message", [
    (["all", "lines", "60", "lines", "70"], "trace on: option 'lines' is given twice"),
    (["all", "level", "verbose"], "trace on: level 'verbose' is not summary or full"),
    (["all", "level", "FULL"], "trace on: level 'FULL' is not summary or full"),
])
def test_a_repeated_option_or_an_unknown_level_is_refused_by_name(args, message):
    """Kills: refsim/trace/settings.py:_option and _level rewording their messages. Option words are exact and
    lower case, so FULL is not full; an option given twice is refused rather than the last one winning."""
    with pytest.raises(TraceError) as caught:
        parse_trace_on(args)
    assert str(caught.value) == message


@pytest.mark.parametrize("args", [[], ["level", "full"]])
def test_trace_on_without_a_selection_asks_for_one(args):
    """Kills: refsim/trace/settings.py NO_SELECTION reworded. Neither nothing nor options alone select a job."""
    with pytest.raises(TraceError) as caught:
        parse_trace_on(args)
    assert str(caught.value) == "trace on: a job selection (all or job ids) is required"
