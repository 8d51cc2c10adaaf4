"""A multiple-choice row: its options as texts, the letter of each, option text as answers are compared with it, and
the gold's letter.

Options come as the datasets ship them: a list of texts (MMLU-Pro's ``options``, MMLU's ``choices``), AQuA's list
of labelled texts (``"A)21"``: the label is dropped when every option carries its own letter, in order), or ARC's
``{"text": [...], "label": [...]}``. Option ``i`` has letter ``"ABC..."[i]``; a row has 2 to 26 options.

The gold is a letter (``"C"``, ``"(C)"``), an index (an integer, 0 for A: MMLU's ``answer``, MMLU-Pro's
``answer_index``), or the text of one option (matched as `fold` compares texts); anything else is no usable gold.

`fold` is how an answer is compared with an option's text: what the text shows (`rewards.reading.shown`: look-alike
and compatibility characters folded, invisible LaTeX dropped, ``\\text{}`` unwrapped), without markdown emphasis,
math dollars, case and spacing differences, or a final period. Two texts that render the same fold the same.
"""

from __future__ import annotations

import math
import re
import string
from collections.abc import Mapping, Sequence
from typing import Any

from rewards.reading.shown import reader_view, shown_latex, untext

LETTERS = string.ascii_uppercase
MIN_OPTIONS, MAX_OPTIONS = 2, len(LETTERS)
MAX_OPTION_CHARS = 4_000  # an option longer than this is no answer a completion is compared with

_OWN_LABEL = re.compile(r"\s*\(?([A-Z])\)\s*")  # AQuA's "A)21", "(A) 21": a label that must repeat the position
_LONE_LETTER = re.compile(r"\(?([A-Za-z])\)?\.?")
# Wrappers that show their content: font, emphasis, text and box commands ("\boxed{\text{(C)}}" shows "(C)").
_WRAPPER = re.compile(r"\\(?:textbf|textit|textsf|texttt|textrm|textnormal|mathbf|mathit|mathsf|mathtt|mathrm|emph|"
                      r"underline|boxed|fbox|framebox|text|mbox)\s*\{([^{}]*)\}")
_MARKUP = re.compile(r"[*_`~$]+|\\[()\[\]]")  # emphasis, code marks, math delimiters: the look, not the text
_SPACES = re.compile(r"\s+")


def option_texts(cell: Any) -> list[str] | None:
    """The options of a row's ``options``/``choices`` cell as texts, or ``None`` when it holds no 2 to 26 options.

    >>> option_texts(["A)21", "B)21.5", "C)22"]), option_texts({"text": ["x", "y"], "label": ["A", "B"]})
    (['21', '21.5', '22'], ['x', 'y'])
    >>> option_texts("ABCD") is None, option_texts(["only one"]) is None
    (True, True)
    """
    if isinstance(cell, Mapping):
        cell = cell.get("text")
    if isinstance(cell, (str, bytes)) or not isinstance(cell, Sequence) and not hasattr(cell, "tolist"):
        return None
    items = list(cell.tolist() if hasattr(cell, "tolist") else cell)  # a numpy array from a pandas-made dataset
    if not MIN_OPTIONS <= len(items) <= MAX_OPTIONS or any(not isinstance(x, (str, int, float)) for x in items):
        return None
    texts = [str(x).strip() for x in items]
    labels = [_OWN_LABEL.match(t) for t in texts]
    if all(m is not None and m[1] == LETTERS[i] and m.end() < len(t) for i, (m, t) in enumerate(zip(labels, texts))):
        texts = [t[m.end():] for m, t in zip(labels, texts) if m is not None]
    return texts


def letters_of(options: Sequence[str]) -> str:
    """The letters of ``options``: ``"ABCD"`` for four.

    >>> letters_of(["12", "15", "18"])
    'ABC'
    """
    return LETTERS[: len(options)]


def plain_words(text: str) -> str:
    """What ``text`` shows as plain words: look-alike characters folded, invisible LaTeX dropped, wrappers
    (``\\text{}``, ``\\textbf{}``, ``\\boxed{}``) unwrapped, markdown emphasis, math delimiters and dollars gone,
    spaces collapsed. Capped at `MAX_OPTION_CHARS` (+1, so a longer text stays longer) before anything reads it.

    >>> plain_words("**(C)**"), plain_words("\\\\boxed{\\\\text{ (C) }}"), plain_words("__D__  \\\\( x \\\\)")
    ('(C)', '(C)', 'D x')
    """
    text = shown_latex(reader_view(text[: MAX_OPTION_CHARS + 1]))
    for _ in range(2):  # "\boxed{\text{(C)}}": one level of nesting each pass
        text = _WRAPPER.sub(r" \1 ", untext(text))
    return _SPACES.sub(" ", _MARKUP.sub("", text)).strip()


def fold(text: str) -> str:
    """``text`` as options and answers are compared: `plain_words`, case-folded, without a final period.

    >>> fold("**The  Moon**."), fold("$\\\\text{the moon}$"), fold("\\\\phantom{x}42")
    ('the moon', 'the moon', '42')
    """
    return plain_words(text).rstrip(".").strip().casefold()


def text_match(answer: str, options: Sequence[str]) -> int | None:
    """The index of the one option whose text ``answer`` is (as `fold` compares), else ``None`` (none, or several
    options with that text).

    >>> text_match("the moon", ["The Sun", "The Moon"]), text_match("Mars", ["The Sun", "The Moon"])
    (1, None)
    """
    if len(answer) > MAX_OPTION_CHARS:
        return None
    wanted = fold(answer)
    found = [i for i, option in enumerate(options) if fold(option) == wanted]
    return found[0] if len(found) == 1 and wanted else None


def gold_letter(gold: Any, options: Sequence[str]) -> str | None:
    """The letter of a row's gold: a letter, a 0-based index, or one option's text; ``None`` when it names none of
    ``options``.

    >>> opts = ["12", "15", "18", "21"]
    >>> gold_letter("(C)", opts), gold_letter(2, opts), gold_letter("18", opts), gold_letter("E", opts)
    ('C', 'C', 'C', None)
    """
    if isinstance(gold, bool) or gold is None:
        return None
    if isinstance(gold, float) and (not math.isfinite(gold) or not gold.is_integer()):
        return None
    if isinstance(gold, (int, float)) or hasattr(gold, "__index__") and not isinstance(gold, str):
        index = int(gold)
        return LETTERS[index] if 0 <= index < len(options) else None
    text = str(gold).strip()
    if (m := _LONE_LETTER.fullmatch(text)) is not None:
        letter = m[1].upper()
        return letter if letter in letters_of(options) else None
    matched = text_match(text, options)
    return None if matched is None else LETTERS[matched]
