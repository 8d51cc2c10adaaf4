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
from eval.rollouts import rollout_files
from rewards.errors import RlvrError
from rewards.protocol import Reward, RewardFn, Verdict, as_verdict, passes

EXAMPLES = 5  # examples kept per flip direction
WRONG_TO_RIGHT, RIGHT_TO_WRONG = "wrong->right", "right->wrong"


def rescore(run: str | Path, reward: RewardFn, against: str | None = None) -> dict[str, Any]:
    """Re-judge every saved rollout of ``run`` with ``reward``, against the saved verdicts of the reward named
    ``against`` (default: the saved reward of ``reward``'s name, else the run's first reward).

    Returns:
        ``{"reward", "against", "n_rows", "rejudged", "skipped", "flips": {direction: count}, "by_status",
        "by_step", "by_task", "examples", "groups_gaining_signal", "groups_losing_signal"}``.

    Raises:
        RlvrError: the run saved no rollouts, or none by the reward named ``against``.
    """
    import pyarrow.parquet as pq

    name = getattr(reward, "__name__", "reward")
    report = _empty(name)
    for path in rollout_files(run):
        rows = pq.read_table(path).to_pylist()
        if not rows:
            continue
        column = _column(rows[0]["reward_names"], against or name, against is None)
        report["against"] = rows[0]["reward_names"][column]
        judged = [r for r in rows if not r["truncated"] and r["columns"] is not None]
        report["n_rows"] += len(rows)
        report["skipped"] += len(rows) - len(judged)
        _tally(report, judged, _judge(reward, judged), column)
    if report["against"] is None:
        raise RlvrError(f"The rollouts under {str(run)!r} hold no rows to re-judge.")
    report["by_step"] = [{"step": s, **c} for s, c in sorted(report["by_step"].items())]
    report["by_task"] = dict(report["by_task"])
    report["by_status"] = {f"{a}->{b}": n for (a, b), n in report["by_status"].most_common()}
    return report


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


def _tally(report: dict[str, Any], rows: list[dict[str, Any]], verdicts: list[Verdict | None], column: int) -> None:
    """Add one shard's comparisons to ``report``; groups are compared whole, by their re-judged members."""
    groups: dict[tuple[int, int, int, int], list[tuple[float, float]]] = defaultdict(list)
    for row, new in zip(rows, verdicts, strict=True):
        old_score, old_status = row["rewards"][column], row["statuses"][column]
        if old_score is None or new is None or new.score is None:  # not judged then, or not judgeable now
            report["skipped"] += 1
            continue
        report["rejudged"] += 1
        step, task = report["by_step"][row["step"]], report["by_task"][_task(row)]
        step["rejudged"] += 1
        task["rejudged"] += 1
        groups[(row["step"], row["round"], row["rank"], row["group"])].append((old_score, new.score))
        if old_status != new.status.value:
            report["by_status"][(old_status or "unknown", new.status.value)] += 1
        if passes(old_score) == passes(new.score):
            continue
        direction = WRONG_TO_RIGHT if passes(new.score) else RIGHT_TO_WRONG
        for counts in (report["flips"], step, task):
            counts[direction] += 1
        if len(report["examples"][direction]) < EXAMPLES:
            report["examples"][direction].append(_example(row, column, new))
    for (step_no, *_), scores in groups.items():
        old_flat, new_flat = len({o for o, _ in scores}) == 1, len({n for _, n in scores}) == 1
        if len(scores) > 1 and old_flat != new_flat:
            key = "groups_gaining_signal" if old_flat else "groups_losing_signal"
            report[key] += 1
            report["by_step"][step_no][key] += 1


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
    """The re-score as Markdown: the totals, flips by status change, by step and by task, then examples."""
    flips = report["flips"]
    lines = [f"Re-judged {report['rejudged']} of {report['n_rows']} saved completions with {report['reward']} "
             f"(against the saved {report['against']}; {report['skipped']} not re-judged).",
             f"{flips[WRONG_TO_RIGHT]} wrong->right (reward the policy earned and did not get), "
             f"{flips[RIGHT_TO_WRONG]} right->wrong (reward it was wrongly given); "
             f"{report['groups_gaining_signal']} zero-std groups (no gradient) would have carried signal, "
             f"{report['groups_losing_signal']} groups with signal would have had none.", "",
             "| status change | completions |", "|---|---|"]
    lines += [f"| {change} | {n} |" for change, n in report["by_status"].items()] or ["| none | 0 |"]
    lines += ["", f"| step | re-judged | {WRONG_TO_RIGHT} | {RIGHT_TO_WRONG} | groups gaining signal |",
              "|---|---|---|---|---|"]
    lines += [f"| {s['step']} | {s['rejudged']} | {s[WRONG_TO_RIGHT]} | {s[RIGHT_TO_WRONG]} | "
              f"{s['groups_gaining_signal']} |" for s in report["by_step"] if s[WRONG_TO_RIGHT] or s[RIGHT_TO_WRONG]
              ] or ["| no step has a flip | | | | |"]
    if len(report["by_task"]) > 1:
        lines += ["", f"| task | re-judged | {WRONG_TO_RIGHT} | {RIGHT_TO_WRONG} |", "|---|---|---|---|"]
        lines += [f"| {t} | {c['rejudged']} | {c[WRONG_TO_RIGHT]} | {c[RIGHT_TO_WRONG]} |"
                  for t, c in report["by_task"].items()]
    for direction, examples in report["examples"].items():
        for ex in examples:
            lines.append(f"\n{direction} at step {ex['step']}: {ex['completion'][-200:]!r}\n  before "
                         f"{ex['before']['status']} ({ex['before']['detail']}), after {ex['after']['status']} "
                         f"({ex['after']['detail']})")
    return "\n".join(lines)


def plot_flips(report: Mapping[str, Any], path: str | Path) -> Path:
    """Save a PNG of the share of re-judged completions that flip, each way, against the training step."""
    steps = [s for s in report["by_step"] if s["rejudged"]]
    with figure(path) as ax:
        for direction, label in ((WRONG_TO_RIGHT, "wrong -> right (lost signal)"),
                                 (RIGHT_TO_WRONG, "right -> wrong (wrongly paid)")):
            ax.plot([s["step"] for s in steps], [s[direction] / s["rejudged"] for s in steps], marker="o", lw=1.5,
                    label=label)
        ax.set_xlabel("GRPO step")
        ax.set_ylabel("share of the step's completions")
        ax.set_title(f"{report['reward']} against the saved {report['against']}", fontsize=10)
    return Path(path)
