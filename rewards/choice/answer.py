"""Which option a completion names: its final answer read as a letter or as one option's text, hedges refused.

Where the answer is comes from the project's one final-answer reader (`rewards.reading.final.extract_answer`:
reasoning tags, the last ``\\boxed{}`` and the boxes written with it, ``<answer>``, "the answer is", the last line).
That answer is read as what it shows (`rewards.choice.options.plain_words`: look-alike characters folded, invisible
LaTeX dropped, ``\\text{}`` and ``\\boxed{}`` unwrapped, markdown emphasis gone, spaces collapsed), then, in order:

1. A label in front goes: "Answer:", "Answer –", "The correct option is", "Option", "I choose", "It must be".
2. One letter, bracketed or not, optionally followed by "is correct": ``C``, ``(B)``, ``[c]``, ``D.``,
   "B is the correct answer".
3. The text of exactly one option (`rewards.choice.options.text_match`): "Paris" for the option "Paris".
4. A letter label, then more: ``(B) 42``, ``B) Paris``, ``C. because ...``. The text after the label must not be
   another option's text (``(B)`` with option C's text is a contradiction), must name no other letter, and must
   say more than letters ("B.AA" names no option).
5. Otherwise the answer is refused: two or more different letters ("A or C", "A, B, C, D", "A/C") are a hedge;
   "all of the above", "none of the above", "both", "neither" that are no option's text answer nothing; anything
   else names no option (``unparsed``).

Then the whole completion is checked for hedges around that answer: several boxes written together must name one
option, no line after the reasoning may show only other letters, with or without a label ("A\\nB\\nC\\nD" and
"Option A\\nOption B\\n..." list the options, whichever line comes last; "Answer: B\\nC", "AB\\nC"), and after
the last "answer" or box no "or"/"maybe"/"but" may offer another letter ("The answer is A. Or maybe C.") and no
other letter may be called right as well ("C is also correct"). A letter past the options (``E`` of four) is refused.

Every scan is linear: the answer is capped (`MAX_ANSWER_CHARS`) before any pattern reads it, spaces are collapsed
first so no pattern has two adjacent runs of spaces, and the completion's lines are read once each.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rewards.choice.options import LETTERS, MAX_OPTION_CHARS, fold, letters_of, plain_words, text_match
from rewards.protocol import Status, Verdict
from rewards.reading.final import MAX_COMPLETION_CHARS, extract_answer
from rewards.reading.shown import shown_text
from rewards.reading.tags import after_reasoning

MAX_ANSWER_CHARS = MAX_OPTION_CHARS  # the longest option (a GPQA paragraph) fits; longer answers are refused

_SPACES = re.compile(r"\s+")
# Labels before the answer; spaces are collapsed before these run, so " ?" never meets another run of spaces.
_LABEL = re.compile(
    r"(?:(?:so|thus|hence|therefore),? )?"
    r"(?:(?:the|my|our) )?(?:final |correct |right |best )?(?:answer|option|choice|selection|pick)(?![A-Za-z])"
    r"(?: (?:is|would be|must be|should be|will be))?(?: ?[-–—:=])? ?"
    r"|(?:(?:so|thus|hence|therefore),? )?(?:i(?: would| will|'d|'ll)? (?:choose|pick|select|go with)"
    r"|(?:it|this|that) (?:must|should|would|has to) be) ?(?:(?:option|choice) )?",
    re.IGNORECASE)
_LONE = re.compile(r"[(\[{]? ?([A-Za-z]) ?[)\]}]?(?: is (?:the (?:final )?answer|(?:the )?(?:correct|right|best)"
                   r"(?: one| answer| option| choice)?))?[.!]?")
_LEAD = re.compile(r"(?:[(\[]([A-Za-z])[)\]]|([A-Z])[).:]) ?(.+)|([A-Z]) \((.+)\)[.!]?")  # last: "C (18)"
_TOKEN = re.compile(r"(?<![A-Za-z0-9'])[A-Z](?![A-Za-z0-9'])|\(([A-Za-z])\)")
_NO_OPTION = re.compile(r"\b(?:(?:all|none) of (?:the )?(?:above|them|these|options)|both|neither)\b", re.IGNORECASE)
# After the committed answer, a word offering another option continues it as an alternative: "A. Or maybe C".
_ALTERNATIVE = re.compile(r"\b(?:or|maybe|perhaps|possibly|alternatively|but)\b", re.IGNORECASE)
_OFFERED = re.compile(r"[,.;:]? ?(?P<soft>(?i:(?:it|this|that|the answer) (?:could|might|may|would) (?:also )?be |also "
                      r"|even ))?(?i:(?:option|choice) )?(?:[(\[]([A-Za-z])[)\]]|([A-Z])(?![A-Za-z0-9']))")
# A plain "or B" must end its clause to offer B: "or B is too small" says something about B, "or B." offers it.
_CLAUSE_END = re.compile(r" ?(?:[.,;!?)]|$)")
# Another letter said to be right as well: "B is also correct", "(B) could be right too"; "not" in between says the
# opposite. The tail is capped, so the bounded gaps cost a constant per position.
_GAP = r"(?:(?!(?i:not|n't|never)\b)[^.!?\n])"
_ALSO_RIGHT = re.compile(rf"{_GAP}{{0,40}}?(?i:\b(?:also|too|as well|equally)\b{_GAP}{{0,20}}?\b(?:possible|correct|"
                         r"right|valid|plausible|likely|true|works?|acceptable)\b|\b(?:possible|correct|right|valid|"
                         r"plausible|likely|true|works?|acceptable) (?:too|as well)\b)")
_ANSWER_WORD = re.compile("answer", re.IGNORECASE)
MAX_TAIL_CHARS = 300  # how far after the last "answer" or box an alternative is looked for
_WORD_RUN = re.compile(r"[^\W_]+")
_COMMAND = re.compile(r"\\[A-Za-z]+")
# Up to A-E, a word spelled with option letters alone ("Aa", "cab") is letter salad; from A-F on, words such as "face"
# or "hide" are prose, so only capital runs ("ABD") count there.
FEW_OPTIONS = 5
_JOINING = frozenset("or and nor either neither both maybe perhaps possibly".split())  # "A or\nB" is "A or B"


def read_choice(text: str, options: Sequence[str]) -> str | Verdict:
    """The letter of the option ``text`` answers, or the verdict refusing it (``wrong`` for a hedge or an answer
    outside the options, ``unparsed`` when no option is named).

    >>> opts = ["12", "15", "18", "21"]
    >>> read_choice("So the answer is **(C)**.", opts), read_choice("The answer is 18.", opts)
    ('C', 'C')
    >>> read_choice("A or C", opts).detail, read_choice("\\\\boxed{E}", opts).detail
    ('hedge: names A and C', 'E is not an option (the options are A-D)')
    """
    found = extract_answer(text)
    if not found.values:
        return Verdict(0.0, Status.UNPARSED, found.problem or "no answer")
    named: list[str] = []
    for value in found.final if found.rule == "boxed" else found.values:
        read = _value_choice(value, options)
        if isinstance(read, Verdict):
            return read
        named.append(read)
    if len(set(named)) > 1:
        return Verdict(0.0, Status.WRONG, f"hedge: boxes name {' and '.join(dict.fromkeys(named))}")
    if (other := alternative(text, named[0])) is not None:
        return Verdict(0.0, Status.WRONG, f"hedge: {named[0]}, then offers {other}")
    if others := sorted(listed_letters(text, options) - {named[0]}):
        return Verdict(0.0, Status.WRONG, f"hedge: {named[0]}, and lines showing only {', '.join(others)}")
    return named[0]


def alternative(text: str, letter: str) -> str | None:
    """Another letter offered after the last "answer" or box of ``text`` ("The answer is A. Or maybe C."), else
    ``None``.

    >>> alternative("The answer is A. Or maybe (C).", "A"), alternative("The answer is A, or A.", "A")
    ('C', None)
    """
    tail = text[-MAX_COMPLETION_CHARS:]
    start = max([m.start() for m in _ANSWER_WORD.finditer(tail)][-1:] + [tail.rfind("\\boxed"), tail.rfind("\\fbox")])
    if start < 0:  # the answer was the last line: nothing comes after it
        return None
    tail = _SPACES.sub(" ", tail[start: start + MAX_TAIL_CHARS])
    for word in _ALTERNATIVE.finditer(tail):
        offered = _OFFERED.match(tail, word.end() + (tail[word.end(): word.end() + 1] == " "))
        if offered is None or (other := (offered[2] or offered[3]).upper()) == letter:
            continue
        if word[0].casefold() == "or" and _NEGATED.search(tail, _clause_start(tail, word.start()), word.start()):
            continue  # "C, not A or B" rules both out
        plain = word[0].casefold() in ("or", "but") and not offered["soft"]
        if not plain or _CLAUSE_END.match(tail, offered.end()):
            return other
    for named in _TOKEN.finditer(tail):  # "The answer is A. B is also correct."
        other = (named[1] or named[0]).upper()
        if other not in (letter, "I") and _ALSO_RIGHT.match(tail, named.end()):
            return other
    return None


_NEGATED = re.compile(r"\b(?:not|neither|nor|never)\b|n't\b", re.IGNORECASE)
MAX_CLAUSE_CHARS = 80  # how far back from an "or" a negation is looked for, within its clause


def _clause_start(text: str, end: int) -> int:
    """Where the clause that ``end`` lies in starts: after the last ``, . ; ! ?`` (or line end) before it, at most
    `MAX_CLAUSE_CHARS` back (a bounded scan per "or")."""
    start = max(0, end - MAX_CLAUSE_CHARS)
    cuts = [text.rfind(c, start, end) for c in ",.;!?\n"]
    return max(start, max(cuts) + 1)


def listed_letters(text: str, options: Sequence[str]) -> set[str]:
    """The letters named by the lines of ``text`` (after its reasoning) that show only letters: single letters
    (``A``, ``(b).``, ``A, B``), runs of options' letters (``AB``; ``Ac`` for up to five options) and joining words
    ("A or"), with punctuation.

    >>> opts = ["12", "15", "18", "21"]
    >>> sorted(listed_letters("A\\n(B)\\nAB\\nThe answer is B", opts)), listed_letters("**B**\\nDNA\\nOK", opts)
    (['A', 'B'], {'B'})
    """
    letters: set[str] = set()
    for line in (after_reasoning(shown_text(text)[-MAX_COMPLETION_CHARS:]) or "").splitlines():  # comments show nothing
        letters |= _line_letters(unlabelled(plain_words(line)), letters_of(options))  # "Answer: A" lists A too
    return letters


def _line_letters(line: str, option_letters: str) -> set[str]:
    """The letters a line of only letters names: its words are single letters, joining words ("or", "and") or runs
    of options' letters (capitals; any case when there are at most `FEW_OPTIONS`, whose letters spell few words);
    empty when it has a digit or any other word. A loop, not a regex: a single capital is both a letter and a run, and
    a pattern with both would backtrack."""
    if any(c.isdigit() for c in line):
        return set()
    named: set[str] = set()
    for word in _WORD_RUN.findall(_COMMAND.sub(" ", line)):  # a leftover command name ("\\text{") shows nothing
        if word.casefold() in _JOINING:
            continue
        if not word.isascii() or not word.isalpha():
            return set()
        run = all(c.upper() in option_letters for c in word) and (word.isupper() or len(option_letters) <= FEW_OPTIONS)
        if len(word) > 1 and not run:
            return set()
        named.update(word.upper())
    return named


def _value_choice(value: str, options: Sequence[str]) -> str | Verdict:
    """The letter one answer value names (rules 1 to 5 of the module docstring), or the verdict refusing it."""
    if len(value) > MAX_ANSWER_CHARS:
        return Verdict(0.0, Status.UNPARSED, f"answer longer than {MAX_ANSWER_CHARS} characters")
    core = unlabelled(plain_words(value))
    if (lone := _LONE.fullmatch(core)) is not None:
        return _in_range(lone[1].upper(), options)
    for candidate in (value, core):
        if (index := text_match(candidate, options)) is not None:
            return LETTERS[index]
    if (lead := _LEAD.fullmatch(core)) is not None:
        letter, rest = (lead[1] or lead[2] or lead[4]).upper(), lead[3] or lead[5]
        if (index := text_match(rest, options)) is not None and LETTERS[index] != letter:
            return Verdict(0.0, Status.WRONG, f"contradiction: label {letter} with the text of option {LETTERS[index]}")
        if index is not None or not _tokens(rest) and _says_more(rest, options):
            return _in_range(letter, options)
    return _refusal(core, options)


def unlabelled(shown: str) -> str:
    """``shown`` (plain words) without the labels in front of an answer ("Answer:", "The answer is", "Option", both
    in "Answer: option C"); a label with nothing after it stays.

    >>> unlabelled("The answer is option C."), unlabelled("Option"), unlabelled("Options A and C")
    ('C.', 'Option', 'Options A and C')
    """
    core = shown
    for _ in range(2):  # "Answer: option C" has two labels
        label = _LABEL.match(core)
        core = core[label.end():] if label and label.end() < len(core) else core
    return core


def _says_more(rest: str, options: Sequence[str]) -> bool:
    """Whether the text after a letter label says something other than letters: a digit, or a letter that is no
    option's ("C. because ..." does, "B.AA" does not)."""
    letters = letters_of(options)
    return any(c.isalnum() and c.upper() not in letters for c in rest)


def _tokens(text: str) -> list[str]:
    """The letters ``text`` names as standalone capitals (but the pronoun ``I``) or bracketed letters."""
    return [(m[1] or m[0]).upper() for m in _TOKEN.finditer(text) if m[0] != "I"]  # "I think": a pronoun


def _refusal(core: str, options: Sequence[str]) -> Verdict:
    """Why an answer naming no single option is refused: a hedge, an option that does not exist, or nothing."""
    named = list(dict.fromkeys(_tokens(core)))
    if len(named) > 1:
        return Verdict(0.0, Status.WRONG, f"hedge: names {' and '.join(named)}")
    if (none := _NO_OPTION.search(core)) is not None:
        return Verdict(0.0, Status.WRONG, f"'{none[0]}' is not one of the options")
    return Verdict(0.0, Status.UNPARSED, f"names no option: {fold(core)[:80]!r}")


def _in_range(letter: str, options: Sequence[str]) -> str | Verdict:
    letters = letters_of(options)
    if letter in letters:
        return letter
    return Verdict(0.0, Status.WRONG, f"{letter} is not an option (the options are A-{letters[-1]})")
