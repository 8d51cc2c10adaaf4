"""pass@k against exact enumeration of every k-subset of the n samples."""

import itertools
import re
from fractions import Fraction
from math import comb

import pytest

from eval import mean_pass_at_k, pass_at_k, pass_hat_k


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


def enumerated_pass_hat_k(n: int, c: int, k: int) -> Fraction:
    samples = [True] * c + [False] * (n - c)
    subsets = list(itertools.combinations(range(n), k))
    return Fraction(sum(all(samples[i] for i in s) for s in subsets), len(subsets))


@pytest.mark.parametrize("n", range(1, 9))
def test_pass_hat_k_matches_enumeration_for_every_c_and_k(n):
    for c in range(n + 1):  # includes c = 0 and c = n
        for k in range(1, n + 1):  # includes k = n
            assert pass_hat_k(n, c, k) == pytest.approx(float(enumerated_pass_hat_k(n, c, k)), abs=1e-12), (n, c, k)


def test_pass_hat_k_edges_and_relation_to_pass_at_k():
    assert pass_hat_k(6, 0, 1) == 0.0 and pass_hat_k(6, 6, 6) == 1.0 and pass_hat_k(6, 5, 6) == 0.0
    assert pass_hat_k(7, 3, 1) == pytest.approx(pass_at_k(7, 3, 1))  # one sample: both are the pass rate
    # pass^k of the right samples is 1 - pass@k of the wrong ones ("all right" = "no wrong one drawn").
    assert pass_hat_k(9, 6, 3) == pytest.approx(1 - pass_at_k(9, 3, 3))
    n, c, k = 2000, 1900, 300  # large n: the product form stays exact
    assert pass_hat_k(n, c, k) == pytest.approx(float(Fraction(comb(c, k), comb(n, k))), rel=1e-9)


def test_pass_hat_k_rejects_k_above_n_and_bad_c():
    with pytest.raises(ValueError, match=re.escape("pass^k needs 1 <= k <= n, got k=5, n=4")):
        pass_hat_k(4, 1, 5)
    with pytest.raises(ValueError, match=re.escape("pass^k needs 0 <= c <= n, got c=-1, n=4")):
        pass_hat_k(4, -1, 1)
