"""Peer benchmark: AccaSim 1.1.3 on the NASA iPSC log, FIFO and EASY backfilling, every output off.

What it measures: the CPU seconds (time.process_time() of the process) of AccaSim's simulation alone,
Simulator.start_simulation(), for its FirstInFirstOut and EASYBackfilling dispatchers with the FirstFit
allocator, each run in a fresh process of its own, best of --repeat. The conditions match refsim's
`tools/bench.py disciplines` figures: 128 nodes of 1 core (the iPSC/860), a job's processors = its nodes,
run limits = run times (at least 1 s; the log's requested time is -1), submit times multiplied by
--time-scale (0.5 = twice the load). Not timed: converting the log into the SWF AccaSim reads (in a
temporary directory, deleted afterwards) and building the Simulator. AccaSim reads that SWF lazily while
it simulates, so its figure includes its own parsing of the lines and creation of the job objects.
Jobs with a run time below 0 or no processors are dropped, as AccaSim's reader would.

AccaSim is a peer, never a dependency: it stays out of the project's dependencies and CI. Install it into
a virtual environment of its own and run this script with that interpreter:

    python3 -m venv /tmp/accasim-venv && /tmp/accasim-venv/bin/pip install accasim==1.1.3
    /tmp/accasim-venv/bin/python tools/peer_accasim.py [--swf PATH] [--time-scale 1.0] [--jobs N]
                                                       [--policy fifo|easy|both] [--repeat 1]

Without AccaSim the script says how to install it and exits 0, so a caller can treat the peer as optional.
"""

from __future__ import annotations

import argparse
import collections
import collections.abc
import gzip
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# AccaSim 1.1.3 does `from collections import Mapping`, gone since Python 3.10; alias it (no patching).
for _name in ("Mapping", "MutableMapping", "Iterable", "Sequence"):
    if not hasattr(collections, _name):
        setattr(collections, _name, getattr(collections.abc, _name))

INSTALL = "python3 -m venv /tmp/accasim-venv && /tmp/accasim-venv/bin/pip install accasim==1.1.3"
DEFAULT_SWF = Path(__file__).resolve().parents[1].parent / "shared/data/NASA-iPSC-1993-3.1-cln.swf.gz"
NODES = 128
WORKER = "--_worker"   # hidden: run one simulation and print its figures as JSON


def accasim_version() -> str | None:
    """The installed AccaSim's version, or None when it cannot be imported."""
    try:
        import accasim.base.simulator_class  # noqa: F401
    except Exception:  # noqa: BLE001 (any failure means: no usable peer)
        return None
    from importlib.metadata import version

    return version("accasim")


def convert(swf: Path, out: Path, scale: float, jobs: int | None) -> tuple[int, int, int]:
    """Write the log as the SWF AccaSim reads: requested time = run time (>= 1 s), processors in fields 5
    and 8, submit times scaled (AccaSim's times are whole seconds, so rounded). Returns (used, dropped,
    UnixStartTime)."""
    rows, dropped, unix_start = [], 0, 0
    with gzip.open(swf, "rt") if swf.suffix == ".gz" else open(swf) as log:
        for line in log:
            if line.startswith(";"):
                if line[1:].strip().startswith("UnixStartTime:"):
                    unix_start = int(line.split(":", 1)[1])
                continue
            fields = line.split()
            if len(fields) < 18:
                continue
            if jobs is not None and len(rows) + dropped >= jobs:
                break
            submit, run = float(fields[1]), int(float(fields[3]))
            procs = int(fields[7]) if int(fields[7]) > 0 else int(fields[4])
            if run < 0 or procs <= 0:
                dropped += 1
                continue
            rows.append((round(submit * scale), fields[0], run, procs, fields[11], fields[12], fields[14]))
    rows.sort(key=lambda row: row[0])   # the reader needs submit times in order (stable: ties keep log order)
    with open(out, "w") as f:
        for submit, number, run, procs, user, group, queue in rows:
            # job submit wait run alloc cpu mem req_procs req_time req_mem status user group exe queue part prec think
            f.write(f"{number} {submit} -1 {run} {procs} -1 -1 {procs} {max(run, 1)} -1 1 {user} {group} "
                    f"-1 {queue} -1 -1 -1\n")
    return len(rows), dropped, unix_start


def worker(policy: str, workload: str, sys_config: str, results: str) -> None:
    """One AccaSim simulation with every output off; prints {cpu, loaded, completed, ...} as JSON."""
    from accasim.base.allocator_class import FirstFit
    from accasim.base.scheduler_class import EASYBackfilling, FirstInFirstOut
    from accasim.base.simulator_class import Simulator

    dispatcher = FirstInFirstOut(FirstFit()) if policy == "fifo" else EASYBackfilling(FirstFit())
    simulator = Simulator(workload, sys_config, dispatcher,
                          overwrite_previous=False, scheduling_output=False, pprint_output=False,
                          benchmark_output=False, statistics_output=False, save_parameters=None,
                          show_statistics=False, RESULTS_FOLDER_PATH=results, LOG_LEVEL="WARNING")
    start = time.process_time()
    simulator.start_simulation(system_status=False)   # no status daemon, hence no visualisation either
    cpu = time.process_time() - start
    print(json.dumps({"cpu": cpu, "loaded": simulator.loaded_jobs, "dispatched": simulator.dispatched_jobs,
                      "rejected": simulator.rejected_jobs, "completed": simulator.mapper.finished}))


def run(policy: str, workload: Path, sys_config: Path, folder: Path) -> dict:
    """worker() in a fresh process (its own memory), in the temporary folder so no stray file lands elsewhere."""
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), WORKER, policy, str(workload),
                           str(sys_config), str(folder)], cwd=folder, capture_output=True, text=True)
    if done.returncode != 0 or not done.stdout.strip():
        sys.exit(f"accasim {policy} failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    if len(sys.argv) == 6 and sys.argv[1] == WORKER:
        worker(*sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--swf", default=str(DEFAULT_SWF), help="SWF log, gzip or plain (default: %(default)s)")
    parser.add_argument("--time-scale", type=float, default=1.0, help="multiplies submit times (0.5 = twice the load)")
    parser.add_argument("--jobs", type=int, default=None, help="only the first N jobs of the log")
    parser.add_argument("--policy", choices=("fifo", "easy", "both"), default="both")
    parser.add_argument("--repeat", type=int, default=1, help="runs per policy; the best CPU time is reported")
    args = parser.parse_args()

    version = accasim_version()
    if version is None:
        print(f"accasim: not installed, peer skipped; to run it: {INSTALL} && "
              f"/tmp/accasim-venv/bin/python {' '.join(sys.argv)}")
        return
    if not args.time_scale > 0:
        parser.error("--time-scale must be above 0")
    swf = Path(args.swf)
    if not swf.exists():
        parser.error(f"no log at {swf}")

    with tempfile.TemporaryDirectory(prefix="peer-accasim-") as tmp:
        folder = Path(tmp)
        workload, sys_config = folder / "workload.swf", folder / "system.json"
        used, dropped, unix_start = convert(swf, workload, args.time_scale, args.jobs)
        # start_time shifts every submit time: AccaSim treats a current time of 0 as "not started", and a
        # log whose first job is submitted at 0 (like NASA's) would confuse it, so use the log's epoch.
        sys_config.write_text(json.dumps({"groups": {"node": {"core": 1}}, "resources": {"node": NODES},
                                          "equivalence": {"processor": {"core": 1}},
                                          "start_time": unix_start or 1}))
        print(f"accasim {version}: {swf.name}, {used} jobs used, {dropped} dropped (run time < 0 or no "
              f"processors); CPU seconds of the simulation alone, fresh process per run, best of {args.repeat}")
        for policy in ("fifo", "easy") if args.policy == "both" else (args.policy,):
            results = [run(policy, workload, sys_config, folder) for _ in range(max(args.repeat, 1))]
            best = min(results, key=lambda r: r["cpu"])
            print(f"accasim {version} {policy}: cpu {best['cpu']:.2f}s (jobs {used}, nodes {NODES}, time scale "
                  f"{args.time_scale:g}); AccaSim: loaded {best['loaded']}, completed {best['completed']}, "
                  f"rejected {best['rejected']}")


if __name__ == "__main__":
    main()
