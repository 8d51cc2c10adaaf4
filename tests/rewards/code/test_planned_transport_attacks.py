"""Red team round 5: planned calls (`rewards.code.planned`, the worker's batch), the value transport, class-based entry
points and the job's channel, attacked as a hostile policy would. Each test asserts the safe outcome. Closed after
they succeeded: an empty numpy array of 2**40 rows that a test's ``sorted()`` spent the trainer's memory on; a handle
tag written as the JSON escape ``"\\u0048"`` that let a batch run past an object of the job; a builtin (``pow``)
standing in for a ``Solution().method`` or an object's attribute, run here with the test's arguments; a malformed or
over-nested answer frame that ended the worker or broke the slot mid-session; a call that answered a builtin (or
one inside its answer) that the test then called here. Real sandbox, processes, no mocks."""

from __future__ import annotations

import collections
import time

import pytest
from forged_channel import with_send_frame

from rewards.code import CodeTests
from rewards.code.code_tests import run_asserts, run_humaneval
from rewards.sandbox import PlannedCall, RemoteObject, Sandbox, SandboxConfig
from rewards.sandbox.inside.codec import builtin_name


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
    """``Solution().power`` answered as a builtin (``pow`` crossed by name) would be called here, with the test's
    arguments, outside every bound of the sandbox: ``pow(3, 10**7)`` is 1.8 s of the trainer's CPU in one C call,
    ``pow(3, 10**9)`` hours. The method under test is the completion's code, run in its job (a builtin there,
    held by the job's object or inside its answer, is a handle), or the row fails."""
    box = Sandbox(SandboxConfig(slots=1))
    try:
        with box.session() as session:
            start = time.thread_time()
            result = run_humaneval(session, code, "", POWER_CHECK, "Solution().power")
            cpu = time.thread_time() - start
    finally:
        box.close()
    assert result.score == 0.0 and cpu < 0.5, (result, cpu)


def test_plain_data_never_stands_in_for_the_method_under_test():
    """A namedtuple's field is plain data of this side (its builtins are handles): no object of the job to call
    the method of, so the row fails and says why."""
    code = "from collections import namedtuple\nS = namedtuple('S', 'power')\ndef Solution():\n    return S(3)\n"
    with Sandbox(SandboxConfig(slots=1)) as box, box.session() as session:
        result = run_humaneval(session, code, "", POWER_CHECK, "Solution().power")
    assert result.score == 0.0 and "the method under test must be the completion's own" in result.error, result


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


def test_a_builtin_answered_by_a_call_is_not_called_here():
    """A row whose function returns a function (``make_power()(3, 10**7)``): the answer ``pow`` was this side's own
    builtin, so the test's call of it was 1.8 s of trainer CPU in one C call (``pow(3, 10**9)``: hours). It is a
    handle now, called in the job under its deadlines."""
    box = Sandbox(SandboxConfig(slots=1))
    try:
        with box.session() as session:
            start = time.thread_time()
            run_asserts(session, "def make_power():\n    return pow\n", ["assert make_power()(3, 10 ** 7) == 0"])
            cpu = time.thread_time() - start
    finally:
        box.close()
    assert cpu < 0.5, cpu


# A builtin held inside an answer, and the test's expression that reaches it.
HELD_BUILTINS = {
    "list": ("def f():\n    return [max, pow]\n", "f()[1]"),
    "dict": ("def f():\n    return {'p': pow}\n", "f()['p']"),
    "namedtuple": ("from collections import namedtuple\nP = namedtuple('P', 'op')\ndef f():\n    return P(pow)\n",
                   "f().op"),
    "deque_in_tuple": ("from collections import deque\ndef f():\n    return (1, deque([pow]))\n", "f()[1][0]"),
    "partial": ("import functools\ndef f():\n    return functools.partial(pow, 3)\n",
                "(lambda p: lambda a, b: p(b))(f())"),
}


@pytest.mark.parametrize("name", list(HELD_BUILTINS))
def test_a_builtin_held_inside_an_answer_is_not_called_here(name):
    code, reach = HELD_BUILTINS[name]
    with Sandbox(SandboxConfig(slots=1)) as box, box.session() as session:
        start = time.thread_time()
        result = run_asserts(session, code, [f"assert {reach}(3, 10 ** 7) == 0"])
        cpu = time.thread_time() - start
    assert result.score == 0.0 and cpu < 0.5, (result, cpu)


def _builtins_of_this_side(value: object) -> list:
    """Every builtin that `codec.builtin_name` names, anywhere in a decoded answer."""
    found, stack = [], [value]
    while stack:
        x = stack.pop()
        if not isinstance(x, RemoteObject) and builtin_name(x) is not None:
            found.append(x)
        elif isinstance(x, dict):
            stack.extend([*x.keys(), *x.values()])
        elif isinstance(x, (list, tuple, set, frozenset, collections.deque)):
            stack.extend(x)
    return found


ANSWERS_WITH_BUILTINS = [
    "pow", "[pow, max, str.zfill]", "{'k': len, 'm': {len: sorted}}", "(1, (int, frozenset({abs})))",
    "collections.deque([min])", "collections.Counter({pow: 2})", "collections.OrderedDict(a=str.upper)",
    "collections.namedtuple('P', 'op key')(pow, bytes.zfill)", "{1: [str.upper]}.items()",
]


@pytest.mark.parametrize("expr", ANSWERS_WITH_BUILTINS)
def test_no_answer_holds_a_builtin_of_this_side(box, expr):
    """Wherever a builtin sits in an answer (a container, a key, a namedtuple's field, a dict view), the test gets
    a handle to the job's, whose call runs in the job; never this side's own."""
    with box.session() as session:
        assert session.load(f"import collections\ndef f():\n    return {expr}\n").ok
        result = session.call("f", ())
        assert result.ok, result
        assert not _builtins_of_this_side(result.value), result.value
        handles = _handles(result.value)
        assert handles and all(h._builtin is not None for h in handles)


def _handles(value: object) -> list:
    found, stack = [], [value]
    while stack:
        x = stack.pop()
        if isinstance(x, RemoteObject):
            found.append(x)
        elif isinstance(x, dict):
            stack.extend([*x.keys(), *x.values()])
        elif isinstance(x, (list, tuple, set, frozenset, collections.deque)) or type(x).__name__.startswith("dict_"):
            stack.extend(x)
    return found


# Jobs that name a builtin anyway, as a hostile job may write any frame: in the answer, nested in it, or in what the
# call left its arguments as (a builtin the test never sent).
FORGED_ANSWERS = {
    "value": '{"value": ["BI", "pow"]}',
    "nested": '{"value": ["L", [["I", "0x1"], ["D", [[["S", "p"], ["BI", "pow"]]]]]]}',
    "after": '{"value": ["N"], "after": ["L", [["L", [["L", [["BI", "pow"]]]]], ["D", []]]]}',
}


@pytest.mark.parametrize("name", list(FORGED_ANSWERS))
def test_a_builtin_a_job_names_in_an_answer_is_refused(name):
    code = f"""
import sys
_job = sys.modules["rewards.sandbox.inside.job"]
_perform = _job._perform
def _forged(namespace, handles, msg):
    return {FORGED_ANSWERS[name]} if msg.get("name") == "f" else _perform(namespace, handles, msg)
_job._perform = _forged
def f(out):
    pass
"""
    tests = ["out = [0]\nf(out)\nassert out[0](3, 10 ** 7) == 0" if name == "after" else
             "assert (f([]) if type(f([])) is not list else f([])[1]['p'])(3, 10 ** 7) == 0"]
    with Sandbox(SandboxConfig(slots=1)) as box, box.session() as session:
        start = time.thread_time()
        result = run_asserts(session, code, tests)
        cpu = time.thread_time() - start
    assert result.score == 0.0 and "unusable" in result.error and cpu < 0.5, (result, cpu)


def test_a_builtin_handle_equals_the_builtin_it_was_answered_as(box):
    """``make_power() == pow`` holds as in one process (the job's claim, made with the answer, before any
    comparison), hashed alike; ``is`` does not: the test never holds this side's ``pow`` for the answer."""
    with box.session() as session:
        assert session.load("def f():\n    return pow\ndef g():\n    return [pow, max]\n").ok
        power = session.call("f", ()).value
        assert power == pow and pow == power and power != max and {power} == {pow} and power is not pow
        assert session.call("g", ()).value == [pow, max] and session.call("g", ()).value[0] is power
        assert repr(power) == "<built-in function pow>" and power(3, 4) == 81


def test_the_tests_own_builtins_read_back_as_they_were_sent(box):
    """What a call left its arguments as (``after``) names the builtins the test sent by name, so the test's dict
    of key functions still holds its own ``len``, ``str.lower`` (moved as the call moved them, as in one process);
    a builtin the job put there that the test never sent is a handle, called in the job."""
    with box.session() as session:
        assert session.load("def f(keys, out):\n    out.append(sorted(keys))\n"
                            "def g(keys):\n    keys['n'], keys['low'] = keys['low'], keys['n']\n"
                            "    keys['m'] = max\n").ok
        keys, out = {"n": len, "low": str.lower, "all": [sorted, str.lower]}, []
        assert session.call("f", (keys, out)).ok
        assert out == [["all", "low", "n"]] and keys["n"] is len and keys["low"] is str.lower
        assert keys["all"][0] is sorted and keys["all"][1] is str.lower
        assert session.call("g", (keys,)).ok
        assert keys["n"] is str.lower and keys["low"] is len and keys["all"][0] is sorted
        assert isinstance(keys["m"], RemoteObject) and keys["m"] == max and keys["m"](1, 2) == 2


def test_a_prompt_object_holding_a_builtin_is_written_back(reward):
    """The prompt's object the test built holds a builtin of the test's: the call's change to it is written back,
    the builtin still the test's own (an answer's builtins being handles must not make it look replaced)."""
    prompt = "class Box:\n    def __init__(self, v, key):\n        self.v, self.key = v, key\n"
    check = "def check(candidate):\n    b = Box(3, len)\n    candidate(b)\n    assert b.v == 4 and b.key is len\n"
    [verdict] = reward.judge(["def bump(b):\n    b.v += 1\n"], test=[check], entry_point=["bump"],
                             code_prompt=[prompt])
    assert verdict is not None and verdict.score == 1.0, verdict


HONEST_BUILTIN_ANSWERS = [
    ("def make_power():\n    return pow\n", ["assert make_power()(3, 4) == 81", "assert make_power() == pow"]),
    ("def pick(kind):\n    return {'max': max, 'min': min}[kind]\n",
     ["assert pick('max')(3, 4) == 4", "assert pick('min')([5, 2, 7]) == 2", "assert pick('max') == max",
      "assert sorted(['bb', 'a'], key=pick('max')) == ['a', 'bb']"]),
    ("def ops():\n    return [str.upper, len]\n", ["assert [f('ab') for f in ops()] == ['AB', 2]"]),
    ("def apply(f, xs):\n    return [f(x) for x in xs]\n",
     ["assert apply(str.lower, ['A', 'Bc']) == ['a', 'bc']", "assert apply(len, ['ab', '']) == [2, 0]",
      "assert sorted(apply(abs, [-2, 1]), key=len if False else None) == [1, 2]"]),
]


@pytest.mark.parametrize("code,tests", HONEST_BUILTIN_ANSWERS)
def test_a_builtin_answer_still_answers_as_plain_python(reward, code, tests):
    assert reward.verdicts([code], test_list=[tests])[0].score == 1.0


def test_a_candidate_returning_a_builtin_passes_its_check(reward):
    check = "def check(candidate):\n    assert candidate()(3, 4) == 81\n    assert candidate()(2, 10, 7) == 2\n"
    [verdict] = reward.verdicts(["def make_power():\n    return pow\n"], test=[check], entry_point=["make_power"],
                                code_prompt=[""])
    assert verdict.score == 1.0, verdict


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
