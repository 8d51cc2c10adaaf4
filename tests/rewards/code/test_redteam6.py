"""A hostile policy against the newest crossing paths: aliases in what a call left its arguments as, an answer that
is its argument (``["ARG", i]``), the standard library's classes and pure callables by name, a SimpleNamespace
written back, a coroutine's stand-in, the test's seeds, the completion's module values read live, and the test's
own functions shipped into the job.

Each case is a completion as a policy could write it (many forge the job's reply on its channel, as its code can),
judged through the public reward with real sandbox runs; each asserts the safe outcome: 0, quickly, or the score
plain Python gives.
"""

from __future__ import annotations

import time

import pytest
from forged_channel import with_send_frame

from rewards.code.code_tests import CodeTests
from rewards.protocol import Verdict
from rewards.sandbox import wire

FAST_S = 20.0  # a verdict well inside the default deadline: nothing on the trusted side looped or blew up


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests(slots=1)


@pytest.fixture(scope="module")
def short() -> CodeTests:
    """Short deadlines, for completions that spend theirs (a hang is the completion's own time, up to them)."""
    return CodeTests(slots=1, call_timeout=1.0, completion_timeout=4.0)


def judged(reward: CodeTests, code: str, **columns: list) -> Verdict:
    """``code`` judged alone on ``columns``, its verdict within `FAST_S`."""
    start = time.monotonic()
    [verdict] = reward.judge([code], **columns)
    assert time.monotonic() - start < FAST_S
    assert verdict is not None
    return verdict


def assert_zero_fast(reward: CodeTests, code: str, **columns: list) -> Verdict:
    """``code`` judged alone on ``columns`` scores 0.0, and its verdict (returned) comes within `FAST_S`."""
    verdict = judged(reward, code, **columns)
    assert verdict.score == 0.0, verdict
    return verdict


def forged(reply: str) -> str:
    """A completion whose ``f`` answers with the frame ``reply`` (Python source of a dict) and ends its job."""
    return with_send_frame(f"""
        import os
        def f(*args, **kwargs):
            send_frame({reply})
            os._exit(0)
        """)


# ------------------------------------------------------------------------------ aliases in a call's ``after``

# Each level a list naming the level below twice: 40 lists on the wire, 2**40 paths from the top. Walking them (the
# flood check did, before it charged anything) never ends; nor would the test's own ``str(xs)``.
DAG = with_send_frame("""
    import os
    def f(*args, **kwargs):
        items = [["SH", 0, LEAF]]
        for i in range(1, 40):
            items.append(["SH", i, ["L", [["SR", i - 1], ["SR", i - 1]]]])
        send_frame({"ok": True, "value": ["N"], "after": ["L", [["L", [["L", items]]], ["D", []]]]})
        os._exit(0)
    """)


@pytest.mark.parametrize("leaf", ['["L", [1]]', '["L", [["H", hex(id(os)), "module", None]]]'])
def test_an_alias_named_twice_at_every_level_is_refused_at_once(leaf: str, reward: CodeTests) -> None:
    """Found by this red team: the trusted side walked every path of the aliases a forged ``after`` named (2**40),
    and froze judging there; now the paths are charged as the element visits they are, a handle at the leaves or
    not, and the answer is refused at once."""
    verdict = assert_zero_fast(reward, DAG.replace("LEAF", leaf),
                               test_list=[["xs = [0]\nf(xs)\nassert str(xs) != ''"]])
    assert "too costly" in verdict.detail


def test_the_paths_of_aliases_are_charged_in_the_decoder_itself() -> None:
    """The same bound at the reader: 40 lists, 2**40 paths, refused in well under a second."""
    items: list = [["SH", 0, ["L", [1]]]]
    for i in range(1, 40):
        items.append(["SH", i, ["L", [["SR", i - 1], ["SR", i - 1]]]])
    start = time.monotonic()
    with pytest.raises(ValueError, match="too costly"):
        wire.decode(["L", items], aliases=True)
    assert time.monotonic() - start < 1.0


def test_an_honest_grid_of_one_row_many_times_still_comes_back(reward: CodeTests) -> None:
    """The other side: ``[row] * 3`` changed through one alias is one row in the test too."""
    code = "def f(grid):\n    grid[0][0] = 9\n"
    tests = ["row = [0, 0]\ngrid = [row] * 3\nf(grid)\nassert grid == [[9, 0]] * 3 and grid[1] is row"]
    assert judged(reward, code, test_list=[tests]).score == 1.0


# ------------------------------------------------------------------------------ ``["ARG", i]``

ARG_CASES = {
    "index_out_of_range": ('{"ok": True, "value": ["ARG", 5]}', "assert f([3, 1, 2]) == [1, 2, 3]"),
    "negative_index": ('{"ok": True, "value": ["ARG", -1]}', "assert f([3, 1, 2]) == [1, 2, 3]"),
    "a_tuple_argument": ('{"ok": True, "value": ["ARG", 1]}', "assert f([1, 2, 3], (1, 2, 3)) == (1, 2, 3)"),
    "a_keyword_argument": ('{"ok": True, "value": ["ARG", 0]}', "assert f(xs=[1, 2, 3]) == [1, 2, 3]"),
    "a_string_argument": ('{"ok": True, "value": ["ARG", 0]}', "assert f('abc') == 'abc'"),
    "an_int_index_as_bool": ('{"ok": True, "value": ["ARG", True]}', "assert f([1, 2, 3]) == [1, 2, 3]"),
}


@pytest.mark.parametrize("case", list(ARG_CASES))
def test_an_answer_may_name_only_a_list_dict_or_set_argument_it_was_given(case: str, reward: CodeTests) -> None:
    """A forged ``["ARG", i]`` for an argument that is not one of the call's positional list, dict or set
    arguments (out of range, a tuple the test compares with, a keyword, a read of a global) is refused."""
    reply, test = ARG_CASES[case]
    assert_zero_fast(reward, forged(reply), test_list=[[test]])


def test_an_argument_named_as_the_answer_is_the_call_left_it(reward: CodeTests) -> None:
    """The answer that names its argument is that argument as the ``after`` wrote it, never the test's unchanged
    object beside another state: a job that answers ARG 0 and reports ``[1, 2, 3]`` gives the test ``[1, 2, 3]`` in
    both places (here the expected ``[9]`` is in neither)."""
    reply = ('{"ok": True, "value": ["ARG", 0], '
             '"after": ["L", [["L", [["L", [1, 2, 3]]]], ["D", []]]]}')
    tests = ["xs = [3, 2, 1]\nys = f(xs)\nassert ys is xs and xs == [1, 2, 3]",
             "xs = [3, 2, 1]\nassert f(xs) == [9]"]
    verdict = judged(reward, forged(reply), test_list=[tests])
    assert verdict.score == 0.5, verdict


# ------------------------------------------------------------------------------ library values by name

FORGED_VALUES = {
    # a pure callable is an argument's form only: an answer's would be this side's partial of this side's pow
    "partial": ('["PU", "functools.partial", [["BI", "pow"], 3], []]', "assert f()(10 ** 6) != 0"),
    # a class by name only where the call sent it
    "fraction_class": ('["BI", "fractions.Fraction"]', "assert f()(1, 3) == Fraction(1, 3)"),
    "decimal_class": ('["BI", "decimal.Decimal"]', "assert f()('1.5') == Decimal('1.5')"),
    "defaultdict_of_eval": ('["DD", "eval", [[["S", "a"], 1]]]', "assert f()['a'] == 1"),
    "defaultdict_of_a_class": ('["DD", "Fraction", []]', "assert f()['a'] == 0"),
    "deque_negative_maxlen": ('["Q", [1, 2], -1]', "assert list(f()) == [1, 2]"),
    "deque_huge_maxlen": ('["Q", [1, 2], 1e300]', "assert list(f()) == [1, 2]"),
    "deque_bool_maxlen": ('["Q", [1, 2], True]', "assert list(f()) == [2]"),
    "decimal_past_its_bound": ('["DEC", "1E+99999"]', "assert f() > 0"),
    "decimal_text_evaluated": ('["DEC", "__import__(\'os\')"]', "assert f() is not None"),
    "counter_of_a_subclass_tag": ('["CT", [[["S", "a"], 2]], "x"]', "assert f()['a'] == 2"),
    "date_with_code": ('["DT", "datetime", "2020-01-01T00:00:00+99:00"]', "assert f().year == 2020"),
    "namedtuple_dunder_field": ('["NT", "P", ["__class__"], [1]]', "assert f()[0] == 1"),
}


@pytest.mark.parametrize("case", list(FORGED_VALUES))
def test_forged_library_values_are_refused(case: str, reward: CodeTests) -> None:
    """The standard library's classes and callables cross only as what the strict reader builds from checked
    parts: no pure callable, no class the call did not send, no defaultdict factory outside the builtin types."""
    value, test = FORGED_VALUES[case]
    setup = "from fractions import Fraction\nfrom decimal import Decimal\n"
    assert_zero_fast(reward, forged('{"ok": True, "value": ' + value + '}'), test_list=[[setup + test]])


def test_awkward_library_values_score_what_plain_python_scores(reward: CodeTests) -> None:
    """Values plain Python could return too cross as themselves and score as there: a signalling NaN (which no set
    can hold: refused inside one), a Counter of non-int counts, a deque cut by its maxlen."""
    code = ("from decimal import Decimal\nfrom collections import Counter, deque\n"
            "def nan():\n    return Decimal('sNaN')\n"
            "def odd_counter():\n    return Counter({'a': 'x'})\n"
            "def cut():\n    return deque([1, 2, 3], 2)\n")
    tests = ["assert nan().is_snan()", "assert list(cut()) == [2, 3] and cut().maxlen == 2",
             "assert odd_counter()['a'] == 'x'", "assert odd_counter()['a'] == 2"]
    verdict = judged(reward, code, test_list=[tests])
    assert verdict.score == 0.75, verdict
    forged_set = forged('{"ok": True, "value": ["E", [["DEC", "sNaN"], 1]]}')
    assert_zero_fast(reward, forged_set,
                     test_list=[["try:\n    f()\nexcept TypeError:\n    pass\nelse:\n    raise AssertionError"]])


# ------------------------------------------------------------------------------ a SimpleNamespace written back

NS_CHECK = ("from types import SimpleNamespace\n"
            "ns = SimpleNamespace(val=5, ok=lambda v: v % 2 == 0)\n"
            "f(ns)\nassert ns.ok(ns.val)")


@pytest.mark.parametrize("change", ["ns.ok = lambda v: True", "ns.ok = print", "ns.val = ns\n    ns.ok = bool",
                                    "ns.__dict__['ok'] = lambda v: True"])
def test_a_namespace_written_back_keeps_the_tests_functions(change: str, reward: CodeTests) -> None:
    """The test's SimpleNamespace holds its own check; the job may change its data, never swap that function for
    one of its own that says yes (plain Python would pass such a completion, which is exactly the hack)."""
    code = f"def f(ns):\n    {change}\n"
    assert_zero_fast(reward, code, test_list=[[NS_CHECK]])


def test_a_forged_namespace_report_cannot_set_a_dunder(reward: CodeTests) -> None:
    """A forged report of the namespace's changes naming ``__class__`` or ``__eq__`` is refused."""
    reply = '{"ok": True, "value": ["N"], "objects_after": [[0, [["__eq__", ["BI", "bool"]]]]]}'
    assert_zero_fast(reward, forged(reply), test_list=[[NS_CHECK]])


def test_a_namespaces_data_changed_comes_back(reward: CodeTests) -> None:
    """The other side: a change of its data is the test's to read (a namespace of data alone: one that holds a
    test's function and is changed is refused today, as the job reports that function as ``["FN", i]``, which the
    report's reader does not take; a fidelity gap, not a hole)."""
    code = "def f(ns):\n    ns.val = 6\n"
    test = "from types import SimpleNamespace\nns = SimpleNamespace(val=5)\nf(ns)\nassert ns.val % 2 == 0"
    assert judged(reward, code, test_list=[[test]]).score == 1.0


# ------------------------------------------------------------------------------ a coroutine's stand-in

COROUTINE_CASES = {
    # an object of a class named like a coroutine gets the stand-in's methods, but the job awaits only a real one
    "named_coroutine": "class coroutine:\n    def __await__(self):\n        yield\n        return 4\n"
                       "def f(x):\n    return coroutine()\n",
    "never_ends": "import asyncio\nasync def f(x):\n    while True:\n        await asyncio.sleep(0)\n",
    "returns_a_wrong_value": "async def f(x):\n    return 5\n",
}


@pytest.mark.parametrize("case", list(COROUTINE_CASES))
def test_a_coroutine_the_test_awaits_scores_what_it_returns(case: str, short: CodeTests) -> None:
    """``asyncio.run(f(2)) == 4``: a fake coroutine, one that never ends, or a wrong value fails within the
    deadline; a test that expects some exception passes only where the completion's own code raised one (awaiting
    what is no coroutine raises in plain Python too), never through a deadline."""
    tests = ["import asyncio\nassert asyncio.run(f(2)) == 4",
             "import asyncio\ntry:\n    asyncio.run(asyncio.wait_for(f(2), 0.5))\nexcept Exception:\n    pass\n"
             "else:\n    raise AssertionError"]
    verdict = judged(short, COROUTINE_CASES[case], test_list=[tests])
    assert verdict.score == (0.5 if case == "named_coroutine" else 0.0), verdict


# ------------------------------------------------------------------------------ the test's seeds

SEED_CASES = {
    # the job's seed op hangs: the test's seed is quiet, but the calls after it must not pass
    "seed_hangs": "import random\ndef _hang(*a, **k):\n    while True:\n        pass\nrandom.seed = _hang\n"
                  "def f():\n    return 4\n",
    # the job's seed op kills it
    "seed_kills": "import random, os\nrandom.seed = lambda *a, **k: os._exit(0)\ndef f():\n    return 4\n",
}


@pytest.mark.parametrize("case", list(SEED_CASES))
def test_a_job_that_breaks_on_the_tests_seed_fails_the_calls_after(case: str, short: CodeTests) -> None:
    """``random.seed`` reaches the job quietly; a completion that hangs or dies there still fails the calls after,
    including one the test expects to raise."""
    tests = ["import random\nrandom.seed(3)\nassert f() == 5",
             "import random\nrandom.seed(4)\ntry:\n    f()\nexcept Exception:\n    pass\nelse:\n"
             "    raise AssertionError"]
    assert_zero_fast(short, SEED_CASES[case], test_list=[tests])


def test_the_job_never_learns_the_tests_unseeded_draws(reward: CodeTests) -> None:
    """A test that seeds from the system (``random.seed()``) and draws its expected value: the job, seeded from its
    own entropy, draws another (the attack tries the job's draw, the test's module generator, and the time)."""
    code = ("import random, time\n"
            "def f():\n    return random.randint(0, 10 ** 12)\n")
    test = "import random\nrandom.seed()\nsecret = random.randint(0, 10 ** 12)\nassert f() == secret"
    assert_zero_fast(reward, code, test_list=[[test]])


def test_the_tests_draws_never_depend_on_the_job(reward: CodeTests) -> None:
    """The job reseeding its own generator leaves the test's draws those of the test's own seed: the test's
    generator is this side's, so no completion chooses what a test draws as its expected values."""
    code = "import random\ndef f():\n    random.seed(0)\n    return random.random()\n"
    test = "import random\nrandom.seed(7)\nf()\nmine = random.random()\nrandom.seed(7)\nassert mine == random.random()"
    assert judged(reward, code, test_list=[[test]]).score == 1.0


# ------------------------------------------------------------------------------ module values read live

def test_a_forged_answer_to_a_global_read_is_refused(reward: CodeTests) -> None:
    """The call answers for itself and queues a second frame: the answer to the test's next read of the completion's
    module value. ``["ARG", 0]`` (a read has no argument) and a builtin the read never sent are refused, and a test
    that catches everything still fails; plain data there is what the job's value could be (the control: 1.0, so
    the forged frame is the one read)."""
    for value, score in (('["ARG", 0]', 0.0), ('["BI", "pow"]', 0.0), ('["L", [1]]', 1.0)):
        code = with_send_frame(f"""
            RESULT = [0]
            def f():
                send_frame({{"ok": True, "value": 1}})
                send_frame({{"ok": True, "value": {value}}})
                return 1
            """)
        tests = ["f()\nassert RESULT == [1] or RESULT(2, 3) == 8"]
        if not score:
            tests.append("try:\n    f()\n    RESULT\nexcept Exception:\n    pass\nelse:\n    raise AssertionError")
        verdict = judged(reward, code, test_list=[tests])
        assert verdict.score == score, (value, verdict)


def test_a_global_both_sides_changed_fails_the_test_by_name(reward: CodeTests) -> None:
    """The test and the job both changed ``CALLS``: the read fails by name, never a merged or stale value."""
    code = "CALLS = []\ndef f(x):\n    CALLS.append(x)\n    return x\n"
    test = "CALLS.append(0)\nf(1)\nassert CALLS == [0, 1]"
    verdict = assert_zero_fast(reward, code, test_list=[[test]])
    assert "both changed" in verdict.detail


# ------------------------------------------------------------------------------ the test's functions shipped in

LEAK_CHECK = """
def check(candidate):
    rows = [(1, 5), (2, 7)]
    assert candidate(rows, lambda r: r.check) == 9173
"""
# The test's lambda reads an attribute named like the test's own ``check``: only the names a function reads as
# globals may go with it, never a global named like one of its attributes (the whole check, with what it expects).
LEAK = """
import types
def best(rows, key):
    for name, value in list(key.__globals__.items()):
        if isinstance(value, types.FunctionType) and value is not key and value is not best:
            stack = [value.__code__]
            while stack:
                code = stack.pop()
                for c in code.co_consts:
                    if isinstance(c, int) and c > 1000:
                        return c
                    if isinstance(c, types.CodeType):
                        stack.append(c)
    return -1
"""


def test_a_test_function_carries_only_the_globals_it_reads(reward: CodeTests) -> None:
    """Found by this red team: ``lambda r: r.check`` carried the test's ``check`` into the job (its free names were
    taken from ``co_names``, which holds attribute names too), and the completion read the expected 9173 from its
    constants: a false pass. Now only names the code loads as globals go."""
    assert_zero_fast(reward, LEAK, test=[LEAK_CHECK], entry_point=["best"])


def test_a_test_function_still_gets_the_globals_it_does_read(reward: CodeTests) -> None:
    """The other side: a helper reading the test's own global (and a module through an attribute) works."""
    check = ("import math\nSCALE = 3\ndef check(candidate):\n"
             "    assert candidate([1, 4], lambda v: math.sqrt(v) * SCALE) == [3.0, 6.0]\n")
    code = "def apply(xs, fn):\n    return [fn(x) for x in xs]\n"
    assert judged(reward, code, test=[check], entry_point=["apply"]).score == 1.0


DECORATED_CHECK = """
def check(candidate):
    @candidate
    def double(x):
        return x * 2
    assert double(21) == 42
    assert candidate.__name__ == 'memo'
"""


def test_a_decorated_test_function_carries_only_its_own_source(reward: CodeTests) -> None:
    """``@candidate`` on a test's def hands the job that def alone: its source holds neither the assert after it nor
    the values it expects, so a decorator that hunts for them finds nothing (and answers wrong)."""
    code = ("import inspect, types\n"
            "def memo(fn):\n"
            "    found = [c for c in fn.__code__.co_consts if isinstance(c, int) and c not in (2,)]\n"
            "    g = fn.__globals__.get('check')\n"
            "    def wrapper(x):\n"
            "        return found[0] if found else (42 if g is not None else -1)\n"
            "    return wrapper\n")
    assert_zero_fast(reward, code, test=[DECORATED_CHECK], entry_point=["memo"])
