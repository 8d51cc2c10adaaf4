"""A fifth held-out sweep (2026-12-05), at the less common corners of what tests hand the completion and do with
its answers, each name led by ``s5-`` and the dataset it imitates: ``he-`` (HumanEval/HumanEval+), ``mbpp-``
(MBPP/MBPP+), ``lcd-`` (LeetCodeDataset rows and assert lists calling ``Solution()``), ``cf-`` (APPS, CodeContests,
LiveCodeBench stdin programs).

Answers of the standard library's value types checked with ``type(x) is`` and ``isinstance`` (``Decimal`` specials
and exponents, ``Fraction``, complex, ``frozenset`` of frozensets, ``bytes``/``bytearray``, ``array('d')`` with
nan, ``deque(maxlen)``, heaps, enums by value and name, namedtuples with defaults, dataclasses with factories,
``ZoneInfo`` datetimes, ints at 2**53 and floats that look integral, lone surrogates and NUL in strings, dict keys
of every hashable kind); tests written with ``unittest.TestCase`` asserts, ``pytest.raises(match=)``,
``numpy.testing``; operator overloading, class hierarchies, ``__eq__``/``__hash__`` objects in the test's sets and
dicts, classes returned then instantiated, ``lru_cache`` info across asserts, globals the function mutates, prints
inside the tested function; LeetCode in-place list and tree tasks (reorder, delete a node, sudoku, wiggle sort),
trees and graphs returned, design classes driven op by op; stdin programs with ``Fraction``/``Decimal``/
``statistics``/``textwrap``/``struct``/``calendar``/``queue``/numpy, unicode, threads, 10^5 queries.

Found 2026-12-05 (main at 827dd25): all 216 rows pass plain Python; 166 scored 1.0 at the defaults and 50 did not. Nine
were closed the same day and are in CASES: ``obj[k] = v`` and ``del obj[k]`` on an answer object, ``issubclass`` of two
of the completion's classes (both now asked of the job), a test catching the completion's exception by the completion's
own base class (``except AppError`` for ``NotFound(AppError)``: the stand-ins keep a single-inheritance chain of its
classes), the test's own threads using the job at once (a thread pool mapping the candidate, an answer's methods called
from four threads: the session's uses now go one at a time), and four of the standard library's exception classes caught
by their own name (``except json.JSONDecodeError``, ``statistics.StatisticsError``, ``decimal.InvalidOperation``,
``re.error``: raised here as the module's class when the job names it). The other 41 are KNOWN_FAILING, kept out of the
corpus with the layer of each in KNOWN_FAILING_WHY. Four are differences already documented (an object's ``+=`` with a
test's value, a context manager never swallowing the test's exception, a candidate's ``StopIteration``, and by the
threat model files shared between test and job). The rest are new: what a call prints or warns never reaches the test
(``redirect_stdout``, ``catch_warnings``); the test's ``mock.patch(input)``/``sys.stdin``, a test function's closure
side effects and a partly consumed iterator of the test's do not cross back or in; raised exceptions lose their
``__cause__``, ``__notes__``, ``ExceptionGroup`` members, ``OSError.filename``, and ``SystemExit``; an exception class
cannot be passed in (``g.throw(ValueError)``); the candidate proxy has no signature (``__doc__``, ``__defaults__``:
since session 23); a returned generator is no ``types.GeneratorType`` and ``iter(g) is not g``; answers of ``uuid``,
``ipaddress``, ``pathlib``, ``slice``, ``Ellipsis``, ``UserList``, ``struct_time``, ``NormalDist``, numpy
string/datetime arrays and ``numpy.str_``, ``array('u')`` stay handles that never equal the test's value; a
``defaultdict(lambda: 0)`` loses its factory; an answer nested past 100 levels; ``copy.deepcopy`` of an answer object.
Two more were closed after the merge: a prompt node the completion returns is the test's own node again, not a handle
(``getIntersectionNode(a, b) is common``, LeetCode 160; ``trimBST(root) is root``), and a ``defaultdict(lambda: 0)``
keeps its factory, called in the job for a missing key. Two more later: what the completion's calls of a test's function
do to its closure (a memoize test counting calls) is the test's own, made again there, and what a call prints reaches
the test's ``redirect_stdout``. Seven more later still: answers of ``uuid``, ``ipaddress``, ``pathlib``, ``slice``,
``Ellipsis``, ``UserList`` and ``struct_time`` cross as their own types; a raised exception keeps its ``__cause__``,
``__notes__``, ``ExceptionGroup`` members and ``OSError.filename``, and a builtin exception class crosses as an argument
(six more); the completion's ``sys.exit()`` raises ``SystemExit`` in the test; and what a call warns reaches a test that
records warnings; and the test's patched ``input`` or swapped ``sys.stdin`` is what the completion reads; ``NormalDist``
and numpy string arrays and scalars cross. Four more in the twenty-second session: a returned generator is a generator
of the test's side (``types.GeneratorType``, ``inspect.isgenerator``, ``iter(g) is g``), and a test's iterator goes on
from where the call stopped reading it; 13 are left."""

from __future__ import annotations

from . import Case, asserts, humaneval, stdio
from .cases_leetcode import la, lc

HUMANEVAL: list[Case] = [
    humaneval("s5-he-defaultdict-lambda-missing-key", r'''
        from collections import defaultdict


        def tally(words):
            d = defaultdict(lambda: 0)
            for w in words:
                d[w] += 1
            return d
        ''', r'''
        def check(candidate):
            d = candidate(["a", "b", "a"])
            assert d["a"] == 2
            assert d["zzz"] == 0
        ''', "tally"),
    humaneval("s5-he-decimal-specials-text", r'''
        from decimal import Decimal


        def specials():
            return [Decimal('1.10'), Decimal('-0'), Decimal('1E+2'), Decimal('NaN'), Decimal('-Infinity'),
                    Decimal('0.000')]
        ''', r'''
        from decimal import Decimal


        def check(candidate):
            r = candidate()
            assert [str(x) for x in r] == ['1.10', '-0', '1E+2', 'NaN', '-Infinity', '0.000']
            assert r[0] == Decimal('1.1') and r[5].as_tuple().exponent == -3
            assert r[3].is_nan() and r[1].is_signed()
            assert type(r[2]) is Decimal
        ''', "specials"),
    humaneval("s5-he-zoneinfo-strftime", r'''
        from datetime import datetime
        from zoneinfo import ZoneInfo


        def to_new_york(ts: int) -> str:
            return datetime.fromtimestamp(ts, ZoneInfo("America/New_York")).strftime("%Y-%m-%d %H:%M %Z")
        ''', r'''
        def check(candidate):
            assert candidate(0) == "1969-12-31 19:00 EST"
            assert candidate(1_600_000_000) == "2020-09-13 08:26 EDT"
        ''', "to_new_york"),
    humaneval("s5-he-zoneinfo-utc-datetime-return", r'''
        from datetime import datetime
        from zoneinfo import ZoneInfo


        def utc_moment(y, m, d):
            return datetime(y, m, d, tzinfo=ZoneInfo("UTC"))
        ''', r'''
        from datetime import datetime, timezone


        def check(candidate):
            assert candidate(2020, 1, 2) == datetime(2020, 1, 2, tzinfo=timezone.utc)
            assert candidate(2020, 1, 2).utcoffset().total_seconds() == 0
            assert candidate(2020, 1, 2).isoformat() == "2020-01-02T00:00:00+00:00"
        ''', "utc_moment"),
    humaneval("s5-he-int-float-boundaries-types", r'''
        def values():
            return [2 ** 53, 2 ** 53 + 1, -(2 ** 53) - 1, 2 ** 63, 2.0, 1e16, 1e300, -0.0, 5e-324, True, 1]
        ''', r'''
        def check(candidate):
            v = candidate()
            assert v[:4] == [2 ** 53, 2 ** 53 + 1, -(2 ** 53) - 1, 2 ** 63]
            assert [type(x).__name__ for x in v] == ['int'] * 4 + ['float'] * 5 + ['bool', 'int']
            assert repr(v[5]) == '1e+16' and repr(v[7]) == '-0.0' and v[8] == 5e-324
        ''', "values"),
    humaneval("s5-he-lone-surrogate-and-nul-strings", r'''
        def odd_strings():
            return ['\ud800', 'a\x00b', {'\udcff': 1}, 'e\u0301', '\U0001F468\u200d\U0001F469']
        ''', r'''
        def check(candidate):
            r = candidate()
            assert r[0] == '\ud800' and len(r[0]) == 1
            assert r[1] == 'a\x00b'
            assert r[2] == {'\udcff': 1}
            assert len(r[3]) == 2 and len(r[4]) == 3
        ''', "odd_strings"),
    humaneval("s5-he-odd-dict-keys-order-and-types", r'''
        def keys():
            return {None: 0, 1.5: 1, (1, (2, 3)): 2, frozenset({1}): 3, b'k': 4, -0.0: 5, True: 6, 10 ** 30: 7}
        ''', r'''
        def check(candidate):
            d = candidate()
            assert d == {None: 0, 1.5: 1, (1, (2, 3)): 2, frozenset({1}): 3, b'k': 4, 0: 5, 1: 6, 10 ** 30: 7}
            assert list(d) == [None, 1.5, (1, (2, 3)), frozenset({1}), b'k', -0.0, True, 10 ** 30]
            assert type(list(d)[6]) is bool and str(list(d)[5]) == '-0.0'
        ''', "keys"),
    humaneval("s5-he-unittest-testcase-asserts", r'''
        def divide(a, b):
            if b == 0:
                raise ZeroDivisionError("division by zero")
            return a / b
        ''', r'''
        import unittest


        def check(candidate):
            tc = unittest.TestCase()
            tc.assertAlmostEqual(candidate(1, 3), 0.3333333, places=6)
            tc.assertEqual(candidate(6, 3), 2.0)
            tc.assertIsInstance(candidate(6, 3), float)
            with tc.assertRaises(ZeroDivisionError):
                candidate(1, 0)
            with tc.assertRaisesRegex(ZeroDivisionError, "division"):
                candidate(2, 0)
        ''', "divide"),
    humaneval("s5-he-pytest-raises-match", r'''
        import math


        def sqrt_int(n):
            if n < 0:
                raise ValueError("negative input: %d" % n)
            return math.isqrt(n)
        ''', r'''
        import pytest


        def check(candidate):
            assert candidate(17) == 4
            with pytest.raises(ValueError, match="negative"):
                candidate(-1)
            with pytest.raises(ValueError) as info:
                candidate(-5)
            assert "-5" in str(info.value)
        ''', "sqrt_int"),
    humaneval("s5-he-numpy-testing-allclose", r'''
        import numpy as np


        def normalize(v):
            v = np.asarray(v, dtype=float)
            return v / np.linalg.norm(v)
        ''', r'''
        import numpy as np


        def check(candidate):
            np.testing.assert_allclose(candidate([3, 4]), [0.6, 0.8])
            np.testing.assert_array_almost_equal(candidate([1, 0, 0]), np.array([1.0, 0.0, 0.0]))
            assert candidate([1, 1]).dtype == np.float64
            assert candidate([1, 1]).shape == (2,)
        ''', "normalize"),
    humaneval("s5-he-numpy-fft-complex-array", r'''
        import numpy as np


        def spectrum(xs):
            return np.fft.fft(xs)
        ''', r'''
        import numpy as np


        def check(candidate):
            s = candidate([1, 0, 0, 0])
            assert np.allclose(s, [1, 1, 1, 1])
            assert s.dtype == np.complex128
            assert np.allclose(candidate([0, 1, 0, 0]), [1, -1j, -1, 1j])
        ''', "spectrum"),
    humaneval("s5-he-generator-close-runs-finally", r'''
        CLOSED = []


        def ticker():
            try:
                i = 0
                while True:
                    yield i
                    i += 1
            finally:
                CLOSED.append(True)
        ''', r'''
        def check(candidate):
            g = candidate()
            assert next(g) == 0 and next(g) == 1
            g.close()
            assert CLOSED == [True]
        ''', "ticker"),
    humaneval("s5-he-recursionerror-expected", r'''
        def depth(n):
            return 0 if n == 0 else 1 + depth(n - 1)
        ''', r'''
        def check(candidate):
            assert candidate(100) == 100
            try:
                candidate(10 ** 6)
            except RecursionError:
                pass
            else:
                assert False
        ''', "depth"),
    humaneval("s5-he-fraction-type-is", r'''
        from fractions import Fraction


        def harmonic(n):
            return sum(Fraction(1, k) for k in range(1, n + 1))
        ''', r'''
        from fractions import Fraction


        def check(candidate):
            h = candidate(4)
            assert type(h) is Fraction
            assert h == Fraction(25, 12)
            assert (h.numerator, h.denominator) == (25, 12)
            assert candidate(30).denominator == 2329089562800
        ''', "harmonic"),
    humaneval("s5-he-complex-nan-negzero-parts", r'''
        import cmath


        def roots(a, b, c):
            d = cmath.sqrt(b * b - 4 * a * c)
            return ((-b + d) / (2 * a), (-b - d) / (2 * a))
        ''', r'''
        import cmath


        def check(candidate):
            r1, r2 = candidate(1, 0, 1)
            assert type(r1) is complex
            assert cmath.isclose(r1, 1j) and cmath.isclose(r2, -1j)
            assert candidate(1, -3, 2) == (2 + 0j, 1 + 0j)
            assert candidate(1, 2, 1) == (-1 + 0j, -1 + 0j)
        ''', "roots"),
    humaneval("s5-he-frozenset-of-frozensets", r'''
        from itertools import combinations


        def pairs(xs):
            return frozenset(frozenset(p) for p in combinations(xs, 2))
        ''', r'''
        def check(candidate):
            r = candidate([1, 2, 3])
            assert isinstance(r, frozenset)
            assert r == {frozenset({1, 2}), frozenset({1, 3}), frozenset({2, 3})}
            assert frozenset({1, 2}) in r
            assert len(candidate(range(10))) == 45
        ''', "pairs"),
    humaneval("s5-he-bytes-bytearray-type-check", r'''
        def encode(s: str):
            raw = s.encode("utf-8")
            buf = bytearray(raw)
            buf.reverse()
            return raw, buf
        ''', r'''
        def check(candidate):
            raw, buf = candidate("héllo")
            assert type(raw) is bytes and type(buf) is bytearray
            assert raw == b"h\xc3\xa9llo"
            assert buf == bytearray(b"oll\xa9\xc3h")
            assert candidate("")[1] == bytearray()
        ''', "encode"),
    humaneval("s5-he-array-double-nan", r'''
        from array import array


        def safe_ratios(xs, ys):
            return array('d', [x / y if y else float('nan') for x, y in zip(xs, ys)])
        ''', r'''
        import math
        from array import array


        def check(candidate):
            a = candidate([1, 2, 3], [2, 0, 4])
            assert a.typecode == 'd' and len(a) == 3
            assert a[0] == 0.5 and math.isnan(a[1]) and a[2] == 0.75
            assert candidate([], []) == array('d')
        ''', "safe_ratios"),
    humaneval("s5-he-deque-rotate-maxlen-return", r'''
        from collections import deque


        def last_k(xs, k):
            d = deque(maxlen=k)
            for x in xs:
                d.append(x)
            d.rotate(1)
            return d
        ''', r'''
        from collections import deque


        def check(candidate):
            d = candidate(range(10), 3)
            assert d == deque([9, 7, 8])
            assert d.maxlen == 3
            assert list(candidate("abc", 5)) == ["c", "a", "b"]
        ''', "last_k"),
    humaneval("s5-he-heap-list-invariant", r'''
        import heapq


        def build_heap(xs):
            h = []
            for x in xs:
                heapq.heappush(h, x)
            return h
        ''', r'''
        import heapq


        def check(candidate):
            h = candidate([5, 3, 8, 1, 9, 2])
            assert all(h[i] <= h[c] for i in range(len(h)) for c in (2 * i + 1, 2 * i + 2) if c < len(h))
            assert [heapq.heappop(h) for _ in range(len(h))] == [1, 2, 3, 5, 8, 9]
            assert candidate([]) == []
        ''', "build_heap"),
    humaneval("s5-he-enum-by-value-and-name", r'''
        from enum import Enum


        class Light(Enum):
            RED = "stop"
            GREEN = "go"
            YELLOW = "slow"


        def next_light(light):
            order = [Light.GREEN, Light.YELLOW, Light.RED]
            return order[(order.index(light) + 1) % 3]
        ''', r'''
        def check(candidate):
            assert candidate(Light.GREEN) is Light.YELLOW
            assert candidate(Light("stop")) == Light.GREEN
            assert candidate(Light["YELLOW"]).value == "stop"
            assert candidate(candidate(candidate(Light.RED))) is Light.RED
            assert len(Light) == 3 and Light.RED in Light
        ''', "next_light"),
    humaneval("s5-he-namedtuple-defaults-and-replace", r'''
        from collections import namedtuple

        Point = namedtuple("Point", ["x", "y", "z"], defaults=[0])


        def midpoint(a, b):
            return Point((a.x + b.x) / 2, (a.y + b.y) / 2, (a.z + b.z) / 2)
        ''', r'''
        def check(candidate):
            m = candidate(Point(0, 0), Point(2, 4, 6))
            assert m == (1.0, 2.0, 3.0)
            assert m.y == 2.0 and m._replace(z=0) == Point(1.0, 2.0)
            assert m._asdict() == {"x": 1.0, "y": 2.0, "z": 3.0}
            assert isinstance(m, tuple)
        ''', "midpoint"),
    humaneval("s5-he-dataclass-field-default-factory", r'''
        from dataclasses import dataclass, field


        @dataclass
        class Inventory:
            items: dict = field(default_factory=dict)

            def add(self, name, n=1):
                self.items[name] = self.items.get(name, 0) + n
                return self

            def total(self):
                return sum(self.items.values())


        def make_inventory(pairs):
            inv = Inventory()
            for name, n in pairs:
                inv.add(name, n)
            return inv
        ''', r'''
        def check(candidate):
            inv = candidate([("apple", 2), ("pear", 1), ("apple", 3)])
            assert inv.items == {"apple": 5, "pear": 1}
            assert inv.total() == 6
            assert inv.add("kiwi").total() == 7
            assert candidate([]).items == {}
            assert inv == Inventory({"apple": 5, "pear": 1, "kiwi": 1})
        ''', "make_inventory"),
    humaneval("s5-he-operator-overloading-matrix", r'''
        class Matrix:
            def __init__(self, rows):
                self.rows = [list(r) for r in rows]

            def __matmul__(self, other):
                cols = list(zip(*other.rows))
                return Matrix([[sum(a * b for a, b in zip(r, c)) for c in cols] for r in self.rows])

            def __eq__(self, other):
                return isinstance(other, Matrix) and self.rows == other.rows

            def __pow__(self, n):
                result = Matrix([[int(i == j) for j in range(len(self.rows))] for i in range(len(self.rows))])
                for _ in range(n):
                    result = result @ self
                return result

            def __repr__(self):
                return f"Matrix({self.rows})"


        def fib_matrix(n):
            return Matrix([[1, 1], [1, 0]]) ** n
        ''', r'''
        def check(candidate):
            assert candidate(10).rows[0][1] == 55
            assert candidate(1) == Matrix([[1, 1], [1, 0]])
            assert candidate(2) @ candidate(3) == candidate(5)
            assert repr(candidate(0)) == "Matrix([[1, 0], [0, 1]])"
        ''', "fib_matrix"),
    humaneval("s5-he-class-hierarchy-isinstance-super", r'''
        class Shape:
            def area(self):
                raise NotImplementedError

            def describe(self):
                return f"{type(self).__name__} with area {self.area():.2f}"


        class Rect(Shape):
            def __init__(self, w, h):
                self.w, self.h = w, h

            def area(self):
                return self.w * self.h


        class Square(Rect):
            def __init__(self, s):
                super().__init__(s, s)


        def make(kind, *args):
            return {"rect": Rect, "square": Square}[kind](*args)
        ''', r'''
        def check(candidate):
            s = candidate("square", 3)
            assert isinstance(s, Square) and isinstance(s, Rect) and isinstance(s, Shape)
            assert not isinstance(candidate("rect", 1, 2), Square)
            assert s.describe() == "Square with area 9.00"
            try:
                Shape().area()
            except NotImplementedError:
                pass
            else:
                assert False
        ''', "make"),
    humaneval("s5-he-eq-and-hash-defined-used-in-dict", r'''
        class Card:
            def __init__(self, rank, suit):
                self.rank, self.suit = rank, suit

            def __eq__(self, other):
                return (self.rank, self.suit) == (other.rank, other.suit)

            def __hash__(self):
                return hash((self.rank, self.suit))

            def __lt__(self, other):
                return self.rank < other.rank


        def hand(spec):
            return [Card(int(s[:-1]), s[-1]) for s in spec.split()]
        ''', r'''
        def check(candidate):
            h = candidate("10H 2S 10H 7D")
            assert len(set(h)) == 3
            assert h[0] == h[2] and h[0] != h[1]
            assert [c.rank for c in sorted(h)] == [2, 7, 10, 10]
            counts = {}
            for c in h:
                counts[c] = counts.get(c, 0) + 1
            assert max(counts.values()) == 2
            assert Card(2, "S") in h
        ''', "hand"),
    humaneval("s5-he-lru-cache-across-asserts-info", r'''
        from functools import lru_cache


        @lru_cache(maxsize=None)
        def ways(n):
            if n < 0:
                return 0
            if n == 0:
                return 1
            return ways(n - 1) + ways(n - 2) + ways(n - 3)
        ''', r'''
        def check(candidate):
            assert candidate(4) == 7
            assert candidate(30) == 53798080
            before = candidate.cache_info().hits
            assert candidate(30) == 53798080
            assert candidate.cache_info().hits == before + 1
            candidate.cache_clear()
            assert candidate.cache_info().currsize == 0
            assert candidate(10) == 274
        ''', "ways"),
    humaneval("s5-he-global-mutated-by-function", r'''
        HISTORY = []
        TOTAL = 0


        def record(x):
            global TOTAL
            HISTORY.append(x)
            TOTAL += x
            return TOTAL
        ''', r'''
        def check(candidate):
            assert candidate(3) == 3
            assert candidate(4) == 7
            assert HISTORY == [3, 4]
            assert TOTAL == 7
            candidate(-7)
            assert TOTAL == 0 and len(HISTORY) == 3
        ''', "record"),
    humaneval("s5-he-sys-setrecursionlimit-in-body", r'''
        import sys
        sys.setrecursionlimit(20000)
        memo = {}
        if n in memo:
            return memo[n]
        if n <= 1:
            return n
        memo[n] = collatz_steps_like(n - 1) + 1
        return memo[n]
        ''', r'''
        def check(candidate):
            assert candidate(1) == 1
            assert candidate(5000) == 5000
        ''', "collatz_steps_like", prompt=r'''
        def collatz_steps_like(n: int) -> int:
            """Count down recursively."""
        ''', body=True),
    humaneval("s5-he-textwrap-fill-shorten", r'''
        import textwrap


        def format_paragraph(text, width):
            return textwrap.fill(textwrap.dedent(text).strip(), width=width), textwrap.shorten(text, width=20)
        ''', r'''
        def check(candidate):
            filled, short = candidate("""
                The quick brown fox jumps over the lazy dog.
            """, 15)
            assert filled == "The quick brown\nfox jumps over\nthe lazy dog."
            assert short == "The quick [...]"
            assert all(len(line) <= 15 for line in filled.splitlines())
        ''', "format_paragraph"),
    humaneval("s5-he-struct-unpack-floats", r'''
        import struct


        def pack_readings(readings):
            return struct.pack(f"<I{len(readings)}f", len(readings), *readings)


        def unpack_readings(blob):
            (n,) = struct.unpack_from("<I", blob)
            return list(struct.unpack_from(f"<{n}f", blob, 4))
        ''', r'''
        import math


        def check(candidate):
            blob = candidate([1.5, -2.25, 0.1])
            assert isinstance(blob, bytes) and len(blob) == 16
            assert blob[:4] == b"\x03\x00\x00\x00"
            back = unpack_readings(blob)
            assert back[:2] == [1.5, -2.25] and math.isclose(back[2], 0.1, rel_tol=1e-6)
        ''', "pack_readings"),
    humaneval("s5-he-statistics-module", r'''
        import statistics


        def summary(xs):
            return {
                "mean": statistics.fmean(xs),
                "median": statistics.median(xs),
                "mode": statistics.multimode(xs),
                "pstdev": statistics.pstdev(xs),
                "quantiles": statistics.quantiles(xs, n=4),
            }
        ''', r'''
        import math
        import statistics


        def check(candidate):
            s = candidate([1, 2, 2, 3, 4, 7, 9])
            assert math.isclose(s["mean"], 4.0)
            assert s["median"] == 3 and s["mode"] == [2]
            assert math.isclose(s["pstdev"], statistics.pstdev([1, 2, 2, 3, 4, 7, 9]))
            assert s["quantiles"] == [2.0, 3.0, 7.0]
            try:
                candidate([])
            except statistics.StatisticsError:
                pass
            else:
                assert False
        ''', "summary"),
    humaneval("s5-he-bisect-insort-key", r'''
        import bisect


        def schedule(events):
            out = []
            for start, name in events:
                bisect.insort(out, (start, name), key=lambda e: e[0])
            return out
        ''', r'''
        def check(candidate):
            assert candidate([(5, "e"), (1, "a"), (3, "c"), (1, "b")]) == [(1, "a"), (1, "b"), (3, "c"), (5, "e")]
            assert candidate([]) == []
        ''', "schedule"),
    humaneval("s5-he-string-template-and-capwords", r'''
        import string


        def greet(names, template="Hello, $name! You are #$rank."):
            t = string.Template(template)
            return [string.capwords(t.substitute(name=n, rank=i + 1)) for i, n in enumerate(names)]
        ''', r'''
        def check(candidate):
            assert candidate(["ann", "bob"]) == ["Hello, Ann! You Are #1.", "Hello, Bob! You Are #2."]
            assert candidate(["x"], "$name$name") == ["Xx"]
            try:
                candidate(["y"], "$missing")
            except KeyError as e:
                assert e.args == ("missing",)
            else:
                assert False
        ''', "greet"),
    humaneval("s5-he-itertools-objects-consumed", r'''
        import itertools


        def streams(xs):
            return (itertools.pairwise(xs), itertools.zip_longest(xs[::2], xs[1::2]),
                    itertools.compress(xs, [1, 0, 1]))
        ''', r'''
        def check(candidate):
            a, b, c = candidate([1, 2, 3, 4, 5])
            assert list(a) == [(1, 2), (2, 3), (3, 4), (4, 5)]
            assert list(b) == [(1, 2), (3, 4), (5, None)]
            assert list(c) == [1, 3]
            assert list(a) == []
        ''', "streams"),
    humaneval("s5-he-generator-send-running-average", r'''
        def averager():
            total = count = 0
            avg = None
            while True:
                x = yield avg
                total += x
                count += 1
                avg = total / count
        ''', r'''
        def check(candidate):
            g = candidate()
            assert next(g) is None
            assert g.send(10) == 10.0
            assert g.send(20) == 15.0
            assert g.send(0) == 10.0
        ''', "averager"),
    humaneval("s5-he-re-match-object-methods", r'''
        import re

        PATTERN = re.compile(r"(?P<user>[\w.]+)@(?P<host>[\w.]+)")


        def find_email(text):
            return PATTERN.search(text)
        ''', r'''
        def check(candidate):
            m = candidate("contact: jane.doe@example.com now")
            assert m is not None
            assert m.group("user") == "jane.doe" and m["host"] == "example.com"
            assert m.start() == 9 and m.end() == 29
            assert m.groupdict() == {"user": "jane.doe", "host": "example.com"}
            assert m.expand(r"\g<host>/\g<user>") == "example.com/jane.doe"
            assert candidate("no email") is None
        ''', "find_email"),
    humaneval("s5-he-print-in-function-return-checked", r'''
        def fizzbuzz(n):
            out = []
            for i in range(1, n + 1):
                s = "Fizz" * (i % 3 == 0) + "Buzz" * (i % 5 == 0) or str(i)
                print(s)
                out.append(s)
            return out
        ''', r'''
        def check(candidate):
            r = candidate(15)
            assert r[-1] == "FizzBuzz" and r[2] == "Fizz" and r[4] == "Buzz"
            assert len(candidate(3000)) == 3000
        ''', "fizzbuzz"),
    humaneval("s5-he-large-string-output", r'''
        def big_table(n):
            return "\n".join(",".join(str(i * j) for j in range(1, 11)) for i in range(1, n + 1))
        ''', r'''
        def check(candidate):
            t = candidate(50000)
            lines = t.split("\n")
            assert len(lines) == 50000
            assert lines[-1].split(",")[-1] == "500000"
            assert len(t) > 2_000_000
        ''', "big_table"),
    humaneval("s5-he-unicode-normalize-casefold", r'''
        import unicodedata


        def same_word(a, b):
            def norm(s):
                return unicodedata.normalize("NFKD", s).casefold()
            return norm(a) == norm(b)
        ''', r'''
        def check(candidate):
            assert candidate("Straße", "STRASSE") is True
            assert candidate("café", "cafe\u0301") is True
            assert candidate("ﬁne", "fine") is True
            assert candidate("Ω", "ω") is True
            assert candidate("a", "b") is False
        ''', "same_word"),
    humaneval("s5-he-sorted-result-and-set-equality", r'''
        def anagram_groups(words):
            groups = {}
            for w in words:
                groups.setdefault("".join(sorted(w)), []).append(w)
            return [g for g in groups.values() if len(g) > 1]
        ''', r'''
        def check(candidate):
            r = candidate(["listen", "silent", "enlist", "google", "gooegl", "cat"])
            assert sorted(sorted(g) for g in r) == [["enlist", "listen", "silent"], ["gooegl", "google"]]
            assert set(map(frozenset, r)) == {frozenset({"listen", "silent", "enlist"}),
                                         frozenset({"google", "gooegl"})}
            assert candidate([]) == []
        ''', "anagram_groups"),
    humaneval("s5-he-timedelta-total-and-date-math", r'''
        from datetime import date, timedelta


        def business_days(start: date, end: date) -> int:
            d, n = start, 0
            while d < end:
                if d.weekday() < 5:
                    n += 1
                d += timedelta(days=1)
            return n


        def deadline(start: date, days: int) -> date:
            d = start
            while days:
                d += timedelta(days=1)
                if d.weekday() < 5:
                    days -= 1
            return d
        ''', r'''
        from datetime import date


        def check(candidate):
            assert candidate(date(2024, 1, 1), date(2024, 1, 8)) == 5
            assert candidate(date(2024, 2, 26), date(2024, 3, 4)) == 5
            assert deadline(date(2024, 1, 5), 1) == date(2024, 1, 8)
            assert isinstance(deadline(date(2024, 1, 1), 10), date)
        ''', "business_days"),
    humaneval("s5-he-mutates-nested-dict-argument", r'''
        def deep_merge(dst, src):
            for k, v in src.items():
                if isinstance(v, dict) and isinstance(dst.get(k), dict):
                    deep_merge(dst[k], v)
                else:
                    dst[k] = v
            return dst
        ''', r'''
        def check(candidate):
            a = {"x": {"y": 1, "z": {"w": 2}}, "k": [1]}
            inner = a["x"]
            r = candidate(a, {"x": {"z": {"v": 3}}, "k": [2]})
            assert r is a
            assert a == {"x": {"y": 1, "z": {"w": 2, "v": 3}}, "k": [2]}
            assert a["x"] is inner
        ''', "deep_merge"),
    humaneval("s5-he-keyword-only-and-varkw", r'''
        def build_url(base, *parts, secure=True, **query):
            scheme = "https" if secure else "http"
            url = f"{scheme}://{base}/" + "/".join(parts)
            if query:
                url += "?" + "&".join(f"{k}={v}" for k, v in sorted(query.items()))
            return url
        ''', r'''
        def check(candidate):
            assert candidate("a.com") == "https://a.com/"
            assert candidate("a.com", "x", "y", secure=False) == "http://a.com/x/y"
            assert candidate("a.com", "s", q="1", a="b") == "https://a.com/s?a=b&q=1"
            assert candidate(*["b.org", "p"], **{"secure": True, "z": 0}) == "https://b.org/p?z=0"
        ''', "build_url"),
    humaneval("s5-he-math-isclose-many-floats", r'''
        import math


        def polygon_area(n, r):
            return 0.5 * n * r * r * math.sin(2 * math.pi / n)
        ''', r'''
        import math


        def check(candidate):
            for n in range(3, 200):
                assert math.isclose(candidate(n, 1.0), n / 2 * math.sin(2 * math.pi / n), rel_tol=1e-12)
            assert math.isclose(candidate(10 ** 6, 1.0), math.pi, rel_tol=1e-9)
            assert candidate(4, 0) == 0.0
        ''', "polygon_area"),
    humaneval("s5-he-numpy-scalar-types", r'''
        import numpy as np


        def stats(xs):
            a = np.array(xs, dtype=np.int32)
            return a.sum(), a.mean(), a.max() > 5, a.argmax()
        ''', r'''
        import numpy as np


        def check(candidate):
            s, m, big, i = candidate([1, 9, 2])
            assert s == 12 and isinstance(s, np.integer)
            assert m == 4.0 and isinstance(m, np.floating)
            assert big == True and isinstance(big, np.bool_)
            assert i == 1 and int(i) == 1
        ''', "stats"),
    humaneval("s5-he-class-returned-then-instantiated", r'''
        def make_counter_class(step):
            class Counter:
                def __init__(self, start=0):
                    self.value = start

                def tick(self):
                    self.value += step
                    return self.value
            return Counter
        ''', r'''
        def check(candidate):
            C = candidate(5)
            c = C(1)
            assert c.tick() == 6 and c.tick() == 11
            assert C().tick() == 5
            assert candidate(2)(10).tick() == 12
        ''', "make_counter_class"),
    humaneval("s5-he-generator-type-check", r'''
        def evens(n):
            yield from range(0, n, 2)
        ''', r'''
        import types


        def check(candidate):
            assert isinstance(candidate(4), types.GeneratorType)
        ''', "evens"),
    humaneval("s5-he-inspect-isgenerator", r'''
        def evens(n):
            yield from range(0, n, 2)
        ''', r'''
        import inspect


        def check(candidate):
            assert inspect.isgenerator(candidate(4))
        ''', "evens"),
    humaneval("s5-he-iter-of-generator-is-itself", r'''
        def evens(n):
            yield from range(0, n, 2)
        ''', r'''
        def check(candidate):
            g = candidate(4)
            assert iter(g) is g
        ''', "evens"),
    humaneval("s5-he-test-iterator-partially-consumed", r'''
        from itertools import islice


        def take(it, n):
            return list(islice(it, n))
        ''', r'''
        def check(candidate):
            it = iter(range(10))
            assert candidate(it, 3) == [0, 1, 2]
            assert next(it) == 3
        ''', "take"),
]

MBPP: list[Case] = [
    asserts("s5-mbpp-setup-import-fractions-used", r'''
        def egyptian(f):
            out = []
            while f.numerator:
                d = -(-f.denominator // f.numerator)
                out.append(Fraction(1, d))
                f -= Fraction(1, d)
            return out
        ''', ["assert egyptian(Fraction(4, 13)) == [Fraction(1, 4), Fraction(1, 18), Fraction(1, 468)]",
              "assert sum(egyptian(Fraction(5, 6))) == Fraction(5, 6)",
              "assert egyptian(Fraction(0, 1)) == []"], setup="from fractions import Fraction"),
    asserts("s5-mbpp-setup-data-and-import", r'''
        def top_students(records, k):
            return [name for name, _ in sorted(records.items(), key=lambda kv: (-kv[1], kv[0]))[:k]]
        ''', ["assert top_students(GRADES, 2) == ['eve', 'bob']",
              "assert top_students(GRADES, 10) == ['eve', 'bob', 'amy', 'dan']",
              "assert top_students({}, 3) == []"],
            setup="GRADES = {'amy': 81, 'bob': 92, 'dan': 67, 'eve': 95}"),
    asserts("s5-mbpp-decimal-round-half-up", r'''
        from decimal import Decimal, ROUND_HALF_UP


        def round_money(x):
            return Decimal(str(x)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        ''', ["assert round_money(2.675) == Decimal('2.68')", "assert str(round_money(1.005)) == '1.01'",
              "assert round_money(-0.125) == Decimal('-0.13')", "assert isinstance(round_money(3), Decimal)"],
            setup="from decimal import Decimal"),
    asserts("s5-mbpp-is-true-is-false-many", r'''
        def is_armstrong(n):
            digits = str(n)
            return sum(int(d) ** len(digits) for d in digits) == n
        ''', ["assert is_armstrong(153) is True",
              "assert is_armstrong(370) is True", "assert is_armstrong(10) is False",
              "assert is_armstrong(9474) is True", "assert is_armstrong(9475) is False",
              "assert [n for n in range(1000) if is_armstrong(n)] == "
               "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 153, 370, 371, 407]"]),
    asserts("s5-mbpp-set-equality-of-result", r'''
        def common_chars(a, b):
            return set(a) & set(b)
        ''', ["assert common_chars('hello', 'world') == {'l', 'o'}", "assert common_chars('abc', 'xyz') == set()",
              "assert sorted(common_chars('python', 'typhoon')) == ['h', 'n', 'o', 'p', 't', 'y']"]),
    asserts("s5-mbpp-tuple-of-mixed-results", r'''
        def min_max_avg(xs):
            return (min(xs), max(xs), sum(xs) / len(xs))
        ''', ["assert min_max_avg([1, 2, 3, 4]) == (1, 4, 2.5)", "assert min_max_avg([7]) == (7, 7, 7.0)",
              "assert min_max_avg([-1.5, 1.5]) == (-1.5, 1.5, 0.0)"]),
    asserts("s5-mbpp-exception-assert-raises-helper", r'''
        def safe_div(a, b):
            if b == 0:
                raise ValueError("b must not be zero")
            return a // b
        ''', ["assert safe_div(7, 2) == 3",
              "try:\n    safe_div(1, 0)\n    raised = False\n"
               "except ValueError as e:\n    raised = str(e) == 'b must not be zero'\nassert raised",
              "assert safe_div(-7, 2) == -4"]),
    asserts("s5-mbpp-print-in-function-ignored", r'''
        def count_vowels(s):
            n = sum(ch in "aeiouAEIOU" for ch in s)
            print(f"{s!r} has {n} vowels")
            return n
        ''', ["assert count_vowels('Programming') == 3", "assert count_vowels('') == 0",
              "assert count_vowels('AEIOU' * 1000) == 5000"]),
    asserts("s5-mbpp-global-counter-across-asserts", r'''
        _calls = 0


        def next_id():
            global _calls
            _calls += 1
            return f"id{_calls:03d}"
        ''', ["assert next_id() == 'id001'", "assert next_id() == 'id002'", "assert _calls == 2",
              "assert [next_id() for _ in range(3)] == ['id003', 'id004', 'id005']"]),
    asserts("s5-mbpp-lru-cache-across-asserts", r'''
        from functools import lru_cache


        @lru_cache(maxsize=None)
        def partitions(n, k=None):
            if k is None:
                k = n
            if n == 0:
                return 1
            if n < 0 or k == 0:
                return 0
            return partitions(n - k, k) + partitions(n, k - 1)
        ''', ["assert partitions(5) == 7", "assert partitions(50) == 204226", "assert partitions(100) == 190569292",
              "assert partitions.cache_info().currsize > 100"]),
    asserts("s5-mbpp-deque-return-compare", r'''
        from collections import deque


        def rotate_left(xs, k):
            d = deque(xs)
            d.rotate(-k)
            return d
        ''', ["assert rotate_left([1, 2, 3, 4, 5], 2) == deque([3, 4, 5, 1, 2])",
              "assert list(rotate_left('abc', 4)) == ['b', 'c', 'a']", "assert rotate_left([], 3) == deque()"],
            setup="from collections import deque"),
    asserts("s5-mbpp-heapq-nlargest-tuples", r'''
        import heapq


        def expensive(items, n):
            return heapq.nlargest(n, items, key=lambda s: s['price'])
        ''', ["assert expensive([{'name': 'a', 'price': 1}, "
               "{'name': 'b', 'price': 5}, {'name': 'c', 'price': 3}], 2) == "
              "[{'name': 'b', 'price': 5}, {'name': 'c', 'price': 3}]",
              "assert expensive([], 1) == []"]),
    asserts("s5-mbpp-bytes-and-hex", r'''
        def xor_cipher(data: bytes, key: int) -> bytes:
            return bytes(b ^ key for b in data)
        ''', ["assert xor_cipher(b'abc', 1) == b'`cb'", "assert xor_cipher(xor_cipher(b'secret', 42), 42) == b'secret'",
              "assert xor_cipher(b'\\x00\\xff', 255).hex() == 'ff00'", "assert isinstance(xor_cipher(b'', 3), bytes)"]),
    asserts("s5-mbpp-complex-numbers", r'''
        import cmath


        def to_polar_deg(z):
            r, phi = cmath.polar(z)
            return round(r, 6), round(phi * 180 / cmath.pi, 6)
        ''', ["assert to_polar_deg(1 + 1j) == (1.414214, 45.0)", "assert to_polar_deg(-1) == (1.0, 180.0)",
              "assert to_polar_deg(complex(0, -2)) == (2.0, -90.0)"]),
    asserts("s5-mbpp-datetime-parse-return", r'''
        from datetime import datetime


        def parse_ts(s):
            return datetime.strptime(s, "%Y-%m-%d %H:%M:%S")
        ''', ["assert parse_ts('2021-07-04 12:30:00') == datetime(2021, 7, 4, 12, 30)",
              "assert parse_ts('2000-02-29 00:00:01').timestamp() - parse_ts('2000-02-29 00:00:00').timestamp() == 1",
              "assert parse_ts('1999-12-31 23:59:59').strftime('%j') == '365'"], setup="from datetime import datetime"),
    asserts("s5-mbpp-namedtuple-result-fields", r'''
        from typing import NamedTuple


        class Stats(NamedTuple):
            count: int
            total: float
            mean: float


        def describe(xs):
            return Stats(len(xs), float(sum(xs)), sum(xs) / len(xs) if xs else 0.0)
        ''', ["assert describe([1, 2, 3]) == (3, 6.0, 2.0)", "assert describe([1, 2, 3]).mean == 2.0",
              "assert describe([])._fields == ('count', 'total', 'mean')", "assert describe([4]).count == 1"]),
    asserts("s5-mbpp-enum-returned-compared", r'''
        from enum import Enum, auto


        class Triangle(Enum):
            EQUILATERAL = auto()
            ISOSCELES = auto()
            SCALENE = auto()


        def classify(a, b, c):
            if a == b == c:
                return Triangle.EQUILATERAL
            if a == b or b == c or a == c:
                return Triangle.ISOSCELES
            return Triangle.SCALENE
        ''', ["assert classify(2, 2, 2) == Triangle.EQUILATERAL", "assert classify(2, 3, 2) is Triangle.ISOSCELES",
              "assert classify(3, 4, 5).name == 'SCALENE'", "assert classify(1, 1, 1).value == 1"]),
    asserts("s5-mbpp-class-with-operator-overloads", r'''
        class Money:
            def __init__(self, cents):
                self.cents = cents

            def __add__(self, other):
                return Money(self.cents + other.cents)

            def __eq__(self, other):
                return isinstance(other, Money) and self.cents == other.cents

            def __str__(self):
                return f"${self.cents // 100}.{self.cents % 100:02d}"


        def total(amounts):
            t = Money(0)
            for a in amounts:
                t = t + Money(a)
            return t
        ''', ["assert str(total([150, 275])) == '$4.25'", "assert total([1, 2]) == Money(3)",
              "assert total([]) == Money(0)", "assert str(total([5]) + total([10])) == '$0.15'"]),
    asserts("s5-mbpp-recursion-deep-with-limit", r'''
        import sys
        sys.setrecursionlimit(10 ** 5)


        def sum_digits_rec(n):
            return 0 if n == 0 else n % 10 + sum_digits_rec(n // 10)


        def count_down(n):
            return [] if n == 0 else [n] + count_down(n - 1)
        ''', ["assert sum_digits_rec(10 ** 3000 - 1) == 27000", "assert len(count_down(3000)) == 3000",
              "assert count_down(3) == [3, 2, 1]"]),
    asserts("s5-mbpp-bisect-grade-table", r'''
        import bisect


        def grade(score, breakpoints=(60, 70, 80, 90), grades="FDCBA"):
            return grades[bisect.bisect(breakpoints, score)]
        ''', ["assert [grade(s) for s in [33, 99, 77, 70, 89, 90, 100]] == ['F', 'A', 'C', 'C', 'B', 'A', 'A']",
              "assert grade(59.999) == 'F'"]),
    asserts("s5-mbpp-regex-named-groups-dict", r'''
        import re


        def parse_kv(s):
            return {m['k']: int(m['v']) for m in re.finditer(r'(?P<k>\w+)=(?P<v>-?\d+)', s)}
        ''', ["assert parse_kv('a=1, b=-2,c=30') == {'a': 1, 'b': -2, 'c': 30}", "assert parse_kv('') == {}",
              "assert list(parse_kv('z=1 y=2')) == ['z', 'y']"]),
    asserts("s5-mbpp-math-isclose-in-asserts", r'''
        import math


        def sphere_volume(r):
            return 4 / 3 * math.pi * r ** 3
        ''', ["assert math.isclose(sphere_volume(10), 4188.790204786391, rel_tol=0.001)",
              "assert math.isclose(sphere_volume(25), 65449.84694978735, rel_tol=0.001)",
              "assert math.isclose(sphere_volume(20), 33510.32163829113, rel_tol=0.001)"]),
    asserts("s5-mbpp-test-imports-itertools", r'''
        def all_subsets(xs):
            out = [[]]
            for x in xs:
                out += [s + [x] for s in out]
            return out
        ''', ["assert sorted(map(sorted, all_subsets([1, 2, 3]))) == sorted(map(sorted, chain.from_iterable("
              "combinations([1, 2, 3], r) for r in range(4))))", "assert len(all_subsets(range(10))) == 1024"],
            setup="from itertools import chain, combinations"),
    asserts("s5-mbpp-string-module-constants", r'''
        import string


        def caesar(s, k):
            lower, upper = string.ascii_lowercase, string.ascii_uppercase
            table = str.maketrans(lower + upper, lower[k:] + lower[:k] + upper[k:] + upper[:k])
            return s.translate(table)
        ''', ["assert caesar('Hello, World!', 3) == 'Khoor, Zruog!'",
              "assert caesar(caesar('abcXYZ', 5), 21) == 'abcXYZ'",
              "assert caesar('', 1) == ''"]),
    asserts("s5-mbpp-counter-subtract-and-elements", r'''
        from collections import Counter


        def can_build(note, magazine):
            need = Counter(note)
            need.subtract(Counter(magazine))
            return sorted((+need).elements())
        ''', ["assert can_build('aab', 'ab') == ['a']", "assert can_build('abc', 'cbaa') == []",
              "assert can_build('zzz', '') == ['z', 'z', 'z']"]),
    asserts("s5-mbpp-generator-return-listed", r'''
        def primes_upto(n):
            sieve = [True] * (n + 1)
            for i in range(2, n + 1):
                if sieve[i]:
                    yield i
                    for j in range(i * i, n + 1, i):
                        sieve[j] = False
        ''', ["assert list(primes_upto(30)) == [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]",
              "assert sum(primes_upto(100000)) == 454396537", "assert next(primes_upto(10)) == 2"]),
    asserts("s5-mbpp-array-module-return", r'''
        from array import array


        def squares_array(n):
            return array('l', (i * i for i in range(n)))
        ''', ["assert squares_array(5) == array('l', [0, 1, 4, 9, 16])", "assert squares_array(5).tolist()[-1] == 16",
              "assert squares_array(0).typecode == 'l'"], setup="from array import array"),
    asserts("s5-mbpp-unicode-reverse-words", r'''
        def reverse_words(s):
            return " ".join(reversed(s.split()))
        ''', ["assert reverse_words('héllo wörld ☃') == '☃ wörld héllo'",
              "assert reverse_words('日本 語') == '語 日本'",
              "assert reverse_words('  a  b ') == 'b a'"]),
    asserts("s5-mbpp-nested-list-mutated-in-place", r'''
        def transpose_in_place(m):
            n = len(m)
            for i in range(n):
                for j in range(i + 1, n):
                    m[i][j], m[j][i] = m[j][i], m[i][j]
        ''', ["m = [[1, 2], [3, 4]]\ntranspose_in_place(m)\nassert m == [[1, 3], [2, 4]]",
              "m = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]\nrow0 = m[0]\nassert transpose_in_place(m) is None\n"
              "assert row0 is m[0] and row0 == [1, 4, 7]"]),
    asserts("s5-mbpp-float-formatting-result", r'''
        def as_percent(part, whole):
            return f"{part / whole:.1%}"
        ''', ["assert as_percent(1, 3) == '33.3%'", "assert as_percent(2, 2) == '100.0%'",
              "assert as_percent(0, 5) == '0.0%'"]),
    asserts("s5-mbpp-itertools-groupby-return-lists", r'''
        from itertools import groupby


        def run_lengths(s):
            return [(k, len(list(g))) for k, g in groupby(s)]
        ''', ["assert run_lengths('aaabccdddd') == [('a', 3), ('b', 1), ('c', 2), ('d', 4)]",
              "assert run_lengths('') == []", "assert run_lengths([1, 1, 2]) == [(1, 2), (2, 1)]"]),
    asserts("s5-mbpp-dataclass-order-sorted", r'''
        from dataclasses import dataclass


        @dataclass(order=True, frozen=True)
        class Version:
            major: int
            minor: int = 0
            patch: int = 0


        def parse_version(s):
            return Version(*map(int, s.split(".")))
        ''', ["assert parse_version('1.2.3') == Version(1, 2, 3)",
              "assert parse_version('1.10') > parse_version('1.9')",
              "assert sorted(map(parse_version, ['2.0', '1.0.1', '1'])) == [Version(1), Version(1, 0, 1), Version(2)]",
              "assert len({parse_version('1.0'), parse_version('1.0.0')}) == 1"]),
    asserts("s5-mbpp-sum-of-big-inputs", r'''
        def max_subarray(xs):
            best = cur = xs[0]
            for x in xs[1:]:
                cur = max(x, cur + x)
                best = max(best, cur)
            return best
        ''', ["assert max_subarray([-2, 1, -3, 4, -1, 2, 1, -5, 4]) == 6",
              "assert max_subarray(list(range(-50000, 50000))) == sum(range(1, 50000))",
              "assert max_subarray([-3, -1, -2]) == -1"]),
    asserts("s5-mbpp-ordered-dict-popitem", r'''
        from collections import OrderedDict


        def dedupe_keep_last(pairs):
            od = OrderedDict()
            for k, v in pairs:
                od.pop(k, None)
                od[k] = v
            return od
        ''', ["assert list(dedupe_keep_last([('a', 1), ('b', 2), ('a', 3)]).items()) == [('b', 2), ('a', 3)]",
              "assert dedupe_keep_last([]) == OrderedDict()",
              "assert dedupe_keep_last([('x', 1)]).popitem() == ('x', 1)"],
            setup="from collections import OrderedDict"),
    asserts("s5-mbpp-statement-test-with-loop", r'''
        def is_palindrome(s):
            t = [c.lower() for c in s if c.isalnum()]
            return t == t[::-1]
        ''', ["for s in ['A man, a plan, a canal: Panama', 'racecar', '', 'No lemon, no melon']:\n"
               "    assert is_palindrome(s), s",
              "for s in ['hello', 'ab']:\n    assert not is_palindrome(s), s"]),
]

LEETCODE: list[Case] = [
    lc("s5-lcd-returned-input-node-identity", r'''
        class Solution:
            def getIntersectionNode(self, headA: ListNode, headB: ListNode) -> Optional[ListNode]:
                a, b = headA, headB
                while a is not b:
                    a = a.next if a else headB
                    b = b.next if b else headA
                return a
        ''', "getIntersectionNode", r'''
        def check(candidate):
            common = list_node([8, 4, 5])
            a = ListNode(4, ListNode(1, common))
            b = ListNode(5, ListNode(6, ListNode(1, common)))
            assert candidate(a, b) is common
        '''),
    lc("s5-lcd-returned-input-root-identity", r'''
        class Solution:
            def trimBST(self, root: Optional[TreeNode], low: int, high: int) -> Optional[TreeNode]:
                if root is None:
                    return None
                if root.val < low:
                    return self.trimBST(root.right, low, high)
                if root.val > high:
                    return self.trimBST(root.left, low, high)
                root.left = self.trimBST(root.left, low, high)
                root.right = self.trimBST(root.right, low, high)
                return root
        ''', "trimBST", r'''
        def check(candidate):
            root = tree_node([3, 0, 4, None, 2, None, None, 1])
            kept = root.left.right
            trimmed = candidate(root=root, low=1, high=3)
            assert trimmed is root and trimmed.left is kept and root.left.val == 2
            assert is_same_tree(trimmed, tree_node([3, 2, None, 1]))
        '''),
    lc("s5-lcd-reorder-list-in-place", r'''
        class Solution:
            def reorderList(self, head: Optional[ListNode]) -> None:
                nodes = []
                while head:
                    nodes.append(head)
                    head = head.next
                i, j = 0, len(nodes) - 1
                while i < j:
                    nodes[i].next = nodes[j]
                    i += 1
                    if i == j:
                        break
                    nodes[j].next = nodes[i]
                    j -= 1
                if nodes:
                    nodes[i].next = None
        ''', "reorderList", r'''
        def check(candidate):
            head = list_node([1, 2, 3, 4, 5])
            assert candidate(head) is None
            assert is_same_list(head, list_node([1, 5, 2, 4, 3]))
            head = list_node([1, 2, 3, 4])
            candidate(head)
            out = []
            while head:
                out.append(head.val)
                head = head.next
            assert out == [1, 4, 2, 3]
        '''),
    lc("s5-lcd-delete-node-given-only-node", r'''
        class Solution:
            def deleteNode(self, node):
                node.val = node.next.val
                node.next = node.next.next
        ''', "deleteNode", r'''
        def check(candidate):
            head = list_node([4, 5, 1, 9])
            candidate(head.next)
            assert is_same_list(head, list_node([4, 1, 9]))
            head = list_node([0, 1])
            candidate(head)
            assert head.val == 1 and head.next is None
        '''),
    lc("s5-lcd-sorted-array-to-bst-returned", r'''
        class Solution:
            def sortedArrayToBST(self, nums: List[int]) -> Optional[TreeNode]:
                def build(lo, hi):
                    if lo > hi:
                        return None
                    mid = (lo + hi) // 2
                    return TreeNode(nums[mid], build(lo, mid - 1), build(mid + 1, hi))
                return build(0, len(nums) - 1)
        ''', "sortedArrayToBST", r'''
        def check(candidate):
            def inorder(t):
                return inorder(t.left) + [t.val] + inorder(t.right) if t else []

            def height(t):
                return 1 + max(height(t.left), height(t.right)) if t else 0

            root = candidate(nums=[-10, -3, 0, 5, 9])
            assert inorder(root) == [-10, -3, 0, 5, 9]
            assert height(root) == 3
            assert candidate(nums=[]) is None
            assert is_same_tree(candidate(nums=[1, 2, 3]), tree_node([2, 1, 3]))
        '''),
    lc("s5-lcd-invert-tree-in-place-and-return", r'''
        class Solution:
            def invertTree(self, root: Optional[TreeNode]) -> Optional[TreeNode]:
                stack = [root]
                while stack:
                    node = stack.pop()
                    if node:
                        node.left, node.right = node.right, node.left
                        stack += [node.left, node.right]
                return root
        ''', "invertTree", r'''
        def check(candidate):
            root = tree_node([4, 2, 7, 1, 3, 6, 9])
            out = candidate(root)
            assert is_same_tree(root, tree_node([4, 7, 2, 9, 6, 3, 1]))
            assert is_same_tree(out, tree_node([4, 7, 2, 9, 6, 3, 1]))
            assert candidate(None) is None
        '''),
    lc("s5-lcd-connect-next-pointers", r'''
        class Node:
            def __init__(self, val=0, left=None, right=None, next=None):
                self.val, self.left, self.right, self.next = val, left, right, next


        class Solution:
            def connect(self, root):
                level = [root] if root else []
                while level:
                    for a, b in zip(level, level[1:] + [None]):
                        a.next = b
                    level = [c for n in level for c in (n.left, n.right) if c]
                return root
        ''', "connect", r'''
        def check(candidate):
            leaves = [Node(4), Node(5), Node(6), Node(7)]
            root = Node(1, Node(2, leaves[0], leaves[1]), Node(3, leaves[2], leaves[3]))
            r = candidate(root)
            assert r.left.next.val == 3 and r.left.next is r.right
            assert [n.next.val if n.next else None for n in leaves] == [5, 6, 7, None]
            assert root.next is None
        '''),
    lc("s5-lcd-in-place-wiggle-sort", r'''
        class Solution:
            def wiggleSort(self, nums: List[int]) -> None:
                s = sorted(nums)
                half = (len(nums) + 1) // 2
                nums[::2], nums[1::2] = s[:half][::-1], s[half:][::-1]
        ''', "wiggleSort", r'''
        def check(candidate):
            for arr in ([1, 5, 1, 1, 6, 4], [1, 3, 2, 2, 3, 1], [4, 5, 5, 6]):
                nums = list(arr)
                alias = nums
                candidate(nums)
                assert alias is nums and sorted(nums) == sorted(arr)
                assert all((nums[i] < nums[i + 1]) if i % 2 == 0
                           else (nums[i] > nums[i + 1]) for i in range(len(nums) - 1))
        '''),
    lc("s5-lcd-solve-sudoku-in-place", r'''
        class Solution:
            def solveSudoku(self, board: List[List[str]]) -> None:
                rows = [set() for _ in range(9)]
                cols = [set() for _ in range(9)]
                boxes = [set() for _ in range(9)]
                empty = []
                for i in range(9):
                    for j in range(9):
                        c = board[i][j]
                        if c == ".":
                            empty.append((i, j))
                        else:
                            rows[i].add(c); cols[j].add(c); boxes[i // 3 * 3 + j // 3].add(c)

                def solve(k):
                    if k == len(empty):
                        return True
                    i, j = empty[k]
                    b = i // 3 * 3 + j // 3
                    for c in "123456789":
                        if c not in rows[i] and c not in cols[j] and c not in boxes[b]:
                            board[i][j] = c
                            rows[i].add(c); cols[j].add(c); boxes[b].add(c)
                            if solve(k + 1):
                                return True
                            rows[i].remove(c); cols[j].remove(c); boxes[b].remove(c)
                    board[i][j] = "."
                    return False
                solve(0)
        ''', "solveSudoku", r'''
        def check(candidate):
            rows = ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1", "7...2...6", ".6....28.",
                    "...419..5", "....8..79"]
            board = [list(r) for r in rows]
            first = board[0]
            candidate(board)
            assert first is board[0]
            assert ["".join(r) for r in board] == ["534678912", "672195348", "198342567", "859761423", "426853791",
                                                   "713924856", "961537284", "287419635", "345286179"]
        '''),
    lc("s5-lcd-kth-smallest-matrix-heap", r'''
        class Solution:
            def kthSmallest(self, matrix: List[List[int]], k: int) -> int:
                h = [(row[0], i, 0) for i, row in enumerate(matrix)]
                heapify(h)
                for _ in range(k - 1):
                    v, i, j = heappop(h)
                    if j + 1 < len(matrix[i]):
                        heappush(h, (matrix[i][j + 1], i, j + 1))
                return h[0][0]
        ''', "kthSmallest", r'''
        def check(candidate):
            assert candidate(matrix=[[1, 5, 9], [10, 11, 13], [12, 13, 15]], k=8) == 13
            assert candidate(matrix=[[-5]], k=1) == -5
            big = [[i * 100 + j for j in range(100)] for i in range(100)]
            assert candidate(matrix=big, k=5000) == 4999
        '''),
    lc("s5-lcd-float-answer-median-two-arrays", r'''
        class Solution:
            def findMedianSortedArrays(self, nums1: List[int], nums2: List[int]) -> float:
                a, b = (nums1, nums2) if len(nums1) <= len(nums2) else (nums2, nums1)
                m, n = len(a), len(b)
                lo, hi = 0, m
                while True:
                    i = (lo + hi) // 2
                    j = (m + n + 1) // 2 - i
                    al = a[i - 1] if i else -inf
                    ar = a[i] if i < m else inf
                    bl = b[j - 1] if j else -inf
                    br = b[j] if j < n else inf
                    if al <= br and bl <= ar:
                        if (m + n) % 2:
                            return float(max(al, bl))
                        return (max(al, bl) + min(ar, br)) / 2
                    if al > br:
                        hi = i - 1
                    else:
                        lo = i + 1
        ''', "findMedianSortedArrays", r'''
        def check(candidate):
            assert candidate(nums1=[1, 3], nums2=[2]) == 2.0
            assert candidate(nums1=[1, 2], nums2=[3, 4]) == 2.5
            assert isinstance(candidate(nums1=[], nums2=[1]), float)
            assert abs(candidate(nums1=list(range(0, 10 ** 5, 2)), nums2=list(range(1, 10 ** 5, 2))) - 49999.5) < 1e-9
        '''),
    lc("s5-lcd-word-ladder-bfs-sets", r'''
        class Solution:
            def ladderLength(self, beginWord: str, endWord: str, wordList: List[str]) -> int:
                words = set(wordList)
                if endWord not in words:
                    return 0
                front, back, steps = {beginWord}, {endWord}, 1
                while front and back:
                    if len(front) > len(back):
                        front, back = back, front
                    nxt = set()
                    for w in front:
                        for i in range(len(w)):
                            for c in string.ascii_lowercase:
                                cand = w[:i] + c + w[i + 1:]
                                if cand in back:
                                    return steps + 1
                                if cand in words:
                                    nxt.add(cand)
                                    words.discard(cand)
                    front = nxt
                    steps += 1
                return 0
        ''', "ladderLength", r'''
        def check(candidate):
            assert candidate(beginWord="hit", endWord="cog", wordList=["hot", "dot", "dog", "lot", "log", "cog"]) == 5
            assert candidate(beginWord="hit", endWord="cog", wordList=["hot", "dot", "dog", "lot", "log"]) == 0
        '''),
    lc("s5-lcd-result-order-free-sorted-by-test", r'''
        class Solution:
            def subsetsWithDup(self, nums: List[int]) -> List[List[int]]:
                nums.sort()
                res = []

                def bt(start, path):
                    res.append(path[:])
                    for i in range(start, len(nums)):
                        if i > start and nums[i] == nums[i - 1]:
                            continue
                        path.append(nums[i])
                        bt(i + 1, path)
                        path.pop()
                bt(0, [])
                return res
        ''', "subsetsWithDup", r'''
        def check(candidate):
            assert sorted(candidate(nums=[1, 2, 2])) == sorted([[], [1], [1, 2], [1, 2, 2], [2], [2, 2]])
            assert sorted(map(tuple, candidate(nums=[0]))) == [(), (0,)]
            assert len(candidate(nums=list(range(12)))) == 4096
        '''),
    lc("s5-lcd-bigint-string-answer", r'''
        class Solution:
            def addStrings(self, num1: str, num2: str) -> str:
                i, j, carry, out = len(num1) - 1, len(num2) - 1, 0, []
                while i >= 0 or j >= 0 or carry:
                    d = carry
                    if i >= 0:
                        d += ord(num1[i]) - 48
                        i -= 1
                    if j >= 0:
                        d += ord(num2[j]) - 48
                        j -= 1
                    carry, d = divmod(d, 10)
                    out.append(chr(48 + d))
                return "".join(reversed(out))
        ''', "addStrings", r'''
        def check(candidate):
            assert candidate(num1="11", num2="123") == "134"
            assert candidate(num1="0", num2="0") == "0"
            a, b = "9" * 5000, "1"
            assert candidate(num1=a, num2=b) == "1" + "0" * 5000
            assert int(candidate(num1=str(3 ** 4000), num2=str(7 ** 3000))) == 3 ** 4000 + 7 ** 3000
        '''),
    lc("s5-lcd-design-called-op-by-op", r'''
        class MedianFinder:
            def __init__(self):
                self.lo = []
                self.hi = []

            def addNum(self, num: int) -> None:
                heapq.heappush(self.lo, -num)
                heapq.heappush(self.hi, -heapq.heappop(self.lo))
                if len(self.hi) > len(self.lo):
                    heapq.heappush(self.lo, -heapq.heappop(self.hi))

            def findMedian(self) -> float:
                if len(self.lo) > len(self.hi):
                    return float(-self.lo[0])
                return (self.hi[0] - self.lo[0]) / 2


        class Solution:
            def run(self, ops, args):
                out = []
                obj = None
                for op, a in zip(ops, args):
                    if op == "MedianFinder":
                        obj = MedianFinder()
                        out.append(None)
                    else:
                        out.append(getattr(obj, op)(*a))
                return out
        ''', "run", r'''
        def check(candidate):
            ops = ["MedianFinder", "addNum", "addNum", "findMedian", "addNum", "findMedian"]
            assert candidate(ops, [[], [1], [2], [], [3], []]) == [None, None, None, 1.5, None, 2.0]
            mf = MedianFinder()
            for x in [5, 15, 1, 3]:
                mf.addNum(x)
            assert mf.findMedian() == 4.0
            mf.addNum(8)
            assert mf.findMedian() == 5.0
        '''),
    lc("s5-lcd-in-place-move-zeroes-aliases", r'''
        class Solution:
            def moveZeroes(self, nums: List[int]) -> None:
                w = 0
                for x in nums:
                    if x:
                        nums[w] = x
                        w += 1
                nums[w:] = [0] * (len(nums) - w)
        ''', "moveZeroes", r'''
        def check(candidate):
            nums = [0, 1, 0, 3, 12]
            ref = nums
            assert candidate(nums) is None
            assert ref == [1, 3, 12, 0, 0]
            nums = [0] * 1000 + [1]
            candidate(nums)
            assert nums[0] == 1 and sum(nums) == 1 and len(nums) == 1001
        '''),
    lc("s5-lcd-memo-lru-cache-inside-method", r'''
        class Solution:
            def numDecodings(self, s: str) -> int:
                @lru_cache(None)
                def dp(i):
                    if i == len(s):
                        return 1
                    if s[i] == "0":
                        return 0
                    res = dp(i + 1)
                    if i + 1 < len(s) and 10 <= int(s[i:i + 2]) <= 26:
                        res += dp(i + 2)
                    return res
                return dp(0)
        ''', "numDecodings", r'''
        def check(candidate):
            assert candidate(s="12") == 2
            assert candidate(s="226") == 3
            assert candidate(s="06") == 0
            assert candidate(s="1" * 40) == 165580141
        '''),
    lc("s5-lcd-intervals-tuple-sort-output", r'''
        class Solution:
            def merge(self, intervals: List[List[int]]) -> List[List[int]]:
                out = []
                for s, e in sorted(intervals):
                    if out and s <= out[-1][1]:
                        out[-1][1] = max(out[-1][1], e)
                    else:
                        out.append([s, e])
                return out
        ''', "merge", r'''
        def check(candidate):
            assert candidate(intervals=[[1, 3], [2, 6], [8, 10], [15, 18]]) == [[1, 6], [8, 10], [15, 18]]
            assert candidate(intervals=[[1, 4], [4, 5]]) == [[1, 5]]
            assert candidate(intervals=[[i, i + 1] for i in range(0, 20000, 2)])[-1] == [19998, 19999]
        '''),
    lc("s5-lcd-no-prompt-own-listnode", r'''
        from typing import Optional


        class ListNode:
            def __init__(self, val=0, next=None):
                self.val = val
                self.next = next


        class Solution:
            def removeNthFromEnd(self, head: Optional[ListNode], n: int) -> Optional[ListNode]:
                dummy = ListNode(0, head)
                fast = slow = dummy
                for _ in range(n + 1):
                    fast = fast.next
                while fast:
                    fast, slow = fast.next, slow.next
                slow.next = slow.next.next
                return dummy.next
        ''', "removeNthFromEnd", r'''
        def build(vals):
            head = None
            for v in reversed(vals):
                head = ListNode(v, head)
            return head


        def to_list(node):
            out = []
            while node:
                out.append(node.val)
                node = node.next
            return out


        def check(candidate):
            assert to_list(candidate(build([1, 2, 3, 4, 5]), 2)) == [1, 2, 3, 5]
            assert to_list(candidate(build([1]), 1)) == []
            assert to_list(candidate(build([1, 2]), 1)) == [1]
        ''', prompt=""),
    lc("s5-lcd-bit-tricks-negative", r'''
        class Solution:
            def getSum(self, a: int, b: int) -> int:
                mask = 0xFFFFFFFF
                while b & mask:
                    a, b = a ^ b, (a & b) << 1
                return (a & mask) if b > 0 else a
        ''', "getSum", r'''
        def check(candidate):
            assert candidate(a=1, b=2) == 3
            assert candidate(a=-1, b=1) == 0
            assert candidate(a=-12, b=-8) == -20
            for a in range(-20, 21, 7):
                for b in range(-20, 21, 3):
                    assert candidate(a=a, b=b) == a + b
        '''),
    lc("s5-lcd-trie-design-in-test", r'''
        class Trie:
            def __init__(self):
                self.root = {}

            def insert(self, word: str) -> None:
                node = self.root
                for ch in word:
                    node = node.setdefault(ch, {})
                node["$"] = True

            def search(self, word: str) -> bool:
                node = self._walk(word)
                return node is not None and "$" in node

            def startsWith(self, prefix: str) -> bool:
                return self._walk(prefix) is not None

            def _walk(self, s):
                node = self.root
                for ch in s:
                    if ch not in node:
                        return None
                    node = node[ch]
                return node


        class Solution:
            def longestWord(self, words: List[str]) -> str:
                t = Trie()
                for w in words:
                    t.insert(w)
                best = ""
                for w in words:
                    if all(t.search(w[:i]) for i in range(1, len(w) + 1)):
                        if len(w) > len(best) or (len(w) == len(best) and w < best):
                            best = w
                return best
        ''', "longestWord", r'''
        def check(candidate):
            assert candidate(words=["w", "wo", "wor", "worl", "world"]) == "world"
            assert candidate(words=["a", "banana", "app", "appl", "ap", "apply", "apple"]) == "apple"
            t = Trie()
            t.insert("apple")
            assert t.search("apple") is True and t.search("app") is False
            assert t.startsWith("app") is True
            t.insert("app")
            assert t.search("app")
        '''),
    lc("s5-lcd-graph-clone-returned", r'''
        class Node:
            def __init__(self, val=0, neighbors=None):
                self.val = val
                self.neighbors = neighbors if neighbors is not None else []


        class Solution:
            def cloneGraph(self, node: Optional["Node"]) -> Optional["Node"]:
                if not node:
                    return None
                copies = {node: Node(node.val)}
                q = deque([node])
                while q:
                    cur = q.popleft()
                    for nb in cur.neighbors:
                        if nb not in copies:
                            copies[nb] = Node(nb.val)
                            q.append(nb)
                        copies[cur].neighbors.append(copies[nb])
                return copies[node]
        ''', "cloneGraph", r'''
        def check(candidate):
            a, b, c, d = Node(1), Node(2), Node(3), Node(4)
            a.neighbors = [b, d]; b.neighbors = [a, c]; c.neighbors = [b, d]; d.neighbors = [a, c]
            r = candidate(a)
            assert r is not a and r.val == 1
            assert [n.val for n in r.neighbors] == [2, 4]
            assert r.neighbors[0].neighbors[0] is r
            assert candidate(None) is None
        '''),
    la("s5-lcd-asserts-lru-cache-op-by-op-long", r'''
        class LRUCache:
            def __init__(self, capacity: int):
                self.cap = capacity
                self.d = {}

            def get(self, key: int) -> int:
                if key not in self.d:
                    return -1
                v = self.d.pop(key)
                self.d[key] = v
                return v

            def put(self, key: int, value: int) -> None:
                self.d.pop(key, None)
                self.d[key] = value
                if len(self.d) > self.cap:
                    del self.d[next(iter(self.d))]
        ''', ["c = LRUCache(3)\nfor i in range(1000):\n    c.put(i, i * i)\n"
               "assert c.get(999) == 998001\nassert c.get(0) == -1",
              "c = LRUCache(2)\nc.put(2, 1)\nc.put(1, 1)\nc.put(2, 3)\n"
               "c.put(4, 1)\nassert c.get(1) == -1\nassert c.get(2) == 3",
              "ops = ['LRUCache', 'put', 'put', 'get', 'put', 'get']\nargs = [[2], [1, 1], [2, 2], [1], [3, 3], [2]]\n"
              "obj = LRUCache(*args[0])\nout = [None] + [getattr(obj, o)(*a) for o, a in zip(ops[1:], args[1:])]\n"
              "assert out == [None, None, None, 1, None, -1]"]),
    la("s5-lcd-asserts-solution-with-listnode-setup", r'''
        class ListNode:
            def __init__(self, val=0, next=None):
                self.val = val
                self.next = next


        class Solution:
            def middleNode(self, head):
                slow = fast = head
                while fast and fast.next:
                    slow, fast = slow.next, fast.next.next
                return slow
        ''', ["assert Solution().middleNode(make([1, 2, 3, 4, 5])).val == 3",
              "assert Solution().middleNode(make([1, 2, 3, 4, 5, 6])).val == 4",
              "h = make([7])\nassert Solution().middleNode(h).val == 7"], setup=r'''
        def make(vals):
            head = None
            for v in reversed(vals):
                head = ListNode(v, head)
            return head
        '''),
    la("s5-lcd-asserts-iterator-design", r'''
        class BSTIterator:
            def __init__(self, values):
                self.stack = sorted(values, reverse=True)

            def next(self) -> int:
                return self.stack.pop()

            def hasNext(self) -> bool:
                return bool(self.stack)


        class Solution:
            def drain(self, values):
                it = BSTIterator(values)
                out = []
                while it.hasNext():
                    out.append(it.next())
                return out
        ''', ["assert Solution().drain([7, 3, 15, 9, 20]) == [3, 7, 9, 15, 20]",
              "it = BSTIterator([2, 1])\nassert it.next() == 1\nassert it.hasNext() is True\nassert it.next() == 2\n"
              "assert it.hasNext() is False"]),
    la("s5-lcd-asserts-static-helpers-and-kwargs", r'''
        class Solution:
            @staticmethod
            def _gcd(a, b):
                while b:
                    a, b = b, a % b
                return a

            def gcdOfStrings(self, str1: str, str2: str) -> str:
                if str1 + str2 != str2 + str1:
                    return ""
                return str1[:self._gcd(len(str1), len(str2))]
        ''', ["assert Solution().gcdOfStrings(str1='ABCABC', str2='ABC') == 'ABC'",
              "assert Solution().gcdOfStrings('ABABAB', 'ABAB') == 'AB'",
              "assert Solution.gcdOfStrings(Solution(), 'LEET', 'CODE') == ''",
              "assert Solution._gcd(12, 18) == 6"]),
    lc("s5-lcd-float-inf-answers", r'''
        class Solution:
            def maxAverageRatio(self, classes: List[List[int]], extraStudents: int) -> float:
                def gain(p, t):
                    return (p + 1) / (t + 1) - p / t
                h = [(-gain(p, t), p, t) for p, t in classes]
                heapify(h)
                for _ in range(extraStudents):
                    _, p, t = heappop(h)
                    heappush(h, (-gain(p + 1, t + 1), p + 1, t + 1))
                return sum(p / t for _, p, t in h) / len(h)
        ''', "maxAverageRatio", r'''
        def check(candidate):
            assert abs(candidate(classes=[[1, 2], [3, 5], [2, 2]], extraStudents=2) - 0.78333) < 1e-5
            assert abs(candidate(classes=[[2, 4], [3, 9], [4, 5], [2, 10]], extraStudents=4) - 0.53485) < 1e-5
        '''),
    lc("s5-lcd-graph-dfs-setrecursionlimit", r'''
        import sys
        sys.setrecursionlimit(1 << 16)


        class Solution:
            def countComponents(self, n: int, edges: List[List[int]]) -> int:
                adj = [[] for _ in range(n)]
                for a, b in edges:
                    adj[a].append(b)
                    adj[b].append(a)
                seen = [False] * n

                def dfs(u):
                    seen[u] = True
                    for v in adj[u]:
                        if not seen[v]:
                            dfs(v)
                count = 0
                for u in range(n):
                    if not seen[u]:
                        dfs(u)
                        count += 1
                return count
        ''', "countComponents", r'''
        def check(candidate):
            assert candidate(n=5, edges=[[0, 1], [1, 2], [3, 4]]) == 2
            assert candidate(n=5, edges=[[0, 1], [1, 2], [2, 3], [3, 4]]) == 1
            assert candidate(n=20000, edges=[[i, i + 1] for i in range(19999)]) == 1
        '''),
    lc("s5-lcd-returns-tuple-of-counts-vs-list", r'''
        class Solution:
            def numberOfPairs(self, nums: List[int]) -> List[int]:
                c = Counter(nums)
                pairs = sum(v // 2 for v in c.values())
                return [pairs, len(nums) - 2 * pairs]
        ''', "numberOfPairs", r'''
        def check(candidate):
            assert candidate(nums=[1, 3, 2, 1, 3, 2, 2]) == [3, 1]
            assert candidate(nums=[1, 1]) == [1, 0]
            assert candidate(nums=[0]) == [0, 1]
            assert type(candidate(nums=[0])) is list
        '''),
    lc("s5-lcd-string-unicode-answer", r'''
        class Solution:
            def reverseWords(self, s: str) -> str:
                return " ".join(w[::-1] for w in s.split(" "))
        ''', "reverseWords", r'''
        def check(candidate):
            assert candidate(s="Let's take LeetCode contest") == "s'teL ekat edoCteeL tsetnoc"
            assert candidate(s="ñandú café") == "údnañ éfac"
            assert candidate(s="a" * 50000 + " b") == "a" * 50000 + " b"
        '''),
    lc("s5-lcd-min-heap-custom-lt-nodes", r'''
        class Solution:
            def mergeKLists(self, lists: List[Optional[ListNode]]) -> Optional[ListNode]:
                ListNode.__lt__ = lambda a, b: a.val < b.val
                h = [n for n in lists if n]
                heapify(h)
                dummy = tail = ListNode()
                while h:
                    node = heappop(h)
                    tail.next = node
                    tail = node
                    if node.next:
                        heappush(h, node.next)
                return dummy.next
        ''', "mergeKLists", r'''
        def check(candidate):
            r = candidate([list_node([1, 4, 5]), list_node([1, 3, 4]), list_node([2, 6])])
            assert is_same_list(r, list_node([1, 1, 2, 3, 4, 4, 5, 6]))
            assert candidate([]) is None
            assert candidate([None, None]) is None
        '''),
    lc("s5-lcd-tree-serialize-string", r'''
        class Solution:
            def tree2str(self, root: Optional[TreeNode]) -> str:
                if not root:
                    return ""
                s = str(root.val)
                if root.left or root.right:
                    s += "(" + self.tree2str(root.left) + ")"
                if root.right:
                    s += "(" + self.tree2str(root.right) + ")"
                return s
        ''', "tree2str", r'''
        def check(candidate):
            assert candidate(root=tree_node([1, 2, 3, 4])) == "1(2(4))(3)"
            assert candidate(root=tree_node([1, 2, 3, None, 4])) == "1(2()(4))(3)"
            assert candidate(root=tree_node(list(range(1, 64)))).count("(") == 62
        '''),
]

STDIO: list[Case] = [
    stdio("s5-cf-fraction-reduced-output", r'''
        from fractions import Fraction
        import sys

        data = sys.stdin.read().split()
        n = int(data[0])
        total = sum((Fraction(int(data[1 + 2 * i]), int(data[2 + 2 * i])) for i in range(n)), Fraction(0))
        print(f"{total.numerator}/{total.denominator}")
        ''', [("3\n1 2\n1 3\n1 6\n", "1/1\n"), ("2\n3 4\n-1 8\n", "5/8\n")]),
    stdio("s5-cf-decimal-context-sqrt", r'''
        from decimal import Decimal, getcontext

        getcontext().prec = 50
        n = int(input())
        print(Decimal(n).sqrt())
        ''', [("2\n", "1.4142135623730950488016887242096980785696718753769\n"), ("144\n", "12\n")]),
    stdio("s5-cf-datetime-weekday-names", r'''
        import datetime
        import calendar

        for _ in range(int(input())):
            y, m, d = map(int, input().split())
            print(calendar.day_name[datetime.date(y, m, d).weekday()].upper())
        ''', [("3\n2024 1 1\n2000 2 29\n1970 1 1\n", "MONDAY\nTUESDAY\nTHURSDAY\n")]),
    stdio("s5-cf-unicode-in-and-out", r'''
        s = input()
        print(s[::-1])
        print(len(s), sum(1 for ch in s if ord(ch) > 127))
        print(s.upper())
        ''', [("héllo wörld ☃\n", "☃ dlröw olléh\n13 3\nHÉLLO WÖRLD ☃\n"), ("日本語\n", "語本日\n3 3\n日本語\n")]),
    stdio("s5-cf-complex-repr-output", r'''
        a, b = map(complex, input().split())
        print(a * b)
        print(abs(a - b))
        ''', [("1+2j 3-1j\n", "(5+5j)\n3.605551275463989\n"), ("1j 1j\n", "(-1+0j)\n0.0\n")]),
    stdio("s5-cf-struct-bytes-hex-output", r'''
        import struct

        vals = list(map(int, input().split()))
        blob = struct.pack(">" + "H" * len(vals), *vals)
        print(blob.hex())
        print(*struct.unpack("<" + "H" * len(vals), blob))
        ''', [("1 256 65535\n", "00010100ffff\n256 1 65535\n")]),
    stdio("s5-cf-statistics-output", r'''
        import statistics

        xs = list(map(float, input().split()))
        print(f"{statistics.mean(xs):.3f} {statistics.median(xs):.1f} {statistics.pvariance(xs):.4f}")
        ''', [("1 2 3 4 10\n", "4.000 3.0 10.0000\n")]),
    stdio("s5-cf-textwrap-output", r'''
        import sys
        import textwrap

        width = int(sys.stdin.readline())
        text = sys.stdin.read()
        for line in textwrap.wrap(" ".join(text.split()), width):
            print(line)
        ''', [("10\nthe quick brown fox\njumps over the lazy dog\n",
              "the quick\nbrown fox\njumps over\nthe lazy\ndog\n")]),
    stdio("s5-cf-heapq-merge-sorted-streams", r'''
        import heapq
        import sys

        lines = sys.stdin.read().splitlines()
        k = int(lines[0])
        streams = [map(int, lines[1 + i].split()) for i in range(k)]
        print(" ".join(map(str, heapq.merge(*streams))))
        ''', [("3\n1 4 7\n2 5 8\n0 3 9\n", "0 1 2 3 4 5 7 8 9\n")]),
    stdio("s5-cf-enum-and-dataclass-script", r'''
        from dataclasses import dataclass
        from enum import IntEnum


        class Op(IntEnum):
            PUSH = 1
            POP = 2
            TOP = 3


        @dataclass
        class Stack:
            items: list

            def apply(self, op, arg=None):
                if op is Op.PUSH:
                    self.items.append(arg)
                elif op is Op.POP:
                    self.items.pop()
                else:
                    return self.items[-1] if self.items else "EMPTY"


        s = Stack([])
        for _ in range(int(input())):
            parts = list(map(int, input().split()))
            r = s.apply(Op(parts[0]), *parts[1:])
            if r is not None:
                print(r)
        ''', [("6\n1 5\n1 7\n3\n2\n3\n2\n", "7\n5\n"), ("2\n3\n1 1\n", "EMPTY\n")]),
    stdio("s5-cf-generator-tokens-pointer", r'''
        import sys


        def tokens():
            for line in sys.stdin:
                yield from line.split()


        tk = tokens()
        t = int(next(tk))
        for _ in range(t):
            n = int(next(tk))
            arr = [int(next(tk)) for _ in range(n)]
            print(max(arr) - min(arr))
        ''', [("2\n3\n1 5\n3\n1\n42\n", "4\n0\n")]),
    stdio("s5-cf-print-large-unicode-grid", r'''
        n = int(input())
        for i in range(n):
            print("".join("█" if (i + j) % 2 else "░" for j in range(n)))
        ''', [("3\n", "░█░\n█░█\n░█░\n"), ("300\n", "\n".join("".join("█" if (i + j) % 2 else "░" for j in range(300))
                                                        for i in range(300)) + "\n")]),
    stdio("s5-cf-many-queries-sys-stdout-write-join", r'''
        import sys
        from bisect import bisect_left, bisect_right

        def main():
            data = sys.stdin.buffer.read().split()
            n, q = int(data[0]), int(data[1])
            arr = sorted(map(int, data[2:2 + n]))
            out = []
            for i in range(q):
                lo, hi = int(data[2 + n + 2 * i]), int(data[3 + n + 2 * i])
                out.append(bisect_right(arr, hi) - bisect_left(arr, lo))
            sys.stdout.write("\n".join(map(str, out)) + "\n")

        main()
        ''', [("5 3\n1 3 5 7 9\n2 6\n0 100\n8 8\n", "2\n5\n0\n"),
              ("100000 100000\n" + " ".join(str(i) for i in range(100000)) + "\n"
               + "\n".join(f"{i} {i + 9}" for i in range(100000)) + "\n",
               "\n".join(str(min(10, 100000 - i)) for i in range(100000)) + "\n")]),
    stdio("s5-cf-recursion-memo-cache-stdin", r'''
        import sys
        from functools import cache

        sys.setrecursionlimit(10000)


        @cache
        def lcs(i, j):
            if i == len(a) or j == len(b):
                return 0
            if a[i] == b[j]:
                return 1 + lcs(i + 1, j + 1)
            return max(lcs(i + 1, j), lcs(i, j + 1))


        a = input().strip()
        b = input().strip()
        print(lcs(0, 0))
        ''', [("ABCBDAB\nBDCABA\n", "4\n"), ("a" * 300 + "\n" + "a" * 300 + "\n", "300\n")]),
    stdio("s5-cf-float-repr-print-list", r'''
        xs = [float(x) for x in input().split()]
        print([x / 3 for x in xs])
        print(sum(xs), round(sum(xs) / len(xs), 2))
        ''', [("1 2 3\n", "[0.3333333333333333, 0.6666666666666666, 1.0]\n6.0 2.0\n"),
              ("0.1 0.2\n", "[0.03333333333333333, 0.06666666666666667]\n0.30000000000000004 0.15\n")]),
    stdio("s5-cf-print-set-dict-reprs-sorted", r'''
        words = input().split()
        freq = {}
        for w in words:
            freq[w] = freq.get(w, 0) + 1
        print(freq)
        print(sorted(set(words)))
        print(tuple(sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))))
        ''', [("b a b c a b\n", "{'b': 3, 'a': 2, 'c': 1}\n['a', 'b', 'c']\n(('b', 3), ('a', 2), ('c', 1))\n")]),
    stdio("s5-cf-threading-worker-results-ordered", r'''
        import sys
        import threading

        nums = list(map(int, sys.stdin.read().split()))
        results = [None] * len(nums)


        def work(i):
            x = nums[i]
            results[i] = sum(d * d for d in range(x))


        threads = [threading.Thread(target=work, args=(i,)) for i in range(len(nums))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(*results)
        ''', [("1 2 3 10 100\n", "0 1 5 285 328350\n")]),
    stdio("s5-cf-queue-module-bfs", r'''
        import queue

        n, m = map(int, input().split())
        adj = [[] for _ in range(n + 1)]
        for _ in range(m):
            u, v = map(int, input().split())
            adj[u].append(v)
            adj[v].append(u)
        dist = [-1] * (n + 1)
        dist[1] = 0
        q = queue.SimpleQueue()
        q.put(1)
        while not q.empty():
            u = q.get()
            for v in adj[u]:
                if dist[v] < 0:
                    dist[v] = dist[u] + 1
                    q.put(v)
        print(*dist[1:])
        ''', [("5 4\n1 2\n2 3\n1 4\n4 5\n", "0 1 2 1 2\n"), ("3 0\n", "0 -1 -1\n")]),
    stdio("s5-cf-sys-stdin-readline-bytes-mixed", r'''
        import sys

        input = sys.stdin.buffer.readline
        n = int(input())
        names = [input().decode().strip() for _ in range(n)]
        print(*sorted(names, key=str.lower), sep="\n")
        ''', [("3\nbob\nAlice\ncarol\n", "Alice\nbob\ncarol\n")]),
    stdio("s5-cf-exception-handled-output", r'''
        for _ in range(int(input())):
            a, b = input().split()
            try:
                print(int(a) // int(b))
            except ZeroDivisionError as e:
                print("Error Code:", e)
            except ValueError as e:
                print("Error Code:", e)
        ''', [("3\n1 0\n2 $\n3 1\n",
               "Error Code: integer division or modulo by zero\n"
               "Error Code: invalid literal for int() with base 10: '$'\n3\n")]),
    stdio("s5-cf-ordered-dict-output", r'''
        from collections import OrderedDict

        od = OrderedDict()
        for _ in range(int(input())):
            *name, price = input().split()
            key = " ".join(name)
            od[key] = od.get(key, 0) + int(price)
        for k, v in od.items():
            print(k, v)
        ''', [("4\nBANANA FRIES 12\nPOTATO CHIPS 30\nAPPLE JUICE 10\nBANANA FRIES 12\n",
               "BANANA FRIES 24\nPOTATO CHIPS 30\nAPPLE JUICE 10\n")]),
    stdio("s5-cf-numpy-linalg-output", r'''
        import numpy as np

        n = int(input())
        a = np.array([input().split() for _ in range(n)], float)
        print(round(np.linalg.det(a), 2))
        print(np.array([[1, 2], [3, 4]]))
        ''', [("2\n1.1 1.1\n1.1 1.1\n", "0.0\n[[1 2]\n [3 4]]\n"), ("2\n2 0\n0 3\n", "6.0\n[[1 2]\n [3 4]]\n")]),
    stdio("s5-cf-itertools-combinations-output", r'''
        from itertools import combinations_with_replacement

        s, k = input().split()
        for c in combinations_with_replacement(sorted(s), int(k)):
            print("".join(c))
        ''', [("HACK 2\n", "AA\nAC\nAH\nAK\nCC\nCH\nCK\nHH\nHK\nKK\n")]),
    stdio("s5-cf-bigint-digits-output", r'''
        import sys

        sys.set_int_max_str_digits(0)
        n = int(input())
        f = 1
        for i in range(2, n + 1):
            f *= i
        s = str(f)
        print(len(s))
        print(s[:20])
        print(sum(map(int, s)))
        ''', [("10\n", "7\n3628800\n27\n"), ("3000\n", "9131\n41493596034378540855\n37602\n")]),
    stdio("s5-cf-map-object-and-zip-output", r'''
        n = int(input())
        a = map(int, input().split())
        b = map(int, input().split())
        print(*(x * y for x, y in zip(a, b)), sep=",")
        ''', [("3\n1 2 3\n4 5 6\n", "4,10,18\n")]),
    stdio("s5-cf-interactive-style-flush-lines", r'''
        import sys

        lo, hi = 1, int(input())
        secret = int(input())
        guesses = 0
        while lo <= hi:
            mid = (lo + hi) // 2
            guesses += 1
            print("?", mid, flush=True)
            if mid == secret:
                break
            if mid < secret:
                lo = mid + 1
            else:
                hi = mid - 1
        print("!", mid, guesses)
        sys.stdout.flush()
        ''', [("100\n37\n", "? 50\n? 25\n? 37\n! 37 3\n")]),
    stdio("s5-cf-string-format-alignment", r'''
        n = int(input())
        w = len(bin(n)) - 2
        for i in range(1, n + 1):
            print(f"{i:>{w}d} {i:>{w}o} {i:>{w}X} {i:>{w}b}")
        ''', [("5\n", "  1   1   1   1\n  2   2   2  10\n  3   3   3  11\n  4   4   4 100\n  5   5   5 101\n")]),
    stdio("s5-cf-setrecursionlimit-thread-tree-depth", r'''
        import sys
        import threading


        def main():
            n = int(sys.stdin.readline())
            parent = list(map(int, sys.stdin.readline().split()))
            children = [[] for _ in range(n)]
            root = 0
            for i, p in enumerate(parent):
                if p == -1:
                    root = i
                else:
                    children[p].append(i)

            def depth(u):
                return 1 + max((depth(c) for c in children[u]), default=0)
            print(depth(root))


        sys.setrecursionlimit(1 << 20)
        threading.stack_size(1 << 27)
        t = threading.Thread(target=main)
        t.start()
        t.join()
        ''', [("5\n4 -1 4 1 1\n", "3\n"), ("50000\n-1 " + " ".join(str(i) for i in range(49999)) + "\n", "50000\n")]),
    stdio("s5-cf-eval-expression-input", r'''
        import ast
        import operator

        OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv}


        def ev(node):
            if isinstance(node, ast.Constant):
                return node.value
            return OPS[type(node.op)](ev(node.left), ev(node.right))


        for line in iter(input, "END"):
            print(ev(ast.parse(line, mode="eval").body))
        ''', [("1+2*3\n(4-1)//2\n10*10*10\nEND\n", "7\n1\n1000\n")]),
    stdio("s5-cf-print-bool-none-values", r'''
        xs = list(map(int, input().split()))
        print(all(x > 0 for x in xs), any(x > 5 for x in xs), None)
        print(xs == sorted(xs), xs.index(max(xs)))
        ''', [("1 2 3\n", "True False None\nTrue 2\n"), ("9 -1\n", "False True None\nFalse 0\n")]),
]

# Objects, exceptions and answers the test uses further (short rows, one idiom each).
MORE: list[Case] = [
    humaneval("s5-he-keyerror-tuple-key-args", r'''
        def lookup(d, k):
            return d[k]
        ''', r'''
        def check(candidate):
            assert candidate({(1, 2): "x"}, (1, 2)) == "x"
            try:
                candidate({}, (1, 2))
            except KeyError as e:
                assert e.args[0] == (1, 2)
            else:
                assert False
        ''', "lookup"),
    humaneval("s5-he-assertionerror-from-completion", r'''
        def positive(x):
            assert x > 0, "must be positive"
            return x
        ''', r'''
        def check(candidate):
            assert candidate(1) == 1
            try:
                candidate(-1)
            except AssertionError as e:
                assert str(e) == "must be positive"
            else:
                assert False
        ''', "positive"),
    humaneval("s5-he-abstract-class-typeerror", r'''
        from abc import ABC, abstractmethod


        class Base(ABC):
            @abstractmethod
            def go(self):
                ...


        class Impl(Base):
            def go(self):
                return "went"


        def make(concrete):
            return Impl() if concrete else Base()
        ''', r'''
        def check(candidate):
            assert candidate(True).go() == "went"
            try:
                candidate(False)
            except TypeError as e:
                assert "abstract" in str(e)
            else:
                assert False
        ''', "make"),
    humaneval("s5-he-raise-then-state-kept", r'''
        class Account:
            def __init__(self, balance):
                self.balance = balance

            def withdraw(self, x):
                if x > self.balance:
                    raise ValueError("insufficient funds")
                self.balance -= x


        def open_account(b):
            return Account(b)
        ''', r'''
        def check(candidate):
            a = candidate(10)
            a.withdraw(3)
            try:
                a.withdraw(100)
            except ValueError as e:
                assert "insufficient" in str(e)
            else:
                assert False
            assert a.balance == 7
        ''', "open_account"),
    humaneval("s5-he-timeouterror-as-oserror", r'''
        def fetch(ok):
            if not ok:
                raise TimeoutError("too slow")
            return "data"
        ''', r'''
        def check(candidate):
            assert candidate(True) == "data"
            try:
                candidate(False)
            except OSError as e:
                assert isinstance(e, TimeoutError) and str(e) == "too slow"
            else:
                assert False
        ''', "fetch"),
    humaneval("s5-he-unicodedecodeerror-fields", r'''
        def decode(b):
            return b.decode("utf-8")
        ''', r'''
        def check(candidate):
            assert candidate("é".encode()) == "é"
            try:
                candidate(b"\xff")
            except UnicodeDecodeError as e:
                assert e.start == 0 and e.reason == "invalid start byte"
            else:
                assert False
        ''', "decode"),
    humaneval("s5-he-json-error-caught-as-valueerror", r'''
        import json


        def load(s):
            return json.loads(s)
        ''', r'''
        def check(candidate):
            assert candidate('{"a": [1, 2.5, null, true]}') == {"a": [1, 2.5, None, True]}
            try:
                candidate("{bad")
            except ValueError as e:
                assert "line 1" in str(e)
            else:
                assert False
        ''', "load"),
    humaneval("s5-he-assert-raises-helper-with-lambda", r'''
        def checked(x):
            if x < 0:
                raise ValueError
            return x
        ''', r'''
        def assert_raises(exc, fn, *args):
            try:
                fn(*args)
            except exc:
                return True
            raise AssertionError("did not raise")


        def check(candidate):
            assert_raises(ValueError, candidate, -1)
            assert_raises(ValueError, lambda: candidate(-2))
            assert candidate(0) == 0
        ''', "checked"),
    humaneval("s5-he-answer-object-as-test-dict-key", r'''
        class P:
            def __init__(self, x):
                self.x = x

            def __eq__(self, o):
                return isinstance(o, P) and self.x == o.x

            def __hash__(self):
                return hash(self.x)


        def make(x):
            return P(x)
        ''', r'''
        def check(candidate):
            d = {candidate(1): "a", candidate(2): "b"}
            assert d[candidate(1)] == "a"
            assert len({candidate(3), candidate(3)}) == 1
        ''', "make"),
    humaneval("s5-he-answer-reversed-and-negative-index", r'''
        class Seq:
            def __init__(self, xs):
                self.xs = list(xs)

            def __len__(self):
                return len(self.xs)

            def __getitem__(self, i):
                return self.xs[i]

            def __reversed__(self):
                return iter(self.xs[::-1])


        def make(xs):
            return Seq(xs)
        ''', r'''
        def check(candidate):
            s = candidate([1, 2, 3])
            assert list(reversed(s)) == [3, 2, 1]
            assert s[-1] == 3 and list(s) == [1, 2, 3] and len(s) == 3
            assert s[0:2] == [1, 2]
        ''', "make"),
    humaneval("s5-he-answer-linked-nodes-is-none", r'''
        class Node:
            def __init__(self, v, nxt=None):
                self.v, self.nxt = v, nxt


        def make(xs):
            h = None
            for x in reversed(xs):
                h = Node(x, h)
            return h
        ''', r'''
        def check(candidate):
            h = candidate([1, 2])
            assert h is not None and h.nxt.nxt is None
            assert candidate([]) is None
        ''', "make"),
    humaneval("s5-he-answer-objects-max-sorted-key", r'''
        class Item:
            def __init__(self, name, weight):
                self.name, self.weight = name, weight


        def make(spec):
            return [Item(n, w) for n, w in spec]
        ''', r'''
        def check(candidate):
            xs = candidate([("a", 3), ("b", 1), ("c", 2)])
            assert max(xs, key=lambda i: i.weight).name == "a"
            assert [i.name for i in sorted(xs, key=lambda i: i.weight)] == ["b", "c", "a"]
            assert sum(i.weight for i in xs) == 6
        ''', "make"),
    humaneval("s5-he-answer-format-spec", r'''
        class Temp:
            def __init__(self, c):
                self.c = c

            def __format__(self, spec):
                return format(self.c, spec) + "C"


        def make(c):
            return Temp(c)
        ''', r'''
        def check(candidate):
            assert f"{candidate(21.456):.1f}" == "21.5C"
            assert format(candidate(3), "03d") == "003C"
        ''', "make"),
    humaneval("s5-he-answer-dynamic-getattr", r'''
        class Record:
            def __init__(self, **kw):
                self._d = kw

            def __getattr__(self, k):
                try:
                    return self._d[k]
                except KeyError:
                    raise AttributeError(k) from None


        def make(**kw):
            return Record(**kw)
        ''', r'''
        def check(candidate):
            r = candidate(a=1, b=[2])
            assert r.a == 1 and r.b == [2]
            assert not hasattr(r, "c")
            assert getattr(r, "c", 5) == 5
        ''', "make"),
    humaneval("s5-he-numpy-object-array-iterated", r'''
        import numpy as np


        def mixed():
            return np.array([1, "a", None], dtype=object)
        ''', r'''
        def check(candidate):
            assert list(candidate()) == [1, "a", None]
            assert len(candidate()) == 3
        ''', "mixed"),
    humaneval("s5-he-numpy-masked-sum-scalar", r'''
        import numpy as np


        def masked_total(xs, mask):
            return np.ma.masked_array(xs, mask=mask).sum()
        ''', r'''
        def check(candidate):
            assert candidate([1, 2, 3], [0, 1, 0]) == 4
            assert candidate([5], [0]) == 5
        ''', "masked_total"),
    humaneval("s5-he-numpy-2d-float-eq-all", r'''
        import numpy as np


        def identity(n):
            return np.eye(n)
        ''', r'''
        import numpy as np


        def check(candidate):
            assert (candidate(2) == np.eye(2)).all()
            assert np.array_equal(candidate(2), [[1, 0], [0, 1]])
            assert candidate(3).trace() == 3.0
        ''', "identity"),
    humaneval("s5-he-numpy-str-array-tolist", r'''
        import numpy as np


        def labels(xs):
            return np.where(np.array(xs) > 0, "pos", "neg")
        ''', r'''
        def check(candidate):
            assert candidate([1, -1, 2]).tolist() == ["pos", "neg", "pos"]
            assert candidate([0]).shape == (1,)
        ''', "labels"),
    humaneval("s5-he-defaultdict-lambda-factory-equality", r'''
        from collections import defaultdict


        def build(pairs):
            d = defaultdict(lambda: defaultdict(int))
            for a, b in pairs:
                d[a][b] += 1
            return d
        ''', r'''
        def check(candidate):
            d = candidate([("x", "y"), ("x", "y"), ("x", "z")])
            assert d == {"x": {"y": 2, "z": 1}}
            assert d["x"]["y"] == 2 and sorted(d["x"]) == ["y", "z"]
        ''', "build"),
    humaneval("s5-he-defaultdict-list-used-by-test", r'''
        from collections import defaultdict


        def empty_index():
            return defaultdict(list)
        ''', r'''
        def check(candidate):
            d = candidate()
            d["x"].append(1)
            d["x"].append(2)
            assert d == {"x": [1, 2]}
        ''', "empty_index"),
    humaneval("s5-he-nested-answer-98-deep", r'''
        def nest(n):
            x = []
            for _ in range(n):
                x = [x]
            return x
        ''', r'''
        def check(candidate):
            x = candidate(98)
            depth = 0
            while x:
                x = x[0]
                depth += 1
            assert depth == 98
        ''', "nest"),
    humaneval("s5-he-generator-is-iterator-abc", r'''
        def evens(n):
            yield from range(0, n, 2)
        ''', r'''
        from collections.abc import Iterable, Iterator


        def check(candidate):
            g = candidate(10)
            assert isinstance(g, Iterator) and isinstance(g, Iterable)
            assert list(g) == [0, 2, 4, 6, 8]
        ''', "evens"),
    humaneval("s5-he-function-name-and-callable", r'''
        def area(w, h=1.0):
            """Area of a rectangle."""
            return w * h
        ''', r'''
        def check(candidate):
            assert callable(candidate) and candidate.__name__ == "area"
            assert candidate(2) == 2.0 and candidate(2, h=3) == 6
        ''', "area"),
    humaneval("s5-he-stdlib-objects-read-by-attribute", r'''
        import ipaddress
        import time
        from statistics import NormalDist


        def facts():
            return ipaddress.ip_address("10.0.0.1"), time.strptime("2021-03-04", "%Y-%m-%d"), NormalDist(2.0, 1.0)
        ''', r'''
        def check(candidate):
            ip, t, nd = candidate()
            assert ip.is_private and str(ip) == "10.0.0.1" and ip.version == 4
            assert t.tm_yday == 63 and t.tm_year == 2021
            assert nd.mean == 2.0 and abs(nd.cdf(2.0) - 0.5) < 1e-12
        ''', "facts"),
    humaneval("s5-he-test-threads-own-work-then-candidate", r'''
        def square(x):
            return x * x
        ''', r'''
        import threading


        def check(candidate):
            out = []
            t = threading.Thread(target=lambda: out.extend(i * i for i in range(5)))
            t.start()
            t.join()
            assert [candidate(i) for i in range(5)] == out
        ''', "square"),
    humaneval("s5-he-answer-setitem-delitem", r'''
        class Grid:
            def __init__(self):
                self.cells = {}

            def __setitem__(self, key, value):
                self.cells[key] = value

            def __getitem__(self, key):
                return self.cells[key]

            def __delitem__(self, key):
                del self.cells[key]

            def __len__(self):
                return len(self.cells)


        def make_grid():
            return Grid()
        ''', r'''
        def check(candidate):
            g = candidate()
            g[1, 2] = "x"
            assert g[1, 2] == "x" and len(g) == 1
            del g[1, 2]
            assert len(g) == 0
        ''', "make_grid"),
    humaneval("s5-he-issubclass-completion-classes", r'''
        class Shape:
            pass


        class Square(Shape):
            def __init__(self, side):
                self.side = side


        def make(side):
            return Square(side)
        ''', r'''
        def check(candidate):
            assert isinstance(candidate(2), Shape)
            assert issubclass(Square, Shape)
        ''', "make"),
    humaneval("s5-he-custom-exception-caught-by-own-base", r'''
        class AppError(Exception):
            pass


        class NotFound(AppError):
            pass


        def get(d, k):
            if k not in d:
                raise NotFound(k)
            return d[k]
        ''', r'''
        def check(candidate):
            try:
                candidate({}, "x")
            except AppError:
                pass
            else:
                assert False
        ''', "get"),
    humaneval("s5-he-test-thread-pool-maps-candidate", r'''
        def square(x):
            return x * x
        ''', r'''
        from concurrent.futures import ThreadPoolExecutor


        def check(candidate):
            with ThreadPoolExecutor(4) as ex:
                assert list(ex.map(candidate, range(40))) == [i * i for i in range(40)]
        ''', "square"),
    humaneval("s5-he-test-threads-call-answer-methods", r'''
        import threading


        class Counter:
            def __init__(self):
                self.value = 0
                self._lock = threading.Lock()

            def increment(self):
                with self._lock:
                    self.value += 1


        def make_counter():
            return Counter()
        ''', r'''
        import threading


        def check(candidate):
            c = candidate()
            threads = [threading.Thread(target=lambda: [c.increment() for _ in range(50)]) for _ in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert c.value == 200
        ''', "make_counter"),
    humaneval("s5-he-stdlib-exception-json-decode-error", r'''
        import json


        def load(s):
            return json.loads(s)
        ''', r'''
        import json


        def check(candidate):
            try:
                candidate("{bad")
            except json.JSONDecodeError as e:
                assert e.pos == 1
            else:
                assert False
        ''', "load"),
    humaneval("s5-he-stdlib-exception-statistics-error", r'''
        import statistics


        def average(xs):
            return statistics.mean(xs)
        ''', r'''
        import statistics


        def check(candidate):
            assert candidate([1, 2]) == 1.5
            try:
                candidate([])
            except statistics.StatisticsError:
                pass
            else:
                assert False
        ''', "average"),
    humaneval("s5-he-stdlib-exception-decimal-invalid-operation", r'''
        from decimal import Decimal


        def to_decimal(s):
            return Decimal(s)
        ''', r'''
        import decimal


        def check(candidate):
            try:
                candidate("abc")
            except decimal.InvalidOperation:
                pass
            else:
                assert False
        ''', "to_decimal"),
    humaneval("s5-he-stdlib-exception-re-error", r'''
        import re


        def compile_pattern(p):
            return re.compile(p).pattern
        ''', r'''
        import re


        def check(candidate):
            assert candidate("a+") == "a+"
            try:
                candidate("(")
            except re.error:
                pass
            else:
                assert False
        ''', "compile_pattern"),
    # Known failing until 2026-12-05: the test's function ran in the job with copies of its closure's values.
    humaneval("s5-he-test-function-closure-side-effect", r'''
        def memoize(f):
            cache = {}

            def wrapper(x):
                if x not in cache:
                    cache[x] = f(x)
                return cache[x]
            return wrapper
        ''', r'''
        def check(candidate):
            calls = []

            def slow(x):
                calls.append(x)
                return x * 2
            m = candidate(slow)
            assert m(2) == 4 and m(2) == 4 and m(3) == 6
            assert calls == [2, 3]
        ''', "memoize"),
    # Known failing until 2026-12-05: a call's prints never reached the test's redirect_stdout.
    humaneval("s5-he-test-redirect-stdout-captures-print", r'''
        def print_triangle(n):
            for i in range(1, n + 1):
                print("*" * i)
        ''', r'''
        import io
        from contextlib import redirect_stdout


        def check(candidate):
            buf = io.StringIO()
            with redirect_stdout(buf):
                candidate(3)
            assert buf.getvalue() == "*\n**\n***\n"
        ''', "print_triangle"),
    # Closed on 2026-12-05 (later): answers of these standard library classes cross as their own types
    # (`rewards.sandbox.inside.codec._small`; a path as a pure path).
    humaneval("s5-he-uuid-return", r'''
        import uuid


        def parse_uuid(s):
            return uuid.UUID(s)
        ''', r'''
        import uuid


        def check(candidate):
            assert candidate("12345678123456781234567812345678") == uuid.UUID(int=0x12345678123456781234567812345678)
        ''', "parse_uuid"),
    humaneval("s5-he-ipaddress-return", r'''
        import ipaddress


        def parse_ip(s):
            return ipaddress.ip_address(s)
        ''', r'''
        import ipaddress


        def check(candidate):
            assert candidate("10.0.0.1") == ipaddress.IPv4Address("10.0.0.1")
        ''', "parse_ip"),
    humaneval("s5-he-purepath-return", r'''
        from pathlib import PurePosixPath


        def with_suffix(s, suffix):
            return PurePosixPath(s).with_suffix(suffix)
        ''', r'''
        from pathlib import PurePosixPath


        def check(candidate):
            assert candidate("a/b.txt", ".md") == PurePosixPath("a/b.md")
        ''', "with_suffix"),
    humaneval("s5-he-slice-return", r'''
        def window(start, stop):
            return slice(start, stop)
        ''', r'''
        def check(candidate):
            assert [10, 20, 30, 40][candidate(1, 3)] == [20, 30]
        ''', "window"),
    humaneval("s5-he-ellipsis-return", r'''
        def placeholder():
            return ...
        ''', r'''
        def check(candidate):
            assert candidate() is Ellipsis
        ''', "placeholder"),
    humaneval("s5-he-userlist-return", r'''
        from collections import UserList


        def wrap(xs):
            return UserList(xs)
        ''', r'''
        def check(candidate):
            assert candidate([1, 2]) == [1, 2]
        ''', "wrap"),
    humaneval("s5-he-struct-time-return", r'''
        import time


        def parse_date(s):
            return time.strptime(s, "%Y-%m-%d")
        ''', r'''
        import time


        def check(candidate):
            assert candidate("2021-03-04") == time.strptime("2021-03-04", "%Y-%m-%d")
        ''', "parse_date"),
    # Closed on 2026-12-05 (later): a raised exception keeps its __cause__, __notes__, ExceptionGroup members and
    # OSError filename (`job._exception_data`), and a builtin exception class crosses by name as other builtins do.
    humaneval("s5-he-exception-group-except-star", r'''
        def validate_all(xs):
            errors = [ValueError(f"bad {x}") for x in xs if x < 0]
            if errors:
                raise ExceptionGroup("invalid", errors)
            return True
        ''', r'''
        def check(candidate):
            assert candidate([1, 2]) is True
            try:
                candidate([1, -2, -3])
            except* ValueError as eg:
                assert len(eg.exceptions) == 2
        ''', "validate_all"),
    humaneval("s5-he-exception-cause", r'''
        def parse_int(s):
            try:
                return int(s)
            except ValueError as e:
                raise LookupError(f"not an int: {s!r}") from e
        ''', r'''
        def check(candidate):
            try:
                candidate("x")
            except LookupError as e:
                assert isinstance(e.__cause__, ValueError)
            else:
                assert False
        ''', "parse_int"),
    humaneval("s5-he-exception-notes", r'''
        def parse(s):
            e = ValueError("bad")
            e.add_note(f"while parsing {s!r}")
            raise e
        ''', r'''
        def check(candidate):
            try:
                candidate("x")
            except ValueError as e:
                assert e.__notes__ == ["while parsing 'x'"]
            else:
                assert False
        ''', "parse"),
    humaneval("s5-he-oserror-filename", r'''
        def read(p):
            with open(p) as f:
                return f.read()
        ''', r'''
        def check(candidate):
            try:
                candidate("/nonexistent/x")
            except FileNotFoundError as e:
                assert e.filename == "/nonexistent/x"
            else:
                assert False
        ''', "read"),
    humaneval("s5-he-exception-class-as-argument", r'''
        def raises(exc_type, fn):
            try:
                fn()
            except exc_type:
                return True
            return False
        ''', r'''
        def check(candidate):
            assert candidate(ZeroDivisionError, lambda: 1 / 0) is True
        ''', "raises"),
    humaneval("s5-he-generator-throw", r'''
        def accumulator():
            total = 0
            while True:
                try:
                    x = yield total
                except ValueError:
                    total = 0
                    continue
                total += x
        ''', r'''
        def check(candidate):
            g = candidate()
            next(g)
            assert g.send(5) == 5
            assert g.throw(ValueError) == 0
        ''', "accumulator"),
    # Closed on 2026-12-05 (later): the completion's sys.exit() raises SystemExit in the test (`handles.failure`).
    humaneval("s5-he-systemexit-expected", r'''
        import sys


        def main(args):
            if not args:
                sys.exit(2)
            return 0
        ''', r'''
        def check(candidate):
            assert candidate(["x"]) == 0
            try:
                candidate([])
            except SystemExit as e:
                assert e.code == 2
            else:
                assert False
        ''', "main"),
    # Closed on 2026-12-05 (later): what a call warns reaches a test that records warnings (`inside.job.Warned`).
    humaneval("s5-he-warning-caught-by-test", r'''
        import warnings


        def old_api(x):
            warnings.warn("old_api is deprecated", DeprecationWarning)
            return x + 1
        ''', r'''
        import warnings


        def check(candidate):
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter("always")
                assert candidate(1) == 2
            assert len(w) == 1 and issubclass(w[0].category, DeprecationWarning)
        ''', "old_api"),
    # Closed on 2026-12-05 (later): what the test gives the completion to read reaches it (`streams._Feed`).
    humaneval("s5-he-test-patches-builtins-input", r'''
        def add_two_inputs():
            return int(input()) + int(input())
        ''', r'''
        from unittest.mock import patch


        def check(candidate):
            with patch("builtins.input", side_effect=["3", "4"]):
                assert candidate() == 7
        ''', "add_two_inputs"),
    humaneval("s5-he-test-swaps-sys-stdin", r'''
        import sys


        def read_sum():
            return sum(int(x) for x in sys.stdin.read().split())
        ''', r'''
        import io
        import sys


        def check(candidate):
            old = sys.stdin
            sys.stdin = io.StringIO("1 2 3")
            try:
                assert candidate() == 6
            finally:
                sys.stdin = old
        ''', "read_sum"),
    # Closed on 2026-12-05 (later): NormalDist and numpy string arrays and scalars cross as their own types.
    humaneval("s5-he-normaldist-return", r'''
        from statistics import NormalDist


        def fit(xs):
            return NormalDist.from_samples(xs)
        ''', r'''
        from statistics import NormalDist


        def check(candidate):
            assert candidate([1, 2, 3]) == NormalDist(2.0, 1.0)
        ''', "fit"),
    humaneval("s5-he-numpy-str-array-compared", r'''
        import numpy as np


        def labels(xs):
            return np.where(np.array(xs) > 0, "pos", "neg")
        ''', r'''
        import numpy as np


        def check(candidate):
            assert np.array_equal(candidate([1, -1]), np.array(["pos", "neg"]))
        ''', "labels"),
    humaneval("s5-he-numpy-str-scalar", r'''
        import numpy as np


        def first_label():
            return np.array(["a", "b"])[0]
        ''', r'''
        def check(candidate):
            assert candidate() == "a"
        ''', "first_label"),
    humaneval("s5-he-function-docstring", r'''
        def area(w, h=1.0):
            """Area of a rectangle."""
            return w * h
        ''', r'''
        def check(candidate):
            assert "rectangle" in candidate.__doc__
        ''', "area"),
    humaneval("s5-he-function-defaults", r'''
        def area(w, h=1.0):
            return w * h
        ''', r'''
        def check(candidate):
            assert candidate.__defaults__ == (1.0,)
        ''', "area"),
]

# Correct code plain Python passes and code_tests (defaults) fails, found by this sweep: kept out of the corpus
# (`all_cases`), each with what breaks it (`KNOWN_FAILING_WHY`); test_honest_corpus.py checks each still passes in
# plain Python and still fails here, so one that starts to pass moves to CASES.
KNOWN_FAILING: list[Case] = [
    humaneval("s5-he-inspect-isgeneratorfunction", r'''
        def evens(n):
            yield from range(0, n, 2)
        ''', r'''
        import inspect


        def check(candidate):
            assert inspect.isgeneratorfunction(candidate)
        ''', "evens"),
    humaneval("s5-he-inspect-signature", r'''
        def area(w, h=1.0):
            return w * h
        ''', r'''
        import inspect


        def check(candidate):
            assert list(inspect.signature(candidate).parameters) == ["w", "h"]
        ''', "area"),
    humaneval("s5-he-completion-writes-file-test-reads", r'''
        def save_lines(path, lines):
            with open(path, "w") as f:
                f.write("\n".join(lines))
        ''', r'''
        import os
        import tempfile


        def check(candidate):
            p = os.path.join(tempfile.mkdtemp(), "out.txt")
            candidate(p, ["a", "b"])
            with open(p) as f:
                assert f.read() == "a\nb"
        ''', "save_lines"),
    humaneval("s5-he-test-writes-file-completion-reads", r'''
        def count_lines(path):
            with open(path) as f:
                return sum(1 for _ in f)
        ''', r'''
        import os
        import tempfile


        def check(candidate):
            fd, p = tempfile.mkstemp()
            with os.fdopen(fd, "w") as f:
                f.write("x\ny\nz\n")
            assert candidate(p) == 3
        ''', "count_lines"),
    humaneval("s5-he-numpy-datetime64-array", r'''
        import numpy as np


        def two_days(start):
            return np.datetime64(start) + np.arange(2)
        ''', r'''
        import numpy as np


        def check(candidate):
            assert (candidate("2020-01-01") == np.array(["2020-01-01", "2020-01-02"], dtype="datetime64[D]")).all()
        ''', "two_days"),
    humaneval("s5-he-array-unicode-typecode", r'''
        from array import array


        def letters(s):
            return array("u", s)
        ''', r'''
        from array import array


        def check(candidate):
            assert candidate("hey") == array("u", "hey")
        ''', "letters"),
    humaneval("s5-he-nested-answer-101-deep", r'''
        def nest(n):
            x = []
            for _ in range(n):
                x = [x]
            return x
        ''', r'''
        def check(candidate):
            assert len(candidate(101)) == 1
        ''', "nest"),
    humaneval("s5-he-deepcopy-of-answer-object", r'''
        class Stack:
            def __init__(self, items):
                self.items = list(items)

            def push(self, x):
                self.items.append(x)


        def stack_of(xs):
            return Stack(xs)
        ''', r'''
        import copy


        def check(candidate):
            s = candidate([1, 2])
            t = copy.deepcopy(s)
            t.push(3)
            assert s.items == [1, 2] and t.items == [1, 2, 3]
        ''', "stack_of"),
    humaneval("s5-he-answer-augmented-assignment", r'''
        class Bag:
            def __init__(self):
                self.items = []

            def __iadd__(self, x):
                self.items.append(x)
                return self


        def make_bag():
            return Bag()
        ''', r'''
        def check(candidate):
            b = candidate()
            b += 3
            assert b.items == [3]
        ''', "make_bag"),
    humaneval("s5-he-context-manager-suppresses-test-exception", r'''
        class Suppress:
            def __enter__(self):
                return self

            def __exit__(self, et, e, tb):
                return et is not None and issubclass(et, KeyError)


        def suppress_key_errors():
            return Suppress()
        ''', r'''
        def check(candidate):
            with candidate():
                {}["x"]
        ''', "suppress_key_errors"),
    humaneval("s5-he-stopiteration-expected", r'''
        def first(xs):
            return next(iter(xs))
        ''', r'''
        def check(candidate):
            assert candidate([4]) == 4
            try:
                candidate([])
            except StopIteration:
                pass
            else:
                assert False
        ''', "first"),
]

# What breaks each of KNOWN_FAILING, by layer; "documented" where docs/sandbox.md or differences.py already says so.
KNOWN_FAILING_WHY: dict[str, str] = {
    "humaneval/s5-he-inspect-isgeneratorfunction":
        "handles: the candidate proxy is no generator function to inspect",
    "humaneval/s5-he-inspect-signature":
        "handles: inspect.signature(candidate) fails (AttributeError '_partialmethod'): the proxy has no signature",
    "humaneval/s5-he-completion-writes-file-test-reads":
        "by design (no host files): the job's files are its own scratch, not the test's file system",
    "humaneval/s5-he-test-writes-file-completion-reads":
        "by design (no host files): the test's temporary file is not in the job",
    "humaneval/s5-he-numpy-datetime64-array":
        "transport: a datetime64 array stays a handle",
    "humaneval/s5-he-array-unicode-typecode":
        "transport: array('u') is no numeric array and stays a handle",
    "humaneval/s5-he-nested-answer-101-deep":
        "bound: an answer nested past codec.MAX_DEPTH (100) cannot cross (documented for arguments)",
    "humaneval/s5-he-deepcopy-of-answer-object":
        "handles: copy.deepcopy of an answer object is refused ('a remote object cannot be copied or pickled')",
    "humaneval/s5-he-answer-augmented-assignment":
        "documented (arithmetic of an object of the job with a test's value is not forwarded): `bag += 3`",
    "humaneval/s5-he-context-manager-suppresses-test-exception":
        "documented (an object's __exit__ runs without the test's exception and never swallows one)",
    "humaneval/s5-he-stopiteration-expected":
        "documented (a candidate's StopIteration comes back as a failure)",
}

CASES: list[Case] = [*HUMANEVAL, *MBPP, *LEETCODE, *STDIO, *MORE]
