"""Benchmarks. Figures are printed, never asserted; ratios are measured within one run.

    python tools/bench.py core [--hosts 1000,5000] [--jobs 10000] [--seed 1]
    python tools/bench.py replay [--swf PATH] [--hosts 5000] [--jobs 20000]
    python tools/bench.py trace [--swf PATH] [--hosts 1000] [--jobs 5000] [--repeat 3]
    python tools/bench.py store [--swf PATH]
    python tools/bench.py disciplines [--swf PATH] [--disciplines greedy,easy,...] [--scales 1,0.5] [--jobs N]
    python tools/bench.py loaded [--swf PATH] [--scale 0.5] [--ref-jobs 400]
    python tools/bench.py paths [--hosts 1000] [--jobs 10000] [--seed 1]

`loaded` and `paths` compare the fast path with the reference path (REFSIM_REFERENCE_PATH=1) in one run; each
workload runs in its own process, so its CPU seconds (time.process_time, import excluded) and peak RSS
(resource.getrusage) are its own.
    python tools/bench.py backfill-trace [--swf PATH] [--discipline easy] [--scale 0.5] [--jobs N]
    python tools/bench.py sweep [--swf PATH] [--jobs 1000] [--disciplines greedy,...] [--scales 1.0,0.75,0.5]
    python tools/bench.py backfill [--swf PATH] [--disciplines greedy,...] [--scales 0.5,1] [--repeat N]
        [--tier-jobs 10000] [--compare-jobs 3000] [--peer-python /tmp/accasim-venv/bin/python]
    python tools/bench.py compare --trees /work/main,. [--repeat 3] [--peer-python /tmp/accasim-venv/bin/python]
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
from refsim.sched.events import PositionScanned  # noqa: E402
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
        if type(event) is PositionScanned:
            self.hosts += len(event.verdicts)


def _run(cluster: Cluster, jobs: list[Job], observer_for) -> tuple[float, list]:
    state = SchedulerState(cluster)
    for job in jobs:
        state.submit(job)
    start = time.process_time()  # CPU seconds: the machine is shared
    results = list(run_session(state, 1, observer_for=observer_for))
    return time.process_time() - start, results


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


def _find_nasa() -> Path:
    for folder in Path(__file__).resolve().parents:
        candidate = folder / "shared/data/NASA-iPSC-1993-3.1-cln.swf.gz"
        if candidate.exists():
            return candidate
    return Path(__file__).resolve().parents[2] / "shared/data/NASA-iPSC-1993-3.1-cln.swf.gz"


NASA = _find_nasa()


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
    return time.perf_counter() - start, result.decisions


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


def _console_replay(recording, script: list[str], clock=time.perf_counter) -> float:
    """Seconds of a console script by `clock` (wall time unless told), output discarded. The garbage an earlier
    replay left (a console and its simulator refer to each other) is collected first, not during this one."""
    import gc

    from refsim.repl.console import Console

    gc.collect()
    console = Console(recording, lambda line: None)
    start = clock()
    for line in script:
        console.execute(line)
    console.close()
    return clock() - start


def _stripped_copy(folder: Path) -> Path:
    """A copy of the package whose sched modules have every `if ... observer is not None:` block removed."""
    import ast
    import shutil

    class Strip(ast.NodeTransformer):
        def visit_If(self, node: ast.If):
            self.generic_visit(node)
            test = node.test
            if (isinstance(test, ast.Compare) and isinstance(test.ops[0], ast.IsNot)
                    and "observer" in ast.unparse(test.left) and not node.orelse):
                return ast.Pass()
            return node

    source = Path(__file__).resolve().parent.parent / "refsim"
    target = folder / "refsim"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
    removed = 0
    for path in (target / "sched").glob("*.py"):
        tree = ast.parse(path.read_text())
        before = ast.dump(tree).count("observer")
        tree = ast.fix_missing_locations(Strip().visit(tree))
        removed += before - ast.dump(tree).count("observer")
        path.write_text(ast.unparse(tree))
    print(f"  stripped copy: {removed} references to the observer removed from refsim/sched")
    return folder


_HOOK_RUN = """
import random, sys, time
sys.path.insert(0, {tools!r})
import bench
rng = random.Random({seed})
cluster, jobs = bench.synthetic_cluster({hosts}, rng), bench.synthetic_jobs({jobs}, rng)
seconds, results = bench._run(cluster, jobs, None)
print(seconds)
"""


def _hook_cost(args: argparse.Namespace) -> None:
    import subprocess
    import tempfile

    tools = str(Path(__file__).resolve().parent)
    code = _HOOK_RUN.format(tools=tools, seed=args.seed, hosts=args.hosts, jobs=args.jobs)
    with tempfile.TemporaryDirectory() as folder:
        stripped = _stripped_copy(Path(folder))
        timings: dict[str, list[float]] = {"hooks": [], "stripped": []}
        for _ in range(args.repeat):  # alternate, so drift affects both alike
            for name, path in (("hooks", str(Path(tools).parent)), ("stripped", str(stripped))):
                done = subprocess.run([sys.executable, "-c", code], env={"PYTHONPATH": path, "PATH": "", "PYTHONHASHSEED": "0",
                                                                    "REFSIM_REFERENCE_PATH": "1"},
                                      capture_output=True, text=True, check=True)
                timings[name].append(float(done.stdout.split()[-1]))
    best = {k: min(v) for k, v in timings.items()}
    print(f"  (a) trace off, {args.hosts} hosts x {args.jobs} jobs, best of {args.repeat}: with hooks "
          f"{best['hooks']:.2f}s, hooks stripped {best['stripped']:.2f}s, ratio {best['hooks'] / best['stripped']:.3f}",
          flush=True)


def bench_trace(args: argparse.Namespace) -> None:
    from refsim.sim.load import recording_from

    import os

    os.environ["REFSIM_REFERENCE_PATH"] = "1"  # tracing is measured against the reference path it explains
    print("trace: cost of the hooks with tracing off, and of tracing all jobs, as ratios measured in this run "
          "(reference path)")
    if not args.skip_hooks:
        _hook_cost(args)
    cases = []
    swf = Path(args.swf)
    if swf.exists():  # the headline: the whole NASA log
        from refsim.importers.swf import swf_recording
        cases.append(("NASA", recording_from(swf_recording(swf), "nasa")))
    else:
        print(f"  (b) NASA: skipped, no log at {swf}")
    cases.append((f"synthetic {args.hosts} hosts x {args.jobs} jobs",
                  recording_from(synthetic_document(args.hosts, args.jobs, args.seed), "synthetic")))
    scripts = {"off": ["continue"], "summary": ["trace on all", "continue"],
               "full": ["trace on all level full", "continue"]}
    for name, rec in cases:
        timings: dict[str, list[float]] = {mode: [] for mode in scripts}
        for _ in range(args.repeat):  # alternate, so drift on a shared machine affects each mode alike
            for mode, script in scripts.items():
                timings[mode].append(_console_cpu(rec, script))
        off, summary, full = (min(timings[mode]) for mode in scripts)
        print(f"  (b) {name}, best of {args.repeat}: trace off {off:.2f}s; trace all summary {summary:.2f}s "
              f"(x{summary / off:.2f}); trace all full {full:.2f}s (x{full / off:.2f})", flush=True)


def _traced_peak(recording, script: list[str]):
    """Run a console script under tracemalloc: seconds, peak traced bytes, and the console."""
    import tracemalloc

    from refsim.repl.console import Console

    tracemalloc.start()
    console = Console(recording, lambda line: None)
    start = time.perf_counter()
    for line in script:
        console.execute(line)
    seconds = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak, console


def bench_store(args: argparse.Namespace) -> None:
    from refsim.importers.swf import swf_recording
    from refsim.sim.load import recording_from

    swf = Path(args.swf)
    if not swf.exists():
        print(f"store: skipped, no log at {swf}")
        return
    recording = recording_from(swf_recording(swf), "nasa")
    _, base, _ = _traced_peak(recording, ["continue"])
    seconds, peak, console = _traced_peak(recording, ["trace on all level full", "continue"])
    store = console.tracing.store
    print(f"store: NASA replay, every job traced at full level, {seconds:.1f}s: store accounts {store.used} of "
          f"{store.bound} bytes ({len(store)} traces kept, {store.discarded_count} discarded); peak traced memory "
          f"{peak / 2**20:.1f} MiB against {base / 2**20:.1f} MiB untraced (tracemalloc), so tracing adds "
          f"{(peak - base) / 2**20:.1f} MiB at its peak")


def nasa_with_run_limits(swf: Path, scale: float, jobs: int | None) -> dict:
    """The NASA log as a recording whose run limits equal the run times (1 s for the jobs that ran 0 s: a run
    limit is positive), with submit times multiplied by `scale`."""
    from refsim.importers.swf import swf_recording

    document = swf_recording(swf, max_jobs=jobs)
    for event in document["events"]:
        event["time"] = event["time"] * scale
        event["submit"]["run_limit"] = max(event["submit"]["run_time"], 1.0)
    return document


def bench_disciplines(args: argparse.Namespace) -> None:
    """CPU seconds of whole NASA replays under each discipline (loading excluded), with wait statistics."""
    from refsim.sim.load import recording_from
    from refsim.sim.replay import Simulator

    swf = Path(args.swf)
    if not swf.exists():
        print(f"disciplines: skipped, no log at {swf}")
        return
    print("disciplines: NASA iPSC, run limits = run times; CPU seconds (process time) of the replay alone")
    for scale in (float(s) for s in args.scales.split(",")):
        document = nasa_with_run_limits(swf, scale, args.jobs)
        for name in args.disciplines.split(","):
            document["scheduling"] = {"discipline": name}
            recording = recording_from(document, f"nasa x{scale:g}")
            sim = Simulator(recording)
            start = time.process_time()
            for _ in sim.reports():
                pass
            cpu = time.process_time() - start
            waits = {"1 task": [], "65+ tasks": [], "all": []}
            for record in sim.jobs.records.values():
                if record.start_time is None:
                    continue
                wait = record.start_time - record.job.submit_time
                waits["all"].append(wait)
                if record.job.min_tasks == 1:
                    waits["1 task"].append(wait)
                elif record.job.min_tasks >= 65:
                    waits["65+ tasks"].append(wait)
            means = ", ".join(f"{k} {sum(v) / len(v):8.0f}s" for k, v in waits.items() if v)
            print(f"  x{scale:<4g} {name:19s} cpu {cpu:7.2f}s  rounds {sim.round:6d}  "
                  f"started {len(waits['all']):6d}/{len(sim.jobs.records)}  mean wait: {means}")


_WORKLOAD = """
import json, resource, sys, time
sys.path.insert(0, {tools!r})
import bench
print(json.dumps(bench.{function}(*{args!r})))
"""


def _in_process(function: str, *args, reference: bool = False) -> dict:
    """Run bench.<function>(*args) in a fresh process: its own CPU seconds and peak RSS."""
    import json
    import os
    import subprocess

    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("REFSIM_REFERENCE_PATH", None)
    if reference:
        env["REFSIM_REFERENCE_PATH"] = "1"
    code = _WORKLOAD.format(tools=str(Path(__file__).resolve().parent), function=function, args=args)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def _usage(start: float) -> dict:
    import resource

    return {"cpu": time.process_time() - start, "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def swf_replay(swf: str, scale: float, jobs: int | None, output: str | None) -> dict:
    """Import (not timed), then replay to the end; CPU seconds and peak RSS of the process, output size."""
    import os

    from refsim.importers.swf import swf_recording
    from refsim.sim.batch import run_batch
    from refsim.sim.load import recording_from

    recording = recording_from(swf_recording(swf, max_jobs=jobs, time_scale=scale), "nasa")
    start = time.process_time()
    result = run_batch(recording, output=output)
    st = result.statistics
    return {**_usage(start), "decisions": result.decisions, "dispatched": st.dispatched, "submitted": st.submitted,
            "pending": st.pending, "output_mb": os.path.getsize(output) / 1e6 if output else None}


def core_session(hosts: int, jobs: int, seed: int) -> dict:
    """One session over `jobs` pending jobs on `hosts` hosts (the core bench's job mix)."""
    rng = random.Random(seed)
    cluster, job_list = synthetic_cluster(hosts, rng), synthetic_jobs(jobs, rng)
    state = SchedulerState(cluster)
    for job in job_list:
        state.submit(job)
    start = time.process_time()
    results = list(run_session(state, 1))
    digest = sum(isinstance(r.outcome, Dispatch) for r in results)
    return {**_usage(start), "decisions": len(results), "dispatched": digest}


def bench_loaded(args: argparse.Namespace) -> None:
    import tempfile

    swf = str(args.swf)
    if not Path(swf).exists():
        print(f"loaded: skipped, no log at {swf}")
        return
    print("loaded: NASA replays, CPU seconds of the replay (import excluded) and peak RSS, each in its own process")
    fast = _in_process("swf_replay", swf, 1.0, None, None)
    ref = _in_process("swf_replay", swf, 1.0, None, None, reference=True)
    print(f"  NASA x1, trace off: fast {fast['cpu']:.2f}s, reference {ref['cpu']:.2f}s (x{ref['cpu'] / fast['cpu']:.1f}); "
          f"{fast['decisions']} decisions, {fast['dispatched']} dispatched; peak RSS {fast['rss_mib']:.0f} MiB",
          flush=True)
    jobs = args.ref_jobs
    fast = _in_process("swf_replay", swf, args.scale, jobs, None)
    ref = _in_process("swf_replay", swf, args.scale, jobs, None, reference=True)
    print(f"  NASA x{args.scale:g}, first {jobs} jobs: fast {fast['cpu']:.2f}s, reference {ref['cpu']:.2f}s "
          f"(x{ref['cpu'] / fast['cpu']:.1f}); {fast['decisions']} decisions", flush=True)
    if args.ref_jobs_only:
        return
    whole = _in_process("swf_replay", swf, args.scale, None, None)
    print(f"  NASA x{args.scale:g}, no output: {whole['cpu']:.1f}s, peak RSS {whole['rss_mib']:.0f} MiB, "
          f"{whole['decisions']} decisions, {whole['dispatched']} of {whole['submitted']} dispatched", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        out = str(Path(folder) / "x.jsonl.gz")
        written = _in_process("swf_replay", swf, args.scale, None, out)
    print(f"  NASA x{args.scale:g}, --sim-output x.jsonl.gz: {written['cpu']:.1f}s, peak RSS "
          f"{written['rss_mib']:.0f} MiB, output {written['output_mb']:.0f} MB", flush=True)


def bench_paths(args: argparse.Namespace) -> None:
    print(f"paths: one session, fast path against the reference path, seed {args.seed}")
    for hosts, jobs in ((args.hosts, args.jobs), (args.jobs, args.hosts)) if args.both else ((args.hosts, args.jobs),):
        fast = _in_process("core_session", hosts, jobs, args.seed)
        print(f"  {jobs} pending x {hosts} hosts: fast {fast['cpu']:.2f}s, peak RSS {fast['rss_mib']:.0f} MiB, "
              f"{fast['dispatched']} dispatched", flush=True)
        if args.fast_only:
            continue
        ref = _in_process("core_session", hosts, jobs, args.seed, reference=True)
        assert fast["dispatched"] == ref["dispatched"], "the two paths dispatched differently"
        print(f"  {jobs} pending x {hosts} hosts: fast {fast['cpu']:.2f}s, reference {ref['cpu']:.2f}s "
              f"(x{ref['cpu'] / fast['cpu']:.1f}); {fast['dispatched']} dispatched", flush=True)


def _console_cpu(recording, script: list[str]) -> float:
    """CPU seconds (process time) of a console script, output discarded."""
    return _console_replay(recording, script, time.process_time)


def bench_backfill_trace(args: argparse.Namespace) -> None:
    """Tracing every decision at summary and at full level against tracing off, under a backfilling discipline
    on the NASA log with run limits (its discipline sections included), as CPU-second ratios of one run."""
    from refsim.sim.load import recording_from

    swf = Path(args.swf)
    if not swf.exists():
        print(f"backfill-trace: skipped, no log at {swf}")
        return
    document = nasa_with_run_limits(swf, args.scale, args.jobs)
    document["scheduling"] = {"discipline": args.discipline}
    recording = recording_from(document, f"nasa x{args.scale:g}")
    off = _console_cpu(recording, ["continue"])
    summary = _console_cpu(recording, ["trace on all", "continue"])
    full = _console_cpu(recording, ["trace on all level full", "continue"])
    print(f"backfill-trace: NASA x{args.scale:g} under {args.discipline}, CPU seconds: trace off {off:.2f}s; "
          f"trace all summary {summary:.2f}s (x{summary / off:.2f}); trace all full {full:.2f}s (x{full / off:.2f})",
          flush=True)


# DR_EVT's scale tier, generated: Lassen-like job sizes (nodes) and run limits (seconds), with their weights
_TIER_SIZES = ((1, 40), (2, 15), (4, 12), (8, 10), (16, 9), (32, 7), (64, 4), (128, 2), (256, 1))
_TIER_LIMITS = ((1800, 20), (3600, 25), (7200, 20), (14400, 15), (21600, 10), (43200, 10))
TIER_SEED = 20261201


def drevt_tier(jobs: int = 10000, nodes: int = 795, load: float = 0.7, seed: int = TIER_SEED) -> dict:
    """DR_EVT's scale tier as a recording: `jobs` jobs on `nodes` one-slot nodes, sizes and run limits (up to 12 h)
    drawn from Lassen-like weights, runs from a tenth of the limit to all of it (a fifth exactly the limit), and
    arrivals spaced so that load = sum(nodes x run time) / (nodes x span from the first submit to the last) is
    `load`."""
    rng = random.Random(seed)
    sizes, size_weights = zip(*_TIER_SIZES)
    limits, limit_weights = zip(*_TIER_LIMITS)
    drawn = []
    for _ in range(jobs):
        size = rng.choices(sizes, size_weights)[0]
        limit = float(rng.choices(limits, limit_weights)[0])
        run = limit if rng.random() < 0.2 else float(max(1, round(limit * rng.uniform(0.1, 1.0))))
        drawn.append((size, limit, run))
    gaps = [rng.expovariate(1.0) for _ in range(jobs - 1)]
    span = sum(size * run for size, _, run in drawn) / (nodes * load)
    scale = span / sum(gaps)
    times, now = [0.0], 0.0
    for gap in gaps:
        now += gap * scale
        times.append(float(round(now)))
    events = [{"time": t, "submit": {"id": i + 1, "user": f"u{i % 37}", "tasks": size, "run_time": run,
                                     "run_limit": limit, "queue": "normal"}}
              for i, (t, (size, limit, run)) in enumerate(zip(times, drawn))]
    return {"refsim": 1, "cluster": {"hosts": [{"name": f"node{n:04d}", "slots": 1} for n in range(1, nodes + 1)],
                                     "queues": [{"name": "normal", "priority": 0}]},
            "sessions": {"policy": "after-events"}, "events": events}


def _tier_load(document: dict) -> float:
    submits = [e for e in document["events"] if "submit" in e]
    span = submits[-1]["time"] - submits[0]["time"]
    work = sum(e["submit"]["tasks"] * e["submit"]["run_time"] for e in submits)
    return work / (len(document["cluster"]["hosts"]) * span)


def _workload(source: str, scale: float, jobs: int | None) -> dict:
    """`nasa:PATH` (run limits = run times, submit times scaled) or `tier` (DR_EVT's generated scale tier)."""
    if source == "tier":
        return drevt_tier(jobs or 10000)
    return nasa_with_run_limits(Path(source.removeprefix("nasa:")), scale, jobs)


def discipline_replay(source: str, scale: float, jobs: int | None, discipline: str, output: str | None) -> dict:
    """A batch replay (as `refsim sim` runs it) under one discipline; CPU seconds of the replay, import excluded."""
    import os

    from refsim.sim.batch import run_batch
    from refsim.sim.load import recording_from

    document = _workload(source, scale, jobs)
    document["scheduling"] = {"discipline": discipline}
    recording = recording_from(document, "bench")
    start = time.process_time()
    result = run_batch(recording, output=output)
    st = result.statistics
    return {**_usage(start), "decisions": result.decisions, "dispatched": st.dispatched,
            "submitted": st.submitted, "output_mb": os.path.getsize(output) / 1e6 if output else None}


def _process_cpu(command: list[str]) -> float:
    """CPU seconds (user + system) of a whole child process, start-up and loading included."""
    import resource
    import subprocess

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env={**_bench_env(), "PYTHONHASHSEED": "0"})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _bench_env() -> dict:
    import os

    env = dict(os.environ)
    env.pop("REFSIM_REFERENCE_PATH", None)
    return env


def _best_of(repeat: int, names: list[str], run) -> dict[str, dict]:
    """Each name's best (lowest CPU) of `repeat` runs, the names alternating within each round."""
    best: dict[str, dict] = {}
    for _ in range(repeat):
        for name in names:
            figures = run(name)
            if name not in best or figures["cpu"] < best[name]["cpu"]:
                best[name] = figures
    return best


def _ratio_table(title: str, best: dict[str, dict]) -> None:
    greedy = best["greedy"]["cpu"]
    print(title, flush=True)
    for name, figures in best.items():
        rss = f", peak RSS {figures['rss_mib']:.0f} MiB" if "rss_mib" in figures else ""
        done = (f", {figures['dispatched']} of {figures['submitted']} started, {figures['decisions']:,} decisions"
                if "dispatched" in figures else "")
        print(f"  {name:19s} cpu {figures['cpu']:7.2f}s  x{figures['cpu'] / greedy:5.2f} greedy{rss}{done}",
              flush=True)


def _same_outputs(source: str, scale: float, jobs: int, names: list[str]) -> None:
    """--sim-output of the fast path and of the reference path, compared byte for byte (header aside)."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            lines = []
            for reference in (False, True):
                out = str(Path(folder) / f"{name}-{reference}.jsonl")
                figures = _in_process("discipline_replay", source, scale, jobs, name, out, reference=reference)
                lines.append((Path(out).read_text().splitlines()[1:], figures["cpu"]))
            (fast, fast_cpu), (ref, ref_cpu) = lines
            print(f"  {name:19s} first {jobs} jobs: {'identical' if fast == ref else 'DIFFERENT'} --sim-output "
                  f"({len(fast)} records); fast {fast_cpu:.2f}s, reference {ref_cpu:.2f}s", flush=True)


def bench_backfill(args: argparse.Namespace) -> None:
    """Every discipline against greedy in one run: NASA x0.5 and x1 replays (run limits = run times), whole
    `refsim sim` processes on NASA x1 (beside AccaSim's FIFO and EASY when its venv is given), DR_EVT's scale tier,
    and, opt-in, the fast and reference paths' outputs compared on a loaded prefix."""
    import json
    import tempfile

    names = args.disciplines.split(",")
    swf = Path(args.swf)
    if swf.exists():
        for scale in (float(s) for s in args.scales.split(",")):
            best = _best_of(args.repeat, names,
                            lambda name: _in_process("discipline_replay", f"nasa:{swf}", scale, args.jobs, name, None))
            _ratio_table(f"backfill: NASA x{scale:g}{'' if args.jobs is None else f', first {args.jobs} jobs'}, "
                         f"CPU of the replay (import excluded), best of {args.repeat}", best)
        with tempfile.TemporaryDirectory() as folder:
            recording = Path(folder) / "nasa.json"
            recording.write_text(json.dumps(nasa_with_run_limits(swf, 1.0, args.jobs)))
            command = [sys.executable, "-m", "refsim.cli", "sim", str(recording), "--discipline"]
            best = _best_of(args.repeat, names, lambda name: {"cpu": _process_cpu(command + [name])})
            _ratio_table(f"backfill: NASA x1, whole `refsim sim` processes (start-up and loading included), best of "
                         f"{args.repeat}", best)
        if args.peer_python:
            peer = Path(__file__).resolve().parent / "peer_accasim.py"
            import subprocess

            subprocess.run([args.peer_python, str(peer), "--swf", str(swf), "--policy", "both",
                            "--repeat", str(args.repeat)], check=False)
        if args.compare_jobs:
            print(f"backfill: NASA x0.5, fast path against the reference path (REFSIM_REFERENCE_PATH=1)", flush=True)
            _same_outputs(f"nasa:{swf}", 0.5, args.compare_jobs, [n for n in names if n != "greedy"])
    else:
        print(f"backfill: NASA replays skipped, no log at {swf}")
    tier = drevt_tier(args.tier_jobs)
    print(f"backfill: DR_EVT scale tier, {args.tier_jobs} jobs on 795 one-slot nodes, seed {TIER_SEED}, "
          f"load {_tier_load(tier):.2f}", flush=True)
    best = _best_of(args.repeat, names, lambda name: _in_process("discipline_replay", "tier", 1.0, args.tier_jobs,
                                                                 name, None))
    _ratio_table(f"  CPU of the replay (import excluded), best of {args.repeat}", best)


def _tree_env(tree: str) -> dict:
    """The environment of a child that imports refsim from `tree` (run with `tree` as its working directory, which
    `python -m` puts first on the path)."""
    return {**_bench_env(), "PYTHONPATH": tree, "PYTHONHASHSEED": "0"}


def _tree_process_cpu(tree: str, recording: Path, discipline: str) -> float:
    """CPU seconds of a whole `refsim sim` process of `tree`'s refsim (start-up and loading included)."""
    import resource
    import subprocess

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "refsim.cli", "sim", str(recording), "--discipline", discipline],
                   check=True, stdout=subprocess.DEVNULL, env=_tree_env(tree), cwd=tree)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _tree_replay_cpu(tree: str, source: str, discipline: str) -> float:
    """CPU seconds of a replay (import excluded) by `tree`'s own tools/bench.py discipline_replay()."""
    import json
    import subprocess

    code = _WORKLOAD.format(tools=str(Path(tree) / "tools"), function="discipline_replay",
                            args=(source, 1.0, None, discipline, None))
    done = subprocess.run([sys.executable, "-c", code], env=_tree_env(tree), cwd=tree, capture_output=True,
                          text=True, check=True)
    return float(json.loads(done.stdout.splitlines()[-1])["cpu"])


def _peer_cpu(peer_python: str, swf: Path, policy: str) -> float:
    """AccaSim's CPU seconds for one policy (tools/peer_accasim.py, one run)."""
    import re
    import subprocess

    peer = Path(__file__).resolve().parent / "peer_accasim.py"
    done = subprocess.run([peer_python, str(peer), "--swf", str(swf), "--policy", policy, "--repeat", "1"],
                          capture_output=True, text=True, check=True)
    found = re.search(r"cpu ([0-9.]+)s", done.stdout)
    if found is None:
        raise SystemExit(f"no AccaSim figure from {peer_python}: {done.stdout.strip()}")
    return float(found.group(1))


def bench_compare(args: argparse.Namespace) -> None:
    """Source trees against one another in one alternating run (best of --repeat per figure): whole `refsim sim`
    processes on NASA x1 (run limits = run times), beside AccaSim's FIFO and EASY when its Python is given; then
    replays (import excluded) of NASA x1 and of DR_EVT's scale tier. Each round runs every tree once."""
    import json
    import math
    import os
    import tempfile

    trees, swf = [str(Path(t).resolve()) for t in args.trees.split(",")], Path(args.swf)
    best: dict[tuple[str, str, str], float] = {}

    def keep(key: tuple[str, str, str], cpu: float) -> None:
        best[key] = min(best.get(key, math.inf), cpu)

    with tempfile.TemporaryDirectory() as folder:
        recording = Path(folder) / "nasa.json"
        recording.write_text(json.dumps(nasa_with_run_limits(swf, 1.0, None)))
        for round_no in range(1, args.repeat + 1):
            loads = [os.getloadavg()[0]]
            for tree in trees:
                for name in args.processes.split(","):
                    keep(("NASA x1, whole process", tree, name), _tree_process_cpu(tree, recording, name))
            if args.peer_python:
                for policy in ("fifo", "easy"):
                    keep(("NASA x1, whole process", "AccaSim 1.1.3", policy), _peer_cpu(args.peer_python, swf, policy))
            loads.append(os.getloadavg()[0])
            for tree in trees:
                for name in args.replays.split(","):
                    keep(("NASA x1, replay", tree, name), _tree_replay_cpu(tree, f"nasa:{swf}", name))
                for name in args.tier.split(","):
                    keep(("DR_EVT tier, replay", tree, name), _tree_replay_cpu(tree, "tier", name))
            loads.append(os.getloadavg()[0])
            print(f"compare: round {round_no} of {args.repeat}, 1-minute load averages {loads}", flush=True)
            for (what, tree, name), cpu in sorted(best.items()):
                print(f"  {what:24s} {tree:24s} {name:12s} cpu {cpu:6.2f}s", flush=True)


def bench_sweep(args: argparse.Namespace) -> None:
    """The NASA sweep of docs/sweep.md (a prefix of the log, disciplines x time scales) run three ways: one after
    another in this process (-j 1), on 2 local processes (-j 2), and on a Dask LocalCluster of 2 worker processes.
    Each way prints its wall seconds, the replays' CPU seconds (their own, summed) and CPU/wall, the parallelism
    it reached; the ratios are measured within this one run. The three tables must agree (CPU seconds apart)."""
    import csv
    import io
    import tempfile

    from refsim.sweep.executors import DaskExecutor, Executor, ProcessExecutor, SerialExecutor
    from refsim.sweep.progress import SweepProgress
    from refsim.sweep.run import run_sweep

    swf = Path(args.swf)
    if not swf.exists():
        print(f"sweep: skipped, no log at {swf}")
        return
    folder = Path(tempfile.mkdtemp(prefix="refsim-bench-sweep-"))
    spec = folder / "sweep.yaml"
    spec.write_text(f"recordings: [{{path: '{swf.resolve()}', import: {{jobs: {args.jobs}}}}}]\n"
                    f"axes: {{discipline: [{args.disciplines}], time_scale: [{args.scales}]}}\n")
    print(f"sweep: NASA first {args.jobs} jobs, disciplines {args.disciplines} x time scales {args.scales}")

    def timed(name: str, executor: Executor) -> tuple[float, list[list[str]]]:
        start = time.perf_counter()
        run_sweep(spec, folder / name, executor, report=print, progress=SweepProgress(0, io.StringIO()))
        wall = time.perf_counter() - start
        with open(folder / name / "results.csv", newline="") as file:
            rows = list(csv.DictReader(file))
        cpu = sum(float(r["cpu_seconds"]) for r in rows)
        print(f"  {name:22s} wall {wall:7.2f}s  replays' CPU {cpu:7.2f}s  CPU/wall {cpu / wall:5.2f}", flush=True)
        return wall, [[v for k, v in r.items() if k != "cpu_seconds"] for r in rows]

    serial, serial_rows = timed("-j 1", SerialExecutor())
    pool, pool_rows = timed("-j 2", ProcessExecutor(2))
    print(f"  -j 1 wall / -j 2 wall: x{serial / pool:.2f}")
    try:
        from distributed import LocalCluster
    except ImportError:
        print("  dask: skipped, the dask extra is not installed")
        return
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        dask, dask_rows = timed("dask LocalCluster x2", DaskExecutor(cluster.scheduler_address, print))
    print(f"  -j 1 wall / dask wall: x{serial / dask:.2f}")
    print(f"  the three tables agree: {serial_rows == pool_rows == dask_rows}")


def bench_explore(args: argparse.Namespace) -> None:
    """The explorer on the NASA log at a submit-time scale under a discipline: replay, page making, page size, and
    the time headless Chromium takes to open the page and draw its timeline (docs/explore.md, "Scale")."""
    import shutil
    import tempfile

    from refsim.report.explore_data import explore
    from refsim.report.explore_page import page_text
    from refsim.sim.batch import run_batch
    from refsim.sim.load import recording_from

    swf = Path(args.swf)
    if not swf.exists():
        print(f"explore: skipped, no log at {swf}")
        return
    document = nasa_with_run_limits(swf, args.scale, args.jobs)
    document["scheduling"] = {"discipline": args.discipline}
    with tempfile.TemporaryDirectory() as folder:
        run, page = Path(folder) / "nasa.jsonl.gz", Path(folder) / "nasa.html"
        start = time.perf_counter()
        run_batch(recording_from(document, "nasa"), output=run)
        replayed = time.perf_counter() - start
        start = time.perf_counter()
        found = explore(run)
        page.write_text(page_text(found.data, f"{found.jobs} jobs on {found.hosts} hosts"), encoding="utf-8")
        made = time.perf_counter() - start
        print(f"explore: NASA x{args.scale:g} under {args.discipline}: replay {replayed:.1f}s; page made in "
              f"{made:.1f}s, {page.stat().st_size / 1e6:.1f} MB ({found.jobs} jobs, {found.hosts} hosts, "
              f"{len(found.data['series']['times'])} series points, {len(found.data['stories'])} stories)")
        if shutil.which("chromium") is None:
            print("  browser: skipped, no chromium on PATH")
            return
        from playwright.sync_api import sync_playwright

        flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=flags)
            opened = browser.new_page(viewport={"width": 1200, "height": 900})
            errors: list[str] = []
            opened.on("pageerror", lambda e: errors.append(str(e)))
            start = time.perf_counter()
            opened.goto(f"file://{page}")
            opened.wait_for_selector("#timeline[data-drawn]", timeout=60000)
            drawn = time.perf_counter() - start
            start = time.perf_counter()
            opened.click("#zoom-in")
            zoomed = time.perf_counter() - start
            start = time.perf_counter()
            opened.locator("#jobs th[data-key=id]").click()
            sorted_ = time.perf_counter() - start
            if args.shot:
                opened.screenshot(path=args.shot)
            browser.close()
        print(f"  chromium: opened and timeline drawn in {drawn:.1f}s; a zoom redraw {zoomed:.2f}s, a table sort "
              f"{sorted_:.2f}s; page errors: {errors or 'none'}")


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
    trace = sub.add_parser("trace", help="hook cost with tracing off, and tracing all jobs against off (the NASA log, "
                                         "then a synthetic recording)")
    trace.add_argument("--swf", default=str(NASA))
    trace.add_argument("--hosts", type=int, default=1000)
    trace.add_argument("--jobs", type=int, default=5000)
    trace.add_argument("--repeat", type=int, default=3, help="runs of each case; the best of them is reported")
    trace.add_argument("--skip-hooks", action="store_true", help="only (b): tracing all against off")
    trace.add_argument("--seed", type=int, default=1)
    store = sub.add_parser("store", help="the trace store over the NASA replay traced at full level")
    store.add_argument("--swf", default=str(NASA))
    disciplines = sub.add_parser("disciplines", help="the NASA log under each dispatching discipline")
    disciplines.add_argument("--swf", default=str(NASA))
    disciplines.add_argument("--disciplines", default="greedy,strict,easy,easy-drevt,conservative,conservative-drevt")
    disciplines.add_argument("--scales", default="1,0.5", help="submit-time scale factors")
    disciplines.add_argument("--jobs", type=int, help="only the first N jobs of the log")
    loaded = sub.add_parser("loaded", help="NASA replays, plain and with submit times scaled, fast against reference")
    loaded.add_argument("--swf", default=str(NASA))
    loaded.add_argument("--scale", type=float, default=0.5)
    loaded.add_argument("--ref-jobs", type=int, default=400, help="prefix replayed on both paths for the ratio")
    loaded.add_argument("--ref-jobs-only", action="store_true", help="skip the whole loaded log")
    paths = sub.add_parser("paths", help="one session on both paths (core bench's job mix)")
    paths.add_argument("--hosts", type=int, default=1000)
    paths.add_argument("--jobs", type=int, default=10000)
    paths.add_argument("--seed", type=int, default=1)
    paths.add_argument("--both", action="store_true", help="also the transposed size (jobs and hosts swapped)")
    paths.add_argument("--fast-only", action="store_true", help="skip the reference path")
    backfill = sub.add_parser("backfill-trace", help="tracing all against off under a backfilling discipline")
    backfill.add_argument("--swf", default=str(NASA))
    backfill.add_argument("--discipline", default="easy")
    backfill.add_argument("--scale", type=float, default=0.5, help="submit-time scale factor")
    backfill.add_argument("--jobs", type=int, help="only the first N jobs of the log")
    bf = sub.add_parser("backfill", help="every discipline against greedy: NASA x0.5 and x1, whole processes, "
                                         "DR_EVT's scale tier; opt-in, fast against reference outputs")
    bf.add_argument("--swf", default=str(NASA))
    bf.add_argument("--disciplines", default="greedy,strict,easy,easy-drevt,conservative,conservative-drevt")
    bf.add_argument("--scales", default="0.5,1", help="submit-time scale factors of the NASA replays")
    bf.add_argument("--jobs", type=int, help="only the first N jobs of the log")
    bf.add_argument("--repeat", type=int, default=1, help="alternating runs of each case; the best is reported")
    bf.add_argument("--tier-jobs", type=int, default=10000, help="jobs of the generated DR_EVT scale tier")
    bf.add_argument("--compare-jobs", type=int, default=0, help="compare both paths' --sim-output on this many jobs")
    bf.add_argument("--peer-python", help="a Python with AccaSim installed: runs tools/peer_accasim.py beside")
    compare = sub.add_parser("compare", help="source trees against one another: whole processes on NASA x1 (and "
                                             "AccaSim beside), NASA x1 and DR_EVT tier replays")
    compare.add_argument("--trees", required=True, help="comma-separated source trees, e.g. /work/main,.")
    compare.add_argument("--swf", default=str(NASA))
    compare.add_argument("--processes", default="greedy,strict,easy,easy-drevt")
    compare.add_argument("--replays", default="greedy,strict,easy")
    compare.add_argument("--tier", default="greedy,easy,easy-drevt")
    compare.add_argument("--repeat", type=int, default=3, help="alternating rounds; the best of each is reported")
    compare.add_argument("--peer-python", help="a Python with AccaSim installed: its FIFO and EASY beside")
    sweep = sub.add_parser("sweep", help="the NASA sweep of docs/sweep.md: -j 1, -j 2 and a Dask LocalCluster")
    sweep.add_argument("--swf", default=str(NASA))
    sweep.add_argument("--jobs", type=int, default=1000, help="only the first N jobs of the log")
    sweep.add_argument("--disciplines", default="greedy,strict,easy,conservative")
    sweep.add_argument("--scales", default="1.0,0.75,0.5", help="submit-time scale factors")
    explore_ = sub.add_parser("explore", help="the explorer's page of a NASA replay: its size and load time")
    explore_.add_argument("--swf", default=str(NASA))
    explore_.add_argument("--scale", type=float, default=0.5, help="submit-time scale factor")
    explore_.add_argument("--discipline", default="easy")
    explore_.add_argument("--jobs", type=int, help="only the first N jobs of the log")
    explore_.add_argument("--shot", help="also save a screenshot of the page to this PNG")
    args = parser.parse_args()
    {"explore": bench_explore, "sweep": bench_sweep, "core": bench_core, "replay": bench_replay, "trace": bench_trace, "store": bench_store,
     "disciplines": bench_disciplines, "loaded": bench_loaded, "paths": bench_paths,
     "backfill-trace": bench_backfill_trace, "backfill": bench_backfill, "compare": bench_compare}[args.which](args)


if __name__ == "__main__":
    main()
