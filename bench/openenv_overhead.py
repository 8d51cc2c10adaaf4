"""Serving overhead: HumanEval completions judged through an OpenEnv server against judged in process, one run.

The same completions (each problem's canonical solution and a wrong variant of it) are judged three ways, each
timed as a whole and its verdicts kept:

- ``in_process_batch``: ``code_tests`` on the whole batch, as a training step calls it (GRPOTrainer's path);
- ``in_process_episodes``: one `RlvrEnvironment` episode per completion in this process (``reset`` to the problem,
  the completion as the answer): the served env's own code without the network;
- ``served_1``: the same episodes through ``python -m envs serve humaneval`` started as its own process on
  loopback, driven by OpenEnv's `GenericEnvClient`, one session;
- ``served_clients``: the same with ``--clients`` sessions at once (each a thread with its own WebSocket).

``served_1`` minus ``in_process_episodes`` is what serving costs (WebSocket round trips, JSON, the server's session
handling), per completion; ``in_process_batch`` is what training without a server pays. Each way first judges two
completions untimed, so no figure holds a cold start (sandbox workers, the first connection). The verdicts of all
ways must agree (``agree``). Figures depend on the machine's load (recorded before and after): measure on an idle
box.

    python bench/openenv_overhead.py --clients 4 --out bench/results/openenv_overhead.json
    python bench/openenv_overhead.py --problems 4 --clients 2 --out /tmp/overhead.json   # a plumbing check
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import envs
import rewards
from envs.humaneval import wrong_solution
from envs.openenv.environment import RlvrAction, RlvrEnvironment, ServedEnv
from envs.openenv.load import open_session

ROOT = Path(__file__).resolve().parents[1]
Item = tuple[int, str]  # (task index in the eval split, completion)


def batch(env: envs.Env, problems: int | None) -> list[Item]:
    """Each problem's canonical solution and a wrong variant, as (task, completion)."""
    rows = env.eval.select(range(min(problems or len(env.eval), len(env.eval))))
    return [(i, c) for i, row in enumerate(rows)
            for c in (row["reference"], wrong_solution(row["reference"], row["entry_point"]))]


def in_process_batch(env: envs.Env, items: list[Item]) -> list[float | None]:
    """``code_tests`` called once on the whole batch, with each completion's row columns."""
    rows = [env.eval[task] for task, _ in items]
    columns = {k: [row[k] for row in rows] for k in env.eval.column_names if k != "prompt"}
    verdicts = rewards.get("code_tests").verdicts([c for _, c in items], **columns)
    return [None if v is None else v.score for v in verdicts]


def in_process_episodes(env: envs.Env, items: list[Item]) -> list[float | None]:
    """One `RlvrEnvironment` episode per completion, in this process."""
    episode = RlvrEnvironment(ServedEnv.of(env))
    scores = []
    for task, completion in items:
        episode.reset(split="eval", task=task)
        scores.append(episode.step(RlvrAction(content=completion)).reward)
    return scores


def served(url: str, items: list[Item], clients: int) -> list[float | None]:
    """The same episodes through the server, ``clients`` sessions at once."""
    slices = [list(range(i, len(items), clients)) for i in range(clients)]

    def judge(indices: list[int]) -> list[tuple[int, float | None]]:
        session = open_session(url, timeout=120)
        try:
            out = []
            for i in indices:
                task, completion = items[i]
                session.reset(split="eval", task=task)
                out.append((i, session.step({"content": completion}).reward))
            return out
        finally:
            session.close()

    scores: list[float | None] = [None] * len(items)
    with ThreadPoolExecutor(clients) as pool:
        for part in pool.map(judge, slices):
            for i, score in part:
                scores[i] = score
    return scores


def start_server(clients: int) -> tuple[subprocess.Popen, str]:
    """``python -m envs serve humaneval`` on a free loopback port; waits until it answers."""
    import httpx

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    process = subprocess.Popen([sys.executable, "-m", "envs", "serve", "humaneval", "--port", str(port),
                                "--max-concurrent", str(clients)], cwd=ROOT,
                               env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit(f"the server did not start (exit code {process.poll()})")


def timed(fn: Any, *args: Any) -> tuple[float, Any]:
    started = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - started, result


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Judge the batch the three ways, print the figures and write them as JSON to ``--out``."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--problems", type=int, help="HumanEval problems (2 completions each; default: all 164).")
    p.add_argument("--clients", type=int, default=4, help="Concurrent server sessions (default: 4).")
    p.add_argument("--out", default="bench/results/openenv_overhead.json")
    args = p.parse_args(argv)
    if args.clients < 1 or (args.problems is not None and args.problems < 1):
        p.error(f"need --clients >= 1 and --problems >= 1, got {args.clients} and {args.problems}")
    env = envs.make("humaneval")
    items = batch(env, args.problems)
    load_before = list(os.getloadavg())
    process, url = start_server(args.clients)
    ways: dict[str, Any] = {"served_1": lambda xs: served(url, xs, 1),
                            "served_clients": lambda xs: served(url, xs, args.clients),
                            "in_process_episodes": lambda xs: in_process_episodes(env, xs),
                            "in_process_batch": lambda xs: in_process_batch(env, xs)}
    seconds, scores = {}, {}
    try:
        for name, way in ways.items():
            way(items[:2])  # warm: sandbox workers started, first connection made
            seconds[name], scores[name] = timed(way, items)
    finally:
        process.terminate()
        process.wait(30)
    n = len(items)
    result = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores", "load_before": load_before,
        "load_after": list(os.getloadavg()), "problems": n // 2, "completions": n, "clients": args.clients,
        "seconds": seconds, "ms_per_completion": {k: 1000 * v / n for k, v in seconds.items()},
        "serving_overhead_ms_per_completion": 1000 * (seconds["served_1"] - seconds["in_process_episodes"]) / n,
        "served_clients_vs_batch": seconds["served_clients"] / seconds["in_process_batch"],
        "passed": {k: sum(s == 1.0 for s in v) for k, v in scores.items()},
        "agree": all(v == scores["in_process_batch"] for v in scores.values()),
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main()
