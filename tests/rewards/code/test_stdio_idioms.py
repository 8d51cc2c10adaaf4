"""Issue 37: correct stdin/stdout programs that ``python3 main.py < input`` passes pass in the sandbox too.

Each program runs twice: in plain ``python3 main.py < input`` (its output must be the expected one, so the test
itself is right) and in `CodeTests` (real sandbox, no mocks), with the real clock (``private_clock=False``) and
with a clock of its own (``private_clock=True``), where what is still lost is marked.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from rewards.code import CodeTests
from rewards.sandbox.local import Sandbox, SandboxConfig

INPUT, OUTPUT = "1\n2\n3\n", "6\n"
SUM = "sum(int(x) for x in {})"

PROGRAMS = {
    "fileinput": f"import fileinput\nprint({SUM.format('fileinput.input()')})\n",
    "argv": f"import sys\nassert sys.argv == ['main.py'], sys.argv\nprint({SUM.format('sys.stdin')})\n",
    "atexit": f"import atexit, sys\nx = {SUM.format('sys.stdin')}\natexit.register(lambda: print(x))\n",
    "atexit_after_exit": f"import atexit, sys\natexit.register(lambda: print({SUM.format('sys.stdin')}))\n"
                         "sys.exit(3)\n",
    "dev_stdin": "print(" + SUM.format("open('/dev/stdin')") + ")\n",
    "dev_stdin_twice": "a = open('/dev/stdin').read()\nb = open('/dev/stdin').read()\nassert a == b\n"
                       f"print({SUM.format('a.split()')})\n",
    "open_0": f"print({SUM.format('open(0)')})\n",
    "stdin_buffer": "import sys\nprint(sum(map(int, sys.stdin.buffer.read().split())))\n",
    "os_read_0": "import os\nprint(sum(map(int, os.read(0, 1 << 20).split())))\n",
    "sigpipe_default": "import signal, sys\nsignal.signal(signal.SIGPIPE, signal.SIG_DFL)\n"
                       f"assert signal.getsignal(signal.SIGPIPE) == signal.SIG_DFL\nprint({SUM.format('sys.stdin')})\n",
    "thread_stack_size": "import sys, threading\nsys.setrecursionlimit(10 ** 6)\nthreading.stack_size(1 << 26)\n"
                         f"r = []\nt = threading.Thread(target=lambda: r.append({SUM.format('sys.stdin')}))\n"
                         "t.start()\nt.join()\nprint(r[0])\n",
    "thread": f"import sys, threading\nr = []\nt = threading.Thread(target=lambda: r.append({SUM.format('sys.stdin')}))"
              "\nt.start()\nt.join()\nprint(r[0])\n",
    "thread_not_joined": "import sys, threading\n"
                         f"threading.Thread(target=lambda: print({SUM.format('sys.stdin')})).start()\n",
}
# What a job with a clock of its own still cannot do (docs/sandbox.md): start a thread other than the
# `threading.stack_size` idiom, which runs inline.
LOST_WITH_PRIVATE_CLOCK = {"thread", "thread_not_joined"}


@pytest.fixture(scope="module", params=[False, True], ids=["real_clock", "private_clock"])
def reward(request):
    return request.param, CodeTests(slots=1, call_timeout=3.0, completion_timeout=10.0, private_clock=request.param)


def plain_python(tmp_path, program: str, stdin: str) -> str:
    """``python3 main.py < input``: stdin a file, as the sandbox's is."""
    (tmp_path / "main.py").write_text(program)
    (tmp_path / "input").write_text(stdin)
    with open(tmp_path / "input") as f:
        return subprocess.run([sys.executable, "main.py"], stdin=f, capture_output=True, text=True, timeout=30,
                              cwd=tmp_path).stdout


@pytest.mark.parametrize("name", PROGRAMS)
def test_a_correct_program_passes_as_in_plain_python(reward, name, tmp_path):
    private_clock, code_tests = reward
    program = PROGRAMS[name]
    assert plain_python(tmp_path, program, INPUT) == OUTPUT
    score = code_tests([f"```python\n{program}```"], inputs=[[INPUT, "10\n20\n"]], outputs=[[OUTPUT, "30\n"]])
    if private_clock and name in LOST_WITH_PRIVATE_CLOCK:
        assert score == [0.0]  # a documented loss; this test says so when it is fixed
    else:
        assert score == [1.0]


@pytest.fixture(scope="module")
def sandbox():
    box = Sandbox(SandboxConfig(slots=1, call_timeout=2.0, completion_timeout=5.0))
    yield box
    box.close()


def test_a_script_sees_nothing_of_the_slots_configuration(sandbox):
    probe = ("import sys, json\nprint(json.dumps([sys.argv, getattr(sys, 'orig_argv', None), __name__, __file__]))\n")
    with sandbox.session() as session:
        result = session.run_script(probe, "")
    assert result.ok, result
    argv, orig_argv, name, file = __import__("json").loads(result.value)
    assert argv == ["main.py"] and orig_argv[1:] == ["main.py"] and (name, file) == ("__main__", "main.py")


def test_a_module_job_sees_nothing_of_the_slots_configuration_either(sandbox):
    """A function's job (``code_tests``, and every ``python`` tool cell) has a script's argv and ``__file__`` too:
    the worker's own argv held the slot's configuration (uids, limits, the prelude's source)."""
    with sandbox.session() as session:
        assert session.load("import sys\ndef probe():\n    return sys.argv, sys.orig_argv[1:], __file__\n").ok
        result = session.call("probe", ())
    assert result.ok and result.value == (["main.py"], ["main.py"], "main.py"), result


def test_dev_stdin_is_the_scripts_input_read_only_and_gone_after_it(sandbox):
    write = ("import os\ntry:\n    open('/dev/stdin', 'w').write('x')\n    print('wrote')\nexcept OSError:\n"
             "    print('refused')\ntry:\n    os.write(0, b'x')\n    print('wrote')\nexcept OSError:\n"
             "    print('refused')\nprint(open('/dev/stdin').read())\n")
    with sandbox.session(jobs=3) as session:
        first = session.run_script(write, "secret input\n")
        second = session.run_script("print(repr(open('/dev/stdin').read()))\n", "")
        assert session.load("def f():\n    return open('/dev/stdin').read()\n").ok
        third = session.call("f", ())
    assert first.ok and first.value == "refused\nrefused\nsecret input\n\n", first
    assert second.ok and second.value == "''\n", second
    assert third.ok and third.value == "", third
    with sandbox.session() as session:  # the next completion: nothing of the last input either
        assert session.run_script("print(repr(open('/dev/stdin').read()))\n", "").value == "''\n"
