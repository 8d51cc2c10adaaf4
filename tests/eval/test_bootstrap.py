"""Bootstrap intervals: reproducible, degenerate on constant data, and covering the truth at about the nominal rate."""

import numpy as np
import pytest

from eval import bootstrap_ci


def test_constant_values_give_a_point():
    assert bootstrap_ci([0.0] * 10) == (0.0, 0.0)


def test_reproducible_and_brackets_mean():
    values = [0.0, 1.0, 1.0, 0.0, 1.0, 0.5, 0.25]
    low, high = bootstrap_ci(values, seed=3)
    assert (low, high) == bootstrap_ci(values, seed=3)
    assert low < np.mean(values) < high


def test_coverage_near_nominal():
    rng = np.random.default_rng(0)
    covered = 0
    for rep in range(200):
        data = rng.binomial(1, 0.3, size=100).astype(float)
        low, high = bootstrap_ci(data, n_resamples=400, seed=rep)
        covered += low <= 0.3 <= high
    assert 0.88 <= covered / 200 <= 0.99


def test_rejects_empty():
    with pytest.raises(ValueError, match="at least one value"):
        bootstrap_ci([])
