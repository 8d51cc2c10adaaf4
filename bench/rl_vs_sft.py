"""Does RL add what SFT cannot? GRPO against continued SFT on ``countdown``, from the same warm start, same wall time.

    python bench/rl_vs_sft.py [--seeds 0 1 2] [--steps 60] [--out bench/results]

Countdown has many valid answers and one reference each: SFT imitates the reference expression, GRPO is paid by
the checker for any expression that reaches the target. Per seed: ``python train.py --env countdown`` for ``--steps``
GRPO steps from the embedded countdown policy, then SFT on the env's reference solutions from the same weights for
the GRPO run's training wall time (same learning rate and batch as the warm start), evaluated with the same harness,
problems, samples and seed as train.py's "after". Writes ``rl_vs_sft-<date>.json``.
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
METRICS = ("pass@1", "pass@8", "greedy_accuracy")


def grpo(seed: int, model: str, args: argparse.Namespace, out: Path) -> dict:
    """One GRPO run through train.py; its before/after and training wall time."""
    run_dir = out / f"grpo-seed{seed}"
    cmd = [sys.executable, str(ROOT / "train.py"), "--env", "countdown", "--model", model, "--seed", str(seed),
           "--max_steps", str(args.steps), "--max_completion_length", str(args.max_tokens), "--eval_limit",
           str(args.eval_limit), "--output_dir", str(run_dir)]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if proc.returncode:
        raise SystemExit(f"GRPO seed {seed} failed:\n{proc.stderr[-3000:]}")
    results = json.loads((run_dir / "results.json").read_text())
    return {"before": {k: results["before"][k] for k in METRICS}, "after": {k: results["after"][k] for k in METRICS},
            "train_seconds": results["train_seconds"], "steps": args.steps}


def sft(seed: int, model_path: str, seconds: float, args: argparse.Namespace, out: Path) -> dict:
    """Continued SFT on the reference solutions for ``seconds`` of training, then the same evaluation."""
    import torch
    from datasets import Dataset
    from transformers import TrainerCallback

    import envs
    from eval.mixture import evaluate_by_task
    from eval.policy import TinyPolicyConfig, load_causal_lm, supervised_finetune

    class StopAfter(TrainerCallback):
        def __init__(self) -> None:
            self.started, self.steps = time.time(), 0

        def on_step_end(self, a, state, control, **kw):
            self.steps = state.global_step
            control.should_training_stop = time.time() - self.started >= seconds
            return control

    env = envs.make("countdown")
    model, tokenizer = load_causal_lm(model_path)
    config = TinyPolicyConfig()
    data = Dataset.from_dict({"prompt": env.train["prompt"], "completion": env.train["reference"]})
    stop = StopAfter()
    supervised_finetune(model, tokenizer, data, out / f"sft-seed{seed}", max_steps=10**6,
                        batch_size=config.sft_batch_size, learning_rate=config.sft_learning_rate, seed=seed,
                        callbacks=[stop])
    train_seconds = time.time() - stop.started
    torch.manual_seed(seed)
    after = evaluate_by_task(model, tokenizer, env, n=8, ks=[1, 8], limit=args.eval_limit, temperature=1.0,
                             max_new_tokens=args.max_tokens, seed=seed)
    return {"after": {k: after[k] for k in METRICS}, "train_seconds": train_seconds, "steps": stop.steps}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    p.add_argument("--steps", type=int, default=60)
    p.add_argument("--max_tokens", type=int, default=20)
    p.add_argument("--eval_limit", type=int, default=500)
    p.add_argument("--out", default=str(ROOT / "bench" / "results"))
    args = p.parse_args()

    sys.path.insert(0, str(ROOT))
    import envs
    from eval.policy import build_or_load

    start = build_or_load(envs.make("countdown"))
    out = Path(args.out)
    load_before = os.getloadavg()
    runs = []
    for seed in args.seeds:
        rl = grpo(seed, str(start), args, ROOT / "outputs" / "bench-rl-vs-sft")
        supervised = sft(seed, str(start), rl["train_seconds"], args, ROOT / "outputs" / "bench-rl-vs-sft")
        runs.append({"seed": seed, "start": rl["before"], "grpo": rl, "sft": supervised})
        print(f"seed {seed}: start {rl['before']} | GRPO {rl['after']} in {rl['train_seconds']:.0f}s | SFT "
              f"{supervised['after']} in {supervised['train_seconds']:.0f}s ({supervised['steps']} steps)", flush=True)
    summary = {arm: {k: statistics.fmean(r[arm]["after"][k] for r in runs) for k in METRICS}
               for arm in ("grpo", "sft")}
    summary["start"] = {k: statistics.fmean(r["start"][k] for r in runs) for k in METRICS}
    date = dt.date.today().isoformat()
    report = {"date": date, "machine": platform.machine(), "cpus": os.cpu_count(), "python": platform.python_version(),
              "load_before": load_before, "load_after": os.getloadavg(), "start_policy": str(start),
              "policy": json.loads((start / "policy.json").read_text()), "steps": args.steps,
              "eval_limit": args.eval_limit, "summary": summary, "runs": runs}
    (out / f"rl_vs_sft-{date}.json").write_text(json.dumps(report, indent=2, default=str))
    print(json.dumps(summary, indent=2))
    print(f"written: {out / f'rl_vs_sft-{date}.json'}")


if __name__ == "__main__":
    main()
