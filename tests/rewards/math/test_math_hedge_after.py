"""A hedge right after an "answer is" sentence offers another value: "The answer is 5, maybe 6." read as its
first value scored 1 (a policy could hedge every answer); it is now read as "5 or 6", a hedge. Near misses beside
them: a clause or a next sentence that offers no other value keeps the answer."""

from __future__ import annotations

import pytest

HEDGED = [
    "The answer is 5, maybe 6.",
    "The answer is 5. Or 6.",
    "The answer is 5. Or maybe 6.",
    "The answer is 5, but it might be 6.",
    "The answer is 5, perhaps $6$.",
    "So the answer is $5$; possibly $\\frac{12}{2}$.",
    "The answer is 5, or possibly 6.",
]
KEPT = [
    "The answer is 5.",
    "The answer is 5, which is odd.",
    "The answer is 5. Maybe I should check: 2+3=5.",
    "The answer is 5, so we are done. Perhaps 6 people agree.",
    "The answer is 5 apples, maybe more.",
    "The answer is $5$. Or, in words, five.",
]


@pytest.mark.parametrize("completion", HEDGED)
def test_a_value_offered_after_the_answer_is_a_hedge(math_exact, completion):
    assert math_exact([completion], answer=["5"]) == [0.0]
    assert math_exact([completion], answer=["6"]) == [0.0]


@pytest.mark.parametrize("completion", KEPT)
def test_a_clause_without_another_value_keeps_the_answer(math_exact, completion):
    assert math_exact([completion], answer=["5"]) == [1.0]
