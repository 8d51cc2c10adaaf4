"""maj@k: the share of problems where a majority vote over k sampled answers picks a right one (verl's ``maj@N``,
NeMo-Gym's ``majority@k``), as an exact expectation over every k-subset of the n samples, like pass@k.

The answers are the ones the judging reward read (`rewards.protocol.Verdict.answer`, e.g. math_exact's extracted and
compacted final answer), so two completions vote together exactly when the reward read the same text from them;
equivalent spellings the reward does not normalise (``1/2`` and ``0.5``) are different votes. A completion the
reward read no answer from does not vote.

Ties count as wrong: the vote is right only when a right answer has strictly more votes than every other answer. A
tie has not chosen an answer; breaking it by sample order would make the metric depend on an order that means
nothing under sampling, and counting it as wrong keeps maj@k a function of the vote counts alone (so it has an exact
expectation over k-subsets) and never credits a vote that did not pick the right answer. A random tie-break would
score each tie between one right and one wrong answer 1/2 instead of 0. maj@1 is the share of samples whose answer
is right.

An answer counts as right when every sample that gave it passed (for math_exact the same answer always gets the same
verdict; a reward whose verdict depends on more than the answer is judged conservatively).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import comb
from typing import Any


def votes(answers: Sequence[str | None], passed: Sequence[bool]) -> dict[str, Any]:
    """The vote of one problem's samples: each distinct answer's count and rightness (in order of first
    appearance), and how many samples gave no answer.

    Raises:
        ValueError: ``answers`` and ``passed`` differ in length.

    >>> votes(["4", "5", "4", None], [True, False, True, False])
    {'counts': [2, 1], 'correct': [True, False], 'unanswered': 1}
    """
    if len(answers) != len(passed):
        raise ValueError(f"votes needs one pass/fail per answer, got {len(answers)} answers and {len(passed)}.")
    counts: dict[str, int] = {}
    right: dict[str, bool] = {}
    for answer, ok in zip(answers, passed):
        if answer is None:
            continue
        counts[answer] = counts.get(answer, 0) + 1
        right[answer] = right.get(answer, True) and bool(ok)
    unanswered = sum(a is None for a in answers)
    return {"counts": list(counts.values()), "correct": list(right.values()), "unanswered": unanswered}


def maj_at_k(vote: Mapping[str, Any], k: int) -> float:
    """Probability that the strict majority answer of k samples drawn without replacement is a right one.

    Exact: for each right answer A with m_A votes and each a in 1..k, the k-subsets holding a of A's votes and
    fewer than a of every other answer's (any number of unanswered samples) are counted with polynomial products,
    then divided by C(n, k). Cost grows as k^3 times the number of distinct answers.

    Args:
        vote: a problem's `votes`.
        k: votes drawn; needs ``1 <= k <= n`` (n: all the problem's samples, answered or not).

    Raises:
        ValueError: k is outside ``1..n``.

    >>> maj_at_k({"counts": [2, 2], "correct": [True, False], "unanswered": 0}, 4)  # a tie counts as wrong
    0.0
    >>> maj_at_k({"counts": [2, 1], "correct": [True, False], "unanswered": 0}, 3)
    1.0
    """
    counts, correct, unanswered = list(vote["counts"]), list(vote["correct"]), int(vote["unanswered"])
    n = sum(counts) + unanswered
    if not 1 <= k <= n:
        raise ValueError(f"maj@k needs 1 <= k <= n, got k={k}, n={n}; draw at least k samples per problem.")
    wins = 0
    for i, (m, ok) in enumerate(zip(counts, correct)):
        if ok:
            others = counts[:i] + counts[i + 1:]
            wins += sum(comb(m, a) * _beaten(others, unanswered, k - a, a) for a in range(1, min(m, k) + 1))
    return wins / comb(n, k)


def _beaten(others: list[int], unanswered: int, rest: int, a: int) -> int:
    """Ways to pick ``rest`` samples from the other answers (each fewer than ``a`` votes) and the unanswered ones."""
    poly = [comb(unanswered, j) for j in range(min(unanswered, rest) + 1)]
    for m in others:
        factor = [comb(m, j) for j in range(min(m, a - 1, rest) + 1)]
        poly = _times(poly, factor, rest)
    return poly[rest] if rest < len(poly) else 0


def _times(p: list[int], q: list[int], degree: int) -> list[int]:
    """The product of two polynomials (coefficient lists), cut after ``degree``."""
    out = [0] * min(len(p) + len(q) - 1, degree + 1)
    for i, x in enumerate(p):
        if x:
            for j, y in enumerate(q[: len(out) - i]):
                out[i + j] += x * y
    return out
