"""Checks that a TRL environment class can serve as ``environment_factory``, at registration rather than mid-run.

TRL (1.16) makes one instance per rollout, calls ``reset(**row)``, and exposes every public function of the class
(``reset`` and ``get_reward`` aside) as a tool, whose JSON schema transformers builds from its type hints and
Google-style docstring (``get_json_schema``). A tool without a hint or a documented argument fails there, inside
``GRPOTrainer``; here it fails when the env is registered, with a message naming the tool and the missing part.
"""

from __future__ import annotations

import inspect
import re
from typing import Any

from rewards.errors import RegistrationError

__all__ = ["check_environment", "tool_names"]

_NOT_TOOLS = ("reset", "get_reward")


def tool_names(cls: type) -> list[str]:
    """The methods of ``cls`` that TRL exposes as tools: public functions other than ``reset`` and ``get_reward``.

    >>> class Calc:
    ...     def reset(self, **row): pass
    ...     def add(self, a: int, b: int) -> int: ...
    ...     def _helper(self): pass
    >>> tool_names(Calc)
    ['add']
    """
    return [name for name, _ in inspect.getmembers(cls, predicate=inspect.isfunction)
            if name not in _NOT_TOOLS and not name.startswith("_")]


def check_environment(cls: Any, where: str = "environment") -> None:
    """Raise `RegistrationError` unless ``cls`` is a class with ``reset`` and at least one documented, typed tool (or
    none, for an environment that scores its rollout itself: ``_episode_reward``, `rewards.env_reward`).

    Raises:
        RegistrationError: naming the class, the tool and what it lacks (a type hint, a docstring, an ``Args:``
            entry), and the fix.
    """
    name = getattr(cls, "__qualname__", repr(cls))
    if not inspect.isclass(cls):
        raise RegistrationError(f"{where}: environment_factory must be a class (TRL makes one instance per rollout "
                                f"and reads its tools from the class), got {cls!r}.")
    if not callable(getattr(cls, "reset", None)):
        raise RegistrationError(f"{where}: environment {name} has no reset(self, **row) method; TRL calls it at the "
                                "start of every rollout.")
    tools = tool_names(cls)
    # An environment that judges its rollout (`rewards.env_reward`'s hook) is worth making without tools: a
    # single-turn OpenEnv environment, whose rollout is its reset and the final message.
    if not tools and not callable(getattr(cls, "_episode_reward", None)):
        raise RegistrationError(f"{where}: environment {name} has no tools: define a public method with type hints "
                                "and a Google-style docstring (private names, reset and get_reward are not tools).")
    for tool in tools:
        _check_tool(getattr(cls, tool), f"{where}: tool {name}.{tool}")


def _check_tool(fn: Any, what: str) -> None:
    params = [p for p in inspect.signature(fn).parameters.values() if p.name not in ("self", "cls")]
    for p in params:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            raise RegistrationError(f"{what} takes *{p.name}; a tool's arguments must be named, typed parameters.")
        if p.annotation is inspect.Parameter.empty:
            raise RegistrationError(f"{what} has no type hint for argument {p.name!r}; write e.g. "
                                    f"'{p.name}: str' (the model's JSON arguments are typed from it).")
    doc = inspect.getdoc(fn)
    if not doc:
        raise RegistrationError(f"{what} has no docstring; the model reads the tool's description and its 'Args:' "
                                "section (Google style).")
    documented = _documented_args(doc)
    missing = [p.name for p in params if p.name not in documented]
    if missing:
        raise RegistrationError(f"{what}: its docstring has no 'Args:' entry for {', '.join(map(repr, missing))}; "
                                f"add '    {missing[0]}: <what it is>' under 'Args:'.")


def _documented_args(doc: str) -> set[str]:
    """Argument names under a Google-style ``Args:`` section (``name: text`` or ``name (type): text``)."""
    section = re.search(r"^\s*Args:\s*\n(.*?)(?=^\s*(?:Returns|Raises|Yields|Examples?|Notes?):|\Z)", doc,
                        re.MULTILINE | re.DOTALL)
    if not section:
        return set()
    return set(re.findall(r"^\s+(\w+)\s*(?:\([^)]*\))?\s*:", section.group(1), re.MULTILINE))
