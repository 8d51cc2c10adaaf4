"""A second held-out sweep (2026-12-04) of idioms the other modules do not hold, in all four styles, each name led by
the dataset it imitates: ``he-`` (HumanEval), ``mbpp-``, ``lcd-`` (LeetCodeDataset rows and assert lists calling
the completion's classes), ``cf-`` (Codeforces/APPS/CodeContests stdin scripts).

Written as a second check of issue 37 (a correct program passes in ``code_tests`` exactly when it passes in plain
``python3``): ``operator.itemgetter``/``attrgetter`` and ``cmp_to_key`` as keys, ``decimal.localcontext``,
``Fraction.limit_denominator``, complex numbers, ``bytes``/``bytearray`` changed in place, ``str.translate``, format
specs and ``!r``, ``datetime`` arithmetic, ``enum.Flag``/``IntEnum`` read through ``.value``, ``abc.ABC``
subclasses, ``__slots__``, properties with setters, ``cached_property``, iterator and sequence classes, context
managers (a class's and ``contextlib.contextmanager``'s), closures and decorator factories, memo dicts passed in,
objects of the completion compared among themselves, nested ``defaultdict(lambda: defaultdict(int))``, numpy
results, big integers, class and static methods called on the class, LeetCode design classes and in-place tasks,
and stdin read through ``open(0)``, ``iter(input, "")``, ``for line in sys.stdin`` and ``EOFError`` loops."""

from __future__ import annotations

from . import Case, asserts, humaneval, stdio
from .cases_leetcode import LIST_NODE, la, lc

# Cases plain Python passes and code_tests at its defaults failed (found 2026-12-04, main 792fa90: 18 cases): five
# fixed the same day (context managers, unary operators of an object of the job, slices, math's functions passed by
# the test), ten the next (docs/sandbox.md), a test's `hash("apple")` on 2026-12-04 (`rewards.code.job_hash`); the two
# left are differences by design, moved to differences.py.
# Passes at the defaults, fails in the strict profile (CodeTests(private_clock=True)).
KNOWN_FAILING_STRICT_ONLY: dict[str, str] = {
    "humaneval/he-datetime-now-close":
        "clock, by design: the strict profile gives each job a private clock, so the job's datetime.now() is "
        "far from the test's",
}

HE: list[Case] = [
    humaneval("he-itemgetter-key", """
        from operator import itemgetter


        def by_score(rows):
            return sorted(rows, key=itemgetter(1, 0), reverse=True)
        """, """
        def check(candidate):
            assert candidate([("a", 2), ("b", 3), ("c", 2)]) == [("b", 3), ("c", 2), ("a", 2)]
            assert candidate([]) == []
        """, "by_score"),
    humaneval("he-attrgetter-return", """
        from operator import attrgetter


        def getter(*names):
            return attrgetter(*names)
        """, """
        from types import SimpleNamespace


        def check(candidate):
            g = candidate("x")
            assert g(SimpleNamespace(x=4)) == 4
            assert candidate("x", "y")(SimpleNamespace(x=1, y=2)) == (1, 2)
        """, "getter"),
    humaneval("he-cmp-to-key-largest-number", """
        from functools import cmp_to_key


        def largest_number(nums):
            strs = sorted(map(str, nums), key=cmp_to_key(lambda a, b: (b + a > a + b) - (b + a < a + b)))
            return "".join(strs).lstrip("0") or "0"
        """, """
        def check(candidate):
            assert candidate([3, 30, 34, 5, 9]) == "9534330"
            assert candidate([0, 0]) == "0"
            assert candidate([10, 2]) == "210"
        """, "largest_number"),
    humaneval("he-decimal-localcontext", """
        from decimal import Decimal, localcontext


        def divide(a, b, digits):
            with localcontext() as ctx:
                ctx.prec = digits
                return Decimal(a) / Decimal(b)
        """, """
        from decimal import Decimal


        def check(candidate):
            assert candidate(1, 3, 5) == Decimal("0.33333")
            assert str(candidate(2, 3, 3)) == "0.667"
            assert isinstance(candidate(1, 7, 10), Decimal)
        """, "divide"),
    humaneval("he-fraction-approx-parts", """
        from fractions import Fraction


        def approx(x, max_den):
            return Fraction(x).limit_denominator(max_den)
        """, """
        from fractions import Fraction


        def check(candidate):
            assert candidate(3.14159, 10) == Fraction(22, 7)
            f = candidate(0.5, 100)
            assert (f.numerator, f.denominator) == (1, 2)
        """, "approx"),
    humaneval("he-complex-roots", """
        import cmath


        def roots(a, b, c):
            d = cmath.sqrt(b * b - 4 * a * c)
            return sorted([(-b - d) / (2 * a), (-b + d) / (2 * a)], key=lambda z: (z.real, z.imag))
        """, """
        def check(candidate):
            r = candidate(1, 0, 1)
            assert r == [-1j, 1j] or [complex(round(z.real, 9), round(z.imag, 9)) for z in r] == [-1j, 1j]
            assert [z.real for z in candidate(1, -3, 2)] == [1.0, 2.0]
            assert abs(candidate(1, 2, 5)[0] - complex(-1, -2)) < 1e-9
        """, "roots"),
    humaneval("he-bytes-xor", """
        def xor_bytes(data, key):
            return bytes(b ^ key[i % len(key)] for i, b in enumerate(data))
        """, """
        def check(candidate):
            enc = candidate(b"hello", b"k")
            assert enc != b"hello" and candidate(enc, b"k") == b"hello"
            assert candidate(b"", b"xy") == b""
            assert candidate(bytes([1, 2]), bytes([1])).hex() == "0003"
        """, "xor_bytes"),
    humaneval("he-bytearray-inplace", """
        def upper_inplace(buf):
            for i, b in enumerate(buf):
                if 97 <= b <= 122:
                    buf[i] = b - 32
            return len(buf)
        """, """
        def check(candidate):
            buf = bytearray(b"abc-Def")
            assert candidate(buf) == 7
            assert buf == bytearray(b"ABC-DEF")
        """, "upper_inplace"),
    humaneval("he-translate-maketrans-delete", """
        def scrub(s):
            return s.translate(str.maketrans("abc", "xyz", "!?"))
        """, """
        def check(candidate):
            assert candidate("aabbcc!?") == "xxyyzz"
            assert candidate("hello?") == "hello"
        """, "scrub"),
    humaneval("he-format-spec", """
        def table(rows):
            return [f"{name:<6}|{value:>8.2f}|{count:04d}|{ratio:.1%}" for name, value, count, ratio in rows]
        """, """
        def check(candidate):
            assert candidate([("ab", 3.14159, 7, 0.25)]) == ["ab    |    3.14|0007|25.0%"]
            assert len(candidate([("x", 1, 1, 1)])[0]) == 6 + 1 + 8 + 1 + 4 + 1 + 6
        """, "table"),
    humaneval("he-fstring-repr", """
        def describe(key, value):
            return f"{key!r} -> {value!r}"
        """, """
        def check(candidate):
            assert candidate("a", "b") == "'a' -> 'b'"
            assert candidate(1, [1, "x"]) == "1 -> [1, 'x']"
        """, "describe"),
    humaneval("he-datetime-weekdays", """
        from datetime import date, timedelta


        def business_days(start, end):
            d, n = start, 0
            while d < end:
                if d.weekday() < 5:
                    n += 1
                d += timedelta(days=1)
            return n
        """, """
        from datetime import date


        def check(candidate):
            assert candidate(date(2024, 1, 1), date(2024, 1, 8)) == 5
            assert candidate(date(2024, 1, 6), date(2024, 1, 8)) == 0
        """, "business_days"),
    humaneval("he-datetime-return-diff", """
        from datetime import datetime


        def parse_span(a, b):
            fmt = "%Y-%m-%d %H:%M"
            return datetime.strptime(b, fmt) - datetime.strptime(a, fmt)
        """, """
        from datetime import timedelta


        def check(candidate):
            d = candidate("2024-03-01 10:00", "2024-03-02 12:30")
            assert d == timedelta(days=1, hours=2, minutes=30)
            assert d.total_seconds() == 95400
        """, "parse_span"),
    humaneval("he-enum-flag-combine", """
        import enum


        class Perm(enum.Flag):
            R = 4
            W = 2
            X = 1


        def parse(mode):
            p = Perm(0)
            for ch, flag in zip("rwx", (Perm.R, Perm.W, Perm.X)):
                if ch in mode:
                    p |= flag
            return p
        """, """
        def check(candidate):
            assert candidate("rw").value == 6
            assert candidate("").value == 0
            assert candidate("rwx") == candidate("xwr")
        """, "parse"),
    humaneval("he-intenum-value", """
        from enum import IntEnum


        class Level(IntEnum):
            LOW = 1
            MID = 2
            HIGH = 3


        def classify(x):
            return Level.LOW if x < 10 else Level.MID if x < 100 else Level.HIGH
        """, """
        def check(candidate):
            assert candidate(5).value == 1
            assert candidate(50).name == "MID"
            assert candidate(500) > candidate(5)
        """, "classify"),
    humaneval("he-abc-instance-base-method", """
        from abc import ABC, abstractmethod


        class Shape(ABC):
            @abstractmethod
            def area(self):
                ...

            def describe(self):
                return f"{type(self).__name__} of area {self.area():.1f}"


        class Square(Shape):
            def __init__(self, side):
                self.side = side

            def area(self):
                return self.side ** 2


        def make_square(side):
            return Square(side)
        """, """
        def check(candidate):
            s = candidate(3)
            assert s.area() == 9
            assert s.describe() == "Square of area 9.0"
            assert isinstance(s, Shape)
        """, "make_square"),
    humaneval("he-slots-class", """
        class Point:
            __slots__ = ("x", "y")

            def __init__(self, x, y):
                self.x, self.y = x, y

            def norm1(self):
                return abs(self.x) + abs(self.y)


        def origin_shift(x, y, dx, dy):
            p = Point(x, y)
            p.x += dx
            p.y += dy
            return p
        """, """
        def check(candidate):
            p = candidate(1, 2, 3, -5)
            assert (p.x, p.y) == (4, -3)
            assert p.norm1() == 7
        """, "origin_shift"),
    humaneval("he-property-setter", """
        class Temperature:
            def __init__(self, celsius):
                self._c = celsius

            @property
            def fahrenheit(self):
                return self._c * 9 / 5 + 32

            @fahrenheit.setter
            def fahrenheit(self, f):
                self._c = (f - 32) * 5 / 9

            @property
            def celsius(self):
                return self._c


        def make_temp(c):
            return Temperature(c)
        """, """
        def check(candidate):
            t = candidate(100)
            assert t.fahrenheit == 212
            t.fahrenheit = 32
            assert t.celsius == 0
        """, "make_temp"),
    humaneval("he-iterator-class-next-sum-for", """
        class Countdown:
            def __init__(self, n):
                self.n = n

            def __iter__(self):
                return self

            def __next__(self):
                if self.n <= 0:
                    raise StopIteration
                self.n -= 1
                return self.n + 1


        def countdown(n):
            return Countdown(n)
        """, """
        def check(candidate):
            it = candidate(3)
            assert next(it) == 3
            assert list(it) == [2, 1]
            assert sum(candidate(4)) == 10
            out = []
            for x in candidate(2):
                out.append(x)
            assert out == [2, 1]
        """, "countdown"),
    humaneval("he-context-manager-class", """
        class Recorder:
            def __init__(self):
                self.events = []

            def __enter__(self):
                self.events.append("enter")
                return self

            def __exit__(self, *exc):
                self.events.append("exit")
                return False

            def log(self, msg):
                self.events.append(msg)
        """, """
        def check(candidate):
            with candidate() as r:
                r.log("work")
            assert r.events == ["enter", "work", "exit"]
        """, "Recorder"),
    humaneval("he-contextmanager-decorator", """
        from contextlib import contextmanager


        @contextmanager
        def collecting():
            box = []
            yield box
            box.append("done")
        """, """
        def check(candidate):
            with candidate() as box:
                box.append(1)
            assert box == [1, "done"] or box == [1]
        """, "collecting"),
    humaneval("he-closure-counter", """
        def make_counter(start=0):
            count = start

            def step(by=1):
                nonlocal count
                count += by
                return count
            return step
        """, """
        def check(candidate):
            c = candidate()
            assert c() == 1
            assert c(5) == 6
            d = candidate(10)
            assert d() == 11 and c() == 7
        """, "make_counter"),
    humaneval("he-decorator-factory", """
        import functools


        def repeat(n):
            def deco(f):
                @functools.wraps(f)
                def wrapper(*args):
                    return [f(*args) for _ in range(n)]
                return wrapper
            return deco
        """, """
        def check(candidate):
            @candidate(3)
            def hello(name):
                return "hi " + name
            assert hello("bob") == ["hi bob"] * 3
        """, "repeat"),
    humaneval("he-memo-dict-passed", """
        def ways(n, memo=None):
            if memo is None:
                memo = {}
            if n <= 1:
                return 1
            if n not in memo:
                memo[n] = ways(n - 1, memo) + ways(n - 2, memo)
            return memo[n]
        """, """
        def check(candidate):
            memo = {}
            assert candidate(30, memo) == 1346269
            assert memo[30] == 1346269 and len(memo) == 29
            assert candidate(5) == 8
        """, "ways"),
    humaneval("he-two-results-equal", """
        from dataclasses import dataclass


        @dataclass(frozen=True)
        class Interval:
            lo: int
            hi: int


        def hull(xs):
            return Interval(min(xs), max(xs))
        """, """
        def check(candidate):
            assert candidate([3, 1, 2]) == candidate([1, 3])
            assert candidate([1]) != candidate([2])
            assert len({candidate([1, 2]), candidate([2, 1])}) == 1
        """, "hull"),
    humaneval("he-set-of-tuples", """
        def pairs_with_sum(xs, t):
            seen, out = set(), set()
            for x in xs:
                if t - x in seen:
                    out.add((min(x, t - x), max(x, t - x)))
                seen.add(x)
            return out
        """, """
        def check(candidate):
            assert candidate([1, 2, 3, 4, 5], 6) == {(1, 5), (2, 4)}
            assert candidate([], 1) == set()
            assert (1, 5) in candidate([5, 1], 6)
        """, "pairs_with_sum"),
    humaneval("he-nested-defaultdict", """
        from collections import defaultdict


        def cooccur(sentences):
            table = defaultdict(lambda: defaultdict(int))
            for s in sentences:
                words = s.split()
                for a in words:
                    for b in words:
                        if a != b:
                            table[a][b] += 1
            return table
        """, """
        def check(candidate):
            t = candidate(["a b", "a c", "a b"])
            assert t["a"]["b"] == 2
            assert t["b"]["a"] == 2
            assert dict(t["c"]) == {"a": 1}
        """, "cooccur"),
    humaneval("he-numpy-tolist", """
        import numpy as np


        def outer_table(n):
            a = np.arange(1, n + 1)
            return np.outer(a, a)
        """, """
        import numpy as np


        def check(candidate):
            t = candidate(3)
            assert t.tolist() == [[1, 2, 3], [2, 4, 6], [3, 6, 9]]
            assert np.array_equal(t, t.T)
            assert t.shape == (3, 3) and int(t.sum()) == 36
        """, "outer_table"),
    humaneval("he-bigint-factorial-digits", """
        import math


        def digit_sum(n):
            return sum(map(int, str(math.factorial(n))))
        """, """
        def check(candidate):
            assert candidate(100) == 648
            assert candidate(10) == 27
            assert len(str(2 ** 10000)) == 3011
        """, "digit_sum"),
    humaneval("he-bigint-return", """
        def power_tower(b, e):
            return b ** e
        """, """
        def check(candidate):
            x = candidate(2, 10000)
            assert x % 1000 == 376
            assert len(str(x)) == 3011
            assert x.bit_length() == 10001
        """, "power_tower"),
    humaneval("he-type-checks", """
        def split_words(s):
            return s.split() or None
        """, """
        def check(candidate):
            r = candidate("a b")
            assert type(r) == list and isinstance(r, list)
            assert candidate("   ") is None
            assert repr(candidate("x")) == "['x']"
            assert len(str(candidate("ab cd"))) == 12
        """, "split_words"),
    humaneval("he-mutate-result-call-again", """
        def defaults():
            return {"a": [1, 2], "b": []}
        """, """
        def check(candidate):
            d = candidate()
            d["a"].append(3)
            d["c"] = 1
            assert candidate() == {"a": [1, 2], "b": []}
            assert d["a"] == [1, 2, 3]
        """, "defaults"),
    humaneval("he-classmethod-staticmethod", """
        class Vec:
            def __init__(self, x, y):
                self.x, self.y = x, y

            @classmethod
            def from_str(cls, s):
                return cls(*map(int, s.split(",")))

            @staticmethod
            def dot(a, b):
                return a.x * b.x + a.y * b.y
        """, """
        def check(candidate):
            v = candidate.from_str("3,4")
            assert (v.x, v.y) == (3, 4)
            assert candidate.dot(v, candidate(1, 1)) == 7
        """, "Vec"),
    humaneval("he-inheritance-base-method", """
        class Animal:
            sound = "..."

            def speak(self, times=1):
                return " ".join([self.sound] * times)


        class Dog(Animal):
            sound = "woof"


        def make(kind):
            return {"dog": Dog, "animal": Animal}[kind]()
        """, """
        def check(candidate):
            assert candidate("dog").speak(2) == "woof woof"
            assert candidate("animal").speak() == "..."
        """, "make"),
    humaneval("he-heapq-merge", """
        import heapq


        def merge_sorted(*lists):
            return list(heapq.merge(*lists))
        """, """
        def check(candidate):
            assert candidate([1, 4], [2, 3], [0]) == [0, 1, 2, 3, 4]
            assert candidate() == []
        """, "merge_sorted"),
    humaneval("he-zip-longest", """
        from itertools import zip_longest


        def interleave(a, b):
            return [x for pair in zip_longest(a, b) for x in pair if x is not None]
        """, """
        def check(candidate):
            assert candidate([1, 2, 3], "ab") == [1, "a", 2, "b", 3]
            assert candidate([], []) == []
        """, "interleave"),
    humaneval("he-cached-property", """
        from functools import cached_property


        class Data:
            def __init__(self, xs):
                self.xs = xs
                self.computed = 0

            @cached_property
            def total(self):
                self.computed += 1
                return sum(self.xs)


        def load(xs):
            return Data(xs)
        """, """
        def check(candidate):
            d = candidate([1, 2, 3])
            assert d.total == 6 and d.total == 6
            assert d.computed == 1
        """, "load"),
    humaneval("he-callable-object", """
        class Poly:
            def __init__(self, *coeffs):
                self.coeffs = coeffs

            def __call__(self, x):
                r = 0
                for c in self.coeffs:
                    r = r * x + c
                return r


        def poly(*coeffs):
            return Poly(*coeffs)
        """, """
        def check(candidate):
            p = candidate(1, 0, -1)
            assert p(3) == 8
            assert [p(x) for x in range(3)] == [-1, 0, 3]
            assert callable(p)
        """, "poly"),
    humaneval("he-getitem-len-sequence", """
        class Squares:
            def __init__(self, n):
                self.n = n

            def __len__(self):
                return self.n

            def __getitem__(self, i):
                if not 0 <= i < self.n:
                    raise IndexError(i)
                return i * i


        def squares(n):
            return Squares(n)
        """, """
        def check(candidate):
            s = candidate(4)
            assert len(s) == 4
            assert s[3] == 9
            assert list(s) == [0, 1, 4, 9]
        """, "squares"),
]

MBPP: list[Case] = [
    asserts("mbpp-groupby-runs", """
        from itertools import groupby


        def encode_runs(s):
            return [(k, len(list(g))) for k, g in groupby(s)]
        """, ["assert encode_runs('aaabcc') == [('a', 3), ('b', 1), ('c', 2)]", "assert encode_runs('') == []"]),
    asserts("mbpp-groupby-return-iterator", """
        from itertools import groupby


        def group_by_len(words):
            return groupby(sorted(words, key=len), key=len)
        """, ["assert [(k, list(g)) for k, g in group_by_len(['a', 'bb', 'c'])] == [(1, ['a', 'c']), (2, ['bb'])]"]),
    asserts("mbpp-accumulate-max", """
        from itertools import accumulate


        def running_max(xs):
            return list(accumulate(xs, max))
        """, ["assert running_max([1, 3, 2, 5, 4]) == [1, 3, 3, 5, 5]", "assert running_max([]) == []"]),
    asserts("mbpp-product-repeat", """
        from itertools import product


        def binary_strings(n):
            return ["".join(p) for p in product("01", repeat=n)]
        """, ["assert binary_strings(2) == ['00', '01', '10', '11']", "assert len(binary_strings(5)) == 32"]),
    asserts("mbpp-combinations-with-replacement", """
        from itertools import combinations_with_replacement


        def multisets(xs, k):
            return list(combinations_with_replacement(xs, k))
        """, ["assert multisets([1, 2], 2) == [(1, 1), (1, 2), (2, 2)]", "assert multisets([], 1) == []"]),
    asserts("mbpp-bisect-grade", """
        import bisect


        def grade(score, breakpoints=(60, 70, 80, 90), grades="FDCBA"):
            return grades[bisect.bisect(breakpoints, score)]
        """, ["assert [grade(s) for s in [33, 99, 77, 70, 89, 90, 100]] == ['F', 'A', 'C', 'C', 'B', 'A', 'A']"]),
    asserts("mbpp-bisect-left-right-count", """
        from bisect import bisect_left, bisect_right


        def count_in_range(xs, lo, hi):
            return bisect_right(xs, hi) - bisect_left(xs, lo)
        """, ["assert count_in_range([1, 2, 2, 3, 5, 8], 2, 5) == 4", "assert count_in_range([], 0, 9) == 0"]),
    asserts("mbpp-heap-nsmallest-key", """
        import heapq


        def cheapest(items, n):
            return heapq.nsmallest(n, items, key=lambda it: it["price"])
        """, ["assert cheapest([{'n': 'a', 'price': 3}, {'n': 'b', 'price': 1}], 1) == [{'n': 'b', 'price': 1}]"]),
    asserts("mbpp-heapify-inplace", """
        import heapq


        def heapify_list(xs):
            heapq.heapify(xs)
            return xs
        """, ["xs = [5, 3, 8, 1]\nh = heapify_list(xs)\n"
                                "assert h[0] == 1 and xs[0] == 1 and sorted(xs) == [1, 3, 5, 8]"]),
    asserts("mbpp-lru-cache-info", """
        from functools import lru_cache


        @lru_cache(maxsize=None)
        def binom(n, k):
            if k in (0, n):
                return 1
            return binom(n - 1, k - 1) + binom(n - 1, k)
        """, ["assert binom(30, 15) == 155117520", "assert binom(5, 2) == 10",
              "assert binom.cache_info().hits > 0"]),
    asserts("mbpp-reduce-operator", """
        from functools import reduce
        import operator


        def product_of(xs):
            return reduce(operator.mul, xs, 1)
        """, ["assert product_of([1, 2, 3, 4]) == 24", "assert product_of([]) == 1"]),
    asserts("mbpp-fraction-sum", """
        from fractions import Fraction


        def harmonic(n):
            return sum(Fraction(1, k) for k in range(1, n + 1))
        """, ["assert harmonic(4) == Fraction(25, 12)", "assert str(harmonic(3)) == '11/6'"],
            setup="from fractions import Fraction"),
    asserts("mbpp-decimal-quantize", """
        from decimal import Decimal, ROUND_HALF_UP


        def round_money(x):
            return Decimal(str(x)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        """, ["assert round_money(2.675) == Decimal('2.68')", "assert str(round_money(1)) == '1.00'"],
            setup="from decimal import Decimal"),
    asserts("mbpp-complex-polar", """
        import cmath


        def to_polar(z):
            r, phi = cmath.polar(z)
            return round(r, 6), round(phi, 6)
        """, ["assert to_polar(1j) == (1.0, 1.570796)", "assert to_polar(complex(3, 4))[0] == 5.0"]),
    asserts("mbpp-complex-return", """
        def conj_product(a, b):
            return a * b.conjugate()
        """, ["assert conj_product(1 + 2j, 3 - 1j) == (1 + 7j)", "assert conj_product(2, 2).imag == 0"]),
    asserts("mbpp-str-center-zfill", """
        def pad(s, w):
            return s.center(w, "*"), s.zfill(w), s.ljust(w, ".")
        """, ["assert pad('42', 6) == ('**42**', '000042', '42....')", "assert pad('-7', 4)[1] == '-007'"]),
    asserts("mbpp-casefold-compare", """
        def same_word(a, b):
            return a.casefold() == b.casefold()
        """, ["assert same_word('Straße', 'STRASSE')", "assert not same_word('a', 'b')"]),
    asserts("mbpp-unicodedata-strip-accents", """
        import unicodedata


        def strip_accents(s):
            return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")
        """, ["assert strip_accents('café naïve') == 'cafe naive'"]),
    asserts("mbpp-re-sub-callback", """
        import re


        def double_numbers(s):
            return re.sub(r"[0-9]+", lambda m: str(int(m.group()) * 2), s)
        """, ["assert double_numbers('a1 b22 c') == 'a2 b44 c'", "assert double_numbers('') == ''"]),
    asserts("mbpp-re-fullmatch-return", """
        import re


        def parse_version(s):
            return re.fullmatch(r"(?P<major>[0-9]+)[.](?P<minor>[0-9]+)", s)
        """, ["assert parse_version('3.11').groupdict() == {'major': '3', 'minor': '11'}",
              "assert parse_version('3.x') is None", "assert parse_version('1.2')['minor'] == '2'"]),
    asserts("mbpp-re-finditer-spans", """
        import re


        def word_spans(s):
            return [m.span() for m in re.finditer(r"[a-z]+", s)]
        """, ["assert word_spans('ab, cd') == [(0, 2), (4, 6)]"]),
    asserts("mbpp-calendar-leap", """
        import calendar


        def leap_years(a, b):
            return [y for y in range(a, b) if calendar.isleap(y)], calendar.monthrange(2024, 2)[1]
        """, ["assert leap_years(1896, 1906) == ([1896, 1904], 29)"]),
    asserts("mbpp-isqrt-perfect", """
        import math


        def is_square(n):
            return n >= 0 and math.isqrt(n) ** 2 == n
        """, ["assert is_square(10 ** 40)", "assert not is_square(10 ** 40 + 1)", "assert is_square(0)"]),
    asserts("mbpp-bit-count", """
        def popcounts(n):
            return [i.bit_count() for i in range(n)]
        """, ["assert popcounts(8) == [0, 1, 1, 2, 1, 2, 2, 3]"]),
    asserts("mbpp-dict-comprehension", """
        def invert(d):
            return {v: k for k, v in d.items()}
        """, ["assert invert({'a': 1, 'b': 2}) == {1: 'a', 2: 'b'}", "assert invert({}) == {}"]),
    asserts("mbpp-frozenset-keys", """
        def anagram_groups(words):
            groups = {}
            for w in words:
                groups.setdefault(frozenset(w), []).append(w)
            return groups
        """, ["assert anagram_groups(['ab', 'ba', 'c'])[frozenset('ab')] == ['ab', 'ba']",
              "assert len(anagram_groups(['ab', 'ba', 'c'])) == 2"]),
    asserts("mbpp-struct-pack", """
        import struct


        def pack_point(x, y):
            return struct.pack("<hh", x, y)
        """, ["assert pack_point(1, -1) == b'\\x01\\x00\\xff\\xff'", "assert len(pack_point(0, 0)) == 4"]),
    asserts("mbpp-json-roundtrip", """
        import json


        def normalize(s):
            return json.dumps(json.loads(s), sort_keys=True, separators=(",", ":"))
        """, ["assert normalize('{\"b\": 1, \"a\": [1, 2]}') == '{\"a\":[1,2],\"b\":1}'"]),
    asserts("mbpp-total-ordering-sort", """
        from functools import total_ordering


        @total_ordering
        class Version:
            def __init__(self, s):
                self.parts = tuple(map(int, s.split(".")))

            def __eq__(self, other):
                return self.parts == other.parts

            def __lt__(self, other):
                return self.parts < other.parts

            def __repr__(self):
                return ".".join(map(str, self.parts))


        def sort_versions(vs):
            return [repr(v) for v in sorted(map(Version, vs))]
        """, ["assert sort_versions(['1.10', '1.2', '1.9.1']) == ['1.2', '1.9.1', '1.10']",
              "assert Version('1.2') <= Version('1.10')"]),
    asserts("mbpp-namedtuple-typing", """
        from typing import NamedTuple


        class Pair(NamedTuple):
            first: int
            second: int = 0

            def swap(self):
                return Pair(self.second, self.first)


        def make_pair(a, b=0):
            return Pair(a, b)
        """, ["assert make_pair(1, 2) == (1, 2)", "assert make_pair(1).second == 0",
              "assert make_pair(1, 2).swap() == (2, 1)",
              "assert make_pair(3, 4)._asdict() == {'first': 3, 'second': 4}"]),
    asserts("mbpp-deque-rotate", """
        from collections import deque


        def rotate(xs, k):
            d = deque(xs)
            d.rotate(k)
            return list(d)
        """, ["assert rotate([1, 2, 3, 4], 1) == [4, 1, 2, 3]", "assert rotate([1, 2, 3], -1) == [2, 3, 1]"]),
    asserts("mbpp-counter-most-common", """
        from collections import Counter


        def top_k(words, k):
            return Counter(words).most_common(k)
        """, ["assert top_k('a b a c a b'.split(), 2) == [('a', 3), ('b', 2)]"]),
    asserts("mbpp-statistics-median-mode", """
        import statistics


        def summary(xs):
            return statistics.median(xs), statistics.mode(xs), round(statistics.pstdev(xs), 3)
        """, ["assert summary([1, 2, 2, 3, 4]) == (2, 2, 1.020)"]),
    asserts("mbpp-textwrap-wrap", """
        import textwrap


        def wrap(s, w):
            return textwrap.wrap(s, w)
        """, ["assert wrap('the quick brown fox', 10) == ['the quick', 'brown fox']"]),
]

LEETCODE: list[Case] = [
    lc("lcd-kth-largest-heap", """
        class Solution:
            def findKthLargest(self, nums: List[int], k: int) -> int:
                heap = nums[:k]
                heapify(heap)
                for x in nums[k:]:
                    if x > heap[0]:
                        heapreplace(heap, x)
                return heap[0]
        """, "findKthLargest", """
        def check(candidate):
            assert candidate(nums=[3, 2, 1, 5, 6, 4], k=2) == 5
            assert candidate(nums=[3, 2, 3, 1, 2, 4, 5, 5, 6], k=4) == 4
        """),
    lc("lcd-merge-k-lists", """
        class Solution:
            def mergeKLists(self, lists: List[Optional[ListNode]]) -> Optional[ListNode]:
                heap = [(node.val, i, node) for i, node in enumerate(lists) if node]
                heapify(heap)
                dummy = tail = ListNode()
                while heap:
                    _, i, node = heappop(heap)
                    tail.next = node
                    tail = node
                    if node.next:
                        heappush(heap, (node.next.val, i, node.next))
                return dummy.next
        """, "mergeKLists", """
        def check(candidate):
            assert is_same_list(candidate(lists=[list_node([1, 4, 5]), list_node([1, 3, 4]), list_node([2, 6])]),
                                list_node([1, 1, 2, 3, 4, 4, 5, 6]))
            assert candidate(lists=[]) is None
        """),
    lc("lcd-cache-on-method", """
        class Solution:
            def numDecodings(self, s: str) -> int:
                @cache
                def go(i):
                    if i == len(s):
                        return 1
                    if s[i] == "0":
                        return 0
                    r = go(i + 1)
                    if i + 1 < len(s) and int(s[i:i + 2]) <= 26:
                        r += go(i + 2)
                    return r
                return go(0)
        """, "numDecodings", """
        def check(candidate):
            assert candidate(s="226") == 3
            assert candidate(s="06") == 0
            assert candidate(s="1" * 40) == 165580141
        """),
    lc("lcd-lru-cache-self", """
        class Solution:
            def __init__(self):
                self.calls = 0

            @lru_cache(None)
            def climbStairs(self, n: int) -> int:
                self.calls += 1
                return 1 if n <= 1 else self.climbStairs(n - 1) + self.climbStairs(n - 2)
        """, "climbStairs", """
        def check(candidate):
            assert candidate(n=2) == 2
            assert candidate(n=35) == 14930352
        """),
    lc("lcd-bisect-lis", """
        class Solution:
            def lengthOfLIS(self, nums: List[int]) -> int:
                tails = []
                for x in nums:
                    i = bisect_left(tails, x)
                    tails[i:i + 1] = [x]
                return len(tails)
        """, "lengthOfLIS", """
        def check(candidate):
            assert candidate(nums=[10, 9, 2, 5, 3, 7, 101, 18]) == 4
            assert candidate(nums=[7, 7, 7]) == 1
        """),
    lc("lcd-pairwise-itertools", """
        class Solution:
            def isMonotonic(self, nums: List[int]) -> bool:
                return all(a <= b for a, b in pairwise(nums)) or all(a >= b for a, b in pairwise(nums))
        """, "isMonotonic", """
        def check(candidate):
            assert candidate(nums=[1, 2, 2, 3]) == True
            assert candidate(nums=[1, 3, 2]) == False
        """),
    lc("lcd-accumulate-prefix", """
        class Solution:
            def subarraySum(self, nums: List[int], k: int) -> int:
                seen = Counter({0: 1})
                ans = 0
                for p in accumulate(nums):
                    ans += seen[p - k]
                    seen[p] += 1
                return ans
        """, "subarraySum", """
        def check(candidate):
            assert candidate(nums=[1, 1, 1], k=2) == 2
            assert candidate(nums=[1, 2, 3], k=3) == 2
        """),
    lc("lcd-cmp-to-key-sort", """
        class Solution:
            def largestNumber(self, nums: List[int]) -> str:
                def cmp(a, b):
                    return -1 if a + b > b + a else 1 if a + b < b + a else 0
                s = "".join(sorted(map(str, nums), key=cmp_to_key(cmp)))
                return "0" if s[0] == "0" else s
        """, "largestNumber", """
        def check(candidate):
            assert candidate(nums=[10, 2]) == "210"
            assert candidate(nums=[0, 0]) == "0"
        """),
    lc("lcd-sort-colors-inplace", """
        class Solution:
            def sortColors(self, nums: List[int]) -> None:
                lo, i, hi = 0, 0, len(nums) - 1
                while i <= hi:
                    if nums[i] == 0:
                        nums[lo], nums[i] = nums[i], nums[lo]
                        lo += 1
                        i += 1
                    elif nums[i] == 2:
                        nums[hi], nums[i] = nums[i], nums[hi]
                        hi -= 1
                    else:
                        i += 1
        """, "sortColors", """
        def check(candidate):
            nums = [2, 0, 2, 1, 1, 0]
            assert candidate(nums) is None
            assert nums == [0, 0, 1, 1, 2, 2]
        """),
    lc("lcd-rotate-matrix-inplace", """
        class Solution:
            def rotate(self, matrix: List[List[int]]) -> None:
                matrix[:] = [list(row) for row in zip(*matrix[::-1])]
        """, "rotate", """
        def check(candidate):
            m = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
            candidate(m)
            assert m == [[7, 4, 1], [8, 5, 2], [9, 6, 3]]
        """),
    lc("lcd-set-zeroes-rows", """
        class Solution:
            def setZeroes(self, matrix: List[List[int]]) -> None:
                rows = {i for i, r in enumerate(matrix) for v in r if v == 0}
                cols = {j for r in matrix for j, v in enumerate(r) if v == 0}
                for i, r in enumerate(matrix):
                    for j in range(len(r)):
                        if i in rows or j in cols:
                            r[j] = 0
        """, "setZeroes", """
        def check(candidate):
            row0 = [1, 1, 1]
            m = [row0, [1, 0, 1], [1, 1, 1]]
            candidate(m)
            assert m == [[1, 0, 1], [0, 0, 0], [1, 0, 1]]
            assert row0 == [1, 0, 1] and m[0] is row0
        """),
    lc("lcd-remove-duplicates-k", """
        class Solution:
            def removeDuplicates(self, nums: List[int]) -> int:
                k = 0
                for x in nums:
                    if k < 2 or x != nums[k - 2]:
                        nums[k] = x
                        k += 1
                return k
        """, "removeDuplicates", """
        def check(candidate):
            nums = [1, 1, 1, 2, 2, 3]
            k = candidate(nums)
            assert k == 5 and nums[:k] == [1, 1, 2, 2, 3]
        """),
    lc("lcd-reverse-string-inplace", """
        class Solution:
            def reverseString(self, s: List[str]) -> None:
                s.reverse()
        """, "reverseString", """
        def check(candidate):
            s = list("hello")
            candidate(s)
            assert s == list("olleh")
        """),
    lc("lcd-tree-level-order-deque", """
        class Solution:
            def levelOrder(self, root: Optional[TreeNode]) -> List[List[int]]:
                out, q = [], deque([root] if root else [])
                while q:
                    out.append([n.val for n in q])
                    q = deque(c for n in q for c in (n.left, n.right) if c)
                return out
        """, "levelOrder", """
        def check(candidate):
            assert candidate(root=tree_node([3, 9, 20, None, None, 15, 7])) == [[3], [9, 20], [15, 7]]
            assert candidate(root=tree_node([])) == []
        """),
    lc("lcd-invert-tree-return", """
        class Solution:
            def invertTree(self, root: Optional[TreeNode]) -> Optional[TreeNode]:
                if root:
                    root.left, root.right = self.invertTree(root.right), self.invertTree(root.left)
                return root
        """, "invertTree", """
        def check(candidate):
            assert is_same_tree(candidate(root=tree_node([4, 2, 7, 1, 3, 6, 9])), tree_node([4, 7, 2, 9, 6, 3, 1]))
            assert candidate(root=None) is None
        """),
    lc("lcd-flatten-tree-inplace", """
        class Solution:
            def flatten(self, root: Optional[TreeNode]) -> None:
                prev = None
                def go(node):
                    nonlocal prev
                    if not node:
                        return
                    go(node.right)
                    go(node.left)
                    node.right, node.left = prev, None
                    prev = node
                go(root)
        """, "flatten", """
        def check(candidate):
            root = tree_node([1, 2, 5, 3, 4, None, 6])
            candidate(root)
            vals = []
            while root:
                assert root.left is None
                vals.append(root.val)
                root = root.right
            assert vals == [1, 2, 3, 4, 5, 6]
        """),
    lc("lcd-deep-dfs-recursionlimit", """
        import sys

        sys.setrecursionlimit(10 ** 6)


        class Solution:
            def maxDepth(self, root: Optional[TreeNode]) -> int:
                return 0 if root is None else 1 + max(self.maxDepth(root.left), self.maxDepth(root.right))
        """, "maxDepth", """
        def check(candidate):
            assert candidate(root=tree_node([3, 9, 20, None, None, 15, 7])) == 3
            assert candidate(root=None) == 0
            vals = [0]
            for i in range(1, 3000):
                vals += [None, i]
            assert candidate(root=tree_node(vals)) == 3000
        """),
    lc("lcd-staticmethod-helper", """
        class Solution:
            @staticmethod
            def _ok(c):
                return c.isalnum()

            def isPalindrome(self, s: str) -> bool:
                t = [c.lower() for c in s if self._ok(c)]
                return t == t[::-1]
        """, "isPalindrome", """
        def check(candidate):
            assert candidate(s="A man, a plan, a canal: Panama") == True
            assert candidate(s="race a car") == False
        """),
    lc("lcd-bigint-string-multiply", """
        class Solution:
            def multiply(self, num1: str, num2: str) -> str:
                return str(int(num1) * int(num2))
        """, "multiply", """
        def check(candidate):
            assert candidate(num1="123", num2="456") == "56088"
            assert candidate(num1="9" * 200, num2="9" * 200) == str((10 ** 200 - 1) ** 2)
        """),
    lc("lcd-itemgetter-intervals", """
        from operator import itemgetter


        class Solution:
            def merge(self, intervals: List[List[int]]) -> List[List[int]]:
                out = []
                for s, e in sorted(intervals, key=itemgetter(0)):
                    if out and s <= out[-1][1]:
                        out[-1][1] = max(out[-1][1], e)
                    else:
                        out.append([s, e])
                return out
        """, "merge", """
        def check(candidate):
            assert candidate(intervals=[[1, 3], [2, 6], [8, 10], [15, 18]]) == [[1, 6], [8, 10], [15, 18]]
            assert candidate(intervals=[[1, 4], [4, 5]]) == [[1, 5]]
        """),
    la("lcd-design-minstack", """
        class MinStack:
            def __init__(self):
                self.stack = []

            def push(self, val: int) -> None:
                self.stack.append((val, min(val, self.stack[-1][1]) if self.stack else val))

            def pop(self) -> None:
                self.stack.pop()

            def top(self) -> int:
                return self.stack[-1][0]

            def getMin(self) -> int:
                return self.stack[-1][1]
        """, ["""
        s = MinStack()
        for v in (-2, 0, -3):
            s.push(v)
        assert s.getMin() == -3
        s.pop()
        assert s.top() == 0 and s.getMin() == -2
        """]),
    la("lcd-design-lru-ordereddict", """
        from collections import OrderedDict


        class LRUCache:
            def __init__(self, capacity: int):
                self.cap, self.d = capacity, OrderedDict()

            def get(self, key: int) -> int:
                if key not in self.d:
                    return -1
                self.d.move_to_end(key)
                return self.d[key]

            def put(self, key: int, value: int) -> None:
                self.d[key] = value
                self.d.move_to_end(key)
                if len(self.d) > self.cap:
                    self.d.popitem(last=False)
        """, ["""
        c = LRUCache(2)
        c.put(1, 1)
        c.put(2, 2)
        assert c.get(1) == 1
        c.put(3, 3)
        assert c.get(2) == -1
        c.put(4, 4)
        assert [c.get(1), c.get(3), c.get(4)] == [-1, 3, 4]
        """]),
    la("lcd-design-iterator-peeking", """
        class PeekingIterator:
            def __init__(self, iterator):
                self.it = iterator
                self.nxt = next(self.it, None)

            def peek(self):
                return self.nxt

            def next(self):
                v, self.nxt = self.nxt, next(self.it, None)
                return v

            def hasNext(self):
                return self.nxt is not None
        """, ["""
        p = PeekingIterator(iter([1, 2, 3]))
        assert p.next() == 1 and p.peek() == 2 and p.next() == 2 and p.next() == 3
        assert not p.hasNext()
        """]),
    la("lcd-design-codec-roundtrip", """
        class Codec:
            def encode(self, strs):
                return "".join(f"{len(s)}#{s}" for s in strs)

            def decode(self, s):
                out, i = [], 0
                while i < len(s):
                    j = s.index("#", i)
                    n = int(s[i:j])
                    out.append(s[j + 1:j + 1 + n])
                    i = j + 1 + n
                return out
        """, ["c = Codec()\nassert c.decode(c.encode(['a#b', '', '12'])) == ['a#b', '', '12']",
              "assert Codec().encode(['x']) == '1#x'"]),
    la("lcd-design-trie", """
        class Trie:
            def __init__(self):
                self.root = {}

            def insert(self, word):
                node = self.root
                for ch in word:
                    node = node.setdefault(ch, {})
                node["$"] = True

            def search(self, word):
                node = self._walk(word)
                return node is not None and "$" in node

            def startsWith(self, prefix):
                return self._walk(prefix) is not None

            def _walk(self, s):
                node = self.root
                for ch in s:
                    if ch not in node:
                        return None
                    node = node[ch]
                return node
        """, ["t = Trie()\nt.insert('apple')\nassert t.search('apple') and not t.search('app')\n"
              "assert t.startsWith('app')\nt.insert('app')\nassert t.search('app')"]),
    la("lcd-solution-classmethod-call", """
        class Solution:
            @classmethod
            def hammingWeight(cls, n: int) -> int:
                return bin(n).count("1")
        """, ["assert Solution.hammingWeight(11) == 3", "assert Solution().hammingWeight(128) == 1"]),
    la("lcd-two-instances", """
        class Solution:
            def __init__(self):
                self.seen = set()

            def isHappy(self, n: int) -> bool:
                self.seen = set()
                while n != 1 and n not in self.seen:
                    self.seen.add(n)
                    n = sum(int(d) ** 2 for d in str(n))
                return n == 1
        """, ["s = Solution()\nassert s.isHappy(19)\nassert not s.isHappy(2)\nassert 4 in s.seen",
              "assert Solution().isHappy(7) == Solution().isHappy(7) == True"]),
    la("lcd-next-permutation-inplace", """
        class Solution:
            def nextPermutation(self, nums):
                i = len(nums) - 2
                while i >= 0 and nums[i] >= nums[i + 1]:
                    i -= 1
                if i >= 0:
                    j = len(nums) - 1
                    while nums[j] <= nums[i]:
                        j -= 1
                    nums[i], nums[j] = nums[j], nums[i]
                nums[i + 1:] = reversed(nums[i + 1:])
        """, ["nums = [1, 2, 3]\nSolution().nextPermutation(nums)\nassert nums == [1, 3, 2]",
              "nums = [3, 2, 1]\nSolution().nextPermutation(nums)\nassert nums == [1, 2, 3]"]),
    la("lcd-linked-list-cycle-own-nodes", LIST_NODE + """

class Solution:
    def detectCycle(self, head):
        slow = fast = head
        while fast and fast.next:
            slow, fast = slow.next, fast.next.next
            if slow is fast:
                slow = head
                while slow is not fast:
                    slow, fast = slow.next, fast.next
                return slow
        return None
        """, ["""
        a, b, c = ListNode(1), ListNode(2), ListNode(3)
        a.next, b.next, c.next = b, c, b
        assert Solution().detectCycle(a) is b
        assert Solution().detectCycle(ListNode(5)) is None
        """]),
    la("lcd-gcd-strings", """
        import math


        class Solution:
            def gcdOfStrings(self, str1: str, str2: str) -> str:
                if str1 + str2 != str2 + str1:
                    return ""
                return str1[:math.gcd(len(str1), len(str2))]
        """, ["assert Solution().gcdOfStrings('ABCABC', 'ABC') == 'ABC'",
              "assert Solution().gcdOfStrings('AB', 'C') == ''"]),
]

STDIO: list[Case] = [
    stdio("cf-map-int-open0", """
        n, *xs = map(int, open(0).read().split())
        print(sum(xs[:n]))
        """, [("3\n1 2 3\n", "6\n"), ("1\n-5\n", "-5\n")]),
    stdio("cf-iter-input-sentinel", """
        lines = list(iter(input, ""))
        print(len(lines))
        print(*reversed(lines), sep="\\n")
        """, [("a\nb\nc\n\n", "3\nc\nb\na\n")]),
    stdio("cf-sys-stdin-lines-loop", """
        import sys

        for line in sys.stdin:
            line = line.strip()
            if not line:
                continue
            a, b = map(int, line.split())
            print(a * b)
        """, [("2 3\n4 5\n", "6\n20\n"), ("7 7", "49")]),
    stdio("cf-read-split-iterator", """
        import sys

        it = iter(sys.stdin.read().split())
        t = int(next(it))
        out = []
        for _ in range(t):
            n = int(next(it))
            xs = [int(next(it)) for _ in range(n)]
            out.append(str(max(xs) - min(xs)))
        sys.stdout.write("\\n".join(out) + "\\n")
        """, [("2\n3\n1 5 3\n1\n9\n", "4\n0\n")]),
    stdio("cf-float-format", """
        import math

        r = float(input())
        print(f"{math.pi * r * r:.6f}")
        print("%.3f" % (2 * math.pi * r))
        print("{:.2e}".format(r ** 10))
        """, [("2\n", "12.566371\n12.566\n1.02e+03\n")]),
    stdio("cf-print-sep-end", """
        n = int(input())
        for i in range(1, n + 1):
            print(*range(1, i + 1), sep="-", end=";\\n")
        """, [("3\n", "1;\n1-2;\n1-2-3;\n")]),
    stdio("cf-heapq-dijkstra", """
        import heapq
        import sys

        data = sys.stdin.buffer.read().split()
        n, m = int(data[0]), int(data[1])
        adj = [[] for _ in range(n + 1)]
        for i in range(m):
            u, v, w = (int(x) for x in data[2 + 3 * i:5 + 3 * i])
            adj[u].append((v, w))
            adj[v].append((u, w))
        dist = [float("inf")] * (n + 1)
        dist[1] = 0
        pq = [(0, 1)]
        while pq:
            d, u = heapq.heappop(pq)
            if d > dist[u]:
                continue
            for v, w in adj[u]:
                if d + w < dist[v]:
                    dist[v] = d + w
                    heapq.heappush(pq, (dist[v], v))
        print(" ".join(str(d) if d < float("inf") else "-1" for d in dist[1:]))
        """, [("4 3\n1 2 5\n2 3 1\n1 3 10\n", "0 5 6 -1\n")]),
    stdio("cf-bisect-queries", """
        from bisect import bisect_right

        n = int(input())
        xs = sorted(map(int, input().split()))
        q = int(input())
        print("\\n".join(str(bisect_right(xs, int(input()))) for _ in range(q)))
        """, [("5\n3 10 8 6 11\n4\n1\n10\n3\n11\n", "0\n4\n1\n5\n")]),
    stdio("cf-lru-cache-recursion", """
        import sys
        from functools import lru_cache

        sys.setrecursionlimit(10000)


        @lru_cache(maxsize=None)
        def f(n):
            return n if n < 2 else f(n - 1) + f(n - 2)


        print(f(int(input())))
        """, [("90\n", "2880067194370816120\n"), ("1\n", "1\n")]),
    stdio("cf-bigint-factorial", """
        import math

        n = int(input())
        s = str(math.factorial(n))
        print(len(s), s[:10], sum(map(int, s)))
        """, [("1000\n", "2568 4023872600 10539\n")]),
    stdio("cf-pow-mod-inverse", """
        MOD = 10 ** 9 + 7
        a, b = map(int, input().split())
        print(a * pow(b, -1, MOD) % MOD, pow(a, b, MOD))
        """, [("1 2\n", "500000004 1\n"), ("3 4\n", "750000006 81\n")]),
    stdio("cf-fraction-output", """
        from fractions import Fraction

        n = int(input())
        total = sum(Fraction(1, i * (i + 1)) for i in range(1, n + 1))
        print(total, float(total))
        """, [("3\n", "3/4 0.75\n")]),
    stdio("cf-decimal-precision", """
        from decimal import Decimal, getcontext

        getcontext().prec = 50
        print(Decimal(2).sqrt())
        """, [("", "1.4142135623730950488016887242096980785696718753769\n")]),
    stdio("cf-complex-geometry", """
        n = int(input())
        pts = [complex(*map(int, input().split())) for _ in range(n)]
        area = 0
        for a, b in zip(pts, pts[1:] + pts[:1]):
            area += (a.conjugate() * b).imag
        print(abs(area) / 2)
        """, [("4\n0 0\n4 0\n4 3\n0 3\n", "12.0\n")]),
    stdio("cf-groupby-compress", """
        from itertools import groupby

        s = input().strip()
        print("".join(f"{k}{len(list(g))}" for k, g in groupby(s)))
        """, [("aaabbc\n", "a3b2c1\n")]),
    stdio("cf-product-grid", """
        from itertools import product

        h, w = map(int, input().split())
        g = [input() for _ in range(h)]
        print(sum(g[i][j] == "#" for i, j in product(range(h), range(w))))
        """, [("2 3\n#.#\n.##\n", "4\n")]),
    stdio("cf-accumulate-prefix-queries", """
        from itertools import accumulate
        import sys

        input = sys.stdin.readline
        n, q = map(int, input().split())
        pre = [0, *accumulate(map(int, input().split()))]
        res = []
        for _ in range(q):
            l, r = map(int, input().split())
            res.append(pre[r] - pre[l - 1])
        print(*res, sep="\\n")
        """, [("5 3\n1 2 3 4 5\n1 5\n2 3\n4 4\n", "15\n5\n4\n")]),
    stdio("cf-deep-dfs-recursionlimit", """
        import sys

        sys.setrecursionlimit(20000)
        n = int(input())
        adj = [[] for _ in range(n + 1)]
        for _ in range(n - 1):
            u, v = map(int, input().split())
            adj[u].append(v)
            adj[v].append(u)


        def depth(u, p):
            return 1 + max((depth(v, u) for v in adj[u] if v != p), default=0)


        print(depth(1, 0))
        """, [("".join(["5000\n"] + [f"{i} {i + 1}\n" for i in range(1, 5000)]), "5000\n"), ("1\n", "1\n")]),
    stdio("cf-bytes-stdin-buffer-lines", """
        import sys

        lines = sys.stdin.buffer.read().splitlines()
        words = [w.decode() for w in lines[1:1 + int(lines[0])]]
        sys.stdout.buffer.write(("\\n".join(w[::-1] for w in words) + "\\n").encode())
        """, [("2\nabc\nxy\n", "cba\nyx\n")]),
    stdio("cf-datetime-days-between", """
        from datetime import date

        a = date.fromisoformat(input().strip())
        b = date.fromisoformat(input().strip())
        print(abs((b - a).days), a.strftime("%A"))
        """, [("2024-01-01\n2024-03-01\n", "60 Monday\n")]),
    stdio("cf-translate-rot13", """
        import string

        lo, up = string.ascii_lowercase, string.ascii_uppercase
        table = str.maketrans(lo + up, lo[13:] + lo[:13] + up[13:] + up[:13])
        print(input().translate(table))
        """, [("Hello, World!\n", "Uryyb, Jbeyq!\n")]),
    stdio("cf-re-findall-tokens", """
        import re

        s = input()
        nums = list(map(int, re.findall(r"-?[0-9]+", s)))
        print(sum(nums), len(nums))
        """, [("a1b-22c333\n", "312 3\n")]),
    stdio("cf-counter-arith", """
        from collections import Counter

        a, b = input(), input()
        need = Counter(b) - Counter(a)
        print("YES" if not need else "NO " + "".join(sorted(need.elements())))
        """, [("abcab\naab\n", "YES\n"), ("ab\naabbz\n", "NO abz\n")]),
    stdio("cf-numpy-matrix-power", """
        import numpy as np

        n = int(input())
        m = np.array([[1, 1], [1, 0]], dtype=object)
        r = np.linalg.matrix_power(m, n) if n else np.eye(2, dtype=int)
        print(r[0][1])
        """, [("10\n", "55\n"), ("100\n", "354224848179261915075\n")]),
    stdio("cf-numpy-loadtxt-like", """
        import sys
        import numpy as np

        data = np.array(sys.stdin.read().split(), dtype=np.int64)
        n = data[0]
        a = data[1:1 + n * n].reshape(n, n)
        print(int(np.trace(a)), *a.sum(axis=0).tolist())
        """, [("2\n1 2\n3 4\n", "5 4 6\n")]),
    stdio("cf-class-and-sort-attrgetter", """
        from operator import attrgetter


        class P:
            __slots__ = ("name", "age")

            def __init__(self, name, age):
                self.name, self.age = name, int(age)


        people = [P(*input().split()) for _ in range(int(input()))]
        for p in sorted(people, key=attrgetter("age", "name")):
            print(p.name, p.age)
        """, [("3\nbob 30\namy 25\ncal 25\n", "amy 25\ncal 25\nbob 30\n")]),
    stdio("cf-multi-test-until-zero", """
        while True:
            n = int(input())
            if n == 0:
                break
            print(bin(n).count("1"))
        """, [("3\n8\n255\n0\n", "2\n1\n8\n")]),
    stdio("cf-try-eoferror-loop", """
        total = 0
        while True:
            try:
                line = input()
            except EOFError:
                break
            total += sum(map(int, line.split()))
        print(total)
        """, [("1 2\n3\n4 5 6", "21\n")]),
    stdio("cf-enum-state-machine", """
        from enum import Enum, auto


        class S(Enum):
            OUT = auto()
            IN = auto()


        state, words = S.OUT, 0
        for ch in input():
            if ch.isalpha():
                if state is S.OUT:
                    words += 1
                state = S.IN
            else:
                state = S.OUT
        print(words)
        """, [("hi, there  you\n", "3\n")]),
    stdio("cf-contextmanager-redirect", """
        import io
        from contextlib import redirect_stdout

        buf = io.StringIO()
        with redirect_stdout(buf):
            for x in map(int, input().split()):
                print(x * x)
        print(" ".join(buf.getvalue().split()))
        """, [("1 2 3\n", "1 4 9\n")]),
    stdio("cf-generator-pipeline", """
        import sys


        def tokens():
            for line in sys.stdin:
                yield from line.split()


        it = tokens()
        n = int(next(it))
        print(sum(int(next(it)) ** 2 for _ in range(n)))
        """, [("3\n1 2\n3\n", "14\n")]),
    stdio("cf-dataclass-order-sort", """
        from dataclasses import dataclass, field


        @dataclass(order=True)
        class Job:
            prio: int
            name: str = field(compare=False)


        jobs = sorted(Job(int(p), n) for n, p in (input().split() for _ in range(int(input()))))
        print(*(j.name for j in jobs))
        """, [("3\nc 3\na 1\nb 2\n", "a b c\n")]),
    stdio("cf-print-flush-interactive-like", """
        import sys

        t = int(input())
        for _ in range(t):
            a, b = map(int, input().split())
            print(a ^ b, flush=True)
            sys.stdout.flush()
        """, [("2\n5 3\n7 7\n", "6\n0\n")]),
]

EXTRA: list[Case] = [
    humaneval("he-test-passes-itemgetter", """
        def top_by(rows, key):
            return max(rows, key=key)
        """, """
        from operator import itemgetter


        def check(candidate):
            assert candidate([(1, "b"), (2, "a")], itemgetter(1)) == (1, "b")
            assert candidate([(1, "b"), (2, "a")], itemgetter(0)) == (2, "a")
        """, "top_by"),
    humaneval("he-test-passes-math-function", """
        def apply_all(f, xs):
            return [f(x) for x in xs]
        """, """
        import math


        def check(candidate):
            assert candidate(math.sqrt, [4, 9]) == [2.0, 3.0]
            assert candidate(abs, [-1, 2]) == [1, 2]
        """, "apply_all"),
    humaneval("he-test-passes-fraction-type", """
        def parse_all(xs, kind):
            return [kind(x) for x in xs]
        """, """
        from fractions import Fraction


        def check(candidate):
            assert candidate(["1/2", "3/4"], Fraction) == [Fraction(1, 2), Fraction(3, 4)]
            assert candidate(["1", "2"], int) == [1, 2]
        """, "parse_all"),
    humaneval("he-returns-argument-itself", """
        def sort_inplace(xs):
            xs.sort()
            return xs
        """, """
        def check(candidate):
            xs = [3, 1, 2]
            ys = candidate(xs)
            assert ys == [1, 2, 3] and xs == [1, 2, 3]
            assert ys is xs
        """, "sort_inplace"),
    humaneval("he-numpy-inplace-argument", """
        import numpy as np


        def clip_negative(a):
            a[a < 0] = 0
        """, """
        import numpy as np


        def check(candidate):
            a = np.array([1, -2, 3, -4])
            candidate(a)
            assert a.tolist() == [1, 0, 3, 0]
        """, "clip_negative"),
    humaneval("he-deque-inplace-argument", """
        def drain_evens(d):
            for _ in range(len(d)):
                x = d.popleft()
                if x % 2:
                    d.append(x)
        """, """
        from collections import deque


        def check(candidate):
            d = deque([1, 2, 3, 4, 5])
            candidate(d)
            assert list(d) == [1, 3, 5]
        """, "drain_evens"),
    humaneval("he-counter-inplace-argument", """
        def add_words(counter, text):
            counter.update(text.split())
        """, """
        from collections import Counter


        def check(candidate):
            c = Counter()
            candidate(c, "a b a")
            candidate(c, "b")
            assert c == Counter({"a": 2, "b": 2})
        """, "add_words"),
    humaneval("he-module-global-state", """
        CALLS = []


        def record(x):
            CALLS.append(x)
            return len(CALLS)
        """, """
        def check(candidate):
            assert candidate("a") == 1
            assert candidate("b") == 2
            assert CALLS == ["a", "b"]
        """, "record"),
    humaneval("he-hash-consistency", """
        def bucket(key, n):
            return hash(key) % n
        """, """
        def check(candidate):
            keys = ["apple", "pear", "fig", (1, "a")]
            assert [candidate(k, 1 << 40) for k in keys] == [hash(k) % (1 << 40) for k in keys]
            assert candidate(42, 10) == 2
        """, "bucket"),
    humaneval("he-random-seed-by-test", """
        import random


        def shuffled(xs):
            ys = list(xs)
            random.shuffle(ys)
            return ys
        """, """
        import random


        def check(candidate):
            random.seed(7)
            a = candidate(range(20))
            random.seed(7)
            b = candidate(range(20))
            assert a == b and sorted(a) == list(range(20))
        """, "shuffled"),
    humaneval("he-datetime-now-close", """
        from datetime import datetime


        def stamp():
            return datetime.now()
        """, """
        from datetime import datetime, timedelta


        def check(candidate):
            assert abs(candidate() - datetime.now()) < timedelta(seconds=30)
        """, "stamp"),
    humaneval("he-async-coroutine-run-by-test", """
        import asyncio


        async def double_later(x):
            await asyncio.sleep(0)
            return 2 * x
        """, """
        import asyncio


        def check(candidate):
            assert asyncio.run(candidate(21)) == 42
        """, "double_later"),
    humaneval("he-vars-of-object", """
        class Config:
            def __init__(self, **kw):
                self.__dict__.update(kw)


        def make_config(**kw):
            return Config(**kw)
        """, """
        def check(candidate):
            c = candidate(a=1, b="x")
            assert vars(c) == {"a": 1, "b": "x"}
            assert c.a == 1
        """, "make_config"),
    humaneval("he-sequence-slicing", """
        class Evens:
            def __init__(self, n):
                self.items = list(range(0, 2 * n, 2))

            def __len__(self):
                return len(self.items)

            def __getitem__(self, i):
                return self.items[i]


        def evens(n):
            return Evens(n)
        """, """
        def check(candidate):
            e = candidate(5)
            assert e[1:3] == [2, 4]
            assert e[-1] == 8
        """, "evens"),
    humaneval("he-vector-unary-abs", """
        import math


        class Vec:
            def __init__(self, x, y):
                self.x, self.y = x, y

            def __abs__(self):
                return math.hypot(self.x, self.y)

            def __neg__(self):
                return Vec(-self.x, -self.y)


        def vec(x, y):
            return Vec(x, y)
        """, """
        def check(candidate):
            v = candidate(3, 4)
            assert abs(v) == 5.0
            assert (-v).x == -3
        """, "vec"),
    asserts("mbpp-tempfile-roundtrip", """
        import os
        import tempfile


        def roundtrip(lines):
            with tempfile.TemporaryDirectory() as d:
                path = os.path.join(d, "data.txt")
                with open(path, "w") as f:
                    f.write("\\n".join(lines))
                with open(path) as f:
                    return f.read().splitlines()
        """, ["assert roundtrip(['a', 'b']) == ['a', 'b']", "assert roundtrip([]) == []"]),
    asserts("mbpp-test-passes-partial", """
        def apply_twice(f, x):
            return f(f(x))
        """, ["assert apply_twice(partial(pow, 2), 2) == 16"], setup="from functools import partial"),
    stdio("cf-literal-eval-input", """
        import ast

        xs = ast.literal_eval(input())
        k = int(input())
        print(sorted(xs)[k - 1])
        """, [("[5, 3, 9, 1]\n2\n", "3\n")]),
    stdio("cf-json-loads-input", """
        import json

        data = json.loads(input())
        print(json.dumps(sorted(data, key=lambda d: d["a"])))
        """, [('[{"a": 2}, {"a": 1}]\n', '[{"a": 1}, {"a": 2}]\n')]),
    stdio("cf-exit-builtin", """
        n = int(input())
        if n < 0:
            print("NO")
            exit()
        print("YES", n)
        quit(0)
        """, [("-1\n", "NO\n"), ("5\n", "YES 5\n")]),
    stdio("cf-readlines-crlf", """
        import sys

        lines = [line.rstrip() for line in sys.stdin.readlines()]
        print(max(lines[1:], key=len))
        """, [("2\r\nab\r\nabc\r\n", "abc\n")]),
    stdio("cf-print-thousands-sep", """
        n = int(input())
        print(f"{n:,}", f"{n:_x}", f"{n:>12,}")
        """, [("1234567\n", "1,234,567 12_d687 1,234,567\n")]),
]

CASES: list[Case] = [*HE, *MBPP, *LEETCODE, *STDIO, *EXTRA]
