"""Math answers: ``math_exact`` and the pieces it is built from.

- `rewards.math.hedges`: hedges (alternatives, lists where one value is wanted) and contradictions.
- `rewards.math.forms`: answer forms read as what they are (objects on a final line, decimal commas, choice
  statements, units in golds, ``\\bmod``, transposes, one-sided limits).
- `rewards.math.evaluate`: values of simple closed forms, the in-process fast path for common equivalences.
- `rewards.math.workers`: math-verify in worker processes with a CPU-time budget per item.
- `rewards.math.equivalence`: equivalences a worker settles without sympy's simplifier.
- `rewards.math.exact`: the ``math_exact`` reward and the gold checks the envs run on load.

The final answer a completion commits to is read by `rewards.reading.final`, shared with the other rewards; the
input caps, notation and literal comparisons it uses live beside it (`rewards.reading.caps`, `.notation`,
`.literals`), below this package.
"""

from typing import Any

__all__ = ["MathExact", "check_golds", "gold_answer"]


def __getattr__(name: str) -> Any:
    # Lazy, so a worker started with `python -m rewards.math.workers` does not import that module twice.
    if name in __all__:
        from rewards.math import exact

        return getattr(exact, name)
    raise AttributeError(f"module 'rewards.math' has no attribute {name!r}")
