"""The ``python`` tool in the real sandbox: state within a rollout, none across rollouts, errors as text, and one
adversarial property per security test (network, files, secrets, processes, deadline, output size)."""

from __future__ import annotations

import re
import socket
import time
from dataclasses import replace
from pathlib import Path

import pytest

from envs.tools.python import REFUSED_HINT, PythonEnv, PythonSession, PythonToolConfig
from rewards.sandbox.inside.clocks import EPOCH
from rewards.sandbox.layers import scratch_mount_points
from rewards.sandbox.local import Sandbox
from tests.rewards.code.host import idle, slot_processes

CONFIG = PythonToolConfig(timeout=1.0, max_output_chars=500, max_calls=8, slots=1)
REAL_CLOCK = replace(CONFIG, private_clock=False)  # cells may start threads and processes
STRICT = replace(CONFIG, private_clock=True)  # a clock of its own, whatever the default
SECRET = "hf_python_tool_secret_0123456789"


@pytest.fixture
def session():
    return PythonSession(CONFIG)


def test_state_persists_across_calls_of_one_rollout(session):
    assert session.run("x = 6 * 7\ndef double(n):\n    return 2 * n") == "(no output)"
    assert session.run("print(x)\ndouble(x)") == "42\nOut: 84"


def test_files_persist_across_calls_without_a_private_clock():
    session = PythonSession(REAL_CLOCK)
    assert session.run("x = 6 * 7\nopen('notes.txt', 'w').write('kept')") == "Out: 4"
    assert session.run("open('/tmp/notes.txt').read()") == "Out: 'kept'"


def test_with_its_own_clock_a_cell_is_told_it_cannot_start_threads_or_processes():
    session = PythonSession(STRICT)
    assert session.sandbox.config.private_clock
    for cell in ("import threading\nthreading.Thread(target=int).start()", "import os\nos.fork()"):
        assert session.run(cell).endswith(REFUSED_HINT), cell
    # reading is not refused (a Python under /tmp, as in CI's clone, is bound into the scratch)
    assert session.run("import os\nsorted(os.listdir('.'))") == f"Out: {scratch_mount_points()}"


def test_with_its_own_clock_files_persist_across_calls_and_show_its_time():
    session = PythonSession(STRICT)
    assert session.run("open('notes.txt', 'w').write('kept')") == "Out: 4"
    assert session.run("open('/tmp/notes.txt').read()") == "Out: 'kept'"
    assert EPOCH <= float(session.run("import os\nos.stat('notes.txt').st_mtime").removeprefix("Out: ")) < EPOCH + 60
    cell = ("import sys\nsys.path.insert(0, '.')\ntry:\n    import helper\nexcept ImportError:\n    pass\n"
            "open('helper.py', 'w').write('x = 1')\nimport helper\nhelper.x")
    assert session.run(cell) == "Out: 1"  # a directory's time moves, so the import cache sees the new file


def test_a_second_rollout_sees_none_of_the_first():
    env = PythonEnv()
    env.reset(prompt="p", answer="1")
    env.python("secret = 'first rollout'\nopen('/tmp/left.txt', 'w').write(secret)")
    env.reset(prompt="p", answer="1")  # TRL reuses an instance for the next batch's rollout
    other = PythonEnv()
    other.reset(prompt="p", answer="1")
    for rollout in (env, other):
        assert rollout.python("secret") == "NameError: name 'secret' is not defined"
        assert rollout.python("import os\nsorted(p for p in os.listdir('/tmp') if p.endswith('.txt'))") == "Out: []"


def test_errors_come_back_as_the_exceptions_last_line(session):
    assert session.run("y = 1\n1 / 0") == "ZeroDivisionError: division by zero"
    assert session.run("y") == "Out: 1"  # what ran before the error stays, as in a REPL
    assert session.run("def f(:") == "SyntaxError: invalid syntax (<cell 3>, line 1)"
    assert session.run("raise KeyError('k')") == "KeyError: 'k'"
    assert session.run("print('partial')\nraise SystemExit(3)") == "partial\nSystemExit: 3"
    assert session.errors == 4


def test_a_cell_that_ends_the_process_is_dropped_and_the_rollout_goes_on(session):
    session.run("z = 5")
    ended = "SystemExit: the cell ended the Python process; what it defined is lost."
    assert session.run("import os\nos._exit(0)") == ended
    assert session.run("z") == "Out: 5"


def test_wrong_argument_type_raises_for_trl_to_count():
    with pytest.raises(TypeError, match=re.escape("python() takes the code as a string, got int")):
        PythonEnv().python(5)


def test_the_rollout_call_budget_is_a_message(session):
    for i in range(CONFIG.max_calls):
        session.run(f"v{i} = {i}")
    assert session.run("v0") == f"Error: this conversation has used its {CONFIG.max_calls} python calls."


def test_random_is_reproducible_within_a_rollout(session):
    first = session.run("import random\nr = random.random()\nr")
    assert session.run("r") == first  # the replayed cell draws the same number


# One security property per test.

def test_no_network(session):
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.setblocking(False)
    try:
        port = server.getsockname()[1]
        out = session.run(f"import socket\nsocket.create_connection(('127.0.0.1', {port}), timeout=0.5)")
        assert out.startswith(("PermissionError", "OSError", "ConnectionRefusedError")), out
        with pytest.raises(BlockingIOError):
            server.accept()
    finally:
        server.close()


def test_no_file_outside_scratch(session, tmp_path):
    targets = [Path(__file__).resolve().parent / "PWNED", tmp_path / "PWNED", Path("/work/PWNED"),
               Path("/root/PWNED"), Path("/etc/PWNED"), Path("/var/tmp/rlvr-tool-PWNED")]
    code = ("wrote = []\nfor p in %r:\n    try:\n        open(p, 'w').write('x')\n        wrote.append(p)\n"
            "    except OSError:\n        pass\nwrote") % [str(t) for t in targets]
    session.run(code)
    assert not [t for t in targets if t.exists()]


def test_no_secrets_from_the_trainer_environment(monkeypatch):
    monkeypatch.setenv("HF_TOKEN", SECRET)
    with Sandbox(CONFIG.sandbox()) as box:  # started with the secret set, as a trainer's would be
        session = PythonSession(CONFIG, sandbox=box)
        out = session.run("import glob, os\nfound = [os.environ.get('HF_TOKEN', '')]\n"
                          "for p in glob.glob('/proc/*/environ'):\n    try:\n        found.append(open(p).read())\n"
                          "    except OSError:\n        pass\nprint(found)")
    assert SECRET not in out and "HF_TOKEN" not in out


def test_no_process_left_after_the_rollout():
    daemon = ("import os, time\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n        time.sleep(60)\n"
              "    os._exit(0)\n'forked'")
    with Sandbox(REAL_CLOCK.sandbox()) as box:
        session = PythonSession(REAL_CLOCK, sandbox=box)
        for _ in range(3):  # rollouts that each leave a double-forked daemon if they can
            session.reset()
            assert session.run(daemon) == "Out: 'forked'"
        assert idle(box), slot_processes(box)


def test_a_hanging_call_is_cut_at_its_deadline_and_the_rollout_goes_on(session):
    session.run("x = 1")
    started = time.monotonic()
    out = session.run("while True:\n    pass")
    assert time.monotonic() - started < CONFIG.timeout + 1.0
    assert out == "TimeoutError: the cell ran past its 1 s deadline and was stopped; what it defined is lost."
    assert session.run("x + 1") == "Out: 2"
    assert session.timeouts == 1


def test_huge_output_is_truncated_and_marked(session):
    out = session.run("print('a' * 10_000_000)")
    kept = out.index("\n")
    # The cut mark fits in max_output_chars; every character dropped is counted (print's newline too).
    assert out == "a" * kept + f"\n[truncated: {10_000_001 - kept} more characters]"
    assert len(out) <= CONFIG.max_output_chars < kept + 40


def test_a_cell_calling_os_exit_is_never_reported_as_a_timeout(session):
    ended = "SystemExit: the cell ended the Python process; what it defined is lost."
    for _ in range(20):
        assert session.run("import os\nos._exit(3)") == ended
        session.reset()
    assert session.timeouts == 0


def test_a_cell_whose_answer_is_too_large_is_told_so_not_timed_out():
    """The runner caps what it returns; a cell that grows the runner's own output past it gets a size error."""
    session = PythonSession(PythonToolConfig(slots=1, max_output_chars=100))
    grow = ("import sys\nf = sys._getframe(0)\nwhile f.f_code.co_name != 'run_cells':\n    f = f.f_back\n"
            "f.f_locals['out'].parts.append('x' * (4 << 20))")
    reply = session.run(grow)
    assert reply.startswith("AnswerTooLarge") and session.timeouts == 0, reply
