"""``arithmetic_choice``: arithmetic's procedural problems as multiple choice, judged by ``multiple_choice``.

``47+38`` comes with ``n_options`` options (``A) 84  B) 75  C) 85  D) 95``) and is answered by a letter
(``\\boxed{C}``). The problems and their split are `envs.arithmetic`'s: which split a problem lands in is a hash of
its text, so eval problems are disjoint from train for every seed and size. The distractors are values a careless
solver reaches (off by one or two, a carry of ten dropped or added, the digits reversed, another operator, an
operand off by one in a product); where the right value sits is drawn from the seed and the problem, so the gold
letter is spread evenly over the options and a seed always gives the same options. No download.
"""

from __future__ import annotations

import random
import re

from datasets import Dataset

from envs import arithmetic
from envs.prompts import CHOICE_TEMPLATE, choice_prompts
from rewards.choice.options import LETTERS, MAX_OPTIONS, MIN_OPTIONS

_PROBLEM = re.compile(r"(\d+)([-+*/])(\d+)")


def build(digits: int = 2, operators: str = "+", n_options: int = 4, n_train: int = 8000, n_eval: int = 500,
          seed: int = 0, template: str = CHOICE_TEMPLATE, chat: bool = False) -> tuple[Dataset, Dataset]:
    """Build ``(train, eval)``: columns ``prompt``, ``question``, ``options``, ``answer`` (the gold letter),
    ``value`` (the gold number) and ``reference`` (a model answer).

    Raises:
        ValueError: ``n_options`` outside 2..26, or arithmetic's own checks (digits, operators, counts).
    """
    if not MIN_OPTIONS <= n_options <= MAX_OPTIONS:
        raise ValueError(f"n_options must be {MIN_OPTIONS} to {MAX_OPTIONS} (one letter each), got {n_options}")
    train, held_out = arithmetic.build(digits=digits, operators=operators, n_train=n_train, n_eval=n_eval, seed=seed,
                                       template="{question}")
    return _rows(train, n_options, seed, template, chat), _rows(held_out, n_options, seed, template, chat)


def options_for(question: str, value: int, n_options: int, seed: int) -> tuple[list[str], str]:
    """The options of one problem and the gold letter: the right value among ``n_options - 1`` distractors.

    >>> options, letter = options_for("47+38", 85, 4, seed=0)
    >>> options[LETTERS.index(letter)], len(set(options))
    ('85', 4)
    """
    rng = random.Random(f"{seed}:{question}")  # a str seed hashes the same in every process
    plausible = set(near_misses(question, value)) - {value}
    pool = sorted(v for v in plausible if v >= 0 or value < 0)  # a sum or product has no negative distractor
    rng.shuffle(pool)
    wrong = pool[: n_options - 1]
    step = 3
    while len(wrong) < n_options - 1:  # few near misses (1-digit problems): further values
        further = [v for v in (value + step, value - step) if v not in wrong and (v >= 0 or value < 0)]
        wrong += further[: n_options - 1 - len(wrong)]
        step += 1
    at = rng.randrange(n_options)
    options = [str(v) for v in wrong[:at] + [value] + wrong[at:]]
    return options, LETTERS[at]


def near_misses(question: str, value: int) -> list[int]:
    """Values a careless solver of ``question`` reaches: off by one or two, off by ten, reversed digits, another
    operator, an operand off by one in a product.

    >>> sorted(near_misses("12+3", 15))
    [5, 9, 13, 14, 16, 17, 25, 36, 51]
    """
    a, op, b = _parse(question)
    misses = [value + d for d in (-2, -1, 1, 2, -10, 10)]
    if abs(value) >= 10:
        misses.append(int(str(abs(value))[::-1]) * (1 if value >= 0 else -1))
    misses += [arithmetic.solve(a, other, b) for other in "+-*" if other != op]
    if op == "*":
        misses += [value + a, value - a, value + b, value - b]
    return misses


def _parse(question: str) -> tuple[int, str, int]:
    m = _PROBLEM.fullmatch(question)
    if m is None:
        raise ValueError(f"not an arithmetic problem: {question!r}")
    return int(m[1]), m[2], int(m[3])


def _rows(data: Dataset, n_options: int, seed: int, template: str, chat: bool) -> Dataset:
    questions, values = list(data["question"]), [int(v) for v in data["answer"]]
    made = [options_for(q, v, n_options, seed) for q, v in zip(questions, values, strict=True)]
    return Dataset.from_dict({
        "prompt": choice_prompts([f"What is {q}?" for q in questions], [o for o, _ in made], template, chat),
        "question": questions,
        "options": [o for o, _ in made],
        "answer": [letter for _, letter in made],
        "value": [str(v) for v in values],
        "reference": [f"The answer is \\boxed{{{letter}}}." for _, letter in made],
    })
