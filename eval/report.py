"""Human-facing output of an evaluation: a before/after table and PNG plots."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any


def comparison_table(before: Mapping[str, Any], after: Mapping[str, Any]) -> str:
    """A Markdown table of every pass metric in ``before`` and ``after`` with the change."""
    keys = [k for k in before if k.startswith("pass@") or k == "greedy_accuracy"]
    lines = ["| metric | before | after | change |", "|---|---|---|---|"]
    for key in keys:
        b, a = before.get(key), after.get(key)
        if b is None or a is None:
            continue
        lines.append(f"| {key} | {b:.3f} | {a:.3f} | {a - b:+.3f} |")
    lines.append(f"\n{before.get('n_problems')} held-out problems x {before.get('n_samples')} samples each")
    return "\n".join(lines)


def plot_reward_curve(log_history: list[Mapping[str, Any]], path: str | Path) -> Path:
    """Save a PNG of the mean reward (and each reward's mean) against the training step."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [r for r in log_history if "reward" in r and "step" in r]
    fig, ax = plt.subplots(figsize=(7, 4))
    keys = ["reward"] + sorted({k for r in rows for k in r if k.startswith("rewards/") and k.endswith("/mean")})
    for key in keys:
        points = [(r["step"], r[key]) for r in rows if key in r]
        if points:
            ax.plot(*zip(*points), label=key.removeprefix("rewards/").removesuffix("/mean"), lw=1.5)
    ax.set_xlabel("GRPO step")
    ax.set_ylabel("mean reward")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path
