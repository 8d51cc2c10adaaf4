"""`check_env`: is a made env fit to train and evaluate on? Small named checks, each failing with what is wrong and
the fix (the shape of Gymnasium's ``utils/env_checker.py``); train.py runs it before building a model.

In order: both splits hold problems and the held-out one is not the training one, prompts are all strings or all
chat messages, the tools (a tool env) are what TRL's ``environment_factory`` needs, every reward finds its columns in
both splits, and - unless ``rewards=False`` - every reward passes `rewards.checker.check_reward` on a few held-out
rows scored as their references (which starts what a reward needs: a sandbox, a worker pool). A game env
(`envs.games`) is also played: same seed same start, the reference policy at the max reward, doing nothing at the
floor (`envs.games.check`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from envs.games.check import audit_or_raise, is_game
from envs.registration import Env
from envs.tools.schema import check_environment
from rewards.checker import check_reward
from rewards.errors import RlvrError
from rewards.protocol import RewardFn, check_columns

__all__ = ["check_env"]

logger = logging.getLogger(__name__)


def check_env(env: Env, reward_funcs: Sequence[RewardFn] | None = None, rewards: bool = True, rows: int = 2) -> None:
    """Raise an `RlvrError` naming the problem and its fix unless ``env`` can be trained and evaluated on with
    ``reward_funcs`` (default: the env's own); ``rewards=False`` skips calling them."""
    check_splits(env)
    check_prompts(env)
    if env.spec.environment is not None:
        check_environment(env.environment_factory, f"Env {env.id!r}")
        check_game(env, rows)
    funcs = list(reward_funcs) if reward_funcs is not None else env.reward_funcs()
    for split in ("train", "eval"):
        check_columns(funcs, getattr(env, split).column_names, where=f"env {env.id!r}'s {split!r} split")
    if rewards:
        sample = env.heldout_rows(rows)
        for fn in funcs:
            check_reward(fn, sample, [row.get("reference", "") for row in sample])


def check_game(env: Env, rows: int = 2) -> None:
    """A game env's audit passes on a few held-out games (`envs.games.check`); other envs are not games."""
    if is_game(env.environment_factory):
        audit_or_raise(env.id, env.environment_factory, env.heldout_rows(rows))


def check_splits(env: Env) -> None:
    """Train and held-out problems exist, and the held-out ones are not all training ones (a warning if some are)."""
    train = env.require("train", "give it training problems: --env_kwargs n_train=N for a procedural env, or a split "
                                 "of a benchmark such as train_percent=50 for humaneval")
    held_out = env.require("eval", "raise n_eval in --env_kwargs or give it more data")
    seen = {json.dumps(p, sort_keys=True) for p in train["prompt"]}
    overlap = sum(json.dumps(p, sort_keys=True) in seen for p in held_out["prompt"])
    if overlap == len(held_out):
        raise RlvrError(f"Env {env.id!r} trains on its evaluation problems (all {overlap} held-out prompts are "
                        "training prompts), so 'after' would measure memorisation. Split it, e.g. --env_kwargs "
                        "train_percent=50, or pick an env with a held-out split.")
    if overlap:
        logger.warning("%d of %d held-out prompts of env %r are also training prompts.", overlap, len(held_out), env.id)


def check_prompts(env: Env) -> None:
    """Every prompt is a string, or every prompt a list of ``{"role", "content"}`` messages: TRL takes one kind."""
    for split in ("train", "eval"):
        prompts = getattr(env, split)[:256]["prompt"]  # the first rows only: a hub split's whole column is large
        kinds = {_kind(p) for p in prompts}
        if None in kinds or len(kinds) > 1:
            bad = next(p for p in prompts if _kind(p) != _kind(prompts[0]) or _kind(p) is None)
            raise RlvrError(f"Env {env.id!r}: its {split!r} prompts mix kinds or hold {str(bad)[:80]!r}; a prompt is "
                            "a string, or a list of {'role': ..., 'content': ...} messages, the same kind throughout.")


def _kind(prompt: Any) -> str | None:
    if isinstance(prompt, str):
        return "text"
    if isinstance(prompt, list) and prompt and all(isinstance(m, dict) and "role" in m and "content" in m
                                                  for m in prompt):
        return "chat"
    return None
