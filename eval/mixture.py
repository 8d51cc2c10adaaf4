"""Evaluation of a mixed env (`envs.mixture`): each task on its own, and the rates pooled over all of them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from envs.mixture import MixedEnv
from envs.registration import Env
from eval.harness import evaluate, scored_by_environment
from eval.passk import is_rate
from eval.settings import FROM_ENV


def evaluate_by_task(model: Any, tokenizer: Any, env: Env, *, without_tools: bool = False,
                     max_tool_turns: int | None | str = FROM_ENV, samples_to: str | Path | None = None,
                     **eval_args: Any) -> dict[str, Any]:
    """`eval.evaluate` as a dict; for a `MixedEnv`, each task's result under ``per_task`` plus pooled rates; for a
    tool env, rollouts through the tool loop (`eval.tool_loop`, at most ``max_tool_turns`` tool turns, by default
    the env's training default) and their tool rates under ``tools``, and with ``without_tools`` the same problems
    answered with the tools withheld under ``without_tools`` (same model, seeds and rewards), so the two show what
    the tool adds.

    Pooled rates average over all eval problems (pass@k, pass^k and maj@k are means over problems, so pooling is
    exact; maj@k is pooled only when every task reports it). A ``limit``
    in ``eval_args`` applies to each task. In a mixture, each tool env runs through the tool loop with its own tools
    (its ``tools`` and ``without_tools`` under ``per_task``), each plain env as single-turn prompts. An env scored
    by its environment (an OpenEnv one) has no ``without_tools``: without its episode nothing scores the answer.

    ``samples_to`` (a ``.parquet`` path) saves the sampled completions with their verdicts (`eval.evaluate`); a
    mixture's tasks each to their own file beside it (``before.parquet``: ``before.<task>.parquet``).
    """
    if isinstance(env, MixedEnv):
        per_task = {c.id: evaluate_by_task(model, tokenizer, c, without_tools=without_tools,
                                           max_tool_turns=max_tool_turns, **eval_args,
                                           samples_to=None if samples_to is None else _task_file(samples_to, c.id))
                    for c in env.components}
        return {**pool(list(per_task.values())), "per_task": per_task}
    result = evaluate(model, tokenizer, env, max_tool_turns=max_tool_turns, samples_to=samples_to,
                      **eval_args).to_dict()
    if without_tools and env.environment_factory is not None and eval_args.get("sampler") is None \
            and not scored_by_environment(env):  # its score is the episode's: there is none without the tools
        result["without_tools"] = evaluate(model, tokenizer, env, max_tool_turns=max_tool_turns, withhold_tools=True,
                                           **eval_args).to_dict()
    return result


def _task_file(path: str | Path, task: str) -> Path:
    """Where one task of a mixture saves its samples: ``before.parquet`` -> ``before.<task>.parquet``."""
    path = Path(path)
    return path.with_name(f"{path.stem}.{task}{path.suffix}")


def pool(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Pool per-task result dicts: rates weighted by ``n_problems``, counts summed.

    >>> pool([{"pass@1": 1.0, "n_problems": 1, "n_samples": 4}, {"pass@1": 0.0, "n_problems": 3, "n_samples": 4}])
    {'pass@1': 0.25, 'n_problems': 4, 'n_samples': 4, 'status_counts': {}}
    >>> pool([{"pass@1": 1.0, "n_problems": 1, "n_samples": 4, "max_new_tokens": 12}] * 2)["max_new_tokens"]
    12
    """
    n = sum(r["n_problems"] for r in results)
    rates = [k for k in results[0] if is_rate(k) or k == "greedy_accuracy"]
    pooled: dict[str, Any] = {}
    for key in rates:
        values = [r.get(key) for r in results]
        pooled[key] = None if None in values else sum(v * r["n_problems"] for v, r in zip(values, results)) / n
    if all(r.get("clipped_rate") is not None for r in results):  # a share of completions: weighted by their number
        completions = sum(r["n_problems"] * r["n_samples"] for r in results)
        cut = sum(r["clipped_rate"] * r["n_problems"] * r["n_samples"] for r in results)
        pooled["clipped_rate"] = cut / completions
    statuses: Counter = Counter()
    for r in results:
        statuses.update(r.get("status_counts", {}))
    budgets = {r.get("max_new_tokens") for r in results}  # one generation budget for every task: the pooled one
    if len(budgets) == 1 and None not in budgets:
        pooled["max_new_tokens"] = budgets.pop()
    return {**pooled, "n_problems": n, "n_samples": results[0]["n_samples"], "status_counts": dict(statuses)}
