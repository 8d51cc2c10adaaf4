"""Verifiable rewards for TRL's GRPOTrainer, looked up by name.

>>> import rewards
>>> fn = rewards.get("math_exact")
>>> fn(completions=["so the answer is \\\\boxed{4}"], answer=["4"])
[1.0]

Register your own with ``@rewards.register("my_reward")``; third-party packages can add rewards through the
entry-point group ``rlvr_kit.rewards``. Every object `get` returns is a TRL reward function.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

from rewards.base import (
    FunctionReward,
    Reward,
    RewardFn,
    Status,
    Verdict,
    check_columns,
    completion_text,
    required_columns,
)
from rewards.errors import MissingColumnError, RegistrationError, RlvrError, UnknownIdError
from rewards.registry import Registry, load_target

__all__ = [
    "FunctionReward", "MissingColumnError", "RegistrationError", "Reward", "RewardFn", "RlvrError", "Status",
    "UnknownIdError", "Verdict", "available", "check_columns", "completion_text", "get", "register",
    "required_columns",
]

registry = Registry("reward", entry_point_group="rlvr_kit.rewards")
_factories: set[str] = set()


def register(id: str, target: Any = None, *, factory: bool = False) -> Any:
    """Register a reward under ``id``: a function, a `Reward` subclass, or (``factory=True``) a function that
    builds a reward from parameters. Works as a decorator; ``target`` may be a lazy ``"module:attr"`` string.

    Raises:
        RegistrationError: the id is taken, or the target cannot accept the keyword arguments TRL passes.
    """
    if target is None:
        return lambda obj: register(id, obj, factory=factory)
    if factory:
        _factories.add(id)
    return registry.register(id, target, check=None if factory else _check_signature)


def available() -> list[str]:
    """The ids of all registered rewards, sorted."""
    return registry.ids()


def get(spec: str, **params: Any) -> RewardFn:
    """The TRL reward function for ``spec``: a registered id or ``"package.module:function"``.

    ``params`` go to a reward class's constructor, a factory, or (bound by keyword) a plain function.

    Raises:
        UnknownIdError: ``spec`` is not registered (the message lists close matches and every id).
    """
    if ":" in spec:
        target, name, is_factory = load_target(spec), None, False
    else:
        target, name, is_factory = registry.load(spec), spec, spec in _factories
    try:
        return _build(target, name, params, is_factory)
    except TypeError as e:
        raise RlvrError(f"Cannot build reward {spec!r} with parameters {params}: {e}") from e


def _build(target: Any, name: str | None, params: dict[str, Any], is_factory: bool) -> RewardFn:
    if inspect.isclass(target):
        reward = target(**params)
    elif is_factory:
        reward = target(**params)
    elif params:
        reward = functools.partial(target, **params)
    else:
        reward = target
    if isinstance(reward, Reward):
        if name is not None and reward.__name__ != name:
            reward.__name__ = name
        return reward
    if inspect.iscoroutinefunction(reward) or inspect.iscoroutinefunction(getattr(reward, "__call__", None)):
        return reward  # async rewards run on TRL's event-loop thread as they are
    fn_name = name or getattr(functools.partial(reward).func, "__name__", type(reward).__name__)
    return FunctionReward(reward, fn_name)


def _check_signature(id: str, target: Any) -> None:
    fn = target.__call__ if inspect.isclass(target) else target
    if not callable(fn):
        raise RegistrationError(f"Reward {id!r} must be callable, got {target!r}.")
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return
    params = sig.parameters.values()
    takes_kwargs = any(p.kind is p.VAR_KEYWORD for p in params)
    takes_completions = "completions" in sig.parameters or takes_kwargs
    if not (takes_kwargs and takes_completions):
        raise RegistrationError(
            f"Reward {id!r} has signature `def {getattr(fn, '__name__', id)}{sig}`; TRL calls rewards with keyword "
            "arguments (prompts, completions, completion_ids, every dataset column, ...), so it must accept "
            "`completions` and `**kwargs`, e.g. `def my_reward(completions, answer, **kwargs)`."
        )


register("math_exact", "rewards.math:MathExact")
register("bt_rm", "rewards.preference:BTRewardModel")
