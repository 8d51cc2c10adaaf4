"""Text answers with a condition: math and words in one answer (``x = 3 \\text{ when } a = 1``, ``n \\text{ is odd}``,
``\\frac{1}{a} \\text{ for } a \\neq 0``), read as the words and the math pieces between them, in order.

math-verify reads ``\\text{}`` as a unit and drops it, so ``n \\text{ is even}`` answered the gold
``n \\text{ is odd}``, and a condition written with other spacing or another connector was no answer at all. The rule:

- An answer or gold is *conditioned* when it shows words (``\\text{}``/``\\mbox{}`` content, two letters or more;
  single letters and symbols there are math: ``\\text{n is odd}`` is ``n`` then "is odd") beside math. A gold is
  conditioned by words other than units that qualify its math (`qualified`: a connector, "is", "all", or words
  between two math pieces; ``12 \\text{ eggs}`` is a value); an answer by words that condition, deny or doubt
  its value (`CONNECTORS`: "if", "unless", "not", "wrong", "maybe", ...), so ``5 \\text{ is wrong}`` answers no 5.
- Both sides must then show the same words (case, spacing and punctuation aside; "when", "whenever", "for",
  "provided (that)" are the connector "if") and equivalent math pieces, pairwise and in order. A side without
  words against a conditioned one is wrong: the condition, or the property, is part of the answer.
- A trailing universal quantifier restricts nothing and is dropped first, on both sides: "for all x", "for all real
  x", "for every x", optionally ``\\in \\mathbb{R}``.

Pieces are compared by the caller (`rewards.math.exact`); this module only splits. Linear: one pass over a capped text.
"""

from __future__ import annotations

import re

from rewards.math.forms import UNIT_WORDS
from rewards.reading.caps import MAX_ANSWER_CHARS

_TEXT = re.compile(r"\\(?:text|textrm|textnormal|textit|textbf|textsf|mbox)\s*\{([^{}]*)\}")
# A math span, a word (with its apostrophes: "isn't"), or one other character.
_TEXT_TOKEN = re.compile(r"\$[^$]*\$|[^\W\d_]+(?:['’][^\W\d_]+)+|[^\W\d_]{2,}|[^\s$]")
_LEADING = re.compile(r"(?:\s|[,;.:]|\\(?:quad|qquad|[,;:! ]))+")  # matched at the start only: one pass
_SPACING = ("\\qquad", "\\quad", "\\,", "\\;", "\\:", "\\!", "\\ ")
_RELATIONS = ((r"\neq", r"\ne"), (r"\geq", r"\ge"), (r"\leq", r"\le"), (r"\geqslant", r"\ge"), (r"\leqslant", r"\le"))
_SYNONYMS = {"when": "if", "whenever": "if", "for": "if", "provided": "if"}
_FILLER = frozenset({"that"})
# Words that make an answer's value conditional, deny it or doubt it; an answer with only other words
# ("12 \text{ eggs}") keeps its value. "or" is not here: alternatives are hedges (`rewards.math.hedges`).
CONNECTORS = frozenset("if when whenever for provided where unless except excluding iff only otherwise else not no "
                       "never isn't aren't wasn't cannot can't wrong incorrect false unsure maybe perhaps possibly "
                       "probably guess approximately about around nearly roughly almost".split())
_UNIVERSAL = re.compile(r"if (?:all|every|any)(?: real(?: numbers?)?)?")
_UNIVERSAL_VARIABLE = re.compile(r"[A-Za-z](?:\s*\\in\s*\\mathbb\s*\{?R\}?|\s*\\in\s*\\R)?")

Group = tuple[str, str]  # ("w", the words) or ("m", a math piece)


def groups(text: str) -> tuple[Group, ...] | None:
    """``text`` as alternating word and math groups; ``None`` when it is too long to read.

    >>> groups("x = 3 \\\\text{ When } a = 1"), groups("\\\\text{$n$ is odd}")
    ((('m', 'x = 3'), ('w', 'if'), ('m', 'a = 1')), (('m', 'n'), ('w', 'is odd')))
    """
    if len(text) > MAX_ANSWER_CHARS:
        return None
    found: list[Group] = []
    pos = 0
    for m in _TEXT.finditer(text):
        _add(found, "m", text[pos:m.start()])
        for token in _TEXT_TOKEN.findall(m[1]):
            word = token[0] != "$" and len(token) > 1
            _add(found, "w" if word else "m", token if word else token.strip("$"))
        pos = m.end()
    _add(found, "m", text[pos:])
    return tuple(found)


def conditioned(found: tuple[Group, ...] | None) -> bool:
    """Whether the groups show both math and words other than units (``6\\sqrt{3} \\text{ cm}^2`` is a value).

    >>> conditioned(groups("n \\\\text{ is odd}")), conditioned(groups("6\\\\sqrt{3}\\\\text{ cm}^2"))
    (True, False)
    """
    if found is None or "m" not in {kind for kind, _ in found}:
        return False
    return any(w not in UNIT_WORDS for kind, text in found if kind == "w" for w in text.split())


_STATEMENT_WORDS = frozenset("is are be all every any each some".split())


def qualified(found: tuple[Group, ...]) -> bool:
    """Whether conditioned groups (`conditioned`) qualify their math: a connector (`has_connector`), a statement word
    ("is", "are", "all", "every", ...), or words between two math pieces; a noun after a value (``12 \\text{ eggs}``)
    only labels it.

    >>> qualified(groups("n \\\\text{ is odd}")), qualified(groups("12 \\\\text{ eggs}"))
    (True, False)
    """
    if not conditioned(found):
        return False
    words = {w for kind, text in found if kind == "w" for w in text.split()}
    between = any(kind == "w" for kind, _ in found[1:-1]) and found[0][0] == found[-1][0] == "m"
    return has_connector(found) or bool(words & _STATEMENT_WORDS) or between


def has_connector(found: tuple[Group, ...]) -> bool:
    """Whether the words of ``found`` make its value conditional (one of `CONNECTORS`, as normalised)."""
    words = {w.replace("’", "'") for kind, text in found if kind == "w" for w in text.split()}
    return bool(words & (CONNECTORS | set(_SYNONYMS.values())))


def as_text(found: tuple[Group, ...]) -> str:
    """The groups written back as one answer (math pieces with their words in ``\\text{}``)."""
    return " ".join(text if kind == "m" else f"\\text{{ {text} }}" for kind, text in found)


def _add(found: list[Group], kind: str, piece: str) -> None:
    """Append a piece, merged with the group before it when it is of the same kind."""
    piece = _edges_trimmed(piece)
    if kind == "w":
        piece = " ".join(w for w in (_SYNONYMS.get(w, w) for w in piece.casefold().split()) if w not in _FILLER)
    else:
        for long, short in _RELATIONS:
            piece = piece.replace(long, short)
    if not piece:
        return
    if found and found[-1][0] == kind:
        found[-1] = (kind, f"{found[-1][1]} {piece}")
    else:
        found.append((kind, piece))


def _edges_trimmed(piece: str) -> str:
    """``piece`` without spaces, spacing commands and ``,;.:`` at its ends; a loop from the end, where a pattern
    anchored at ``$`` would be retried from every position of a long run."""
    if (lead := _LEADING.match(piece)) is not None:
        piece = piece[lead.end():]
    end = len(piece)
    while end > 0:
        if command := next((c for c in _SPACING if piece.endswith(c, 0, end)), ""):
            end -= len(command)
        elif piece[end - 1].isspace() or piece[end - 1] in ",;.:":
            end -= 1
        else:
            break
    return piece[:end]


def without_universal(found: tuple[Group, ...]) -> tuple[Group, ...]:
    """``found`` without a trailing "for all (real) x" (``\\in \\mathbb{R}``), which restricts nothing.

    >>> without_universal(groups("f(x) = x \\\\text{ for all real } x"))
    (('m', 'f(x) = x'),)
    """
    if (len(found) >= 3 and found[-2][0] == "w" and _UNIVERSAL.fullmatch(found[-2][1])
            and _UNIVERSAL_VARIABLE.fullmatch(found[-1][1])):
        return found[:-2]
    return found
