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
from rewards.errors import MissingColumnError, OptionError, RegistrationError, RlvrError, UnknownIdError
from rewards.registry import Registry, check_kwargs, describe_options, load_target

__all__ = [
    "FunctionReward", "MissingColumnError", "OptionError", "RegistrationError", "Reward", "RewardFn", "RlvrError",
    "Status", "UnknownIdError", "Verdict", "available", "check", "check_columns", "completion_text", "get", "get_many",
    "register", "required_columns",
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
    """The TRL reward function for ``spec``: a registered id, ``"package.module:function"``, or a composed spec
    such as ``"math_exact|if:format_think"`` (grammar in `rewards.compose`).

    ``params`` go to a reward class's constructor, a factory, or (bound by keyword) a plain function.

    Raises:
        UnknownIdError: ``spec`` is not registered (the message lists close matches and every id).
    """
    from rewards import compose

    if compose.is_composed(spec):
        parsed = compose.parse(spec)
        if parsed.weight is not None or params:
            raise RlvrError(f"Reward spec {spec!r}: weights and keyword parameters do not apply to a composed spec; "
                            "give weights with rewards.get_many (they become GRPOConfig.reward_weights) and "
                            "parameters inside the spec, e.g. 'overlong(max_len=512)'.")
        return compose.Pool().build(parsed)
    target, name, is_factory = _target(spec)
    what = f"Cannot build reward {spec!r} with parameters {params}"
    if inspect.isclass(target) or is_factory or params:
        check_kwargs(what, target, params)
    try:
        return _build(target, name, params, is_factory)
    except RlvrError:
        raise
    except (TypeError, ValueError) as e:  # the reward's own checks (0 < cache <= max_len ...), named with its options
        raise OptionError(f"{what}: {str(e).rstrip('.')}. Parameters: {describe_options(target)}.") from e


def check(spec: str) -> None:
    """Raise the error `get` (or `get_many`) would raise for ``spec`` - bad syntax, an unknown id, an unknown or
    mistyped parameter - without building any reward (no worker pool, no model), so a CLI can fail fast.

    >>> check("math_exact(deadlin=1)")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rewards.errors.OptionError: ... it has no option 'deadlin'. Did you mean 'deadline'? ...
    """
    from rewards import compose

    for product in compose.parse(spec).gates:
        for call in product:
            target, _, _ = _target(call.id)
            check_kwargs(f"Cannot build reward {call.id!r} with parameters {dict(call.params)}", target,
                         dict(call.params))


def _target(spec: str) -> tuple[Any, str | None, bool]:
    target, name = (load_target(spec), None) if ":" in spec else (registry.load(spec), spec)
    if not callable(target):
        raise UnknownIdError(f"Reward {spec!r} is a {type(target).__name__}, not a reward: give a function "
                             "`def my_reward(completions, **kwargs)` or a `rewards.Reward` subclass.")
    return target, name, spec in _factories


def get_many(specs: list[str]) -> tuple[list[RewardFn], list[float] | None]:
    """The reward functions for several specs, sharing instances so no checker runs twice on a batch, and
    their ``GRPOConfig.reward_weights`` (``None`` when no spec has a ``weight*`` prefix)."""
    from rewards import compose

    return compose.get_many(specs)


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
register("format_think", "rewards.format:FormatThink")
register("format_think_soft", "rewards.format:FormatThinkSoft")
register("format_answer_tags", "rewards.format:FormatAnswerTags")
register("format_answer_tags_soft", "rewards.format:FormatAnswerTagsSoft")
register("format_boxed", "rewards.format:FormatBoxed")
register("format_boxed_soft", "rewards.format:FormatBoxedSoft")
register("tag_count", "rewards.format:TagCount")
register("tag_count_soft", "rewards.format:TagCountSoft")
register("overlong", "rewards.shaping:Overlong")
register("repetition", "rewards.shaping:Repetition")
register("length_scaled", "rewards.shaping:LengthScaled")
register("code_tests", "rewards.code:CodeTests")
register("countdown", "rewards.countdown:Countdown")
register("by_task", "rewards.by_task:ByTask")
register("reasoning_gym", "rewards.reasoning_gym:ReasoningGymScore")
register("bt_rm", "rewards.preference:BTRewardModel")
