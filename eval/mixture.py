"""Evaluation of a mixed env (`envs.mixture`): each task on its own, and the rates pooled over all of them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from envs.mixture import MixedEnv
from envs.registration import Env
from eval.harness import evaluate
from eval.tool_loop import ToolSampler


def evaluate_by_task(model: Any, tokenizer: Any, env: Env, *, without_tools: bool = False,
                     max_tool_turns: int | None = 4, **eval_args: Any) -> dict[str, Any]:
    """`eval.evaluate` as a dict; for a `MixedEnv`, each task's result under ``per_task`` plus pooled rates; for a
    tool env, rollouts through the tool loop (`eval.tool_loop`, at most ``max_tool_turns`` tool turns) and their
    tool rates under ``tools``, and with ``without_tools`` the same problems answered with the tools withheld under
    ``without_tools`` (same model, seeds and rewards), so the two show what the tool adds.

    Pooled rates average over all eval problems (pass@k is a mean over problems, so pooling is exact). A ``limit``
    in ``eval_args`` applies to each task. In a mixture, each tool env runs through the tool loop with its own tools
    (its ``tools`` and ``without_tools`` under ``per_task``), each plain env as single-turn prompts.
    """
    if isinstance(env, MixedEnv):
        per_task = {c.id: evaluate_by_task(model, tokenizer, c, without_tools=without_tools,
                                           max_tool_turns=max_tool_turns, **eval_args) for c in env.components}
        return {**pool(list(per_task.values())), "per_task": per_task}
    if env.environment_factory is not None and eval_args.get("sampler") is None:  # a tool env: the tool loop
        result = _tool_eval(model, tokenizer, env, eval_args, max_tool_turns, withhold=False)
        if without_tools:
            result["without_tools"] = _tool_eval(model, tokenizer, env, eval_args, max_tool_turns, withhold=True)
        return result
    return evaluate(model, tokenizer, env, **eval_args).to_dict()


def _tool_eval(model: Any, tokenizer: Any, env: Env, eval_args: dict[str, Any], max_turns: int | None,
               withhold: bool) -> dict[str, Any]:
    sampler = ToolSampler(model, tokenizer, env.environment_factory, temperature=eval_args.get("temperature", 1.0),
                          top_p=eval_args.get("top_p", 1.0), max_new_tokens=eval_args.get("max_new_tokens", 64),
                          max_turns=max_turns, withhold_tools=withhold)
    result = evaluate(model, tokenizer, env, **{**eval_args, "sampler": sampler}).to_dict()
    return {**result, "tools": sampler.summary()}


def pool(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Pool per-task result dicts: rates weighted by ``n_problems``, counts summed.

    >>> pool([{"pass@1": 1.0, "n_problems": 1, "n_samples": 4}, {"pass@1": 0.0, "n_problems": 3, "n_samples": 4}])
    {'pass@1': 0.25, 'n_problems': 4, 'n_samples': 4, 'status_counts': {}}
    """
    n = sum(r["n_problems"] for r in results)
    rates = [k for k in results[0] if k.startswith("pass@") or k == "greedy_accuracy"]
    pooled: dict[str, Any] = {}
    for key in rates:
        values = [r.get(key) for r in results]
        pooled[key] = None if None in values else sum(v * r["n_problems"] for v, r in zip(values, results)) / n
    statuses: Counter = Counter()
    for r in results:
        statuses.update(r.get("status_counts", {}))
    return {**pooled, "n_problems": n, "n_samples": results[0]["n_samples"], "status_counts": dict(statuses)}
