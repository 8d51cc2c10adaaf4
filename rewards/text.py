"""Text helpers every reward shares: the brace matcher, the "text after the reasoning" reader, a cache for short
strings.

One home, so the math extraction, the input caps and the format rewards cannot drift apart (before this there were
three brace matchers and two ``</think>`` readers, one case-sensitive and one not).

- `matching_brace` scans once, linearly, and treats a backslash as escaping the next character (``\\{`` and ``\\}``
  are literal braces in LaTeX); no regex, so a brace bomb costs one pass.
- `after_reasoning` reads reasoning tags case-insensitively: a model writing ``</Think>`` has still closed its
  reasoning as far as *where its answer is* goes. Whether a tag is spelled exactly is the format rewards' business:
  they fail every tag that is not exact (`rewards.format`) before reading any answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache, wraps
from typing import TypeVar

T = TypeVar("T")
SHORT = 1_000  # characters: strings up to this long are cached (answers); longer ones (whole texts) never are

_THINK_OPEN = re.compile(r"<think>", re.IGNORECASE)
_THINK_CLOSE = re.compile(r"</think>", re.IGNORECASE)


def matching_brace(text: str, open_at: int) -> int:
    """The index just past the ``}`` matching the ``{`` at ``open_at``, or -1 when it never closes.

    A backslash escapes the next character, so ``\\{`` and ``\\}`` neither open nor close a group.

    >>> matching_brace("a{b{c}\\\\}d}e", 1), matching_brace("{x", 0)
    (10, -1)
    """
    depth, i = 1, open_at + 1
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if not depth:
                return i + 1
        i += 1
    return -1


def after_reasoning(text: str) -> str | None:
    """The text after the last ``</think>`` (any case); all of it without reasoning tags; ``None`` when reasoning
    never closes (a ``<think>`` with no ``</think>`` after it).

    >>> after_reasoning("<think>a</think> 5"), after_reasoning("5"), after_reasoning("<THINK>a</THINK>5<think>b")
    (' 5', '5', None)
    """
    closes = list(_THINK_CLOSE.finditer(text))
    if closes:
        text = text[closes[-1].end():]
    return None if _THINK_OPEN.search(text) else text


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
