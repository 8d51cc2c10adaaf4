"""Correct code ``code_tests`` fails on purpose: the documented differences from plain Python, one case each.

Not part of the corpus (`all_cases`), which must pass whole: each case here passes in plain Python and fails in
``code_tests`` at its defaults, because the one-process meaning would let an attack through, cannot be given across
two processes, or is past a bound that keeps the trainer safe. ``WHY`` says which; docs/sandbox.md ("The
differences that remain") lists them with the rest. test_honest_corpus.py checks each still passes in plain Python
and still fails here: one that starts to pass leaves this file for the corpus.
"""

from __future__ import annotations

from . import Case, asserts, humaneval

WHY: dict[str, str] = {
    "humaneval/he-float-of-object":
        "float()/int() of an object of the job is not forwarded: tests/rewards/code/test_handle_attacks.py's object "
        "built to be every answer at once (it converts, indexes and formats as the answer) must fail every test "
        "that coerces it",
    "humaneval/he-vector-times-scalar":
        "arithmetic of an object of the job with a value of the test's is not forwarded (`Vec * 3`): in `abs(v - "
        "3.5) < 1e-9` the operand is what the test expects, and an object whose `__sub__` answers an object that is "
        "0 to every unary operator would pass any tolerance test",
    "humaneval/he-arg-memoryview":
        "transport, true limit: a memoryview is a view of another object's memory, which cannot be shared",
    "humaneval/he-arg-test-class-instance":
        "transport, by design (code_tests docstring): an object of a class the test defines cannot be passed in "
        "(the prompt's classes can: the job's program starts with the prompt)",
    "humaneval/he-arg-test-enum":
        "transport, by design: as he-arg-test-class-instance, an Enum the test defines",
    "humaneval/he-arg-test-dataclass":
        "transport, by design: as he-arg-test-class-instance, a test's dataclass",
    "humaneval/he-arg-callable-object":
        "transport, by design: as he-arg-test-class-instance, a test's object with __call__ (a test's functions and "
        "lambdas do cross)",
    "mbpp/mbpp-setup-class-used":
        "transport, by design: as he-arg-test-class-instance, a class test_setup_code defines",
    "humaneval/he-ret-type-object":
        "handles, by design (docs/sandbox.md): a builtin the completion returns equals the builtin but is never it "
        "(`candidate(...) is float` fails; `== float` holds), so a test never calls the real one outside the "
        "deadlines",
    "humaneval/he-ret-huge-int-list":
        "bound (docs/sandbox.md): one answer past output_bytes (4 MiB of JSON; 2000 factorials are ~5.7 MB)",
    "humaneval/he-setrecursionlimit-deep":
        "transport, bound: an argument nested past codec.MAX_DEPTH (a 20,000-deep tuple chain) cannot cross",
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
    humaneval("he-arg-memoryview", """
        def checksum(buf):
            return sum(bytes(buf)) % 256
        """, """
        def check(candidate):
            assert candidate(memoryview(b"abc")) == (97 + 98 + 99) % 256
            assert candidate(b"\\xff\\x02") == 1
        """, "checksum"),
    humaneval("he-arg-test-class-instance", """
        def area_sum(shapes):
            return sum(s.area() for s in shapes)
        """, """
        class Square:
            def __init__(self, side):
                self.side = side

            def area(self):
                return self.side * self.side


        def check(candidate):
            assert candidate([Square(2), Square(3)]) == 13
            assert candidate([]) == 0
        """, "area_sum"),
    humaneval("he-arg-test-enum", """
        def names(members):
            return [m.name.lower() for m in members]
        """, """
        from enum import Enum


        class Suit(Enum):
            HEARTS = 1
            SPADES = 2


        def check(candidate):
            assert candidate([Suit.SPADES, Suit.HEARTS]) == ["spades", "hearts"]
            assert candidate(list(Suit)) == ["hearts", "spades"]
        """, "names"),
    humaneval("he-arg-test-dataclass", """
        def oldest(people):
            return max(people, key=lambda p: p.age).name
        """, """
        from dataclasses import dataclass


        @dataclass
        class Person:
            name: str
            age: int


        def check(candidate):
            assert candidate([Person("a", 3), Person("b", 9), Person("c", 1)]) == "b"
        """, "oldest"),
    humaneval("he-arg-callable-object", """
        def apply_all(f, xs):
            return [f(x) for x in xs]
        """, """
        class Scale:
            def __init__(self, k):
                self.k = k
                self.calls = 0

            def __call__(self, x):
                self.calls += 1
                return self.k * x


        def check(candidate):
            s = Scale(3)
            assert candidate(s, [1, 2]) == [3, 6]
            assert candidate(abs, [-1, 2]) == [1, 2]
        """, "apply_all"),
    asserts("mbpp-setup-class-used", """
        def total_age(people):
            return sum(p.age for p in people)
        """, ["assert total_age([Person('a', 3), Person('b', 4)]) == 7", "assert total_age([]) == 0"], setup="""
        class Person:
            def __init__(self, name, age):
                self.name = name
                self.age = age
        """),
    humaneval("he-ret-type-object", """
        def widest_type(values):
            if any(isinstance(v, float) for v in values):
                return float
            return int
        """, """
        def check(candidate):
            assert candidate([1, 2.0]) is float
            assert candidate([1]) is int
            assert candidate([1, 2])("7") == 7
        """, "widest_type"),
    humaneval("he-ret-huge-int-list", """
        def factorials(n):
            out, f = [], 1
            for i in range(1, n + 1):
                f *= i
                out.append(f)
            return out
        """, """
        import math


        def check(candidate):
            fs = candidate(2000)
            assert fs[-1] == math.factorial(2000)
            assert fs[-1] % 10 ** 400 == 0 and len(fs) == 2000
        """, "factorials"),
    humaneval("he-setrecursionlimit-deep", """
        import sys

        sys.setrecursionlimit(100000)


        def length(node):
            return 0 if node is None else 1 + length(node[1])
        """, """
        def check(candidate):
            node = None
            for i in range(20000):
                node = (i, node)
            assert candidate(node) == 20000
        """, "length"),
]
