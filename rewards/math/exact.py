"""``math_exact``: is the completion's final answer mathematically equal to the gold answer?

For each completion: extract the final answer (`rewards.reading.final`: reasoning tags, boxed, ``<answer>``, "the
answer is", ``####``, last line), score hedges 0, refuse parser bombs, then decide. Literals (integers, decimals,
fractions, choice letters, and tuples, intervals, sets and matrices of them) are compared in-process without sympy;
everything else goes to math-verify in a pool of worker processes, each item within a CPU-time budget and a
wall-clock backstop (`rewards.math.workers`), so the reward behaves the same on any thread and on a busy machine, and
never hangs. Identical (gold, answer) pairs
in a batch are decided once; the workers start in the background when the reward is built.

The gold comes from the ``answer`` column or, as TRL's and open-r1's datasets name it, ``solution`` (where the last
``\\boxed{}`` is the gold, with the boxes written together with it: ``\\boxed{-3}`` and ``\\boxed{5}``). A gold that
names several answers (several boxes, "or"/"and" between values, a plain-brace set ``{1, 2, 3}``) is one list, and an
answer must give every value (any order): a partial answer is never paid in full. "x < -2 or x > 3" is one set, a
union. A gold in words is read as a statement ("the answer is 10000"); one still in prose, a dangling backslash
(``x^2\\``; after a plain number, ``185\\``, the backslash is stray markup and dropped) or unbalanced
braces make its rows score ``None`` (TRL skips them) and are logged; `check_golds` reports
them when a dataset is loaded.

A row that also has readable options (an ``options`` or ``choices`` column) and a gold naming one of them is judged as
``multiple_choice`` judges it (`rewards.choice.reward.judge_choice`). Text answers with a condition
(``x = 3 \\text{ when } a = 1``) are judged word for word and piece by piece (`rewards.math.conditions`).

An inequality in one variable and an interval are one notation (``-1 < x < 3`` is ``(-1, 3)``) whichever side writes
which.

Limits: completions are judged on their last `MAX_COMPLETION_CHARS` characters; a worker takes a few seconds to
start (a batch that needs sympy before then waits for it); POSIX only.
"""

from __future__ import annotations

import logging
import math
import re
from dataclasses import replace
from decimal import Decimal
from typing import Any

from rewards.choice.options import gold_letter, option_texts
from rewards.choice.reward import judge_choice
from rewards.deadline_pool import default_workers
from rewards.math import workers as math_pool
from rewards.math.conditions import as_text, conditioned, groups, has_connector, qualified, without_universal
from rewards.math.evaluate import fast_verdict
from rewards.math.forms import (
    as_object,
    cjk_number,
    decimal_comma,
    form_verdict,
    from_code,
    is_value_list,
    letter_statement,
    modular,
    named_value,
    trailing_object,
    value_on_the_right,
    without_unit,
)
from rewards.math.hedges import approximation, committed, contradiction, hedge
from rewards.math.pairs import angle_vector, digits_in_text, imaginary_j, named_point, plus_minus_values
from rewards.protocol import Reward, Status, Verdict
from rewards.reading.boxes import final_boxes
from rewards.reading.caps import MAX_ANSWER_CHARS, too_complex
from rewards.reading.final import MAX_COMPLETION_CHARS, Answer, extract_answer
from rewards.reading.literals import (
    canonical,
    choice,
    choice_value,
    compact,
    number,
    quick_verdict,
)
from rewards.reading.notation import answer_in_prose, as_intervals, gold_values, is_interval, named_set, number_word
from rewards.reading.shown import shown_latex, trimmed

logger = logging.getLogger(__name__)

__all__ = ["MAX_COMPLETION_CHARS", "MathExact", "check_golds", "gold_answer"]

_STATUS = {math_pool.CORRECT: Status.CORRECT, math_pool.WRONG: Status.WRONG, math_pool.UNPARSED: Status.UNPARSED,
           math_pool.TIMEOUT: Status.TIMEOUT, math_pool.ERROR: Status.ERROR}


class MathExact(Reward):
    """Scores 1.0 when the completion's final answer equals the gold, 0.0 otherwise (``None`` for an unusable gold).

    Args:
        deadline: CPU seconds math-verify may spend on one (gold, answer) pair before it scores 0 as ``timeout``
            (CPU time, so a busy machine does not change verdicts; a wall-clock backstop of 10 s, or 10 deadlines,
            kills work the budget cannot interrupt).
        workers: math-verify worker processes (default min(4, CPUs)).
        prestart: start the workers now, in the background, so they are warm by the first batch that needs sympy
            (a trainer builds its rewards before loading the model); ``False`` starts them on first need.
    """

    __name__ = "math_exact"
    columns = (("answer", "solution"),)

    def __init__(self, deadline: float = 0.5, workers: int | None = None, prestart: bool = True) -> None:
        self.deadline, self.workers = deadline, workers
        if prestart:
            math_pool.shared_pool(workers, deadline).start()

    def judge(self, completions: list[str], answer: list[Any] | None = None, solution: list[Any] | None = None,
              options: list[Any] | None = None, choices: list[Any] | None = None, **kwargs: Any
              ) -> list[Verdict | None]:
        raw_golds = answer if answer is not None else solution
        if raw_golds is None:
            raise ValueError("math_exact needs an 'answer' or 'solution' column")
        cells = options if options is not None else choices
        verdicts: list[Verdict | None] = [None] * len(completions)
        math_rows = []
        for i, (completion, raw, cell) in enumerate(zip(completions, raw_golds, cells or [None] * len(completions),
                                                        strict=True)):
            if cell is not None and (at := _choice_gold(raw, cell)) is not None:
                verdicts[i] = judge_choice(completion, at, cell)  # as multiple_choice judges it: one reading of options
            else:
                math_rows.append(i)
        if math_rows:
            judged = self._judge_math([completions[i] for i in math_rows], [raw_golds[i] for i in math_rows])
            for i, verdict in zip(math_rows, judged, strict=True):
                verdicts[i] = verdict
        return verdicts

    def _judge_math(self, completions: list[str], raw_golds: list[Any]) -> list[Verdict | None]:
        """The verdicts of rows judged as math answers (no options, or a gold that names none of them)."""
        golds = {g: gold_answer(g) for g in dict.fromkeys(_gold_text(g) for g in raw_golds)}
        for raw, gold in golds.items():
            if gold is None:
                _report_bad_gold(raw)
        decided: dict[tuple[str, str, str], Verdict | None] = {}
        pending: dict[tuple[str, str, str], math_pool.Item] = {}
        keys, texts = [], []
        triaged: dict[tuple[str | None, Answer], tuple[tuple, Verdict | None, str]] = {}  # a group's shared answers
        for completion, raw in zip(completions, raw_golds, strict=True):
            gold = golds[_gold_text(raw)]
            key, verdict, text = _triage(gold, completion, triaged)
            keys.append(key)
            texts.append(text)
            if verdict is not None or key[0] is None:
                decided.setdefault(key, verdict)
            elif key not in decided and key not in pending:
                pending[key] = math_pool.Item(key[0], texts[-1], key[2], self.deadline)  # the gold as read
        if pending:
            pool = math_pool.shared_pool(self.workers, self.deadline)
            for key, (status, detail) in zip(pending, pool.run(list(pending.values())), strict=True):
                decided[key] = _verdict(key[0], status, detail)
        # Equal answers share one decided verdict; each completion's own reading is its `answer` (for maj@k).
        read: dict[tuple[tuple, str], Verdict | None] = {}
        for k, t in zip(keys, texts, strict=True):
            if (k, t) not in read:
                v = decided[k]
                read[k, t] = v if v is None or v.status is Status.UNPARSED else replace(v, answer=compact(t) or None)
        return [read[k, t] for k, t in zip(keys, texts, strict=True)]


def _choice_gold(raw: Any, cell: Any) -> str | None:
    """The gold letter of a multiple-choice row (its options readable and its gold naming one), else ``None``."""
    options = option_texts(cell)
    return None if options is None else gold_letter(raw, options)


def _gold_text(raw: Any) -> str:
    """A gold cell as text; a missing one (``None``, pandas' NaN) is empty, not the parseable symbol
    ``None``/``nan``; a float is a plain decimal (``1e-05`` is ``0.00001``, ``1.5e16`` is ``15000000000000000``)."""
    if raw is None or (isinstance(raw, float) and math.isnan(raw)):
        return ""
    if isinstance(raw, float) and math.isfinite(raw):  # str(1e-05) is "1e-05", which no answer writes
        plain = format(Decimal(repr(float(raw))), "f")  # the shortest repr, exactly: 1e-05 -> 0.00001
        plain = plain.rstrip("0").rstrip(".") if "." in plain else plain
        if len(plain) <= _MAX_PLAIN_FLOAT:
            return plain
        mantissa, _, exponent = repr(float(raw)).partition("e")  # 1e+300: as math writes it, not 301 digits
        return f"{mantissa} \\times 10^{{{int(exponent)}}}"
    return str(raw)


_MAX_PLAIN_FLOAT = 40  # longer plain decimals (1e+300) are written in scientific notation

_ESCAPED_DOLLAR = re.compile(r"\\\$(?=\d)")
# A garbled last line whose only number is the answer math-verify would read: marks around it never make it another
# value (no "!", "^", "%", "/", digits or letters), so when it differs from the gold it is wrong without a worker.
_LONE_NUMBER = re.compile(r"[\s=+}{)(\[\].,;:*]*(-?\d+(?:\.\d+)?)[\s=+}{)(\[\].,;:*]*")
# A last line that is one word ("Yes.", "Monday", "forty-two.") is that word, as a box holding it is.
_ONE_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)?\.?")
_PERCENT = re.compile(r"-?\d+(?:\.\d+)?\s*\\?%")
_MARKED_CHOICE = re.compile(r"\(([A-E])\)")
_MATH_SPAN = re.compile(r"\$+([^$]+)\$+\.?|\\\[(.+)\\\]\.?|\\\((.+)\\\)\.?")


def _triage(gold: str | None, completion: str, triaged: dict | None = None) -> tuple[tuple, Verdict | None, str]:
    """A dedup key for (gold, answer), the verdict when no sympy is needed, and the answer text; ``triaged`` keeps
    the result per (gold, answer read), which is all it depends on (a group's completions often share an answer)."""
    if gold is None:
        return (None, "", ""), None, ""
    found = extract_answer(completion)
    if triaged is None:
        return _judge_found(gold, found)
    if (gold, found) not in triaged:
        triaged[gold, found] = _judge_found(gold, found)
    return triaged[gold, found]


def _judge_found(gold: str, found: Answer) -> tuple[tuple, Verdict | None, str]:
    """`_triage` once the answer is read."""
    if not found.values:
        return (gold, found.problem, "none"), Verdict(0.0, Status.UNPARSED, found.problem), ""
    found = committed(found, gold)
    if len(found.text) > MAX_ANSWER_CHARS:  # the length cap before any other pattern reads the answer
        why = f"answer longer than {MAX_ANSWER_CHARS} characters"
        return (gold, why, "refused"), Verdict(0.0, Status.UNPARSED, why), ""
    found = replace(found, values=tuple(map(_shown, found.values)), final=tuple(map(_shown, found.final)))
    if not compact(found.text):  # "\\phantom{4}" shows nothing
        return (gold, "blank", "none"), Verdict(0.0, Status.UNPARSED, "the answer shows nothing"), ""
    found, whole = _as_object(gold, found)
    gold, found = _as_intervals(gold, found)
    why = hedge(found, gold)
    found = committed(found, gold)
    if why:
        return (gold, found.text, "hedge"), Verdict(0.0, Status.WRONG, f"hedge: {why}"), found.text
    text = trimmed(canonical(found.text))  # "\\boxed{5,}": a dangling comma lists nothing; "12\\," is 12
    span = _MATH_SPAN.fullmatch(text) if found.rule == "last_line" else None
    if span:
        text = next(g for g in span.groups() if g).strip()  # a last line that is one $...$ span is a bare answer
    bare = whole or span or number(text) is not None or choice(text) is not None  # a line that is only the answer
    bare = bare or _PERCENT.fullmatch(text) is not None  # "33.5\\%" alone: the percent, not a number in prose
    bare = bare or found.tag is not None and "\n" not in found.tag and not _words(text)  # <answer>(1, -2)</answer>
    if found.rule == "last_line" and _ONE_WORD.fullmatch(text):  # "No." is the word, as in a box, against a gold
        word = text.rstrip(".")  # in words; "Twelve." is 12 (Qwen2.5-Math's w2n); "no" for 3 stays unparsed
        if (value := number_word(word)) is not None or not any(c.isdigit() for c in gold):
            text, bare = value or word, True
    mode = "text" if found.rule == "last_line" and not bare else "expression"
    if mode == "text" and "\\$" in text:
        text = _ESCAPED_DOLLAR.sub("", text)  # "He paid \$42.": a currency sign math-verify's prose reading misses
    if choice(gold) is not None and choice(text) is None and (letter := letter_statement(text)) is not None:
        text, mode = letter, "expression"  # "My choice is C.", "Choose B.", "It must be [C]"
    if mode == "text" and choice(gold) is not None and len(marked := set(_MARKED_CHOICE.findall(text))) == 1:
        text, mode = marked.pop(), "expression"  # "The correct option is (D)." names one option
    refused = too_complex(text)  # first: it caps the length every later check scans
    if refused:
        return (gold, text, "refused"), Verdict(0.0, Status.UNPARSED, refused), text
    if (mod := modular(text)) is not None:  # "17 \\bmod 5 = 2" answers 2 when the arithmetic holds
        if not mod[1]:
            return (gold, text, "contradiction"), Verdict(0.0, Status.WRONG, f"contradiction: {text}"), text
        text, mode = mod[0], "expression"
    if false := contradiction(text):
        return (gold, text, "contradiction"), Verdict(0.0, Status.WRONG, f"contradiction: {false}"), text
    if (near := approximation(text)) is not None and (g := number(gold)) is not None and number(near) == g:
        return (gold, text, "approximation"), Verdict(1.0, Status.CORRECT, f"answer {near}"), text
    if (pieces := _conditions(gold, text)) is not None:
        if isinstance(pieces, Verdict):
            return (gold, compact(text), "condition"), pieces, text
        gold, text, mode = *pieces, "expression"  # the piece left to confirm, or the answer without "for all x"
    if (value := choice_value(gold)) is not None and choice(text) is None:
        gold = value  # "(C) 12" is answered by the letter or by the option's value
    if mode == "expression":
        gold, text = _as_written(gold, text)
    key = (gold, compact(text), mode)  # spacing variants of one answer are decided once
    if mode == "text" and (lone := _LONE_NUMBER.fullmatch(text)) and (g := number(gold)) is not None:
        if (n := number(lone[1])) is not None and n[0] != g[0]:  # "121+", "=29", "138}": its only number is wrong
            return key, Verdict(0.0, Status.WRONG, f"answer {lone[1]}"), text
    quick = form_verdict(gold, text) if mode == "expression" else None  # transposes, one-sided limits
    if quick is None and mode == "expression":
        quick = quick_verdict(gold, text)
    if quick is None and mode == "expression":
        quick = fast_verdict(gold, text)  # closed forms and polynomials by value, without a worker round trip
    if quick is not None:
        return key, Verdict(float(quick), Status.CORRECT if quick else Status.WRONG, f"answer {text}"), text
    return key, None, text


def _conditions(gold: str, text: str) -> Verdict | tuple[str, str] | None:
    """Text answers with a condition (`rewards.math.conditions`): the verdict when the words differ or the math
    pieces are settled in-process, else the one (gold piece, answer piece) pair left to compare (also the two sides
    without a trailing "for all x"); ``None`` when neither side is conditioned."""
    if "\\text" not in gold + text and "\\mbox" not in gold + text:
        return None
    as_read = groups(gold), groups(text)
    if as_read[0] is None or as_read[1] is None:
        return None
    gold_groups, groups_ = without_universal(as_read[0]), without_universal(as_read[1])
    if not qualified(gold_groups) and not (conditioned(groups_) and has_connector(groups_)):
        if (gold_groups, groups_) == as_read:
            return None
        return as_text(gold_groups), as_text(groups_)  # "f(x) = x \\text{ for all } x" is f(x) = x
    if [k for k, _ in gold_groups] != [k for k, _ in groups_] or any(
            g != a for (kind, g), (_, a) in zip(gold_groups, groups_) if kind == "w"):
        return Verdict(0.0, Status.WRONG, f"condition: {as_text(groups_)} against {as_text(gold_groups)}")
    open_pairs = []
    for (kind, g), (_, a) in zip(gold_groups, groups_, strict=True):
        if kind == "m" and compact(g) != compact(a):
            same = quick_verdict(g, a)
            same = fast_verdict(g, a) if same is None else same
            if same is False:
                return Verdict(0.0, Status.WRONG, f"condition: {a} is not {g}")
            if same is None:
                open_pairs.append((g, a))
    if not open_pairs:
        return Verdict(1.0, Status.CORRECT, f"answer {as_text(groups_)}")
    if len(open_pairs) > 1:  # one worker item per answer: two open pieces are not confirmed, never guessed
        return Verdict(0.0, Status.WRONG, f"condition: {len(open_pairs)} pieces not confirmed in-process")
    return open_pairs[0]


def _as_written(gold: str, text: str) -> tuple[str, str]:
    """Forms other graders read as their value: numerals (``十二``), code syntax (``2**(1/4)``), a value left of its
    variable (``2 = x``), and a subscripted name on either side (``I_{\\max} = \\frac{V}{R}`` against
    ``\\frac{V}{R}``: the name only labels the value, unless both sides name different quantities); ``j`` for the
    gold's ``i``, a named point against a tuple gold, and a one-``\\pm`` gold as its two values against a list."""
    text = cjk_number(text) or value_on_the_right(from_code(digits_in_text(text)))
    text = imaginary_j(gold, named_point(gold, text))  # "3+4j" for 3+4i; "P(-1, 4)" for the point (-1, 4)
    gold = plus_minus_values(gold, text)  # a one-\pm gold against a list: its two values
    gold_name, gold_value = named_value(gold)
    name, value = named_value(text)
    if not (gold_name and name and gold_name != name):
        gold, text = gold_value, value
    return gold, text


def _shown(value: str) -> str:
    """``value`` as LaTeX draws it, without the spacing at its ends (``\\boxed{\\,1000\\,}`` is 1000), a set named in
    words in its one spelling (`rewards.reading.notation.named_set`)."""
    shown = trimmed(shown_latex(value).replace("∴", " "))  # "$∴ x = 2$": the sign only says "so"
    return named_set(shown) or shown


def _as_object(gold: str, found: Answer) -> tuple[Answer, bool]:
    """One answer as the object it writes (``x \\in (4, 5)`` is the interval, ``1, 2.5, 3`` the list; a decimal
    comma against a one-number gold is a point), and whether it is such an object (judged whole, not by its last
    number)."""
    if len(found.values) != 1:
        return found, False
    value = found.values[0].strip()
    inner = value[1:-1].strip() if len(value) >= 2 and value[0] == value[-1] == "$" else value
    if number(gold) is not None and (point := decimal_comma(inner)) != inner:
        return replace(found, values=(point,), final=(point,) if found.final else ()), True
    if (vector := angle_vector(gold, inner)) != inner:  # \langle 1, 2 \rangle against (1, 2): the tuple
        return replace(found, values=(vector,), final=(vector,) if found.final else ()), True
    obj = as_object(inner)
    if obj == inner and found.rule == "last_line" and (tail := trailing_object(inner)) is not None:
        obj = tail  # "The point is (1, 2).": the tuple, not its last number
    elif obj == inner and not is_value_list(inner):
        return found, False
    return replace(found, values=(obj,), final=(obj,) if found.final else ()), True


def _as_intervals(gold: str, found: Answer) -> tuple[str, Answer]:
    """Inequalities on one side and intervals on the other, both as intervals: ``-1 < x < 3`` is ``(-1, 3)``,
    ``x < -2 \\text{ or } x > 3`` is ``(-\\infty, -2) \\cup (3, \\infty)``."""
    if len(found.values) != 1:
        return gold, found
    answer = canonical(found.values[0])
    if is_interval(answer) and (interval := as_intervals(gold)) is not None:
        return interval, found
    if is_interval(gold) and (interval := as_intervals(answer)) is not None:
        return gold, replace(found, values=(interval,), final=(interval,) if found.final else ())
    return gold, found


def _verdict(gold: str, status: str, detail: str) -> Verdict | None:
    if status == math_pool.BAD_GOLD:
        _report_bad_gold(gold)
        return None
    score = 1.0 if status == math_pool.CORRECT else 0.0
    return Verdict(score, _STATUS[status], detail)


def gold_answer(gold: str) -> str | None:
    """The gold answer in a gold column value: the last ``\\boxed{}`` of a solution text (with the boxes written
    together with it: ``\\boxed{-3} and \\boxed{5}`` is the list ``-3, 5``), else the value itself.

    A gold in words is read as a statement ("the answer is 10000", "Answer is twelve." -> ``12``); golds naming
    several answers become one list (`rewards.reading.notation.gold_values`), so each is needed.
    ``None`` when the value is empty, has an unclosed box, unbalanced braces or a dangling backslash, is still prose
    after that (two words or more outside ``$...$`` and ``\\text{}``), or is a parser bomb.

    >>> gold_answer("so $x = \\\\boxed{\\\\frac{1}{2}}$."), gold_answer("#### 1,200"), gold_answer(" 7 ")
    ('\\\\frac{1}{2}', '1,200', '7')
    >>> gold_answer("Roots: $\\\\boxed{-3}$ and $\\\\boxed{5}$."), gold_answer("Answer is twelve.")
    ('-3, 5', '12')
    >>> gold_answer("x^2\\\\"), gold_answer("We cannot tell without more data.")
    (None, None)
    """
    boxed, unclosed = final_boxes(gold)
    if unclosed:
        return None
    if boxed:
        value = ", ".join(dict.fromkeys(b for b in boxed if b.strip()))
    elif "####" in gold:
        value = gold.rsplit("####", 1)[1]
    else:
        value = gold
    value = canonical(shown_latex(value).strip())
    value = named_set(value) or value  # "\\text{no solution}" is the empty set, "\\mathbb{R}" the real line
    if _dangling_backslash(value) and number(value[:-1]) is not None:
        value = value[:-1].strip()  # "185\\": stray markup after a number
    value = as_object(without_unit(value))  # "10 cm^2" is 10, "k \\in \\{1, 2, 3\\}" the set
    braces = value.replace("\\{", "").replace("\\}", "")
    if not value or braces.count("{") != braces.count("}") or _dangling_backslash(value) or too_complex(value):
        return None
    if _prose(value):
        value = _stated(value)
        if not value or _prose(value):
            return None
    return gold_values(value)


def _dangling_backslash(value: str) -> bool:
    """A value ending in an odd run of backslashes (``x^2\\``) was cut off or mangled: it has no meaning."""
    return (len(value) - len(value.rstrip("\\"))) % 2 == 1


def _prose(value: str) -> bool:
    """Two words in a row outside ``$...$`` spans, LaTeX commands and ``\\text{}`` (whose words a gold means);
    ``ab + bc`` is a sum of products, not prose."""
    return _TWO_WORDS.search(_outside_latex(value)) is not None


def _words(value: str) -> bool:
    """Whether ``value`` has a word (two letters or more) outside ``$...$`` spans, LaTeX commands and ``\\text{}``:
    ``42 clips`` does, ``x^2+7x+10`` and ``5 \\text{ apples}`` do not."""
    return _WORD.search(_outside_latex(value)) is not None


def _outside_latex(value: str) -> str:
    """``value`` with its ``$...$`` spans, ``\\text{}`` arguments, environment names (``\\begin{pmatrix}``) and
    LaTeX command names blanked."""
    value = _ENVIRONMENT.sub(" ", _TEXT_ARGUMENT.sub(" ", value))
    return re.sub(r"\\[A-Za-z]+", " ", re.sub(r"\$[^$]*\$", " ", value))


_ENVIRONMENT = re.compile(r"\\(?:begin|end)\s*\{[A-Za-z*]{1,20}\}")


_TEXT_ARGUMENT = re.compile(r"\\(?:text|textbf|textrm|mbox|mathrm|mathbf|textit)\s*\{[^{}]*\}")
_WORD = re.compile(r"[A-Za-z]{2,}")
_TWO_WORDS = re.compile(r"(?<![A-Za-z])[A-Za-z]{2,}[ \t]+[A-Za-z]{2,}(?![A-Za-z])")


def _stated(value: str) -> str:
    """The value a gold in words states: what its "answer is" phrase gives, else `answer_in_prose`."""
    found = extract_answer(value)
    if found.rule == "answer_is" and found.values:
        return found.values[0]
    return answer_in_prose(value.strip().rstrip(".").strip())


def check_golds(golds: list[str], where: str = "dataset", deadline: float = 5.0,
                labels: list[str] | None = None) -> list[str]:
    """Parse every distinct gold once and return those math_exact cannot use; logs how many and some examples.

    Literal golds are checked in-process; the rest go through a temporary worker pool with a generous ``deadline``.
    ``labels`` (one per row, e.g. the question) are shown beside the examples.

    >>> check_golds(["3", "4", "3"])
    []
    """
    distinct = list(dict.fromkeys(_gold_text(g) for g in golds))
    bad, items = [], []
    for raw in distinct:
        gold = gold_answer(raw)
        if gold is None:
            bad.append(raw)
        elif number(gold) is None:
            items.append((raw, math_pool.Item(gold, None, budget=deadline)))
    if items:
        pool = math_pool.new_pool(default_workers(), deadline)
        try:
            verdicts = pool.run([item for _, item in items])
        finally:
            pool.close()
        bad += [raw for (raw, _), (status, _) in zip(items, verdicts, strict=True) if status != math_pool.GOLD_OK]
    if bad:
        bad_set = set(bad)
        rows = [i for i, g in enumerate(golds) if _gold_text(g) in bad_set]
        first = {_gold_text(golds[i]): i for i in reversed(rows)}
        examples = [repr(b[:80]) + (f" (row {first[b]}: {str(labels[first[b]])[:60]!r})" if labels else "")
                    for b in bad[:5]]
        logger.warning("%s: %d of %d distinct gold answers (%d rows) cannot be parsed; those rows score None "
                       "(skipped by TRL). Examples: %s", where, len(bad), len(distinct), len(rows), "; ".join(examples))
    return bad


_bad_golds: set[str] = set()


def _report_bad_gold(gold: str) -> None:
    if gold not in _bad_golds:
        _bad_golds.add(gold)
        logger.warning("math_exact: cannot parse gold answer %r; its rows score None (skipped by TRL).", gold[:200])
