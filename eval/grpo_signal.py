"""Will GRPO learn here? The share of prompts whose group of G samples would all score the same.

GRPO's advantage is ``(r - mean(group)) / std(group)``: a group whose G rewards are all equal has zero std and gives
no gradient, whatever G is. From ``n >= G`` scored samples per prompt, the chance that G of them drawn without
replacement all score the same is exact: ``sum over distinct scores v of C(m_v, G) / C(n, G)``, with ``m_v`` the
number of samples scoring ``v``; an unscorable sample (None) is left out of its group, as TRL leaves it. The estimate
is of the policy as evaluated, i.e. of the first training step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from math import comb
from typing import Any


def zero_std_probability(scores: Sequence[float | None], group_size: int) -> float:
    """Probability that ``group_size`` of ``scores`` drawn without replacement give no gradient: their scored
    members are all equal, or fewer than two.

    A None score is an unscorable completion: TRL 1.16 leaves it out of its group's mean and std and gives it no
    advantage, so it neither adds signal nor removes it (counting it as 0 would invent signal beside a right answer).
    A group left with one scored member has no std at all (NaN in TRL, so not in its ``frac_reward_zero_std``) and
    gives no gradient either; it is counted here.

    Raises:
        ValueError: ``group_size`` is below 2 or above ``len(scores)``.

    >>> zero_std_probability([1.0, 0.0, 0.0, 0.0], 2)
    0.5
    >>> zero_std_probability([1.0, 0.0, None], 2)  # only the pair (1.0, 0.0) carries signal
    0.6666666666666666
    """
    n = len(scores)
    if not 2 <= group_size <= n:
        raise ValueError(f"need 2 <= group_size <= samples, got group_size={group_size} with {n} samples.")
    counts = Counter(s for s in scores if s is not None)
    unscored = n - sum(counts.values())
    # k of the group unscored, the other group_size - k scored and all equal (none or one always are)
    same = sum(comb(unscored, k) * (sum(comb(m, group_size - k) for m in counts.values()) if group_size - k else 1)
               for k in range(min(unscored, group_size) + 1))
    return same / comb(n, group_size)


def zero_std_fraction(scores_per_prompt: Sequence[Sequence[float | None]], group_size: int) -> float:
    """Expected share of prompts whose ``group_size`` samples would all score the same (GRPO gets no gradient)."""
    if not scores_per_prompt:
        raise ValueError("The GRPO signal needs at least one prompt.")
    return sum(zero_std_probability(s, group_size) for s in scores_per_prompt) / len(scores_per_prompt)


def grpo_signal_message(result: Mapping[str, Any], group_size: int) -> str:
    """One line for a user about to train: how many prompts give GRPO nothing to learn from at ``group_size``."""
    by_size = _by_group_size(result)
    n = result.get("n_samples")
    if str(group_size) not in by_size:
        return (f"GRPO signal: not estimated for group size {group_size}: the eval drew {n} samples per prompt; "
                f"draw at least {group_size} (train.py --eval_n, python -m eval --n).")
    frac = by_size[str(group_size)]
    return (f"GRPO signal: {frac:.0%} of prompts would give a zero-std group of {group_size} (no gradient); "
            f"{1 - frac:.0%} carry signal.")


def _by_group_size(result: Mapping[str, Any]) -> dict[str, float]:
    if "per_task" not in result:
        return dict(result.get("grpo_signal", {}).get("by_group_size", {}))
    # A mixed-task result (eval.mixture.evaluate_by_task): pool the tasks, weighted by their number of problems.
    tasks = list(result["per_task"].values())
    sizes = set.intersection(*(set(t.get("grpo_signal", {}).get("by_group_size", {})) for t in tasks))
    total = sum(t["n_problems"] for t in tasks)
    return {g: sum(t["grpo_signal"]["by_group_size"][g] * t["n_problems"] for t in tasks) / total for g in sizes}
