"""A hostile policy against what crossed the sandbox for the first time in session 22: a generator the completion
returns as a generator of the trusted side (`handles.job_generator`, `inside.job._resume`), a test's list, tuple, str
or range iterator moved on by what the job says it read (`writeback.read_on`), and a test's ``mock.patch`` of a
library function made in the job, its logged calls made again of the test's mock (`rewards.code.patches`,
`inside.job._patch`).

Each case is a completion as a policy could write it (its code may append to the job's own mock's ``mock_calls``,
or rewrite the job's replies: `test_redteam9.forging`), judged with real sandbox runs; each asserts the safe outcome:
a wrong answer scores 0, the trusted side's work stays bounded, nothing the test holds is changed but through what a
call in one process could change. Each plain-Python reference is checked to fail where a false pass is claimed.
"""

from __future__ import annotations

import pytest
from honest import humaneval
from honest.reference import run_plain
from red_team import FAST_S, timed, wrong_in_plain_python

from rewards.code.code_tests import CodeTests


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests(slots=1, call_timeout=1.0, completion_timeout=4.0)


# ------------------------------------------------------------------ patched mocks: the replay of logged calls

# The job logs the calls of its mock in ``mock_calls``, a list the completion can append to: each entry's name is a
# path from the test's mock, made again there with the entry's arguments. A name that reaches a method of the mock
# (``reset_mock``, ``configure_mock``) or of a value the test gave it (a dict's ``clear``) is no call the completion
# made of a mock.
CLEARED_DATA = ('''
    import urllib.request
    from unittest import mock


    def fetch(url):
        urllib.request.urlopen.mock_calls.append(mock.call().json.return_value.clear())
        return {}
    ''', '''
    from unittest.mock import patch


    def check(candidate):
        with patch("urllib.request.urlopen") as opened:
            data = {"a": 1, "b": [2, 3]}
            opened.return_value.json.return_value = data
            assert candidate("http://example.com") == data
    ''', "fetch")

RESET_COUNT = ('''
    import random
    from unittest import mock


    def roll():
        for _ in range(3):
            random.randint(1, 6)
        random.randint.mock_calls.append(mock.call.reset_mock())
        return random.randint(1, 6)
    ''', '''
    from unittest import mock


    def check(candidate):
        with mock.patch("random.randint", return_value=4) as roll:
            assert candidate() == 4
            roll.assert_called_once_with(1, 6)
    ''', "roll")

CONFIGURED_COUNT = ('''
    import time
    from unittest import mock


    def retry(times):
        time.sleep.mock_calls.append(mock.call.configure_mock(call_count=times))
        return times
    ''', '''
    from unittest.mock import patch


    def check(candidate):
        with patch("time.sleep") as slept:
            assert candidate(4) == 4
            assert slept.call_count == 4
    ''', "retry")

REPLAYS = {"clear-the-tests-data": CLEARED_DATA, "reset-the-tests-mock": RESET_COUNT,
           "configure-the-call-count": CONFIGURED_COUNT}


@pytest.mark.parametrize("case", REPLAYS.values(), ids=REPLAYS.keys())
def test_a_logged_call_is_made_again_only_of_a_mock(case: tuple[str, str, str], reward: CodeTests) -> None:
    wrong_in_plain_python(*case)
    verdict, took = timed(reward, *case)
    assert verdict.score == 0.0, verdict
    assert took < FAST_S


# Each logged call's name may be a new child of the test's mock: made again, each is a new child mock there (~50 us),
# 1000 calls a request, with no job CPU spent on them (a list append each); and each request's `PatchedModules.before`
# reads every child the test's mock has.
REPLAY_FLOOD = ('''
    import time
    from unittest import mock

    calls = [0]


    def retry(times):
        for i in range(1000):
            calls[0] += 1
            time.sleep.mock_calls.append(mock._Call((f"m{calls[0]}", (), {})))
        return times + 1
    ''', '''
    from unittest.mock import patch


    def check(candidate):
        with patch("time.sleep") as slept:
            for i in range(200):
                candidate(i)
            assert candidate(4) == 4
    ''', "retry")


def test_a_flood_of_logged_calls_costs_the_trusted_side_little(reward: CodeTests) -> None:
    verdict, took = timed(reward, *REPLAY_FLOOD)
    assert verdict.score == 0.0, verdict
    assert took < FAST_S, f"{took:.1f}s for one completion"
    # Each new name is charged as the child mocks it makes here (`Session._patched`): the completion's bytes run out
    # long before its deadline (uncharged, 100 MB of mocks in its 4 s).
    assert "bytes here" in verdict.detail, verdict


# ------------------------------------------------------------------ patched mocks: a mock that wraps the real one

def test_a_logged_call_never_reaches_a_real_function_the_tests_mock_wraps(reward: CodeTests, tmp_path) -> None:
    # ``patch("os.mkdir", wraps=os.mkdir)`` is a spy: its calls run the real function. Made again of the test's mock,
    # the completion's call would make a directory on the trusted side (an escape: the same with subprocess.run).
    made = tmp_path / "made-on-the-trusted-side"
    code = f'''
        import os


        def make():
            os.mkdir({str(made)!r})
            return 1
        '''
    test = '''
        import os
        from unittest import mock


        def check(candidate):
            with mock.patch("os.mkdir", wraps=os.mkdir):
                assert candidate() == 1
        '''
    verdict, _ = timed(reward, code, test, "make")
    assert not made.exists(), verdict


# ------------------------------------------------------------------ patched mocks: what the replay raises

# A test's mock that raises KeyboardInterrupt or SystemExit (``time.sleep`` ending a polling loop): the completion
# catches it in the job; made again of the test's mock, the call raises it on the trusted side, out of the replay.
INTERRUPTED = ('''
    import time


    def poll():
        ticks = 0
        try:
            while True:
                time.sleep(1)
                ticks += 1
        except {kind}:
            return ticks
    ''', '''
    from unittest.mock import patch


    def check(candidate):
        with patch("time.sleep", side_effect={kind}) as slept:
            assert candidate() == 0
            assert slept.call_count == 1
    ''', "poll")


@pytest.mark.parametrize("kind", ["KeyboardInterrupt", "SystemExit", "GeneratorExit"])
def test_a_base_exception_the_tests_mock_raises_again_ends_nothing(kind: str, reward: CodeTests) -> None:
    code, test, entry_point = (part.replace("{kind}", kind) for part in INTERRUPTED)
    assert run_plain(humaneval("plain", code, test, entry_point)) is None
    verdict, took = timed(reward, code, test, entry_point)
    assert verdict.score == 1.0, verdict
    # And the batch goes on: the next completion is judged.
    again, _ = timed(reward, code, test, entry_point)
    assert again.score == 1.0, again


# ------------------------------------------------------------------ generators: read ahead, then passed back

# ``next(g)`` twice reads a batch of two the second time: the item the test has not read yet is on the trusted side
# only. Passed back into the job, the generator goes on after it, so the completion never sees it.
PASSED_BACK = ('''
    class Pipe:
        def source(self):
            for i in range(10):
                yield i

        def total(self, numbers):
            return sum(numbers)


    def make_pipe():
        return Pipe()
    ''', '''
    def check(candidate):
        pipe = candidate()
        numbers = pipe.source()
        assert next(numbers) == 0
        assert next(numbers) == 1
        assert pipe.total(numbers) == sum(range(2, 10))
    ''', "make_pipe")


# Closed after the merge: the test's next() steps its view by one item (`handles.next_with_default`), never a batch
# ahead, so nothing read ahead stays on this side. What a partial ``for`` loop read ahead still would.
def test_a_generator_read_ahead_then_passed_back_loses_no_item(reward: CodeTests) -> None:
    assert run_plain(humaneval("plain", *PASSED_BACK)) is None
    verdict, _ = timed(reward, *PASSED_BACK)
    assert verdict.score == 1.0, verdict


# ------------------------------------------------------------------ patched mocks: the job's own use of the module

# The job's machinery reads the clocks of the ``time`` module too (`inside.job._take`: how far to read a generator
# ahead): with ``time.perf_counter`` a test's mock there, each of its reads takes one of the test's values.
CLOCKED = {
    "generator-of-perf-counter": ('''
        import time


        def stamps(n):
            for _ in range(n):
                yield time.perf_counter()
        ''', '''
        from unittest.mock import patch


        def check(candidate):
            with patch("time.perf_counter", side_effect=[1.0, 2.0, 3.0]) as clock:
                assert list(candidate(3)) == [1.0, 2.0, 3.0]
                assert clock.call_count == 3
        ''', "stamps"),
    "generator-of-thread-time": ('''
        import time


        def stamps(n):
            for _ in range(n):
                yield time.thread_time()
        ''', '''
        from unittest.mock import patch


        def check(candidate):
            with patch("time.thread_time", side_effect=[1.0, 2.0, 3.0]):
                assert list(candidate(3)) == [1.0, 2.0, 3.0]
        ''', "stamps"),
    "call-timed-by-perf-counter": ('''
        import time


        def timed_sum(xs):
            start = time.perf_counter()
            total = sum(xs)
            return total, time.perf_counter() - start
        ''', '''
        from unittest.mock import patch


        def check(candidate):
            with patch("time.perf_counter", side_effect=[1.0, 3.5]):
                assert candidate([1, 2]) == (3, 2.5)
        ''', "timed_sum"),
}


@pytest.mark.parametrize("case", CLOCKED.values(), ids=CLOCKED.keys())
def test_a_patched_clock_is_the_completions_alone(case: tuple[str, str, str], reward: CodeTests) -> None:
    assert run_plain(humaneval("plain", *case)) is None
    verdict, _ = timed(reward, *case)
    assert verdict.score == 1.0, verdict


# The codec reads ``datetime.datetime`` and ``datetime.timezone`` of the module when it encodes and decodes: with
# ``datetime.datetime`` a test's mock in the job (BigCodeBench's ``@patch("datetime.datetime")``), a real datetime
# the completion returns was no datetime to it.
DATED = {
    "returns-the-mocked-now": ('''
        import datetime


        def stamp():
            return datetime.datetime.now()
        ''', '''
        import datetime
        from unittest.mock import patch


        def check(candidate):
            fixed = datetime.datetime(2024, 1, 2, 3, 4, 5)
            with patch("datetime.datetime") as clock:
                clock.now.return_value = fixed
                assert candidate() == fixed
        ''', "stamp"),
    "returns-an-aware-now": ('''
        import datetime


        def stamp():
            return datetime.datetime.now()
        ''', '''
        import datetime
        from unittest.mock import patch


        def check(candidate):
            fixed = datetime.datetime(2024, 1, 2, tzinfo=datetime.timezone(datetime.timedelta(hours=2)))
            with patch("datetime.datetime") as clock:
                clock.now.return_value = fixed
                assert candidate() == fixed
        ''', "stamp"),
}


@pytest.mark.parametrize("case", DATED.values(), ids=DATED.keys())
def test_a_patched_datetime_class_leaves_the_codec_its_own(case: tuple[str, str, str], reward: CodeTests) -> None:
    assert run_plain(humaneval("plain", *case)) is None
    verdict, _ = timed(reward, *case)
    assert verdict.score == 1.0, verdict


# The trusted side reads each reply of the worker with ``json.loads`` (`slot.Slot._recv`): while a test has patched
# ``json.loads`` in this process, the test's mock read the sandbox's replies (and took its side effect's values).
JSON_READ = ('''
    import json


    def field(text):
        return json.loads(text)["a"]
    ''', '''
    from unittest.mock import patch


    def check(candidate):
        with patch("json.loads", return_value={"a": 5}) as read:
            assert candidate("{}") == 5
            read.assert_called_once_with("{}")
    ''', "field")


def test_a_patched_json_loads_never_reads_the_sandboxs_replies(reward: CodeTests) -> None:
    assert run_plain(humaneval("plain", *JSON_READ)) is None
    verdict, _ = timed(reward, *JSON_READ)
    assert verdict.score == 1.0, verdict


# The trusted side read its clock through the ``time`` module (deadlines, meters, in ~25 places): a test's patch of
# ``time.monotonic`` there gave the sandbox the test's values (StopIteration here), and with a return value the
# completion's deadline never passed (`test_a_patched_monotonic_clock_keeps_the_completions_deadline`).
TRUSTED_CLOCKS = ["monotonic", "perf_counter", "time", "process_time", "thread_time"]


@pytest.mark.parametrize("clock", TRUSTED_CLOCKS)
def test_a_patched_clock_is_not_the_trusted_sides(clock: str, reward: CodeTests) -> None:
    case = (f'''
        import time


        def elapsed():
            start = time.{clock}()
            return time.{clock}() - start
        ''', f'''
        from unittest.mock import patch


        def check(candidate):
            with patch("time.{clock}", side_effect=[10.0, 12.5]):
                assert candidate() == 2.5
        ''', "elapsed")
    assert run_plain(humaneval("plain", *case)) is None
    verdict, took = timed(reward, *case)
    assert verdict.score == 1.0, verdict
    assert took < FAST_S


# ------------------------------------------------------------------ a test's iterator, moved on by what was read

# The call returns the iterator the test sent, having read two of it: in one process the answer is the test's own
# iterator, at its third item.
RETURNED_ITERATOR = ('''
    def skip(items, n):
        for _ in range(n):
            next(items)
        return items
    ''', '''
    def check(candidate):
        it = iter([1, 2, 3, 4])
        rest = candidate(it, 2)
        assert next(rest) == 3
        assert list(it) == [4]
    ''', "skip")


def test_a_sent_iterator_returned_reads_on_from_where_the_call_left_it(reward: CodeTests) -> None:
    assert run_plain(humaneval("plain", *RETURNED_ITERATOR)) is None
    verdict, _ = timed(reward, *RETURNED_ITERATOR)
    assert verdict.score == 1.0, verdict


# ------------------------------------------------------------------ generators: honest uses that read as plain Python

GENERATOR_USES = {
    "send-to-a-just-started-one-raises": ('''
        def echo():
            while True:
                x = yield
                yield x * 2
        ''', '''
        def check(candidate):
            g = candidate()
            try:
                g.send(3)
            except TypeError:
                pass
            else:
                raise AssertionError("a just-started generator took a value")
        ''', "echo"),
    "throw-into-one-that-catches": ('''
        def resilient():
            n = 0
            while True:
                try:
                    yield n
                except ValueError:
                    n = -1
                n += 1
        ''', '''
        def check(candidate):
            g = candidate()
            assert next(g) == 0
            assert g.throw(ValueError("reset")) == 0
            assert next(g) == 1
        ''', "resilient"),
    "close-runs-finally-seen-by-the-object": ('''
        class Source:
            def __init__(self):
                self.closed = False

            def rows(self):
                try:
                    for i in range(100):
                        yield i
                finally:
                    self.closed = True


        def make():
            return Source()
        ''', '''
        def check(candidate):
            source = candidate()
            rows = source.rows()
            assert next(rows) == 0
            rows.close()
            assert source.closed
        ''', "make"),
    "islice-then-sum-of-the-rest": ('''
        def naturals(n):
            yield from range(n)
        ''', '''
        import itertools


        def check(candidate):
            g = candidate(10)
            assert list(itertools.islice(g, 3)) == [0, 1, 2]
            assert sum(g) == sum(range(3, 10))
        ''', "naturals"),
}


@pytest.mark.parametrize("case", GENERATOR_USES.values(), ids=GENERATOR_USES.keys())
def test_a_generator_reads_as_in_one_process(case: tuple[str, str, str], reward: CodeTests) -> None:
    assert run_plain(humaneval("plain", *case)) is None
    verdict, _ = timed(reward, *case)
    assert verdict.score == 1.0, verdict


def test_a_patched_monotonic_clock_keeps_the_completions_deadline(reward: CodeTests) -> None:
    test = '''
        from unittest.mock import patch


        def check(candidate):
            with patch("time.monotonic", return_value=0.0):
                for i in range(200000):
                    candidate(i)
            assert False
        '''
    # Was 24 s of a 4 s deadline, ended by the job's own wall limit.
    verdict, took = timed(reward, "def f(x):\n    return x\n", test, "f")
    assert verdict.score == 0.0, verdict
    assert took < 10.0, f"{took:.1f}s for one completion"


# ------------------------------------------------------------------ a test's patch of what starts and stops a slot

def test_a_tests_patch_of_popen_or_kill_never_reaches_a_slot() -> None:
    # A slot restarts in the background (after a completion that left it unclean) while another row's test may hold
    # ``patch("subprocess.Popen")`` or ``patch("os.killpg")`` (BigCodeBench's process tasks): the slot's worker was
    # that test's mock (the slot broken for good: its stop read the mock's pid), and stopping a slot called the
    # test's kill (the worker left running, the test's call_count one more).
    from unittest.mock import patch

    from rewards.sandbox.local import Sandbox, SandboxConfig
    with Sandbox(SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=8.0)) as box:
        with patch("subprocess.Popen") as popen, patch("os.kill") as kill, patch("os.killpg") as killpg:
            popen.return_value.pid = 0  # killpg(0) is this process's own group
            box.slots[0].start()  # as `Sandbox._restart` makes one: the old worker stopped, a new one started
            with box.session() as session:
                assert session.load("def f(x):\n    return x + 1\n").ok
                assert session.call("f", (1,), {}).value == 2
        assert not popen.called and not kill.called and not killpg.called


def test_a_tests_patch_of_thread_never_loses_a_restarting_slot() -> None:
    # A slot restarts on a thread of its own (every completion's under fresh_slots, an unclean one's otherwise): made
    # while a test held ``patch("threading.Thread")``, the restart never ran, the slot never came back to the pool,
    # and the next session waited for it for good (a batch's stall).
    import threading
    from unittest.mock import patch

    from rewards.sandbox.local import Sandbox, SandboxConfig
    with Sandbox(SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=8.0, fresh_slots=True)) as box:
        with patch("threading.Thread") as thread:
            with box.session() as session:
                assert session.load("def f(x):\n    return x + 1\n").ok
            box.settle()
        assert not thread.called
        loaded: list[bool] = []

        def next_session() -> None:
            with box.session() as session:
                loaded.append(session.load("def f(x):\n    return x + 2\n").ok)
        waiting = threading.Thread(target=next_session, daemon=True)
        waiting.start()
        waiting.join(30)
        assert loaded == [True], "the next session found no slot"
