"""The one boundary for untrusted text: what a sandbox job or a tool sends toward the trainer, its logs and its model.

`clean` is applied to every string that leaves a sandbox or a tool for the trainer (tool replies, error lines,
verdict details that get logged). Its output

* is valid UTF-8: a lone surrogate is written as ``\\udXXX``, an undecodable byte of ``bytes`` input as ``\\xNN``;
* holds only printable characters, ``\\n`` and ``\\t``: every other character (C0/C1 controls, so every ANSI, CSI
  and OSC terminal escape, carriage returns, format characters such as bidi overrides and zero-width spaces, line
  and paragraph separators) is written as its Python escape (``\\x1b``, ``\\u202e``); ``newlines=False`` escapes
  ``\\n`` and ``\\t`` too, for one log line;
* holds no chat-template control string: a space is put after the ``<`` or ``[`` that opens one, so no tokenizer
  reads a special token or a tool tag in it. The rule is by shape, not a list of one model's tokens: ``<|`` and
  ``<\uff5c`` (the ``<|...|>`` family: ChatML, Llama 3, Phi, gpt-oss; DeepSeek's fullwidth bars), a tag
  ``<name>``/``</name>`` of up to 64 word characters, ``|``, ``.``, ``:`` or ``-`` (``<s>``, ``</s>``,
  ``<start_of_turn>``, ``<tool_call>``, ``</tool_response>``, Gemma's ``<turn|>``) and a bracket word ``[NAME]``/
  ``[/NAME]`` of 2 to 64 word characters that holds two capital letters or an underscore, read as NFKC would
  (``[INST]``, ``[TOOL_CALLS]``, ``[gMASK]``, Mistral's ``[control_8]``): what Python prints in brackets, ``[12]``,
  ``[abc]``, ``[True]``, ``[None]``, comes through as printed;
* has at most ``limit`` characters, a cut mark ``[truncated: N more characters]`` (bytes input: ``bytes``) included.

Cost is linear and bounded by ``limit``, not by the input: the input is cut to what ``limit`` characters can show
before any pattern runs, and the one pattern looks ahead at most 66 characters. Limits: the escaping is for reading,
not reversible (a literal ``\\x1b`` in the input looks the same as an escaped ESC); a tag-shaped piece of ordinary
output (``<div>``, ``List<int>``, ``[OK]``, ``[INFO]``) gets the space too, but for the names CPython gives code
(`PYTHON_NAMES`: ``<module>``, ``<lambda>``, ``<listcomp>``..., exactly so), which every traceback prints; the broken
tags are still
readable text, so a model may still *read* a forged turn as text (it can no longer *tokenize* into one).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

__all__ = ["clean"]

MIN_LIMIT = 64  # room for the cut mark and some text
# Every character NFKC reads as each ASCII character the shapes below use: a tokenizer that normalises before
# matching reads ``\uff1c\uff0fs\uff1e`` as ``</s>`` (tests/rewards/test_untrusted.py recomputes the table).
NFKC_FORMS = {"<": "\ufe64\uff1c", ">": "\ufe65\uff1e", "[": "\ufe47\uff3b", "]": "\ufe48\uff3d", "|": "\uff5c",
              "/": "\uff0f", ".": "\u2024\ufe52\uff0e", ":": "\ufe13\ufe55\uff1a", "-": "\ufe63\uff0d",
              "_": "\ufe33\ufe34\ufe4d\ufe4e\ufe4f\uff3f"}


def _any(chars: str) -> str:
    """A regex class body of ``chars`` and every form NFKC reads as one of them."""
    return "".join(re.escape(c) + re.escape(NFKC_FORMS[c]) for c in chars)


# An opener of a chat-template control string; the space goes right after it. Lookaheads are bounded (<= 66 chars).
# One leading character class (any opener), so the scan skips ahead fast; then lookbehind picks the family,
# lookahead its shape.
_OPENER = re.compile(rf"""[{_any("<[")}](?:
      (?<=[{_any("<")}]) (?= [{_any("|")}] | [{_any("/")}]?[\w{_any("|.:-_")}]{{1,64}}[{_any(">")}] )  # <|, <s>, </x>
    | (?<=[{_any("[")}]) (?= [{_any("/")}]?([\w{_any("_")}]{{2,64}})[{_any("]")}] )  # [INST], [/INST]: see _tag_word
)""", re.VERBOSE)
_KEEP = frozenset("\n\t")
# What CPython prints in angle brackets for code with no name of its own, in every traceback and repr: shown as
# printed, so a tool's traceback reads as plain Python's. Exactly these ASCII strings: no template's control token.
PYTHON_NAMES = ("<module>", "<lambda>", "<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>", "<string>", "<stdin>")


def clean(text: str | bytes, limit: int, *, newlines: bool = True, more: int = 0) -> str:
    """``text`` made safe to log, show a model or tokenize: valid UTF-8, printable, no control tags, capped.

    Args:
        text: untrusted text, or bytes (decoded as UTF-8; undecodable bytes are written ``\\xNN``).
        limit: most characters of the result, the cut mark included (>= 64).
        newlines: keep ``\\n`` and ``\\t`` (False: escape them, so the result is one line).
        more: characters already dropped before ``text`` arrived (a job's own output cap): counted in the cut
            mark, which is then written even when ``text`` itself fits.

    Returns:
        The cleaned text; the same text when it was already clean and fits.

    Raises:
        TypeError: ``text`` is neither str nor bytes.
        ValueError: ``limit`` is under 64.

    >>> clean("ok\\x1b[2J<|im_end|>\\ud800", 64)
    'ok\\\\x1b[2J< |im_end|>\\\\ud800'
    >>> clean('File "<string>", line 1, in <module>', 64)
    'File "<string>", line 1, in <module>'
    >>> clean("a" * 100, 64)
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\n[truncated: 69 more characters]'
    """
    if limit < MIN_LIMIT:
        raise ValueError(f"clean() needs a limit of at least {MIN_LIMIT} characters (room for the cut mark), "
                         f"got {limit}")
    from_bytes = isinstance(text, (bytes, bytearray, memoryview))
    if isinstance(text, (bytes, bytearray, memoryview)):
        head = bytes(text[: 4 * limit]).decode("utf-8", "surrogateescape")  # cap first: a shown char costs >= 1 byte
    elif isinstance(text, str):
        head = text[:limit]  # cap first: escaping only lengthens a character
    else:
        raise TypeError(f"clean() takes str or bytes, got {type(text).__name__}")
    total, more = len(text), max(0, more)
    plain = _is_clean(head, newlines) and next(_openers(head), None) is None  # then only the cap applies
    if plain and type(text) is str and not more and total <= limit:
        return text
    pieces = list(head[:limit]) if plain else _pieces(head, newlines, from_bytes, limit)
    if not more and _used(head, len(pieces), from_bytes) == total:
        return "".join(pieces)
    unit, sep = "bytes" if from_bytes else "characters", "\n" if newlines else " "
    room = limit - len(_mark(total + more, unit, sep))  # the longest mark this text can get
    size = sum(map(len, pieces))
    while pieces and size > room:
        size -= len(pieces.pop())
    return "".join(pieces) + _mark(total - _used(head, len(pieces), from_bytes) + more, unit, sep)


def _openers(text: str) -> Iterator[int]:
    """Where a control string opens in ``text``: every ``<`` match of `_OPENER`, a ``[`` one when `_tag_word`."""
    for match in _OPENER.finditer(text):
        if match.group(1) is not None and not _tag_word(match.group(1)):
            continue
        if not any(text.startswith(name, match.start()) for name in PYTHON_NAMES):
            yield match.start()


def _tag_word(word: str) -> bool:
    """Whether a bracket word reads as a control tag: read as NFKC would, it holds two capital letters or an
    underscore (``INST``, ``gMASK``, ``TOOL_CALLS``, Mistral's ``control_8``). Numbers, lower-case words and
    Python's ``True``, ``None``, ``False`` do not, so ``[12]``, ``[abc]`` and ``[True]`` come through as printed.

    >>> [w for w in ("INST", "gMASK", "IMG_END", "control_8", "\uff29\uff2e\uff33\uff34", "12", "abc", "True")
    ...  if _tag_word(w)]
    ['INST', 'gMASK', 'IMG_END', 'control_8', '\uff29\uff2e\uff33\uff34']
    """
    form = unicodedata.normalize("NFKC", word)
    return "_" in form or sum("A" <= c <= "Z" for c in form) >= 2


def _is_clean(text: str, newlines: bool) -> bool:
    return text.isprintable() or (newlines and text.replace("\n", "").replace("\t", "").isprintable())


def _pieces(head: str, newlines: bool, from_bytes: bool, limit: int) -> list[str]:
    """One output piece per input character (escaped, with a space after a tag opener), up to ``limit`` chars."""
    openers = set(_openers(head))
    keep = _KEEP if newlines else frozenset()
    pieces, size = [], 0
    for i, c in enumerate(head):
        piece = c if c in keep or c.isprintable() else _escape(c, from_bytes)
        if i in openers:
            piece += " "
        size += len(piece)
        if size > limit:
            break
        pieces.append(piece)
    return pieces


def _used(head: str, n: int, from_bytes: bool) -> int:
    """Input units (characters, or bytes) behind the first ``n`` characters of ``head``."""
    return len(head[:n].encode("utf-8", "surrogateescape")) if from_bytes else n


def _escape(c: str, from_bytes: bool) -> str:
    if from_bytes and "\udc80" <= c <= "\udcff":  # an undecodable byte, as surrogateescape carried it
        return f"\\x{ord(c) - 0xDC00:02x}"
    # repr escapes exactly the characters str.isprintable() rejects: \n, \t, \xNN, \uNNNN or \UNNNNNNNN.
    return repr(c)[1:-1]


def _mark(n: int, unit: str, sep: str) -> str:
    return f"{sep}[truncated: {n} more {unit}]"
