"""Before vs after on the same problems: paired per-prompt deltas of pass@k, pass^k and maj@k with bootstrap CIs,
and what they mean.

RL on verifiable rewards can raise pass@1 by *sharpening* (putting more probability on answers the model could already
reach, pass@k for large k flat or down) or by adding *new capability* (problems it could not solve in k tries
before; pass@k up). Pairing by prompt removes between-problem variance, so the intervals are much tighter than
comparing two independent means. Problems are matched by prompt hash; only problems present in both runs count.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from eval.bootstrap import bootstrap_ci
from eval.figures import figure
from eval.majority import maj_at_k
from eval.passk import is_rate, pass_at_k, pass_hat_k, rate_k
from rewards.errors import RlvrError

logger = logging.getLogger(__name__)

# A tool env's rates (`eval.tool_loop.ToolSampler.summary`) and how tables label them.
TOOL_ROWS = (("calls_per_rollout", "tool calls per rollout"), ("rollouts_with_calls", "rollouts with a tool call"),
             ("failure_rate", "failed calls / calls (TRL)"), ("tool_error_rate", "tool errors / calls"))


def load_pair(paths: list[str | Path]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(before, after)`` from two result files, or from one train.py ``results.json`` holding both.

    Raises:
        RlvrError: wrong number of files, or a file without per-prompt rows.
    """
    docs = [_read(Path(p)) for p in paths]
    if len(docs) == 1 and {"before", "after"} <= set(docs[0]):
        before, after = docs[0]["before"], docs[0]["after"]
    elif len(docs) == 2:
        before, after = (_saved_before(doc) for doc in docs)
    else:
        raise RlvrError("compare takes BEFORE.json AFTER.json (eval results, or train.py's before.json as BEFORE), "
                        f"or one train.py results.json; got {len(paths)} file(s).")
    return pair_results(before, after)


def pair_results(before: dict[str, Any], after: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(before, after)`` ready for `compare`: a mixed-task result gets all its tasks' per-prompt rows.

    Raises:
        RlvrError: a result without per-prompt rows.
    """
    pair = _with_task_rows(before), _with_task_rows(after)
    for name, doc in zip(("before", "after"), pair):
        if not doc.get("per_prompt"):
            raise RlvrError(f"The {name} result has no per-prompt rows ('per_prompt'), so it cannot be paired; "
                            "produce it with `python -m eval` or this version's train.py.")
    return pair


def _read(path: Path) -> dict[str, Any]:
    if not path.is_file():
        raise RlvrError(f"Result file {str(path)!r} does not exist; compare reads the result.json that "
                        "`python -m eval --out DIR` writes, or a train.py results.json.")
    try:
        doc = json.loads(path.read_text())
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RlvrError(f"Result file {str(path)!r} is not JSON ({e}); pass a result.json from `python -m eval` "
                        "or a train.py results.json.") from e
    if not isinstance(doc, dict):
        raise RlvrError(f"Result file {str(path)!r} holds a {type(doc).__name__}, not an eval result object.")
    return doc


def _saved_before(doc: dict[str, Any]) -> dict[str, Any]:
    """train.py's ``OUTPUT_DIR/before.json`` (the start model's evaluation, with what it was computed for) is its
    ``before`` result; any other document is a result itself."""
    if "per_prompt" not in doc and isinstance(doc.get("before"), dict) and "identity" in doc:
        return doc["before"]
    return doc


def _with_task_rows(doc: dict[str, Any]) -> dict[str, Any]:
    """A mixed-task result (``per_task``) gets the per-prompt rows of all its tasks, for pairing."""
    if doc.get("per_prompt") or not doc.get("per_task"):
        return doc
    return {**doc, "per_prompt": [row for task in doc["per_task"].values() for row in task.get("per_prompt", [])]}


def compare(before: Mapping[str, Any], after: Mapping[str, Any], *, confidence: float = 0.95,
            n_bootstrap: int = 2000, seed: int = 0) -> dict[str, Any]:
    """Paired deltas (after - before) of pass@k, pass^k and (when both runs' rows carry votes) maj@k for every k
    both runs support, greedy accuracy, and a verdict (from pass@1 and pass@max_k).

    Returns:
        ``{"metrics": [{"metric", "before", "after", "delta", "ci"}...], "verdict": str, "n_paired": int,
        "curves": {"k": [...], "before": [...], "after": [...]}, ...}``.

    Raises:
        RlvrError: the two runs share no problem.
    """
    rows_b = {r["key"]: r for r in before["per_prompt"]}
    rows_a = {r["key"]: r for r in after["per_prompt"]}
    keys = [k for k in rows_b if k in rows_a]
    if not keys:
        raise RlvrError("The two results share no problem (prompt hashes differ): were they run on the same env "
                        "and split?")
    if len(keys) < max(len(rows_b), len(rows_a)):
        logger.warning("Pairing %d problems; before has %d, after %d", len(keys), len(rows_b), len(rows_a))
    max_k = min(min(rows_b[k]["n"] for k in keys), min(rows_a[k]["n"] for k in keys))
    asked = {rate_k(name) for doc in (before, after) for name in doc if is_rate(name)}
    ks = sorted({1, max_k} | {k for k in asked if k <= max_k})
    boot = dict(confidence=confidence, n_resamples=n_bootstrap, seed=seed)
    metrics = []
    for k in ks:
        b = [pass_at_k(rows_b[key]["n"], rows_b[key]["correct"], k) for key in keys]
        a = [pass_at_k(rows_a[key]["n"], rows_a[key]["correct"], k) for key in keys]
        metrics.append(_paired(f"pass@{k}", b, a, boot))
    metrics += _paired_rates(rows_b, rows_a, keys, ks, boot)
    if all(rows_b[k].get("greedy_correct") is not None and rows_a[k].get("greedy_correct") is not None for k in keys):
        metrics.append(_paired("greedy_accuracy", [float(rows_b[k]["greedy_correct"]) for k in keys],
                               [float(rows_a[k]["greedy_correct"]) for k in keys], boot))
    curve_ks = sorted({1, max_k} | {2**i for i in range(max_k.bit_length()) if 2**i <= max_k})
    curves = {"k": curve_ks}
    for name, rows in (("before", rows_b), ("after", rows_a)):
        curves[name] = [sum(pass_at_k(rows[key]["n"], rows[key]["correct"], k) for key in keys) / len(keys)
                        for k in curve_ks]
    report = {"metrics": metrics, "verdict": verdict(metrics[0], metrics[len(ks) - 1]), "n_paired": len(keys),
              "n_before": len(rows_b), "n_after": len(rows_a), "confidence": confidence, "curves": curves}
    if before.get("without_tools", {}).get("per_prompt") and after.get("without_tools", {}).get("per_prompt"):
        withheld = compare(before["without_tools"], after["without_tools"], confidence=confidence,
                           n_bootstrap=n_bootstrap, seed=seed)
        report["without_tools"] = {"metrics": withheld["metrics"], "n_paired": withheld["n_paired"]}
    if "tools" in before and "tools" in after:  # rates over rollouts, not per problem: shown side by side, unpaired
        report["tools"] = [{"metric": key, "label": label, "before": before["tools"].get(key),
                            "after": after["tools"].get(key)} for key, label in TOOL_ROWS]
    return report


def _paired_rates(rows_b: Mapping[str, Any], rows_a: Mapping[str, Any], keys: list[str], ks: list[int],
                  boot: dict[str, Any]) -> list[dict[str, Any]]:
    """Paired pass^k for every k, then maj@k when both runs' rows carry their votes (`eval.majority`)."""
    metrics = []
    for k in ks:
        b = [pass_hat_k(rows_b[key]["n"], rows_b[key]["correct"], k) for key in keys]
        a = [pass_hat_k(rows_a[key]["n"], rows_a[key]["correct"], k) for key in keys]
        metrics.append(_paired(f"pass^{k}", b, a, boot))
    if all("votes" in rows_b[key] and "votes" in rows_a[key] for key in keys):
        metrics += [_paired(f"maj@{k}", [maj_at_k(rows_b[key]["votes"], k) for key in keys],
                            [maj_at_k(rows_a[key]["votes"], k) for key in keys], boot) for k in ks]
    return metrics


def _paired(name: str, before: list[float], after: list[float], boot: dict[str, Any]) -> dict[str, Any]:
    deltas = [a - b for a, b in zip(after, before)]
    return {"metric": name, "before": sum(before) / len(before), "after": sum(after) / len(after),
            "delta": sum(deltas) / len(deltas), "ci": list(bootstrap_ci(deltas, **boot))}


def verdict(pass1: Mapping[str, Any], pass_k: Mapping[str, Any]) -> str:
    """One line telling sharpening (pass@1 up, pass@k flat) from new capability (pass@k up), from paired CIs."""
    up1, down1 = pass1["ci"][0] > 0, pass1["ci"][1] < 0
    upk, downk = pass_k["ci"][0] > 0, pass_k["ci"][1] < 0
    d1 = f"{pass1['metric']} {pass1['delta']:+.3f} [{pass1['ci'][0]:+.3f}, {pass1['ci'][1]:+.3f}]"
    dk = f"{pass_k['metric']} {pass_k['delta']:+.3f} [{pass_k['ci'][0]:+.3f}, {pass_k['ci'][1]:+.3f}]"
    if pass_k["metric"] == pass1["metric"]:
        return f"cannot tell sharpening from new capability with 1 sample per problem ({d1}); draw n > 1."
    if upk:
        return (f"new capability: {dk} - the model now solves problems it did not solve in "
                f"{pass_k['metric'][5:]} tries before ({d1}).")
    if up1 and downk:
        return f"sharpening with narrowing: {d1} but {dk} - more reliable on fewer problems."
    if up1:
        return f"sharpening: {d1} while {dk} is flat - it picks answers it could already reach more often."
    if down1 or downk:
        return f"regression: {d1}, {dk}."
    return f"no clear change: {d1}, {dk} (both intervals include 0)."


def comparison_markdown(report: Mapping[str, Any]) -> str:
    """The comparison as a Markdown table plus the verdict line; for a tool env also the metrics with the tools
    withheld (``without_tools``) and the tool rates (``tools``)."""
    level = f"{report['confidence']:.0%}"
    lines = [f"| metric | before | after | paired change | {level} CI |", "|---|---|---|---|---|"]
    tools = report.get("tools") is not None
    groups = [(" with tools" if tools else "", report["metrics"]),
              (" without tools", report.get("without_tools", {}).get("metrics", []))]
    for suffix, metrics in groups:
        lines += [f"| {m['metric']}{suffix} | {m['before']:.3f} | {m['after']:.3f} | {m['delta']:+.3f} | "
                  f"[{m['ci'][0]:+.3f}, {m['ci'][1]:+.3f}] |" for m in metrics]
    lines += [f"| {row['label']} | {row['before']:.3f} | {row['after']:.3f} | {row['after'] - row['before']:+.3f} | "
              "rollout rate, unpaired |" for row in report.get("tools") or []
              if row["before"] is not None and row["after"] is not None]
    lines.append(f"\n{report['n_paired']} paired problems. **{report['verdict']}**")
    if "without_tools" in report:
        lines[-1] += " 'Without tools': the same model and problems, prompted with no tools and judged the same."
    return "\n".join(lines)


def plot_pass_at_k(report: Mapping[str, Any], path: str | Path) -> Path:
    """Save a PNG of pass@k against k (log scale) before and after."""
    curves = report["curves"]
    with figure(path, (6, 4)) as ax:
        for name, style in (("before", "o--"), ("after", "o-")):
            ax.plot(curves["k"], curves[name], style, label=name, lw=1.5)
        ax.set_xscale("log", base=2)
        ax.set_xticks(curves["k"], [str(k) for k in curves["k"]])
        ax.set_ylim(0, 1.02)
        ax.set_xlabel("k (samples per problem)")
        ax.set_ylabel("pass@k")
        ax.set_title(f"pass@k on {report['n_paired']} paired problems", fontsize=10)
    return Path(path)
