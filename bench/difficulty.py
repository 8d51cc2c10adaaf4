"""Plain GRPO against ``--difficulty_sampling``, side by side: same start, same step budget, several seeds.

    python bench/difficulty.py [--seeds 0 1 2] [--steps 150] [--env_kwargs n_train=1000] [--out bench/results]

Each arm is a real ``python train.py`` run (the embedded default policy of ``arithmetic``, built once and passed as
``--model`` so every run starts from the same weights). Reported per run and averaged per arm: the mean zero-std
group fraction over training (TRL's ``frac_reward_zero_std``), held-out pass@1 / pass@8 / greedy accuracy after
training, and the training wall time (generation is not free: equal steps is equal wall time only if the arms run
equally fast). Writes ``difficulty-<date>.json`` and a PNG of zero-std fraction and reward against step.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARMS = {"plain": [], "difficulty": ["--difficulty_sampling"]}


def run(arm: str, seed: int, model: str, args: argparse.Namespace, out: Path) -> dict:
    """One ``train.py`` run; its results.json summary."""
    run_dir = out / f"{arm}-seed{seed}"
    cmd = [sys.executable, str(ROOT / "train.py"), "--model", model, "--seed", str(seed), "--max_steps",
           str(args.steps), "--logging_steps", "1", "--output_dir", str(run_dir), "--eval_limit", str(args.eval_limit),
           *(["--env_kwargs", *args.env_kwargs] if args.env_kwargs else []), *ARMS[arm]]
    started = time.time()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if proc.returncode:
        raise SystemExit(f"{arm} seed {seed} failed:\n{proc.stderr[-3000:]}")
    results = json.loads((run_dir / "results.json").read_text())
    history = [r for r in results["log_history"] if "frac_reward_zero_std" in r]
    return {
        "arm": arm, "seed": seed, "wall_seconds": time.time() - started, "train_seconds": results["train_seconds"],
        "mean_zero_std": statistics.fmean(r["frac_reward_zero_std"] for r in history),
        "before": {k: results["before"][k] for k in ("pass@1", "pass@8", "greedy_accuracy")},
        "after": {k: results["after"][k] for k in ("pass@1", "pass@8", "greedy_accuracy")},
        "curve": [{"step": r["step"], "zero_std": r["frac_reward_zero_std"], "reward": r["reward"],
                   **{k: r[k] for k in r if k.startswith("difficulty/")}} for r in history],
    }


def summarise(runs: list[dict]) -> dict:
    """Per arm: means over seeds, and the relative change of the zero-std fraction."""
    arms = {}
    for arm in ARMS:
        mine = [r for r in runs if r["arm"] == arm]
        arms[arm] = {"seeds": [r["seed"] for r in mine],
                     "mean_zero_std": statistics.fmean(r["mean_zero_std"] for r in mine),
                     "train_seconds": statistics.fmean(r["train_seconds"] for r in mine),
                     **{f"after_{k}": statistics.fmean(r["after"][k] for r in mine) for k in mine[0]["after"]}}
    arms["zero_std_relative_change"] = arms["difficulty"]["mean_zero_std"] / arms["plain"]["mean_zero_std"] - 1
    return arms


def plot(runs: list[dict], path: Path) -> Path:
    """Zero-std fraction and reward against step, one thin line per run, one colour per arm."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for r in runs:
        colour = "tab:blue" if r["arm"] == "plain" else "tab:orange"
        steps = [p["step"] for p in r["curve"]]
        for ax, key in zip(axes, ("zero_std", "reward")):
            ax.plot(steps, [p[key] for p in r["curve"]], color=colour, lw=1, alpha=0.7,
                    label=f"{r['arm']}" if r["seed"] == runs[0]["seed"] else None)
    for ax, label in zip(axes, ("zero-std group fraction", "mean reward")):
        ax.set_xlabel("GRPO step")
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
        ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    p.add_argument("--steps", type=int, default=150)
    p.add_argument("--env_kwargs", nargs="*", default=["n_train=1000"])
    p.add_argument("--eval_limit", type=int, default=500)
    p.add_argument("--out", default=str(ROOT / "bench" / "results"))
    args = p.parse_args()

    sys.path.insert(0, str(ROOT))
    import envs
    from eval.policy import build_or_load

    model = str(build_or_load(envs.make("arithmetic")))  # the default run's start, shared by every run
    out = Path(args.out)
    work = ROOT / "outputs" / "bench-difficulty"  # the runs themselves (models, logs): not kept in git
    load_before = os.getloadavg()
    runs = []
    for i, seed in enumerate(args.seeds):
        for arm in list(ARMS)[:: 1 if i % 2 == 0 else -1]:  # alternate which arm runs first
            runs.append(run(arm, seed, model, args, work))
            print(f"{arm:10s} seed {seed}: zero-std {runs[-1]['mean_zero_std']:.3f}, pass@1 "
                  f"{runs[-1]['after']['pass@1']:.3f}, train {runs[-1]['train_seconds']:.0f}s", flush=True)
    date = dt.date.today().isoformat()
    report = {"date": date, "machine": platform.machine(), "cpus": os.cpu_count(), "python": platform.python_version(),
              "load_before": load_before, "load_after": os.getloadavg(), "steps": args.steps,
              "env_kwargs": args.env_kwargs, "eval_limit": args.eval_limit, "model": model,
              "summary": summarise(runs), "runs": runs}
    (out / f"difficulty-{date}.json").write_text(json.dumps(report, indent=2))
    png = plot(runs, out / f"difficulty-{date}.png")
    print(json.dumps(report["summary"], indent=2))
    print(f"written: {out / f'difficulty-{date}.json'}, {png}")


if __name__ == "__main__":
    main()
