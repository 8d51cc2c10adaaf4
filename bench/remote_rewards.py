"""Judging on a Ray cluster against judging in the process, same completions, one run: throughput and overhead.

A `ray.cluster_utils.Cluster` on this machine: a head that verifies nothing (0 CPUs) and one node of
``--workers + 1`` CPUs, whose verifier actor therefore runs ``--workers`` sandbox slots (one core is the reserve),
as many as the local reward gets. Both judge the same batches with `Reward.compute` (no reuse of a last batch):

- throughput: HumanEval's canonical solutions and a wrong variant of each (328 completions) with ``code_tests``;
  the verdicts must agree;
- per-batch overhead: ``--batch`` short math completions with ``format_boxed`` (microseconds of checking), the
  median of ``--repeats`` batches, remote minus local: what Ray costs per batch (pickling, chunks, round trips).

On one machine the cluster cannot be faster: the figures show what placement costs, not what more machines buy.

    python bench/remote_rewards.py --workers 1 --out bench/results/remote_rewards.json
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import time
from pathlib import Path
from typing import Any

import ray
from ray.cluster_utils import Cluster

import rewards
from envs.humaneval import load_problems, wrong_solution
from rewards.code import CodeTests
from rewards.format import FormatBoxed
from rewards.remote.reward import RemoteReward


def timed(fn: Any, repeats: int) -> tuple[float, Any]:
    """(median seconds of ``repeats`` calls, the last result)."""
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=1, help="sandbox slots, local and on the node")
    parser.add_argument("--batch", type=int, default=512, help="completions per overhead batch")
    parser.add_argument("--repeats", type=int, default=9, help="overhead batches per side (the median is kept)")
    parser.add_argument("--rounds", type=int, default=1, help="code rounds per side (the median is kept)")
    parser.add_argument("--out", default="runs/bench_remote_rewards.json")
    args = parser.parse_args()

    root = str(Path(rewards.__file__).resolve().parents[1])  # the node's workers import this checkout
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 0})
    cluster.add_node(num_cpus=args.workers + 1)
    ray.init(address=cluster.address, log_to_driver=False)
    try:
        result = measure(args)
    finally:
        ray.shutdown()
        cluster.shutdown()
    result.update(date=datetime.date.today().isoformat(), machine=f"{platform.machine()}, {os.cpu_count()} cores",
                  load=os.getloadavg(), workers=args.workers)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Both sides' figures (see the module docstring)."""
    problems = load_problems()
    completions = [p["canonical_solution"] for p in problems]
    completions += [wrong_solution(p["canonical_solution"], p["entry_point"]) for p in problems]
    columns = {k: [p[src] for p in problems] * 2 for k, src in
               (("code_prompt", "prompt"), ("test", "test"), ("entry_point", "entry_point"))}
    start = time.perf_counter()
    remote_code = RemoteReward("code_tests")
    remote_startup = time.perf_counter() - start
    local_code = CodeTests(slots=args.workers)
    remote_s, remote_v = timed(lambda: remote_code.compute(completions, **columns), args.rounds)
    local_s, local_v = timed(lambda: local_code.compute(completions, **columns), args.rounds)

    math = [f"The answer is \\boxed{{{i}}}" if i % 2 else f"I think {i}" for i in range(args.batch)]
    remote_fmt, local_fmt = RemoteReward("format_boxed"), FormatBoxed()
    remote_fmt.compute(math)  # the actor builds the reward on first use
    remote_b, _ = timed(lambda: remote_fmt.compute(math), args.repeats)
    local_b, _ = timed(lambda: local_fmt.compute(math), args.repeats)
    return {
        "code_completions": len(completions), "code_local_per_s": len(completions) / local_s,
        "code_remote_per_s": len(completions) / remote_s, "code_remote_over_local": local_s / remote_s,
        "code_verdicts_agree": sum(a == b for a, b in zip(local_v, remote_v, strict=True)),
        "remote_startup_s": remote_startup,
        "overhead_batch": args.batch, "overhead_local_ms": local_b * 1e3, "overhead_remote_ms": remote_b * 1e3,
        "overhead_per_batch_ms": (remote_b - local_b) * 1e3,
    }


if __name__ == "__main__":
    main()
