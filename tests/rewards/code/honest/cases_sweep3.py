"""A third held-out sweep (2026-12-04) of idioms the other modules do not hold, in all four styles, each name led by
the dataset it imitates: ``he-`` (HumanEval), ``mbpp-``, ``lcd-`` (LeetCodeDataset rows and assert lists calling
``Solution()``), ``cf-`` (Codeforces/APPS/CodeContests/LiveCodeBench stdin scripts).

Written as a third check of issue 37 (a correct program passes in ``code_tests`` exactly when it passes in plain
``python3``). Where the earlier sweeps returned values, this one leans on what the *test* hands the completion and
what it does with an answer: a generator expression, ``iter``, ``map``, ``zip``, ``range``, ``io.StringIO``, a
compiled pattern, ``defaultdict``/``Counter``/``OrderedDict``/``deque`` arguments used for their own behaviour,
builtin types and methods passed as functions, ``nan``/``inf``/``-0.0``, integers past ``int``'s 4,300-digit text
limit; answers that are dict views, ``map``/``filter``/``zip``/``enumerate`` objects, ``range``, types, enum members
compared by identity and used in sets, ``typing.NamedTuple`` read as a tuple, objects of the completion with
``__hash__``/``__eq__``/``__lt__`` as set members, dict keys, heap items and ``sorted``/``max`` input,
``__str__``/``__format__``/``__len__``/``__getitem__``/``__iter__``/``__call__``, frozen ordered dataclasses,
exceptions of the completion caught by the test; ``lru_cache``, ``reduce``, ``accumulate``, ``groupby``, ``tee``,
``starmap``, ``yield from``, ``copy.deepcopy``, ``ChainMap``, ``string`` constants, ``re`` groups; and stdin
programs with ``print(*xs, sep=...)``, ``end=""``, ``sys.stdout.write`` pieces, large outputs, ``input`` until
``EOFError``, ``sys.stdin.buffer``, recursion in a thread with ``threading.stack_size``."""

from __future__ import annotations

from . import Case, asserts, humaneval, stdio
from .cases_leetcode import la, lc

# Cases plain Python passes and code_tests at its defaults failed (found 2026-12-04, main as of 16:20 UTC: 18 of the
# first 139): fixed the same day (an OrderedDict's order after move_to_end, an array.array argument changed in place, a
# test's compiled pattern, a completion's Enum class iterated, assert lists whose tests bind names for the next ones,
# a test's next(it, default)); the ten left are differences by design or bounds, moved to differences.py.


def _ways(n: int) -> str:
    """The expected output of ``cf-lru-cache-recursion-stdin``: tribonacci-like step counts, mod 10^9+7."""
    w = [1] + [0] * n
    for i in range(1, n + 1):
        w[i] = sum(w[i - k] for k in (1, 2, 3) if i >= k) % 1000000007
    return f"{w[n]}\n"


# What the test hands the completion.
ARGS: list[Case] = [
    humaneval("he-arg-generator-expression", """
        def total_even(xs):
            return sum(x for x in xs if x % 2 == 0)
        """, """
        def check(candidate):
            assert candidate(x * x for x in range(5)) == 0 + 4 + 16
            assert candidate(iter([1, 2, 3, 4])) == 6
            assert candidate(map(int, "1234")) == 6
        """, "total_even"),
    humaneval("he-arg-zip-and-range", """
        def dot(pairs):
            return sum(a * b for a, b in pairs)
        """, """
        def check(candidate):
            assert candidate(zip([1, 2, 3], [4, 5, 6])) == 32
            assert candidate(zip(range(3), range(3, 6))) == 0 + 4 + 10
            assert candidate(enumerate([5, 5])) == 5
        """, "dot"),
    humaneval("he-arg-range-sliced", """
        def every_other(seq):
            return list(seq[::2])
        """, """
        def check(candidate):
            assert candidate(range(10)) == [0, 2, 4, 6, 8]
            assert candidate("abcdef") == ["a", "c", "e"]
            assert candidate((1, 2, 3)) == [1, 3]
        """, "every_other"),
    humaneval("he-arg-compiled-pattern", """
        def all_matches(pattern, text):
            return [m.group(0) for m in pattern.finditer(text)]
        """, """
        import re


        def check(candidate):
            assert candidate(re.compile(r"\\d+"), "a1b22c333") == ["1", "22", "333"]
            assert candidate(re.compile("[A-Z]", re.I), "aB") == ["a", "B"]
        """, "all_matches"),
    humaneval("he-arg-defaultdict-grows", """
        def add_edge(graph, a, b):
            graph[a].append(b)
            graph[b].append(a)
            return len(graph)
        """, """
        from collections import defaultdict


        def check(candidate):
            g = defaultdict(list)
            assert candidate(g, 1, 2) == 2
            assert candidate(g, 2, 3) == 3
            assert g[2] == [1, 3] and dict(g) == {1: [2], 2: [1, 3], 3: [2]}
        """, "add_edge"),
    humaneval("he-arg-counter-missing-key", """
        def missing(counter, keys):
            return [k for k in keys if counter[k] == 0]
        """, """
        from collections import Counter


        def check(candidate):
            assert candidate(Counter("hello"), "hex") == ["x"]
            assert candidate(Counter(), "ab") == ["a", "b"]
        """, "missing"),
    humaneval("he-arg-ordereddict-order", """
        def first_key(d):
            d.move_to_end(next(iter(d)))
            return next(iter(d))
        """, """
        from collections import OrderedDict


        def check(candidate):
            d = OrderedDict([("a", 1), ("b", 2), ("c", 3)])
            assert candidate(d) == "b"
            assert list(d) == ["b", "c", "a"]
        """, "first_key"),
    humaneval("he-arg-deque-maxlen", """
        def push_all(window, xs):
            for x in xs:
                window.append(x)
            return list(window)
        """, """
        from collections import deque


        def check(candidate):
            assert candidate(deque(maxlen=3), [1, 2, 3, 4, 5]) == [3, 4, 5]
            assert candidate(deque([9]), [1]) == [9, 1]
        """, "push_all"),
    humaneval("he-arg-builtin-types", """
        def convert(kind, values):
            return [kind(v) for v in values]
        """, """
        def check(candidate):
            assert candidate(int, ["1", "22"]) == [1, 22]
            assert candidate(str.upper, ["ab", "c"]) == ["AB", "C"]
            assert candidate(float, ["1.5"]) == [1.5]
            assert candidate(len, [[1], "ab", ()]) == [1, 2, 0]
            assert candidate(tuple, ["ab"]) == [("a", "b")]
        """, "convert"),
    humaneval("he-arg-nan-inf", """
        import math


        def clean(xs):
            return [x for x in xs if not math.isnan(x) and not math.isinf(x)]
        """, """
        def check(candidate):
            nan, inf = float("nan"), float("inf")
            assert candidate([1.0, nan, inf, -inf, 2.5]) == [1.0, 2.5]
            assert candidate([nan]) == []
        """, "clean"),
    humaneval("he-arg-huge-int", """
        def digit_sum(n):
            s = 0
            while n:
                n, r = divmod(n, 10)
                s += r
            return s
        """, """
        def check(candidate):
            assert candidate(10 ** 5000) == 1
            assert candidate(2 * 10 ** 6000 + 7) == 9
        """, "digit_sum"),
    humaneval("he-arg-negative-zero", """
        import math


        def sign(x):
            return math.copysign(1.0, x)
        """, """
        def check(candidate):
            assert candidate(-0.0) == -1.0
            assert candidate(0.0) == 1.0
            assert candidate(-3) == -1.0
        """, "sign"),
    humaneval("he-arg-frozenset-keys", """
        def pair_weight(weights, a, b):
            return weights[frozenset((a, b))]
        """, """
        def check(candidate):
            w = {frozenset({1, 2}): 5, frozenset({2, 3}): 7}
            assert candidate(w, 2, 1) == 5
            assert candidate(w, 3, 2) == 7
        """, "pair_weight"),
    humaneval("he-arg-mixed-key-dict", """
        def lookup(d):
            return (d[1], d["1"], d[(1, 2)], d[None], d[2.5])
        """, """
        def check(candidate):
            d = {1: "int", "1": "str", (1, 2): "tuple", None: "none", 2.5: "float"}
            assert candidate(d) == ("int", "str", "tuple", "none", "float")
        """, "lookup"),
    humaneval("he-arg-tz-datetime", """
        from datetime import timedelta


        def shift_hours(moment, hours):
            return (moment + timedelta(hours=hours)).isoformat()
        """, """
        from datetime import datetime, timezone


        def check(candidate):
            assert candidate(datetime(2024, 1, 1, 23, tzinfo=timezone.utc), 2) == "2024-01-02T01:00:00+00:00"
        """, "shift_hours"),
    humaneval("he-arg-deepcopy-untouched", """
        import copy


        def with_zeroed(grid):
            g = copy.deepcopy(grid)
            for row in g:
                row[0] = 0
            return g
        """, """
        def check(candidate):
            grid = [[1, 2], [3, 4]]
            assert candidate(grid) == [[0, 2], [0, 4]]
            assert grid == [[1, 2], [3, 4]]
        """, "with_zeroed"),
    humaneval("he-arg-array-typed", """
        def doubled(arr):
            for i in range(len(arr)):
                arr[i] *= 2
            return arr.tolist()
        """, """
        from array import array


        def check(candidate):
            a = array("i", [1, 2, 3])
            assert candidate(a) == [2, 4, 6]
            assert a == array("i", [2, 4, 6])
        """, "doubled"),
]

# What the test does with the answer.
ANSWERS: list[Case] = [
    humaneval("he-ret-dict-keys-view", """
        def keys_of(d):
            return d.keys()
        """, """
        def check(candidate):
            assert candidate({"a": 1, "b": 2}) == {"a", "b"}
            assert "a" in candidate({"a": 1})
            assert sorted(candidate({"z": 0, "y": 0})) == ["y", "z"]
        """, "keys_of"),
    humaneval("he-ret-dict-items-view", """
        def items_of(d):
            return d.items()
        """, """
        def check(candidate):
            assert candidate({"a": 1}) == {("a", 1)}
            assert len(candidate({1: 2, 3: 4})) == 2
        """, "items_of"),
    humaneval("he-ret-map-object", """
        def squares(xs):
            return map(lambda x: x * x, xs)
        """, """
        def check(candidate):
            assert list(candidate([1, 2, 3])) == [1, 4, 9]
            it = candidate([5])
            assert next(it) == 25
        """, "squares"),
    humaneval("he-ret-filter-zip-enumerate", """
        def pipeline(xs):
            return enumerate(zip(filter(None, xs), "abc"))
        """, """
        def check(candidate):
            assert list(candidate([0, 1, 2, 0, 3])) == [(0, (1, "a")), (1, (2, "b")), (2, (3, "c"))]
        """, "pipeline"),
    humaneval("he-ret-range-object", """
        def evens_below(n):
            return range(0, n, 2)
        """, """
        def check(candidate):
            r = candidate(7)
            assert r == range(0, 7, 2)
            assert list(r) == [0, 2, 4, 6]
            assert len(r) == 4 and r[-1] == 6 and 4 in r
        """, "evens_below"),
    humaneval("he-ret-nan-and-inf", """
        def stats(xs):
            if not xs:
                return float("nan"), float("inf"), float("-inf")
            return sum(xs) / len(xs), min(xs), max(xs)
        """, """
        import math


        def check(candidate):
            mean, lo, hi = candidate([])
            assert math.isnan(mean) and lo == math.inf and hi == -math.inf
            assert candidate([1, 3]) == (2.0, 1, 3)
        """, "stats"),
    humaneval("he-ret-negative-zero", """
        def neg(x):
            return -x
        """, """
        import math


        def check(candidate):
            assert math.copysign(1.0, candidate(0.0)) == -1.0
            assert str(candidate(0.0)) == "-0.0"
        """, "neg"),
    humaneval("he-ret-huge-int", """
        def big_power(n):
            return 7 ** n
        """, """
        def check(candidate):
            assert candidate(10000) == 7 ** 10000
            assert candidate(10000) % 1000 == pow(7, 10000, 1000)
            assert candidate(3) == 343
        """, "big_power"),
    humaneval("he-ret-complex-list", """
        def unit_roots(n):
            import cmath
            return [cmath.exp(2j * cmath.pi * k / n) for k in range(n)]
        """, """
        def check(candidate):
            r = candidate(4)
            assert all(abs(a - b) < 1e-9 for a, b in zip(r, [1, 1j, -1, -1j]))
            assert isinstance(r[0], complex)
        """, "unit_roots"),
    humaneval("he-ret-isinstance-list-and-tuple", """
        def split_pairs(xs):
            return [x for x, _ in xs], tuple(y for _, y in xs)
        """, """
        def check(candidate):
            result = candidate([(1, "a"), (2, "b")])
            assert type(result) is tuple and len(result) == 2
            assert isinstance(result[0], list) and type(result[1]) is tuple
            assert result == ([1, 2], ("a", "b"))
        """, "split_pairs"),
    humaneval("he-ret-set-of-tuples", """
        def pairs_summing(xs, target):
            seen, out = set(), set()
            for x in xs:
                if target - x in seen:
                    out.add((min(x, target - x), max(x, target - x)))
                seen.add(x)
            return out
        """, """
        def check(candidate):
            assert candidate([1, 2, 3, 4, 5], 6) == {(1, 5), (2, 4)}
            assert type(candidate([], 1)) is set
        """, "pairs_summing"),
    humaneval("he-ret-counter-arithmetic", """
        from collections import Counter


        def letters(s):
            return Counter(c for c in s if c.isalpha())
        """, """
        from collections import Counter


        def check(candidate):
            c = candidate("a-b-a!")
            assert c["a"] == 2 and c["z"] == 0
            assert c + Counter("b") == Counter("aabb")
            assert c.most_common(1) == [("a", 2)]
            assert (c - Counter("a")) == Counter("ab")
        """, "letters"),
    humaneval("he-ret-defaultdict-missing", """
        from collections import defaultdict


        def index(words):
            d = defaultdict(list)
            for i, w in enumerate(words):
                d[w[0]].append(i)
            return d
        """, """
        def check(candidate):
            d = candidate(["ab", "ac", "b"])
            assert d["a"] == [0, 1]
            assert d["z"] == []
            assert "z" in d
        """, "index"),
    humaneval("he-ret-ordereddict-equality", """
        from collections import OrderedDict


        def ordered(pairs):
            return OrderedDict(sorted(pairs))
        """, """
        from collections import OrderedDict


        def check(candidate):
            d = candidate([("b", 1), ("a", 2)])
            assert d == OrderedDict([("a", 2), ("b", 1)])
            assert d != OrderedDict([("b", 1), ("a", 2)])
            assert list(d.keys()) == ["a", "b"]
        """, "ordered"),
    humaneval("he-ret-deque-rotate", """
        from collections import deque


        def rotated(xs, k):
            d = deque(xs)
            d.rotate(k)
            return d
        """, """
        from collections import deque


        def check(candidate):
            d = candidate([1, 2, 3, 4], 1)
            assert d == deque([4, 1, 2, 3])
            d.appendleft(0)
            assert list(d) == [0, 4, 1, 2, 3]
        """, "rotated"),
    humaneval("he-ret-chainmap", """
        from collections import ChainMap


        def layered(defaults, overrides):
            return ChainMap(overrides, defaults)
        """, """
        def check(candidate):
            c = candidate({"a": 1, "b": 2}, {"b": 3})
            assert c["a"] == 1 and c["b"] == 3
            assert dict(c) == {"a": 1, "b": 3}
        """, "layered"),
    humaneval("he-ret-bytes-and-bytearray", """
        def encode(s):
            data = s.encode("utf-8")
            return data, bytearray(reversed(data))
        """, """
        def check(candidate):
            b, ba = candidate("hé")
            assert b == b"h\\xc3\\xa9" and type(b) is bytes
            assert ba == bytearray(b"\\xa9\\xc3h") and isinstance(ba, bytearray)
            assert b.decode() == "hé"
        """, "encode"),
    humaneval("he-ret-timedelta-math", """
        from datetime import timedelta


        def total_time(spans):
            return sum((timedelta(minutes=m) for m in spans), timedelta())
        """, """
        from datetime import timedelta


        def check(candidate):
            t = candidate([30, 45, 60])
            assert t == timedelta(hours=2, minutes=15)
            assert t.total_seconds() == 8100
            assert t // timedelta(minutes=1) == 135
            assert t - timedelta(minutes=15) == timedelta(hours=2)
        """, "total_time"),
    humaneval("he-ret-string-constants", """
        import string


        def caesar(s, k):
            lo, up = string.ascii_lowercase, string.ascii_uppercase
            table = str.maketrans(lo + up, lo[k:] + lo[:k] + up[k:] + up[:k])
            return s.translate(table)
        """, """
        import string


        def check(candidate):
            assert candidate("Hello, World!", 3) == "Khoor, Zruog!"
            assert candidate(string.ascii_lowercase, 1) == string.ascii_lowercase[1:] + "a"
        """, "caesar"),
    humaneval("he-ret-re-match-groups", """
        import re


        def parse(line):
            return re.match(r"(?P<key>\\w+)\\s*=\\s*(?P<value>\\d+)", line)
        """, """
        def check(candidate):
            m = candidate("x = 42")
            assert m is not None
            assert m.group("key") == "x" and m.group(2) == "42"
            assert m.groups() == ("x", "42")
            assert m.groupdict() == {"key": "x", "value": "42"}
            assert candidate("nothing") is None
        """, "parse"),
    humaneval("he-ret-generator-yield-from", """
        def flatten(xs):
            for x in xs:
                if isinstance(x, list):
                    yield from flatten(x)
                else:
                    yield x
        """, """
        def check(candidate):
            assert list(candidate([1, [2, [3, [4]], 5]])) == [1, 2, 3, 4, 5]
            g = candidate([[1], 2])
            assert next(g) == 1 and next(g) == 2
            assert next(g, "done") == "done"
        """, "flatten"),
    humaneval("he-ret-infinite-generator-islice", """
        def fib():
            a, b = 0, 1
            while True:
                yield a
                a, b = b, a + b
        """, """
        from itertools import islice, takewhile


        def check(candidate):
            assert list(islice(candidate(), 10)) == [0, 1, 1, 2, 3, 5, 8, 13, 21, 34]
            assert sum(takewhile(lambda x: x < 100, candidate())) == 232
        """, "fib"),
    humaneval("he-ret-tee-pairs", """
        from itertools import tee


        def pairwise_diffs(xs):
            a, b = tee(xs)
            next(b, None)
            return [y - x for x, y in zip(a, b)]
        """, """
        def check(candidate):
            assert candidate([1, 4, 9, 16]) == [3, 5, 7]
            assert candidate(iter([5])) == []
        """, "pairwise_diffs"),
    humaneval("he-ret-groupby-consumed", """
        from itertools import groupby


        def runs(s):
            return [(k, len(list(g))) for k, g in groupby(s)]
        """, """
        def check(candidate):
            assert candidate("aaabccdd") == [("a", 3), ("b", 1), ("c", 2), ("d", 2)]
            assert candidate("") == []
        """, "runs"),
    humaneval("he-ret-accumulate-max", """
        from itertools import accumulate
        import operator


        def running(xs):
            return list(accumulate(xs, max)), list(accumulate(xs, operator.mul, initial=1))
        """, """
        def check(candidate):
            assert candidate([3, 1, 4, 1, 5]) == ([3, 3, 4, 4, 5], [1, 3, 3, 12, 12, 60])
        """, "running"),
    humaneval("he-ret-reduce-gcd", """
        from functools import reduce
        from math import gcd


        def lcm_all(xs):
            return reduce(lambda a, b: a * b // gcd(a, b), xs, 1)
        """, """
        def check(candidate):
            assert candidate([4, 6, 8]) == 24
            assert candidate(range(1, 21)) == 232792560
        """, "lcm_all"),
    humaneval("he-ret-starmap", """
        from itertools import starmap


        def powers(pairs):
            return list(starmap(pow, pairs))
        """, """
        def check(candidate):
            assert candidate([(2, 5), (3, 2), (10, 0)]) == [32, 9, 1]
        """, "powers"),
    humaneval("he-ret-lru-cache-function", """
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
        """, """
        def check(candidate):
            assert candidate(5) == 7
            assert candidate(100) == 190569292
            assert candidate.cache_info().hits > 0
        """, "partitions"),
    humaneval("he-ret-heapq-objects", """
        import heapq


        def k_smallest(xs, k):
            return heapq.nsmallest(k, xs, key=lambda t: (t[1], t[0]))
        """, """
        import heapq


        def check(candidate):
            assert candidate([("a", 3), ("b", 1), ("c", 2)], 2) == [("b", 1), ("c", 2)]
            h = candidate([(i, -i) for i in range(5)], 3)
            heapq.heapify(h)
            assert heapq.heappop(h) == (2, -2)
        """, "k_smallest"),
    humaneval("he-ret-bisect-positions", """
        from bisect import bisect_left, bisect_right


        def count_range(sorted_xs, lo, hi):
            return bisect_right(sorted_xs, hi) - bisect_left(sorted_xs, lo)
        """, """
        def check(candidate):
            assert candidate([1, 2, 2, 3, 5, 8], 2, 5) == 4
            assert candidate([], 0, 1) == 0
        """, "count_range"),
]

# Objects and classes of the completion, used by the test.
OBJECTS: list[Case] = [
    humaneval("he-enum-identity", """
        from enum import Enum


        class Light(Enum):
            RED = "r"
            GREEN = "g"
            YELLOW = "y"


        def next_light(light):
            order = [Light.GREEN, Light.YELLOW, Light.RED]
            return order[(order.index(light) + 1) % 3]
        """, """
        def check(candidate):
            assert candidate(Light.GREEN) is Light.YELLOW
            assert candidate(Light.RED) == Light.GREEN
            assert candidate(candidate(Light.GREEN)).value == "r"
            assert {candidate(x) for x in Light} == set(Light)
        """, "next_light"),
    humaneval("he-enum-returned-by-value", """
        from enum import Enum, auto


        class Grade(Enum):
            LOW = auto()
            MID = auto()
            HIGH = auto()


        def grade(score):
            if score >= 80:
                return Grade.HIGH
            return Grade.MID if score >= 50 else Grade.LOW
        """, """
        def check(candidate):
            assert candidate(90) == Grade.HIGH
            assert candidate(10).name == "LOW"
            assert candidate(60) in (Grade.MID, Grade.HIGH)
            assert Grade(candidate(55).value) is Grade.MID
        """, "grade"),
    humaneval("he-enum-dict-key", """
        from enum import Enum


        class Dir(Enum):
            N = (0, 1)
            E = (1, 0)
            S = (0, -1)
            W = (-1, 0)


        def count_dirs(moves):
            table = {"N": Dir.N, "E": Dir.E, "S": Dir.S, "W": Dir.W}
            out = {}
            for m in moves:
                out[table[m]] = out.get(table[m], 0) + 1
            return out
        """, """
        def check(candidate):
            c = candidate("NNE")
            assert c[Dir.N] == 2 and c[Dir.E] == 1
            assert Dir.S not in c
        """, "count_dirs"),
    humaneval("he-namedtuple-as-tuple", """
        from typing import NamedTuple


        class Span(NamedTuple):
            start: int
            end: int


        def longest(spans):
            return max((Span(*s) for s in spans), key=lambda s: s.end - s.start)
        """, """
        def check(candidate):
            s = candidate([(1, 3), (2, 9), (4, 5)])
            assert s == (2, 9)
            assert isinstance(s, tuple)
            start, end = s
            assert (start, end) == (2, 9) and s.end == 9 and s[0] == 2
        """, "longest"),
    humaneval("he-obj-hash-eq-in-set", """
        class Point:
            def __init__(self, x, y):
                self.x, self.y = x, y

            def __eq__(self, other):
                return isinstance(other, Point) and (self.x, self.y) == (other.x, other.y)

            def __hash__(self):
                return hash((self.x, self.y))


        def make(x, y):
            return Point(x, y)
        """, """
        def check(candidate):
            pts = {candidate(1, 2), candidate(1, 2), candidate(3, 4)}
            assert len(pts) == 2
            assert candidate(3, 4) in pts
            seen = {candidate(0, 0): "origin"}
            assert seen[candidate(0, 0)] == "origin"
        """, "make"),
    humaneval("he-obj-sorted-by-lt", """
        class Version:
            def __init__(self, text):
                self.parts = tuple(int(p) for p in text.split("."))

            def __lt__(self, other):
                return self.parts < other.parts

            def __eq__(self, other):
                return self.parts == other.parts

            def __repr__(self):
                return ".".join(map(str, self.parts))


        def parse(text):
            return Version(text)
        """, """
        def check(candidate):
            vs = [candidate(t) for t in ["1.10", "1.2", "1.2.1"]]
            assert [repr(v) for v in sorted(vs)] == ["1.2", "1.2.1", "1.10"]
            assert repr(max(vs)) == "1.10" and repr(min(vs)) == "1.2"
            assert candidate("2.0") > candidate("1.9")
        """, "parse"),
    humaneval("he-obj-heap-items", """
        import heapq


        class Task:
            def __init__(self, prio, name):
                self.prio, self.name = prio, name

            def __lt__(self, other):
                return self.prio < other.prio


        def task(prio, name):
            return Task(prio, name)
        """, """
        import heapq


        def check(candidate):
            h = []
            for p, n in [(3, "c"), (1, "a"), (2, "b")]:
                heapq.heappush(h, candidate(p, n))
            assert [heapq.heappop(h).name for _ in range(3)] == ["a", "b", "c"]
        """, "task"),
    humaneval("he-dataclass-frozen-order", """
        from dataclasses import dataclass, field


        @dataclass(frozen=True, order=True)
        class Card:
            rank: int
            suit: str = field(compare=False)


        def hand(cards):
            return sorted(Card(r, s) for r, s in cards)
        """, """
        def check(candidate):
            h = candidate([(10, "h"), (2, "s"), (7, "d")])
            assert [c.rank for c in h] == [2, 7, 10]
            assert h[0] < h[1] and h[2] == Card(10, "x")
            assert len({h[0], h[1], Card(2, "q")}) == 2
            try:
                h[0].rank = 5
            except Exception as e:
                assert type(e).__name__ == "FrozenInstanceError"
            else:
                assert False
        """, "hand"),
    humaneval("he-obj-str-and-format", """
        class Money:
            def __init__(self, cents):
                self.cents = cents

            def __str__(self):
                return f"${self.cents // 100}.{self.cents % 100:02d}"

            def __format__(self, spec):
                return format(str(self), spec)


        def money(cents):
            return Money(cents)
        """, """
        def check(candidate):
            m = candidate(1205)
            assert str(m) == "$12.05"
            assert f"{m}" == "$12.05"
            assert f"[{m:>8}]" == "[  $12.05]"
            assert "total: %s" % m == "total: $12.05"
        """, "money"),
    humaneval("he-obj-sequence-protocol", """
        class Ring:
            def __init__(self, items):
                self.items = list(items)

            def __len__(self):
                return len(self.items)

            def __getitem__(self, i):
                return self.items[i % len(self.items)]


        def ring(items):
            return Ring(items)
        """, """
        def check(candidate):
            r = candidate("abc")
            assert len(r) == 3
            assert r[4] == "b" and r[-1] == "c"
            assert [r[i] for i in range(5)] == ["a", "b", "c", "a", "b"]
        """, "ring"),
    humaneval("he-obj-iterator-class", """
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
            it = candidate(2)
            assert next(it) == 2 and next(it) == 1
            assert next(it, None) is None
            assert sum(candidate(100)) == 5050
        """, "countdown"),
    humaneval("he-obj-callable-instance", """
        class Poly:
            def __init__(self, coeffs):
                self.coeffs = coeffs

            def __call__(self, x):
                return sum(c * x ** i for i, c in enumerate(self.coeffs))


        def poly(coeffs):
            return Poly(coeffs)
        """, """
        def check(candidate):
            p = candidate([1, 0, 2])
            assert p(0) == 1 and p(3) == 19
            assert [candidate([0, 1])(x) for x in range(3)] == [0, 1, 2]
            assert list(map(p, [1, 2])) == [3, 9]
        """, "poly"),
    humaneval("he-obj-slots-and-property", """
        class Rect:
            __slots__ = ("w", "h")

            def __init__(self, w, h):
                self.w, self.h = w, h

            @property
            def area(self):
                return self.w * self.h


        def rect(w, h):
            return Rect(w, h)
        """, """
        def check(candidate):
            r = candidate(3, 4)
            assert r.area == 12
            assert not hasattr(r, "__dict__")
            r.w = 5
            assert r.area == 20
        """, "rect"),
    humaneval("he-obj-exception-class-caught", """
        class InsufficientFunds(Exception):
            def __init__(self, needed):
                super().__init__(f"need {needed} more")
                self.needed = needed


        def withdraw(balance, amount):
            if amount > balance:
                raise InsufficientFunds(amount - balance)
            return balance - amount
        """, """
        def check(candidate):
            assert candidate(10, 3) == 7
            try:
                candidate(5, 8)
            except InsufficientFunds as e:
                assert e.needed == 3 and str(e) == "need 3 more"
            else:
                assert False, "no exception"
        """, "withdraw"),
    humaneval("he-obj-exception-hierarchy", """
        class ParseError(ValueError):
            pass


        def parse_int(s):
            if not s.strip().lstrip("-").isdigit():
                raise ParseError(s)
            return int(s)
        """, """
        def check(candidate):
            assert candidate(" -4") == -4
            for bad in ["", "x", "1.5"]:
                try:
                    candidate(bad)
                except ValueError as e:
                    assert isinstance(e, ParseError) and e.args == (bad,)
                else:
                    assert False
        """, "parse_int"),
    humaneval("he-obj-sum-with-start", """
        class Vec:
            def __init__(self, x, y):
                self.x, self.y = x, y

            def __add__(self, other):
                return Vec(self.x + other.x, self.y + other.y)

            def __eq__(self, other):
                return (self.x, self.y) == (other.x, other.y)


        def vec(x, y):
            return Vec(x, y)
        """, """
        def check(candidate):
            total = sum([candidate(1, 2), candidate(3, 4)], candidate(0, 0))
            assert total == candidate(4, 6)
            assert (total.x, total.y) == (4, 6)
        """, "vec"),
    humaneval("he-obj-str-subclass-text", """
        class Upper(str):
            def __new__(cls, s):
                return super().__new__(cls, s.upper())

            def shout(self):
                return self + "!"


        def upper(s):
            return Upper(s)
        """, """
        def check(candidate):
            u = candidate("hi")
            assert u.shout() == "HI!"
            assert len(u) == 2 and u.lower() == "hi"
        """, "upper"),
    humaneval("he-obj-bool-and-len", """
        class Stack:
            def __init__(self):
                self.items = []

            def push(self, x):
                self.items.append(x)
                return self

            def pop(self):
                return self.items.pop()

            def __len__(self):
                return len(self.items)


        def stack():
            return Stack()
        """, """
        def check(candidate):
            s = candidate()
            assert not s
            s.push(1).push(2)
            assert s and len(s) == 2
            assert s.pop() == 2 and len(s) == 1
        """, "stack"),
    humaneval("he-obj-class-returned", """
        def make_counter_class(start):
            class Counter:
                def __init__(self):
                    self.n = start

                def tick(self):
                    self.n += 1
                    return self.n
            return Counter
        """, """
        def check(candidate):
            C = candidate(10)
            c = C()
            assert c.tick() == 11 and c.tick() == 12
            assert C().tick() == 11
        """, "make_counter_class"),
    humaneval("he-obj-total-ordering-in-test", """
        from functools import total_ordering


        @total_ordering
        class Weight:
            def __init__(self, kg):
                self.kg = kg

            def __eq__(self, o):
                return self.kg == o.kg

            def __lt__(self, o):
                return self.kg < o.kg


        def heaviest(ws):
            return max(Weight(w) for w in ws)
        """, """
        def check(candidate):
            w = candidate([3, 9, 1])
            assert w.kg == 9
            assert w >= Weight(9) and w <= Weight(10)
        """, "heaviest"),
    humaneval("he-recursion-near-limit", """
        def depth(n):
            return 0 if n == 0 else 1 + depth(n - 1)
        """, """
        def check(candidate):
            assert candidate(900) == 900
        """, "depth"),
]

MBPP: list[Case] = [
    asserts("mbpp-isinstance-result", """
        def unique_sorted(xs):
            return sorted(set(xs))
        """, ["assert isinstance(unique_sorted([3, 1, 3]), list)", "assert unique_sorted([3, 1, 3]) == [1, 3]",
              "assert type(unique_sorted(())) is list"]),
    asserts("mbpp-float-tolerance", """
        import math


        def circle_area(r):
            return math.pi * r * r
        """, ["assert abs(circle_area(2) - 12.566370614359172) < 1e-9",
              "assert math.isclose(circle_area(1), 3.141592653589793)",
              "assert round(circle_area(3), 2) == 28.27"], setup="import math"),
    asserts("mbpp-setup-defines-data", """
        def count_vowels(s):
            return sum(ch in "aeiouAEIOU" for ch in s)
        """, ["assert [count_vowels(w) for w in WORDS] == [2, 1, 0]", "assert count_vowels(SENTENCE) == 5"],
            setup="""
        WORDS = ["hello", "sky!a", "xyz"]
        SENTENCE = "The quick brown fox"
        """),
    asserts("mbpp-big-factorial-digits", """
        def fact_digit_sum(n):
            f = 1
            for i in range(2, n + 1):
                f *= i
            return sum(map(int, str(f)))
        """, ["assert fact_digit_sum(100) == 648", "assert fact_digit_sum(10) == 27"]),
    asserts("mbpp-bytes-hex", """
        def to_hex(data):
            return data.hex(" ")
        """, ["assert to_hex(b'\\x00\\xff') == '00 ff'", "assert to_hex(bytearray(b'AB')) == '41 42'"]),
    asserts("mbpp-complex-abs", """
        def magnitude(re_part, im_part):
            return abs(complex(re_part, im_part))
        """, ["assert magnitude(3, 4) == 5.0", "assert magnitude(0, -2) == 2.0"]),
    asserts("mbpp-tuple-result-type", """
        def min_max(xs):
            return min(xs), max(xs)
        """, ["assert min_max([4, 1, 7]) == (1, 7)", "assert type(min_max([1])) is tuple"]),
    asserts("mbpp-inf-as-sentinel", """
        def min_positive(xs):
            best = float('inf')
            for x in xs:
                if 0 < x < best:
                    best = x
            return best
        """, ["assert min_positive([3, -1, 2]) == 2", "assert min_positive([-1]) == float('inf')",
              "assert min_positive([]) > 10 ** 100"]),
    asserts("mbpp-dict-fromkeys", """
        def zero_counts(keys):
            return dict.fromkeys(keys, 0)
        """, ["assert zero_counts('ab') == {'a': 0, 'b': 0}", "assert zero_counts([]) == {}"]),
    asserts("mbpp-zip-longest", """
        from itertools import zip_longest


        def interleave(a, b):
            return [x for pair in zip_longest(a, b) for x in pair if x is not None]
        """, ["assert interleave([1, 2, 3], 'ab') == [1, 'a', 2, 'b', 3]", "assert interleave([], []) == []"]),
    asserts("mbpp-cycle-islice", """
        from itertools import cycle, islice


        def repeat_to(xs, n):
            return list(islice(cycle(xs), n))
        """, ["assert repeat_to([1, 2], 5) == [1, 2, 1, 2, 1]"]),
    asserts("mbpp-combinations-count", """
        from itertools import combinations


        def triples_with_sum(xs, s):
            return sum(1 for c in combinations(xs, 3) if sum(c) == s)
        """, ["assert triples_with_sum([1, 2, 3, 4, 5], 9) == 2", "assert triples_with_sum([], 0) == 0"]),
    asserts("mbpp-enum-returned", """
        from enum import Enum


        class Parity(Enum):
            EVEN = 0
            ODD = 1


        def parity(n):
            return Parity(n % 2)
        """, ["assert parity(4) == Parity.EVEN", "assert parity(7) is Parity.ODD", "assert parity(3).name == 'ODD'"]),
    asserts("mbpp-namedtuple-fields", """
        from collections import namedtuple

        Stats = namedtuple('Stats', 'count total')


        def stats(xs):
            return Stats(len(xs), sum(xs))
        """, ["assert stats([1, 2]) == (2, 3)", "assert stats([1, 2]).total == 3",
              "assert isinstance(stats([]), tuple)", "assert stats([5]) == Stats(1, 5)"]),
    asserts("mbpp-chr-ord-shift", """
        def next_letters(s):
            return ''.join(chr((ord(c) - 97 + 1) % 26 + 97) for c in s)
        """, ["assert next_letters('abz') == 'bca'"]),
    asserts("mbpp-divmod-tuple", """
        def split_minutes(m):
            return divmod(m, 60)
        """, ["assert split_minutes(135) == (2, 15)", "assert split_minutes(-1) == (-1, 59)"]),
    asserts("mbpp-set-of-frozensets", """
        def subsets_of_size(xs, k):
            from itertools import combinations
            return {frozenset(c) for c in combinations(xs, k)}
        """, ["assert subsets_of_size([1, 2, 3], 2) == {frozenset({1, 2}), frozenset({1, 3}), frozenset({2, 3})}",
              "assert frozenset({3, 2}) in subsets_of_size([1, 2, 3], 2)"]),
    asserts("mbpp-statement-tests", """
        def running_total(xs):
            out, s = [], 0
            for x in xs:
                s += x
                out.append(s)
            return out
        """, ["result = running_total([1, 2, 3])", "assert result == [1, 3, 6]", "result.append(0)",
              "assert running_total([1]) == [1]"]),
    asserts("mbpp-setup-state-consumed", """
        class Stack:
            def __init__(self):
                self.items = []

            def push(self, x):
                self.items.append(x)

            def pop(self):
                return self.items.pop()
        """, ["assert s.pop() == 3", "assert s.pop() == 2", "s.push(9)", "assert s.pop() == 9"], setup="""
        s = Stack()
        for i in (1, 2, 3):
            s.push(i)
        """),
    asserts("mbpp-walrus-result-reused", """
        def squares(n):
            return [i * i for i in range(n)]
        """, ["assert len(r := squares(4)) == 4", "assert r[-1] == 9"]),
    asserts("mbpp-nan-in-output", """
        def safe_div(a, b):
            return a / b if b else float('nan')
        """, ["assert safe_div(1, 2) == 0.5", "assert safe_div(1, 0) != safe_div(1, 0)",
              "import math; assert math.isnan(safe_div(0, 0))"]),
]

LEETCODE: list[Case] = [
    lc("lcd-float-answer-tolerance", """
        class Solution:
            def findMaxAverage(self, nums: List[int], k: int) -> float:
                s = best = sum(nums[:k])
                for i in range(k, len(nums)):
                    s += nums[i] - nums[i - k]
                    best = max(best, s)
                return best / k
        """, "findMaxAverage", """
        def check(candidate):
            assert abs(candidate(nums=[1, 12, -5, -6, 50, 3], k=4) - 12.75) < 1e-5
            assert candidate(nums=[5], k=1) == 5.0
        """),
    lc("lcd-heap-merge-k-lists", """
        class Solution:
            def mergeKLists(self, lists: List[Optional[ListNode]]) -> Optional[ListNode]:
                heap = [(node.val, i, node) for i, node in enumerate(lists) if node]
                heapq.heapify(heap)
                dummy = tail = ListNode()
                while heap:
                    _, i, node = heapq.heappop(heap)
                    tail.next = node
                    tail = node
                    if node.next:
                        heapq.heappush(heap, (node.next.val, i, node.next))
                return dummy.next
        """, "mergeKLists", """
        def check(candidate):
            out = candidate(lists=[list_node([1, 4, 5]), list_node([1, 3, 4]), list_node([2, 6])])
            assert is_same_list(out, list_node([1, 1, 2, 3, 4, 4, 5, 6]))
            assert candidate(lists=[]) is None
        """),
    lc("lcd-cache-decorated-method", """
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
    lc("lcd-any-order-sorted-by-test", """
        class Solution:
            def permute(self, nums: List[int]) -> List[List[int]]:
                return [list(p) for p in permutations(nums)]
        """, "permute", """
        def check(candidate):
            assert sorted(candidate(nums=[1, 2, 3])) == [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2],
                                                          [3, 2, 1]]
            assert candidate(nums=[1]) == [[1]]
        """),
    lc("lcd-inf-in-dp", """
        class Solution:
            def coinChange(self, coins: List[int], amount: int) -> int:
                dp = [0] + [inf] * amount
                for a in range(1, amount + 1):
                    for c in coins:
                        if c <= a and dp[a - c] + 1 < dp[a]:
                            dp[a] = dp[a - c] + 1
                return -1 if dp[amount] == inf else dp[amount]
        """, "coinChange", """
        def check(candidate):
            assert candidate(coins=[1, 2, 5], amount=11) == 3
            assert candidate(coins=[2], amount=3) == -1
            assert candidate(coins=[1], amount=0) == 0
        """),
    lc("lcd-lis-bisect-tails", """
        class Solution:
            def lengthOfLIS(self, nums: List[int]) -> int:
                tails = []
                for x in nums:
                    i = bisect_left(tails, x)
                    if i == len(tails):
                        tails.append(x)
                    else:
                        tails[i] = x
                return len(tails)
        """, "lengthOfLIS", """
        def check(candidate):
            assert candidate(nums=[10, 9, 2, 5, 3, 7, 101, 18]) == 4
            assert candidate(nums=[7] * 5) == 1
        """),
    lc("lcd-string-bool-answers", """
        class Solution:
            def isAnagram(self, s: str, t: str) -> bool:
                return Counter(s) == Counter(t)
        """, "isAnagram", """
        def check(candidate):
            assert candidate(s="anagram", t="nagaram") == True
            assert candidate(s="rat", t="car") is False
        """),
    lc("lcd-reduce-xor", """
        class Solution:
            def singleNumber(self, nums: List[int]) -> int:
                return reduce(operator.xor, nums)
        """, "singleNumber", """
        def check(candidate):
            assert candidate(nums=[4, 1, 2, 1, 2]) == 4
            assert candidate(nums=[1]) == 1
        """),
    lc("lcd-level-order-deque-rebuilt", """
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
    lc("lcd-big-int-string-math", """
        class Solution:
            def multiply(self, num1: str, num2: str) -> str:
                return str(int(num1) * int(num2))
        """, "multiply", """
        def check(candidate):
            assert candidate(num1="123", num2="456") == "56088"
            assert candidate(num1="9" * 200, num2="9" * 200) == str((10 ** 200 - 1) ** 2)
        """),
    la("lcd-assert-list-sets-of-tuples", """
        class Solution:
            def threeSum(self, nums):
                nums.sort()
                out = set()
                for i in range(len(nums)):
                    seen = set()
                    for j in range(i + 1, len(nums)):
                        need = -nums[i] - nums[j]
                        if need in seen:
                            out.add((nums[i], need, nums[j]))
                        seen.add(nums[j])
                return [list(t) for t in out]
        """, ["assert sorted(map(sorted, Solution().threeSum([-1, 0, 1, 2, -1, -4]))) == [[-1, -1, 2], [-1, 0, 1]]",
              "assert Solution().threeSum([0, 0, 0]) == [[0, 0, 0]]"]),
    la("lcd-assert-list-design-lru", """
        from collections import OrderedDict


        class LRUCache:
            def __init__(self, capacity):
                self.cap = capacity
                self.d = OrderedDict()

            def get(self, key):
                if key not in self.d:
                    return -1
                self.d.move_to_end(key)
                return self.d[key]

            def put(self, key, value):
                self.d[key] = value
                self.d.move_to_end(key)
                if len(self.d) > self.cap:
                    self.d.popitem(last=False)
        """, ["c = LRUCache(2)", "c.put(1, 1); c.put(2, 2)", "assert c.get(1) == 1", "c.put(3, 3)",
              "assert c.get(2) == -1", "assert [c.get(k) for k in (1, 3, 4)] == [1, 3, -1]"]),
]

STDIO: list[Case] = [
    stdio("cf-print-sep-newline", """
        n = int(input())
        xs = sorted(map(int, input().split()))
        print(*xs, sep="\\n")
        """, [("3\n3 1 2\n", "1\n2\n3\n")]),
    stdio("cf-print-end-empty", """
        n = int(input())
        for i in range(n):
            print(i * i, end=" " if i < n - 1 else "")
        print()
        """, [("4\n", "0 1 4 9\n"), ("1\n", "0\n")]),
    stdio("cf-stdout-write-pieces", """
        import sys

        data = sys.stdin.read().split()
        t = int(data[0])
        for i in range(1, t + 1):
            sys.stdout.write(str(int(data[i]) * 2))
            sys.stdout.write(" ")
        sys.stdout.write("\\n")
        """, [("3\n1\n2\n3\n", "2 4 6\n")]),
    stdio("cf-large-output", """
        n = int(input())
        print("\\n".join(str(i) for i in range(1, n + 1)))
        """, [("200000\n", "\n".join(str(i) for i in range(1, 200001)) + "\n")]),
    stdio("cf-large-output-many-prints", """
        n = int(input())
        for i in range(n):
            print(i, i * 2)
        """, [("50000\n", "".join(f"{i} {i * 2}\n" for i in range(50000)))]),
    stdio("cf-input-until-eof-sum", """
        total = 0
        while True:
            try:
                line = input()
            except EOFError:
                break
            total += sum(map(int, line.split()))
        print(total)
        """, [("1 2\n3\n4 5 6\n", "21\n"), ("7", "7\n")]),
    stdio("cf-buffer-split-ints", """
        import sys

        def main():
            data = sys.stdin.buffer.read().split()
            n, q = int(data[0]), int(data[1])
            a = list(map(int, data[2:2 + n]))
            pre = [0]
            for x in a:
                pre.append(pre[-1] + x)
            out = []
            idx = 2 + n
            for _ in range(q):
                l, r = int(data[idx]), int(data[idx + 1])
                idx += 2
                out.append(pre[r] - pre[l - 1])
            sys.stdout.write("\\n".join(map(str, out)) + "\\n")

        main()
        """, [("5 3\n1 2 3 4 5\n1 5\n2 3\n5 5\n", "15\n5\n5\n")]),
    stdio("cf-thread-stack-recursion", """
        import sys
        import threading


        def main():
            n = int(sys.stdin.readline())
            children = [[] for _ in range(n + 1)]
            for v in range(2, n + 1):
                children[v - 1].append(v)

            def depth(v):
                return 1 + max((depth(c) for c in children[v]), default=0)

            print(depth(1))


        sys.setrecursionlimit(1 << 20)
        threading.stack_size(1 << 27)
        t = threading.Thread(target=main)
        t.start()
        t.join()
        """, [("30000\n", "30000\n")]),
    stdio("cf-print-float-format", """
        import math

        r = float(input())
        print(f"{math.pi * r * r:.6f}")
        print("%.3f" % (2 * math.pi * r))
        """, [("2\n", "12.566371\n12.566\n")]),
    stdio("cf-big-int-output", """
        n = int(input())
        f = 1
        for i in range(2, n + 1):
            f *= i
        print(f)
        """, [("1000\n", __import__("math").factorial(1000).__str__() + "\n")]),
    stdio("cf-huge-int-output", """
        import sys

        sys.set_int_max_str_digits(0)
        n = int(input())
        print(len(str(3 ** n)), str(3 ** n)[:5])
        """, [("20000\n", "9543 26613\n")]),
    stdio("cf-lru-cache-recursion-stdin", """
        import sys
        from functools import lru_cache

        sys.setrecursionlimit(10000)


        @lru_cache(maxsize=None)
        def ways(n):
            if n < 0:
                return 0
            if n == 0:
                return 1
            return (ways(n - 1) + ways(n - 2) + ways(n - 3)) % 1000000007


        print(ways(int(input())))
        """, [("3000\n", _ways(3000))]),
    stdio("cf-yes-no-multi-test", """
        import sys

        input = sys.stdin.readline
        t = int(input())
        for _ in range(t):
            s = input().strip()
            print("YES" if s == s[::-1] else "NO")
        """, [("3\naba\nab\nx\n", "YES\nNO\nYES\n")]),
    stdio("cf-dijkstra-inf-unreached", """
        import heapq
        import sys

        data = sys.stdin.read().split()
        n, m = int(data[0]), int(data[1])
        g = [[] for _ in range(n + 1)]
        for i in range(m):
            a, b, w = (int(x) for x in data[2 + 3 * i:5 + 3 * i])
            g[a].append((b, w))
            g[b].append((a, w))
        dist = [float("inf")] * (n + 1)
        dist[1] = 0
        h = [(0, 1)]
        while h:
            d, u = heapq.heappop(h)
            if d > dist[u]:
                continue
            for v, w in g[u]:
                if d + w < dist[v]:
                    dist[v] = d + w
                    heapq.heappush(h, (dist[v], v))
        print(" ".join(str(x) if x != float("inf") else "-1" for x in dist[1:]))
        """, [("4 3\n1 2 5\n2 3 1\n1 3 9\n", "0 5 6 -1\n")]),
    stdio("cf-groupby-rle", """
        from itertools import groupby

        s = input().strip()
        print("".join(f"{k}{len(list(g))}" for k, g in groupby(s)))
        """, [("aaabbc\n", "a3b2c1\n")]),
    stdio("cf-accumulate-prefix", """
        from itertools import accumulate

        input()
        xs = list(map(int, input().split()))
        print(*accumulate(xs))
        print(max(accumulate(xs, max)))
        """, [("4\n3 -1 4 1\n", "3 2 6 7\n4\n")]),
    stdio("cf-bisect-right-iter-next", """
        import bisect
        import sys

        it = iter(sys.stdin.read().split())
        n = int(next(it))
        a = sorted(int(next(it)) for _ in range(n))
        q = int(next(it))
        print(" ".join(str(bisect.bisect_right(a, int(next(it)))) for _ in range(q)))
        """, [("5\n5 1 3 3 9\n3\n3 0 10\n", "3 0 5\n")]),
    stdio("cf-print-list-repr", """
        xs = list(map(int, input().split()))
        print(sorted(xs))
        print(tuple(xs[:2]))
        print({x % 3 for x in xs} == {0, 1, 2})
        """, [("3 1 2\n", "[1, 2, 3]\n(3, 1)\nTrue\n")]),
    stdio("cf-complex-abs-distance", """
        ax, ay, bx, by = map(float, input().split())
        a, b = complex(ax, ay), complex(bx, by)
        print(f"{abs(b - a):.4f}")
        """, [("0 0 3 4\n", "5.0000\n")]),
    stdio("cf-decimal-rounding", """
        from decimal import ROUND_HALF_UP, Decimal

        x = Decimal(input().strip())
        print(x.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
        """, [("2.25\n", "2.3\n"), ("-1.05\n", "-1.1\n")]),
    stdio("cf-string-module-count", """
        import string

        s = input()
        print(sum(c in string.punctuation for c in s), sum(c in string.digits for c in s))
        """, [("a1,b2!?\n", "3 2\n")]),
    stdio("cf-enum-word-states", """
        from enum import Enum


        class State(Enum):
            OUT = 0
            IN = 1


        state, words = State.OUT, 0
        for ch in input():
            if ch.isalpha():
                if state is State.OUT:
                    words += 1
                state = State.IN
            else:
                state = State.OUT
        print(words)
        """, [("hi, there  you\n", "3\n")]),
    stdio("cf-dataclass-sort-output", """
        import sys
        from dataclasses import dataclass


        @dataclass(order=True)
        class Row:
            score: int
            name: str


        lines = sys.stdin.read().splitlines()
        rows = sorted(Row(-int(s), n) for n, s in (line.split() for line in lines[1:]))
        for r in rows:
            print(r.name, -r.score)
        """, [("3\nbob 5\nal 7\ncy 5\n", "al 7\nbob 5\ncy 5\n")]),
    stdio("cf-sys-exit-zero-midway", """
        import sys

        n = int(input())
        if n == 0:
            print(0)
            sys.exit(0)
        print(n * 2)
        """, [("0\n", "0\n"), ("4\n", "8\n")]),
    stdio("cf-main-function-return-code", """
        import sys


        def main() -> int:
            a, b = map(int, sys.stdin.readline().split())
            print(a + b)
            return 0


        if __name__ == "__main__":
            sys.exit(main())
        """, [("2 3\n", "5\n")]),
    stdio("cf-print-flush-interactive-style", """
        import sys

        n = int(input())
        for i in range(n):
            print(i, flush=True)
        sys.stdout.flush()
        """, [("3\n", "0\n1\n2\n")]),
    stdio("cf-stdout-buffer-write", """
        import sys

        xs = sys.stdin.buffer.read().split()[1:]
        sys.stdout.buffer.write(b" ".join(reversed(xs)) + b"\\n")
        """, [("3\n1 2 3\n", "3 2 1\n")]),
    stdio("cf-no-trailing-newline", """
        import sys

        s = sys.stdin.read().strip()
        sys.stdout.write(s[::-1])
        """, [("abc\n", "cba\n")]),
    stdio("cf-empty-lines-in-output", """
        t = int(input())
        for _ in range(t):
            n = int(input())
            print(*range(n))
        """, [("3\n2\n0\n1\n", "0 1\n\n0\n")]),
    stdio("cf-stringio-redirect", """
        import io
        import sys

        buf = io.StringIO()
        old, sys.stdout = sys.stdout, buf
        for x in map(int, input().split()):
            print(x * x)
        sys.stdout = old
        print(buf.getvalue().replace("\\n", " ").strip())
        """, [("1 2 3\n", "1 4 9\n")]),
]



# Found passing by the sweep's second round of probes (kept as regression cases).
MORE: list[Case] = [
    humaneval("he-str-of-list-of-objects", """
        class P:
            def __init__(self, x):
                self.x = x
            def __repr__(self):
                return f"P({self.x})"
        def ps(n):
            return [P(i) for i in range(n)]
        """, """
        def check(candidate):
            assert str(candidate(2)) == "[P(0), P(1)]"
            assert repr(candidate(1)[0]) == "P(0)"
        """, "ps"),
    humaneval("he-sorted-objects-by-key-attr", """
        class Emp:
            def __init__(self, name, pay):
                self.name, self.pay = name, pay
        def staff():
            return [Emp("b", 3), Emp("a", 5), Emp("c", 1)]
        """, """
        def check(candidate):
            assert [e.name for e in sorted(candidate(), key=lambda e: e.pay)] == ["c", "b", "a"]
            assert max(candidate(), key=lambda e: e.pay).name == "a"
        """, "staff"),
    humaneval("he-pickle-of-answer", """
        from collections import Counter
        def tally(s):
            return Counter(s)
        """, """
        import pickle
        def check(candidate):
            c = candidate("aab")
            assert pickle.loads(pickle.dumps(c)) == c
        """, "tally"),
    humaneval("he-answer-sorted-in-place-by-test", """
        def letters(s):
            return list(s)
        """, """
        def check(candidate):
            r = candidate("cab")
            r.sort()
            assert r == ["a", "b", "c"]
            r2 = candidate("zz")
            r2 += ["y"]
            assert r2 == ["z", "z", "y"]
        """, "letters"),
    humaneval("he-object-setattr-by-test", """
        class Cfg:
            def __init__(self):
                self.debug = False
            def mode(self):
                return "debug" if self.debug else "prod"
        def cfg():
            return Cfg()
        """, """
        def check(candidate):
            c = candidate()
            assert c.mode() == "prod"
            c.debug = True
            assert c.mode() == "debug"
            setattr(c, "debug", False)
            assert getattr(c, "debug") is False
        """, "cfg"),
    humaneval("he-dict-of-objects-keys", """
        from dataclasses import dataclass
        @dataclass(frozen=True)
        class K:
            a: int
        def index(xs):
            return {K(x): i for i, x in enumerate(xs)}
        """, """
        def check(candidate):
            d = candidate([5, 7])
            assert d[K(7)] == 1
            assert sorted(k.a for k in d) == [5, 7]
        """, "index"),
    asserts("mbpp-lambda-in-setup-used", """
        def apply(f, xs):
            return [f(x) for x in xs]
        """, ["assert apply(square, [1, 2]) == [1, 4]", "assert apply(lambda v: -v, [3]) == [-3]"],
            setup="square = lambda x: x * x"),
    stdio("cf-os-read-stdin", """
        import os
        data = b""
        while True:
            chunk = os.read(0, 1 << 16)
            if not chunk:
                break
            data += chunk
        print(sum(map(int, data.split())))
        """, [("1 2 3\n", "6\n")]),
    stdio("cf-one-huge-line", """
        n = int(input())
        print("ab" * n)
        """, [("500000\n", "ab" * 500000 + "\n")]),
]

CASES: list[Case] = [*ARGS, *ANSWERS, *OBJECTS, *MBPP, *LEETCODE, *STDIO, *MORE]
