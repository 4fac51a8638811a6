"""Benchmarks. Figures are printed, never asserted; ratios are measured within one run.

    python tools/bench.py core [--hosts 1000,5000] [--jobs 10000] [--seed 1]
    python tools/bench.py replay [--swf PATH] [--hosts 5000] [--jobs 20000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from refsim.model.cluster import Cluster, Host, Queue, SharedResource  # noqa: E402
from refsim.model.jobid import JobId  # noqa: E402
from refsim.model.jobs import Job  # noqa: E402
from refsim.model.limits import Consumer, ConsumerKind, Limit  # noqa: E402
from refsim.sched.decisions import Dispatch, NoDecision, Pend  # noqa: E402
from refsim.sched.events import HostEvaluated  # noqa: E402
from refsim.sched.session import run_session  # noqa: E402
from refsim.sched.state import SchedulerState  # noqa: E402

REQUIREMENTS = (
    "", "select[type==X86]", "rusage[mem=2G]", "select[type==ARM] rusage[mem=1G]", "span[hosts=1]",
    "span[ptile=4]", "rusage[lic=1]", "2*{select[type==X86]} + 2*{rusage[mem=1G]}",
    "{select[type==GPU]} || {rusage[mem=512]}", "order[-mem] rusage[mem=4G]",
)


def synthetic_cluster(n_hosts: int, rng: random.Random) -> Cluster:
    hosts = tuple(Host(f"h{i:05d}", {"slots": rng.choice([4, 8, 16]), "mem": rng.choice([8192, 16384, 65536])},
                       {"type": rng.choice(["X86", "X86", "ARM"])}) for i in range(n_hosts))
    limits = (Limit("user_slots", (Consumer(ConsumerKind.USER, True),), (("slots", n_hosts * 2),)),
              Limit("host_jobs", (Consumer(ConsumerKind.HOST, True),), (("jobs", 6),)))
    return Cluster(hosts, (Queue("normal", 10), Queue("high", 20)), (SharedResource("lic", 500),), limits)


def synthetic_jobs(n_jobs: int, rng: random.Random) -> list[Job]:
    return [Job(JobId(i + 1), f"u{rng.randrange(20)}", rng.choice(["normal", "high"]), "p", rng.randrange(3),
                float(i), rng.choice(REQUIREMENTS), t, t + rng.choice([0, 0, 2]), 100.0)
            for i in range(n_jobs) for t in (rng.choice([1, 1, 2, 4, 8]),)]


class _Counter:
    """Counts host evaluations; used in a separate, observed pass so the timed pass has no observer."""

    def __init__(self) -> None:
        self.hosts = 0

    def event(self, event) -> None:
        if type(event) is HostEvaluated:
            self.hosts += 1


def _run(cluster: Cluster, jobs: list[Job], observer_for) -> tuple[float, list]:
    state = SchedulerState(cluster)
    for job in jobs:
        state.submit(job)
    start = time.perf_counter()
    results = list(run_session(state, 1, observer_for=observer_for))
    return time.perf_counter() - start, results


def bench_core(args: argparse.Namespace) -> None:
    print(f"core: one session over {args.jobs} pending jobs, observer None (timed); "
          "host evaluations counted in a second, observed pass")
    for n_hosts in (int(h) for h in args.hosts.split(",")):
        rng = random.Random(args.seed)
        cluster, jobs = synthetic_cluster(n_hosts, rng), synthetic_jobs(args.jobs, rng)
        seconds, results = _run(cluster, jobs, None)
        counter = _Counter()
        _, observed = _run(cluster, jobs, lambda _j: counter)
        assert observed == results, "the observed pass decided differently"
        kinds = {k: sum(isinstance(r.outcome, k) for r in results) for k in (Dispatch, Pend, NoDecision)}
        print(f"  hosts={n_hosts:5d} jobs={args.jobs} time={seconds:7.2f}s decisions/s={len(results) / seconds:9.0f} "
              f"host evaluations={counter.hosts} host evaluations/s={counter.hosts / seconds:10.0f} "
              f"(dispatched {kinds[Dispatch]}, pended {kinds[Pend]}, no decision {kinds[NoDecision]})")


NASA = Path(__file__).resolve().parents[2] / "shared/data/NASA-iPSC-1993-3.1-cln.swf.gz"


def synthetic_document(n_hosts: int, n_jobs: int, seed: int) -> dict:
    """A recording with `n_jobs` arriving over time on `n_hosts` hosts, about 80% loaded."""
    rng = random.Random(seed)
    hosts = [{"name": f"h{i:05d}", "slots": rng.choice([4, 8, 16]), "mem": rng.choice(["16G", "64G"]),
              "type": rng.choice(["X86_64", "X86_64", "ARM64"])} for i in range(n_hosts)]
    slots = sum(h["slots"] for h in hosts)
    events, time = [], 0.0
    for i in range(n_jobs):
        tasks = rng.choice([1, 1, 2, 4, 8, 16])
        run = rng.uniform(60, 3600)
        time += rng.expovariate(slots * 0.8 / (tasks * run))
        events.append({"time": round(time, 3), "submit": {
            "id": i + 1, "user": f"u{rng.randrange(50)}", "tasks": tasks, "run_time": round(run, 3),
            "resreq": rng.choice(["", "select[type==X86_64]", "rusage[mem=1G]", "span[ptile=4]", "span[hosts=1]"])}})
    return {"cluster": {"hosts": hosts, "limits": [{"name": "user_slots", "per_user": "all",
                                                    "resources": {"slots": slots // 10}}]}, "events": events}


def _replay(recording) -> tuple[float, int]:
    from refsim.sim.batch import run_batch

    start = time.perf_counter()
    result = run_batch(recording)
    return time.perf_counter() - start, len(result.records)


def bench_replay(args: argparse.Namespace) -> None:
    from refsim.importers.swf import swf_recording
    from refsim.sim.load import recording_from
    from refsim.sim.write import write_document
    import tempfile

    swf = Path(args.swf)
    if swf.exists():
        start = time.perf_counter()
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "nasa.json"
            write_document(swf_recording(swf), out)
            from refsim.sim.load import load_recording
            recording = load_recording(out)
        imported = time.perf_counter() - start
        seconds, decisions = _replay(recording)
        print(f"replay NASA: import+load {imported:.2f}s, replay {seconds:.2f}s, total {imported + seconds:.2f}s, "
              f"{decisions} decisions, {decisions / seconds:.0f} decisions/s")
    else:
        print(f"replay NASA: skipped, no log at {swf}")
    recording = recording_from(synthetic_document(args.hosts, args.jobs, args.seed), "synthetic")
    seconds, decisions = _replay(recording)
    print(f"replay synthetic: {args.hosts} hosts, {args.jobs} jobs, replay {seconds:.2f}s, {decisions} decisions, "
          f"{decisions / seconds:.0f} decisions/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="which", required=True)
    core = sub.add_parser("core", help="the scheduler core on synthetic clusters")
    core.add_argument("--hosts", default="1000,5000")
    core.add_argument("--jobs", type=int, default=10000)
    core.add_argument("--seed", type=int, default=1)
    replay = sub.add_parser("replay", help="whole replays: the NASA log and a synthetic 5,000-host recording")
    replay.add_argument("--swf", default=str(NASA))
    replay.add_argument("--hosts", type=int, default=5000)
    replay.add_argument("--jobs", type=int, default=20000)
    replay.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    {"core": bench_core, "replay": bench_replay}[args.which](args)


if __name__ == "__main__":
    main()
