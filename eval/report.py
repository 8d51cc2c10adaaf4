"""Human-facing output of an evaluation: a before/after table and PNG plots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

TOOL_ROWS = (("calls_per_rollout", "tool calls per rollout"), ("rollouts_with_calls", "rollouts with a tool call"),
             ("failure_rate", "failed calls / calls (TRL)"), ("tool_error_rate", "tool errors / calls"))


def comparison_table(before: Mapping[str, Any], after: Mapping[str, Any]) -> str:
    """A Markdown table of every pass metric in ``before`` and ``after`` with the change; for a tool env also the
    same metrics with the tools withheld (``without_tools``) and the tool rates (``tools``)."""
    keys = [k for k in before if k.startswith("pass@") or k == "greedy_accuracy"]
    tools = "tools" in before
    lines = ["| metric | before | after | change |", "|---|---|---|---|"]
    rows = [(f"{k} with tools" if tools else k, before.get(k), after.get(k)) for k in keys]
    plain_before, plain_after = before.get("without_tools"), after.get("without_tools")
    if plain_before and plain_after:
        rows += [(f"{k} without tools", plain_before.get(k), plain_after.get(k)) for k in keys]
    if tools and "tools" in after:
        rows += [(label, before["tools"].get(key), after["tools"].get(key)) for key, label in TOOL_ROWS]
    rows.append((f"clipped at max new tokens {after.get('max_new_tokens')}", before.get("clipped_rate"),
                 after.get("clipped_rate")))
    for label, b, a in rows:
        if b is None or a is None:
            continue
        lines.append(f"| {label} | {b:.3f} | {a:.3f} | {a - b:+.3f} |")
    lines.append(f"\n{before.get('n_problems')} held-out problems x {before.get('n_samples')} samples each")
    if plain_before and plain_after:
        lines[-1] += "; 'without tools': the same model and problems, prompted with no tools and judged the same"
    return "\n".join(lines)


def plot_reward_curve(log_history: Sequence[Mapping[str, Any]], path: str | Path) -> Path:
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
