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


# LaTeX that shows nothing of its own. Arguments dropped with the command: {name: brace groups}; sizes after a
# command: "\kern2pt"; spacing words; commands that show their argument unchanged ("\smash{x}" is x, drawn with no
# height; "\textcolor{red}{x}" is x) and switches that change only the look ("\displaystyle", "\limits").
_HIDDEN = {"phantom": 1, "hphantom": 1, "vphantom": 1, "color": 1, "hspace": 1, "vspace": 1, "mspace": 1,
           "rule": 2, "raisebox": 1, "pagecolor": 1}
_SIZED = frozenset("kern mkern hskip vskip mskip hglue vglue moveleft moveright lower raise".split())
_SPACING = frozenset("quad qquad enspace enskip thinspace medspace thickspace negthinspace negmedspace negthickspace "
                     "space nobreakspace hfill hfil vfill strut mathstrut".split())
_UNWRAP = {"smash": 0, "textcolor": 1, "colorbox": 1, "fcolorbox": 2, "mathrlap": 0, "mathllap": 0, "rlap": 0,
           "llap": 0, "mathclap": 0, "clap": 0}  # {name: colour groups before the content}
_LOOK = frozenset("displaystyle textstyle scriptstyle scriptscriptstyle limits nolimits".split())
_LATEX_COMMAND = re.compile(r"\\\\|\\([A-Za-z]+)\*?")
_BARE_SIZE = re.compile(r"\s*(?:[-+]\s*)?(?:\d+\.?\d*|\.\d+)(?:\s*[a-z]{2,4})?")
_OPTIONAL = re.compile(r"\s*\[[^\[\]{}]*\]")


def shown_latex(text: str) -> str:
    """``text`` as LaTeX draws it: invisible and decorative commands (``\\phantom{4}``, ``\\color{red}``,
    ``\\kern2pt``, ``\\quad``, ``\\displaystyle``) gone, shown content of wrappers kept (``\\textcolor{red}{5}`` is
    ``5``, ``\\smash{5}`` is ``5``). One pass over the commands and one brace scan per argument: linear, no recursion.

    >>> shown_latex("\\\\phantom{4}3"), shown_latex("\\\\textcolor{red}{5}\\\\,\\\\quad"), shown_latex("1\\\\kern x")
    (' 3', ' 5\\\\, ', '1  x')
    """
    if "\\" not in text:
        return text
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement), applied at the end
    pos = 0
    for m in _LATEX_COMMAND.finditer(text):
        name = m[1]
        if m.start() < pos or name is None:
            continue
        if name in _HIDDEN:
            pos = _past_groups(text, m.end(), _HIDDEN[name])
        elif name in _SIZED:
            size = _BARE_SIZE.match(text, m.end())
            pos = size.end() if size is not None else m.end()
        elif name in _SPACING or name in _LOOK:
            pos = m.end()
        elif name in _UNWRAP:
            pos = _past_groups(text, m.end(), _UNWRAP[name], optional_after=True)
            close = matching_brace(text, pos) if text.startswith("{", pos) else -1
            if close > 0:  # the content stays; its braces go, so "\smash{5}" reads as a bare 5
                edits.append((close - 1, close, ""))
                pos += 1
        else:
            continue
        edits.append((m.start(), pos, "" if name in _LOOK else " "))
    return _apply(text, edits) if edits else text


def _past_groups(text: str, pos: int, groups: int, optional_after: bool = False) -> int:
    """The index past ``[...]`` options and ``groups`` brace groups at ``pos`` (a missing group ends the scan)."""
    for _ in range(groups + optional_after):
        while (opt := _OPTIONAL.match(text, pos)) is not None:
            pos = opt.end()
        if _ == groups:
            break
        start = pos
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if not text.startswith("{", pos):
            return start
        end = matching_brace(text, pos)
        pos = end if end > 0 else len(text)
    return pos


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    out, pos = [], 0
    for start, end, new in sorted(edits):
        if start < pos:
            continue
        out += [text[pos:start], new]
        pos = end
    out.append(text[pos:])
    return "".join(out)
