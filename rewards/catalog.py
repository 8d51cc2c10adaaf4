"""The reward catalog: the registry of rewards, and how a spec string becomes a TRL reward function.

`rewards` re-exports `register`, `get`, `get_many`, `check` and `available` from here and registers the built-in
rewards; the spec grammar itself lives in `rewards.compose`.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

from rewards import compose
from rewards.errors import OptionError, RegistrationError, RlvrError, UnknownIdError
from rewards.protocol import FunctionReward, Reward, RewardFn
from rewards.registry import Registry, check_kwargs, describe_options, load_target

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
    return registry.register(id, target, check=None if factory else check_signature)


def available() -> list[str]:
    """The ids of all registered rewards, sorted."""
    return registry.ids()


PLACEMENTS = ("local", "ray")


def get(spec: str, *, placement: str = "local", **params: Any) -> RewardFn:
    """The TRL reward function for ``spec``: a registered id, ``"package.module:function"``, or a composed spec
    such as ``"math_exact|if:format_think"`` (grammar in `rewards.compose`).

    ``params`` go to a reward class's constructor, a factory, or (bound by keyword) a plain function.
    ``placement="ray"`` judges on a Ray cluster's nodes instead of in this process (`rewards.remote`): the same
    name, columns, scores and status logging.

    Raises:
        UnknownIdError: ``spec`` is not registered (the message lists close matches and every id).
    """
    if placement != "local":
        return _placed(spec, placement, params)
    if compose.is_composed(spec):
        parsed = compose.parse(spec)
        if parsed.weight is not None or params:
            raise RlvrError(f"Reward spec {spec!r}: weights and keyword parameters do not apply to a composed spec; "
                            "give weights with rewards.get_many (they become GRPOConfig.reward_weights) and "
                            "parameters inside the spec, e.g. 'overlong(max_len=512)'.")
        return Pool().build(parsed)
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


def _placed(spec: str, placement: str, params: dict[str, Any]) -> RewardFn:
    if placement not in PLACEMENTS:
        raise OptionError(f"Unknown reward placement {placement!r}: use one of {', '.join(PLACEMENTS)}.")
    if params and compose.is_composed(spec):
        get(spec, **params)  # the same error as local placement
    check(spec)  # a bad spec fails here, before any cluster is reached
    # Loaded lazily, like a registered reward: rewards.remote builds its rewards with this module's `get`.
    build = load_target("rewards.remote:remote_reward")
    return build(spec, **params)


def check(spec: str) -> None:
    """Raise the error `get` (or `get_many`) would raise for ``spec`` - bad syntax, an unknown id, an unknown or
    mistyped parameter - without building any reward (no worker pool, no model), so a CLI can fail fast.

    >>> check("math_exact(deadlin=1)")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rewards.errors.OptionError: ... it has no option 'deadlin'. Did you mean 'deadline'? ...
    """
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


def _build(target: Any, name: str | None, params: dict[str, Any], is_factory: bool) -> RewardFn:
    if inspect.isclass(target) or is_factory:
        reward = target(**params)
    elif params:
        reward = functools.partial(target, **params)
    else:
        reward = target
    if isinstance(reward, Reward):
        if name is not None and reward.__name__ != name:
            reward.__name__ = name
        return reward
    if inspect.iscoroutinefunction(reward) or inspect.iscoroutinefunction(getattr(reward, "__call__", None)):  # noqa: B004
        return reward  # async rewards run on TRL's event-loop thread as they are
    fn_name = name or getattr(functools.partial(reward).func, "__name__", type(reward).__name__)
    return FunctionReward(reward, fn_name)


def check_signature(id: str, target: Any) -> None:
    """Raise `RegistrationError` unless ``target`` accepts what TRL passes a reward: ``completions`` and **kwargs."""
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


class Pool:
    """Builds rewards so that equal calls (same id, same parameters) share one instance, and its verdict cache."""

    def __init__(self) -> None:
        self._built: dict[tuple[str, str], RewardFn] = {}

    def leaf(self, call: compose.Call) -> RewardFn:
        """The shared instance for one call."""
        key = (call.id, repr(call.params))
        if key not in self._built:
            target = registry.load(call.id) if ":" not in call.id else None
            params = dict(call.params)
            for name in getattr(target, "reward_params", ()):  # rewards that wrap a reward get the shared one
                default = inspect.signature(target).parameters[name].default  # type: ignore[arg-type]
                value = params.get(name, default)
                if isinstance(value, str):
                    params[name] = self.build(compose.parse(value))
            self._built[key] = get(call.id, **params)
        return self._built[key]

    def build(self, spec: compose.Spec) -> RewardFn:
        """The reward function for a parsed spec (its weight is not applied: it belongs to GRPOConfig)."""
        parts = [self._product(product) for product in spec.gates]
        return parts[0] if len(parts) == 1 else compose.Gated(parts[0], parts[1:], str(spec))

    def _product(self, calls: tuple[compose.Call, ...]) -> RewardFn:
        factors = [self.leaf(c) for c in calls]
        return factors[0] if len(factors) == 1 else compose.Product(factors, "*".join(str(c) for c in calls))


def get_many(specs: list[str], placement: str = "local") -> tuple[list[RewardFn], list[float] | None]:
    """The reward functions for several specs, sharing instances so no checker runs twice on a batch, and their
    weights. With ``placement="ray"`` each spec is judged on the cluster as one reward (`get`).

    The first spec is the run's correctness judge: where it could not judge a completion through no fault of the
    completion (status ``unscorable``), every other spec scores it ``None`` too (`compose.Withheld`), so TRL leaves
    the completion out of GRPO rather than paying its format bonus alone.

    Returns:
        The functions in order, and the weights for ``GRPOConfig.reward_weights`` (``None`` when no spec gives
        one; otherwise specs without a weight get 1.0).

    >>> funcs, weights = get_many(["math_exact|if:format_think", "0.1*format_think"])
    >>> [f.__name__ for f in funcs], weights
    (['math_exact|if:format_think', 'format_think'], [1.0, 0.1])
    """
    if placement != "local":
        funcs = [get(str(compose.parse(s)), placement=placement) for s in specs]
    else:
        pool = Pool()
        funcs = [pool.build(compose.parse(s)) for s in specs]
    return compose.withheld(funcs), compose.weights_of(specs)
