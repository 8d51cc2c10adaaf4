"""What ``--verifier_audit 16`` costs: the default run's step time with and without it (rollouts saved in both).

    python bench/verifier_audit.py [--steps 40] [--repeats 3] [--n 16] [--out bench/results]
    python bench/verifier_audit.py --tiny --model PATH --out DIR   # the plumbing only: its figures mean nothing

Real ``python train.py`` runs of the default run (arithmetic, from its embedded policy, built once and passed as
``--model`` so both arms start from the same weights), arms ``off`` and ``audit`` alternating per repeat so that a
neighbour's burst on the machine falls on both. Per run: the median of TRL's ``step_time`` over the steps after the
first (its warm-up) and their lower quartile (the steps no neighbour slowed, on a shared box), the CPU seconds of the
run and its processes, the audit's batches audited and skipped, its busy share of the time and its rates. Per arm:
the median of its runs' medians; then ``growth`` = audit / off - 1, against the documented bound (the audit's time
share, ``--verifier_audit_share``, 0.1), and the same ratio of the lower quartiles (``quiet_growth``) and of the CPU
seconds (``cpu_growth``). Writes ``verifier_audit-<date>.json`` (``-tiny`` for ``--tiny``) in ``--out``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARMS = ("off", "audit")
# A run of seconds on a ~30k-parameter policy: enough steps for the audit to be submitted, judged and reported.
TINY = ["--env_kwargs", "digits=1", "n_train=64", "n_eval=8", "--per_device_train_batch_size", "16",
        "--num_generations", "4", "--max_completion_length", "6", "--eval_n", "2", "--eval_k", "1"]


def run(arm: str, repeat: int, model: str, args: argparse.Namespace, work: Path) -> dict:
    """One ``train.py`` run of ``arm``; its summary."""
    run_dir = work / f"{arm}-{repeat}"
    shutil.rmtree(run_dir, ignore_errors=True)
    cmd = [sys.executable, str(ROOT / "train.py"), "--model", model, "--max_steps", str(args.steps),
           "--logging_steps", "1", "--output_dir", str(run_dir), "--eval_limit", str(args.eval_limit),
           "--save_rollouts", "true", *(TINY if args.tiny else []),
           *(["--verifier_audit", str(args.n)] if arm == "audit" else [])]
    started, cpu = time.time(), _children_cpu()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if proc.returncode:
        raise SystemExit(f"{arm} run {repeat} failed:\n{proc.stderr[-3000:]}")
    return {**summary(arm, repeat, run_dir, time.time() - started), "cpu_seconds": _children_cpu() - cpu}


def _children_cpu() -> float:
    """User + system CPU seconds of this process's finished children (and the processes they waited for)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def summary(arm: str, repeat: int, run_dir: Path, wall_seconds: float) -> dict:
    """What one finished run's results.json says about its speed (and its audit)."""
    results = json.loads((run_dir / "results.json").read_text())
    times = [r["step_time"] for r in results["log_history"] if "step_time" in r]
    if not times:
        raise SystemExit(f"{run_dir}: no step_time in its log_history (--logging_steps 1 logs one a step)")
    return {"arm": arm, "repeat": repeat, "steps": len(times), "wall_seconds": wall_seconds,
            "train_seconds": results["train_seconds"],
            "median_step_seconds": statistics.median(times[1:] or times),
            "quiet_step_seconds": _lower_quartile(times[1:] or times),
            **({"audit": results["verifier_audit"]} if "verifier_audit" in results else {})}


def _lower_quartile(values: list[float]) -> float:
    return statistics.quantiles(values, n=4)[0] if len(values) > 1 else values[0]


def compare(runs: list[dict], share: float) -> dict:
    """Per arm the median of its runs' median step times; the audit's growth of it, against ``share``; the same
    growth of the lower quartiles and of the CPU seconds."""
    def per_arm(key: str) -> dict[str, float]:
        return {arm: statistics.median(r[key] for r in runs if r["arm"] == arm) for arm in ARMS}

    medians, quiet = per_arm("median_step_seconds"), per_arm("quiet_step_seconds")
    growth = medians["audit"] / medians["off"] - 1
    cpu = per_arm("cpu_seconds") if all("cpu_seconds" in r for r in runs) else None
    return {"median_step_seconds": medians, "growth": growth, "bound": share, "within_bound": growth <= share,
            "quiet_step_seconds": quiet, "quiet_growth": quiet["audit"] / quiet["off"] - 1,
            **({"cpu_seconds": cpu, "cpu_growth": cpu["audit"] / cpu["off"] - 1} if cpu else {})}


def main(argv: list[str] | None = None) -> dict:
    """Run the arms, write the JSON, print the comparison; returns the report."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=40, help="steps per run")
    p.add_argument("--repeats", type=int, default=3, help="runs per arm, alternating")
    p.add_argument("--n", type=int, default=16, help="--verifier_audit N of the audit arm")
    p.add_argument("--eval_limit", type=int, default=16, help="held-out problems of each run's before/after")
    p.add_argument("--model", help="the policy to start from (default: the default run's embedded one)")
    p.add_argument("--tiny", action="store_true", help="a tiny run, to test the plumbing (figures meaningless)")
    p.add_argument("--out", default=str(ROOT / "bench" / "results"))
    args = p.parse_args(argv)
    if args.steps < 2 or args.repeats < 1 or args.n < 1:
        raise SystemExit(f"need --steps >= 2, --repeats >= 1 and --n >= 1, got {args.steps}, {args.repeats}, "
                         f"{args.n}.")
    sys.path.insert(0, str(ROOT))
    import envs
    from eval.policy import build_or_load
    from training.verifier_audit import SHARE

    model = args.model or str(build_or_load(envs.make("arithmetic")))
    out = Path(args.out)
    work = out / "verifier_audit-runs" if args.tiny else ROOT / "outputs" / "bench-verifier-audit"  # not in git
    runs = [run(arm, repeat, model, args, work) for repeat in range(args.repeats) for arm in ARMS]
    report = {"date": dt.date.today().isoformat(), "machine": platform.platform(), "python": sys.version.split()[0],
              "tiny": args.tiny, "steps": args.steps, "repeats": args.repeats, "n": args.n, "model": model,
              **compare(runs, SHARE), "runs": runs}
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"verifier_audit-{report['date']}{'-tiny' if args.tiny else ''}.json"
    path.write_text(json.dumps(report, indent=2))
    medians = report["median_step_seconds"]
    print(f"step time: off {medians['off']:.3f}s, audit {medians['audit']:.3f}s, growth {report['growth']:+.1%} "
          f"(bound {SHARE:.0%}: {'within' if report['within_bound'] else 'OVER'}); quiet steps "
          f"{report['quiet_growth']:+.1%}; CPU {report.get('cpu_growth', float('nan')):+.1%} -> {path}")
    return report


if __name__ == "__main__":
    main()
