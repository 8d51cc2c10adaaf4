"""pass@k against exact enumeration of every k-subset of the n samples."""

import itertools
import re
from fractions import Fraction
from math import comb

import pytest

from eval import mean_pass_at_k, pass_at_k


def enumerated_pass_at_k(n: int, c: int, k: int) -> float:
    samples = [True] * c + [False] * (n - c)
    subsets = list(itertools.combinations(range(n), k))
    return sum(any(samples[i] for i in s) for s in subsets) / len(subsets)


@pytest.mark.parametrize("n", range(1, 8))
def test_matches_enumeration_for_every_c_and_k(n):
    for c in range(n + 1):  # includes c = 0 and c = n
        for k in range(1, n + 1):  # includes k = n
            assert pass_at_k(n, c, k) == pytest.approx(enumerated_pass_at_k(n, c, k), abs=1e-12), (n, c, k)


def test_edge_values_are_exact():
    assert pass_at_k(5, 0, 3) == 0.0
    assert pass_at_k(5, 5, 1) == 1.0
    assert pass_at_k(6, 1, 6) == 1.0  # k = n: any correct sample is always drawn
    assert pass_at_k(6, 0, 6) == 0.0


def test_stable_for_large_n():
    # Direct binomials overflow floats at this size; the product form must stay exact.
    n, c, k = 2000, 37, 500
    exact = 1 - Fraction(comb(n - c, k), comb(n, k))
    assert pass_at_k(n, c, k) == pytest.approx(float(exact), rel=1e-12)


def test_mean_over_problems():
    assert mean_pass_at_k([0, 2, 4], n=4, k=1) == pytest.approx((0 + 0.5 + 1) / 3)


def test_rejects_k_above_n_and_bad_c():
    with pytest.raises(ValueError, match=re.escape("pass@k needs 1 <= k <= n, got k=5, n=4")):
        pass_at_k(4, 1, 5)
    with pytest.raises(ValueError, match=re.escape("0 <= c <= n, got c=5, n=4")):
        pass_at_k(4, 5, 1)
