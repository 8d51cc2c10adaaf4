"""Per-problem estimators over n samples of which c are correct: the unbiased pass@k of Chen et al. (2021),
"Evaluating Large Language Models Trained on Code", and pass^k (every one of k samples correct; the reliability
measure of tau-bench, Yao et al. 2024), both over k samples drawn without replacement from the n."""

from __future__ import annotations

from collections.abc import Sequence

from rewards.errors import OptionError


def pass_at_k(n: int, c: int, k: int) -> float:
    """Probability that at least one of k samples drawn without replacement from n (c of them correct) is correct.

    Computes ``1 - C(n-c, k) / C(n, k)`` as a running product, which stays exact in floating point for large n.

    Args:
        n: samples drawn for the problem.
        c: how many of them were correct.
        k: the k of pass@k; needs ``1 <= k <= n``.

    Raises:
        ValueError: k is outside ``1..n`` or c is outside ``0..n``.

    >>> round(pass_at_k(n=10, c=3, k=1), 6)
    0.3
    """
    _check(n, c, k, "pass@k")
    if n - c < k:
        return 1.0
    prob_all_wrong = 1.0
    for i in range(n - c + 1, n + 1):  # C(n-c, k) / C(n, k) = prod_{i=n-c+1}^{n} (1 - k/i)
        prob_all_wrong *= 1.0 - k / i
    return 1.0 - prob_all_wrong


def pass_hat_k(n: int, c: int, k: int) -> float:
    """pass^k: probability that all k samples drawn without replacement from n (c of them correct) are correct.

    Computes ``C(c, k) / C(n, k)`` as the running product ``prod_{i<k} (c - i) / (n - i)``, exact for large n.

    Args:
        n: samples drawn for the problem.
        c: how many of them were correct.
        k: the k of pass^k; needs ``1 <= k <= n``.

    Raises:
        ValueError: k is outside ``1..n`` or c is outside ``0..n``.

    >>> pass_hat_k(n=4, c=2, k=2), pass_hat_k(n=4, c=4, k=4), pass_hat_k(n=4, c=3, k=4)
    (0.16666666666666666, 1.0, 0.0)
    """
    _check(n, c, k, "pass^k")
    prob_all_right = 1.0
    for i in range(k):
        prob_all_right *= (c - i) / (n - i)
        if prob_all_right == 0.0:
            break
    return prob_all_right


def _check(n: int, c: int, k: int, metric: str) -> None:
    if not 1 <= k <= n:
        raise ValueError(f"{metric} needs 1 <= k <= n, got k={k}, n={n}; draw at least k samples per problem.")
    if not 0 <= c <= n:
        raise ValueError(f"{metric} needs 0 <= c <= n, got c={c}, n={n}.")


# The per-problem rates a result reports for each k, by key prefix: `pass@k`, `pass^k`, `maj@k` (`eval.majority`).
RATE_PREFIXES = ("pass@", "pass^", "maj@")


def is_rate(key: str) -> bool:
    """Whether a result key is one of the k-sample rates (``pass@4``, ``pass^4``, ``maj@4``).

    >>> is_rate("pass^4"), is_rate("maj@16"), is_rate("greedy_accuracy")
    (True, True, False)
    """
    return key.startswith(RATE_PREFIXES)


def rate_k(key: str) -> int:
    """The k of a rate key.

    >>> rate_k("pass@4"), rate_k("pass^16"), rate_k("maj@2")
    (4, 16, 2)
    """
    return int(key[len(next(p for p in RATE_PREFIXES if key.startswith(p))):])


def mean_pass_at_k(correct_counts: Sequence[int], n: int, k: int) -> float:
    """pass@k averaged over problems, each with ``n`` samples of which ``correct_counts[i]`` were correct."""
    if not correct_counts:
        raise ValueError("pass@k needs at least one problem.")
    return sum(pass_at_k(n, c, k) for c in correct_counts) / len(correct_counts)


def check_ks(ks: Sequence[int], n: int, k_name: str = "k", n_name: str = "n") -> None:
    """Raise `OptionError` unless every k lies in ``1..n`` (pass@k needs k of the n samples); the names are the
    caller's flags, so the message quotes what the user typed.

    >>> check_ks([1, 16], 8, "--eval_k", "--eval_n")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    rewards.errors.OptionError: --eval_k values must lie in 1..--eval_n (8); got [1, 16].
    Raise --eval_n to at least 16 or drop k=[16].
    """
    bad = [k for k in ks if not 1 <= k <= n]
    if not ks:
        raise OptionError(f"{k_name} needs at least one k in 1..{n_name} ({n}).")
    if bad:
        raise_n = f"Raise {n_name} to at least {max(bad)} or drop" if max(bad) > n else "Drop"
        raise OptionError(f"{k_name} values must lie in 1..{n_name} ({n}); got {list(ks)}. {raise_n} k={bad}.")
