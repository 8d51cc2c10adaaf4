"""A hostile policy against the newest crossing paths: an assert list run in one namespace (names a test binds, its
setup run once), a completion's class iterated and indexed through its handle, a test's compiled pattern, an
OrderedDict's order, an array written back, the test's ``next(it, default)`` and ``hash``.

Each case is a completion as a policy could write it, judged through the public reward with real sandbox runs; each
asserts the safe outcome: 0, quickly, or the score plain Python gives.
"""

from __future__ import annotations

import time

import pytest
from forged_channel import with_send_frame

from rewards.code.code_tests import CodeTests
from rewards.protocol import Verdict

FAST_S = 20.0  # a verdict well inside the default deadline: nothing on the trusted side looped or blew up


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    """Short deadlines, for completions that spend theirs (a hang is the completion's own time, up to them)."""
    return CodeTests(slots=1, call_timeout=1.0, completion_timeout=4.0)


def judged(reward: CodeTests, code: str, tests: list[str], setup: str = "") -> Verdict:
    """``code`` judged alone on the assert list ``tests``, its verdict within `FAST_S`."""
    start = time.monotonic()
    columns: dict[str, list] = {"test_list": [tests]}
    if setup:
        columns["test_setup_code"] = [setup]
    [verdict] = reward.judge([code], **columns)
    assert time.monotonic() - start < FAST_S
    assert verdict is not None
    return verdict


# ------------------------------------------------------------------------------ names a failed test would bind

# Found by this red team: a test that failed before binding its name left that name to the completion, so the next
# test's read of it read the completion's global of the same name, the value the test expects.
UNBOUND = {
    "walrus": ("r = 9\ndef f(x):\n    raise ValueError\n", ["assert (r := f(3)) == 9", "assert r == 9"]),
    "walrus_live_list": ("r = [9]\ndef f(x):\n    raise ValueError\n",
                         ["assert (r := f(3)) == [9]", "assert r == [9]"]),
    "assignment": ("result = 9\ndef f(x):\n    raise ValueError\n",
                   ["result = f(3)", "assert result == 9", "assert (result, f(2)) == (9, 4)"]),
    "rebinding_a_setup_name": ("xs = [9]\ndef f(x):\n    raise ValueError\n",
                               ["xs = f(xs)", "assert xs == [9]"]),
}


@pytest.mark.parametrize("case", UNBOUND)
def test_a_name_a_failed_test_binds_is_never_the_completions(case: str, reward: CodeTests) -> None:
    code, tests = UNBOUND[case]
    setup = "xs = [1]" if case == "rebinding_a_setup_name" else ""
    verdict = judged(reward, code, tests, setup)
    assert verdict.score == 0.0, verdict


def test_a_name_a_passed_test_binds_stays_for_the_next(reward: CodeTests) -> None:
    """Control: the same rows with a right ``f`` pass whole, the name being the test's own."""
    assert judged(reward, "r = 0\ndef f(x):\n    return x * x\n",
                  ["assert (r := f(3)) == 9", "assert r == 9", "result = f(2)", "assert result == 4"]).score == 1.0


def test_a_test_after_a_failed_one_still_reads_the_completions_other_names(reward: CodeTests) -> None:
    """Only the failed test's own names are left unbound: the completion's other values still read as its own."""
    verdict = judged(reward, "LIMIT = 4\ndef f(x):\n    return -1 if x > LIMIT else x\n",
                     ["assert (r := f(9)) == 9", "assert f(LIMIT) == 4"])
    assert verdict.score == 0.5, verdict


# ------------------------------------------------------------------------------ attacks that hold

HOLD = {
    # A class's iteration is pulled through its handle: an endless one ends at the remote iteration's byte bound.
    "class_iterates_forever": ("import itertools\nclass M(type):\n    def __iter__(cls):\n"
                               "        return itertools.count()\nclass C(metaclass=M):\n    pass\n",
                               ["assert list(C) == [0, 1]"]),
    # The default of the test's next is never the answer of an iterator that has items, nor of the completion's own
    # exception named StopIteration.
    "next_default_own_stop_iteration": ("class StopIteration(Exception):\n    pass\nclass It:\n"
                                        "    def __iter__(self):\n        return self\n    def __next__(self):\n"
                                        "        raise StopIteration\ndef f():\n    return It()\n",
                                        ["assert next(f(), 3) == 3"]),
    "next_default_of_a_returning_generator": ("def f():\n    return 7\n    yield\n", ["assert next(f(), 3) == 7"]),
    # An OrderedDict crosses in its own order, which its equality reads.
    "ordered_dict_moved": ("from collections import OrderedDict\ndef f():\n    d = OrderedDict(a=1, b=2)\n"
                           "    d.move_to_end('a')\n    return d\n",
                           ["from collections import OrderedDict\nassert f() == OrderedDict(a=1, b=2)"]),
    # An OrderedDict subclass in another order is not a plain dict here, whose equality would ignore the order.
    "ordered_dict_subclass_reordered": ("from collections import OrderedDict\nclass OD(OrderedDict):\n    pass\n"
                                        "def f():\n    return OD([('b', 2), ('a', 1)])\n",
                                        ["from collections import OrderedDict\nassert f() == OrderedDict(a=1, b=2)"]),
    # An array changed in place is written back as the call left it, not as the test had it.
    "array_grown_in_place": ("def f(a):\n    a.append(99)\n",
                             ["from array import array\na = array('i', [1])\nf(a)\nassert a == array('i', [1])"]),
    # The test's hash of a long answer: refused at the answer's size bound, or the job's deadline, quickly.
    "hash_of_a_long_string": ("def f():\n    return 'a' * (30 * 10**6)\n", ["assert hash(f()) == 0"]),
    "hash_of_a_wide_tuple": ("def f():\n    return tuple(['ab'] * 10**6)\n", ["assert hash(f()) == 0"]),
    # The completion's BaseExceptions (its own, a builtin's, one its class's iteration or the test's next with a
    # default meets) fail the test they reach, never the trusted loop that scores each test.
    "system_exit": ("def f(x):\n    raise SystemExit(0)\n", ["assert f(1) == 1", "assert f(2) == 2"]),
    "own_keyboard_interrupt": ("class Stop(KeyboardInterrupt):\n    pass\ndef f(x):\n    raise Stop\n",
                               ["try:\n    f(1)\nexcept Stop:\n    pass\nassert f(1) == 1"]),
    "class_iteration_exits": ("class M(type):\n    def __iter__(cls):\n        raise SystemExit\n"
                              "class C(metaclass=M):\n    pass\n", ["assert list(C) == []"]),
    "next_default_exits": ("class It:\n    def __next__(self):\n        raise SystemExit\ndef f():\n"
                           "    return It()\n", ["assert next(f(), 3) == 3"]),
    # A setup that raises through the completion fails every test, also those that never read its names.
    "setup_raises_through_the_completion": ("class Cache:\n    def __init__(self, n):\n        raise ValueError\n"
                                            "def f(x):\n    return 0\n", ["assert f(1) == 0", "assert f(2) == 0"]),
}


@pytest.mark.parametrize("case", HOLD)
def test_attack_holds(case: str, reward: CodeTests) -> None:
    code, tests = HOLD[case]
    setup = "c0 = Cache(2)" if case == "setup_raises_through_the_completion" else ""
    verdict = judged(reward, code, tests, setup)
    assert verdict.score == 0.0, verdict


def test_a_handle_a_test_bound_is_never_equal_for_the_next(reward: CodeTests) -> None:
    """A handle a test bound stays an object of the job for the tests after it: never equal to a test's value,
    alone or in a set or list (only the binding test itself passes)."""
    verdict = judged(reward, "class Eq:\n    def __eq__(self, o):\n        return True\n"
                             "    def __hash__(self):\n        return 0\ndef f():\n    return Eq()\n",
                     ["c = f()", "assert c == 3", "assert {c} == {3}", "assert [c] == [3]"])
    assert verdict.score == 0.25, verdict


def test_a_candidates_truth_is_its_objects(reward: CodeTests) -> None:
    """Found by this red team (honest code): with ``__len__`` forwarded, ``assert candidate`` took a function's
    truth from its length and raised; it is the function's, or its class's as the metaclass gives it."""
    assert judged(reward, "def f(x):\n    return x\n", ["assert f", "assert f and f(2) == 2"]).score == 1.0
    [verdict] = reward.judge(["def f(x):\n    return x\n"], test=["def check(candidate):\n    assert candidate\n"
                                                                   "    assert candidate(1) == 1\n"], entry_point=["f"])
    assert verdict.score == 1.0, verdict
    empty = "class M(type):\n    def __len__(cls):\n        return 0\nclass C(metaclass=M):\n    pass\n"
    assert judged(reward, empty, ["assert not C"]).score == 1.0
    assert judged(reward, empty, ["assert C"]).score == 0.0


def forged(reply: str) -> str:
    """A completion whose ``f`` answers with the frame ``reply`` (Python source of a dict) and ends its job."""
    return with_send_frame(f"""
        import os
        def f(*args, **kwargs):
            send_frame({reply})
            os._exit(0)
        """)


PATTERN = '["PU", "re.Pattern", ["(a+)+$", 0], []]'  # a backtracking pattern, were it compiled on this side
FORGED = {
    # A pattern crosses into the job only: one the job names, as an answer or as what a call left an argument as, is
    # refused, never compiled and matched here outside every deadline.
    "pattern_answer": ('{"ok": True, "value": ' + PATTERN + '}', "assert f().match('a' * 40 + 'b') is None"),
    "pattern_after": ('{"ok": True, "value": ["N"], "after": ["L", [["L", [' + PATTERN + ']], ["D", []]]]}',
                      "import re\np = re.compile('x')\nf(p)\nassert p.match('a' * 40 + 'b') is None"),
    # An OrderedDict naming one key twice is malformed, not the dict its last item makes.
    "ordered_dict_key_twice": ('{"ok": True, "value": ["OD", [["a", 1], ["a", 2]]]}',
                               "from collections import OrderedDict\nassert f() == OrderedDict(a=2)"),
    # An array argument left as an array of another typecode is refused, not written back.
    "array_after_another_typecode": ('{"ok": True, "value": ["N"], "after": ["L", [["L", [["AR", "d", [1.0]]]], '
                                     '["D", []]]]}',
                                     "from array import array\na = array('i', [5])\nf(a)\nassert a == array('i', [5])"),
}


@pytest.mark.parametrize("case", FORGED)
def test_a_forged_new_kind_is_refused(case: str, reward: CodeTests) -> None:
    reply, test = FORGED[case]
    verdict = judged(reward, forged(reply), [test])
    assert verdict.score == 0.0 and "unusable answer" in verdict.detail, verdict


SETUP_ENDS = {"system_exit": "raise SystemExit", "keyboard_interrupt": "raise KeyboardInterrupt",
              "hang": "while True:\n            pass", "job_exits": "import os\n        os._exit(0)"}


@pytest.mark.parametrize("case", SETUP_ENDS)
def test_a_setup_the_completion_breaks_fails_every_test(case: str, reward: CodeTests) -> None:
    """The setup (run once, after the completion) ending through the completion's class, by a BaseException, a hang
    or the job's exit, fails every test, also those that never read its names: never a run of the tests without it."""
    code = f"class Cache:\n    def __init__(self, n):\n        {SETUP_ENDS[case]}\ndef f(x):\n    return 0\n"
    verdict = judged(reward, code, ["assert f(1) == 0", "assert f(2) == 0"], setup="c0 = Cache(2)")
    assert verdict.score == 0.0, verdict
