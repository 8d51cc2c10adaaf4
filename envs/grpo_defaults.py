"""Training defaults an env carries (``EnvSpec.train_defaults``): `GRPOConfig` fields and a few train.py flags.

A tool env needs other GRPO settings than a single-turn one (long completions, tool iterations, fewer rollouts per
step), so its spec can say which; train.py applies them under its flags and YAML and above its own defaults.

Names are checked when the env is registered. `GRPOConfig`'s field names are read from the source of TRL and
transformers with `ast`, not by importing them: importing `trl.GRPOConfig` loads torch (seconds), and every
``import envs`` registers the built-in envs. `tests/envs/test_train_defaults.py` checks the names read equal the
real dataclass fields; where the source cannot be read, the check is left to train.py, which uses the real class.

A mixture's defaults merge its envs' (`merge_train_defaults`): the room a rollout gets (`ROOM_FIELDS`) is the
largest any env asks for, since every env's rollouts must fit; any other field must agree wherever two envs set it.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from rewards.errors import RegistrationError, RlvrError, did_you_mean
from rewards.reading import syntax

__all__ = ["ROOM_FIELDS", "SCRIPT_FIELDS", "TrainDefaultsConflictError", "check_train_defaults", "grpo_fields",
           "merge_train_defaults"]

# train.py flags an env may set: how its before/after and periodic (--eval_every) evaluations are sized. Not the
# model, rewards or env options, nor whether --eval_every runs.
SCRIPT_FIELDS = ("eval_n", "eval_k", "eval_limit", "eval_without_tools", "eval_every_limit", "eval_every_n")

# A mixture takes the largest of these over its envs: the room one rollout gets.
ROOM_FIELDS = ("max_completion_length", "max_tool_calling_iterations")

# GRPOConfig and the classes it inherits its fields from, as (package, file in it, class).
_CONFIG_CLASSES = (("trl", "trainer/grpo_config.py", "GRPOConfig"), ("trl", "trainer/base_config.py", "_BaseConfig"),
                   ("transformers", "training_args.py", "TrainingArguments"))


@functools.cache
def grpo_fields() -> frozenset[str] | None:
    """The field names of TRL's `GRPOConfig` (its own and inherited), or None where their source cannot be read."""
    names: set[str] = set()
    for package, file, cls in _CONFIG_CLASSES:
        spec = importlib.util.find_spec(package)  # a top-level package: finding it imports nothing
        if spec is None or not spec.submodule_search_locations:
            return None
        path = Path(list(spec.submodule_search_locations)[0]) / file
        try:
            tree = syntax.parse(path.read_text(), str(path))
        except (OSError, SyntaxError):
            return None
        body = next((n.body for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls), None)
        if body is None:
            return None
        names.update(n.target.id for n in body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
                     and not n.target.id.startswith("_") and "ClassVar" not in ast.unparse(n.annotation))
    return frozenset(names)


def check_train_defaults(defaults: Any, where: str) -> dict[str, Any]:
    """``defaults`` as a plain dict, after checking each name is a `GRPOConfig` field or one of `SCRIPT_FIELDS`.

    Raises:
        RegistrationError: not a mapping of names to values, or a name neither `GRPOConfig` nor train.py knows,
            with the closest known names.
    """
    if not isinstance(defaults, Mapping):
        raise RegistrationError(f"{where}: train_defaults maps GRPOConfig fields or train.py flags to values, e.g. "
                                f"{{'max_completion_length': 128}}; got {type(defaults).__name__} {defaults!r}.")
    fields = grpo_fields()
    for name, value in defaults.items():
        if not isinstance(name, str):
            raise RegistrationError(f"{where}: a train_defaults key is a field name (a string), got {name!r}.")
        if name in ("output_dir", "env", "model", "reward", "env_kwargs"):
            raise RegistrationError(f"{where}: train_defaults cannot set {name!r}; an env sets how it is trained "
                                    "and evaluated, not where results go or which env, model or rewards run.")
        if fields is not None and name not in fields and name not in SCRIPT_FIELDS:
            known = sorted(fields | set(SCRIPT_FIELDS))
            raise RegistrationError(f"{where}: train_defaults names {name!r}, which is neither a GRPOConfig field nor "
                                    f"a train.py flag an env may set ({', '.join(SCRIPT_FIELDS)})."
                                    f"{did_you_mean(name, known)}")
        if not isinstance(value, (bool, int, float, str, list, tuple, type(None))):
            raise RegistrationError(f"{where}: train_defaults[{name!r}] must be a plain value (number, string, "
                                    f"bool, list or None) as on a command line, got {type(value).__name__}.")
    return dict(defaults)


class TrainDefaultsConflictError(RlvrError):
    """Two envs of a mixture set one training default to different values (and no flag settles it)."""


def merge_train_defaults(by_env: Mapping[str, Mapping[str, Any]], where: str,
                         settled: Collection[str] = ()) -> dict[str, Any]:
    """One set of training defaults for envs trained together: `ROOM_FIELDS` take the largest value any env sets,
    every other field the value the envs that set it agree on; fields in ``settled`` (given by the caller) are left
    out.

    >>> merge_train_defaults({"a": {"max_completion_length": 128, "max_steps": 50},
    ...                       "b": {"max_completion_length": 512}}, "Mixture 'a,b'")
    {'max_completion_length': 512, 'max_steps': 50}

    Raises:
        TrainDefaultsConflictError: two envs set a field outside `ROOM_FIELDS` to different values, naming both and how
            to settle it.
    """
    values: dict[str, dict[str, Any]] = {}
    for env_id, defaults in by_env.items():
        for name, value in defaults.items():
            if name not in settled:
                values.setdefault(name, {})[env_id] = value
    merged = {}
    for name, by_id in values.items():
        distinct: list[Any] = []
        for value in by_id.values():  # by equality, not hash: a default may be a list (``eval_k``)
            if value not in distinct:
                distinct.append(value)
        if name in ROOM_FIELDS:
            merged[name] = max(distinct)
        elif len(distinct) == 1:
            merged[name] = distinct[0]
        else:
            given = ", ".join(f"{v!r} for {e!r}" for e, v in by_id.items())
            raise TrainDefaultsConflictError(
                f"{where}: its envs set different train defaults for {name!r} ({given}); only "
                f"{', '.join(ROOM_FIELDS)} are merged (the largest wins). Set it yourself: --{name} VALUE "
                "(or in the --config YAML).")
    return merged
