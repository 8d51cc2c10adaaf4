"""Environments by string id, Gymnasium style: `register` an `EnvSpec`, `make` an `Env` from it.

An env is a train and an eval `datasets.Dataset` (a ``prompt`` column plus the columns its rewards read), the
prompt format that built them, and the rewards that judge them.

Two kinds of id go beyond one registered name: a family registered as ``"prefix:*"`` answers every
``"prefix:<task>"`` (its builder receives ``task=<task>``), and a comma-separated list such as
``"arithmetic:0.7,countdown:0.3"`` makes a mixture of envs (`envs.mixture`).

A tool env also names an ``environment``: the class TRL's ``GRPOTrainer(environment_factory=...)`` makes once per
rollout, whose typed, documented methods are the model's tools (`envs.tools`); it is checked when registered (a class)
or made (a lazy ``"module:Class"``), and ``Env.environment_factory`` gives it to the trainer.

``train_defaults`` are GRPO settings (and evaluation sizes) the env is trained with by default: train.py applies them
under its command-line flags and YAML ``--config`` and above its own defaults (`envs.train_defaults`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from datasets import Dataset

import rewards
from envs.grpo_defaults import check_train_defaults
from envs.tools.schema import check_environment
from rewards.errors import OptionError, RegistrationError, RlvrError, UnknownIdError
from rewards.protocol import RewardFn
from rewards.registry import Registry, check_kwargs, describe_options, is_target_path, load_target, parse_value

registry = Registry("env", entry_point_group="rlvr_kit.envs")

Builder = Callable[..., tuple[Dataset, Dataset]]


@dataclass(frozen=True)
class EnvSpec:
    """How to build an env: a builder returning ``(train, eval)`` datasets, its default kwargs and rewards.

    ``reward_weights`` pairs with ``rewards`` (same order); a weight of 0 logs a reward without training on it.
    ``version`` is bumped whenever the data, prompt or rewards change, and is stamped on every result.
    ``environment`` (a class or a lazy ``"module:Class"``) makes it a tool env: TRL's ``environment_factory``.
    ``train_defaults`` maps `GRPOConfig` fields and train.py's ``eval_*`` flags to the values train.py uses for this
    env unless a flag or ``--config`` sets them (`envs.train_defaults`); checked here.
    """

    id: str
    entry_point: str | Builder
    rewards: tuple[str, ...]
    reward_weights: tuple[float, ...] | None = None
    kwargs: Mapping[str, Any] = field(default_factory=dict)
    version: int = 0
    description: str = ""
    environment: str | type | None = None
    train_defaults: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_train_defaults(self.train_defaults, f"Env {self.id!r}")
        if isinstance(self.environment, str) and not is_target_path(self.environment):
            raise RegistrationError(f"Env {self.id!r}: a lazy environment reads 'package.module:Class', "
                                    f"got {self.environment!r}.")
        if self.environment is not None and not isinstance(self.environment, str):
            check_environment(self.environment, f"Env {self.id!r}")
        if isinstance(self.rewards, str):
            raise RegistrationError(f"Env {self.id!r}: rewards is a tuple of reward ids, got the string "
                                    f"{self.rewards!r}; write rewards=({self.rewards!r},).")
        if isinstance(self.entry_point, str) and not is_target_path(self.entry_point):
            raise RegistrationError(f"Env {self.id!r}: a lazy entry_point reads 'package.module:function', "
                                    f"got {self.entry_point!r}.")
        if not self.rewards:
            raise RegistrationError(f"Env {self.id!r} needs at least one reward.")
        if self.reward_weights is not None and len(self.reward_weights) != len(self.rewards):
            raise RegistrationError(
                f"Env {self.id!r} has {len(self.rewards)} rewards {self.rewards} but "
                f"{len(self.reward_weights)} reward_weights {self.reward_weights}; give one weight per reward."
            )


@dataclass
class Env:
    """A made env: its datasets, the kwargs they were built with, and the rewards that judge them."""

    spec: EnvSpec
    train: Dataset
    eval: Dataset
    kwargs: dict[str, Any]

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def rewards(self) -> tuple[str, ...]:
        """Default reward ids; the first one decides pass/fail in evaluation."""
        return self.spec.rewards

    @property
    def prompt_template(self) -> str | None:
        """The format that turned each problem into a prompt (``None`` when the source data holds prompts)."""
        return self.kwargs.get("template")

    @property
    def environment_factory(self) -> type | None:
        """The class for ``GRPOTrainer(environment_factory=...)`` (one instance per rollout), or None: no tools."""
        found = self.spec.environment
        if isinstance(found, str):
            found = load_target(found)
            check_environment(found, f"Env {self.id!r}")
        return found

    def reward_funcs(self, placement: str = "local") -> list[RewardFn]:  # not rewards.RewardFn: a field's name
        """Fresh TRL reward functions for this env's rewards (one instance per checker, shared by the specs), judged
        where ``placement`` says (`rewards.get`)."""
        return rewards.get_many(list(self.rewards), placement=placement)[0]

    def fingerprint(self) -> str:
        """A short hash of id, version and kwargs: identical for identical data."""
        blob = json.dumps([self.id, self.spec.version, self.kwargs], sort_keys=True, default=str)
        return hashlib.sha256(blob.encode()).hexdigest()[:12]

    def require(self, split: str, fix: str = "give it more data") -> Dataset:
        """The ``split`` dataset (``"train"`` or ``"eval"``); an `RlvrError` saying ``fix`` when it is empty."""
        data = getattr(self, split)
        if not len(data):
            raise RlvrError(f"Env {self.id!r} has no problems in its {split!r} split ({self.describe()}); {fix}.")
        return data

    def heldout_rows(self, n: int) -> list[dict[str, Any]]:
        """The first ``n`` held-out problems, as dicts of columns (what the reward audit builds its hacks from)."""
        data = self.require("eval")
        return [data[i] for i in range(min(n, len(data)))]

    def describe(self) -> dict[str, Any]:
        """What a result file records about the env."""
        described = {"id": self.id, "version": self.spec.version, "kwargs": self.kwargs, "rewards": list(self.rewards),
                     "n_train": len(self.train), "n_eval": len(self.eval)}
        if self.spec.environment is not None:
            environment = self.spec.environment
            described["environment"] = environment if isinstance(environment, str) else environment.__qualname__
        return described


def register(id: str, entry_point: str | Builder, rewards: tuple[str, ...] | list[str], **spec_fields: Any) -> EnvSpec:
    """Register an env under ``id``; ``entry_point`` is a builder or a lazy ``"module:function"`` string."""
    spec = EnvSpec(id=id, entry_point=entry_point, rewards=rewards if isinstance(rewards, str) else tuple(rewards),
                   **spec_fields)
    registry.register(id, spec)
    return spec


def spec(id: str) -> EnvSpec:
    """The `EnvSpec` registered as ``id``, or made for ``id`` from the family ``"prefix:*"`` that covers it."""
    family, sep, task = id.partition(":")
    if sep and not task and f"{family}:*" in registry:
        raise _no_task(id, family)
    if sep and id not in registry and family in registry:
        raise UnknownIdError(f"Unknown env {id!r}: {family!r} takes no ':<task>' suffix (only families such as "
                             "'reasoning_gym:<task>' do). To mix envs, list them with weights > 0: "
                             "'arithmetic:0.7,countdown:0.3'.")
    if sep and id not in registry and f"{family}:*" in registry:
        family_spec = _load(f"{family}:*")
        return dataclasses.replace(family_spec, id=id, kwargs={**family_spec.kwargs, "task": task})
    return _load(id)


def train_defaults(id: str) -> dict[str, Any]:
    """The training defaults of the registered env ``id`` (its spec's ``train_defaults``; `envs.train_defaults` also
    takes mixtures).

    >>> train_defaults("products_calculator")["max_completion_length"], train_defaults("arithmetic")
    (128, {})
    """
    return dict(spec(id).train_defaults)


def _no_task(id: str, family: str) -> UnknownIdError:
    return UnknownIdError(f"Env {id!r} names the family '{family}:*' but no task: write '{family}:<task>', "
                          "e.g. 'reasoning_gym:chain_sum' (see `python -m envs list`).")


def _load(id: str) -> EnvSpec:
    found = registry.load(id)
    return load_target(found) if isinstance(found, str) else found  # an entry point naming an EnvSpec


def make(id: str, **kwargs: Any) -> Env:
    """Build the registered env ``id`` (`envs.make` also takes mixtures); ``kwargs`` override the spec's defaults.

    Raises:
        UnknownIdError: ``id`` is not registered.
        RlvrError: the builder rejects the kwargs, or its datasets lack a ``prompt`` column.
    """
    if id.endswith(":*"):
        raise _no_task(id, id[:-2])
    env_spec = spec(id)
    builder = load_target(env_spec.entry_point) if isinstance(env_spec.entry_point, str) else env_spec.entry_point
    what = f"Cannot make env {id!r} with kwargs {kwargs}"
    check_kwargs(what, builder, kwargs)
    merged = {**_defaults(builder), **env_spec.kwargs, **kwargs}  # fully resolved, so results record every knob
    try:
        train, eval_ = builder(**merged)
    except RlvrError:
        raise
    except (TypeError, ValueError) as e:  # the builder's own checks (digits >= 1 ...), named with its options
        raise OptionError(f"{what}: {str(e).rstrip('.')}. Options: {describe_options(builder)}.") from e
    for name, ds in (("train", train), ("eval", eval_)):
        if "prompt" not in ds.column_names:
            raise RlvrError(f"Env {id!r} built a {name} dataset without a 'prompt' column: {ds.column_names}.")
    return Env(env_spec, train, eval_, merged)


def parse_kwargs(items: list[str] | None) -> dict[str, Any]:
    """Env options from the command line: ``["digits=3", "operators=+-"]`` -> ``{"digits": 3, "operators": "+-"}``.

    Values are read as YAML, so numbers, booleans and lists keep their types (`rewards.registry.parse_value`).

    >>> parse_kwargs(["digits=3", "chat=true", "levels=[1, 2]"])
    {'digits': 3, 'chat': True, 'levels': [1, 2]}
    """
    kwargs: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"Env options are key=value items (e.g. digits=3), got {item!r}.")
        if key in kwargs:
            raise OptionError(f"Env option {key!r} is given twice ({key}={kwargs[key]!r} and {item}); give it once.")
        kwargs[key] = parse_value(value)
    return kwargs


def _defaults(builder: Builder) -> dict[str, Any]:
    try:
        params = inspect.signature(builder).parameters.values()
    except (TypeError, ValueError):
        return {}
    return {p.name: p.default for p in params if p.default is not inspect.Parameter.empty}


def available() -> list[str]:
    """The ids of all registered envs, sorted."""
    return registry.ids()
