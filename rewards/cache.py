"""A cache for pure functions of short strings: the answers and golds a reward sees many times in a step.

Long strings (whole completions) are neither hashed nor kept, so a 100 KB degenerate completion costs nothing here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import TypeVar

T = TypeVar("T")
SHORT = 1_000  # characters: strings up to this long are cached (answers); longer ones (whole texts) never are


def cached_for_short(maxsize: int = 65_536) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """`functools.lru_cache` for a pure function of strings, used only when every string argument is short.

    A reward sees the same gold once per completion and the same few answer forms many times; caching those saves
    most of the per-completion work, while a 100 KB degenerate completion is neither hashed nor kept.
    """
    def decorate(fn: Callable[..., T]) -> Callable[..., T]:
        cached = lru_cache(maxsize=maxsize)(fn)

        @wraps(fn)
        def call(*args: object, **kwargs: object) -> T:
            for a in args:  # a plain loop: this runs ~10 times per completion, a generator costs more than the work
                if isinstance(a, str) and len(a) > SHORT:
                    return fn(*args, **kwargs)
            if kwargs and any(isinstance(a, str) and len(a) > SHORT for a in kwargs.values()):
                return fn(*args, **kwargs)
            return cached(*args, **kwargs)

        return call

    return decorate
