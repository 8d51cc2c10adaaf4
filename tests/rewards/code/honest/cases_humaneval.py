"""HumanEval-style rows: ``check(candidate)`` tests, full functions and bodies that continue a prompt."""

from __future__ import annotations

from . import Case, humaneval

PROMPT_ADD = '''
def add(x: int, y: int) -> int:
    """Add two numbers x and y."""
'''

PROMPT_TYPING = '''
from typing import List, Optional, Tuple


def rolling_max(numbers: List[int]) -> List[int]:
    """The running maximum of ``numbers``."""
'''

PROMPT_HELPER = '''
import math


def poly(xs: list, x: float) -> float:
    """Evaluate the polynomial with coefficients ``xs`` at ``x``."""
    return sum(coeff * math.pow(x, i) for i, coeff in enumerate(xs))


def find_root(xs: list) -> float:
    """A root of the odd-degree polynomial ``xs`` (bisection)."""
'''

CASES: list[Case] = [
    # --- bodies that continue the prompt, and full functions after it
    humaneval("body-add", "return x + y\n", """
        def check(candidate):
            assert candidate(2, 3) == 5
            assert candidate(-1, 1) == 0
            assert candidate(x=7, y=5) == 12
        """, "add", prompt=PROMPT_ADD, body=True),
    humaneval("full-add-after-prompt", """
        def add(x: int, y: int) -> int:
            return x + y
        """, """
        def check(candidate):
            assert candidate(2, 3) == 5
        """, "add", prompt=PROMPT_ADD),
    humaneval("body-typing-prompt", """
            result: List[int] = []
            best: Optional[int] = None
            for n in numbers:
                best = n if best is None else max(best, n)
                result.append(best)
            return result
        """, """
        def check(candidate):
            assert candidate([]) == []
            assert candidate([1, 3, 2, 5, 4]) == [1, 3, 3, 5, 5]
        """, "rolling_max", prompt=PROMPT_TYPING, body=True),
    humaneval("fenced-full-function", """
        Here is my solution:

        ```python
        def rolling_max(numbers):
            out, best = [], float("-inf")
            for n in numbers:
                best = max(best, n)
                out.append(best)
            return out
        ```
        """, """
        def check(candidate):
            assert candidate([4, 2, 7]) == [4, 4, 7]
        """, "rolling_max", prompt=PROMPT_TYPING),
    humaneval("prompt-helper-used-by-test", """
            lo, hi = -1.0, 1.0
            while poly(xs, lo) * poly(xs, hi) > 0:
                lo, hi = lo * 2, hi * 2
            for _ in range(200):
                mid = (lo + hi) / 2
                if poly(xs, lo) * poly(xs, mid) <= 0:
                    hi = mid
                else:
                    lo = mid
            return lo
        """, """
        import math


        def check(candidate):
            for xs in ([1, 2], [-6, 11, -6, 1], [3, 0, 0, 2]):
                root = candidate(xs)
                assert math.fabs(poly(xs, root)) < 1e-4
        """, "find_root", prompt=PROMPT_HELPER, body=True),
    # --- plain builtins
    humaneval("list-of-str", """
        def split_words(text):
            return text.split()
        """, """
        METADATA = {"author": "honest", "dataset": "test"}


        def check(candidate):
            assert candidate("a b  c") == ["a", "b", "c"]
            assert candidate("") == []
        """, "split_words"),
    humaneval("tuple-return", """
        def sum_product(numbers):
            total, product = 0, 1
            for n in numbers:
                total += n
                product *= n
            return total, product
        """, """
        def check(candidate):
            assert candidate([]) == (0, 1)
            assert candidate([1, 2, 3, 4]) == (10, 24)
            assert isinstance(candidate([5]), tuple)
        """, "sum_product"),
    humaneval("optional-none", """
        from typing import Optional


        def longest(strings: list[str]) -> Optional[str]:
            if not strings:
                return None
            return max(strings, key=len)
        """, """
        def check(candidate):
            assert candidate([]) is None
            assert candidate(["x", "yyy", "zz"]) == "yyy"
        """, "longest"),
    humaneval("bool-is-true", """
        def below_zero(operations):
            balance = 0
            for op in operations:
                balance += op
                if balance < 0:
                    return True
            return False
        """, """
        def check(candidate):
            assert candidate([1, 2, -4, 5]) is True
            assert candidate([1, 2, -3]) is False
        """, "below_zero"),
    humaneval("float-abs-tolerance", """
        def truncate_number(number: float) -> float:
            return number % 1.0
        """, """
        def check(candidate):
            assert candidate(3.5) == 0.5
            assert abs(candidate(1.33) - 0.33) < 1e-6
        """, "truncate_number"),
    humaneval("float-isclose-test-imports-math", """
        def mean_absolute_deviation(numbers):
            mean = sum(numbers) / len(numbers)
            return sum(abs(x - mean) for x in numbers) / len(numbers)
        """, """
        import math


        def check(candidate):
            assert math.isclose(candidate([1.0, 2.0, 3.0]), 2.0 / 3.0)
            assert math.isclose(candidate([1.0, 2.0, 3.0, 4.0]), 1.0)
        """, "mean_absolute_deviation"),
    humaneval("float-round", """
        import math


        def triangle_area(a, b, c):
            if a + b <= c or a + c <= b or b + c <= a:
                return -1
            s = (a + b + c) / 2
            return round(math.sqrt(s * (s - a) * (s - b) * (s - c)), 2)
        """, """
        def check(candidate):
            assert candidate(3, 4, 5) == 6.00
            assert candidate(1, 2, 10) == -1
            assert candidate(4, 8, 5) == 8.18
        """, "triangle_area"),
    humaneval("float-inf-nan", """
        import math


        def safe_ratio(a, b):
            if b == 0:
                return math.inf if a > 0 else (-math.inf if a < 0 else math.nan)
            return a / b
        """, """
        import math


        def check(candidate):
            assert candidate(1, 0) == float("inf")
            assert candidate(-1, 0) == float("-inf")
            assert math.isnan(candidate(0, 0))
            assert candidate(1, 4) == 0.25
        """, "safe_ratio"),
    humaneval("negative-zero", """
        def neg(x):
            return -x
        """, """
        import math


        def check(candidate):
            assert math.copysign(1.0, candidate(0.0)) == -1.0
        """, "neg"),
    humaneval("big-int", """
        def factorial(n):
            result = 1
            for i in range(2, n + 1):
                result *= i
            return result
        """, """
        def check(candidate):
            assert candidate(30) == 265252859812191058636308480000000
            assert candidate(60) % 10 ** 14 == 0
            assert len(str(candidate(100))) == 158
        """, "factorial"),
    humaneval("int-keys-dict", """
        def histogram(nums):
            counts = {}
            for n in nums:
                counts[n] = counts.get(n, 0) + 1
            return counts
        """, """
        def check(candidate):
            assert candidate([1, 1, 2]) == {1: 2, 2: 1}
            assert candidate([]) == {}
        """, "histogram"),
    humaneval("tuple-keys-dict", """
        def grid_cells(rows, cols):
            return {(r, c): r * cols + c for r in range(rows) for c in range(cols)}
        """, """
        def check(candidate):
            assert candidate(2, 2) == {(0, 0): 0, (0, 1): 1, (1, 0): 2, (1, 1): 3}
        """, "grid_cells"),
    humaneval("dict-order-and-none-values", """
        def first_seen(words):
            out = {}
            for w in words:
                out.setdefault(w[0], None if len(w) == 1 else w)
            return out
        """, """
        def check(candidate):
            result = candidate(["b", "apple", "bee", "axe"])
            assert result == {"b": None, "a": "apple"}
            assert list(result) == ["b", "a"]
        """, "first_seen"),
    humaneval("nested-lists", """
        def transpose(matrix):
            return [list(row) for row in zip(*matrix)]
        """, """
        def check(candidate):
            assert candidate([[1, 2, 3], [4, 5, 6]]) == [[1, 4], [2, 5], [3, 6]]
            assert candidate([]) == []
        """, "transpose"),
    humaneval("unicode-strings", """
        def reverse_words(text):
            return " ".join(reversed(text.split(" ")))
        """, """
        def check(candidate):
            assert candidate("héllo wörld ✓") == "✓ wörld héllo"
            assert candidate("日本 語") == "語 日本"
        """, "reverse_words"),
    humaneval("multiline-string", """
        def number_lines(text):
            return "\\n".join(f"{i}: {line}" for i, line in enumerate(text.splitlines(), 1))
        """, """
        def check(candidate):
            assert candidate("a\\nb") == "1: a\\n2: b"
        """, "number_lines"),
    humaneval("default-and-keyword-args", """
        def pad(text, width=5, fill="*"):
            return text.rjust(width, fill)
        """, """
        def check(candidate):
            assert candidate("ab") == "***ab"
            assert candidate("ab", fill="-") == "---ab"
            assert candidate("ab", 3) == "*ab"
        """, "pad"),
    humaneval("star-args", """
        def total(*values, scale=1):
            return sum(values) * scale
        """, """
        def check(candidate):
            assert candidate() == 0
            assert candidate(1, 2, 3) == 6
            assert candidate(1, 2, scale=10) == 30
        """, "total"),
    humaneval("many-calls-property-test", """
        def is_prime(n):
            if n < 2:
                return False
            i = 2
            while i * i <= n:
                if n % i == 0:
                    return False
                i += 1
            return True
        """, """
        import random


        def check(candidate):
            def slow(n):
                return n > 1 and all(n % d for d in range(2, n))

            rng = random.Random(0)
            for _ in range(150):
                n = rng.randint(-5, 400)
                assert candidate(n) == slow(n), n
        """, "is_prime"),
    humaneval("type-checks", """
        def parse_number(text):
            return float(text) if "." in text else int(text)
        """, """
        def check(candidate):
            assert type(candidate("12")) is int
            assert type(candidate("1.5")) is float
            assert isinstance(candidate("-3"), int)
        """, "parse_number"),
    humaneval("returns-none-procedure", """
        def noop(*args):
            pass
        """, """
        def check(candidate):
            assert candidate() is None
            assert candidate(1, [2]) is None
        """, "noop"),
    humaneval("set-return", """
        def unique_chars(text):
            return set(text)
        """, """
        def check(candidate):
            assert candidate("abca") == {"a", "b", "c"}
            assert candidate("") == set()
        """, "unique_chars"),
    humaneval("frozenset-return", """
        def vowels_in(text):
            return frozenset(c for c in text.lower() if c in "aeiou")
        """, """
        def check(candidate):
            assert candidate("Education") == frozenset("euaio")
            assert isinstance(candidate("x"), frozenset)
            assert {candidate("ab"): 1}[frozenset({"a"})] == 1
        """, "vowels_in"),
    humaneval("bytes-return", """
        def xor_bytes(a: bytes, key: int) -> bytes:
            return bytes(b ^ key for b in a)
        """, """
        def check(candidate):
            assert candidate(b"abc", 0) == b"abc"
            assert candidate(candidate(b"hello", 42), 42) == b"hello"
            assert candidate(b"\\x00\\xff", 255) == b"\\xff\\x00"
        """, "xor_bytes"),
    humaneval("bytearray-return", """
        def zeros(n):
            return bytearray(n)
        """, """
        def check(candidate):
            assert candidate(3) == bytearray(b"\\x00\\x00\\x00")
            assert len(candidate(0)) == 0
        """, "zeros"),
    humaneval("complex-return", """
        import cmath


        def roots(a, b, c):
            d = cmath.sqrt(b * b - 4 * a * c)
            return ((-b + d) / (2 * a), (-b - d) / (2 * a))
        """, """
        def check(candidate):
            r1, r2 = candidate(1, 0, 1)
            assert abs(r1 - 1j) < 1e-12 and abs(r2 + 1j) < 1e-12
            assert candidate(1, -3, 2) == (2 + 0j, 1 + 0j)
        """, "roots"),
    humaneval("range-argument", """
        def total_of(values):
            return sum(values)
        """, """
        def check(candidate):
            assert candidate(range(5)) == 10
            assert candidate(range(1, 101)) == 5050
        """, "total_of"),
    humaneval("range-return", """
        def evens_up_to(n):
            return range(0, n + 1, 2)
        """, """
        def check(candidate):
            assert list(candidate(6)) == [0, 2, 4, 6]
            assert candidate(4) == range(0, 5, 2)
        """, "evens_up_to"),
    humaneval("generator-argument", """
        def first_positive(values):
            for v in values:
                if v > 0:
                    return v
            return None
        """, """
        def check(candidate):
            assert candidate(x - 3 for x in range(10)) == 1
            assert candidate(iter([-1, -2])) is None
        """, "first_positive"),
    humaneval("tuple-and-set-arguments", """
        def common(a, b):
            return sorted(set(a) & set(b))
        """, """
        def check(candidate):
            assert candidate((1, 2, 3), {2, 3, 4}) == [2, 3]
            assert candidate(frozenset([5]), [5, 5]) == [5]
        """, "common"),
    humaneval("mutates-argument-sort", """
        def sort_in_place(items):
            items.sort()
        """, """
        def check(candidate):
            data = [3, 1, 2]
            candidate(data)
            assert data == [1, 2, 3]
        """, "sort_in_place"),
    humaneval("mutates-dict-argument", """
        def add_defaults(config):
            config.setdefault("debug", False)
            config.setdefault("level", 1)
            return config
        """, """
        def check(candidate):
            cfg = {"level": 3}
            out = candidate(cfg)
            assert cfg == {"level": 3, "debug": False}
            assert out == cfg
        """, "add_defaults"),
    humaneval("mutates-nested-list", """
        def zero_diagonal(matrix):
            for i in range(len(matrix)):
                matrix[i][i] = 0
        """, """
        def check(candidate):
            m = [[1, 2], [3, 4]]
            candidate(m)
            assert m == [[0, 2], [3, 0]]
        """, "zero_diagonal"),
    humaneval("expects-exception", """
        def checked_sqrt(x):
            if x < 0:
                raise ValueError("negative input")
            return x ** 0.5
        """, """
        def check(candidate):
            assert candidate(9) == 3.0
            try:
                candidate(-1)
            except ValueError as e:
                assert "negative" in str(e)
            else:
                raise AssertionError("expected ValueError")
        """, "checked_sqrt"),
    humaneval("expects-custom-exception-type", """
        class EmptyError(Exception):
            pass


        def head(items):
            if not items:
                raise EmptyError("empty")
            return items[0]
        """, """
        def check(candidate):
            assert candidate([4]) == 4
            try:
                candidate([])
                assert False, "no error"
            except Exception as e:
                assert type(e).__name__ == "EmptyError"
        """, "head"),
    humaneval("expects-keyerror", """
        def lookup(table, key):
            return table[key]
        """, """
        def check(candidate):
            assert candidate({"a": 1}, "a") == 1
            try:
                candidate({}, "missing")
            except KeyError:
                pass
            else:
                assert False
        """, "lookup"),
    # --- recursion
    humaneval("recursion-gcd", """
        def gcd(a, b):
            return a if b == 0 else gcd(b, a % b)
        """, """
        def check(candidate):
            assert candidate(48, 18) == 6
            assert candidate(17, 5) == 1
        """, "gcd"),
    humaneval("deep-recursion-setrecursionlimit", """
        import sys

        sys.setrecursionlimit(10000)


        def depth(n):
            return 0 if n == 0 else 1 + depth(n - 1)
        """, """
        def check(candidate):
            assert candidate(5000) == 5000
        """, "depth"),
    humaneval("recursion-memo-lru-cache", """
        from functools import lru_cache


        @lru_cache(maxsize=None)
        def fib(n):
            return n if n < 2 else fib(n - 1) + fib(n - 2)
        """, """
        def check(candidate):
            assert candidate(10) == 55
            assert candidate(90) == 2880067194370816120
        """, "fib"),
    humaneval("recursion-nested-helper", """
        def flatten(items):
            out = []

            def walk(x):
                if isinstance(x, (list, tuple)):
                    for y in x:
                        walk(y)
                else:
                    out.append(x)

            walk(items)
            return out
        """, """
        def check(candidate):
            assert candidate([1, [2, (3, [4])], 5]) == [1, 2, 3, 4, 5]
            assert candidate([]) == []
        """, "flatten"),
    humaneval("permutations-recursive", """
        def perms(s):
            if len(s) <= 1:
                return [s]
            return sorted({c + p for i, c in enumerate(s) for p in perms(s[:i] + s[i + 1:])})
        """, """
        def check(candidate):
            assert candidate("abc") == ["abc", "acb", "bac", "bca", "cab", "cba"]
            assert candidate("aa") == ["aa"]
        """, "perms"),
    # --- generators, closures, classes
    humaneval("generator-return", """
        def countdown(n):
            while n > 0:
                yield n
                n -= 1
        """, """
        def check(candidate):
            assert list(candidate(3)) == [3, 2, 1]
            assert list(candidate(0)) == []
        """, "countdown"),
    humaneval("generator-next", """
        def naturals():
            n = 0
            while True:
                yield n
                n += 1
        """, """
        def check(candidate):
            gen = candidate()
            assert next(gen) == 0
            assert next(gen) == 1
            assert [next(gen) for _ in range(3)] == [2, 3, 4]
        """, "naturals"),
    humaneval("map-object-return", """
        def squares(nums):
            return map(lambda x: x * x, nums)
        """, """
        def check(candidate):
            assert list(candidate([1, 2, 3])) == [1, 4, 9]
        """, "squares"),
    humaneval("zip-object-return", """
        def pairs(a, b):
            return zip(a, b)
        """, """
        def check(candidate):
            assert list(candidate([1, 2], "ab")) == [(1, "a"), (2, "b")]
        """, "pairs"),
    humaneval("dict-keys-view-return", """
        def keys_of(d):
            return d.keys()
        """, """
        def check(candidate):
            assert sorted(candidate({"b": 1, "a": 2})) == ["a", "b"]
            assert "a" in candidate({"a": 1})
        """, "keys_of"),
    humaneval("closure-return", """
        def make_adder(n):
            def add(x):
                return x + n
            return add
        """, """
        def check(candidate):
            add3 = candidate(3)
            assert add3(4) == 7
            assert candidate(-1)(1) == 0
        """, "make_adder"),
    humaneval("closure-counter-state", """
        def make_counter():
            count = 0

            def tick():
                nonlocal count
                count += 1
                return count
            return tick
        """, """
        def check(candidate):
            tick = candidate()
            assert tick() == 1
            assert tick() == 2
            assert candidate()() == 1
        """, "make_counter"),
    humaneval("lambda-argument", """
        def apply_twice(f, x):
            return f(f(x))
        """, """
        def check(candidate):
            assert candidate(lambda v: v * 2, 3) == 12
            assert candidate(str.upper, "ab") == "AB"
        """, "apply_twice"),
    humaneval("key-function-argument", """
        def sort_by(items, key):
            return sorted(items, key=key)
        """, """
        def check(candidate):
            assert candidate(["bb", "a", "ccc"], len) == ["a", "bb", "ccc"]
            assert candidate([3, -4, 1], abs) == [1, 3, -4]
        """, "sort_by"),
    humaneval("class-instance-methods", """
        class Stack:
            def __init__(self):
                self.items = []

            def push(self, x):
                self.items.append(x)

            def pop(self):
                return self.items.pop()

            def __len__(self):
                return len(self.items)


        def make_stack():
            return Stack()
        """, """
        def check(candidate):
            s = candidate()
            s.push(1)
            s.push(2)
            assert len(s) == 2
            assert s.pop() == 2
            assert s.pop() == 1
        """, "make_stack"),
    humaneval("class-instance-eq", """
        class Money:
            def __init__(self, cents):
                self.cents = cents

            def __eq__(self, other):
                return isinstance(other, Money) and self.cents == other.cents

            def __add__(self, other):
                return Money(self.cents + other.cents)


        def money(cents):
            return Money(cents)
        """, """
        def check(candidate):
            assert candidate(5) + candidate(7) == candidate(12)
            assert candidate(1) != candidate(2)
        """, "money"),
    humaneval("class-instance-str-repr", """
        class Point:
            def __init__(self, x, y):
                self.x, self.y = x, y

            def __repr__(self):
                return f"Point({self.x}, {self.y})"


        def origin():
            return Point(0, 0)
        """, """
        def check(candidate):
            p = candidate()
            assert repr(p) == "Point(0, 0)"
            assert str(p) == "Point(0, 0)"
            assert p.x == 0 and p.y == 0
        """, "origin"),
    humaneval("class-instance-truthiness", """
        class Box:
            def __init__(self, items):
                self.items = list(items)

            def __bool__(self):
                return bool(self.items)


        def box(items):
            return Box(items)
        """, """
        def check(candidate):
            assert candidate([1])
            assert not candidate([])
        """, "box"),
    humaneval("dataclass-instance", """
        from dataclasses import dataclass


        @dataclass
        class Interval:
            lo: int
            hi: int

            def length(self) -> int:
                return self.hi - self.lo


        def merge(a, b):
            return Interval(min(a[0], b[0]), max(a[1], b[1]))
        """, """
        def check(candidate):
            iv = candidate((1, 3), (2, 6))
            assert iv.lo == 1 and iv.hi == 6
            assert iv.length() == 5
        """, "merge"),
    humaneval("dataclass-eq-and-astuple", """
        from dataclasses import astuple, dataclass


        @dataclass(frozen=True, order=True)
        class Version:
            major: int
            minor: int


        def parse_version(text):
            major, minor = text.split(".")
            return Version(int(major), int(minor))


        def version_tuple(text):
            return astuple(parse_version(text))
        """, """
        def check(candidate):
            assert candidate("1.2") == candidate("1.2")
            assert candidate("1.10") > candidate("1.9")
            assert sorted([candidate("2.0"), candidate("1.5")])[0] == candidate("1.5")
        """, "parse_version"),
    humaneval("dataclass-future-annotations", """
        from __future__ import annotations

        from dataclasses import dataclass, field


        @dataclass
        class Inventory:
            items: dict[str, int] = field(default_factory=dict)

            def add(self, name: str, n: int = 1) -> Inventory:
                self.items[name] = self.items.get(name, 0) + n
                return self


        def count_items(names: list[str]) -> dict[str, int]:
            inv = Inventory()
            for name in names:
                inv.add(name)
            return inv.items
        """, """
        def check(candidate):
            assert candidate(["a", "b", "a"]) == {"a": 2, "b": 1}
            assert candidate([]) == {}
        """, "count_items"),
    humaneval("future-annotations-plain", """
        from __future__ import annotations


        def chunks(xs: list[int], n: int) -> list[list[int]]:
            return [xs[i:i + n] for i in range(0, len(xs), n)]
        """, """
        def check(candidate):
            assert candidate([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]]
        """, "chunks"),
    humaneval("typing-annotations", """
        from typing import Dict, List, Tuple, Union

        Number = Union[int, float]


        def stats(values: List[Number]) -> Dict[str, Tuple[Number, Number]]:
            return {"range": (min(values), max(values))}
        """, """
        def check(candidate):
            assert candidate([3, 1.5, 9]) == {"range": (1.5, 9)}
        """, "stats"),
    humaneval("namedtuple-return", """
        from collections import namedtuple

        Pair = namedtuple("Pair", ["low", "high"])


        def min_max(nums):
            return Pair(min(nums), max(nums))
        """, """
        def check(candidate):
            r = candidate([3, 1, 2])
            assert r == (1, 3)
            assert r.low == 1 and r.high == 3
            assert r[1] == 3
        """, "min_max"),
    humaneval("typing-namedtuple-return", """
        from typing import NamedTuple


        class Span(NamedTuple):
            start: int
            end: int


        def find_span(text, word):
            i = text.find(word)
            return Span(i, i + len(word))
        """, """
        def check(candidate):
            span = candidate("hello world", "world")
            assert span == (6, 11)
            assert span.start == 6
        """, "find_span"),
    humaneval("counter-return", """
        from collections import Counter


        def letter_counts(text):
            return Counter(text)
        """, """
        def check(candidate):
            c = candidate("abca")
            assert c == {"a": 2, "b": 1, "c": 1}
            assert c["a"] == 2
            assert c["z"] == 0
            assert c.most_common(1) == [("a", 2)]
        """, "letter_counts"),
    humaneval("counter-compared-to-counter", """
        from collections import Counter


        def word_counts(text):
            return Counter(text.split())
        """, """
        from collections import Counter


        def check(candidate):
            assert candidate("a b a") == Counter({"a": 2, "b": 1})
        """, "word_counts"),
    humaneval("ordereddict-return", """
        from collections import OrderedDict


        def ordered_counts(items):
            out = OrderedDict()
            for x in items:
                out[x] = out.get(x, 0) + 1
            return out
        """, """
        from collections import OrderedDict


        def check(candidate):
            d = candidate("bab")
            assert d == OrderedDict([("b", 2), ("a", 1)])
            assert list(d.keys()) == ["b", "a"]
        """, "ordered_counts"),
    humaneval("defaultdict-return", """
        from collections import defaultdict


        def group_by_length(words):
            groups = defaultdict(list)
            for w in words:
                groups[len(w)].append(w)
            return groups
        """, """
        def check(candidate):
            g = candidate(["a", "bb", "c"])
            assert g == {1: ["a", "c"], 2: ["bb"]}
            assert g[3] == []
        """, "group_by_length"),
    humaneval("deque-return", """
        from collections import deque


        def rotate(items, k):
            d = deque(items)
            d.rotate(k)
            return d
        """, """
        from collections import deque


        def check(candidate):
            assert candidate([1, 2, 3], 1) == deque([3, 1, 2])
            assert list(candidate([1, 2, 3], -1)) == [2, 3, 1]
        """, "rotate"),
    humaneval("decimal-return", """
        from decimal import Decimal


        def add_money(a, b):
            return Decimal(a) + Decimal(b)
        """, """
        from decimal import Decimal


        def check(candidate):
            assert candidate("0.1", "0.2") == Decimal("0.3")
            assert str(candidate("1.10", "2.205")) == "3.305"
        """, "add_money"),
    humaneval("fraction-return", """
        from fractions import Fraction


        def harmonic(n):
            return sum(Fraction(1, k) for k in range(1, n + 1))
        """, """
        from fractions import Fraction


        def check(candidate):
            assert candidate(3) == Fraction(11, 6)
            assert candidate(1) == 1
            assert candidate(4).denominator == 12
        """, "harmonic"),
    humaneval("numpy-scalar-return", """
        import numpy as np


        def total(values):
            return np.sum(np.array(values))
        """, """
        def check(candidate):
            assert candidate([1, 2, 3, 4]) == 10
            assert candidate([]) == 0
        """, "total"),
    humaneval("numpy-float-return", """
        import numpy as np


        def mean(values):
            return np.mean(values)
        """, """
        import math


        def check(candidate):
            assert math.isclose(candidate([1, 2, 3, 4]), 2.5)
            assert candidate([2.0]) == 2.0
        """, "mean"),
    humaneval("numpy-bool-return", """
        import numpy as np


        def all_positive(values):
            return np.all(np.asarray(values) > 0)
        """, """
        def check(candidate):
            assert candidate([1, 2]) == True  # noqa: E712 (datasets write it so)
            assert not candidate([1, -2])
        """, "all_positive"),
    humaneval("numpy-array-return", """
        import numpy as np


        def cumulative(values):
            return np.cumsum(values)
        """, """
        import numpy as np


        def check(candidate):
            assert np.array_equal(candidate([1, 2, 3]), [1, 3, 6])
            assert candidate([1, 1]).tolist() == [1, 2]
            assert candidate([5]).shape == (1,)
        """, "cumulative"),
    humaneval("numpy-array-argument", """
        def dot(a, b):
            return sum(x * y for x, y in zip(a, b))
        """, """
        import numpy as np


        def check(candidate):
            assert candidate(np.array([1, 2]), np.array([3, 4])) == 11
        """, "dot"),
    humaneval("datetime-return", """
        import datetime


        def next_day(year, month, day):
            return datetime.date(year, month, day) + datetime.timedelta(days=1)
        """, """
        import datetime


        def check(candidate):
            assert candidate(2020, 2, 28) == datetime.date(2020, 2, 29)
            assert candidate(2021, 12, 31).isoformat() == "2022-01-01"
        """, "next_day"),
    humaneval("enum-return", """
        import enum


        class Sign(enum.Enum):
            NEG = -1
            ZERO = 0
            POS = 1


        def sign(x):
            return Sign.POS if x > 0 else Sign.NEG if x < 0 else Sign.ZERO
        """, """
        def check(candidate):
            assert candidate(5).name == "POS"
            assert candidate(-2).value == -1
        """, "sign"),
    humaneval("heapq-helpers", """
        import heapq


        def k_smallest(nums, k):
            return heapq.nsmallest(k, nums)
        """, """
        def check(candidate):
            assert candidate([5, 1, 4, 2], 2) == [1, 2]
        """, "k_smallest"),
    humaneval("itertools-combinations", """
        from itertools import combinations


        def pair_sums(nums):
            return sorted({a + b for a, b in combinations(nums, 2)})
        """, """
        def check(candidate):
            assert candidate([1, 2, 3]) == [3, 4, 5]
        """, "pair_sums"),
    humaneval("regex", """
        import re


        def extract_numbers(text):
            return [int(m) for m in re.findall(r"-?\\d+", text)]
        """, """
        def check(candidate):
            assert candidate("a1b-22c333") == [1, -22, 333]
        """, "extract_numbers"),
    humaneval("module-constant", """
        VOWELS = set("aeiouAEIOU")


        def count_vowels(s):
            return sum(ch in VOWELS for ch in s)
        """, """
        def check(candidate):
            assert candidate("Programming") == 3
        """, "count_vowels"),
    humaneval("helper-function-in-completion", """
        def _is_pal(s):
            return s == s[::-1]


        def make_palindrome(s):
            for i in range(len(s) + 1):
                if _is_pal(s[i:]):
                    return s + s[:i][::-1]
            return s
        """, """
        def check(candidate):
            assert candidate("") == ""
            assert candidate("cat") == "catac"
            assert candidate("cata") == "catac"
        """, "make_palindrome"),
    humaneval("lambda-entry-point", """
        double = lambda x: x * 2  # noqa: E731
        """, """
        def check(candidate):
            assert candidate(4) == 8
        """, "double"),
    humaneval("staticmethod-and-classmethod", """
        class Temperature:
            @staticmethod
            def c_to_f(c):
                return c * 9 / 5 + 32

            @classmethod
            def f_to_c(cls, f):
                return (f - 32) * 5 / 9


        def convert(value, to):
            return Temperature.c_to_f(value) if to == "F" else Temperature.f_to_c(value)
        """, """
        def check(candidate):
            assert candidate(100, "F") == 212
            assert candidate(32, "C") == 0
        """, "convert"),
    humaneval("string-formatting", """
        def fmt_money(x):
            return f"${x:,.2f}"
        """, """
        def check(candidate):
            assert candidate(1234567.891) == "$1,234,567.89"
            assert candidate(0) == "$0.00"
        """, "fmt_money"),
    humaneval("list-of-tuples-sorted", """
        def sort_by_second(pairs):
            return sorted(pairs, key=lambda p: (p[1], p[0]))
        """, """
        def check(candidate):
            assert candidate([(1, "b"), (2, "a"), (0, "b")]) == [(2, "a"), (0, "b"), (1, "b")]
        """, "sort_by_second"),
    humaneval("tuple-containing-set", """
        def partition(nums):
            evens = {n for n in nums if n % 2 == 0}
            return (evens, len(nums) - len(evens))
        """, """
        def check(candidate):
            assert candidate([1, 2, 4, 5]) == ({2, 4}, 2)
        """, "partition"),
    humaneval("long-output", """
        def squares_upto(n):
            return [i * i for i in range(n)]
        """, """
        def check(candidate):
            out = candidate(20000)
            assert len(out) == 20000
            assert out[-1] == 19999 ** 2
        """, "squares_upto"),
    humaneval("long-string-argument", """
        def count_a(s):
            return s.count("a")
        """, """
        def check(candidate):
            assert candidate("ab" * 50000) == 50000
        """, "count_a"),
    humaneval("assert-message-and-loop", """
        def digits_sum(n):
            return sum(int(d) for d in str(abs(n)))
        """, """
        def check(candidate):
            for n, expected in [(0, 0), (123, 6), (-45, 9), (10 ** 20, 1)]:
                assert candidate(n) == expected, f"{n}: {candidate(n)} != {expected}"
        """, "digits_sum"),
    humaneval("test-defines-reference-and-helpers", """
        def running_sum(xs):
            out, acc = [], 0
            for x in xs:
                acc += x
                out.append(acc)
            return out
        """, """
        from itertools import accumulate


        def _reference(xs):
            return list(accumulate(xs))


        def check(candidate):
            for xs in ([], [1], [1, -1, 5], list(range(50))):
                assert candidate(xs) == _reference(xs)
        """, "running_sum"),
    humaneval("candidate-result-in-set", """
        def any_max_index(nums):
            return nums.index(max(nums))
        """, """
        def check(candidate):
            assert candidate([1, 3, 3]) in {1, 2}
            assert candidate([7]) in (0,)
        """, "any_max_index"),
    humaneval("prints-while-returning", """
        def noisy_add(a, b):
            print("adding", a, b)
            return a + b
        """, """
        def check(candidate):
            assert candidate(1, 2) == 3
        """, "noisy_add"),
    humaneval("uses-random-seeded", """
        import random


        def shuffled(items, seed):
            rng = random.Random(seed)
            out = list(items)
            rng.shuffle(out)
            return out
        """, """
        def check(candidate):
            out = candidate(range(10), 1)
            assert sorted(out) == list(range(10))
            assert candidate(range(10), 1) == out
        """, "shuffled"),
    humaneval("global-cache-between-calls", """
        _cache = {}


        def collatz_len(n):
            if n == 1:
                return 1
            if n not in _cache:
                _cache[n] = 1 + collatz_len(n // 2 if n % 2 == 0 else 3 * n + 1)
            return _cache[n]
        """, """
        def check(candidate):
            assert candidate(1) == 1
            assert candidate(6) == 9
            assert candidate(27) == 112
        """, "collatz_len"),
    humaneval("async-def", """
        import asyncio


        async def double_later(x):
            await asyncio.sleep(0)
            return 2 * x


        def run_double(x):
            return asyncio.run(double_later(x))
        """, """
        def check(candidate):
            assert candidate(21) == 42
        """, "run_double"),
    humaneval("bit-ops", """
        def popcount(n: int) -> int:
            return bin(n).count("1")
        """, """
        def check(candidate):
            assert candidate(0) == 0
            assert candidate(255) == 8
            assert candidate(2 ** 100) == 1
        """, "popcount"),
    humaneval("int-float-equality", """
        def half(n):
            return n / 2
        """, """
        def check(candidate):
            assert candidate(4) == 2
            assert candidate(3) == 1.5
        """, "half"),
    humaneval("str-subclass-free", """
        import string


        def caesar(text, k):
            lower = string.ascii_lowercase
            table = str.maketrans(lower, lower[k:] + lower[:k])
            return text.translate(table)
        """, """
        def check(candidate):
            assert candidate("abc xyz", 1) == "bcd yza"
        """, "caesar"),
]
