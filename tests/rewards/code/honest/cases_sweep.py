"""A second sweep of idioms the first four modules do not hold, each case named after the dataset (or the source of
the habit) it imitates: ``codeforces-`` (PyRival/AtCoder templates seen in APPS and CodeContests), ``apps-``,
``lcb-`` (LiveCodeBench stdin and functional rows), ``he-`` (HumanEval), ``mbpp-``, ``lcd-`` (LeetCodeDataset).

Written as a held-out check of issue 37 (a correct program passes in ``code_tests`` exactly when it passes in plain
``python3``): return values and arguments of less common types (``array``, ``SimpleNamespace``, ``re.Match``,
iterators of ``itertools``, ``Enum`` members), objects of the completion's classes used by the test (``isinstance``,
hashing, sorting), exceptions inspected by the test, deep recursion at Python's default limit, long linked lists and
skewed trees crossing the boundary, and the fast-I/O templates contest code starts with (PyRival's ``FastIO``,
``os.write`` to fd 1, ``sys.stdout.reconfigure``, ``resource.setrlimit``, ``gc.disable``, ``os._exit``)."""

from __future__ import annotations

from . import Case, asserts, humaneval, stdio
from .cases_leetcode import la, lc

HE: list[Case] = [
    humaneval("he-array-module-return", """
        from array import array


        def squares(n):
            return array("i", (i * i for i in range(n)))
        """, """
        from array import array


        def check(candidate):
            assert candidate(4) == array("i", [0, 1, 4, 9])
            assert candidate(3).tolist() == [0, 1, 4]
            assert list(candidate(0)) == []
        """, "squares"),
    humaneval("he-simplenamespace-return", """
        from types import SimpleNamespace


        def stats(xs):
            return SimpleNamespace(lo=min(xs), hi=max(xs), n=len(xs))
        """, """
        def check(candidate):
            s = candidate([3, 1, 2])
            assert (s.lo, s.hi, s.n) == (1, 3, 3)
        """, "stats"),
    humaneval("he-re-match-return", """
        import re


        def first_number(text):
            return re.search(r"(-?\\d+)(?:\\.(\\d+))?", text)
        """, """
        def check(candidate):
            m = candidate("price: 12.50 eur")
            assert m.group(0) == "12.50"
            assert m.group(1) == "12" and m.group(2) == "50"
            assert m.span() == (7, 12)
            assert candidate("none here") is None
        """, "first_number"),
    humaneval("he-re-flags-findall", """
        import re


        def headers(text):
            return re.findall(r"^#+\\s*(\\w+)$", text, flags=re.MULTILINE | re.IGNORECASE)
        """, """
        def check(candidate):
            assert candidate("# Intro\\ntext\\n## Usage\\n") == ["Intro", "Usage"]
            assert candidate("") == []
        """, "headers"),
    humaneval("he-itertools-accumulate-return", """
        import itertools


        def prefix_sums(xs):
            return itertools.accumulate(xs, initial=0)
        """, """
        def check(candidate):
            assert list(candidate([1, 2, 3])) == [0, 1, 3, 6]
            assert sum(candidate([5, 5])) == 15
        """, "prefix_sums"),
    humaneval("he-itertools-islice-count", """
        from itertools import count, islice


        def odds(n):
            return islice(count(1, 2), n)
        """, """
        def check(candidate):
            assert list(candidate(4)) == [1, 3, 5, 7]
            assert tuple(candidate(1)) == (1,)
        """, "odds"),
    humaneval("he-generator-send", """
        def averager():
            total, n, avg = 0.0, 0, None
            while True:
                x = yield avg
                total += x
                n += 1
                avg = total / n
        """, """
        def check(candidate):
            g = candidate()
            assert next(g) is None
            assert g.send(10) == 10.0
            assert g.send(20) == 15.0
        """, "averager"),
    humaneval("he-iterator-class", """
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
            assert list(candidate(3)) == [3, 2, 1]
            assert [x * 2 for x in candidate(2)] == [4, 2]
        """, "countdown"),
    humaneval("he-isinstance-own-class", """
        class Point:
            def __init__(self, x, y):
                self.x, self.y = x, y


        def make_point(x, y):
            return Point(x, y)
        """, """
        def check(candidate):
            p = candidate(1, 2)
            assert isinstance(p, Point)
            assert (p.x, p.y) == (1, 2)
        """, "make_point"),
    humaneval("he-eq-defining-result-class", """
        class Vec:
            def __init__(self, x, y):
                self.x, self.y = x, y

            def __eq__(self, other):
                return isinstance(other, Vec) and (self.x, self.y) == (other.x, other.y)

            def __add__(self, other):
                return Vec(self.x + other.x, self.y + other.y)


        def add(a, b):
            return a + b
        """, """
        def check(candidate):
            assert candidate(Vec(1, 2), Vec(3, 4)) == Vec(4, 6)
            assert candidate(Vec(0, 0), Vec(0, 1)) != Vec(0, 0)
        """, "add"),
    humaneval("he-frozen-dataclass-in-set", """
        from dataclasses import dataclass


        @dataclass(frozen=True)
        class Edge:
            a: int
            b: int


        def edges(pairs):
            return [Edge(min(p), max(p)) for p in pairs]
        """, """
        def check(candidate):
            result = candidate([(1, 2), (2, 1), (3, 4)])
            assert len(result) == 3
            assert len(set(result)) == 2
        """, "edges"),
    humaneval("he-sorted-own-objects", """
        import functools


        @functools.total_ordering
        class Version:
            def __init__(self, text):
                self.parts = tuple(int(p) for p in text.split("."))

            def __eq__(self, other):
                return self.parts == other.parts

            def __lt__(self, other):
                return self.parts < other.parts

            def __repr__(self):
                return ".".join(map(str, self.parts))


        def parse_all(texts):
            return [Version(t) for t in texts]
        """, """
        def check(candidate):
            vs = sorted(candidate(["1.10", "1.2", "0.9"]))
            assert [repr(v) for v in vs] == ["0.9", "1.2", "1.10"]
            assert max(candidate(["2.0", "10.0"])) == Version("10.0")
        """, "parse_all"),
    humaneval("he-enum-member-compare", """
        from enum import Enum


        class Color(Enum):
            RED = 1
            GREEN = 2


        def parse_color(name):
            return Color[name.upper()]
        """, """
        def check(candidate):
            assert candidate("red") == Color.RED
            assert candidate("green").value == 2
            assert candidate("green").name == "GREEN"
            assert candidate("red") is Color.RED
        """, "parse_color"),
    humaneval("he-exception-message-inspected", """
        def withdraw(balance, amount):
            if amount > balance:
                raise ValueError(f"insufficient funds: need {amount - balance} more")
            return balance - amount
        """, """
        def check(candidate):
            assert candidate(10, 3) == 7
            try:
                candidate(1, 5)
            except ValueError as e:
                assert "need 4 more" in str(e)
                assert e.args == ("insufficient funds: need 4 more",)
            else:
                assert False, "expected ValueError"
        """, "withdraw"),
    humaneval("he-custom-exception-attrs", """
        class ParseError(Exception):
            def __init__(self, position):
                super().__init__(f"bad character at {position}")
                self.position = position


        def parse_digits(s):
            for i, ch in enumerate(s):
                if not ch.isdigit():
                    raise ParseError(i)
            return int(s)
        """, """
        def check(candidate):
            assert candidate("123") == 123
            try:
                candidate("12x4")
                raise AssertionError("no error")
            except ParseError as e:
                assert e.position == 2
        """, "parse_digits"),
    humaneval("he-default-recursion-depth", """
        def depth_sum(xs, i=0):
            if i == len(xs):
                return 0
            return xs[i] + depth_sum(xs, i + 1)
        """, """
        def check(candidate):
            assert candidate(list(range(900))) == sum(range(900))
        """, "depth_sum"),
    humaneval("he-functools-cache-deep", """
        import sys
        from functools import cache

        sys.setrecursionlimit(20000)


        @cache
        def ways(n):
            if n <= 1:
                return 1
            return (ways(n - 1) + ways(n - 2)) % 1_000_000_007
        """, """
        def check(candidate):
            assert candidate(10) == 89
            assert candidate(3000) == 709295206
        """, "ways"),
    humaneval("he-mutable-default-memo", """
        def fib(n, memo={0: 0, 1: 1}):
            if n not in memo:
                memo[n] = fib(n - 1) + fib(n - 2)
            return memo[n]
        """, """
        def check(candidate):
            assert candidate(50) == 12586269025
            assert candidate(10) == 55
            assert candidate(90) == 2880067194370816120
        """, "fib"),
    humaneval("he-keyword-only-args", """
        def top_k(xs, *, k=1, key=None, reverse=True):
            return sorted(xs, key=key, reverse=reverse)[:k]
        """, """
        def check(candidate):
            assert candidate([3, 1, 2]) == [3]
            assert candidate(["bb", "a", "ccc"], k=2, key=len) == ["ccc", "bb"]
            assert candidate([3, 1, 2], k=2, reverse=False) == [1, 2]
        """, "top_k"),
    humaneval("he-candidate-passed-to-map", """
        def double(x):
            return 2 * x
        """, """
        def check(candidate):
            assert list(map(candidate, [1, 2, 3])) == [2, 4, 6]
            assert sorted([3, -5, 1], key=candidate) == [-5, 1, 3]
            assert all(candidate(i) % 2 == 0 for i in range(10))
        """, "double"),
    humaneval("he-decimal-context-precision", """
        from decimal import Decimal, getcontext


        def sqrt2(digits):
            getcontext().prec = digits
            return Decimal(2).sqrt()
        """, """
        from decimal import Decimal


        def check(candidate):
            assert str(candidate(30)) == "1.41421356237309504880168872421"
            assert candidate(5) == Decimal("1.4142")
        """, "sqrt2"),
    humaneval("he-fraction-limit-denominator", """
        from fractions import Fraction


        def approx(x, max_den):
            return Fraction(x).limit_denominator(max_den)
        """, """
        from fractions import Fraction


        def check(candidate):
            assert candidate(3.141592653589793, 1000) == Fraction(355, 113)
            assert candidate(0.5, 10).denominator == 2
        """, "approx"),
    humaneval("he-timedelta-arith", """
        from datetime import date, timedelta


        def add_business_days(start, n):
            d = start
            while n > 0:
                d += timedelta(days=1)
                if d.weekday() < 5:
                    n -= 1
            return d
        """, """
        from datetime import date


        def check(candidate):
            assert candidate(date(2024, 3, 1), 1) == date(2024, 3, 4)
            assert (candidate(date(2024, 3, 1), 10) - date(2024, 3, 1)).days == 14
            assert candidate(date(2024, 3, 1), 0).isoformat() == "2024-03-01"
        """, "add_business_days"),
    humaneval("he-numpy-array-equal", """
        import numpy as np


        def moving_average(xs, w):
            xs = np.asarray(xs, dtype=float)
            return np.convolve(xs, np.ones(w) / w, mode="valid")
        """, """
        import numpy as np


        def check(candidate):
            assert np.allclose(candidate([1, 2, 3, 4], 2), [1.5, 2.5, 3.5])
            assert np.array_equal(candidate([2, 2], 1), np.array([2.0, 2.0]))
            assert candidate([1, 2, 3], 3).shape == (1,)
        """, "moving_average"),
    humaneval("he-numpy-2d-int", """
        import numpy as np


        def identity_plus(n, k):
            return np.eye(n, dtype=np.int64) + k
        """, """
        import numpy as np


        def check(candidate):
            out = candidate(2, 1)
            assert out.tolist() == [[2, 1], [1, 2]]
            assert out.dtype == np.int64
            assert (out == np.array([[2, 1], [1, 2]])).all()
        """, "identity_plus"),
    humaneval("he-math-isclose-rel-tol", """
        import math


        def compound(p, r, years):
            return p * math.exp(r * years)
        """, """
        import math


        def check(candidate):
            assert math.isclose(candidate(100, 0.05, 10), 164.872127, rel_tol=1e-6)
            assert math.isclose(candidate(1, 0, 5), 1.0)
        """, "compound"),
    humaneval("he-big-int-pow", """
        def big(n):
            return 3 ** n
        """, """
        def check(candidate):
            x = candidate(20000)
            assert x == 3 ** 20000
            assert x % 1000 == 3 ** 20000 % 1000
            assert x.bit_length() == 31700
        """, "big"),
    humaneval("he-match-statement", """
        def area(shape):
            match shape:
                case ("circle", r):
                    return round(3.14159 * r * r, 2)
                case ("rect", w, h):
                    return w * h
                case _:
                    raise ValueError(shape)
        """, """
        def check(candidate):
            assert candidate(("circle", 1)) == 3.14
            assert candidate(("rect", 2, 3)) == 6
        """, "area"),
    humaneval("he-main-guard-doctest", '''
        def triple(x):
            """
            >>> triple(2)
            6
            """
            return 3 * x


        if __name__ == "__main__":
            import doctest

            doctest.testmod()
        ''', """
        def check(candidate):
            assert candidate(5) == 15
        """, "triple"),
    humaneval("he-stderr-debug-prints", """
        import sys


        def running_total(xs):
            total = 0
            for x in xs:
                total += x
                print(f"debug: {x=} {total=}", file=sys.stderr)
            sys.stderr.write("done\\n")
            return total
        """, """
        def check(candidate):
            assert candidate([1, 2, 3]) == 6
        """, "running_total"),
    humaneval("he-slow-but-correct", """
        def count_primes(n):
            count = 0
            for k in range(2, n):
                d, prime = 2, True
                while d * d <= k:
                    if k % d == 0:
                        prime = False
                        break
                    d += 1
                count += prime
            return count
        """, """
        def check(candidate):
            assert candidate(60000) == 6057
        """, "count_primes"),
    humaneval("he-long-list-return", """
        def evens(n):
            return [2 * i for i in range(n)]
        """, """
        def check(candidate):
            out = candidate(200000)
            assert len(out) == 200000 and out[-1] == 399998
        """, "evens"),
    humaneval("he-nested-class", """
        class Graph:
            class Node:
                def __init__(self, name):
                    self.name, self.edges = name, []

            def __init__(self):
                self.nodes = {}

            def add(self, a, b):
                for n in (a, b):
                    self.nodes.setdefault(n, Graph.Node(n))
                self.nodes[a].edges.append(b)


        def out_degrees(pairs):
            g = Graph()
            for a, b in pairs:
                g.add(a, b)
            return {n: len(node.edges) for n, node in g.nodes.items()}
        """, """
        def check(candidate):
            assert candidate([("a", "b"), ("a", "c"), ("b", "c")]) == {"a": 2, "b": 1, "c": 0}
        """, "out_degrees"),
    humaneval("he-from-math-star", """
        from math import *


        def hypotenuse(a, b):
            return sqrt(a * a + b * b)
        """, """
        def check(candidate):
            assert candidate(3, 4) == 5.0
            assert abs(candidate(1, 1) - sqrt(2)) < 1e-12
            assert candidate(0, pi) == pi
        """, "hypotenuse"),
    humaneval("he-partial-returned", """
        from functools import partial


        def scaler(k):
            return partial(lambda k, x: k * x, k)
        """, """
        def check(candidate):
            f = candidate(3)
            assert f(4) == 12
            assert [f(i) for i in range(3)] == [0, 3, 6]
        """, "scaler"),
    humaneval("he-property-on-result", """
        class Rect:
            def __init__(self, w, h):
                self.w, self.h = w, h

            @property
            def area(self):
                return self.w * self.h

            def scaled(self, k):
                return Rect(self.w * k, self.h * k)


        def square(side):
            return Rect(side, side)
        """, """
        def check(candidate):
            r = candidate(3)
            assert r.area == 9
            assert r.scaled(2).area == 36
            assert getattr(r, "w") == 3
        """, "square"),
    humaneval("he-walrus-and-comprehension", """
        def running_max_positions(xs):
            best = float("-inf")
            return [i for i, x in enumerate(xs) if x > best and (best := x) is not None]
        """, """
        def check(candidate):
            assert candidate([1, 3, 2, 5, 5, 7]) == [0, 1, 3, 5]
        """, "running_max_positions"),
    humaneval("he-bytes-struct", """
        import struct


        def pack_point(x, y):
            return struct.pack("<ii", x, y)
        """, """
        import struct


        def check(candidate):
            assert candidate(1, -1) == b"\\x01\\x00\\x00\\x00\\xff\\xff\\xff\\xff"
            assert struct.unpack("<ii", candidate(7, 8)) == (7, 8)
            assert candidate(0, 0).hex() == "00" * 8
        """, "pack_point"),
    humaneval("he-deque-maxlen", """
        from collections import deque


        def last_n(xs, n):
            d = deque(maxlen=n)
            d.extend(xs)
            return d
        """, """
        from collections import deque


        def check(candidate):
            d = candidate(range(10), 3)
            assert d == deque([7, 8, 9])
            assert d.maxlen == 3
        """, "last_n"),
    humaneval("he-heapq-tuples-return", """
        import heapq


        def schedule(tasks):
            heap = [(prio, name) for name, prio in tasks.items()]
            heapq.heapify(heap)
            return [heapq.heappop(heap) for _ in range(len(heap))]
        """, """
        def check(candidate):
            assert candidate({"b": 2, "a": 2, "c": 1}) == [(1, "c"), (2, "a"), (2, "b")]
        """, "schedule"),
    humaneval("he-bisect-key", """
        import bisect


        def find_by_age(people, age):
            i = bisect.bisect_left(people, age, key=lambda p: p[1])
            return people[i][0] if i < len(people) and people[i][1] == age else None
        """, """
        def check(candidate):
            people = [("ann", 20), ("bob", 25), ("cy", 31)]
            assert candidate(people, 25) == "bob"
            assert candidate(people, 26) is None
        """, "find_by_age"),
    humaneval("he-typing-namedtuple-methods", """
        from typing import NamedTuple


        class Interval(NamedTuple):
            lo: int
            hi: int

            def length(self):
                return self.hi - self.lo


        def merge(a, b):
            return Interval(min(a.lo, b.lo), max(a.hi, b.hi))
        """, """
        def check(candidate):
            r = candidate(Interval(1, 3), Interval(2, 6))
            assert r == (1, 6)
            assert r.length() == 5
            assert r._asdict() == {"lo": 1, "hi": 6}
        """, "merge"),
    humaneval("he-test-global-counter", """
        calls = 0


        def tick():
            global calls
            calls += 1
            return calls
        """, """
        def check(candidate):
            first = candidate()
            assert candidate() == first + 1
            assert candidate() == first + 2
        """, "tick"),
    humaneval("he-dict-items-vs-set", """
        def inverted(d):
            return {v: k for k, v in d.items()}.items()
        """, """
        def check(candidate):
            assert candidate({"a": 1, "b": 2}) == {(1, "a"), (2, "b")}
            assert (1, "a") in candidate({"a": 1})
        """, "inverted"),
    humaneval("he-str-format-of-result", """
        def ratio(a, b):
            return a / b
        """, """
        def check(candidate):
            assert f"{candidate(2, 3):.3f}" == "0.667"
            assert "%.1f%%" % (100 * candidate(1, 8)) == "12.5%"
            assert format(candidate(10, 4), ".2e") == "2.50e+00"
        """, "ratio"),
    humaneval("he-copy-deepcopy-arg", """
        def fill(grid, value):
            for row in grid:
                for j in range(len(row)):
                    row[j] = value
        """, """
        import copy


        def check(candidate):
            g = [[1, 2], [3, 4]]
            before = copy.deepcopy(g)
            candidate(g, 0)
            assert g == [[0, 0], [0, 0]]
            assert before == [[1, 2], [3, 4]]
        """, "fill"),
    humaneval("he-abc-subclass", """
        from abc import ABC, abstractmethod


        class Shape(ABC):
            @abstractmethod
            def area(self): ...


        class Square(Shape):
            def __init__(self, s):
                self.s = s

            def area(self):
                return self.s ** 2


        def total_area(sides):
            return sum(Square(s).area() for s in sides)
        """, """
        def check(candidate):
            assert candidate([1, 2, 3]) == 14
            try:
                Shape()
            except TypeError:
                pass
            else:
                raise AssertionError("abstract class instantiated")
        """, "total_area"),
    humaneval("he-default-recursion-depth-985", """
        def count_down(n):
            return 0 if n == 0 else 1 + count_down(n - 1)
        """, """
        def check(candidate):
            assert candidate(985) == 985
        """, "count_down"),
    humaneval("he-prints-megabytes-then-returns", """
        def noisy_sum(xs):
            for x in xs:
                print("trace", x, "." * 200)
            return sum(xs)
        """, """
        def check(candidate):
            assert candidate(list(range(10000))) == 49995000
        """, "noisy_sum"),
    humaneval("he-module-dunder-file", """
        import os

        HERE = os.path.dirname(os.path.abspath(__file__))


        def joined(name):
            return os.path.basename(os.path.join(HERE, name))
        """, """
        def check(candidate):
            assert candidate("data.txt") == "data.txt"
        """, "joined"),
    humaneval("he-dataclasses-asdict-of-result", """
        from dataclasses import dataclass


        @dataclass
        class Stats:
            mean: float
            count: int


        def stats(xs):
            return Stats(sum(xs) / len(xs), len(xs))
        """, """
        from dataclasses import asdict


        def check(candidate):
            assert asdict(candidate([1, 3])) == {"mean": 2.0, "count": 2}
        """, "stats"),
    humaneval("he-deque-argument-mutated", """
        def rotate_in_place(d, k):
            d.rotate(k)
            d.appendleft("start")
        """, """
        from collections import deque


        def check(candidate):
            d = deque([1, 2, 3])
            candidate(d, 1)
            assert d == deque(["start", 3, 1, 2])
        """, "rotate_in_place"),
    humaneval("he-set-argument-mutated", """
        def add_squares(s, n):
            for i in range(n):
                s.add(i * i)
        """, """
        def check(candidate):
            s = {100}
            candidate(s, 3)
            assert s == {0, 1, 4, 100}
        """, "add_squares"),
    humaneval("he-bytearray-argument-mutated", """
        def upper_in_place(buf):
            for i, b in enumerate(buf):
                if 97 <= b <= 122:
                    buf[i] = b - 32
        """, """
        def check(candidate):
            buf = bytearray(b"abc-1")
            candidate(buf)
            assert buf == bytearray(b"ABC-1")
        """, "upper_in_place"),
    humaneval("he-numpy-argument-mutated", """
        import numpy as np


        def clip_negative(a):
            a[a < 0] = 0
            a.sort()
        """, """
        import numpy as np


        def check(candidate):
            a = np.array([3, -1, 2, -5])
            candidate(a)
            assert a.tolist() == [0, 0, 2, 3]
        """, "clip_negative"),
    humaneval("he-aliased-argument-mutated", """
        def append_to_first(rows, x):
            rows[0].append(x)
        """, """
        def check(candidate):
            a = [1]
            rows = [a, a]
            candidate(rows, 9)
            assert a == [1, 9]
            assert rows[1] == [1, 9] and rows[0] is rows[1]
        """, "append_to_first"),
    humaneval("he-result-compared-to-none-with-eq", """
        def find(xs, target):
            for i, x in enumerate(xs):
                if x == target:
                    return i
        """, """
        def check(candidate):
            assert candidate([1, 2], 3) == None
            assert candidate([1, 2], 2) in (1, "1")
        """, "find"),
    humaneval("he-generator-many-items", """
        def squares(n):
            for i in range(n):
                yield i * i
        """, """
        def check(candidate):
            assert sum(candidate(50000)) == sum(i * i for i in range(50000))
            assert len(list(candidate(20000))) == 20000
        """, "squares"),
    humaneval("he-large-argument", """
        def total(xs):
            return sum(xs)
        """, """
        def check(candidate):
            xs = list(range(200000))
            assert candidate(xs) == 19999900000
        """, "total"),
    humaneval("he-deep-recursion-in-call", """
        import sys

        sys.setrecursionlimit(300000)


        def depth(n):
            return 0 if n == 0 else 1 + depth(n - 1)
        """, """
        def check(candidate):
            assert candidate(100000) == 100000
        """, "depth"),
    humaneval("he-quarter-gigabyte", """
        def big_table(n):
            table = [0] * n
            table[-1] = 1
            return sum(table)
        """, """
        def check(candidate):
            assert candidate(30_000_000) == 1
        """, "big_table"),
    humaneval("he-hasattr-getattr-default", """
        class Box:
            def __init__(self, x):
                self.x = x


        def box(x):
            return Box(x)
        """, """
        def check(candidate):
            b = candidate(1)
            assert hasattr(b, "x") and not hasattr(b, "y")
            assert getattr(b, "y", None) is None
        """, "box"),
    humaneval("he-infinite-generator-islice", """
        def naturals():
            n = 0
            while True:
                yield n
                n += 1
        """, """
        import itertools


        def check(candidate):
            assert list(itertools.islice(candidate(), 5)) == [0, 1, 2, 3, 4]
            assert [x for _, x in zip(range(3), candidate())] == [0, 1, 2]
        """, "naturals"),
    humaneval("he-thread-pool-in-function", """
        from concurrent.futures import ThreadPoolExecutor


        def squares(xs):
            with ThreadPoolExecutor(max_workers=4) as ex:
                return list(ex.map(lambda x: x * x, xs))
        """, """
        def check(candidate):
            assert candidate([1, 2, 3]) == [1, 4, 9]
        """, "squares"),
    humaneval("he-sqlite-in-memory", """
        import sqlite3


        def top_scorer(rows):
            con = sqlite3.connect(":memory:")
            con.execute("create table s (name text, score int)")
            con.executemany("insert into s values (?, ?)", rows)
            return con.execute("select name from s order by score desc limit 1").fetchone()[0]
        """, """
        def check(candidate):
            assert candidate([("a", 3), ("b", 9), ("c", 5)]) == "b"
        """, "top_scorer"),
    humaneval("he-hashlib-secrets-zlib", """
        import base64
        import hashlib
        import secrets
        import zlib


        def fingerprint(text):
            salt = secrets.token_hex(4)
            packed = base64.b64encode(zlib.compress(text.encode())).decode()
            return hashlib.sha256(text.encode()).hexdigest()[:8], len(salt), zlib.decompress(base64.b64decode(packed))
        """, """
        def check(candidate):
            assert candidate("abc") == ("ba7816bf", 8, b"abc")
        """, "fingerprint"),
    humaneval("he-compiled-pattern-return", """
        import re


        def word_pattern(word):
            return re.compile(rf"\\b{re.escape(word)}\\b", re.IGNORECASE)
        """, """
        def check(candidate):
            p = candidate("cat")
            assert p.search("The Cat sat").group() == "Cat"
            assert p.search("concatenate") is None
            assert len(p.findall("cat CAT cat")) == 3
        """, "word_pattern"),
    humaneval("he-intflag-combination", """
        from enum import IntFlag


        class Perm(IntFlag):
            R = 4
            W = 2
            X = 1


        def parse_perm(text):
            out = Perm(0)
            for ch, flag in zip("rwx", (Perm.R, Perm.W, Perm.X)):
                if ch in text:
                    out |= flag
            return out
        """, """
        def check(candidate):
            assert candidate("rw") == Perm.R | Perm.W
            assert candidate("x") == Perm.X
        """, "parse_perm"),
    humaneval("he-chainmap-return", """
        from collections import ChainMap


        def settings(user, defaults):
            return ChainMap(user, defaults)
        """, """
        def check(candidate):
            s = candidate({"a": 1}, {"a": 0, "b": 2})
            assert s["a"] == 1 and s["b"] == 2
            assert dict(s) == {"a": 1, "b": 2}
        """, "settings"),
    humaneval("he-singledispatch-entry", """
        from functools import singledispatch


        @singledispatch
        def describe(x):
            return "thing"


        @describe.register
        def _(x: int):
            return "int"


        @describe.register
        def _(x: list):
            return f"list of {len(x)}"
        """, """
        def check(candidate):
            assert candidate(3) == "int"
            assert candidate([1, 2]) == "list of 2"
            assert candidate("s") == "thing"
        """, "describe"),
    humaneval("he-generic-class", """
        from typing import Generic, List, TypeVar

        T = TypeVar("T")


        class Stack(Generic[T]):
            def __init__(self) -> None:
                self.items: List[T] = []

            def push(self, x: T) -> None:
                self.items.append(x)

            def pop(self) -> T:
                return self.items.pop()


        def make_stack() -> "Stack[int]":
            return Stack()
        """, """
        def check(candidate):
            s = candidate()
            s.push(1)
            s.push(2)
            assert s.pop() == 2 and s.items == [1]
        """, "make_stack"),
]

MBPP: list[Case] = [
    asserts("mbpp-global-state-across-asserts", """
        seen = []


        def remember(x):
            seen.append(x)
            return len(seen)
        """, ["assert remember('a') == 1", "assert remember('b') == 2", "assert seen == ['a', 'b']"]),
    asserts("mbpp-assert-with-message", """
        def is_even(n):
            return n % 2 == 0
        """, ['assert is_even(4), "4 is even"', 'assert not is_even(3), f"{3} is odd"',
              "assert (is_even(0) == True)"]),
    asserts("mbpp-two-calls-one-assert", """
        def digits(n):
            return sorted(str(n))
        """, ["assert digits(123) == digits(321)", "assert digits(10) + digits(2) == ['0', '1', '2']",
              "assert len(digits(99999)) == 5"]),
    asserts("mbpp-all-genexp", """
        def square(x):
            return x * x
        """, ["assert all(square(i) == i ** 2 for i in range(20))", "assert any(square(i) == 49 for i in range(10))",
              "assert sum(map(square, [1, 2, 3])) == 14"]),
    asserts("mbpp-method-on-result", """
        def greet(name):
            return "hello " + name
        """, ["assert greet('bob').upper() == 'HELLO BOB'", "assert greet('x').split()[1] == 'x'",
              "assert greet('a').startswith('hello')"]),
    asserts("mbpp-chained-indexing", """
        def pascal(n):
            rows = [[1]]
            for _ in range(n - 1):
                prev = rows[-1]
                rows.append([1] + [a + b for a, b in zip(prev, prev[1:])] + [1])
            return rows
        """, ["assert pascal(5)[4][2] == 6", "assert pascal(3)[-1] == [1, 2, 1]", "assert len(pascal(10)) == 10"]),
    asserts("mbpp-isinstance-own-class", """
        class Stack:
            def __init__(self):
                self.items = []

            def push(self, x):
                self.items.append(x)
                return self


        def make_stack(*xs):
            s = Stack()
            for x in xs:
                s.push(x)
            return s
        """, ["assert isinstance(make_stack(1, 2), Stack)", "assert make_stack(1, 2).items == [1, 2]"]),
    asserts("mbpp-module-level-instance", """
        class Counter2:
            def __init__(self):
                self.n = 0

            def inc(self):
                self.n += 1
                return self.n


        counter = Counter2()
        """, ["assert counter.inc() == 1", "assert counter.inc() == 2", "assert counter.n == 2"]),
    asserts("mbpp-partial-defined", """
        from functools import partial


        def power(base, exp):
            return base ** exp


        square = partial(power, exp=2)
        """, ["assert square(5) == 25", "assert square(base=3) == 9"]),
    asserts("mbpp-custom-decorator", """
        import functools


        def memo(fn):
            cache = {}

            @functools.wraps(fn)
            def wrapper(n):
                if n not in cache:
                    cache[n] = fn(n)
                return cache[n]
            return wrapper


        @memo
        def catalan(n):
            if n <= 1:
                return 1
            return sum(catalan(i) * catalan(n - 1 - i) for i in range(n))
        """, ["assert catalan(10) == 16796", "assert catalan(0) == 1", "assert catalan.__name__ == 'catalan'"]),
    asserts("mbpp-sorted-with-completion-key", """
        def vowel_count(w):
            return sum(ch in "aeiou" for ch in w)
        """, ["assert sorted(['sky', 'banana', 'tree'], key=vowel_count) == ['sky', 'tree', 'banana']",
              "assert max(['a', 'ee', 'iii'], key=vowel_count) == 'iii'"]),
    asserts("mbpp-struct-bytes", r"""
        import struct


        def to_le32(n):
            return struct.pack('<I', n)
        """, [r"assert to_le32(1) == b'\x01\x00\x00\x00'", r"assert to_le32(258) == b'\x02\x01\x00\x00'"]),
    asserts("mbpp-date-return-setup-import", """
        from datetime import date, timedelta


        def add_days(d, n):
            return d + timedelta(days=n)
        """, ["assert add_days(date(2024, 2, 28), 1) == date(2024, 2, 29)",
              "assert add_days(date(2023, 12, 31), 1).year == 2024"], setup="from datetime import date"),
    asserts("mbpp-days-between-strings", """
        from datetime import datetime


        def days_between(a, b):
            fmt = "%Y-%m-%d"
            return abs((datetime.strptime(b, fmt) - datetime.strptime(a, fmt)).days)
        """, ["assert days_between('2020-01-01', '2020-03-01') == 60",
              "assert days_between('2021-01-01', '2020-01-01') == 366"]),
    asserts("mbpp-decimal-setup", """
        from decimal import Decimal, ROUND_HALF_UP


        def money(x):
            return Decimal(str(x)).quantize(Decimal('0.01'), rounding=ROUND_HALF_UP)
        """, ["assert money(2.675) == Decimal('2.68')", "assert str(money(1)) == '1.00'"],
        setup="from decimal import Decimal"),
    asserts("mbpp-setup-star-import", """
        import math


        def circle_area(r):
            return math.pi * r * r
        """, ["assert isclose(circle_area(1), pi)", "assert floor(circle_area(2)) == 12"],
        setup="from math import *"),
    asserts("mbpp-numpy-setup", """
        import numpy as np


        def normalize(v):
            v = np.asarray(v, dtype=float)
            return v / np.linalg.norm(v)
        """, ["assert np.allclose(normalize([3, 4]), [0.6, 0.8])", "assert normalize([0, 2]).tolist() == [0.0, 1.0]"],
        setup="import numpy as np"),
    asserts("mbpp-numpy-bool-array", """
        import numpy as np


        def positives(xs):
            return np.array(xs) > 0
        """, ["assert positives([1, -1, 2]).tolist() == [True, False, True]",
              "assert positives([-1, -2]).any() == False", "assert positives([3]).all()"]),
    asserts("mbpp-array-return", """
        import array


        def doubled(xs):
            return array.array('d', (2.0 * x for x in xs))
        """, ["assert doubled([1, 2]).tolist() == [2.0, 4.0]", "assert list(doubled([])) == []",
              "assert doubled([0.5])[0] == 1.0"]),
    asserts("mbpp-itertools-chain-return", """
        from itertools import chain


        def flatten(lists):
            return chain.from_iterable(lists)
        """, ["assert list(flatten([[1], [2, 3]])) == [1, 2, 3]", "assert list(flatten([])) == []"]),
    asserts("mbpp-reversed-enumerate-filter", """
        def rev(xs):
            return reversed(xs)


        def indexed(xs):
            return enumerate(xs, 1)


        def odd_only(xs):
            return filter(lambda x: x % 2, xs)
        """, ["assert list(rev([1, 2, 3])) == [3, 2, 1]", "assert list(indexed('ab')) == [(1, 'a'), (2, 'b')]",
              "assert list(odd_only(range(6))) == [1, 3, 5]"]),
    asserts("mbpp-expect-exception-try-else", """
        def safe_div(a, b):
            if b == 0:
                raise ZeroDivisionError("b is zero")
            return a / b
        """, ["assert safe_div(6, 3) == 2.0",
              "try:\n    safe_div(1, 0)\nexcept ZeroDivisionError:\n    pass\nelse:\n"
              "    raise AssertionError('no error')"]),
    asserts("mbpp-is-true-is-false", """
        def has_dup(xs):
            return len(set(xs)) != len(xs)
        """, ["assert has_dup([1, 1]) is True", "assert has_dup([1, 2]) is False"]),
    asserts("mbpp-nan-result", """
        import math


        def mean(xs):
            return sum(xs) / len(xs) if xs else math.nan
        """, ["assert math.isnan(mean([]))", "assert mean([1, 2]) == 1.5"]),
    asserts("mbpp-unicode-identifier", """
        def größe(s):
            return len(s.encode('utf-8'))
        """, ["assert größe('ä') == 2", "assert größe('abc') == 3"]),
    asserts("mbpp-regex-sub-callback", r"""
        import re


        def shout_numbers(s):
            return re.sub(r'\d+', lambda m: str(int(m.group()) * 2), s)
        """, ["assert shout_numbers('a1b22') == 'a2b44'", "assert shout_numbers('none') == 'none'"]),
    asserts("mbpp-statistics-functions", """
        import statistics


        def summary(xs):
            return statistics.mean(xs), statistics.median(xs), statistics.mode(xs)
        """, ["assert summary([1, 2, 2, 3]) == (2, 2.0, 2)", "assert summary([5]) == (5, 5, 5)"]),
    asserts("mbpp-dict-comprehension-nested", """
        def group_by_len(words):
            out = {}
            for w in words:
                out.setdefault(len(w), []).append(w)
            return out
        """, ["assert group_by_len(['a', 'bb', 'c']) == {1: ['a', 'c'], 2: ['bb']}",
              "assert group_by_len([]) == {}", "assert list(group_by_len(['xx', 'y'])) == [2, 1]"]),
    asserts("mbpp-tuple-of-bools-and-none", """
        def check_all(xs):
            return tuple(None if x is None else bool(x) for x in xs)
        """, ["assert check_all([0, 1, None]) == (False, True, None)", "assert check_all([]) == ()"]),
    asserts("mbpp-function-returns-function", """
        def compose(f, g):
            return lambda x: f(g(x))
        """, ["assert compose(str, abs)(-3) == '3'", "assert compose(len, str)(12345) == 5"]),
    asserts("mbpp-complex-assert-expression", """
        def minmax(xs):
            return min(xs), max(xs)
        """, ["lo, hi = minmax([4, 1, 9])\nassert (lo, hi) == (1, 9)",
              "assert [minmax(p) for p in ([1, 2], [3])] == [(1, 2), (3, 3)]",
              "assert minmax([2, 2])[0] == minmax([2, 2])[1]"]),
    asserts("mbpp-float-exact-sum", """
        import math


        def precise_sum(xs):
            return math.fsum(xs)
        """, ["assert precise_sum([0.1] * 10) == 1.0", "assert precise_sum([1e100, 1.0, -1e100]) == 1.0"]),
    asserts("mbpp-sys-getsizeof-free-bigints", """
        def factorial(n):
            out = 1
            for i in range(2, n + 1):
                out *= i
            return out
        """, ["assert factorial(25) == 15511210043330985984000000", "assert len(str(factorial(500))) == 1135",
              "assert factorial(2000) % 10 ** 100 == 0"]),
]

LEETCODE: list[Case] = [
    lc("lcd-next-permutation-in-place", """
        class Solution:
            def nextPermutation(self, nums: List[int]) -> None:
                i = len(nums) - 2
                while i >= 0 and nums[i] >= nums[i + 1]:
                    i -= 1
                if i >= 0:
                    j = len(nums) - 1
                    while nums[j] <= nums[i]:
                        j -= 1
                    nums[i], nums[j] = nums[j], nums[i]
                nums[i + 1:] = reversed(nums[i + 1:])
        """, "nextPermutation", """
        def check(candidate):
            nums = [1, 2, 3]
            assert candidate(nums) is None
            assert nums == [1, 3, 2]
            nums = [3, 2, 1]
            candidate(nums=nums)
            assert nums == [1, 2, 3]
        """),
    lc("lcd-remove-elements-to-empty", """
        class Solution:
            def removeElements(self, head: Optional[ListNode], val: int) -> Optional[ListNode]:
                dummy = ListNode(0, head)
                cur = dummy
                while cur.next:
                    if cur.next.val == val:
                        cur.next = cur.next.next
                    else:
                        cur = cur.next
                return dummy.next
        """, "removeElements", """
        def check(candidate):
            assert is_same_list(candidate(head=list_node([1, 2, 6, 3, 6]), val=6), list_node([1, 2, 3]))
            assert candidate(head=list_node([7, 7, 7]), val=7) is None
            assert candidate(head=None, val=1) is None
        """),
    lc("lcd-long-linked-list-reverse", """
        class Solution:
            def reverseList(self, head: Optional[ListNode]) -> Optional[ListNode]:
                prev = None
                while head:
                    head.next, prev, head = prev, head, head.next
                return prev
        """, "reverseList", """
        def check(candidate):
            n = 5000
            assert is_same_list(candidate(head=list_node(list(range(n)))), list_node(list(range(n - 1, -1, -1))))
        """),
    lc("lcd-skewed-tree-depth", """
        class Solution:
            def maxDepth(self, root: Optional[TreeNode]) -> int:
                depth, level = 0, [root] if root else []
                while level:
                    depth += 1
                    level = [c for n in level for c in (n.left, n.right) if c]
                return depth
        """, "maxDepth", """
        def check(candidate):
            assert candidate(root=tree_node([3, 9, 20, None, None, 15, 7])) == 3
            root = cur = TreeNode(0)
            for i in range(1, 800):
                cur.right = TreeNode(i)
                cur = cur.right
            assert candidate(root=root) == 800
        """),
    lc("lcd-lca-returns-input-node", """
        class Solution:
            def lowestCommonAncestor(self, root: TreeNode, p: TreeNode, q: TreeNode) -> TreeNode:
                while root:
                    if p.val < root.val and q.val < root.val:
                        root = root.left
                    elif p.val > root.val and q.val > root.val:
                        root = root.right
                    else:
                        return root
        """, "lowestCommonAncestor", """
        def check(candidate):
            root = tree_node([6, 2, 8, 0, 4, 7, 9, None, None, 3, 5])
            p, q = root.left, root.right
            assert candidate(root=root, p=p, q=q).val == 6
            assert candidate(root=root, p=p, q=root.left.right).val == 2
        """),
    lc("lcd-functools-cache-star", """
        class Solution:
            def climbStairs(self, n: int) -> int:
                @cache
                def go(i: int) -> int:
                    return 1 if i <= 1 else go(i - 1) + go(i - 2)
                return go(n)
        """, "climbStairs", """
        def check(candidate):
            assert candidate(n=2) == 2
            assert candidate(n=45) == 1836311903
        """),
    lc("lcd-pairwise-comb-accumulate", """
        class Solution:
            def solve(self, nums: List[int]) -> List[int]:
                diffs = [b - a for a, b in pairwise(nums)]
                return list(accumulate(diffs, initial=comb(len(nums), 2)))
        """, "solve", """
        def check(candidate):
            assert candidate(nums=[1, 4, 9]) == [3, 6, 11]
        """),
    lc("lcd-float-pow-isclose", """
        class Solution:
            def myPow(self, x: float, n: int) -> float:
                if n < 0:
                    x, n = 1 / x, -n
                result = 1.0
                while n:
                    if n & 1:
                        result *= x
                    x *= x
                    n >>= 1
                return result
        """, "myPow", """
        def check(candidate):
            assert abs(candidate(x=2.0, n=10) - 1024.0) < 1e-9
            assert math.isclose(candidate(x=2.1, n=3), 9.261)
            assert candidate(x=2.0, n=-2) == 0.25
        """),
    lc("lcd-dijkstra-heap-tuples", """
        class Solution:
            def networkDelayTime(self, times: List[List[int]], n: int, k: int) -> int:
                g = defaultdict(list)
                for u, v, w in times:
                    g[u].append((v, w))
                dist = {}
                heap = [(0, k)]
                while heap:
                    d, u = heappop(heap)
                    if u in dist:
                        continue
                    dist[u] = d
                    for v, w in g[u]:
                        if v not in dist:
                            heappush(heap, (d + w, v))
                return max(dist.values()) if len(dist) == n else -1
        """, "networkDelayTime", """
        def check(candidate):
            assert candidate(times=[[2, 1, 1], [2, 3, 1], [3, 4, 1]], n=4, k=2) == 2
            assert candidate(times=[[1, 2, 1]], n=2, k=2) == -1
        """),
    lc("lcd-group-anagrams-unordered", """
        class Solution:
            def groupAnagrams(self, strs: List[str]) -> List[List[str]]:
                groups = defaultdict(list)
                for s in strs:
                    groups[''.join(sorted(s))].append(s)
                return list(groups.values())
        """, "groupAnagrams", """
        def check(candidate):
            out = candidate(strs=["eat", "tea", "tan", "ate", "nat", "bat"])
            assert sorted(map(sorted, out)) == [["ate", "eat", "tea"], ["bat"], ["nat", "tan"]]
        """),
    lc("lcd-class-attribute-cache", """
        class Solution:
            memo = {0: 0, 1: 1}

            def tribonacci(self, n: int) -> int:
                for i in range(len(self.memo), n + 1):
                    Solution.memo[i] = self.memo[i - 1] + self.memo[i - 2] + self.memo.get(i - 3, 0)
                return self.memo[n] if n > 1 else n
        """, "tribonacci", """
        def check(candidate):
            assert candidate(n=4) == 4
            assert candidate(n=25) == 1389537
        """),
    lc("lcd-game-of-life-in-place", """
        class Solution:
            def gameOfLife(self, board: List[List[int]]) -> None:
                m, n = len(board), len(board[0])
                nxt = [[0] * n for _ in range(m)]
                for i in range(m):
                    for j in range(n):
                        live = sum(board[a][b] for a in range(max(0, i - 1), min(m, i + 2))
                                   for b in range(max(0, j - 1), min(n, j + 2))) - board[i][j]
                        nxt[i][j] = int(live == 3 or (board[i][j] and live == 2))
                board[:] = nxt
        """, "gameOfLife", """
        def check(candidate):
            board = [[0, 1, 0], [0, 0, 1], [1, 1, 1], [0, 0, 0]]
            candidate(board=board)
            assert board == [[0, 0, 0], [1, 0, 1], [0, 1, 1], [0, 1, 0]]
        """),
    la("lcd-asserts-constructor-with-args", """
        import random


        class Solution:
            def __init__(self, nums):
                self.nums = nums

            def pick(self, target):
                return random.choice([i for i, x in enumerate(self.nums) if x == target])
        """, ["s = Solution([1, 2, 3, 3, 3])\nassert s.pick(3) in {2, 3, 4}\nassert s.pick(1) == 0"]),
    la("lcd-asserts-min-stack-design", """
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
        """, ["ms = MinStack()\nfor v in (-2, 0, -3):\n    ms.push(v)\nassert ms.getMin() == -3\nms.pop()\n"
              "assert ms.top() == 0\nassert ms.getMin() == -2"]),
    la("lcd-asserts-nested-list-result-sorted", """
        from typing import List


        class Solution:
            def subsets(self, nums: List[int]) -> List[List[int]]:
                out = [[]]
                for x in nums:
                    out += [s + [x] for s in out]
                return out
        """, ["assert sorted(Solution().subsets([1, 2])) == [[], [1], [1, 2], [2]]",
              "assert len(Solution().subsets(list(range(10)))) == 1024"]),
]

STDIO: list[Case] = [
    stdio("codeforces-pyrival-fastio", """
        import os
        import sys
        from io import BytesIO, IOBase

        BUFSIZE = 8192


        class FastIO(IOBase):
            newlines = 0

            def __init__(self, file):
                self._fd = file.fileno()
                self.buffer = BytesIO()
                self.writable = "x" in file.mode or "r" not in file.mode
                self.write = self.buffer.write if self.writable else None

            def read(self):
                while True:
                    b = os.read(self._fd, max(os.fstat(self._fd).st_size, BUFSIZE))
                    if not b:
                        break
                    ptr = self.buffer.tell()
                    self.buffer.seek(0, 2), self.buffer.write(b), self.buffer.seek(ptr)
                self.newlines = 0
                return self.buffer.read()

            def readline(self):
                while self.newlines == 0:
                    b = os.read(self._fd, max(os.fstat(self._fd).st_size, BUFSIZE))
                    self.newlines = b.count(b"\\n") + (not b)
                    ptr = self.buffer.tell()
                    self.buffer.seek(0, 2), self.buffer.write(b), self.buffer.seek(ptr)
                self.newlines -= 1
                return self.buffer.readline()

            def flush(self):
                if self.writable:
                    os.write(self._fd, self.buffer.getvalue())
                    self.buffer.truncate(0), self.buffer.seek(0)


        class IOWrapper(IOBase):
            def __init__(self, file):
                self.buffer = FastIO(file)
                self.flush = self.buffer.flush
                self.writable = self.buffer.writable
                self.write = lambda s: self.buffer.write(s.encode("ascii"))
                self.read = lambda: self.buffer.read().decode("ascii")
                self.readline = lambda: self.buffer.readline().decode("ascii")


        sys.stdin, sys.stdout = IOWrapper(sys.stdin), IOWrapper(sys.stdout)
        input = lambda: sys.stdin.readline().rstrip("\\r\\n")


        def main():
            t = int(input())
            for _ in range(t):
                a, b = map(int, input().split())
                print(a * b)


        if __name__ == "__main__":
            main()
        """, [("3\n2 3\n4 5\n-1 7\n", "6\n20\n-7\n"), ("1\n100000 100000\n", "10000000000\n")]),
    stdio("codeforces-os-write-fd1", """
        import os
        import sys

        data = sys.stdin.buffer.read().split()
        n = int(data[0])
        out = [str(int(x) ** 2) for x in data[1:n + 1]]
        os.write(1, ("\\n".join(out) + "\\n").encode())
        """, [("3\n1 2 3\n", "1\n4\n9\n")]),
    stdio("codeforces-stdout-fileno-write", """
        import os
        import sys

        n = int(sys.stdin.readline())
        os.write(sys.stdout.fileno(), b" ".join(str(i).encode() for i in range(1, n + 1)) + b"\\n")
        """, [("5\n", "1 2 3 4 5\n")]),
    stdio("codeforces-flush-then-os-exit", """
        import os
        import sys

        n = int(input())
        print(n * (n + 1) // 2)
        sys.stdout.flush()
        os._exit(0)
        """, [("100\n", "5050\n"), ("1\n", "1\n")]),
    stdio("codeforces-resource-setrlimit-stack", """
        import resource
        import sys

        soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
        resource.setrlimit(resource.RLIMIT_STACK, (hard, hard))
        sys.setrecursionlimit(10 ** 6)


        def depth(n):
            return 0 if n == 0 else 1 + depth(n - 1)


        print(depth(int(input())))
        """, [("50000\n", "50000\n")]),
    stdio("codeforces-gc-disable", """
        import gc
        import sys

        gc.disable()
        input = sys.stdin.readline
        n = int(input())
        pairs = [tuple(map(int, input().split())) for _ in range(n)]
        pairs.sort(key=lambda p: (p[1], -p[0]))
        print("\\n".join(f"{a} {b}" for a, b in pairs))
        """, [("3\n1 2\n5 1\n3 2\n", "5 1\n3 2\n1 2\n")]),
    stdio("codeforces-deep-recursion-main-thread", """
        import sys

        sys.setrecursionlimit(1 << 25)


        def dfs(v, children, depth):
            best = depth
            for c in children[v]:
                best = max(best, dfs(c, children, depth + 1))
            return best


        n = int(input())
        children = [[] for _ in range(n)]
        for i in range(1, n):
            children[i - 1].append(i)
        print(dfs(0, children, 0))
        """, [("100000\n", "99999\n")]),
    stdio("codeforces-stdout-reconfigure", """
        import sys

        sys.stdout.reconfigure(line_buffering=False)
        n = int(input())
        for i in range(n):
            print(i, end=" " if i < n - 1 else "\\n")
        """, [("4\n", "0 1 2 3\n")]),
    stdio("codeforces-random-salt-hash", """
        import random
        import sys

        SALT = random.getrandbits(30)
        data = sys.stdin.read().split()
        n = int(data[0])
        seen = {}
        for x in map(int, data[1:n + 1]):
            seen[x ^ SALT] = seen.get(x ^ SALT, 0) + 1
        print(max(seen.values()))
        """, [("6\n1 2 2 3 3 3\n", "3\n")]),
    stdio("codeforces-set-int-max-str-digits", """
        import sys

        sys.set_int_max_str_digits(0)
        n = int(input())
        s = str(2 ** n)
        print(len(s), s[:5], s[-5:])
        """, [("50000\n", "15052 31606 09376\n")]),
    stdio("codeforces-from-sys-import", """
        from sys import stdin, stdout

        n = int(stdin.readline())
        total = 0
        for line in stdin:
            total += sum(map(int, line.split()))
        stdout.write(f"{total}\\n")
        """, [("2\n1 2\n3 4\n", "10\n")]),
    stdio("atcoder-open0-star-unpack", """
        n, *a = map(int, open(0).read().split())
        a.sort()
        print(a[n // 2] if n % 2 else (a[n // 2 - 1] + a[n // 2]) / 2)
        """, [("3\n5 1 3\n", "3\n"), ("4\n1 2 3 4\n", "2.5\n")]),
    stdio("atcoder-lambda-readers", """
        I = lambda: map(int, input().split())  # noqa: E731
        n, k = I()
        xs = list(I())
        print(sum(sorted(xs)[-k:]))
        """, [("5 2\n1 9 3 7 5\n", "16\n")]),
    stdio("atcoder-pow-mod-inverse", """
        MOD = 998244353
        n, r = map(int, input().split())
        fact = [1] * (n + 1)
        for i in range(1, n + 1):
            fact[i] = fact[i - 1] * i % MOD
        print(fact[n] * pow(fact[r] * fact[n - r], -1, MOD) % MOD)
        """, [("10 3\n", "120\n"), ("100000 50000\n", "710154335\n")]),
    stdio("apps-sys-stdout-write-no-newline", """
        import sys

        s = sys.stdin.readline().strip()
        sys.stdout.write(s.swapcase())
        """, [("Hello World\n", "hELLO wORLD\n")]),
    stdio("apps-print-end-empty-last", """
        n = int(input())
        for i in range(1, n + 1):
            print(i, end="" if i == n else ",")
        """, [("3\n", "1,2,3")]),
    stdio("apps-percent-format", """
        a, b = map(float, input().split())
        print("%.6f" % (a / b))
        print("{:,}".format(int(a * b)))
        print(f"{a:08.3f}")
        """, [("1234 7\n", "176.285714\n8,638\n1234.000\n")]),
    stdio("apps-print-round-float", """
        x = float(input())
        print(round(x, 2), round(x), x / 3)
        """, [("2.675\n", "2.67 3 0.8916666666666666\n")]),
    stdio("apps-splitlines-mixed-input-read", """
        import sys

        first = input()
        rest = sys.stdin.read().splitlines()
        print(first, len(rest), rest[-1] if rest else "")
        """, [("head\na\nb\nc\n", "head 3 c\n")]),
    stdio("apps-grid-print-sep", """
        h, w = map(int, input().split())
        grid = [input() for _ in range(h)]
        rotated = ["".join(row[j] for row in reversed(grid)) for j in range(w)]
        print(*rotated, sep="\\n")
        """, [("2 3\nabc\ndef\n", "da\neb\nfc\n")]),
    stdio("apps-cmp-to-key", """
        from functools import cmp_to_key

        n = int(input())
        xs = input().split()
        xs.sort(key=cmp_to_key(lambda a, b: (a + b < b + a) - (a + b > b + a)))
        print("".join(xs).lstrip("0") or "0")
        """, [("3\n3 30 34\n", "34330\n"), ("2\n0 0\n", "0\n")]),
    stdio("apps-enum-namedtuple-script", """
        from enum import Enum
        from typing import NamedTuple


        class Op(Enum):
            ADD = "+"
            MUL = "*"


        class Task(NamedTuple):
            op: Op
            a: int
            b: int


        tasks = [Task(Op(o), int(a), int(b)) for o, a, b in (line.split() for line in open(0))]
        for t in tasks:
            print(t.a + t.b if t.op is Op.ADD else t.a * t.b)
        """, [("+ 1 2\n* 3 4\n", "3\n12\n")]),
    stdio("apps-heap-own-class-lt", """
        import heapq


        class Job:
            def __init__(self, name, prio):
                self.name, self.prio = name, prio

            def __lt__(self, other):
                return (self.prio, self.name) < (other.prio, other.name)


        n = int(input())
        heap = []
        for _ in range(n):
            name, prio = input().split()
            heapq.heappush(heap, Job(name, int(prio)))
        print(" ".join(heapq.heappop(heap).name for _ in range(n)))
        """, [("3\nc 2\na 2\nb 1\n", "b a c\n")]),
    stdio("apps-datetime-script", """
        from datetime import datetime, timedelta

        start = datetime.strptime(input().strip(), "%Y-%m-%d %H:%M")
        minutes = int(input())
        print((start + timedelta(minutes=minutes)).strftime("%Y-%m-%d %H:%M"))
        """, [("2023-12-31 23:30\n45\n", "2024-01-01 00:15\n")]),
    stdio("apps-decimal-quantize", """
        from decimal import Decimal, getcontext, ROUND_HALF_EVEN

        getcontext().prec = 50
        a, b = input().split()
        q = Decimal(a) / Decimal(b)
        print(q.quantize(Decimal("1e-20"), rounding=ROUND_HALF_EVEN))
        """, [("1 3\n", "0.33333333333333333333\n"), ("22 7\n", "3.14285714285714285714\n")]),
    stdio("apps-bisect-insort", """
        import bisect

        n = int(input())
        seen = []
        out = []
        for x in map(int, input().split()):
            out.append(len(seen) - bisect.bisect_right(seen, x))
            bisect.insort(seen, x)
        print(*out)
        """, [("5\n3 1 4 1 5\n", "0 1 0 2 0\n")]),
    stdio("apps-itertools-product-repeat", """
        from itertools import product

        n = int(input())
        for bits in product("01", repeat=n):
            print("".join(bits))
        """, [("2\n", "00\n01\n10\n11\n")]),
    stdio("apps-array-module", """
        from array import array

        n = int(input())
        a = array("q", map(int, input().split()))
        pre = array("q", [0]) * (n + 1)
        for i, x in enumerate(a):
            pre[i + 1] = pre[i] + x
        print(*pre)
        """, [("3\n5 -2 7\n", "0 5 3 10\n")]),
    stdio("apps-exec-golf", """
        exec("a,b=map(int,input().split());print(a%b,a//b);" * int(input()))
        """, [("2\n7 3\n9 4\n", "1 2\n1 2\n")]),
    stdio("apps-dunder-import-stdin", """
        r = __import__("sys").stdin.readline
        print(sum(int(r()) for _ in range(int(r()))))
        """, [("3\n10\n20\n30\n", "60\n")]),
    stdio("lcb-long-output-lines", """
        n = int(input())
        print("\\n".join(str(i * i) for i in range(n)))
        """, [("100000\n", "\n".join(str(i * i) for i in range(100000)) + "\n")]),
    stdio("lcb-slow-but-correct", """
        n = int(input())
        sieve = bytearray([1]) * (n + 1)
        sieve[0] = sieve[1] = 0
        total = 0
        for i in range(2, n + 1):
            if sieve[i]:
                total += i
                for j in range(i * i, n + 1, i):
                    sieve[j] = 0
        print(total)
        """, [("2000000\n", "142913828922\n")]),
    stdio("lcb-class-solution-script", """
        from typing import List


        class Solution:
            def maxProfit(self, prices: List[int]) -> int:
                best, lo = 0, float("inf")
                for p in prices:
                    lo = min(lo, p)
                    best = max(best, p - lo)
                return best


        if __name__ == "__main__":
            prices = list(map(int, input().split()))
            print(Solution().maxProfit(prices))
        """, [("7 1 5 3 6 4\n", "5\n"), ("7 6 4 3 1\n", "0\n")]),
    stdio("lcb-re-multiline-input", r"""
        import re
        import sys

        text = sys.stdin.read()
        print(len(re.findall(r"^\s*#", text, re.M)), len(re.findall(r"todo", text, re.I)))
        """, [("# a\ncode # TODO\n  # b\nTodo\n", "2 2\n")]),
    stdio("lcb-stdin-buffer-readline-decode", """
        import sys

        name = sys.stdin.buffer.readline().decode().strip()
        n = int(sys.stdin.buffer.readline())
        print(f"{name}:{n * 2}")
        """, [("caf\u00e9\n21\n", "caf\u00e9:42\n")]),
    stdio("lcb-textiowrapper-stdin", """
        import io
        import sys

        reader = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8")
        words = reader.read().split()
        print(len(words), max(words, key=len))
        """, [("a bbb cc\n", "3 bbb\n")]),
    stdio("lcb-print-file-stdout-sep", """
        import sys

        xs = list(map(int, input().split()))
        print(*xs[::-1], sep=", ", end=".\\n", file=sys.stdout)
        print(min(xs), max(xs), sep="\\t")
        """, [("1 2 3\n", "3, 2, 1.\n1\t3\n")]),
    stdio("apps-default-recursion-depth-985", """
        def depth(n):
            return 0 if n == 0 else 1 + depth(n - 1)


        print(depth(int(input())))
        """, [("985\n", "985\n")]),
    stdio("codeforces-three-megabyte-input", """
        import sys

        data = sys.stdin.buffer.read().split()
        n = int(data[0])
        print(sum(map(int, data[1:n + 1])) % 1000000007)
        """, [(f"300000\n{' '.join(['123456789'] * 300000)}\n", f"{300000 * 123456789 % 1000000007}\n")]),
    stdio("codeforces-local-input-file-guard", """
        import os
        import sys

        if os.path.exists("input.txt"):
            sys.stdin = open("input.txt")
        if sys.stdin.isatty():
            raise SystemExit("no input")
        n = int(input(), 2)
        print(bin(n * 3)[2:])
        """, [("101\n", "1111\n")]),
    stdio("apps-numpy-print-array", """
        import numpy as np

        xs = np.array(list(map(int, input().split())))
        print(xs * 2)
        print(xs.reshape(2, -1))
        """, [("1 2 3 4\n", "[2 4 6 8]\n[[1 2]\n [3 4]]\n")]),
    stdio("apps-math-lcm-prod", """
        import math

        xs = list(map(int, input().split()))
        print(math.lcm(*xs), math.prod(xs), math.comb(len(xs) + 3, 2))
        """, [("4 6 10\n", "60 240 15\n")]),
    stdio("apps-dunder-file-and-argv", """
        import os
        import sys

        name = os.path.basename(__file__)
        print(int(input()) * 2, len(sys.argv), name.endswith(".py"))
        """, [("21\n", "42 1 True\n")]),
]

CASES: list[Case] = [*HE, *MBPP, *LEETCODE, *STDIO]
