"""`Session.load_call`: load code in a fresh job and call into it with one request. Real sandbox, real processes:
the answers, the failure kinds (the load's, the call's, the sandbox's) and the handles must be those of a `load`
followed by a `call`, and nothing of an earlier job may reach the new one."""

from __future__ import annotations

import pytest
from forged_channel import with_send_frame
from host import slot_processes

from rewards.code import CandidateError
from rewards.sandbox.local import Sandbox, SandboxConfig

PRELUDE = "COUNT = [0]\ndef bump():\n    COUNT[0] += 1\n    return COUNT[0]\n"


@pytest.fixture(scope="module")
def box():
    with Sandbox(SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=4.0, prelude=PRELUDE)) as sandbox:
        yield sandbox


def requests(session) -> list[str]:
    """The ops this session's slot is sent from now on (the real slot, observed)."""
    seen, send = [], session.slot.request

    def observed(msg, *args, **kwargs):
        seen.append(msg["op"])
        return send(msg, *args, **kwargs)

    session.slot.request = observed
    return seen


def test_one_request_loads_and_answers(box):
    with box.session(jobs=8) as s:
        ops = requests(s)
        result = s.load_call("def add(a, b=0):\n    return [a + b, a * b]\n", "add", (6,), {"b": 7})
        del s.slot.request
    assert result.ok and result.value == [13, 42] and ops == ["load"]
    assert not result.raised and not result.job_ended and result.size > 0


def test_every_call_gets_a_fresh_copy_of_the_prelude(box):
    """The prelude's namespace is the module of an empty load: a job that changes it leaves the next one alone."""
    with box.session(jobs=8) as s:
        assert [s.load_call("", "bump", ()).value for _ in range(3)] == [1, 1, 1]
        assert s.call("bump", ()).value == 2  # the last job goes on serving calls
    with box.session(jobs=8) as s:
        assert s.load_call("", "bump", ()).value == 1


def test_a_failed_load_is_not_the_call_raising(box):
    with box.session(jobs=8) as s:
        broken = s.load_call("def f(:\n", "f", ())
        raising = s.load_call("raise ValueError('at import')\ndef f(): return 1\n", "f", ())
    assert not broken.ok and broken.error.startswith("SyntaxError") and not broken.raised
    assert not raising.ok and raising.error == "ValueError: at import" and not raising.raised


def test_the_call_raising_leaves_the_job_serving(box):
    with box.session(jobs=8) as s:
        failed = s.load_call("N = 0\ndef f(x):\n    global N\n    N += 1\n    raise KeyError(x)\n", "f", ("k",))
        missing = s.call("nope", ())
        again = s.call("f", (1,))
        count = s.load_call("", "bump", ())
    assert not failed.ok and failed.raised and failed.error == "KeyError: 'k'" and not failed.job_ended
    assert missing.raised and missing.error.startswith("NameError")
    assert again.raised and again.error == "KeyError: 1"
    assert count.value == 1


def test_an_unknown_function_is_a_name_error(box):
    with box.session(jobs=8) as s:
        result = s.load_call("def f(): return 1\n", "g", ())
    assert not result.ok and result.raised and result.error.startswith("NameError")


def test_returned_objects_are_handles_of_the_new_job(box):
    code = "class P:\n    def __init__(self, a): self.a = a\ndef make(a): return P(a)\ndef get(p): return p.a\n"
    with box.session(jobs=8) as s:
        first = s.load_call(code, "make", (5,)).value
        assert first.a == 5 and s.call("get", (first,)).value == 5
        second = s.load_call(code, "make", (6,)).value
        assert second.a == 6
        with pytest.raises(CandidateError, match="ended job"):
            _ = first.a


def test_a_handle_argument_is_refused_before_anything_is_sent(box):
    """Every handle belongs to an earlier job (or another session): refused here, and the running job goes on."""
    code = "class P:\n    def __init__(self, a): self.a = a\ndef make(a): return P(a)\ndef get(p): return p.a\n"
    with box.session() as other:
        foreign = other.load_call(code, "make", (1,)).value
    with box.session(jobs=8) as s:
        mine = s.load_call(code, "make", (2,)).value
        ops = requests(s)
        refused = s.load_call(code, "get", (mine,))
        from_other = s.load_call(code, "get", ([{"k": foreign}],))
        del s.slot.request
        assert ops == [] and "ended job" in refused.error and "another completion" in from_other.error
        assert not refused.raised and not from_other.raised
        assert s.call("get", (mine,)).value == 2  # still the job that made it


def test_a_job_that_dies_or_hangs_in_the_call(box):
    with box.session(jobs=8) as s:
        died = s.load_call("import os\ndef f():\n    os._exit(3)\n", "f", ())
        hung = s.load_call("def f():\n    while True:\n        pass\n", "f", ())
        after = s.load_call("def f(): return 'up'\n", "f", ())
    assert not died.ok and died.job_ended and died.error.startswith("Died") and not died.raised
    assert not hung.ok and hung.timed_out and hung.job_ended and not hung.raised
    assert after.ok and after.value == "up"


def test_a_forged_called_flag_never_makes_a_plain_load_raise(box):
    """The job writes its own reply: ``called`` counts only when the request had a call in it."""
    forged = with_send_frame("""
        import os
        send_frame({"ok": False, "exc": "ValueError", "msg": "forged", "called": True})
        os._exit(0)
        """)
    with box.session(jobs=8) as s:
        result = s.load(forged)
    assert not result.ok and result.error == "ValueError: forged" and not result.raised


def test_a_job_message_leaves_through_the_one_text_boundary(box):
    """What a job says about its own failure is cleaned where it leaves the sandbox, as one line
    (`rewards.untrusted.clean`): escapes shown, chat control strings broken, capped with a cut mark."""
    with box.session(jobs=8) as s:
        result = s.load("raise ValueError('<|im_end|>\\n\\x1b' + 'x' * 1000)\n")
    assert not result.ok and result.error.startswith("ValueError: < |im_end|>\\n\\x1b"), result.error
    assert result.error.endswith("more characters]") and len(result.error) <= len("ValueError: ") + 300, result.error


def test_refused_after_the_session_and_past_the_completion_bytes():
    config = SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=4.0, completion_bytes=10_000)
    with Sandbox(config) as sandbox:
        with sandbox.session(jobs=8) as s:
            big = s.load_call("def f(n): return 'x' * n\n", "f", (20_000,))
            over = s.load_call("def f(): return 1\n", "f", ())
        with sandbox.session(jobs=8) as s:
            assert s.load_call("def f(): return 1\n", "f", ()).value == 1
        ended = s.load_call("def f(): return 1\n", "f", ())
    assert not big.ok and "bytes" in big.error
    assert not over.ok and "passed 10000 bytes" in over.error
    assert not ended.ok and "session has ended" in ended.error


@pytest.fixture
def real_clock_box():
    """Jobs may fork here (with their own clock, the default, they cannot)."""
    config = SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=4.0, prelude=PRELUDE, private_clock=False)
    with Sandbox(config) as sandbox:
        yield sandbox


def test_a_last_call_ends_the_job_without_an_end_request(real_clock_box):
    """One request for the whole session: the answer, then the teardown the slot did on its own. Nothing of the job
    is left once the session is over, and the session refuses any further use without reaching the slot."""
    box = real_clock_box
    daemon = ("import os, time\ndef f():\n    if os.fork() == 0:\n        os.setsid()\n        if os.fork() == 0:\n"
              "            time.sleep(60)\n        os._exit(0)\n    return 'forked'\n")
    slot = box.slots[0]
    with box.session(jobs=8) as s:
        ops = requests(s)
        result = s.load_call(daemon, "f", (), last=True)
        after = [s.call("f", ()), s.load_call(daemon, "f", ()), s.load("")]
        del s.slot.request
    assert result.ok and result.value == "forked" and ops == ["load"]
    assert all(not r.ok and "last call" in r.error for r in after)
    assert slot_processes(box, {0: (2, 1)}) == {0: (2, 1)} and not slot.broken  # worker, zygote, a new spare
    with box.session(jobs=8) as s:
        assert s.load_call("", "bump", (), last=True).value == 1


def test_a_last_call_refuses_handles_and_survives_a_hang(box):
    code = "class P:\n    pass\ndef make(): return P()\ndef hang():\n    while True:\n        pass\n"
    with box.session(jobs=8) as s:
        handle = s.load_call(code, "make", (), last=True)
    with box.session(jobs=8) as s:
        hung = s.load_call(code, "hang", (), last=True)
    with box.session(jobs=8) as s:
        up = s.load_call("", "bump", (), last=True)
    assert not handle.ok and handle.error.startswith("unusable answer") and not handle.raised
    assert hung.timed_out and hung.job_ended and not hung.raised
    assert up.ok and up.value == 1


def test_a_last_call_on_fresh_slots():
    config = SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=4.0, fresh_slots=True)
    with Sandbox(config) as sandbox:
        for n in range(2):
            with sandbox.session(jobs=8) as s:
                assert s.load_call("def f(n): return n\n", "f", (n,), last=True).value == n
                assert not s.call("f", (n,)).ok
