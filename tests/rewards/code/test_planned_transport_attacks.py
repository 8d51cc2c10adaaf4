"""Red team round 5: planned calls (`rewards.code.planned`, the worker's batch), the value transport, class-based entry
points and the job's channel, attacked as a hostile policy would. Each test asserts the safe outcome. Closed after
they succeeded: an empty numpy array of 2**40 rows that a test's ``sorted()`` spent the trainer's memory on; a handle
tag written as the JSON escape ``"\\u0048"`` that let a batch run past an object of the job; a builtin (``pow``)
standing in for a ``Solution().method`` or an object's attribute, run here with the test's arguments; a malformed or
over-nested answer frame that ended the worker or broke the slot mid-session. Still open (strict expected failure):
a call that answers a builtin the test then calls here. Real sandbox, processes, no mocks."""

from __future__ import annotations

import time

import pytest
from forged_channel import with_send_frame

from rewards.code import CodeTests
from rewards.code.code_tests import run_asserts, run_humaneval
from rewards.sandbox import PlannedCall, RemoteObject, Sandbox, SandboxConfig


@pytest.fixture(scope="module")
def box():
    with Sandbox(SandboxConfig(slots=1)) as sandbox:
        yield sandbox


@pytest.fixture(scope="module")
def reward():
    return CodeTests(slots=1)


# ------------------------------------------------------------------------------- the value transport: numpy rows


ROWS = "import numpy as np\ndef f(n):\n    return np.empty({shape}, dtype=np.int64)\n"


@pytest.mark.parametrize("shape", [(1 << 40, 0), (0, 1 << 40), (3, 0, 1 << 20, 1 << 20)])
def test_an_empty_numpy_array_of_countless_rows_is_refused(box, shape):
    """``np.empty((2**40, 0))`` is 30 bytes on the wire and 128 here, but ``len()`` is 2**40: a test's ``sorted()``,
    ``list()`` or ``set()`` of it makes one object per row in one C call (1.2 GB and 0.9 s per 10**7 rows) that no
    deadline interrupts (``.T`` of (0, 2**40) has as many). Refused as a range of as many items is."""
    with box.session() as session:
        assert session.load(ROWS.format(shape=shape)).ok
        start = time.monotonic()
        result = session.call("f", (3,))
        assert time.monotonic() - start < 2.0
    assert not result.ok and "rows" in result.error, result


def test_a_wrong_answer_of_countless_empty_rows_scores_zero_without_iterating(reward):
    tests = ["assert sorted(f(3)) == [0, 1, 2]", "assert set(f(2)) == {0, 1}"]
    start = time.monotonic()
    [verdict] = reward.verdicts([ROWS.format(shape=(1 << 40, 0))], test_list=[tests])
    assert verdict.score == 0.0 and time.monotonic() - start < 10.0, verdict


@pytest.mark.parametrize("shape", [(0,), (0, 3), (3, 0), (2, 0, 5), (0, 1 << 16), (40_000, 0)])
def test_honest_empty_numpy_arrays_still_cross(box, shape):
    with box.session() as session:
        assert session.load(f"import numpy as np\ndef f():\n    return np.zeros({shape})\n").ok
        value = session.call("f", ()).value
    assert value.shape == shape and value.dtype.name == "float64"
    assert len(list(value)) == shape[0]


# ------------------------------------------------------------------------------------------ planned calls


# A job that writes every answer of its own, with each handle's tag "H" as the JSON escape "\u0048": the same text
# once parsed, other bytes on the wire.
ESCAPED_HANDLES = r"""
import sys
_job, _frames = sys.modules["rewards.sandbox.inside.job"], sys.modules["rewards.sandbox.inside.frames"]
def _send(fd, obj):
    _frames.write_all(fd, _frames.frame(_frames.dumps(obj).replace(b'"H"', b'"\\u0048"')))
_job.send = _send
seen = []
def f(x):
    seen.append(x)
    return x
class P:
    @property
    def v(self):
        return list(seen)
def g():
    return P()
"""


def test_a_handle_written_as_a_json_escape_still_ends_the_batch(box):
    """The worker ends a batch at an answer holding an object of the job (the test's next use of it must come
    before any later call); spelling the tag ``"\\u0048"`` must not hide it, or the job sees the next test's
    arguments while the test still holds its object."""
    with box.session() as session:
        planned = [PlannedCall("f", (1,)), PlannedCall("g"), PlannedCall("f", (2,))]
        assert session.load(ESCAPED_HANDLES, ("f", "g"), planned, {"f": "call", "g": "call"}).ok
        assert len(session.planned) == 2
        assert session.call("f", (1,)).value == 1
        obj = session.call("g", ()).value
        assert isinstance(obj, RemoteObject)
        assert session.use(obj, "getattr", "v").value == [1]  # f(2) not made yet, as in plain Python


def test_the_escaped_handle_job_scores_as_plain_python(reward):
    tests = ["assert f(1) == 1", "assert g().v == [1]", "assert f(2) == 2"]
    assert reward.verdicts([ESCAPED_HANDLES], test_list=[tests])[0].score == 1.0


def test_a_forged_batch_in_the_load_reply_is_never_an_answer(reward):
    """The load's own reply is the job's: a ``batch`` it writes there (right answers it never computed) is dropped
    by the worker, which makes the planned calls itself."""
    code = with_send_frame("""
        import os
        send_frame({"ok": True, "defined": {"add": "call"},
                    "batch": [{"ok": True, "value": ["I", hex(n)]} for n in (3, 7, 11)]})
        os._exit(0)
        def add(a, b):
            return 0
        """)
    tests = ["assert add(1, 2) == 3", "assert add(3, 4) == 7", "assert add(5, 6) == 11"]
    [verdict] = reward.verdicts([code], test_list=[tests])
    assert verdict.score == 0.0, verdict


ALWAYS_EQUAL = """
class Same:
    def __eq__(self, other):
        return True
    __hash__ = None
    def __bool__(self):
        return True
def {name}(*args):
    return Same()
class Solution:
    def {name}(self, *args):
        return Same()
"""


@pytest.mark.parametrize("flow", ["asserts", "check", "method"])
def test_an_answer_equal_to_everything_scores_zero_in_every_planned_flow(reward, flow):
    """An object whose ``__eq__`` says yes stays in its job as a handle: it ends the batch and never decides a
    comparison, whether the row is an assert list, a HumanEval ``check`` (planned) or a ``Solution().method``."""
    code = ALWAYS_EQUAL.format(name="add")
    if flow == "asserts":
        columns = {"test_list": [["assert add(1, 2) == 3", "assert add(2, 2) == 4", "assert add(0, 0) == 0"]]}
    else:
        test = "def check(candidate):\n    assert candidate(1, 2) == 3\n    assert candidate(2, 2) == 4\n"
        entry = "add" if flow == "check" else "Solution().add"
        columns = {"test": [test], "entry_point": [entry], "code_prompt": [""]}
    [verdict] = reward.verdicts([code], **columns)
    assert verdict.score == 0.0, verdict


# Every answer written as raw UTF-8 instead of the codec's ASCII escapes: "é" is 2 bytes in the job's frame, which
# the worker counts against output_bytes, and 6 once the worker writes it on (``\u00e9``). An answer of 0.92 x
# output_bytes as written.
CHARS = int(0.46 * SandboxConfig().output_bytes)
RAW_UTF8 = r"""
import json, sys
_job, _frames = sys.modules["rewards.sandbox.inside.job"], sys.modules["rewards.sandbox.inside.frames"]
def _send(fd, obj):
    _frames.write_all(fd, _frames.frame(json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode()))
_job.send = _send
def f(k):
    return "\u00e9" * CHARS
""".replace("CHARS", str(CHARS))


def test_a_batch_that_grows_past_the_reply_cap_when_re_escaped_fails_closed(reward):
    """Two answers of 0.92 x output_bytes each as the job wrote them become 5.5 x output_bytes in the worker's
    reply, past what the trusted side reads (4 x output_bytes): the load fails at once (the slot restarts) instead
    of being read, and the next completion on that slot is judged as usual."""
    tests = [f"assert f({k}) == '\\u00e9' * {CHARS}" for k in range(3)]
    start = time.monotonic()
    [forged] = reward.verdicts([RAW_UTF8], test_list=[tests])
    assert forged.score == 0.0 and time.monotonic() - start < 20.0, forged
    honest = "def f(k):\n    return '\\u00e9' * 48_000\n"
    small = [f"assert f({k}) == '\\u00e9' * 48_000" for k in range(3)]
    assert reward.verdicts([honest], test_list=[small])[0].score == 1.0


# ------------------------------------------------------------------------------------ class-based entry points


POWER_CHECK = "def check(candidate):\n    assert candidate(3, 10 ** 7) == 0\n"


@pytest.mark.parametrize("code", [
    "class Solution:\n    power = pow\n",  # a class attribute: the job's getattr found the builtin itself
    "from collections import namedtuple\nS = namedtuple('S', 'power')\ndef Solution():\n    return S(pow)\n",
])
def test_a_builtin_never_stands_in_for_the_method_under_test(code):
    """``Solution().power`` answered as a builtin (``pow`` crosses by name) would be called here, with the test's
    arguments, outside every bound of the sandbox: ``pow(3, 10**7)`` is 1.8 s of the trainer's CPU in one C call,
    ``pow(3, 10**9)`` hours. The method under test is the completion's code, run in its job, or the row fails."""
    box = Sandbox(SandboxConfig(slots=1))
    try:
        with box.session() as session:
            start = time.thread_time()
            result = run_humaneval(session, code, "", POWER_CHECK, "Solution().power")
            cpu = time.thread_time() - start
    finally:
        box.close()
    assert result.score == 0.0 and cpu < 0.5, (result, cpu)
    if "namedtuple" in code:  # plain data of this side: no object of the job to call the method of
        assert "the method under test must be the completion's own" in result.error, result


def test_a_method_of_the_completion_still_passes(reward):
    code = "class Solution:\n    def power(self, a, b):\n        return pow(a, b, 7)\n"
    check = "def check(candidate):\n    assert candidate(3, 4) == 4\n    assert candidate(2, 10) == 2\n"
    [verdict] = reward.verdicts([code], test=[check], entry_point=["Solution().power"], code_prompt=[""])
    assert verdict.score == 1.0, verdict


CALC = "class Calc:\n    power = pow\n"
# The same class, with a job that answers every getattr with the builtin by name, as a hostile job could.
FORGED_GETATTR = CALC + r"""
import sys
_job = sys.modules["rewards.sandbox.inside.job"]
_perform = _job._perform
def _forged(namespace, handles, msg):
    return {"value": ["BI", "pow"]} if msg.get("do") == "getattr" else _perform(namespace, handles, msg)
_job._perform = _forged
"""


@pytest.mark.parametrize("code", [CALC, FORGED_GETATTR])
def test_a_builtin_attribute_of_an_object_of_the_job_is_called_in_the_job(code):
    """A design-style test (``Calc().power(3, 10**7)``) calls an attribute of the completion's object: a builtin
    there is called in the job, under its budget, never here with the test's arguments; a job that answers the
    attribute with the builtin's name anyway is refused."""
    box = Sandbox(SandboxConfig(slots=1))
    try:
        with box.session() as session:
            start = time.thread_time()
            result = run_asserts(session, code, ["assert Calc().power(3, 10 ** 7) == 0"])
            cpu = time.thread_time() - start
    finally:
        box.close()
    assert result.score == 0.0 and cpu < 0.5, (result, cpu)


def test_a_builtin_attribute_still_answers_as_plain_python(reward):
    tests = ["assert Calc().power(3, 4) == 81", "assert Calc().power(2, 10, 7) == 2"]
    assert reward.verdicts([CALC], test_list=[tests])[0].score == 1.0


@pytest.mark.xfail(strict=True, reason="open: a call's answer that is a builtin (or holds one) still crosses by name, "
                   "and a test that calls it runs it here; making answers' builtins handles changes what `after` "
                   "reports of arguments holding builtins, which needs its own change")
def test_a_builtin_answered_by_a_call_is_not_called_here():
    """A row whose function returns a function (``make_power()(3, 10**7)``): the answer ``pow`` is this side's own
    builtin, so the test's call of it is 1.8 s of trainer CPU in one C call (``pow(3, 10**9)``: hours)."""
    box = Sandbox(SandboxConfig(slots=1))
    try:
        with box.session() as session:
            start = time.thread_time()
            run_asserts(session, "def make_power():\n    return pow\n", ["assert make_power()(3, 10 ** 7) == 0"])
            cpu = time.thread_time() - start
    finally:
        box.close()
    assert cpu < 0.5, cpu


# ------------------------------------------------------------------------------------- the job's channel


def frame_writer(body: bytes) -> str:
    """A completion whose ``f`` writes one frame of ``body`` (not what the codec writes) as its answer and waits."""
    return with_send_frame(f"""
        import os, stat, struct, time
        def f(x):
            body = {body!r}
            for fd in range(3, 64):
                try:
                    if stat.S_ISSOCK(os.fstat(fd).st_mode):
                        os.write(fd, struct.pack(">I", len(body)) + body)
                except OSError:
                    pass
            time.sleep(5)
        def g(x):
            return x + 1
        """)


@pytest.mark.parametrize("body", [b"[" * 200_000 + b"]" * 200_000, b"{", b"\xff", b'{"ok": tru'],
                         ids=["nested", "truncated", "not_utf8", "bad_literal"])
def test_a_malformed_answer_frame_never_ends_the_worker(body):
    """The worker parses its job's answer: JSON nested past the parser's depth, or no JSON at all, raised out of it
    and ended the worker (the slot restarted mid-session, at a moment the job chose). Now the job is ended, and
    the same worker serves the session's next job."""
    with Sandbox(SandboxConfig(slots=1)) as box, box.session() as session:
        pid = session.slot.proc.pid
        assert session.load(frame_writer(body)).ok
        start = time.monotonic()
        result = session.call("f", (1,))
        assert not result.ok and result.job_ended and time.monotonic() - start < 4.0, result
        assert not session.slot.broken and session.slot.proc.pid == pid
        assert session.load(frame_writer(body)).ok and session.call("g", (1,)).value == 2


@pytest.mark.parametrize("depth", [450, 987, 2000])
def test_an_answer_nested_near_the_parsers_depth_never_breaks_the_slot(depth):
    """A frame the worker could still parse but the trusted side could not (its stack is deeper than the worker's:
    nesting 987 made json.loads raise there) broke the slot mid-session; the worker now refuses it first."""
    body = b'{"ok":true,"value":' + b"[" * depth + b"]" * depth + b"}"
    with Sandbox(SandboxConfig(slots=1)) as box, box.session() as session:
        pid = session.slot.proc.pid
        assert session.load(frame_writer(body)).ok
        result = session.call("f", (1,))
        assert not result.ok and result.job_ended, result
        assert not session.slot.broken and session.slot.proc.pid == pid
        assert session.load(frame_writer(body)).ok and session.call("g", (1,)).value == 2
