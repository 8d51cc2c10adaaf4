"""Re-judge a run's saved rollouts (`eval.rollouts`) with today's reward, or another one, and report what flips.

After a verifier fix, the question is what the old verifier got wrong while it trained: which completions it paid
that the fixed one does not (right -> wrong: reward the policy was wrongly given) and which it refused that the fixed
one pays (wrong -> right: signal lost). A lost pass matters most where it silenced a whole group: a GRPO group whose
rewards were all equal gave no gradient, and ``groups_gaining_signal`` counts the groups that the new verdicts
split. Flips are counted by status change, by step and by task (the ``task`` column of a mixture), with examples.

A completion saved cut at `eval.rollouts.MAX_TEXT` characters, or whose dataset columns were too long to save, is
not re-judged (counted as ``skipped``); neither is a row one of the two rewards cannot score (``None``).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from eval.figures import figure
from eval.rollouts import eval_label, eval_task, saved_files
from rewards.errors import RlvrError
from rewards.protocol import Reward, RewardFn, Verdict, as_verdict, passes

EXAMPLES = 5  # examples kept per flip direction
WRONG_TO_RIGHT, RIGHT_TO_WRONG = "wrong->right", "right->wrong"


def rescore(run: str | Path, reward: RewardFn, against: str | None = None) -> dict[str, Any]:
    """Re-judge every saved rollout of ``run`` with ``reward``, against the saved verdicts of the reward named
    ``against`` (default: the saved reward of ``reward``'s name, else the run's first reward); and the same for the
    run's saved eval samples (`eval.rollouts.EVAL_FOLDER`), under ``eval``.

    Returns:
        ``{"reward", "against", "n_rows", "rejudged", "skipped", "flips": {direction: count}, "by_status",
        "by_step", "by_task", "examples", "groups_gaining_signal", "groups_losing_signal"}``, and where the run
        saved eval samples ``"eval"``: the same for them, with ``by_eval`` (per evaluation: its step, the flips
        and the pass rate as saved and as re-judged) in place of ``by_step``.

    Raises:
        RlvrError: the run saved neither rollouts nor eval samples, or none by the reward named ``against``.
    """
    name = getattr(reward, "__name__", "reward")
    shards, samples = saved_files(run)
    report = _rejudge(shards, reward, name, against)
    if samples:
        report["eval"] = _rejudge(samples, reward, name, against, evaluations=True)
    if report["against"] is None and report.get("eval", {}).get("against") is None:
        raise RlvrError(f"The files under {str(run)!r} hold no rows to re-judge.")
    return report


def _rejudge(files: Sequence[Path], reward: RewardFn, name: str, against: str | None,
             evaluations: bool = False) -> dict[str, Any]:
    """One report over saved files: training shards by step, or (``evaluations``) eval files by evaluation."""
    import pyarrow.parquet as pq

    report = _empty(name)
    by_eval: dict[str, dict[str, Any]] = {}
    for path in files:
        rows = pq.read_table(path).to_pylist()
        if not rows:
            continue
        column = _column(rows[0]["reward_names"], against or name, against is None)
        report["against"] = rows[0]["reward_names"][column]
        judged = [r for r in rows if not r["truncated"] and r["columns"] is not None]
        report["n_rows"] += len(rows)
        report["skipped"] += len(rows) - len(judged)
        counts = _tally(report, judged, _judge(reward, judged), column, eval_task(path) if evaluations else None)
        if evaluations:
            _add_eval(by_eval, eval_label(path), rows[0]["step"], counts)
    report["by_step"] = [{"step": s, **c} for s, c in sorted(report["by_step"].items())]
    report["by_task"] = dict(report["by_task"])
    report["by_status"] = {f"{a}->{b}": n for (a, b), n in report["by_status"].most_common()}
    if evaluations:
        del report["by_step"]
        report["by_eval"] = by_eval
    return report


def _add_eval(by_eval: dict[str, dict[str, Any]], label: str, step: int, counts: Mapping[str, int]) -> None:
    """Add one eval file's counts to its evaluation's (a mixture's tasks are files of one evaluation)."""
    entry = by_eval.setdefault(label, {"step": step, "rejudged": 0, WRONG_TO_RIGHT: 0, RIGHT_TO_WRONG: 0,
                                       "passed_saved": 0, "passed_now": 0})
    for key, n in counts.items():
        entry[key] += n
    entry["pass_rate_saved"] = entry["passed_saved"] / entry["rejudged"] if entry["rejudged"] else None
    entry["pass_rate_now"] = entry["passed_now"] / entry["rejudged"] if entry["rejudged"] else None


def _empty(name: str) -> dict[str, Any]:
    return {"reward": name, "against": None, "n_rows": 0, "rejudged": 0, "skipped": 0,
            "flips": {WRONG_TO_RIGHT: 0, RIGHT_TO_WRONG: 0}, "by_status": Counter(),
            "by_step": defaultdict(lambda: {"rejudged": 0, WRONG_TO_RIGHT: 0, RIGHT_TO_WRONG: 0,
                                            "groups_gaining_signal": 0, "groups_losing_signal": 0}),
            "by_task": defaultdict(lambda: {"rejudged": 0, WRONG_TO_RIGHT: 0, RIGHT_TO_WRONG: 0}),
            "examples": {WRONG_TO_RIGHT: [], RIGHT_TO_WRONG: []},
            "groups_gaining_signal": 0, "groups_losing_signal": 0}


def _column(names: Sequence[str], wanted: str, fall_back: bool) -> int:
    if wanted in names:
        return list(names).index(wanted)
    if fall_back:
        return 0
    raise RlvrError(f"The saved rollouts have no reward {wanted!r} to compare against; they hold {list(names)}. "
                    "Pass one of those to --against.")


def _judge(reward: RewardFn, rows: list[dict[str, Any]]) -> list[Verdict | None]:
    """``reward``'s verdicts on saved rows, called as GRPOTrainer calls it (prompts, completions, ids, columns)."""
    if not rows:
        return []
    columns = [json.loads(r["columns"]) for r in rows]
    keys = list(dict.fromkeys(k for c in columns for k in c))
    kwargs = {k: [c.get(k) for c in columns] for k in keys}
    prompts = [_load(r["prompt_messages"], r["prompt"]) for r in rows]
    completions = [_load(r["completion_messages"], r["completion"]) for r in rows]
    ids = [r["completion_ids"] for r in rows]
    if isinstance(reward, Reward):
        return reward.verdicts(completions, prompts=prompts, completion_ids=ids, **kwargs)
    values = reward(completions=completions, prompts=prompts, completion_ids=ids, **kwargs)
    return [as_verdict(v) for v in values]


def _load(messages: str | None, text: str) -> Any:
    return text if messages is None else json.loads(messages)


def _tally(report: dict[str, Any], rows: list[dict[str, Any]], verdicts: list[Verdict | None], column: int,
           task_name: str | None = None) -> dict[str, int]:
    """Add one file's comparisons to ``report`` (``task_name``: its rows' task, else each row's ``task`` column);
    groups are compared whole, by their re-judged members. Returns the file's own counts: re-judged, flips each
    way, and passes as saved and now."""
    counts = {"rejudged": 0, WRONG_TO_RIGHT: 0, RIGHT_TO_WRONG: 0, "passed_saved": 0, "passed_now": 0}
    groups: dict[tuple[int, int, int, int], list[tuple[float, float]]] = defaultdict(list)
    for row, new in zip(rows, verdicts, strict=True):
        old_score, old_status = row["rewards"][column], row["statuses"][column]
        if old_score is None or new is None or new.score is None:  # not judged then, or not judgeable now
            report["skipped"] += 1
            continue
        report["rejudged"] += 1
        counts["rejudged"] += 1
        counts["passed_saved"] += passes(old_score)
        counts["passed_now"] += passes(new.score)
        step, task = report["by_step"][row["step"]], report["by_task"][task_name or _task(row)]
        step["rejudged"] += 1
        task["rejudged"] += 1
        groups[(row["step"], row["round"], row["rank"], row["group"])].append((old_score, new.score))
        if old_status != new.status.value:
            report["by_status"][(old_status or "unknown", new.status.value)] += 1
        if passes(old_score) == passes(new.score):
            continue
        direction = WRONG_TO_RIGHT if passes(new.score) else RIGHT_TO_WRONG
        for tally in (report["flips"], step, task, counts):
            tally[direction] += 1
        if len(report["examples"][direction]) < EXAMPLES:
            report["examples"][direction].append(_example(row, column, new))
    for (step_no, *_), scores in groups.items():
        old_flat, new_flat = len({o for o, _ in scores}) == 1, len({n for _, n in scores}) == 1
        if len(scores) > 1 and old_flat != new_flat:
            key = "groups_gaining_signal" if old_flat else "groups_losing_signal"
            report[key] += 1
            report["by_step"][step_no][key] += 1
    return counts


def _task(row: Mapping[str, Any]) -> str:
    task = json.loads(row["columns"]).get("task")
    return str(task) if task is not None else "all"


def _example(row: Mapping[str, Any], column: int, new: Verdict) -> dict[str, Any]:
    return {"step": row["step"], "group": row["group"], "prompt": row["prompt"][-300:],
            "completion": row["completion"][-500:],
            "before": {"score": row["rewards"][column], "status": row["statuses"][column],
                       "detail": row["details"][column]},
            "after": {"score": new.score, "status": new.status.value, "detail": new.detail[:300]}}


def rescore_markdown(report: Mapping[str, Any]) -> str:
    """The re-score as Markdown: the totals, flips by status change, by step and by task, then examples; then the
    same for the run's eval samples, by evaluation with its pass rate as saved and now."""
    lines = _training_markdown(report) if report["against"] is not None else []
    if "eval" in report:
        lines += ([""] if lines else []) + _eval_markdown(report["eval"])
    return "\n".join(lines)


def _training_markdown(report: Mapping[str, Any]) -> list[str]:
    flips = report["flips"]
    lines = [f"Re-judged {report['rejudged']} of {report['n_rows']} saved completions with {report['reward']} "
             f"(against the saved {report['against']}; {report['skipped']} not re-judged).",
             f"{flips[WRONG_TO_RIGHT]} wrong->right (reward the policy earned and did not get), "
             f"{flips[RIGHT_TO_WRONG]} right->wrong (reward it was wrongly given); "
             f"{report['groups_gaining_signal']} zero-std groups (no gradient) would have carried signal, "
             f"{report['groups_losing_signal']} groups with signal would have had none.", ""]
    lines += _status_table(report)
    lines += ["", f"| step | re-judged | {WRONG_TO_RIGHT} | {RIGHT_TO_WRONG} | groups gaining signal |",
              "|---|---|---|---|---|"]
    lines += [f"| {s['step']} | {s['rejudged']} | {s[WRONG_TO_RIGHT]} | {s[RIGHT_TO_WRONG]} | "
              f"{s['groups_gaining_signal']} |" for s in report["by_step"] if s[WRONG_TO_RIGHT] or s[RIGHT_TO_WRONG]
              ] or ["| no step has a flip | | | | |"]
    return lines + _task_table(report) + _examples(report, "at step")


def _eval_markdown(report: Mapping[str, Any]) -> list[str]:
    flips = report["flips"]
    lines = [f"Eval samples: re-judged {report['rejudged']} of {report['n_rows']} saved completions with "
             f"{report['reward']} (against the saved {report['against']}; {report['skipped']} not re-judged).",
             f"{flips[WRONG_TO_RIGHT]} wrong->right (passes the saved evaluation missed), {flips[RIGHT_TO_WRONG]} "
             "right->wrong (passes it wrongly counted).", "",
             f"| evaluation | step | re-judged | {WRONG_TO_RIGHT} | {RIGHT_TO_WRONG} | pass rate saved | "
             "pass rate now |", "|---|---|---|---|---|---|---|"]
    lines += [f"| {label} | {e['step']} | {e['rejudged']} | {e[WRONG_TO_RIGHT]} | {e[RIGHT_TO_WRONG]} | "
              f"{_rate(e['pass_rate_saved'])} | {_rate(e['pass_rate_now'])} |"
              for label, e in report["by_eval"].items()]
    return lines + [""] + _status_table(report) + _task_table(report) + _examples(report, "in the evaluation at step")


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _status_table(report: Mapping[str, Any]) -> list[str]:
    lines = ["| status change | completions |", "|---|---|"]
    return lines + ([f"| {change} | {n} |" for change, n in report["by_status"].items()] or ["| none | 0 |"])


def _task_table(report: Mapping[str, Any]) -> list[str]:
    if len(report["by_task"]) <= 1:
        return []
    lines = ["", f"| task | re-judged | {WRONG_TO_RIGHT} | {RIGHT_TO_WRONG} |", "|---|---|---|---|"]
    return lines + [f"| {t} | {c['rejudged']} | {c[WRONG_TO_RIGHT]} | {c[RIGHT_TO_WRONG]} |"
                    for t, c in report["by_task"].items()]


def _examples(report: Mapping[str, Any], where: str) -> list[str]:
    return [f"\n{direction} {where} {ex['step']}: {ex['completion'][-200:]!r}\n  before "
            f"{ex['before']['status']} ({ex['before']['detail']}), after {ex['after']['status']} "
            f"({ex['after']['detail']})" for direction, examples in report["examples"].items() for ex in examples]


def plot_flips(report: Mapping[str, Any], path: str | Path) -> Path:
    """Save a PNG of the share of re-judged completions that flip, each way, against the training step; a run's
    evaluations are square markers at the step they evaluated."""
    steps = [s for s in report["by_step"] if s["rejudged"]]
    evals = [e for e in report.get("eval", {}).get("by_eval", {}).values() if e["rejudged"]]
    with figure(path) as ax:
        for direction, label, color in ((WRONG_TO_RIGHT, "wrong -> right (lost signal)", "tab:blue"),
                                        (RIGHT_TO_WRONG, "right -> wrong (wrongly paid)", "tab:red")):
            if steps:
                ax.plot([s["step"] for s in steps], [s[direction] / s["rejudged"] for s in steps], marker="o",
                        lw=1.5, color=color, label=label)
            if evals:
                ax.plot([e["step"] for e in evals], [e[direction] / e["rejudged"] for e in evals], "s", ms=8,
                        color=color, alpha=0.6, label=f"{label.split(' (')[0]} (eval samples)")
        ax.set_xlabel("GRPO step")
        ax.set_ylabel("share of the step's completions")
        against = report["against"] or report.get("eval", {}).get("against")
        ax.set_title(f"{report['reward']} against the saved {against}", fontsize=10)
    return Path(path)
