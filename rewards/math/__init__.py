"""Math answers: ``math_exact`` and the pieces it is built from.

- `rewards.math.extraction`: the final answer a completion commits to.
- `rewards.math.hedges`: hedges (alternatives, lists where one value is wanted) and contradictions.
- `rewards.math.literals`: integers, decimals, fractions and their tuples/sets/intervals, compared without sympy.
- `rewards.math.caps`: input caps that refuse parser bombs before any parser sees them.
- `rewards.math.workers`: math-verify in deadline-bound worker processes.
- `rewards.math.exact`: the ``math_exact`` reward and the gold checks the envs run on load.
"""

from typing import Any

__all__ = ["MathExact", "check_golds", "gold_answer"]


def __getattr__(name: str) -> Any:
    # Lazy, so a worker started with `python -m rewards.math.workers` does not import that module twice.
    if name in __all__:
        from rewards.math import exact

        return getattr(exact, name)
    raise AttributeError(f"module 'rewards.math' has no attribute {name!r}")
