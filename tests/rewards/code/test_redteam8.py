"""A hostile policy against what the trusted side does with a decoded answer, and against what a job leaves behind.

Each case is a completion as a policy could write it, judged through the public reward with real sandbox runs; each
asserts the safe outcome: 0, quickly (or the score plain Python gives), and the next completion on the slot unaffected.
"""

from __future__ import annotations

import time

import pytest

from rewards.code.code_tests import CodeTests
from rewards.protocol import Verdict
from rewards.sandbox import wire

FAST_S = 20.0  # a verdict well inside the default deadline: nothing on the trusted side looped or blew up


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    """Short deadlines, for completions that spend theirs (a hang is the completion's own time, up to them)."""
    return CodeTests(slots=1, call_timeout=1.0, completion_timeout=4.0)


def timed(reward: CodeTests, code: str, **columns: object) -> tuple[Verdict, float]:
    """``code`` judged alone on one row of ``columns``, and the seconds its verdict took."""
    start = time.monotonic()
    [verdict] = reward.judge([code], **{k: [v] for k, v in columns.items()})
    assert verdict is not None
    return verdict, time.monotonic() - start


# ------------------------------------------------------------------------------ sympy values a test rounds

# Found by this red team: a sympy Float crossed with any exponent of up to six digits and any precision up to 65,535
# bits, and a test's round() of Float('1e-999999') took 8 s here, outside every deadline (the answer's decoding is
# metered, what the test does with it is not): 26 s for a list of three, as long as the list for a longer one.
# And any sympy value was charged only its own size, while a test's round() of one takes 0.2-1.7 ms (a float's 0.4 us):
# 60,000 Rational(1, 3) in one answer kept `[round(v, 2) for v in f(1)]` busy for 72 s (2 cores, load 1.5).
ROUNDED = {
    "float_of_a_huge_exponent": "import sympy\ndef f(x):\n    return [sympy.Float('1e-999999', 53)] * 3\n",
    "float_of_a_huge_positive_exponent": "import sympy\ndef f(x):\n    return [sympy.Float('1e999999', 53)] * 3\n",
    "many_rationals": "import sympy\ndef f(x):\n    return [sympy.Rational(1, 3)] * 60000\n",
}


@pytest.mark.parametrize("case", ROUNDED)
def test_sympy_answers_cannot_keep_a_tests_rounding_busy(case: str, reward: CodeTests) -> None:
    verdict, took = timed(reward, ROUNDED[case], test_list=["assert [round(v, 2) for v in f(1)] == [0.5]"])
    assert verdict.score == 0.0, verdict
    assert took < FAST_S, f"{took:.1f}s for one completion"
    assert "unusable answer" in verdict.detail, verdict


@pytest.mark.parametrize("value", [["SY", "Float", "1e-999999", "0x35"], ["SY", "Float", "9.5e4301", "0x35"],
                                   ["SY", "Float", "1.5", "0xffff"], ["SY", "Float", "1.5", "0x401"]])
def test_a_sympy_float_past_the_bounds_is_refused(value: list) -> None:
    with pytest.raises(ValueError, match="sympy Float beyond"):
        wire.decode(value)


def test_sympy_values_are_charged_what_they_cost_a_test() -> None:
    """A completion's answers hold at most ``completion_bytes`` / `wire.SYMPY_BYTES` sympy Floats and Rationals;
    Integers, whose rounding is cheap, cost what they build."""
    meter = wire.Meter(max_bytes=64 << 20)
    wire.decode(["L", [["SY", "Rational", "0x1", "0x3"]] * 2000 + [["SY", "Float", "1.5", "0x35"]] * 2000],
                meter=meter)
    with pytest.raises(ValueError, match="takes more than"):
        wire.decode(["L", [["SY", "Rational", "0x1", "0x3"]] * 200], meter=meter)
    assert len(wire.decode(["L", [["SY", "Integer", "0x7"]] * 100_000], meter=wire.Meter(max_bytes=64 << 20))) \
        == 100_000


def test_the_worst_sympy_answer_left_is_rounded_quickly(reward: CodeTests) -> None:
    """Within the bounds (exponent 4300, 1024 bits, 4,096 values a completion) a test rounding every value of the
    worst answer left still ends well inside the deadline (5.7 s on 2 cores at load 2.9)."""
    code = "import sympy\ndef f(x):\n    return [sympy.Float('1e-4300', 53)] * 4000\n"
    verdict, took = timed(reward, code, test_list=["assert [round(v, 2) for v in f(1)] == [0.5]"])
    assert verdict.score == 0.0 and took < FAST_S, (verdict, took)


def test_honest_sympy_answers_still_pass(reward: CodeTests) -> None:
    code = ("import sympy\ndef f(x):\n    return sympy.Float('0.5')\n"
            "def g(n):\n    return [sympy.Rational(1, k) for k in range(1, n + 1)]\n"
            "def h():\n    return sympy.Float('1.5e-300', 30)\n"
            "def z():\n    return sympy.Float(0, 400)\n")
    verdict, _ = timed(reward, code, test_list=[
        "assert str(z()) == '0.0' and float(z()) == 0.0",
        "assert f(1) == 0.5", "assert float(f(1)) == 0.5",
        "assert [float(v) for v in g(1000)][:2] == [1.0, 0.5] and sum(g(1000)) > 7",
        "assert abs(float(h()) - 1.5e-300) < 1e-310"])
    assert verdict.score == 1.0, verdict


# ------------------------------------------------------------------------------ attacks that hold

HE = {"test": "def check(candidate):\n    assert candidate(2, 3) == 5\n    assert candidate(-1, 1) == 0\n",
      "entry_point": "add", "code_prompt": 'def add(a, b):\n    """Sum."""\n'}
ASSERTS = {"test_list": ["assert add(1, 2) == 3", "assert add(0, 0) == 0"]}

# A job that ends as a killed worker would (137, 143, its own SIGKILL, SIGTERM to its group, signals it aims at its
# worker or at every process) must score 0 as a wrong answer, never be taken for the host's loss of the worker (an
# unscorable verdict, score None, which would spare a wrong completion its 0).
ENDS = {
    "exit_137": "import os\ndef add(a, b):\n    os._exit(137)\n",
    "exit_143": "import os\ndef add(a, b):\n    os._exit(143)\n",
    "own_sigkill": "import os\ndef add(a, b):\n    os.kill(os.getpid(), 9)\n",
    "group_sigterm": "import os\ndef add(a, b):\n    os.killpg(0, 15)\n",
    "signals_everywhere": ("import os\ndef add(a, b):\n    for pid in (os.getppid(), 1, -1, 0):\n"
                           "        for s in (9, 15):\n            try:\n                os.kill(pid, s)\n"
                           "            except OSError:\n                pass\n    return 0\n"),
    "thread_exits_137": ("import os, threading, time\ndef add(a, b):\n"
                         "    threading.Thread(target=lambda: os._exit(137)).start()\n"
                         "    time.sleep(0.2)\n    return 0\n"),
    "system_exit_subclass": "class Exit(SystemExit):\n    pass\ndef add(a, b):\n    raise Exit(0)\n",
}


@pytest.mark.parametrize("form", ["humaneval", "asserts"])
@pytest.mark.parametrize("case", ENDS)
def test_a_job_that_ends_like_a_killed_worker_scores_zero(case: str, form: str, reward: CodeTests) -> None:
    verdict, took = timed(reward, ENDS[case], **(HE if form == "humaneval" else ASSERTS))
    assert verdict.score == 0.0, verdict
    assert took < FAST_S


def test_an_exception_holding_an_int_too_long_to_print_scores_zero(reward: CodeTests) -> None:
    verdict, _ = timed(reward, "def add(a, b):\n    raise KeyError(7 ** 40000)\n", **ASSERTS)
    assert verdict.score == 0.0, verdict


IO = {"inputs": ["1 2\n", "5 5\n"], "outputs": ["3\n", "10\n"]}
# A script that writes in its scratch and leaves a detached grandchild rewriting files there while the next
# completion runs on the same slot.
LEAVER = """
import os, time
open('/tmp/flag', 'w').write('x')
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        for i in range(200):
            try:
                open('/tmp/flag3', 'w').write(str(i))
            except OSError:
                pass
            time.sleep(0.05)
    os._exit(0)
a, b = map(int, input().split())
print(a + b)
"""
# Right only when it finds what a completion before it left.
READER = """
import os
a, b = map(int, input().split())
print(a + b if any(os.path.exists(p) for p in ('/tmp/flag', '/tmp/flag3', '/dev/shm/flag')) else -1)
"""


def test_nothing_a_script_leaves_reaches_the_next_completion(reward: CodeTests) -> None:
    leaver, _ = timed(reward, LEAVER, **IO)
    assert leaver.score == 1.0, leaver
    for _ in range(2):
        verdict, _ = timed(reward, READER, **IO)
        assert verdict.score == 0.0, verdict


def test_a_script_that_exits_137_after_a_wrong_line_is_wrong(reward: CodeTests) -> None:
    code = "import os, sys\na, b = map(int, input().split())\nprint(a + b + 1)\nsys.stdout.flush()\nos._exit(137)\n"
    verdict, _ = timed(reward, code, **IO)
    assert verdict.score == 0.0, verdict
