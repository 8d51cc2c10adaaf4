"""A registry of named objects, shared by rewards and envs (one class, the `kind` word in every message).

Targets are registered directly or as lazy ``"module:attr"`` strings, so importing a registry never imports the
heavy modules behind it. Third-party packages add targets through an entry-point group.
"""

from __future__ import annotations

import difflib
import importlib
import logging
from collections.abc import Callable, Iterator
from importlib.metadata import entry_points
from typing import Any

from rewards.errors import RegistrationError, UnknownIdError

logger = logging.getLogger(__name__)


def load_target(path: str) -> Any:
    """Import ``"package.module:attr"`` and return the attribute.

    >>> load_target("math:sqrt")(9.0)
    3.0
    """
    module_name, sep, attr = path.partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"Expected 'package.module:attribute', got {path!r}.")
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise UnknownIdError(f"Cannot import module {module_name!r} from {path!r}: {e}") from e
    try:
        return getattr(module, attr)
    except AttributeError as e:
        raise UnknownIdError(f"Module {module_name!r} has no attribute {attr!r} (from {path!r}).") from e


class Registry:
    """Maps string ids to targets for one kind of object ("reward", "env")."""

    def __init__(self, kind: str, entry_point_group: str | None = None) -> None:
        self.kind = kind
        self.entry_point_group = entry_point_group
        self._targets: dict[str, Any] = {}
        self._entry_points_loaded = False

    def register(self, id: str, target: Any = None, *, check: Callable[[str, Any], None] | None = None) -> Any:
        """Register ``target`` (an object or a lazy ``"module:attr"`` string) under ``id``.

        Without ``target`` it returns a decorator. A duplicate id raises `RegistrationError` naming both targets.
        """
        if target is None:
            return lambda obj: self.register(id, obj, check=check)
        if not isinstance(id, str) or not id:
            raise RegistrationError(f"A {self.kind} id must be a non-empty string, got {id!r}.")
        if id in self._targets and self._targets[id] is not target:
            raise RegistrationError(
                f"Cannot register {self.kind} {id!r} as {_describe(target)}: "
                f"it is already registered as {_describe(self._targets[id])}. Pick another id."
            )
        if check is not None and not isinstance(target, str):
            check(id, target)
        self._targets[id] = target
        return target

    def load(self, id: str) -> Any:
        """Return the target registered as ``id``, importing it if it was registered lazily."""
        self._load_entry_points()
        if id not in self._targets:
            raise UnknownIdError(self.unknown_message(id))
        target = self._targets[id]
        if isinstance(target, str):
            target = self._targets[id] = load_target(target)
        return target

    def unknown_message(self, id: str) -> str:
        """The error text for an unknown id: close matches first, then every registered id."""
        ids = self.ids()
        close = difflib.get_close_matches(id, ids, n=3, cutoff=0.6)
        hint = f" Did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        return f"Unknown {self.kind} {id!r}.{hint} Available {self.kind}s: {', '.join(ids)}."

    def origin(self, id: str) -> str:
        """Where the target of ``id`` lives, as ``"module:attr"`` (without importing it)."""
        self._load_entry_points()
        if id not in self._targets:
            raise UnknownIdError(self.unknown_message(id))
        target = self._targets[id]
        return target if isinstance(target, str) else _describe(target).strip("'")

    def ids(self) -> list[str]:
        """All registered ids, sorted."""
        self._load_entry_points()
        return sorted(self._targets)

    def __contains__(self, id: object) -> bool:
        self._load_entry_points()
        return id in self._targets

    def __iter__(self) -> Iterator[str]:
        return iter(self.ids())

    def _load_entry_points(self) -> None:
        if self._entry_points_loaded or self.entry_point_group is None:
            return
        self._entry_points_loaded = True
        for ep in entry_points(group=self.entry_point_group):
            if ep.name in self._targets:
                logger.warning("Ignoring entry point %s: %s %r is already registered.", ep.value, self.kind, ep.name)
                continue
            self._targets[ep.name] = ep.value


def _describe(target: Any) -> str:
    if isinstance(target, str):
        return repr(target)
    return f"'{getattr(target, '__module__', '?')}:{getattr(target, '__qualname__', type(target).__name__)}'"
