"""Human-facing output of an evaluation and of a training run: before/after tables, the paired verdict, PNG plots,
and the files train.py writes (``results.json``, ``reward_curve.png``)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from eval.compare import TOOL_ROWS, compare, pair_results
from eval.figures import figure
from eval.grpo_signal import grpo_signal_message
from eval.passk import is_rate

RESULTS_FILE, CURVE_FILE, MODEL_DIR = "results.json", "reward_curve.png", "model"  # in a train.py run's --output_dir


def comparison_table(before: Mapping[str, Any], after: Mapping[str, Any]) -> str:
    """A Markdown table of every pass metric in ``before`` and ``after`` with the change; for a tool env also the
    same metrics with the tools withheld (``without_tools``) and the tool rates (``tools``)."""
    keys = [k for k in before if is_rate(k) or k == "greedy_accuracy"]
    tools = "tools" in before
    lines = ["| metric | before | after | change |", "|---|---|---|---|"]
    rows = [(f"{k} with tools" if tools else k, before.get(k), after.get(k)) for k in keys]
    plain_before, plain_after = before.get("without_tools"), after.get("without_tools")
    if plain_before and plain_after:
        rows += [(f"{k} without tools", plain_before.get(k), plain_after.get(k)) for k in keys]
    if tools and "tools" in after:
        rows += [(label, before["tools"].get(key), after["tools"].get(key)) for key, label in TOOL_ROWS]
    budget = after.get("max_new_tokens")  # none when a mixture's tasks had different budgets
    rows.append((f"clipped at max new tokens {budget}" if budget else "clipped at the token budget",
                 before.get("clipped_rate"), after.get("clipped_rate")))
    for label, b, a in rows:
        if b is None or a is None:
            continue
        lines.append(f"| {label} | {b:.3f} | {a:.3f} | {a - b:+.3f} |")
    lines.append(f"\n{before.get('n_problems')} held-out problems x {before.get('n_samples')} samples each")
    if plain_before and plain_after:
        lines[-1] += "; 'without tools': the same model and problems, prompted with no tools and judged the same"
    return "\n".join(lines)


HELDOUT_PASS = "heldout/pass@1"  # logged by train.py --eval_every (training/heldout.py)


def curve_series(log_history: Sequence[Mapping[str, Any]]) -> dict[str, list[tuple[int, float]]]:
    """The (step, value) points of the reward curve: the mean reward, each reward's mean, and the held-out pass@1
    measured during training (``heldout/pass@1``, train.py ``--eval_every``) where the run logged it.

    >>> curve_series([{"step": 5, "reward": 0.25, "rewards/math_exact/mean": 0.25, "heldout/pass@1": 0.5}])
    {'reward': [(5, 0.25)], 'math_exact': [(5, 0.25)], 'held-out pass@1': [(5, 0.5)]}
    """
    rows = [r for r in log_history if "step" in r]
    trained = [r for r in rows if "reward" in r]
    keys = ["reward"] + sorted({k for r in trained for k in r if k.startswith("rewards/") and k.endswith("/mean")})
    series = {key.removeprefix("rewards/").removesuffix("/mean"): [(r["step"], r[key]) for r in trained if key in r]
              for key in keys}
    series["held-out pass@1"] = [(r["step"], r[HELDOUT_PASS]) for r in rows if r.get(HELDOUT_PASS) is not None]
    return {label: points for label, points in series.items() if points}


def plot_reward_curve(log_history: Sequence[Mapping[str, Any]], path: str | Path) -> Path:
    """Save a PNG of the mean reward (and each reward's mean) against the training step, with the held-out pass@1
    measured during training as marked points when the run logged it (`curve_series`)."""
    series = curve_series(log_history)
    with figure(path) as ax:
        for label, points in series.items():
            held_out = label == "held-out pass@1"
            ax.plot(*zip(*points), label=label, lw=1.5, marker="o" if held_out else None,
                    ls="--" if held_out else "-")
        ax.set_xlabel("GRPO step")
        ax.set_ylabel("mean reward / held-out pass@1" if "held-out pass@1" in series else "mean reward")
    return Path(path)


def before_summary(before: Mapping[str, Any], group_size: int) -> str:
    """The lines train.py prints once the start model is evaluated: pass@1 and greedy accuracy (for a tool env also
    pass@1 with the tools withheld) and the GRPO signal they predict for groups of ``group_size``."""
    lines = [f"before: pass@1 {before['pass@1']:.3f}, greedy {before['greedy_accuracy']:.3f}"]
    if "without_tools" in before:
        lines.append(f"before, tools withheld: pass@1 {before['without_tools']['pass@1']:.3f}")
    lines.append(grpo_signal_message(before, group_size))
    return "\n".join(lines)


def save_results(results: Mapping[str, Any], out: Path) -> None:
    """Write a training run's ``results.json`` and the reward curve of its ``log_history`` into ``out``."""
    (out / RESULTS_FILE).write_text(json.dumps(results, indent=2, default=str))
    plot_reward_curve(results["log_history"], out / CURVE_FILE)


def run_summary(results: Mapping[str, Any], out: Path) -> str:
    """What train.py prints at the end: the before/after table (then one per task of a mixture, each with its
    paired verdict), where the files are, and last the run's paired verdict (`eval.compare`)."""
    before, after = results["before"], results["after"]
    lines = [comparison_table(before, after)]
    for task, task_before in before.get("per_task", {}).items():
        task_after = after["per_task"][task]
        lines += [f"\n{task}\n{comparison_table(task_before, task_after)}", verdict_line(task_before, task_after, task)]
    lines.append(f"results: {out / RESULTS_FILE} | reward curve: {out / CURVE_FILE} | "
                 f"wall {results['wall_seconds']:.0f}s")
    if (audit := results.get("verifier_audit")) is not None:
        lines.append(audit_line(audit))
    lines.append(verdict_line(before, after))
    return "\n".join(lines)


def audit_line(audit: Mapping[str, Any]) -> str:
    """train.py ``--verifier_audit``'s estimate of its main verifier's error rates, with Wilson intervals (and, for a
    run that records them, their confidence and the batches audited and skipped).

    >>> audit_line({"reward": "m", "second_judge": "mv", "passes": 10, "fails": 0, "false_positive_rate": 0.1,
    ...             "false_positive_rate_low": 0.02, "false_positive_rate_high": 0.4, "false_negative_rate": None})
    'verifier audit of m against mv: false positives 0.100 [0.020, 0.400] of 10 passes, false negatives - of 0 fails'
    >>> audit_line({"reward": "m", "second_judge": "mv", "passes": 0, "fails": 0, "confidence": 0.95, "unjudged": 1,
    ...             "audited_batches": 3, "skipped_batches": 1}).partition(" (")[2]
    '95% Wilson intervals; 3 of 4 batches audited; unjudged: 1)'
    """
    parts = []
    for rate, label, total in (("false_positive_rate", "false positives", "passes"),
                               ("false_negative_rate", "false negatives", "fails")):
        value = audit.get(rate)
        shown = "-" if value is None else f"{value:.3f} [{audit[rate + '_low']:.3f}, {audit[rate + '_high']:.3f}]"
        parts.append(f"{label} {shown} of {audit[total]} {total}")
    line = f"verifier audit of {audit['reward']} against {audit['second_judge']}: " + ", ".join(parts)
    if "audited_batches" in audit:
        done, skipped = audit["audited_batches"], audit["skipped_batches"]
        line += (f" ({audit['confidence']:.0%} Wilson intervals; {done} of {done + skipped} batches audited; "
                 f"unjudged: {audit['unjudged']})")
    return line


def verdict_line(before: dict[str, Any], after: dict[str, Any], task: str | None = None) -> str:
    """`eval.compare`'s verdict on ``before`` and ``after`` (paired by problem) as one line, named by ``task``."""
    report = compare(*pair_results(before, after))
    where = f"{task}, " if task else ""
    return f"paired verdict ({where}{report['n_paired']} problems): {report['verdict']}"
