"""Mixed-task envs: ``envs.make("arithmetic:0.7,countdown:0.3")`` trains on several envs at once.

The id lists envs separated by commas, each with an optional ``:<weight>`` (default 1; weights are normalised). The
mixture's train set draws from each env in proportion to its weight: it is the largest mix that keeps the
proportions without repeating a row (0.7/0.3 over two 8000-row envs gives 8000 + 3428 rows). Its eval set is every
env's eval set, whole. Every row gains a ``task`` column (the env id) and a ``task_reward`` column (that env's
pass/fail reward); columns one env lacks are ``None`` on its rows.

Training rewards are each env's rewards restricted to its own rows (`rewards.by_task.TaskReward`), named
``<env>/<reward>``, so GRPOTrainer logs ``rewards/<env>/<reward>/mean`` per task. Pass/fail is ``by_task``.
`evaluate_by_task` reports pass rates per task and pooled over all eval problems.

Kwargs: ``key=value`` goes to every env (``seed``, ``n_eval``...), ``<env>.key=value`` to one env only
(``arithmetic.digits=1``). Limits: all envs must agree on the prompt form (all plain text or all chat), and a
column shared by two envs must hold one type.

Tool envs mix too. When one component has tools, every row also gets an ``environment`` column (its env id, as
``task``) and ``environment_factory`` is the ``{env id: class}`` dict TRL's ``GRPOTrainer`` routes rows by: each
prompt is rendered with its own env's tools, and a plain env's rows get `NoTools` (a ``reset`` and no tools, so
their prompts carry no tool preamble). Tool envs have chat prompts, so the plain envs of such a mixture need
``chat=True``. `train_defaults` merges the components' training defaults.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from datasets import Dataset

import rewards
from envs import registration
from envs.grpo_defaults import merge_train_defaults
from envs.registration import Env, EnvSpec, make
from rewards.by_task import TaskReward
from rewards.errors import RlvrError, UnknownIdError
from rewards.protocol import RewardFn

logger = logging.getLogger(__name__)


def parse_mixture(id: str) -> list[tuple[str, float]]:
    """``[(env_id, weight), ...]`` from ``"a:0.7,b:0.3"``; weights sum to 1.

    >>> parse_mixture("arithmetic:3,reasoning_gym:chain_sum")
    [('arithmetic', 0.75), ('reasoning_gym:chain_sum', 0.25)]
    """
    parts: list[tuple[str, float]] = []
    for item in (p.strip() for p in id.split(",")):
        name, sep, weight = item.rpartition(":")
        if not (sep and _is_number(weight)):
            name, weight = item, "1"
        if not name or not math.isfinite(float(weight)) or float(weight) <= 0:
            raise RlvrError(f"Bad mixture item {item!r} in {id!r}: expected 'env' or 'env:weight' with weight > 0, "
                            "e.g. 'arithmetic:0.7,countdown:0.3'.")
        parts.append((name, float(weight)))
    names = [n for n, _ in parts]
    if len(set(names)) != len(names):
        raise RlvrError(f"Mixture {id!r} lists an env twice; give each env once with its weight.")
    total = sum(w for _, w in parts)
    return [(n, w / total) for n, w in parts]


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


@dataclass
class MixedEnv(Env):
    """An env made of other envs: ``components`` with their mixing ``weights`` (same order)."""

    components: list[Env] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)

    @property
    def environment_factory(self) -> dict[str, type] | None:  # type: ignore[override]
        """``{env id: class}`` for TRL's multi-environment ``GRPOTrainer`` when a component has tools (`NoTools` for
        the plain ones), else None."""
        if all(c.spec.environment is None for c in self.components):
            return None
        return {c.id: c.environment_factory or NoTools for c in self.components}

    @property
    def rewards(self) -> tuple[str, ...]:
        """``("by_task",)``: each row judged pass/fail by its own env's first reward."""
        return ("by_task",)

    def reward_funcs(self, placement: str = "local") -> list[RewardFn]:  # not rewards.RewardFn: a field's name
        """Every env's rewards, each restricted to that env's rows and named ``<env>/<reward>``."""
        # get_many shares instances within an env, so a checker two of its rewards use runs once per batch.
        return [TaskReward(fn, env.id) for env in self.components
                for fn in rewards.get_many(list(env.rewards), placement=placement)[0]]

    def fingerprint(self) -> str:
        blob = json.dumps([[c.fingerprint() for c in self.components], self.weights])
        return hashlib.sha256(blob.encode()).hexdigest()[:12]

    def describe(self) -> dict[str, Any]:
        counts = Counter(self.train["task"])
        return {"id": self.id, "version": self.spec.version, "rewards": list(self.spec.rewards),
                "n_train": len(self.train), "n_eval": len(self.eval),
                "tasks": {c.id: {**c.describe(), "weight": w, "n_train_mixed": counts.get(c.id, 0)}
                          for c, w in zip(self.components, self.weights)}}


def make_mixture(id: str, **kwargs: Any) -> MixedEnv:
    """Make the mixture ``id`` (see the module docstring for the id and kwargs syntax)."""
    parts = parse_mixture(id)
    names = [n for n, _ in parts]
    shared = {k: v for k, v in kwargs.items() if "." not in k}
    own: dict[str, dict[str, Any]] = {n: {} for n in names}
    for key, value in kwargs.items():
        if "." in key:
            env_id, _, knob = key.rpartition(".")
            if env_id not in own:
                raise RlvrError(f"Mixture kwarg {key!r} names env {env_id!r}, which is not in the mixture {names}.")
            own[env_id][knob] = value
    components = []
    for name in names:
        try:
            components.append(make(name, **{**shared, **own[name]}))
        except UnknownIdError:
            raise
        except RlvrError as e:
            raise RlvrError(f"{e} (in the mixture {id!r}; give an env its own kwargs as '{name}.key=value')") from e
    _check_prompt_forms(id, components)
    tooled = any(c.spec.environment is not None for c in components)
    weights = [w for _, w in parts]
    # The largest total N with N * w_i <= len(train_i) for every env: proportions kept, no row repeated.
    total = min(len(c.train) / w for c, w in zip(components, weights))
    take = [min(len(c.train), round(total * w)) for c, w in zip(components, weights)]
    train = _union([_tag(c, c.train, tooled) for c in components], take, id).shuffle(seed=int(shared.get("seed", 0)))
    eval_ = _union([_tag(c, c.eval, tooled) for c in components], [len(c.eval) for c in components], id)
    canonical = ",".join(f"{n}:{w:.4g}" for n, w in parts)
    # The spec records what was mixed; the entry point is this function, which returns a MixedEnv, not (train, eval).
    spec = EnvSpec(id=canonical, entry_point=make_mixture,  # type: ignore[arg-type]  # recorded, never built from
                   rewards=tuple(f"{c.id}/{r}" for c in components for r in c.rewards),
                   reward_weights=_reward_weights(components),
                   description=f"mixture of {', '.join(names)}")
    return MixedEnv(spec, train, eval_, {"id": id, **kwargs}, components=components, weights=weights)


def train_defaults(id: str, settled: Collection[str] = ()) -> dict[str, Any]:
    """The training defaults of the mixture ``id``: its envs' merged (`envs.grpo_defaults.merge_train_defaults`),
    leaving out the fields in ``settled`` (those the caller sets itself, e.g. by a flag).

    >>> train_defaults("products_calculator,arithmetic")["max_completion_length"]
    128

    Raises:
        TrainDefaultsConflictError: two envs set a field (other than the room of a rollout) to different values.
    """
    by_env = {name: registration.train_defaults(name) for name, _ in parse_mixture(id)}
    return merge_train_defaults(by_env, f"Mixture {id!r}", settled)


def _reward_weights(components: list[Env]) -> tuple[float, ...] | None:
    if all(c.spec.reward_weights is None for c in components):
        return None
    return tuple(w for c in components for w in (c.spec.reward_weights or (1.0,) * len(c.rewards)))


def _check_prompt_forms(id: str, components: list[Env]) -> None:
    plain = [c.id for c in components if len(c.train) and isinstance(c.train[0]["prompt"], str)]
    if not plain or len(plain) == len(components):
        return
    tooled = [c.id for c in components if c.spec.environment is not None]
    if tooled:
        raise RlvrError(f"Mixture {id!r} mixes tool envs {tooled}, whose prompts are chat, with plain-text envs "
                        f"{plain}; give those chat prompts: {' '.join(f'{p}.chat=true' for p in plain)} "
                        "(--env_kwargs).")
    raise RlvrError(f"Mixture {id!r} mixes plain-text and chat prompts; make every env the same (chat=...).")


def _tag(env: Env, dataset: Dataset, tooled: bool) -> dict[str, list[Any]]:
    tags = {"task": [env.id] * len(dataset), "task_reward": [env.rewards[0]] * len(dataset)}
    if tooled:  # TRL's multi-environment routing key: a key of `MixedEnv.environment_factory`
        tags["environment"] = tags["task"]
    return {**dataset.to_dict(), **tags}


class NoTools:
    """The environment of a plain env's rows in a mixture with tool envs: TRL requires one per row; this one has
    ``reset`` and no tools, so TRL renders the row's prompt with ``tools=None`` (no tool preamble)."""

    def reset(self, **row: Any) -> None:
        """Start a rollout; there is nothing to keep."""


def _union(tables: list[dict[str, list[Any]]], take: list[int], id: str) -> Dataset:
    names = list(dict.fromkeys(c for table in tables for c in table))
    columns: dict[str, list[Any]] = {c: [] for c in names}
    for table, n in zip(tables, take):
        for c in names:
            columns[c].extend(table[c][:n] if c in table else [None] * n)
    try:
        return Dataset.from_dict(columns)
    except Exception as e:  # pyarrow's type errors name neither the column nor the envs
        raise RlvrError(f"Cannot mix the envs of {id!r}: a column shared by two envs holds different types ({e}). "
                        "Rename the column in one env's builder.") from e
