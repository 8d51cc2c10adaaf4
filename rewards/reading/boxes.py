"""Boxes: each box's content as it is drawn, and the boxes written together as one answer.

A box is every command TeX and MathJax draw a frame with: ``\\boxed``, ``\\fbox``, ``\\framebox`` (options
``[w][pos]`` skipped), ``\\fcolorbox{frame}{fill}{...}``, MathJax's ``\\bbox[...]{...}``. Without braces a box
takes what follows it up to a space, a dollar or a brace (``\\boxed 6``, ``\\boxed \\pi``), as the field's
readers of ``\\boxed 6`` do. A box inside a box is its content (``\\boxed{\\fbox{5}}`` is ``5``). A box inside a
crossed-out argument (``\\cancel``, ``\\bcancel``, ``\\xcancel``, ``\\sout``, ``\\xout``, ``\\st``) was struck, not
answered: it is no box.

A box's content is read with the one brace matcher (one linear scan per box: no regex backtracking on brace bombs)
and stripped of what LaTeX draws as nothing (`rewards.reading.shown.shown_latex`), so ``\\boxed{\\phantom{4}}`` is
an empty box. Boxes written together (only math delimiters, spacing, punctuation or "or"/"and" between them:
``\\boxed{5} or \\boxed{6}``) form the final group; any other text between two boxes makes the earlier one an
intermediate result.
"""

from __future__ import annotations

import re

from rewards.reading.shown import matching_brace, past_groups, shown_latex, untext

_BOX = re.compile(r"\\(boxed|fbox|framebox|fcolorbox|bbox)(?![A-Za-z])\*?")
_GROUPS_BEFORE = {"fcolorbox": 2}  # colour groups before the content
_BARE_ARGUMENT = re.compile(r"[ \t]*(\\[A-Za-z]+|[^\s$\\{}]+)")  # "\boxed 6", "\boxed \pi"
MAX_NESTED = 4  # boxes inside a box unwrapped; deeper nesting stays as written (bounds the rescans)
# Between two boxes written together as one answer ("\boxed{5} or \boxed{6}", "\boxed{1}, \boxed{2}") there are only
# math delimiters, spacing, punctuation, joining words and the variable each box gives ("$x = \boxed{-3}$ and
# $x = \boxed{5}$"); any other text makes the earlier box an intermediate result.
_JOINER = re.compile(r"(?:\\[\[\]()]|\\q?quad|\\[,;:! ]|[\s$.,;:&~]|\b(?:or|and|maybe|perhaps|possibly|either)\b"
                     r"|\b[A-Za-z](?:_\{?\w\}?)?\s*=)*",
                     re.IGNORECASE)
MAX_JOINER_CHARS = 200


def boxes(text: str) -> tuple[list[tuple[str, int, int]], bool]:
    """Each balanced box's content (as drawn, stripped), start and end index (just past its ``}``), and whether a box
    after the last one is unclosed.

    >>> boxes("so \\\\boxed{2} and \\\\boxed{\\\\phantom{4}3")
    ([('2', 3, 12)], True)
    """
    found: list[tuple[str, int, int]] = []
    pos = 0
    struck, j = _struck(text) if "\\" in text else [], 0  # spans in order: one pointer walks them with the boxes
    while (m := _BOX.search(text, pos)) is not None:
        while j < len(struck) and struck[j][1] <= m.start():
            j += 1
        if j < len(struck) and struck[j][0] <= m.start():
            pos = struck[j][1]  # "\cancel{\boxed{5}}": a crossed-out box is no answer
            continue
        start = past_groups(text, m.end(), _GROUPS_BEFORE.get(m[1], 0), optional_after=True)
        while start < len(text) and text[start].isspace():
            start += 1
        if text.startswith("{", start):
            end = matching_brace(text, start)  # one linear scan per box: no regex backtracking on brace bombs
            if end < 0:
                return found, True
            inner = text[start + 1: end - 1]
        elif (bare := _BARE_ARGUMENT.match(text, m.end())) is not None:
            inner, end = bare[1].rstrip(".,;:"), bare.end()
        else:  # "\boxed" with nothing after it draws no box
            pos = m.end()
            continue
        found.append((_strip_latex(shown_latex(_unboxed(inner))), m.start(), end))  # what the box shows
        pos = end
    return found, False


# Commands that draw their argument crossed out (cancel, ulem, soul): a box inside one was struck, not answered.
_STRIKE = re.compile(r"\\(?:cancel|bcancel|xcancel|sout|xout|st)(?![A-Za-z])\s*(?=\{)")


def _struck(text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` spans of crossed-out arguments, outermost only, in order. Linear: a strike inside a span
    already found is not scanned again, and an unclosed one ends the scan (it would strike to the end)."""
    spans: list[tuple[int, int]] = []
    pos = 0
    while (m := _STRIKE.search(text, pos)) is not None:
        end = matching_brace(text, m.end())
        if end < 0:
            spans.append((m.start(), len(text)))
            break
        spans.append((m.start(), end))
        pos = end
    return spans


def _unboxed(content: str) -> str:
    """``content`` with the boxes inside it replaced by what they hold (up to `MAX_NESTED` levels)."""
    for _ in range(MAX_NESTED):
        if _BOX.search(content) is None:
            break
        spans, unclosed = boxes(content)
        if unclosed or not spans:
            break
        parts, pos = [], 0
        for inner, start, end in spans:
            parts += [content[pos:start], inner]
            pos = end
        content = "".join(parts) + content[pos:]
    return content


def boxed_contents(text: str) -> tuple[list[str], bool]:
    """The contents of every balanced ``\\boxed{}``/``\\fbox{}`` in order, and whether one after the last is unclosed.

    >>> boxed_contents("\\\\boxed{\\\\frac{1}{2}} and \\\\boxed{3")
    (['\\\\frac{1}{2}'], True)
    """
    spans, unclosed = boxes(text)
    return [content for content, _, _ in spans], unclosed


def final_boxes(text: str) -> tuple[list[str], bool]:
    """The last box's content and those of the boxes written together with it (``\\boxed{-3} and \\boxed{5}``),
    in order, and whether a box after the last closed one is unclosed.

    >>> final_boxes("First \\\\boxed{1}. The roots are \\\\boxed{-3} and \\\\boxed{5}.")
    (['-3', '5'], False)
    """
    spans, unclosed = boxes(text)
    return (last_group(text, spans) if spans else []), unclosed


def last_group(text: str, spans: list[tuple[str, int, int]]) -> list[str]:
    """The contents of the last box in ``spans`` (from `boxes`) and of the boxes written together with it."""
    group = [spans[-1][0]]
    for (content, _, end), (_, start, _) in zip(reversed(spans[:-1]), reversed(spans[1:])):
        if start - end > MAX_JOINER_CHARS or not _JOINER.fullmatch(untext(text[end:start])):
            break
        group.append(content)
    return group[::-1]


def _strip_latex(s: str) -> str:
    """``s.strip()``, keeping the space of a final control space ``\\ `` (so ``\\boxed{\\ }`` stays blank)."""
    stripped = s.strip()
    odd = (len(stripped) - len(stripped.rstrip("\\"))) % 2
    return stripped + " " if odd and len(stripped) < len(s.lstrip()) else stripped
