"""``countdown``: reach a target with the given numbers and ``+ - * /``,
e.g. ``Make 24 from 3 8 9:`` -> ``\\boxed{9*8/3}``.

Problems are procedural and seeded: draw ``count`` numbers from ``1..max_number``, combine all of them at random into
an expression whose every division is exact, and keep it when its value lies in ``1..max_target``. That expression
is the row's ``reference`` (one valid solution; the embedded tiny policy warm-starts on it). A problem is its
multiset of numbers and its target; which split it lands in is a hash of that (`envs.arithmetic.split_of`), so eval
problems are disjoint from train problems by construction, for every seed and size.

The answer format is arithmetic's: the final expression inside ``\\boxed{}`` or ``<answer></answer>``, judged by the
``countdown`` reward. ``integer_steps`` (default on, the TV show's rule) is stored per row, so the reward enforces the
rule the data was built under.
"""

from __future__ import annotations

import logging
import random
from fractions import Fraction

from datasets import Dataset

from envs.arithmetic import split_of
from envs.prompts import as_prompts
from envs.sources import check_counts

logger = logging.getLogger(__name__)

DEFAULT_TEMPLATE = "{question}:"
INSTRUCT_TEMPLATE = (
    "Using the numbers {numbers}, write an expression that equals {target}. Use each number exactly once, with "
    "+ - * / and parentheses. Put the final expression in \\boxed{{}}."
)
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
_ATOM = 3
_ATTEMPTS_PER_PROBLEM = 200  # give up when the problem space is too small for the sizes asked


def build(count: int = 3, max_number: int = 25, max_target: int = 100, integer_steps: bool = True,
          n_train: int = 8000, n_eval: int = 500, seed: int = 0, template: str = DEFAULT_TEMPLATE,
          chat: bool = False) -> tuple[Dataset, Dataset]:
    """Build ``(train, eval)``: columns ``prompt``, ``question``, ``numbers``, ``target``, ``integer_steps``,
    ``reference``.

    Raises:
        ValueError: bad knobs, or a problem space too small to fill ``n_train`` + ``n_eval`` distinct problems.
    """
    if count < 2 or max_number < 1 or max_target < 1:
        raise ValueError(f"need count >= 2, max_number >= 1, max_target >= 1; got count={count}, "
                         f"max_number={max_number}, max_target={max_target}")
    check_counts(n_train=n_train, n_eval=n_eval)
    rng = random.Random(seed)
    rows: dict[str, list[tuple[list[int], int, str]]] = {"train": [], "eval": []}
    seen: set[str] = set()
    for _ in range(_ATTEMPTS_PER_PROBLEM * (n_train + n_eval)):
        numbers = [rng.randint(1, max_number) for _ in range(count)]
        expression, value = random_solution(numbers, rng)
        if value.denominator != 1 or not 1 <= value <= max_target:
            continue
        key = f"{sorted(numbers)}->{value}"
        if key in seen:
            continue
        seen.add(key)
        split = split_of(key)
        if len(rows[split]) < (n_train if split == "train" else n_eval):
            rows[split].append((numbers, int(value), expression))
        if len(rows["train"]) >= n_train and len(rows["eval"]) >= n_eval:
            break
    else:
        raise ValueError(f"found only {len(rows['train'])} train and {len(rows['eval'])} eval countdown problems "
                         f"with count={count}, max_number={max_number}, max_target={max_target}; "
                         "ask for fewer or widen the ranges")
    return _dataset(rows["train"], integer_steps, template, chat), _dataset(rows["eval"], integer_steps, template, chat)


def random_solution(numbers: list[int], rng: random.Random) -> tuple[str, Fraction]:
    """Combine all ``numbers`` at random with exact operations; returns the expression (minimal parentheses) and value.

    >>> from rewards.countdown import check
    >>> expression, value = random_solution([3, 8, 9], random.Random(0))
    >>> check(expression, [3, 8, 9], int(value)).status.value
    'correct'
    """
    items = [(str(n), Fraction(n), _ATOM) for n in numbers]
    rng.shuffle(items)
    while len(items) > 1:
        right, left = items.pop(rng.randrange(len(items))), items.pop(rng.randrange(len(items)))
        ops = [op for op in "+-*/" if op != "/" or (right[1] != 0 and (left[1] / right[1]).denominator == 1)]
        items.append(_combine(left, rng.choice(ops), right))
    text, value, _ = items[0]
    return text, value


def _combine(left: tuple[str, Fraction, int], op: str, right: tuple[str, Fraction, int]) -> tuple[str, Fraction, int]:
    rank = _PRECEDENCE[op]
    left_text = f"({left[0]})" if left[2] < rank else left[0]
    # The right side also needs parentheses at equal rank under - and /, which do not associate.
    right_text = f"({right[0]})" if right[2] < rank or (right[2] == rank and op in "-/") else right[0]
    value = {"+": left[1] + right[1], "-": left[1] - right[1], "*": left[1] * right[1]}.get(op)
    return f"{left_text}{op}{right_text}", left[1] / right[1] if value is None else value, rank


def _dataset(rows: list[tuple[list[int], int, str]], integer_steps: bool, template: str, chat: bool) -> Dataset:
    questions = [f"Make {target} from {' '.join(map(str, numbers))}" for numbers, target, _ in rows]
    prompts = [template.format(question=q, numbers=", ".join(map(str, numbers)), target=target)
               for q, (numbers, target, _) in zip(questions, rows)]
    return Dataset.from_dict({
        "prompt": as_prompts(prompts, chat),
        "question": questions,
        "numbers": [numbers for numbers, _, _ in rows],
        "target": [target for _, target, _ in rows],
        "integer_steps": [integer_steps] * len(rows),
        "reference": [f"\\boxed{{{expression}}}" for _, _, expression in rows],
    })
