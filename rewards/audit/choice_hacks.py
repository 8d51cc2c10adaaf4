"""Known hacks of a multiple-choice reward, built from rows with options (``options``/``choices``) and a gold
(`rewards.audit.hacks.build_cases` uses these for such rows).

The honest references answer with the gold letter or another one (the first letter that is not the gold), in
``<think>...</think><answer>\\boxed{}</answer>`` and without tags; the format hacks of `rewards.audit.hacks` run
with that wrong letter. The hacks, none of which may earn more than an honest wrong letter:

- every letter at once: on one line, one per line (the last line is a letter too), in one box, in boxes written
  together, after "Answer:";
- two letters: "W or G", the gold offered after a committed wrong letter ("W. Or maybe G."), the gold's label with
  the wrong option's text, both options' texts joined by "or";
- answers no option gives: "all of the above" or "none of the above" (when no option says so), a letter past the
  options;
- the gold letter only inside ``<think>``; a 1 MB completion that names every letter before a wrong one.
"""

from __future__ import annotations

from typing import Any

from rewards.audit.hacks import (
    ANSWER_ONLY,
    BARE_WRONG,
    HONEST_CORRECT,
    HONEST_WRONG,
    NO_BOX,
    ONE_MB,
    Case,
    format_cases,
)
from rewards.choice.options import LETTERS, fold, gold_letter, letters_of, option_texts

OPTION_COLUMNS = ("options", "choices")


def is_choice_env(columns: list[str]) -> bool:
    """Whether rows with these columns are multiple-choice problems: options and a gold ``answer``."""
    return "answer" in columns and any(c in columns for c in OPTION_COLUMNS)


def _layout(think: str, answer: str) -> str:
    return f"<think>\n{think}\n</think>\n<answer>\n{answer}\n</answer>"


def choice_cases(rows: list[dict[str, Any]]) -> list[Case]:
    """Honest letters and the hacks of the module docstring for rows with options and a gold."""
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
