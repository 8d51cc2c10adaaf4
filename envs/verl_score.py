"""rlvr-kit's rewards for verl: a ``compute_score`` to name in verl's ``custom_reward_function``.

verl's reward managers call ``compute_score(data_source=..., solution_str=..., ground_truth=..., extra_info=...)``
once per response (``NaiveRewardManager``; ``BatchRewardManager`` calls `compute_score_batch` with lists), where
``data_source`` is the row's dataset name, ``ground_truth`` comes from the row's ``reward_model.ground_truth`` and
``extra_info`` is the row's ``extra_info`` dict. Point verl at this file::

    custom_reward_function.path=<site-packages>/envs/verl_score.py custom_reward_function.name=compute_score

Routing: ``data_source`` is an rlvr-kit env id (``gsm8k``, ``humaneval``, ``reasoning_gym:leg_counting``; its
first reward judges, as in evaluation) or a reward spec (``math_exact``, ``code_tests(binary=true)``); a
``reward=<spec>`` keyword (verl's ``custom_reward_function.reward_kwargs``) overrides it. ``ground_truth`` fills the
reward's first column (``answer`` for math) or, as a dict, names columns itself (``{"test": ..., "entry_point":
...}`` for HumanEval); keys of ``extra_info`` that are reward columns (``code_prompt``) are passed too, the rest
(``index``, ``split``) ignored.

Returns ``{"score": float, "status": str}``: verl trains on ``score`` and logs ``status`` beside it (``correct``,
``wrong``, ``unparsed``, ``timeout``, ``error``; ``unscored`` where the reward cannot judge the row, and ``unscorable``
where it could not judge the completion through no fault of its own, both scored 0.0 because verl needs a number and has
no way to leave a completion out: filter on ``status`` to drop them). An unknown ``data_source`` raises
`rewards.UnknownIdError`: a misrouted dataset must stop the run, not train on zeros.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import rewards
from envs.registration import registry as env_registry
from envs.registration import spec as env_spec
from rewards.errors import UnknownIdError
from rewards.protocol import Reward, Verdict, required_columns

__all__ = ["compute_score", "compute_score_batch"]

UNSCORED = "unscored"


def compute_score(data_source: str, solution_str: str, ground_truth: Any, extra_info: dict[str, Any] | None = None,
                  reward: str | None = None, **kwargs: Any) -> dict[str, Any]:
    """Score one response as verl asks: ``{"score": float, "status": str}`` (see the module docstring).

    >>> compute_score("arithmetic", "so the answer is \\\\boxed{12}", "12", {"index": 0, "split": "train"})
    {'score': 1.0, 'status': 'correct'}
    """
    (result,) = compute_score_batch([data_source], [solution_str], [ground_truth], [extra_info], reward=reward)
    return result


def compute_score_batch(data_sources: Sequence[str], solution_strs: Sequence[str], ground_truths: Sequence[Any],
                        extra_infos: Sequence[dict[str, Any] | None], reward: str | None = None,
                        **kwargs: Any) -> list[dict[str, Any]]:
    """Score verl's batch (``BatchRewardManager``): one call of each reward on all of its rows, so a code reward
    runs them concurrently in its sandbox; results in the batch's order."""
    by_reward: dict[str, list[int]] = defaultdict(list)
    for i, source in enumerate(data_sources):
        by_reward[reward or _reward_spec(source)].append(i)
    results: list[dict[str, Any]] = [{}] * len(data_sources)
    for spec, rows in by_reward.items():
        fn = _reward(spec)
        columns = _columns(fn, [ground_truths[i] for i in rows], [extra_infos[i] or {} for i in rows])
        verdicts = fn.verdicts([solution_strs[i] for i in rows], **columns)
        for i, verdict in zip(rows, verdicts):
            results[i] = _result(verdict)
    return results


def _reward_spec(data_source: str) -> str:
    """The reward spec for a ``data_source``: an env's first reward, or the data source itself as a reward spec."""
    family = data_source.partition(":")[0]
    if data_source in env_registry or f"{family}:*" in env_registry:
        return env_spec(data_source).rewards[0]
    try:
        rewards.check(data_source)
    except UnknownIdError as e:
        raise UnknownIdError(f"verl data_source {data_source!r} is neither an rlvr-kit env "
                             f"({', '.join(env_registry.ids()[:20])}) nor a reward spec ({e}). Name the env in the "
                             "row's data_source, or give reward=<spec> in custom_reward_function.reward_kwargs.") from e
    return data_source


@functools.cache
def _reward(spec: str) -> Reward:
    """One reward per spec for the process (a code reward's sandbox starts once)."""
    fn = rewards.get(spec)
    if not isinstance(fn, Reward):
        raise UnknownIdError(f"Reward {spec!r} is an async function; verl's compute_score needs a rewards.Reward.")
    return fn


def _columns(fn: Reward, ground_truths: list[Any], extra_infos: list[dict[str, Any]]) -> dict[str, list[Any]]:
    """The reward's columns for these rows: ``ground_truth`` (a dict names its columns; else the first column) and
    the ``extra_info`` keys the reward reads."""
    wanted = [c if isinstance(c, str) else c[0] for c in required_columns(fn)]
    readable = {name for c in required_columns(fn) for name in ((c,) if isinstance(c, str) else c)}
    rows = []
    for truth, extra in zip(ground_truths, extra_infos):
        row = {k: v for k, v in extra.items() if k in readable or k in _CONTEXT}
        row.update(truth if isinstance(truth, dict) else {wanted[0]: truth} if wanted else {})
        rows.append(row)
    names = {k for row in rows for k in row}
    return {k: [row.get(k) for row in rows] for k in names}


# Columns rewards read beside the ones they require (a HumanEval prompt, MBPP's setup code).
_CONTEXT = frozenset({"code_prompt", "entry_point", "test_setup_code", "outputs", "prompts"})


def _result(verdict: Verdict | None) -> dict[str, Any]:
    if verdict is None:
        return {"score": 0.0, "status": UNSCORED}
    return {"score": 0.0 if verdict.score is None else verdict.score, "status": verdict.status.value}
