"""Correct code ``code_tests`` fails on purpose: the documented differences from plain Python, one case each.

Not part of the corpus (`all_cases`), which must pass whole: each case here passes in plain Python and fails in
``code_tests`` at its defaults, because the one-process meaning would let an attack through. ``WHY`` names the
attack; docs/sandbox.md ("The differences that remain") lists them with the rest. test_honest_corpus.py checks each
still passes in plain Python and still fails here: one that starts to pass leaves this file for the corpus.
"""

from __future__ import annotations

from . import Case, humaneval

WHY: dict[str, str] = {
    "humaneval/he-float-of-object":
        "float()/int() of an object of the job is not forwarded: tests/rewards/code/test_handle_attacks.py's "
        "object built to be every answer at once (it converts, indexes and formats as the answer) must fail every "
        "test that coerces it",
    "humaneval/he-vector-times-scalar":
        "arithmetic of an object of the job with a value of the test's is not forwarded (`Vec * 3`): in "
        "`abs(v - 3.5) < 1e-9` the operand is what the test expects, and an object whose `__sub__` answers an "
        "object that is 0 to every unary operator would pass any tolerance test",
}

CASES: list[Case] = [
    humaneval("he-vector-times-scalar", """
        class Vec:
            def __init__(self, x, y):
                self.x, self.y = x, y

            def __mul__(self, k):
                return Vec(self.x * k, self.y * k)

            __rmul__ = __mul__


        def vec(x, y):
            return Vec(x, y)
        """, """
        def check(candidate):
            v = candidate(1, 2) * 3
            assert (v.x, v.y) == (3, 6)
        """, "vec"),
    humaneval("he-float-of-object", """
        class Money:
            def __init__(self, cents):
                self.cents = cents

            def __float__(self):
                return self.cents / 100

            def __int__(self):
                return self.cents // 100


        def money(cents):
            return Money(cents)
        """, """
        def check(candidate):
            m = candidate(1250)
            assert float(m) == 12.5
            assert int(m) == 12
        """, "money"),
]
