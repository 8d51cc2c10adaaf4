"""``\\boxed{}`` and ``\\fbox{}``: each balanced box's content as it is drawn, and the boxes written together as one
answer.

A box's content is read with the one brace matcher (one linear scan per box: no regex backtracking on brace bombs)
and stripped of what LaTeX draws as nothing (`rewards.reading.shown.shown_latex`), so ``\\boxed{\\phantom{4}}`` is
an empty box. Boxes written together (only math delimiters, spacing, punctuation or "or"/"and" between them:
``\\boxed{5} or \\boxed{6}``) form the final group; any other text between two boxes makes the earlier one an
intermediate result.
"""

from __future__ import annotations

import re

from rewards.reading.shown import matching_brace, shown_latex, untext

_BOX = re.compile(r"\\(?:boxed|fbox)\s*\{")
# Between two boxes written together as one answer ("\boxed{5} or \boxed{6}", "\boxed{1}, \boxed{2}") there are only
# math delimiters, spacing, punctuation and joining words; any other text makes the earlier box an intermediate result.
_JOINER = re.compile(r"(?:\\[\[\]()]|\\q?quad|\\[,;:! ]|[\s$.,;:&~]|\b(?:or|and|maybe|perhaps|possibly|either)\b)*",
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
    while (m := _BOX.search(text, pos)) is not None:
        i = matching_brace(text, m.end() - 1)  # one linear scan per box: no regex backtracking on brace bombs
        if i < 0:
            return found, True
        found.append((_strip_latex(shown_latex(text[m.end(): i - 1])), m.start(), i))  # what the box shows
        pos = i
    return found, False


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
