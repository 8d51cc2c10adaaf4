"""Plain GRPO against ``--dynamic_sampling``, at equal optimizer steps and at equal training wall time.

    python bench/dynamic_sampling.py [--envs arithmetic countdown] [--seeds 0 1 2] [--steps 40 20] [--eval_limit 200]

Per env and seed, three real ``python train.py`` runs from the env's embedded policy (built once, passed as
``--model`` so every run starts from the same weights): ``plain`` for N steps, ``dynamic`` for N steps (equal
steps), and ``dynamic@wall`` for as many steps as fit in plain's training time at the dynamic run's measured speed
(equal wall time). Reported per run and averaged per arm: the zero-std share of the *trained* groups (plain: TRL's
``frac_reward_zero_std``; dynamic: ``dynamic/trained_zero_std``), groups generated per trained group, training
seconds, and held-out pass@1 / pass@8 / greedy accuracy before and after. Writes (and merges per env into)
``dynamic_sampling-<date>.json`` and a PNG beside it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV_FLAGS = {"arithmetic": ["--env", "arithmetic"],
             "countdown": ["--env", "countdown", "--max_completion_length", "20"]}  # as bench/rl_vs_sft.py
ARMS = ("plain", "dynamic", "dynamic@wall")
METRICS = ("pass@1", "pass@8", "greedy_accuracy")


def run(env: str, arm: str, seed: int, steps: int, model: str, args: argparse.Namespace, work: Path) -> dict:
    """One ``train.py`` run; its summary."""
    run_dir = work / f"{env}-{arm.replace('@', '-')}-seed{seed}"
    shutil.rmtree(run_dir, ignore_errors=True)  # a fresh run: its per-rank logs append
    cmd = [sys.executable, str(ROOT / "train.py"), *ENV_FLAGS[env], "--model", model, "--seed", str(seed),
           "--max_steps", str(steps), "--logging_steps", "1", "--output_dir", str(run_dir), "--eval_limit",
           str(args.eval_limit), *(["--dynamic_sampling", "--dynamic_sampling_max_rounds", str(args.max_rounds)]
                                   if arm != "plain" else [])]
    started = time.time()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if proc.returncode:
        raise SystemExit(f"{env} {arm} seed {seed} failed:\n{proc.stderr[-3000:]}")
    return summary(env, arm, seed, steps, run_dir, time.time() - started)


def summary(env: str, arm: str, seed: int, steps: int, run_dir: Path, wall_seconds: float) -> dict:
    """What one finished run's results.json says, for the report."""
    results = json.loads((run_dir / "results.json").read_text())
    history = [r for r in results["log_history"] if "frac_reward_zero_std" in r]
    trained = [r.get("dynamic/trained_zero_std", r["frac_reward_zero_std"]) for r in history]
    return {
        "env": env, "arm": arm, "seed": seed, "steps": steps, "wall_seconds": wall_seconds,
        "train_seconds": results["train_seconds"], "seconds_per_step": results["train_seconds"] / steps,
        "median_step_seconds": statistics.median(r["step_time"] for r in results["log_history"] if "step_time" in r),
        "zero_std_trained": statistics.fmean(trained),
        "zero_std_generated": statistics.fmean(r["frac_reward_zero_std"] for r in history),
        "generation_cost": statistics.fmean(r.get("dynamic/generation_cost", 1.0) for r in history),
        "rounds": statistics.fmean(r.get("dynamic/rounds", 1.0) for r in history),
        "padded_share": statistics.fmean(r.get("dynamic/groups_padded", 0) / (r.get("dynamic/groups_kept", 0)
                                         + r.get("dynamic/groups_padded", 0) or 1) for r in history),
        "before": {k: results["before"][k] for k in METRICS}, "after": {k: results["after"][k] for k in METRICS},
        "curve": [{"step": r["step"], "zero_std_trained": z, "reward": r["reward"],
                   "generation_cost": r.get("dynamic/generation_cost", 1.0)} for r, z in zip(history, trained)],
    }


def collect(env: str, work: Path) -> list[dict]:
    """The summaries of the runs of ``env`` already in ``work`` (a chunk that stopped before writing its report)."""
    runs = []
    for folder in sorted(work.glob(f"{env}-*-seed*")):
        arm = folder.name.removeprefix(f"{env}-").rsplit("-seed", 1)[0].replace("dynamic-wall", "dynamic@wall")
        results = json.loads((folder / "results.json").read_text())
        runs.append(summary(env, arm, int(folder.name.rsplit("seed", 1)[1]), results["grpo_config"]["max_steps"],
                            folder, results["wall_seconds"]))
    return runs


def wall_steps(pair: dict, steps: int) -> int:
    """Steps of the dynamic arm that take plain's training time: by the median step time of each arm (TRL's
    ``step_time``), which a neighbour's burst on the shared machine does not move as it moves a run's total."""
    return max(1, round(steps * pair["plain"]["median_step_seconds"] / pair["dynamic"]["median_step_seconds"]))


def rewall(report: dict, env: str, model: str, args: argparse.Namespace, work: Path) -> None:
    """Run again each seed's ``dynamic@wall`` whose step count `wall_steps` now sets otherwise."""
    for seed in sorted({r["seed"] for r in report["runs"] if r["env"] == env}):
        pair = {r["arm"]: r for r in report["runs"] if r["env"] == env and r["seed"] == seed}
        for arm, r in pair.items():  # runs summarised before the median was recorded
            if "median_step_seconds" not in r:
                folder = work / f"{env}-{arm.replace('@', '-')}-seed{seed}"
                history = json.loads((folder / "results.json").read_text())["log_history"]
                r["median_step_seconds"] = statistics.median(h["step_time"] for h in history if "step_time" in h)
        steps = wall_steps(pair, pair["plain"]["steps"])
        if pair.get("dynamic@wall", {}).get("steps") != steps:
            report["runs"] = [r for r in report["runs"] if (r["env"], r["seed"], r["arm"]) != (env, seed,
                                                                                                 "dynamic@wall")]
            report["runs"].append(run(env, "dynamic@wall", seed, steps, model, args, work))
            print(f"{env} dynamic@wall seed {seed}: {steps} steps, pass@1 {report['runs'][-1]['after']['pass@1']:.3f}",
                  flush=True)


def summarise(runs: list[dict]) -> dict:
    """Per env and arm: means over seeds; and dynamic minus plain at equal steps and at equal wall time."""
    out: dict = {}
    for env in sorted({r["env"] for r in runs}):
        arms = {}
        for arm in ARMS:
            mine = [r for r in runs if r["env"] == env and r["arm"] == arm]
            if not mine:
                continue
            arms[arm] = {"seeds": [r["seed"] for r in mine], "steps": [r["steps"] for r in mine],
                         **{k: statistics.fmean(r[k] for r in mine) for k in
                            ("zero_std_trained", "generation_cost", "rounds", "padded_share", "train_seconds",
                             "seconds_per_step", "median_step_seconds")},
                         **{f"before_{k}": statistics.fmean(r["before"][k] for r in mine) for k in METRICS},
                         **{f"after_{k}": statistics.fmean(r["after"][k] for r in mine) for k in METRICS}}
        for name, arm in (("equal_steps", "dynamic"), ("equal_wall", "dynamic@wall")):
            if arm in arms and "plain" in arms:
                arms[f"{name}_minus_plain"] = {k: arms[arm][f"after_{k}"] - arms["plain"][f"after_{k}"]
                                               for k in METRICS}
        out[env] = arms
    return out


def plot(runs: list[dict], path: Path) -> Path:
    """Per env: the trained groups' zero-std share and the generation cost against step, and pass@1 / pass@8 after,
    per arm and seed."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    envs = sorted({r["env"] for r in runs})
    colours = {"plain": "tab:blue", "dynamic": "tab:orange", "dynamic@wall": "tab:green"}
    fig, axes = plt.subplots(len(envs), 3, figsize=(15, 3.8 * len(envs)), squeeze=False)
    for row, env in zip(axes, envs):
        mine = [r for r in runs if r["env"] == env]
        for r in mine:
            for ax, key in zip(row[:2], ("zero_std_trained", "generation_cost")):
                ax.plot([p["step"] for p in r["curve"]], [p[key] for p in r["curve"]], color=colours[r["arm"]], lw=1,
                        alpha=0.7, label=r["arm"] if r["seed"] == mine[0]["seed"] else None)
        for i, arm in enumerate(ARMS):
            for j, metric in enumerate(("pass@1", "pass@8")):
                values = [r["after"][metric] for r in mine if r["arm"] == arm]
                x = j * 4 + i
                row[2].bar(x, statistics.fmean(values) if values else 0, color=colours[arm],
                           label=arm if j == 0 else None)
                row[2].scatter([x] * len(values), values, color="black", s=8, zorder=3)
        before = statistics.fmean(r["before"]["pass@1"] for r in mine)
        row[2].axhline(before, color="grey", ls="--", lw=1, label="pass@1 before")
        row[2].set_xticks([1, 5], ["pass@1 after", "pass@8 after"])
        row[0].set(xlabel="GRPO step", ylabel="zero-std share of trained groups", title=env)
        row[1].set(xlabel="GRPO step", ylabel="groups generated per group trained", title=env)
        row[2].set(title=f"{env}: held-out, 3 arms x seeds")
        for ax in row:
            ax.grid(alpha=0.3)
            ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--envs", nargs="+", default=list(ENV_FLAGS), choices=list(ENV_FLAGS))
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    p.add_argument("--steps", type=int, nargs="+", default=[40, 20], help="steps per env, in --envs order")
    p.add_argument("--max_rounds", type=int, default=3)
    p.add_argument("--eval_limit", type=int, default=200)
    p.add_argument("--out", default=str(ROOT / "bench" / "results"))
    p.add_argument("--replot", help="only redraw the PNG of this JSON")
    p.add_argument("--collect", action="store_true", help="only summarise the finished runs of --envs again")
    p.add_argument("--rewall", action="store_true", help="only run again the dynamic@wall arms of --envs whose "
                   "step count the median step times now set otherwise")
    args = p.parse_args()
    if args.replot:
        print(plot(json.loads(Path(args.replot).read_text())["runs"], Path(args.replot).with_suffix(".png")))
        return
    if len(args.steps) != len(args.envs):
        raise SystemExit(f"--steps gives {len(args.steps)} numbers for {len(args.envs)} envs.")

    sys.path.insert(0, str(ROOT))
    import envs
    from eval.policy import build_or_load

    date = dt.date.today().isoformat()
    out, work = Path(args.out), ROOT / "outputs" / "bench-dynamic"  # the runs themselves: not kept in git
    path = out / f"dynamic_sampling-{date}.json"
    report = json.loads(path.read_text()) if path.exists() else {"runs": [], "chunks": []}
    for env, steps in zip(args.envs, args.steps):
        model = str(build_or_load(envs.make(env)))  # the default run's start, shared by every run of this env
        if args.collect:
            report["runs"] = [r for r in report["runs"] if r["env"] != env] + collect(env, work)
            report["chunks"].append({"env": env, "collected": True})
            continue
        if args.rewall:
            load_before = os.getloadavg()
            rewall(report, env, model, args, work)
            report["chunks"].append({"env": env, "rewall": True, "load_before": load_before,
                                     "load_after": os.getloadavg()})
            continue
        load_before, runs = os.getloadavg(), []
        for i, seed in enumerate(args.seeds):
            pair = {}
            for arm in ("plain", "dynamic")[:: 1 if i % 2 == 0 else -1]:  # alternate which arm runs first
                pair[arm] = run(env, arm, seed, steps, model, args, work)
            runs += [pair["plain"], pair["dynamic"], run(env, "dynamic@wall", seed, wall_steps(pair, steps), model,
                                                         args, work)]
            for r in runs[-3:]:
                print(f"{env:10s} {r['arm']:12s} seed {seed} steps {r['steps']:3d}: zero-std trained "
                      f"{r['zero_std_trained']:.3f}, gen cost {r['generation_cost']:.2f}, pass@1 "
                      f"{r['before']['pass@1']:.3f} -> {r['after']['pass@1']:.3f}, pass@8 {r['after']['pass@8']:.3f}, "
                      f"train {r['train_seconds']:.0f}s", flush=True)
        report["runs"] = [r for r in report["runs"] if r["env"] != env] + runs
        report["chunks"] = [c for c in report["chunks"] if c["env"] != env] + [
            {"env": env, "steps": steps, "seeds": args.seeds, "model": model, "load_before": load_before,
             "load_after": os.getloadavg()}]
    report.update({"date": date, "machine": platform.machine(), "cpus": os.cpu_count(),
                   "python": platform.python_version(), "eval_limit": args.eval_limit, "max_rounds": args.max_rounds,
                   "summary": summarise(report["runs"])})
    out.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2))
    png = plot(report["runs"], out / f"dynamic_sampling-{date}.png")
    print(json.dumps(report["summary"], indent=2))
    print(f"written: {path}, {png}")


if __name__ == "__main__":
    main()
