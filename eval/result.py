"""What an evaluation produces: pass rates with confidence intervals, reward statuses, GRPO signal, per-prompt rows."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eval.passk import is_rate
from eval.provenance import write_json_atomic
from rewards.protocol import LOGGED_STATUSES


@dataclass
class EvalResult:
    """Pass rates of one model on one env split, with everything needed to compare it to another run.

    ``per_prompt`` holds one row per problem (``key``, ``n``, ``correct``, ``greedy_correct``, ``rewards`` ...), which
    is what paired before/after comparisons (`eval.compare`) are computed from; its ``n`` counts the samples the
    judge scored, less its ``unscorable`` ones (not judged through no fault of their own: left out of pass@k).
    ``unscorable``: those completions in all (greedy ones included), and per metric the problems left out of it for
    having fewer than k scored samples (``pass@k`` is ``None`` when none is left).
    """

    pass_at_k: dict[int, float | None]
    greedy_accuracy: float | None
    n_problems: int
    n_samples: int
    status_counts: dict[str, int] = field(default_factory=dict)
    ci: dict[str, tuple[float, float]] = field(default_factory=dict)
    confidence: float = 0.95
    status_rates: dict[str, dict[str, float]] = field(default_factory=dict)
    mean_completion_tokens: float | None = None
    zero_std_fraction: dict[int, float] = field(default_factory=dict)
    group_size: int | None = None
    per_prompt: list[dict[str, Any]] = field(default_factory=list)
    generation: dict[str, int] = field(default_factory=dict)
    provenance: dict[str, Any] = field(default_factory=dict)
    clipped_rate: float | None = None  # sampled completions cut off at max_new_tokens (`eval.settings.clipped`)
    max_new_tokens: int | None = None
    tools: dict[str, float] | None = None  # a tool env's rates (`eval.tool_loop.ToolSampler.summary`)
    rates: dict[str, float] = field(default_factory=dict)  # pass^k and maj@k by key (`eval.harness.k_rates`)
    unscorable: dict[str, Any] = field(default_factory=dict)  # completions not judged, problems left out per metric
    mean_reward: float | None = None  # of the sampled completions, the rewards weighted and summed as GRPO does

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``pass@k`` keys, greedy accuracy, sizes, CIs, statuses, GRPO signal and per-prompt rows."""
        signal = self.zero_std_fraction.get(self.group_size) if self.group_size else None
        return {
            **{f"pass@{k}": v for k, v in self.pass_at_k.items()},
            **self.rates,
            "greedy_accuracy": self.greedy_accuracy,
            "mean_reward": self.mean_reward,
            "n_problems": self.n_problems,
            "n_samples": self.n_samples,
            "status_counts": self.status_counts,
            "ci": {name: list(bounds) for name, bounds in self.ci.items()},
            "confidence": self.confidence,
            "status_rates": self.status_rates,
            "mean_completion_tokens": self.mean_completion_tokens,
            "clipped_rate": self.clipped_rate,
            "max_new_tokens": self.max_new_tokens,
            "grpo_signal": {"group_size": self.group_size, "zero_std_fraction": signal,
                            "by_group_size": {str(g): f for g, f in self.zero_std_fraction.items()}},
            "generation": self.generation,
            "unscorable": self.unscorable,
            "provenance": self.provenance,
            "per_prompt": self.per_prompt,
            **({"tools": self.tools} if self.tools is not None else {}),
        }

    def save(self, path: str | Path) -> Path:
        """Write the JSON form to ``path`` atomically."""
        return write_json_atomic(path, self.to_dict())


def summary_table(result: dict[str, Any]) -> str:
    """A Markdown table of one result: pass@k, pass^k, maj@k and greedy accuracy with CIs, then statuses, length
    and GRPO signal."""
    level = f"{result.get('confidence', 0.95):.0%}"
    lines = [f"| metric | value | {level} CI |", "|---|---|---|"]
    for key in [k for k in result if is_rate(k)] + ["greedy_accuracy"]:
        if result.get(key) is None:
            continue
        low, high = result.get("ci", {}).get(key, (float("nan"), float("nan")))
        lines.append(f"| {key} | {result[key]:.3f} | [{low:.3f}, {high:.3f}] |")
    if result.get("mean_reward") is not None:
        lines.append(f"| mean reward | {result['mean_reward']:.3f} | |")
    for reward, rates in result.get("status_rates", {}).items():
        shown = ", ".join(f"{s} {rates.get(s, 0.0):.1%}" for s in (status.value for status in LOGGED_STATUSES))
        lines.append(f"| {reward} statuses | {shown} | |")
    if result.get("mean_completion_tokens") is not None:
        lines.append(f"| mean completion tokens | {result['mean_completion_tokens']:.1f} | |")
    if result.get("clipped_rate") is not None:
        lines.append(f"| clipped at max new tokens {result.get('max_new_tokens')} | {result['clipped_rate']:.1%} | |")
    signal = result.get("grpo_signal", {})
    if signal.get("zero_std_fraction") is not None:
        lines.append(f"| zero-std groups at G={signal['group_size']} | {signal['zero_std_fraction']:.1%} | |")
    left_out = result.get("unscorable") or {}
    if left_out.get("completions"):
        per_metric = ", ".join(f"{m} {c}" for m, c in left_out.get("problems_left_out", {}).items() if c)
        lines.append(f"| not judged (unscorable, left out) | {left_out['completions']} completions"
                     f"{'; problems left out: ' + per_metric if per_metric else ''} | |")
    lines.append(f"\n{result.get('n_problems')} problems x {result.get('n_samples')} samples each")
    return "\n".join(lines)
