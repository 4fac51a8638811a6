import pytest

from refsim.model.jobid import JobId, JobIdError, format_job_ids, parse_job_id


@pytest.mark.parametrize("text, expected", [("1001", JobId(1001)), ("1001[3]", JobId(1001, 3)),
                                            (" 7 ", JobId(7)), ("0", JobId(0))])
def test_parse(text, expected):
    assert parse_job_id(text) == expected


@pytest.mark.parametrize("text", ["", "00", "01", "abc", "1001[", "1001[0]", "1001[]", "1001[3]x", "-5", "1e3",
                                  "1001[1-3]"])
def test_malformed_ids_are_rejected_naming_the_text(text):
    """Kills: parse_job_id's message text (asserted whole, quotes included)."""
    with pytest.raises(JobIdError) as caught:
        parse_job_id(text)
    assert str(caught.value) == f"malformed job id '{text}'"


def test_format_compresses_runs_of_jobs_and_array_elements():
    ids = [JobId(1001, i) for i in (1, 2, 3, 4, 5, 7)] + [JobId(1004), JobId(1002), JobId(1003), JobId(999)]
    assert format_job_ids(ids) == "999 1001[1-5,7] 1002-1004"


def test_format_single_and_empty():
    assert format_job_ids([JobId(5, 2)]) == "5[2]"
    assert format_job_ids([]) == ""


def test_an_array_id_selects_all_its_elements_and_an_element_only_itself():
    assert JobId(5).selects(JobId(5, 3)) and JobId(5).selects(JobId(5))
    assert JobId(5, 3).selects(JobId(5, 3)) and not JobId(5, 3).selects(JobId(5, 4))
    assert not JobId(5).selects(JobId(6))


def test_a_plain_job_is_listed_before_array_elements_of_the_same_number():
    """A selection may name job 5 and element 5[1] together (`trace on 5[1] 5`): the plain run is written first,
    whichever order they came in. Kills: format_job_ids's pieces sorted other than by their first job number with
    the plain runs first (an array's piece before the plain run that starts at its number)."""
    assert format_job_ids([JobId(5, 1), JobId(5)]) == "5 5[1]"
    assert format_job_ids([JobId(6), JobId(5, 2), JobId(5, 1), JobId(5)]) == "5-6 5[1-2]"
