"""Find the final answer a completion commits to: the last ``\\boxed{...}`` or ``<answer>...</answer>``.

Both conventions are common (math models box, R1-style prompts tag); whichever comes last in the text wins, because
a model that reasons aloud may box or tag intermediate results before its final one. Braces inside ``\\boxed{}`` are
matched, so ``\\boxed{(3+4)*\\frac{1}{2}}`` yields the whole expression. Only the tail of a very long completion is
searched (`MAX_CHARS`), which bounds the work a degenerate completion can cause.
"""

from __future__ import annotations

import re

MAX_CHARS = 20_000
_BOXED = "\\boxed{"
_TAGGED = re.compile(r"<answer>(.*?)</answer>", re.DOTALL)


def last_boxed(text: str) -> tuple[int, str] | None:
    """``(position, content)`` of the last complete ``\\boxed{...}`` in ``text``, or ``None``.

    >>> last_boxed("first \\\\boxed{1}, then \\\\boxed{{2}+3}")
    (22, '{2}+3')
    """
    end = len(text)
    start = text.rfind(_BOXED)
    while start != -1:
        depth, i = 1, start + len(_BOXED)
        # An earlier box that is still open where a later, unclosed one starts contains it and cannot close either,
        # so each box is scanned only up to the next one: linear time even on a degenerate completion.
        while i < end and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        if depth == 0:
            return start, text[start + len(_BOXED) : i - 1]
        end, start = start, text.rfind(_BOXED, 0, start)
    return None


def last_tagged(text: str) -> tuple[int, str] | None:
    """``(position, content)`` of the last ``<answer>...</answer>`` in ``text``, or ``None``.

    >>> last_tagged("<answer>1</answer> no, <answer> 2 </answer>")
    (23, ' 2 ')
    """
    matches = list(_TAGGED.finditer(text))
    return (matches[-1].start(), matches[-1].group(1)) if matches else None


def final_answer(text: str) -> str | None:
    """The stripped content of whichever comes last, ``\\boxed{}`` or ``<answer>``; ``None`` if neither.

    >>> final_answer("<answer>7*6</answer> so \\\\boxed{42}")
    '42'
    """
    text = text[-MAX_CHARS:]
    found = [f for f in (last_boxed(text), last_tagged(text)) if f is not None]
    return max(found)[1].strip() if found else None
