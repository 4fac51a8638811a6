"""lives_metrics works out a single queue's figures once and gives them as the overall ones too; with more queues
the overall figures are worked out over every job."""

from refsim.report.metrics import JobLife, Span, group_metrics, lives_metrics

SPAN = Span(0.0, 100.0, 4)


def test_one_queue_gives_its_figures_as_the_overall_ones():
    # two jobs of 1 and 2 tasks: waits 10 and 0 (mean 5), runs 20 and 40 s, busy 1*20 + 2*40 = 100 slot-s of
    # 4 slots * 100 s = 25%; makespan from the first submit (0) to the last end (60)
    lives = [JobLife("q", 0.0, 10.0, 1, 30.0, True), JobLife("q", 20.0, 20.0, 2, 60.0, True)]
    found = lives_metrics(lives, SPAN)
    assert found.overall is found.queues["q"]
    assert (found.overall.wait_mean, found.overall.utilisation, found.overall.makespan) == (5.0, 0.25, 60.0)
    assert found.overall == group_metrics(lives, SPAN)


def test_two_queues_add_up_to_overall_figures_of_their_own():
    # the same two jobs in queues b and a: each queue has one job; overall is both, as with one queue above
    lives = [JobLife("b", 0.0, 10.0, 1, 30.0, True), JobLife("a", 20.0, 20.0, 2, 60.0, True)]
    found = lives_metrics(lives, SPAN)
    assert list(found.queues) == ["a", "b"]
    assert found.overall == group_metrics(lives, SPAN) and found.overall.wait_mean == 5.0
    assert (found.queues["a"].utilisation, found.queues["b"].utilisation) == (0.2, 0.05)


def test_no_job_gives_no_queue_and_empty_overall_figures():
    found = lives_metrics([], SPAN)
    assert found.queues == {} and found.overall.jobs == 0 and found.overall.wait_mean is None
