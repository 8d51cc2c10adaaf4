"""A registry of named objects, shared by rewards and envs (one class, the `kind` word in every message).

Targets are registered directly or as lazy ``"module:attr"`` strings, so importing a registry never imports the
heavy modules behind it. Third-party packages add targets through an entry-point group, unless the environment
variable ``RLVR_KIT_DISABLE_PLUGINS`` is set (to anything but ``0`` or empty): the test suite sets it, so it tests the
kit's own registrations whatever plugins are installed (pytest's ``PYTEST_DISABLE_PLUGIN_AUTOLOAD``).
"""

from __future__ import annotations

import importlib
import inspect
import logging
import os
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from importlib.metadata import entry_points
from typing import Any

import yaml

from rewards.errors import OptionError, RegistrationError, UnknownIdError, did_you_mean

logger = logging.getLogger(__name__)

DISABLE_PLUGINS = "RLVR_KIT_DISABLE_PLUGINS"  # set: entry-point groups are not read


def load_target(path: str) -> Any:
    """Import ``"package.module:attr"`` and return the attribute.

    >>> load_target("math:sqrt")(9.0)
    3.0
    """
    if not is_target_path(path):
        raise UnknownIdError(f"Expected 'package.module:attribute', got {path!r}.")
    module_name, _, attr = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise UnknownIdError(f"Cannot import module {module_name!r} from {path!r}: {e}") from e
    try:
        return getattr(module, attr)
    except AttributeError as e:
        raise UnknownIdError(f"Module {module_name!r} has no attribute {attr!r} (from {path!r}).") from e


def is_target_path(path: str) -> bool:
    """Whether ``path`` reads ``"package.module:attribute"`` (checked without importing anything)."""
    module_name, sep, attr = path.partition(":")
    return bool(sep and module_name and attr)


def parse_value(text: str) -> Any:
    """A command-line value read as YAML (``3`` -> 3, ``[1, 2]`` -> list), kept as the plain string when it is not
    YAML (``%``, ``[1,``) and read as a float when YAML 1.1 leaves exponent notation (``1e-4``) a string.

    >>> parse_value("3"), parse_value("1e-4"), parse_value("%"), parse_value("true")
    (3, 0.0001, '%', True)
    """
    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError:
        return text
    if isinstance(value, str):
        try:
            return float(value) if value.strip().lower() not in ("nan", "inf", "-inf", "+inf", "infinity") else value
        except ValueError:
            return value
    return value


def check_kwargs(what: str, target: Callable[..., Any], kwargs: Mapping[str, Any]) -> None:
    """Raise `OptionError` for a keyword ``target`` does not take or a value its annotation rules out.

    The message starts with ``what`` (e.g. ``"Cannot make env 'arithmetic' with kwargs {...}"``) and lists the
    options ``target`` takes with their defaults. Targets whose signature or annotations cannot be read pass.
    """
    try:
        params = inspect.signature(target).parameters
    except (TypeError, ValueError):
        return
    named = {n: p for n, p in params.items() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    options = describe_options(target)
    if not any(p.kind is p.VAR_KEYWORD for p in params.values()):
        for key in kwargs:
            if key not in named:
                raise OptionError(f"{what}: it has no option {key!r}.{did_you_mean(key, named)} Options: {options}.")
    hints = _type_hints(target)
    for key, value in kwargs.items():
        hint = hints.get(key)
        if hint is not None and not _matches(value, hint):
            quote = " (values are read as YAML; quote a string, e.g. key='\"-\"')" if _matches("", hint) else ""
            raise OptionError(f"{what}: {key}={value!r} ({type(value).__name__}), but {key} takes "
                              f"{_hint_name(hint)}{quote}. Options: {options}.")


def describe_options(target: Callable[..., Any]) -> str:
    """The keywords ``target`` takes, with their defaults: ``"digits=2, operators='+'"``."""
    try:
        params = inspect.signature(target).parameters.values()
    except (TypeError, ValueError):
        return "unknown"
    named = [p for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    return ", ".join(p.name if p.default is p.empty else f"{p.name}={_short(p.default)}" for p in named) or "none"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _type_hints(target: Any) -> dict[str, Any]:
    fn = target.__init__ if inspect.isclass(target) else target
    try:
        return typing.get_type_hints(fn)
    except (NameError, TypeError, AttributeError):  # an unresolvable annotation: skip the type check, keep names
        return {}


def _matches(value: Any, hint: Any) -> bool:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, a) for a in args)
    if origin is typing.Literal:
        return value in args
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    check = origin if origin is not None else hint
    try:
        return not isinstance(check, type) or isinstance(value, check)
    except TypeError:  # a Protocol that is not runtime-checkable: nothing to check against
        return True


def _hint_name(hint: Any) -> str:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return " or ".join(_hint_name(a) for a in typing.get_args(hint))
    if hint is None or hint is type(None):
        return "None"
    return getattr(hint, "__name__", str(hint)) if typing.get_origin(hint) is None else str(hint)


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
        if isinstance(target, str) and not is_target_path(target):
            raise RegistrationError(f"Cannot register {self.kind} {id!r} as {target!r}: a lazy target reads "
                                    "'package.module:attribute', e.g. 'my_pkg.rewards:my_reward'.")
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
        return f"Unknown {self.kind} {id!r}.{did_you_mean(id, ids)} Available {self.kind}s: {', '.join(ids)}."

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
        if plugins_disabled():
            return
        for ep in entry_points(group=self.entry_point_group):
            if ep.name in self._targets:
                logger.warning("Ignoring entry point %s: %s %r is already registered.", ep.value, self.kind, ep.name)
                continue
            self._targets[ep.name] = ep.value


def plugins_disabled() -> bool:
    """Whether ``RLVR_KIT_DISABLE_PLUGINS`` turns the entry-point groups off (any value but ``""`` and ``"0"``)."""
    return os.environ.get(DISABLE_PLUGINS, "") not in ("", "0")


def _describe(target: Any) -> str:
    target = getattr(target, "entry_point", target)  # an env spec is described by its builder
    if isinstance(target, str):
        return repr(target)
    return f"'{getattr(target, '__module__', '?')}:{getattr(target, '__qualname__', type(target).__name__)}'"
