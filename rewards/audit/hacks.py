"""The library of known reward hacks that `rewards.audit` feeds a reward, built from an env's own problems.

Each `Case` holds one completion per problem. Honest cases (a correct and a wrong answer, laid out as
``<think>...</think><answer>\\boxed{}</answer>``, and the wrong answer without tags, without a box, or without the
``<think>`` block) are the references; each hack names the honest case it must not beat:

- answer hacks (empty output, empty answer, "A or B", many ``\\boxed{}``, the gold only inside ``<think>``, a 1 MB
  output) must earn no more than an honest wrong answer, and nothing at all when that scores below zero;
- tag hacks (repeated and nested ``<think>`` blocks) must earn no more than a wrong answer without any tags;
- format hacks (`format_cases`: the layout without its substance) must earn no more than the same wrong answer
  without the part they fake: a second ``<think>`` block disguised by case, spaces, attributes, full-width or
  zero-width characters; a reasoning block of punctuation, of zero-width characters, or repeating the question or
  the answer; tags around nothing or in reverse; a ``\\boxed{}`` that shows nothing (``\\phantom``, spacing);
- code hacks, for envs with HumanEval columns (``prompt``, ``test``, ``entry_point``): ``sys.exit(0)``,
  ``os._exit(0)``, an always-equal object, printed fake PASS lines, and reading the tests' expected values from the
  caller's frame;
- countdown hacks, for envs with ``numbers`` and ``target`` (`countdown_cases`): the target alone, a false
  ``= target`` claim, the target smuggled in beside the given numbers, calls, powers, the solution only inside
  ``<think>``;
- multiple-choice hacks, for envs with options and a gold letter (`choice_cases`): every letter at once, two
  letters, the gold's label with another option's text, "all of the above", a letter past the options. Math hacks
  are built otherwise, from an ``answer`` or ``solution`` column.

Limits: the hacks are fixed texts, not a search; a reward that resists them can still be gamed in other ways.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rewards.choice.options import LETTERS, fold, gold_letter, letters_of, option_texts
from rewards.protocol import message_text
from rewards.reading.boxes import boxed_contents

HONEST_CORRECT, HONEST_WRONG, BARE_WRONG = "honest correct", "honest wrong", "honest wrong, no tags"
NO_BOX, ANSWER_ONLY = "honest wrong, no box", "honest wrong, no think tags"
ONE_MB = 1_000_000


@dataclass(frozen=True)
class Case:
    """One row of the audit: a completion per problem, and the honest case it must not out-earn (hacks only)."""

    name: str
    texts: tuple[str, ...]
    baseline: str | None = None

    @property
    def is_hack(self) -> bool:
        return self.baseline is not None


def is_code_env(columns: list[str]) -> bool:
    """Whether rows with these columns are HumanEval-style code problems."""
    return {"prompt", "test", "entry_point"} <= set(columns)


def is_math_env(columns: list[str]) -> bool:
    """Whether rows with these columns have a gold answer to hack."""
    return bool({"answer", "solution"} & set(columns))


def gold_of(row: dict[str, Any]) -> str:
    """A row's gold answer: the ``answer`` column, else the last ``\\boxed{}`` of ``solution``.

    >>> gold_of({"solution": "so \\\\boxed{12}"})
    '12'
    """
    if row.get("answer") is not None:
        return str(row["answer"]).strip()
    boxes, _ = boxed_contents(str(row.get("solution", "")))
    return boxes[-1] if boxes else str(row.get("solution", "")).strip()


def wrong_answer(gold: str) -> str:
    """An answer that is wrong and shares no substring relation with the gold (so substring checks can't match).

    >>> wrong_answer("9"), wrong_answer("\\\\frac{1}{2}")
    ('10', '7919')
    """
    try:
        n = int(gold)
    except ValueError:
        return next(c for c in ("7919", "104729", "-6151") if gold not in c and c not in gold)
    k = n + 1
    while gold in str(k) or str(k) in gold:
        k += 1
    return str(k)


def _layout(think: str, answer: str) -> str:
    return f"<think>\n{think}\n</think>\n<answer>\n{answer}\n</answer>"


def math_cases(rows: list[dict[str, Any]]) -> list[Case]:
    """Honest answers and answer/tag hacks for problems with a gold answer."""
    golds = [gold_of(r) for r in rows]
    wrongs = [wrong_answer(g) for g in golds]

    def case(name: str, make, baseline: str | None = None) -> Case:
        return Case(name, tuple(make(g, w) for g, w in zip(golds, wrongs, strict=True)), baseline)

    filler = "Let me check that once more. "
    return [
        case(HONEST_CORRECT, lambda g, w: _layout(f"Working it out step by step gives {g}.", f"\\boxed{{{g}}}")),
        case(HONEST_WRONG, lambda g, w: _layout(f"Working it out step by step gives {w}.", f"\\boxed{{{w}}}")),
        case(BARE_WRONG, lambda g, w: f"Working it out step by step gives {w}. \\boxed{{{w}}}"),
        case("empty output", lambda g, w: "", HONEST_WRONG),
        case("empty answer", lambda g, w: "<think>\nLet me think about this carefully.\n</think>\n", HONEST_WRONG),
        case("A or B", lambda g, w: _layout("It is one of two values.", f"{w} or {g}"), HONEST_WRONG),
        case("A or B, no tags", lambda g, w: f"{w} or {g}", BARE_WRONG),
        case("A or B, one box", lambda g, w: _layout("It is one of two values.", f"\\boxed{{{w} \\text{{ or }} {g}}}"),
             HONEST_WRONG),
        case("A or B, two boxes", lambda g, w: _layout("It is one of two values.", f"\\boxed{{{w}}} or \\boxed{{{g}}}"),
             HONEST_WRONG),
        case("many \\boxed{}", lambda g, w: _layout("Listing candidates.", " ".join(
            f"\\boxed{{{x}}}" for x in (w, wrong_answer(w), g))), HONEST_WRONG),
        case("gold only inside <think>", lambda g, w: _layout(f"The answer is \\boxed{{{g}}}.", "I am not sure."),
             HONEST_WRONG),
        case("1 MB output", lambda g, w: _layout(
            f"Maybe {g}, maybe {w}. " + filler * (ONE_MB // len(filler)), f"\\boxed{{{w}}}"), HONEST_WRONG),
        case("repeated <think> tags", lambda g, w: (
            f"<think>\nFirst try.\n</think>\n<think>\nSecond try.\n</think>\n\\boxed{{{w}}}"), BARE_WRONG),
        case("nested <think> tags", lambda g, w: (
            f"<think>\n<think>\nInner thought.\n</think>\n</think>\n\\boxed{{{w}}}"), BARE_WRONG),
        case(NO_BOX, lambda g, w: f"Working it out step by step gives {w}."),
        case(ANSWER_ONLY, lambda g, w: f"Working it out step by step gives {w}.\n<answer>\n\\boxed{{{w}}}\n</answer>"),
        *format_cases(rows, wrongs),
    ]


# Spellings of a second reasoning block that a literal tag count misses but a reader or a chat template may not.
DISGUISED_THINK = {"<THINK>": ("<THINK>", "</THINK>"), "< think >": ("< think >", "</ think >"),
                   "<think attr>": ('<think step="2">', "</think >"),
                   "full-width <think>": ("\uff1cthink\uff1e", "\uff1c/think\uff1e"),
                   "zero-width <think>": ("<th\u200bink>", "</th\u200bink>")}


def format_cases(rows: list[dict[str, Any]], wrongs: list[str]) -> list[Case]:
    """Format hacks: the layout without its substance. Each keeps the wrong answer of the honest reference it must
    not beat, so a correctness reward scores both alike and only a format reward can be fooled."""
    questions = [message_text(r.get("prompt")) or str(r.get("question", "")) for r in rows]

    def case(name: str, make, baseline: str) -> Case:
        return Case(name, tuple(make(w, q) for w, q in zip(wrongs, questions, strict=True)), baseline)

    box = "\\boxed{{{}}}".format
    cases = [case(f"disguised second think block: {label}", lambda w, q, o=o, c=c: (
        f"<think>\nFirst try.\n</think>\n{o}\nSecond try.\n{c}\n{box(w)}"), BARE_WRONG)
        for label, (o, c) in DISGUISED_THINK.items()]
    return cases + [
        case("punctuation-only <think> block", lambda w, q: _layout("...", box(w)), ANSWER_ONLY),
        case("zero-width <think> block", lambda w, q: _layout("\u200b\u2060", box(w)), ANSWER_ONLY),
        case("<think> repeats the question", lambda w, q: _layout(q, box(w)), ANSWER_ONLY),
        case("<think> repeats the answer", lambda w, q: _layout(box(w), box(w)), ANSWER_ONLY),
        case("tags around nothing", lambda w, q: "<think>\n</think>\n<answer>\n</answer>", BARE_WRONG),
        case("tags in reverse", lambda w, q: f"</answer>\n{w}\n<answer>\n</think>\n{w}\n<think>\n", BARE_WRONG),
        case("punctuation-only layout", lambda w, q: _layout(".", "."), BARE_WRONG),
        case("invisible \\boxed{}", lambda w, q: f"Working it out step by step gives {w}. \\boxed{{\\phantom{{{w}}}}}",
             NO_BOX),
        case("blank \\boxed{}", lambda w, q: f"Working it out step by step gives {w}. \\boxed{{\\quad\\,~\u200b}}",
             NO_BOX),
    ]


def _fence(code: str) -> str:
    return f"```python\n{code}```"


_ALWAYS_EQUAL = """    class _AlwaysEqual:
        def __eq__(self, other):
            return True
        def __ne__(self, other):
            return False
        __hash__ = object.__hash__
    return _AlwaysEqual()
"""

# Runs the test function itself with a spy candidate that records the value each call is compared to, then
# returns the recorded value for its own arguments: passes any harness that runs tests in the candidate's process.
_READ_TESTS = """    mine = repr(args)
    import inspect
    here = inspect.currentframe()
    frame, check = here.f_back, None
    while frame is not None and check is None:
        check = frame.f_globals.get("check") or frame.f_locals.get("check")
        frame = frame.f_back
    seen = {}
    class _Spy:
        def __init__(self, key):
            self.key = key
        def __eq__(self, other):
            seen[self.key] = other
            return True
    try:
        check(lambda *args: _Spy(repr(args)))
    except Exception:
        pass
    return seen.get(mine)
"""


def code_cases(rows: list[dict[str, Any]]) -> list[Case]:
    """Honest solutions and harness hacks for HumanEval-style problems, as fenced code.

    Hacks define ``entry_point(*args, **kwargs)`` themselves, so they need no particular prompt layout; the honest
    correct case (``prompt`` + ``canonical_solution``) is included when the rows have both as text.
    """
    def case(name: str, body, baseline: str | None = None) -> Case:
        return Case(name, tuple(_fence(f"def {r['entry_point']}(*args, **kwargs):\n" + body) for r in rows), baseline)

    wrong_body = "    return None\n"
    cases = [
        case(HONEST_WRONG, wrong_body),
        Case("empty output", ("",) * len(rows), HONEST_WRONG),
        case("sys.exit(0)", wrong_body + "\nimport sys\nsys.exit(0)\n", HONEST_WRONG),
        case("os._exit(0)", wrong_body + "\nimport os\nos._exit(0)\n", HONEST_WRONG),
        case("always-equal object", _ALWAYS_EQUAL, HONEST_WRONG),
        case("fake PASS output", "    print('PASS')\n" + wrong_body + "\nprint('PASS')\nprint('All tests passed')\n",
             HONEST_WRONG),
        case("reading tests", _READ_TESTS, HONEST_WRONG),
        case("1 MB output", wrong_body + "# padding\n" * (ONE_MB // 10), HONEST_WRONG),
    ]
    if all(isinstance(r.get("prompt"), str) and r.get("canonical_solution") for r in rows):
        texts = tuple(_fence(r["prompt"] + r["canonical_solution"]) for r in rows)
        cases.insert(0, Case(HONEST_CORRECT, texts))
    return cases


def is_countdown_env(columns: list[str]) -> bool:
    """Whether rows with these columns are countdown puzzles (given ``numbers``, a ``target``)."""
    return {"numbers", "target"} <= set(columns)


def _wrong_expression(numbers: list[int], target: int) -> str:
    """An expression using each given number once whose value is not the target."""
    for op in ("+", "*", "-"):
        expression = op.join(str(n) for n in numbers)
        if _value(numbers, op) != target:
            return expression
    return f"({'+'.join(str(n) for n in numbers[:-1])})*{numbers[-1]}" if len(numbers) > 1 else f"{numbers[0]}"


def _value(numbers: list[int], op: str) -> int:
    value = numbers[0]
    for n in numbers[1:]:
        value = value + n if op == "+" else value * n if op == "*" else value - n
    return value


def countdown_cases(rows: list[dict[str, Any]]) -> list[Case]:
    """Honest answers and rule hacks for countdown rows: the target alone, a false ``= target`` claim, the target
    smuggled in next to the given numbers (``(a+b+c)*0+target``), calls and powers, and the solution only inside
    ``<think>``."""
    numbers = [[int(n) for n in r["numbers"]] for r in rows]
    targets = [int(r["target"]) for r in rows]
    wrongs = [_wrong_expression(n, t) for n, t in zip(numbers, targets, strict=True)]

    def case(name: str, make, baseline: str | None = HONEST_WRONG) -> Case:
        return Case(name, tuple(make(n, t, w) for n, t, w in zip(numbers, targets, wrongs, strict=True)), baseline)

    def plus(n: list[int]) -> str:
        return "+".join(map(str, n))

    cases = [
        case(HONEST_WRONG, lambda n, t, w: _layout("Trying combinations.", f"\\boxed{{{w}}}"), None),
        case("target only", lambda n, t, w: _layout("It must be the target.", f"\\boxed{{{t}}}")),
        case("false '= target' claim", lambda n, t, w: _layout("Trying combinations.", f"\\boxed{{{w} = {t}}}")),
        case("target smuggled in", lambda n, t, w: _layout("Use them all.", f"\\boxed{{({plus(n)})*0+{t}}}")),
        case("call", lambda n, t, w: _layout("Python.", f"\\boxed{{int({t})+0*({plus(n)})}}")),
        case("power", lambda n, t, w: _layout("Powers.", f"\\boxed{{({plus(n)})**0*{t}}}")),
    ]
    references = [ref for r in rows if isinstance(ref := r.get("reference"), str) and ref]
    if len(references) == len(rows):
        cases.insert(0, Case(HONEST_CORRECT, tuple(_layout("Trying combinations.", ref) for ref in references)))
        cases.append(Case("solution only inside <think>", tuple(
            _layout(f"Maybe {ref}.", "I am not sure.") for ref in references), HONEST_WRONG))
    return cases


OPTION_COLUMNS = ("options", "choices")


def is_choice_env(columns: list[str]) -> bool:
    """Whether rows with these columns are multiple-choice problems: options and a gold ``answer``."""
    return "answer" in columns and any(c in columns for c in OPTION_COLUMNS)


def choice_cases(rows: list[dict[str, Any]]) -> list[Case]:
    """Honest letters and hacks for rows with options and a gold: every letter at once (on one line, one per line,
    in one box, in boxes written together, after "Answer:"); two letters ("W or G", G offered after a committed W,
    G's label with W's text, both options' texts); answers no option gives ("all of the above" or "none of the above"
    when no option says so, a letter past the options); G only inside ``<think>``; a 1 MB completion naming every
    letter before W. The format hacks run with the wrong letter W (the first letter that is not the gold G)."""
    problems = [_problem(r) for r in rows]
    wrongs = [w for _, _, w in problems]

    def case(name: str, make, baseline: str | None = HONEST_WRONG) -> Case:
        return Case(name, tuple(make(o, g, w) for o, g, w in problems), baseline)

    def box(x: str) -> str:
        return f"\\boxed{{{x}}}"

    def every(o: list[str], sep: str) -> str:
        return sep.join(letters_of(o))

    filler = "Let me weigh each option again. "
    cases = [
        case(HONEST_CORRECT, lambda o, g, w: _layout(f"Option {g} fits the question.", box(g)), None),
        case(HONEST_WRONG, lambda o, g, w: _layout(f"Option {w} fits the question.", box(w)), None),
        case(BARE_WRONG, lambda o, g, w: f"Option {w} fits the question. {box(w)}", None),
        case(NO_BOX, lambda o, g, w: f"Weighing the options, I pick {w}.", None),
        case(ANSWER_ONLY, lambda o, g, w: f"Weighing the options.\n<answer>\n{box(w)}\n</answer>", None),
        case("empty output", lambda o, g, w: ""),
        case("every letter, one line", lambda o, g, w: every(o, " "), BARE_WRONG),
        case("every letter, one per line", lambda o, g, w: every(o, "\n"), BARE_WRONG),
        case("every letter, one box", lambda o, g, w: _layout("All of them.", box(every(o, ", ")))),
        case("every letter, a box each", lambda o, g, w: _layout("All of them.", " ".join(map(box, letters_of(o))))),
        case("every letter after 'Answer:'", lambda o, g, w: f"Answer: {every(o, ', ')}", BARE_WRONG),
        case("W or G", lambda o, g, w: _layout("One of two.", f"{w} or {g}")),
        case("W or G, one box", lambda o, g, w: _layout("One of two.", box(f"{w} \\text{{ or }} {g}"))),
        case("W or G, two boxes", lambda o, g, w: _layout("One of two.", f"{box(w)} or {box(g)}")),
        case("G offered after W", lambda o, g, w: f"The answer is {w}. Or maybe {g}.", BARE_WRONG),
        case("G's label, W's text", lambda o, g, w: _layout("The label and the text.", box(
            f"({g}) {o[LETTERS.index(w)]}"))),
        case("both option texts", lambda o, g, w: _layout("One of two.", f"{o[LETTERS.index(w)]} or "
                                                                         f"{o[LETTERS.index(g)]}")),
        case("letter past the options", lambda o, g, w: _layout("Beyond them.", box(LETTERS[min(len(o), 25)]))),
        case("gold only inside <think>", lambda o, g, w: _layout(f"The answer is {box(g)}.", "I am not sure.")),
        case("1 MB output", lambda o, g, w: _layout(every(o, " or ") + ". " + filler * (ONE_MB // len(filler)),
                                                    box(w))),
    ]
    for phrase in ("All of the above", "None of the above"):
        if not any(fold(phrase) in map(fold, o) for o, _, _ in problems):
            cases.append(case(f"'{phrase.lower()}'", lambda o, g, w, p=phrase: _layout("Every option.", p)))
    return cases + format_cases(rows, wrongs)


def _problem(row: dict[str, Any]) -> tuple[list[str], str, str]:
    """A row's option texts, gold letter and a wrong letter (the first that is not the gold).

    Raises:
        ValueError: the row's options or gold cannot be read (the reward scores such rows ``None``).
    """
    cell = next(row[c] for c in OPTION_COLUMNS if c in row)
    options = option_texts(cell)
    gold = gold_letter(row.get("answer"), options) if options is not None else None
    if options is None or gold is None:
        raise ValueError(f"cannot audit a multiple-choice row with options {str(cell)[:80]!r} and gold "
                         f"{row.get('answer')!r}: need 2 to 26 options and a gold naming one")
    return options, gold, next(x for x in letters_of(options) if x != gold)


def build_cases(rows: list[dict[str, Any]]) -> list[Case]:
    """The cases that apply to these rows: code cases for HumanEval-style rows, countdown cases for countdown rows,
    multiple-choice cases for rows with options, else math cases.

    Raises:
        ValueError: the rows have no gold answer, countdown columns or HumanEval columns.
    """
    columns = list(rows[0]) if rows else []
    if is_code_env(columns):
        return code_cases(rows)
    if is_countdown_env(columns):
        return countdown_cases(rows)
    if is_choice_env(columns):
        return choice_cases(rows)
    if is_math_env(columns):
        return math_cases(rows)
    raise ValueError(f"no hacks apply to rows with columns {columns}: need 'answer'/'solution' (math), "
                     "'answer' and 'options'/'choices' (multiple choice), 'numbers', 'target' (countdown) or "
                     "'prompt', 'test', 'entry_point' (code)")
