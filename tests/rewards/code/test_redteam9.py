"""A hostile policy against the newest transport features: reads described ahead (`inside.job._near`), a prompt
object answered as the test's own (``REF``), a returned ``defaultdict``'s factory kept as a handle, remote iteration
batches, the completion's exception hierarchy and the standard library's exception classes, and the session's lock
for a test's own threads.

Each case is a completion as a policy could write it (or a job that rewrites its own replies, as it can: the job's
process is the completion's), judged with real sandbox runs; each asserts the safe outcome: 0, bounded trusted work
(thread CPU or round trips), or what plain Python gives, and the next completion on the slot unaffected.
"""

from __future__ import annotations

import contextlib
import textwrap
import threading
import time
from collections.abc import Iterator

import pytest

from rewards.code.code_tests import CodeTests
from rewards.protocol import Verdict
from rewards.sandbox.handles import CandidateError
from rewards.sandbox.local import Sandbox, SandboxConfig
from rewards.sandbox.session import Session

FAST_S = 20.0  # a verdict well inside the default deadline: nothing on the trusted side looped or blew up

# Completion code that edits the job's next replies before they leave it (``forge(edit)``: one edit a reply, in
# order): the job module's own ``send`` wrapped, so the job stays in step with its worker (a second frame would
# answer the next request).
FORGE = """
import sys as _sys
_job = next(m for n, m in list(_sys.modules.items()) if n.endswith(".job") and hasattr(m, "serve_module"))
_send = _job.send
_edits = []
def forge(edit):
    _edits.append(edit)
def _filtered(fd, reply):
    if _edits:
        reply = _edits.pop(0)(reply)
    _send(fd, reply)
_job.send = _filtered
"""


def forging(*parts: str) -> str:
    """``parts`` (each dedented) after `FORGE`."""
    return FORGE + "".join(textwrap.dedent(part) for part in parts)


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    """Short deadlines, for completions that spend theirs (a hang is the completion's own time, up to them)."""
    return CodeTests(slots=1, call_timeout=1.0, completion_timeout=4.0)


@pytest.fixture(scope="module")
def box() -> Iterator[Sandbox]:
    with Sandbox(SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=8.0)) as sandbox:
        yield sandbox


@contextlib.contextmanager
def loaded(box: Sandbox, code: str) -> Iterator[Session]:
    with box.session() as session:
        result = session.load(textwrap.dedent(code))
        assert result.ok, result
        yield session


def timed(reward: CodeTests, code: str, **columns: object) -> tuple[Verdict, float]:
    start = time.monotonic()
    [verdict] = reward.judge([textwrap.dedent(code)], **{k: [v] for k, v in columns.items()})
    assert verdict is not None
    return verdict, time.monotonic() - start


# ------------------------------------------------------------------------------ REF of objects that hash themselves

# Found by this red team: a call's answer may name the test's own objects (``["REF", i]``), and decoding hashes what
# it builds (the flood check, a set, a dict's keys). A prompt class that hashes by its own code (a frozen dataclass)
# then ran the test's __hash__ once per name: a 100,000-item tuple field named 300,000 times kept the trusted side
# busy 124 s past a 4 s completion deadline (2 cores, load 1.2; the deadline is read every 32,768 names, 26 s apart).
POLY = textwrap.dedent('''
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Poly:
        coeffs: tuple

    def pick(p: Poly) -> list:
        """The polynomials that matter."""
''')
POLY_TEST = "def check(candidate):\n    p = Poly(tuple(range(100000)))\n    assert candidate(p) == [Poly((1,))]\n"


@pytest.mark.parametrize("answer", ["[p] * 300000", "{p: 0 for _ in range(2)} | {(p, i): 0 for i in range(1000)}",
                                    "[{p}, {p}]"])
def test_a_test_object_that_hashes_itself_is_named_at_most_once(answer: str, reward: CodeTests) -> None:
    verdict, took = timed(reward, f"def pick(p):\n    return {answer}\n", test=POLY_TEST, entry_point="pick",
                          code_prompt=POLY)
    assert verdict.score == 0.0, verdict
    assert took < FAST_S, f"{took:.1f}s for one completion"


def test_naming_a_self_hashing_object_many_times_costs_no_trusted_cpu(box: Sandbox) -> None:
    """Measured as this thread's CPU: the refusal comes at the second name, before any hash."""
    import dataclasses

    poly = dataclasses.make_dataclass("Poly", [("coeffs", tuple)], frozen=True)
    with loaded(box, "from dataclasses import dataclass\n@dataclass(frozen=True)\nclass Poly:\n    coeffs: tuple\n"
                     "def pick(p):\n    return [p] * 300000\ndef once(p, q):\n    return [q, p]\n") as s:
        s.portable = {poly: "Poly"}
        p, q = poly(tuple(range(100_000))), poly((1,))
        start = time.thread_time()
        result = s.call("pick", (p,))
        assert not result.ok and "twice" in result.error, result
        assert time.thread_time() - start < 2.0  # the test's own encoding of p included; the hashes took 26 s
        both = s.call("once", (p, q))
        assert both.ok and both.value[0] is q and both.value[1] is p  # once each: the test's own objects


def test_a_returned_frozen_prompt_object_is_still_the_tests_own(reward: CodeTests) -> None:
    prompt = textwrap.dedent('''
        from dataclasses import dataclass

        @dataclass(frozen=True, order=True)
        class Point:
            x: int
            y: int

        def by_x(points: list) -> list:
            """Sorted by x, then y."""
    ''')
    test = ("def check(candidate):\n    a, b = Point(2, 0), Point(1, 5)\n    got = candidate([a, b])\n"
            "    assert got == [b, a] and got[0] is b and len(set(got)) == 2\n")
    verdict, _ = timed(reward, "def by_x(points):\n    return sorted(points)\n", test=test, entry_point="by_x",
                       code_prompt=prompt)
    assert verdict.score == 1.0, verdict


def test_a_node_that_hashes_by_identity_may_be_named_often(reward: CodeTests) -> None:
    prompt = "class ListNode:\n    def __init__(self, val=0, next=None):\n        self.val, self.next = val, next\n" \
             "def repeat(head, k):\n    pass\n"
    test = "def check(candidate):\n    h = ListNode(1)\n    got = candidate(h, 5000)\n" \
           "    assert len(got) == 5000 and all(x is h for x in got)\n"
    verdict, _ = timed(reward, "def repeat(head, k):\n    return [head] * k\n", test=test, entry_point="repeat",
                       code_prompt=prompt)
    assert verdict.score == 1.0, verdict


# ------------------------------------------------------------------------------ a test's thread left in a use

# Found by this red team: the session's end did not wait for a use a test's own thread had in flight (a test that
# joins its thread with a timeout, then fails). The slot's teardown request and the stray call's reply then crossed
# on one channel, read by two threads: the teardown's reader took the job's reply, forged to say "clean", and lent
# the slot unrestarted to the next completion, which read a file the first one left (2 rounds of 3, 2026-12-05).
STRAY = textwrap.dedent("""
    import json as _json, os as _os, stat as _stat, struct as _struct, time
    def send_frame(reply):
        frame = _json.dumps(reply).encode()
        for fd in range(3, 64):
            try:
                if _stat.S_ISSOCK(_os.fstat(fd).st_mode):
                    _os.write(fd, _struct.pack(">I", len(frame)) + frame)
            except OSError:
                pass
    def hang():
        open("/tmp/left", "w").write("x")
        time.sleep(0.8)
        send_frame({"ok": True, "value": 1, "clean": True})
        time.sleep(100)
""")


def test_the_next_completion_never_shares_a_slot_a_stray_use_kept_busy() -> None:
    with Sandbox(SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=8.0)) as sandbox:
        for _ in range(3):
            got: list = []
            with sandbox.session() as s:
                assert s.load(STRAY).ok
                stray = threading.Thread(target=lambda s=s, got=got: got.append(s.call("hang", ())), daemon=True)
                stray.start()
                time.sleep(0.3)  # its request is on the slot; the test is over
            with sandbox.session() as s2:
                assert s2.load("import os\ndef f():\n    return os.path.exists('/tmp/left')\n").ok
                assert s2.call("f", ()).value is False
            stray.join(10)
            assert got and (not got[0].ok or got[0].value == 1), got  # its own reply, never the teardown's
            sandbox.settle()


STRAY_CHECK = ("def check(candidate):\n    import threading\n    out = []\n"
               "    t = threading.Thread(target=lambda: out.append(candidate()), daemon=True)\n"
               "    t.start()\n    t.join(0.3)\n    assert out == [1]\n")


def test_a_check_that_leaves_its_thread_running_leaks_nothing_to_the_next_completion(reward: CodeTests) -> None:
    columns = {"test": STRAY_CHECK, "entry_point": "hang", "code_prompt": "def hang():\n    pass\n"}
    reader = "import os\ndef hang():\n    return 1 if os.path.exists('/tmp/left') else 0\n"
    for _ in range(3):
        verdict, took = timed(reward, STRAY, **columns)
        assert verdict.score == 0.0 and took < FAST_S, (verdict, took)
        verdict, _ = timed(reward, reader, **columns)
        assert verdict.score == 0.0, "the next completion found what the one before it left"


def test_the_end_waits_for_a_stray_use_only_as_long_as_its_call_may_take() -> None:
    """A stray use whose job never answers: the session's end waits for the call's own deadlines (1 s of CPU, 3 s
    of wall here, and the slot's grace), then the slot restarts."""
    with Sandbox(SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=8.0)) as sandbox:
        got: list = []
        with sandbox.session() as s:
            assert s.load("import time\ndef hang():\n    time.sleep(100)\n").ok
            stray = threading.Thread(target=lambda: got.append(s.call("hang", ())), daemon=True)
            stray.start()
            time.sleep(0.3)
            start = time.monotonic()
        assert time.monotonic() - start < FAST_S
        assert got and not got[0].ok and got[0].timed_out, got
        with sandbox.session() as s2:
            assert s2.load("def f():\n    return 2\n").ok and s2.call("f", ()).value == 2


# ------------------------------------------------------------------------------ the session's lock

def test_a_thread_pool_over_a_hanging_candidate_ends_within_the_deadline(reward: CodeTests) -> None:
    test = ("def check(candidate):\n    from concurrent.futures import ThreadPoolExecutor\n"
            "    with ThreadPoolExecutor(4) as pool:\n        assert list(pool.map(candidate, range(8))) == "
            "[2 * i for i in range(8)]\n")
    columns = {"test": test, "entry_point": "double", "code_prompt": "def double(x):\n    pass\n"}
    for code in ("def double(x):\n    while True:\n        pass\n",
                 "import time\ndef double(x):\n    time.sleep(100)\n"):
        verdict, took = timed(reward, code, **columns)
        assert verdict.score == 0.0 and took < FAST_S, (verdict, took)
    verdict, _ = timed(reward, "def double(x):\n    return 2 * x\n", **columns)
    assert verdict.score == 1.0, verdict


# ------------------------------------------------------------------------------ reads described ahead

NODE = """
    class Node:
        pass
    def make():
        n = Node()
        n.val, n.next = 1, None
        return n
    def touch():
        return 0
"""


def test_a_forged_description_lasts_only_until_the_job_is_next_sent_anything(box: Sandbox) -> None:
    """What a job claims ahead is what it could claim answering the read; the next request of any kind ends it."""
    code = forging(NODE, """
        def claim(hid, wire):
            forge(lambda reply: {**reply, "near": [[hid, True, [["val", wire]]]]})
            return 0
    """)
    with loaded(box, code) as s:
        node = s.call("make", ()).value
        for then in (lambda: s.call("touch", ()), lambda: setattr(node, "other", 2), lambda: repr(node),
                     lambda: s.call("missing", ())):
            assert s.call("claim", (hex(node._id), 99)).ok
            assert node.val == 99  # the claim, as an answer to the read would have made it
            then()
            assert node.val == 1, "a description outlived a request"


@pytest.mark.parametrize("wire", [["REF", 0], ["BI", "len"], ["SH", 0, ["L", []]], ["H", "0x1"], ["Q", 1]])
def test_a_description_the_decoder_refuses_is_asked_of_the_job(wire: list, box: Sandbox) -> None:
    code = forging(NODE, """
        def claim(hid, wire):
            forge(lambda reply: {**reply, "near": [[hid, None, [["val", wire]]]]})
            return 0
    """)
    with loaded(box, code) as s:
        node = s.call("make", ()).value
        assert s.call("claim", (hex(node._id), wire)).ok
        uses = s.uses
        assert node.val == 1 and s.uses == uses + 1  # one round trip: the job's own answer


def test_a_description_of_an_ended_jobs_object_never_answers_for_the_next_job(box: Sandbox) -> None:
    code = forging(NODE, """
        import os
        def claim_and_die(hid):
            forge(lambda reply: {**reply, "near": [[hid, True, [["val", 99]]]]})
            return 0
        def die():
            os._exit(0)
    """)
    with loaded(box, code) as s:
        old = s.call("make", ()).value
        assert s.call("claim_and_die", (hex(old._id), )).ok
        assert not s.call("die", ()).ok
        assert s.load(textwrap.dedent(code)).ok
        new = s.call("make", ()).value
        assert new._id == old._id and new.val == 1
        with pytest.raises(CandidateError):
            _ = old.val


def test_a_large_description_read_again_and_again_is_bounded_by_the_completions_bytes(box: Sandbox) -> None:
    """Each read decodes the description afresh and is charged what it builds: once the completion's bytes would
    pass, the read is asked of the job instead, and the description is never built past them."""
    code = forging(NODE, """
        def claim(hid):
            forge(lambda reply: {**reply, "near": [[hid, True, [["val", ["L", list(range(300000))]]]]]})
            return 0
    """)
    with loaded(box, code) as s:
        node = s.call("make", ()).value
        assert s.call("claim", (hex(node._id),)).ok
        start, values = time.thread_time(), []
        for _ in range(2000):
            values.append(node.val)
        assert s.received <= s.config.completion_bytes
        assert 1 <= sum(type(v) is list for v in values) < 10 and values[-1] == 1
        assert time.thread_time() - start < 5.0


# ------------------------------------------------------------------------------ REF where no object was sent

@pytest.mark.parametrize("where", ["getattr", "near", "exception", "out_of_range", "after"])
def test_a_reference_to_a_test_object_the_call_did_not_send_is_refused(where: str, reward: CodeTests) -> None:
    prompt = "class ListNode:\n    def __init__(self, val=0, next=None):\n        self.val, self.next = val, next\n" \
             "def middle(head):\n    pass\n"
    code = forging("""
        class Box:
            pass
        def middle(head):
            where = WHERE
            if where == "getattr":
                b = Box()
                b.node = None
                forge(lambda reply: {k: v for k, v in reply.items() if k != "near"})  # the call's own reply
                forge(lambda reply: {**reply, "value": ["REF", 0]})  # the read of b.node
                return b
            if where == "near":
                b = Box()
                b.node = None
                forge(lambda reply: {**reply, "near": [[reply["value"][1], True, [["node", ["REF", 0]]]]]})
                return b
            if where == "exception":
                forge(lambda reply: {**reply, "args": ["T", [["REF", 0]]]})
                raise ValueError("x")
            if where == "after":
                forge(lambda reply: {**reply, "after": ["L", [["L", [["REF", 0]]], ["D", []]]]})
                return 1
            forge(lambda reply: {**reply, "value": ["REF", 7]})
            return None
    """).replace("WHERE", repr(where))
    test = {"getattr": "    got = candidate(h).node\n    assert got is h\n",
            "near": "    got = candidate(h).node\n    assert got is h\n",
            "exception": "    try:\n        candidate(h)\n    except ValueError as e:\n        assert e.args[0] is h\n",
            "after": "    assert candidate(h) == 1\n",
            "out_of_range": "    assert candidate(h) is h\n"}[where]
    verdict, _ = timed(reward, code, test="def check(candidate):\n    h = ListNode(1)\n" + test, entry_point="middle",
                       code_prompt=prompt)
    assert verdict.score == 0.0, verdict


# ------------------------------------------------------------------------------ a defaultdict's factory

@pytest.mark.parametrize("factory", [["S", "x"], ["BI", "list"], ["REF", 0], ["L", []], ["N"], "lambda",
                                     ["T", [["H", "0x1", "function"]]]])
def test_a_forged_defaultdict_factory_is_refused(factory: object, reward: CodeTests) -> None:
    code = forging("""
        def counts(xs):
            forge(lambda reply: {**reply, "value": ["DD", FACTORY, [[["S", "a"], 1]]]})
            return 0
    """).replace("FACTORY", repr(factory))
    verdict, _ = timed(reward, code, test_list=["assert counts('a')['zz'] == [] and counts('a')['a'] == 1"])
    assert verdict.score == 0.0, verdict


def test_a_factory_handle_is_called_in_its_job_only_while_its_session_lasts(box: Sandbox) -> None:
    with loaded(box, "from collections import defaultdict\ndef make():\n    return defaultdict(lambda: 7)\n") as s:
        kept = s.call("make", ()).value
        assert kept["a"] == 7 and dict(kept) == {"a": 7}
    with pytest.raises(CandidateError):
        _ = kept["b"]  # the next completion's slot is never reached
    assert dict(kept) == {"a": 7}


# ------------------------------------------------------------------------------ remote iteration batches

@pytest.mark.parametrize("shape", ["ints", "tuples", "interleaved"])
def test_an_iteration_flooding_one_hash_across_batches_is_refused(shape: str, reward: CodeTests) -> None:
    code = f"""
        M = 2 ** 61 - 1
        def gen():
            shape = {shape!r}
            for k in range(1, 300000):
                if shape == "interleaved":
                    yield from range(4096)
                yield M * k if shape != "tuples" else (M * k, 0)
    """
    verdict, took = timed(reward, code, test_list=["assert len(set(gen())) == 3"])
    assert verdict.score == 0.0 and took < FAST_S, (verdict, took)
    assert "hash" in verdict.detail or "iteration" in verdict.detail, verdict


def test_small_int_batches_cost_the_trusted_side_one_pass_each(box: Sandbox) -> None:
    """2^20 small ints (the most one iteration gives) in 257 round trips, in well under a second of this thread's
    CPU here; the next item past them is refused."""
    with loaded(box, "def gen():\n    n = 0\n    while True:\n        yield n\n        n += 1\n") as s:
        it = s.call("gen", ()).value
        start, seen = time.thread_time(), 0
        with pytest.raises(CandidateError, match="more than"):
            for _ in it:
                seen += 1
        assert seen > 100_000
        assert time.thread_time() - start < 5.0


# ------------------------------------------------------------------------------ exceptions

JSON_TEST = ("import json\ntry:\n    parse('{')\n    ok = False\nexcept json.JSONDecodeError as e:\n"
             "    ok = True\nassert ok")


@pytest.mark.parametrize("extra", [{"timeout": True}, {"died": True}, {"exc": "MemoryError"},
                                   {"exc": "ValueError"}, {"exc": "JSONDecodeError", "kind": "json.JSONDecodeError"}])
def test_only_a_raise_of_the_completion_is_the_standard_librarys_class(extra: dict, reward: CodeTests) -> None:
    """A timeout, a death, memory or a name that is not the class's never reads as the json error a test expects."""
    code = forging(f"""
        def parse(text):
            forge(lambda reply: {{**reply, "exc": "JSONDecodeError", "kind": "json.decoder.JSONDecodeError",
                                 **{extra!r}}})
            raise ValueError("nope")
    """)
    verdict, _ = timed(reward, code, test_list=[JSON_TEST])
    assert verdict.score == 0.0, verdict


def test_a_real_json_error_still_passes(reward: CodeTests) -> None:
    verdict, _ = timed(reward, "import json\ndef parse(text):\n    return json.loads(text)\n", test_list=[JSON_TEST])
    assert verdict.score == 1.0, verdict


@pytest.mark.parametrize("extra", [{"timeout": True}, {"died": True}, {"exc": "MemoryError"}, {"exc": "ValueError"}])
def test_only_a_raise_of_the_completion_is_a_lazily_known_class(extra: dict, reward: CodeTests) -> None:
    """As for json's error, for a class imported here only when named (`handles.STDLIB_EXCEPTIONS_LAZY`, sweep 8)."""
    code = forging(f"""
        def parse(text):
            forge(lambda reply: {{**reply, "exc": "BadZipFile", "kind": "zipfile.BadZipFile", **{extra!r}}})
            raise ValueError("nope")
    """)
    test = ("import zipfile\ntry:\n    parse('{')\n    ok = False\nexcept zipfile.BadZipFile:\n    ok = True\n"
            "assert ok")
    verdict, _ = timed(reward, code, test_list=[test])
    assert verdict.score == 0.0, verdict


@pytest.mark.parametrize("kind", ["unittest.case.SkipTest", "builtins.SystemExit", "builtins.KeyboardInterrupt",
                                  "_pytest.outcomes.Skipped", "builtins.StopIteration"])
def test_a_claimed_class_outside_the_known_few_is_never_raised_here(kind: str, reward: CodeTests) -> None:
    name = kind.rsplit(".", 1)[1]
    code = forging(f"""
        def f(x):
            forge(lambda reply: {{**reply, "exc": {name!r}, "kind": {kind!r}, "base": {name!r},
                                 "parents": [{name!r}]}})
            raise ValueError("x")
    """)
    verdict, _ = timed(reward, code, test_list=["assert f(1) == 1", "assert f(2) == 2"])
    assert verdict.score == 0.0, verdict


@pytest.mark.parametrize("parents", [["B", "A", "B", "A"], ["A"] * 4, ["KeyError", "ValueError", "OSError", "A"],
                                     ["x" * 64, "y" * 64], ["A", "B", "C", "D", "E"], ["1a"], "A"])
def test_forged_exception_parents_never_break_the_trusted_side(parents: object, reward: CodeTests) -> None:
    """Parents chains that repeat, name builtins, conflict in layout, run long or are malformed make stand-ins or
    are dropped; a test catching the builtin base then sees what a raise of it would give."""
    code = forging(f"""
        def f(x):
            forge(lambda reply: {{**reply, "exc": "A", "base": "ValueError", "parents": {parents!r}}})
            raise ValueError("x")
    """)
    verdict, took = timed(reward, code, test_list=[
        "try:\n    f(1)\n    ok = False\nexcept ValueError:\n    ok = True\nassert ok",
        "assert f(1) == 1"])
    assert verdict.score == 0.5 and took < FAST_S, verdict
