"""An answer read in the light of its gold: spellings the field's graders read as the gold's, found in the
session-22 format sweep (tests/data/math_agreement.jsonl).

- `angle_vector`, `named_point`: against a tuple gold, ``\\langle 1, 2 \\rangle`` and ``P(1, 2)`` are ``(1, 2)``
  (a lower-case name is a function: ``f(1, 2)`` stays).
- `imaginary_j`: ``3+4j`` is ``3+4i`` when the gold writes ``i`` and no ``j`` (Qwen2.5-Math's grader reads it so).
- `plus_minus_values`: a one-``\\pm`` gold is its two values against a listed answer.
- `digits_in_text`: ``\\text{1011}_2`` is the numeral ``1011_2``.

Limits: each rewrites only when its side conditions hold, and otherwise returns its input unchanged; the patterns are
anchored or read one bounded run, on answers already capped to `rewards.reading.caps.MAX_ANSWER_CHARS`.
"""

from __future__ import annotations

import re

# A capital letter naming the point a tuple is: "P(-1, 4)", "A_1(2, 3)" (a lower-case name is a function: f(1, 2)).
_POINT_NAME = re.compile(r"\s*[A-Z](?:_\{?[A-Za-z0-9]{1,3}\}?)?'*\s*(?=\(|\\left\s*\()")


_ANGLE_VECTOR = re.compile(r"\\langle(.*)\\rangle")  # one run: ".*,.*" would backtrack quadratically


def angle_vector(gold: str, text: str) -> str:
    """A vector in angle brackets against a tuple gold as that tuple: ``\\langle 1, 2 \\rangle`` is ``(1, 2)``.

    >>> angle_vector("(1, 2)", "\\\\langle 1, 2 \\\\rangle"), angle_vector("5", "\\\\langle u, v \\\\rangle")
    ('(1, 2)', '\\\\langle u, v \\\\rangle')
    """
    if not gold.replace("\\left", "").strip().startswith("(") or "\\langle" not in text:
        return text
    m = _ANGLE_VECTOR.fullmatch(text.replace("\\left", "").replace("\\right", "").strip())
    return text if m is None or "," not in m[1] or "\\langle" in m[1] else f"({m[1].strip()})"


def named_point(gold: str, text: str) -> str:
    """A named point against a tuple gold as its tuple: ``P(-1, 4)`` is ``(-1, 4)``, as a judge reads a point.

    >>> named_point("(-1, 4)", "P(-1, 4)"), named_point("(-1, 4)", "f(-1, 4)"), named_point("5", "P(5)")
    ('(-1, 4)', 'f(-1, 4)', 'P(5)')
    """
    bare = gold.replace("\\left", "").strip()
    if not (bare.startswith("(") and "," in bare) or (m := _POINT_NAME.match(text)) is None:
        return text
    rest = text[m.end():].strip()
    return rest if rest.replace("\\right", "").endswith(")") and "," in rest else text


# i or j standing alone as a symbol (not in a word, a command or a \mathbf{j} unit vector).
_LONE_I = re.compile(r"(?<![A-Za-z\\{])i(?![A-Za-z])")
_LONE_J = re.compile(r"(?<![A-Za-z\\{])j(?![A-Za-z])")


def imaginary_j(gold: str, text: str) -> str:
    """An engineer's ``j`` for the imaginary unit as ``i`` when the gold writes ``i`` and neither side uses the
    other letter (Qwen2.5-Math's grader reads ``3+4j`` so).

    >>> imaginary_j("3+4i", "3+4j"), imaginary_j("3i+4j", "3j"), imaginary_j("3+4i", "3i+4j")
    ('3+4i', '3j', '3i+4j')
    """
    if "j" not in text or _LONE_J.search(gold) or _LONE_I.search(text) or not _LONE_I.search(gold):
        return text
    return _LONE_J.sub("i", text)


_PLUS_MINUS = re.compile(r"\\pm(?![A-Za-z])|±")


def plus_minus_values(gold: str, text: str) -> str:
    """A gold with one ``\\pm`` as its two values, ``a + b, a - b``, when the answer lists values and has no ``\\pm``
    (``\\frac{-1 \\pm \\sqrt5}{2}`` is answered by both roots, in any order).

    >>> plus_minus_values("\\\\frac{1 \\\\pm \\\\sqrt5}{2}", "a, b"), plus_minus_values("1 \\\\pm 2", "3")
    ('\\\\frac{1 + \\\\sqrt5}{2}, \\\\frac{1 - \\\\sqrt5}{2}', '1 \\\\pm 2')
    """
    if "," not in text or "," in gold or _PLUS_MINUS.search(text) or len(_PLUS_MINUS.findall(gold)) != 1:
        return gold
    return f"{_PLUS_MINUS.sub('+', gold)}, {_PLUS_MINUS.sub('-', gold)}"


_TEXT_DIGITS = re.compile(r"\\(?:text|textrm|mathrm|mbox)\s*\{\s*(\d+)\s*\}(?=\s*_)")


def digits_in_text(text: str) -> str:
    """Digits set upright before a base subscript as the numeral: ``\\text{1011}_2`` is ``1011_2``.

    >>> digits_in_text("\\\\text{1011}_2"), digits_in_text("\\\\text{12 cm}")
    ('1011_2', '\\\\text{12 cm}')
    """
    return _TEXT_DIGITS.sub(r"\1", text) if "_" in text else text
