"""The verdict is a function of the input: one batch scored on an idle machine and beside two CPU-bound processes
gives identical verdicts (the budget is CPU time inside the worker, not wall time)."""

from __future__ import annotations

import subprocess
import sys
import time

import rewards
from rewards.math import MathExact

# Pairs that need sympy (no literal shortcut), some of them slow in its simplifier, and one past any budget.
BATCH = [
    ("(x+1)^2(x-2)", "\\boxed{x^3 - 3x - 2}"), ("(a+b)(c+d)", "\\boxed{bd + ac + bc + ad}"),
    ("\\frac{x^2}{4} + y^2 = 1", "\\boxed{x^2 + 4y^2 = 4}"), ("\\frac{\\sqrt{2}}{2}", "\\boxed{\\frac{1}{\\sqrt{2}}}"),
    ("x^2 - 5x + 6", "\\boxed{(x-2)(x-3)}"), ("x^2 - 5x + 6", "\\boxed{(x-2)(x+3)}"),
    ("\\sin^2 x + \\cos^2 x", "\\boxed{1}"), ("2\\sqrt{6}", "\\boxed{\\sqrt{24}}"),
    ("y = 2x + 3", "\\boxed{y = 3 + 2x}"),
    ("\\frac{1}{x+1}", "\\boxed{(x+1)^{-1}}"), ("3x - 2y = 6", "\\boxed{y = \\frac{3}{2}x - 3}"),
    ("(x+y)^3", "\\boxed{x^3 + 3x^2y + 3xy^2 + y^3}"), ("(x+y)^3", "\\boxed{x^3 + 3x^2y + 3xy^2 + 2y^3}"),
    ("\\frac{1}{2}", "\\boxed{\\sum_{k=1}^{99999} \\frac{1}{k^3}}"), ("1+2i", "\\boxed{i(2-i)}"),
    ("\\{1, 2, 3\\}", "\\boxed{\\{3, 1, 2\\}}"),
    ("(-\\infty, 2) \\cup (3, \\infty)", "\\boxed{(3,\\infty)\\cup(-\\infty,2)}"),
]


def _score() -> list:
    reward = MathExact(deadline=0.5)
    return reward.verdicts([c for _, c in BATCH], answer=[g for g, _ in BATCH])


def test_same_verdicts_idle_and_beside_two_cpu_bound_processes():
    rewards.get("math_exact")(completions=["\\boxed{x}"], answer=["x"])  # workers warm
    idle = _score()
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        time.sleep(0.5)
        loaded = _score()
    finally:
        for p in burners:
            p.kill()
            p.wait()
    assert [(v.score, v.status) for v in loaded] == [(v.score, v.status) for v in idle]
    assert idle[13].status.value == "timeout" and "CPU budget" in idle[13].detail  # the one past the budget
    assert sum(v.score for v in idle) == 14  # all but the two wrong answers and the one past the budget
