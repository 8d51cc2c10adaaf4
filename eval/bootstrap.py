"""Percentile bootstrap confidence intervals over prompts (the unit that varies between eval sets).

Resampling prompts, not samples, is what makes the interval answer "would this hold on other problems like these?".
Paired comparisons pass per-prompt differences, so each resample keeps a prompt's before and after together.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np


def bootstrap_ci(values: Sequence[float], *, confidence: float = 0.95, n_resamples: int = 2000,
                 seed: int = 0) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean of ``values`` (one value per prompt).

    Args:
        values: one number per prompt (a pass@k estimate, a 0/1 greedy result, or a paired difference).
        confidence: coverage of the interval, e.g. 0.95.
        n_resamples: bootstrap resamples of the prompts.
        seed: seed of the resampling, so the interval is reproducible.

    Returns:
        ``(low, high)``; both equal the mean when every value is the same.

    Raises:
        ValueError: no values, or confidence outside (0, 1).

    >>> bootstrap_ci([1.0, 1.0, 1.0])
    (1.0, 1.0)
    """
    if len(values) == 0:
        raise ValueError("A bootstrap interval needs at least one value (one per prompt).")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must lie strictly between 0 and 1, got {confidence}.")
    data = np.asarray(values, dtype=float)
    rng = np.random.default_rng(seed)
    means = np.empty(n_resamples)
    chunk = max(1, 2_000_000 // len(data))  # bound memory: resample in blocks of rows
    for start in range(0, n_resamples, chunk):
        stop = min(n_resamples, start + chunk)
        means[start:stop] = data[rng.integers(0, len(data), size=(stop - start, len(data)))].mean(axis=1)
    tail = (1.0 - confidence) / 2 * 100
    low, high = np.percentile(means, [tail, 100 - tail])
    return float(low), float(high)


def wilson_interval(successes: int, n: int, *, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of a proportion ``successes / n``: unlike the normal one it stays inside [0, 1] and is
    not empty at 0 or n successes, which small audits produce.

    Raises:
        ValueError: ``n < 1``, ``successes`` outside ``0..n``, or confidence outside (0, 1).

    >>> [round(x, 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]
    """
    if n < 1 or not 0 <= successes <= n:
        raise ValueError(f"A Wilson interval needs 0 <= successes <= n and n >= 1, got {successes} of {n}.")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must lie strictly between 0 and 1, got {confidence}.")
    from statistics import NormalDist

    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p, z2 = successes / n, z * z / n
    centre, half = (p + z2 / 2) / (1 + z2), z * math.sqrt(p * (1 - p) / n + z2 / (4 * n)) / (1 + z2)
    return max(0.0, centre - half), min(1.0, centre + half)
