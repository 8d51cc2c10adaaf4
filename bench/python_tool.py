"""Cost of the sandboxed ``python`` tool against a fresh ``python -c`` subprocess per call, measured in one run.

Two workloads, both run one call after another (TRL runs a batch's tool calls in sequence):
  * ``single``: one call per rollout (``print(a * b)`` for a 3-digit product), no earlier cells to replay.
  * ``rollout``: rollouts of ``--cells`` calls, each using the previous cell's variable, so the tool replays the
    earlier cells; the baseline gets the same semantics by running all cells so far in one ``python -c``.
Besides wall-clock rates (which on a loaded machine mostly measure waiting for a core), it reports CPU time per
call on each side: this process's own CPU plus, for the tool, the slot workers' and their reaped jobs' CPU (from
``/proc``), for ``python -c`` the children's CPU (``getrusage``). The baseline runs with no isolation at all
(``sys.executable -c code``, output captured); ours runs every call in the sandbox (bubblewrap, uid, cgroup,
seccomp, rlimits) and kills and wipes after it. Slot start-up is timed apart, as it happens once per training run.

With ``--grpo-steps N`` it also trains a tiny tool-calling policy (`eval.tool_policy`) on ``products_python`` for N
GRPO steps and reports the share of the steps' wall time spent inside tool calls.

    python bench/python_tool.py --calls 200 --cells 4 --grpo-steps 3
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from envs.tools.python import PythonSession, PythonToolConfig


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def summary(latencies: list[float], wall: float, cpu: float) -> dict[str, float]:
    return {"calls": len(latencies), "calls_per_s": len(latencies) / wall, "p50_ms": 1e3 * percentile(latencies, 0.5),
            "p99_ms": 1e3 * percentile(latencies, 0.99), "mean_ms": 1e3 * statistics.fmean(latencies),
            "cpu_ms_per_call": 1e3 * cpu / len(latencies)}


def workload(kind: str, calls: int, cells: int, seed: int = 0) -> list[list[str]]:
    """Rollouts, each a list of cells."""
    rng = random.Random(seed)
    rollouts = []
    while sum(map(len, rollouts)) < calls:
        a, b = rng.randint(100, 999), rng.randint(100, 999)
        if kind == "single":
            rollouts.append([f"print({a} * {b})"])
        else:
            rollouts.append([f"x = {a} * {b}\nprint(x)"] + [f"x = x + {k}\nprint(x)" for k in range(1, cells)])
    return rollouts


def slot_cpu_s(session: PythonSession) -> float:
    """CPU seconds of the sandbox's slot workers and the jobs they reaped (utime, stime, cutime, cstime)."""
    uids, total = {slot.uid for slot in session.sandbox.slots}, 0.0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if os.stat(f"/proc/{pid}").st_uid not in uids:
                continue
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    return total


def run_ours(rollouts: list[list[str]], config: PythonToolConfig) -> tuple[list[float], float, list[str], float]:
    session, latencies, outputs = PythonSession(config), [], []
    cpu = time.process_time() + slot_cpu_s(session)
    started = time.perf_counter()
    for cells in rollouts:
        session.reset()
        for cell in cells:
            t = time.perf_counter()
            outputs.append(session.run(cell))
            latencies.append(time.perf_counter() - t)
    wall = time.perf_counter() - started
    return latencies, wall, outputs, time.process_time() + slot_cpu_s(session) - cpu


def children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_subprocess(rollouts: list[list[str]], timeout: float) -> tuple[list[float], float, list[str], float]:
    latencies, outputs = [], []
    cpu = time.process_time() + children_cpu_s()
    started = time.perf_counter()
    for cells in rollouts:
        for k in range(len(cells)):
            # Same semantics as the tool: earlier cells run again (silenced), then the new one.
            code = "import contextlib, io\nwith contextlib.redirect_stdout(io.StringIO()):\n"
            code += "    pass\n" + "".join(f"    exec({c!r})\n" for c in cells[:k]) + f"exec({cells[k]!r})\n"
            t = time.perf_counter()
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout)
            latencies.append(time.perf_counter() - t)
            outputs.append(done.stdout.strip())
    wall = time.perf_counter() - started
    return latencies, wall, outputs, time.process_time() + children_cpu_s() - cpu


def grpo_share(steps: int) -> dict[str, float]:
    """Train a tiny tool policy for ``steps`` GRPO steps on products_python; seconds in tool calls vs in the steps."""
    os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")
    from trl import GRPOConfig, GRPOTrainer

    import envs
    from envs.tools import PythonEnv
    from eval.policy import TinyPolicyConfig, train_tokenizer
    from eval.tool_policy import add_tool_template, tool_model, tool_traces, trace_texts, warm_start

    class TimedPythonEnv(PythonEnv):
        seconds, calls = 0.0, 0

        def python(self, code: str) -> str:
            """Run Python code in this conversation's interpreter and return what it printed.

            Args:
                code: The Python source to run.
            """
            t = time.perf_counter()
            try:
                return super().python(code)
            finally:
                TimedPythonEnv.seconds += time.perf_counter() - t
                TimedPythonEnv.calls += 1

    env = envs.make("products_python", n_train=400, n_eval=10)
    traces = tool_traces(env)
    tokenizer = add_tool_template(train_tokenizer(trace_texts(traces), 384))
    model = tool_model(tokenizer, TinyPolicyConfig(hidden_size=64, layers=2, heads=2, ffn_size=128))
    warm_start(model, tokenizer, traces, [PythonEnv().python], steps=150, learning_rate=3e-3)
    args = GRPOConfig(output_dir="runs/bench_python_tool", max_steps=steps, per_device_train_batch_size=64,
                      num_generations=8, max_completion_length=160, max_tool_calling_iterations=2,
                      learning_rate=1e-4, use_cpu=True, bf16=False, report_to="none", logging_steps=1,
                      save_strategy="no", gradient_checkpointing=False, seed=0, disable_tqdm=True)
    trainer = GRPOTrainer(model=model, reward_funcs=env.reward_funcs(), args=args, train_dataset=env.train,
                          processing_class=tokenizer, environment_factory=TimedPythonEnv)
    started = time.perf_counter()
    trainer.train()
    train_s = time.perf_counter() - started
    logs = [h for h in trainer.state.log_history if "tools/call_frequency" in h]
    return {"steps": steps, "rollouts_per_step": 64, "train_s": train_s, "tool_s": TimedPythonEnv.seconds,
            "tool_calls": TimedPythonEnv.calls, "tool_share": TimedPythonEnv.seconds / train_s,
            "call_frequency": [h["tools/call_frequency"] for h in logs]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200, help="tool calls per workload and side")
    parser.add_argument("--cells", type=int, default=4, help="calls per rollout in the 'rollout' workload")
    parser.add_argument("--slots", type=int, default=None,
                        help="sandbox slots (default: the tool's, one per CPU core); calls run one at a time anyway, "
                             "while a slot tears down its last job the next call runs on another")
    parser.add_argument("--strict", action="store_true",
                        help="the strict profile, PythonToolConfig(private_clock=True): each job reads a clock of its "
                             "own")
    parser.add_argument("--grpo-steps", type=int, default=0, help="also time N GRPO steps on products_python")
    parser.add_argument("--out", default="runs/bench_python_tool.json")
    args = parser.parse_args()

    config = PythonToolConfig(slots=args.slots, private_clock=args.strict)
    started = time.perf_counter()
    first = PythonSession(config)
    first.run("pass")  # starts the shared sandbox's slots
    result = {"date": datetime.date.today().isoformat(), "machine": f"{platform.machine()}, {os.cpu_count()} cores",
              "load_before": os.getloadavg(), "python": platform.python_version(), "slots": len(first.sandbox.slots),
              "private_clock": first.sandbox.config.private_clock,
              "startup_s": time.perf_counter() - started, "workloads": {}}
    for kind in ("single", "rollout"):
        rollouts = workload(kind, args.calls, args.cells)
        ours = run_ours(rollouts, config)
        base = run_subprocess(rollouts, timeout=config.timeout)
        if ours[2] != base[2]:
            bad = next(i for i, (a, b) in enumerate(zip(ours[2], base[2])) if a != b)
            raise SystemExit(f"outputs differ at call {bad}: tool {ours[2][bad]!r} vs python -c {base[2][bad]!r}")
        o, b = summary(ours[0], ours[1], ours[3]), summary(base[0], base[1], base[3])
        speedup = o["calls_per_s"] / b["calls_per_s"]
        result["workloads"][kind] = {"tool": o, "python_c": b, "speedup_calls_per_s": speedup,
                                     "cpu_ratio": b["cpu_ms_per_call"] / o["cpu_ms_per_call"]}
        print(f"{kind:8s} tool {o['calls_per_s']:6.1f} calls/s p50 {o['p50_ms']:6.1f} ms p99 {o['p99_ms']:6.1f} ms | "
              f"python -c {b['calls_per_s']:6.1f} calls/s p50 {b['p50_ms']:6.1f} ms p99 {b['p99_ms']:6.1f} ms | "
              f"x{speedup:.1f} | CPU/call {o['cpu_ms_per_call']:.1f} vs {b['cpu_ms_per_call']:.1f} ms", flush=True)
    result["load_after"] = os.getloadavg()
    if args.grpo_steps:
        result["grpo"] = grpo_share(args.grpo_steps)
        g = result["grpo"]
        print(f"grpo: {g['steps']} steps x {g['rollouts_per_step']} rollouts in {g['train_s']:.1f} s, "
              f"{g['tool_calls']} tool calls took {g['tool_s']:.2f} s ({100 * g['tool_share']:.1f}% of the steps)")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2))
    print(f"results: {args.out}")


if __name__ == "__main__":
    main()
