"""The spare job and the teardown in the background. Real sandbox, real processes, observed from the host.

Each slot's zygote forks the next session's module job ahead, once a teardown found the slot clean; a session that
ends with its last call returns at once while the slot tears down, and the slot is lent again only once it reported
clean. Neither may let anything of one session reach another: the spare never lives beside a running job, and a
slot that tore down unclean is restarted before anyone uses it again.
"""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest
from host import live_pids, slot_processes

from rewards.sandbox.local import Sandbox, SandboxConfig

CONFIG = SandboxConfig(slots=1, call_timeout=2.0, completion_timeout=4.0)
NAP = "import time\ndef nap(s):\n    time.sleep(s)\n    return 'up'\n"


@pytest.fixture
def box():
    with Sandbox(CONFIG) as sandbox:
        yield sandbox


def while_running(box, start, seconds: float = 0.4) -> list[int]:
    """Host pids of the slot's job uid seen half-way through ``start(session)``, which keeps a job busy."""
    slot, seen = box.slots[0], []
    with box.session() as session:
        timer = threading.Timer(seconds / 2, lambda: seen.extend(live_pids([slot.job_uid])[slot.job_uid]))
        timer.start()
        start(session, seconds)
        timer.join()
    return seen


def test_an_idle_slot_holds_one_ready_spare(box):
    assert slot_processes(box, {0: (2, 1)}) == {0: (2, 1)}
    with box.session() as session:
        assert session.load_call(NAP, "nap", (0,), last=True).value == "up"
    assert slot_processes(box, {0: (2, 1)}) == {0: (2, 1)}  # the spare was used, a new one forked after


def test_the_spare_never_runs_beside_a_job(box):
    """While a job runs, its uid has one process: the job. The spare became it (a module job) or was killed before
    the fork (a script job); the next spare comes only after the teardown."""
    assert len(while_running(box, lambda s, t: s.load_call(NAP, "nap", (t,)))) == 1
    assert len(while_running(box, lambda s, t: s.run_script(f"import time\ntime.sleep({t})", ""))) == 1
    assert len(while_running(box, lambda s, t: s.load(NAP) and s.load(NAP) and s.call("nap", (t,)))) == 1


def test_a_script_only_slot_forks_no_spare(box):
    for _ in range(2):
        with box.session() as session:
            assert session.run_script("print(input())", "hi\n").value == "hi\n"
    assert slot_processes(box, {0: (2, 0)}) == {0: (2, 0)}
    with box.session() as session:  # a module job again: forked on demand, and spares come back
        assert session.load_call(NAP, "nap", (0,), last=True).value == "up"
    assert slot_processes(box, {0: (2, 1)}) == {0: (2, 1)}


def test_a_spare_killed_while_waiting_is_replaced(box):
    """A spare that died waiting (here killed from the host, as the OOM killer could) is not handed a session."""
    assert slot_processes(box, {0: (2, 1)}) == {0: (2, 1)}
    (spare,) = live_pids([box.slots[0].job_uid])[box.slots[0].job_uid]
    os.kill(spare, signal.SIGKILL)
    time.sleep(0.1)
    with box.session() as session:
        assert session.load_call(NAP, "nap", (0,)).value == "up"
    assert slot_processes(box, {0: (2, 1)}) == {0: (2, 1)}


def test_a_last_call_returns_before_the_teardown_and_the_slot_waits_for_its_report(box):
    """The last call's answer comes back while the slot tears down; the slot is lent again only after that report,
    and one that was found changed (here the host renices the zygote during the call, as a job could) restarts."""
    slot = box.slots[0]
    before = sorted(live_pids([slot.uid])[slot.uid])
    renice = threading.Timer(0.2, lambda: os.setpriority(os.PRIO_PROCESS, before[-1], 7))
    renice.start()
    with box.session() as session:
        assert session.load_call(NAP, "nap", (0.4,), last=True).value == "up"
    renice.join()
    with box.session() as session:  # waits for the report, then for the restarted slot
        assert session.load_call(NAP, "nap", (0,), last=True).value == "up"
    after = sorted(live_pids([slot.uid])[slot.uid])
    assert after != before and [os.getpriority(os.PRIO_PROCESS, pid) for pid in after] == [0, 0]
    assert slot_processes(box, {0: (2, 1)}) == {0: (2, 1)}


def test_a_session_that_ends_after_close_leaves_nothing_to_wait_for():
    box = Sandbox(CONFIG)
    with box.session() as session:
        assert session.load_call(NAP, "nap", (0,), last=True).value == "up"
        box.close()  # from another part of the program, while this session still holds its slot
    waiter = threading.Thread(target=box.settle, daemon=True)
    waiter.start()
    waiter.join(5.0)
    assert not waiter.is_alive() and all(slot.proc is None for slot in box.slots)


def test_a_report_that_cannot_be_read_costs_the_slot_a_restart_not_the_reader(box):
    """The thread that reads teardown reports outlives a failure on one: that slot restarts on its next borrow, and
    later reports are still read."""
    slot, real = box.slots[0], box.slots[0].receive
    workers = sorted(live_pids([slot.uid])[slot.uid])

    def unreadable(*args, **kwargs):
        slot.receive = real
        raise OSError("the report could not be read")

    slot.receive = unreadable
    for _ in range(3):
        with box.session() as session:
            assert session.load_call(NAP, "nap", (0,), last=True).value == "up"
    assert slot_processes(box, {0: (2, 1)}) == {0: (2, 1)}
    assert sorted(live_pids([slot.uid])[slot.uid]) != workers  # the slot was restarted


THREADS = ("import sys\nHELD = 'threading' in sys.modules\nimport threading\n"
           "def f():\n    seen = []\n"
           "    t = threading.Thread(target=lambda: seen.append(threading.current_thread().name))\n"
           "    t.start()\n    t.join()\n"
           "    return HELD, seen, threading.current_thread() is threading.main_thread()\n")


def test_a_job_imports_threading_itself_and_its_threads_run_as_in_one_process(box):
    """The zygote holds no `threading` (every fork would run its after-fork hook, ~50 page faults a job): a job
    that uses it imports it, and is then its main thread, starting and joining threads as plain Python does."""
    for _ in range(2):  # the first job and one forked after a session ended
        with box.session() as session:
            result = session.load_call(THREADS, "f", ())
        assert result.ok, result.error
        assert result.value == (False, ["Thread-1 (<lambda>)"], True)
