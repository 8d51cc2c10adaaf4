"""``arithmetic``: procedural integer problems such as ``47+38``, answered as ``\\boxed{85}``.

Which split a problem lands in is a pure function of its text (a hash), so eval problems are disjoint from train
problems by construction, for every seed and size. Knobs: ``digits`` per operand and ``operators`` (any of
``+-*/``; division is always exact).
"""

from __future__ import annotations

import logging
import random

from datasets import Dataset

from envs.prompts import as_prompts
from envs.sources import bucket, check_counts

logger = logging.getLogger(__name__)
EVAL_PERCENT = 10  # share of the problem space reserved for eval
DEFAULT_TEMPLATE = "{question}="
# The default sizes mean "up to": a problem space with fewer (2-digit addition has 7295 train problems) gives all of
# its own without a warning; a size the caller asks for and cannot get is warned about.
N_TRAIN, N_EVAL = 8000, 500
_ENUMERATE_BELOW = 200_000  # problem spaces smaller than this are enumerated, larger ones sampled


def split_of(question: str) -> str:
    """``"eval"`` for the hashed EVAL_PERCENT of all problems, ``"train"`` for the rest.

    >>> split_of("12+35") in ("train", "eval")
    True
    """
    return "eval" if bucket(question) < EVAL_PERCENT else "train"


def solve(a: int, op: str, b: int) -> int:
    """The exact integer result of ``a op b`` (division only on exact multiples)."""
    if op == "/":
        return a // b
    return {"+": a + b, "-": a - b, "*": a * b}[op]


def build(digits: int = 2, operators: str = "+", n_train: int = N_TRAIN, n_eval: int = N_EVAL, seed: int = 0,
          template: str = DEFAULT_TEMPLATE, chat: bool = False) -> tuple[Dataset, Dataset]:
    """Build ``(train, eval)``: columns ``prompt``, ``question``, ``answer`` (gold) and ``reference`` (a model
    answer); at most ``n_train`` and ``n_eval`` problems, with a warning when sizes other than the defaults fall
    short."""
    if digits < 1 or not operators or set(operators) - set("+-*/"):
        raise ValueError(f"need digits >= 1 and operators drawn from '+-*/', "
                         f"got digits={digits}, operators={operators!r}")
    check_counts(n_train=n_train, n_eval=n_eval)
    problems = _problems(digits, operators, seed)
    rows: dict[str, list[tuple[str, int]]] = {"train": [], "eval": []}
    for a, op, b in problems:
        question = f"{a}{op}{b}"
        split = split_of(question)
        if len(rows[split]) < (n_train if split == "train" else n_eval):
            rows[split].append((question, solve(a, op, b)))
        if len(rows["train"]) >= n_train and len(rows["eval"]) >= n_eval:
            break
    asked = [(s, n) for s, n, default in (("train", n_train, N_TRAIN), ("eval", n_eval, N_EVAL)) if n != default]
    short = {s: (len(rows[s]), n) for s, n in asked if len(rows[s]) < n}
    if short:
        logger.warning("arithmetic(digits=%d, operators=%r) has fewer distinct problems than asked: %s",
                       digits, operators, ", ".join(f"{s} {got} of {n}" for s, (got, n) in short.items()))
    return _dataset(rows["train"], template, chat), _dataset(rows["eval"], template, chat)


def _problems(digits: int, operators: str, seed: int):
    lo, hi = 10 ** (digits - 1) if digits > 1 else 0, 10**digits - 1
    rng = random.Random(seed)
    space = (hi - lo + 1) ** 2 * len(operators)
    if space <= _ENUMERATE_BELOW:
        all_problems = [p for op in operators for a in range(lo, hi + 1) for b in range(lo, hi + 1)
                        if (p := _valid(a, op, b))]
        rng.shuffle(all_problems)
        yield from all_problems
        return
    seen: set[tuple[int, str, int]] = set()
    while len(seen) < space:
        p = _valid(rng.randint(lo, hi), rng.choice(operators), rng.randint(lo, hi))
        if p and p not in seen:
            seen.add(p)
            yield p


def _valid(a: int, op: str, b: int) -> tuple[int, str, int] | None:
    if op == "/":  # keep division exact: a/b with a a multiple of b
        return (a * b, op, b) if b != 0 else None
    return (a, op, b)


def _dataset(rows: list[tuple[str, int]], template: str, chat: bool) -> Dataset:
    prompts = [template.format(question=q) for q, _ in rows]
    return Dataset.from_dict({
        "prompt": as_prompts(prompts, chat),
        "question": [q for q, _ in rows],
        "answer": [str(x) for _, x in rows],
        "reference": [f"\\boxed{{{x}}}" for _, x in rows],
    })
