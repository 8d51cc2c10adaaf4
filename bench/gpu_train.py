"""A larger from-scratch policy on a harder procedural task, trained with GRPO through train.py on one GPU.

Builds (or loads) an embedded policy larger than the default (`TinyPolicyConfig` sized by the flags below), warm-starts
it with SFT on the env, then runs ``train.main`` with ``--model`` pointing at it, so the before/after report is the
eval harness's own. Extra arguments after ``--`` go to train.py unchanged.

    python bench/gpu_train.py --out outputs/gpu_train -- --max_steps 250 --learning_rate 5e-5
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")


def parse(argv: list[str] | None = None) -> tuple[argparse.Namespace, list[str]]:
    """This script's flags, and the ones passed through to train.py."""
    argv = list(sys.argv[1:] if argv is None else argv)
    passthrough = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[: argv.index("--")] if "--" in argv else argv
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--env_kwargs", nargs="+", default=["digits=3", "operators=+-", "n_train=50000"])
    ap.add_argument("--hidden", type=int, default=512)
    ap.add_argument("--layers", type=int, default=8)
    ap.add_argument("--heads", type=int, default=8)
    ap.add_argument("--ffn", type=int, default=2048)
    ap.add_argument("--sft_batch_size", type=int, default=256)
    ap.add_argument("--sft_max_steps", type=int, default=3000)
    ap.add_argument("--target_accuracy", type=float, default=0.3)
    ap.add_argument("--check_every", type=int, default=25)
    ap.add_argument("--out", type=Path, default=Path("outputs/gpu_train"))
    return ap.parse_args(argv), passthrough


def main(argv: list[str] | None = None) -> dict:
    """Build the larger policy, train it with GRPO via train.py, and write ``OUT/summary.json``."""
    import envs
    import train
    from eval.policy import TinyPolicyConfig, build_or_load

    a, passthrough = parse(argv)
    env_kwargs = train.envs.parse_kwargs(a.env_kwargs)
    env = envs.make("arithmetic", **env_kwargs)
    config = TinyPolicyConfig(hidden_size=a.hidden, layers=a.layers, heads=a.heads, ffn_size=a.ffn,
                              sft_batch_size=a.sft_batch_size, sft_max_steps=a.sft_max_steps,
                              target_accuracy=a.target_accuracy, check_every=a.check_every)
    started = time.time()
    path = build_or_load(env, config)
    policy = json.loads((path / "policy.json").read_text())
    print(f"policy {path}: {policy['n_parameters'] / 1e6:.1f}M parameters, warm start {policy['sft_steps']} steps in "
          f"{policy['sft_seconds']:.0f}s, validation greedy accuracy {policy['validation_greedy_accuracy']:.3f}",
          flush=True)
    build_seconds = time.time() - started
    results = train.main(["--env", "arithmetic", "--env_kwargs", *a.env_kwargs, "--model", str(path),
                          "--output_dir", str(a.out), *passthrough])
    summary = {"policy": policy, "policy_build_seconds": build_seconds, "before": results["before"],
               "after": results["after"], "train_seconds": results["train_seconds"],
               "wall_seconds": results["wall_seconds"], "train_args": passthrough, "env": results["env"]}
    (a.out / "summary.json").write_text(json.dumps(summary, indent=2, default=str))
    return summary


if __name__ == "__main__":
    main()
