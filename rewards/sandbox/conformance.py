"""The conformance check every sandbox backend must pass (in the spirit of Inspect AI's ``self_check``).

`self_check(box)` runs a fixed list of behaviours against a pool that offers ``box.session(jobs=...)`` as
`rewards.sandbox.local.Sandbox` does, and returns what failed, one line each (empty: conformant). It checks what
``code_tests`` and the ``python`` tool rely on, not how a backend isolates: data comes back exact; a completion's
exception is a raise, a hang a timeout, an exit neither; the job reaches no network, no file of the host's and no
secret of the trusted process's; nothing of one session reaches the next; an object never decides a comparison here;
scripts read stdin and write stdout.
"""

from __future__ import annotations

import os
import socket
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rewards.sandbox import unpatched

__all__ = ["CHECKS", "self_check"]

SECRET_ENV = "RLVR_SELF_CHECK_SECRET"


def _data(box: Any) -> str | None:
    with box.session() as s:
        s.load("def f(x):\n    return {'a': [x, (x, 2.5)], 'b': {1, 2}, 'c': None}\n")
        value = s.call("f", (1,)).value
    want = {"a": [1, (1, 2.5)], "b": {1, 2}, "c": None}
    same = value == want and type(value["a"][1]) is tuple and type(value["a"][1][1]) is float
    return None if same else f"f(1) came back as {value!r}, not {want!r}"


def _raise(box: Any) -> str | None:
    with box.session() as s:
        s.load("def f():\n    raise ValueError('no')\n")
        result = s.call("f", ())
    ok = not result.ok and result.raised and result.error.startswith("ValueError")
    return None if ok else f"a ValueError came back as {result}"


def _deadline(box: Any) -> str | None:
    start = unpatched.monotonic()
    with box.session() as s:
        s.load("def f():\n    while True:\n        pass\n")
        result = s.call("f", ())
    took, bound = unpatched.monotonic() - start, 10 * box.config.call_timeout + 5
    if result.ok or result.raised or not result.timed_out:
        return f"an endless loop came back as {result}"
    return None if took < bound else f"an endless loop took {took:.1f} s to cut off (bound {bound:.0f} s)"


def _exit(box: Any) -> str | None:
    with box.session() as s:
        s.load("import os\ndef f():\n    os._exit(0)\n")
        result = s.call("f", ())
    return None if not result.ok and not result.raised else f"a job that exited came back as {result}"


def _network(box: Any) -> str | None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        server.settimeout(0)
        port = server.getsockname()[1]
        with box.session() as s:
            s.load("import socket\ndef f(port):\n    socket.create_connection(('127.0.0.1', port), 1).close()\n")
            result = s.call("f", (port,))
        try:
            server.accept()[0].close()
            reached = True
        except BlockingIOError:
            reached = False
    return f"a job connected to the host's loopback ({result})" if reached or result.ok else None


def _host_files(box: Any) -> str | None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "host.txt"
        path.write_text("host")
        os.chmod(folder, 0o755)
        path.chmod(0o644)
        with box.session() as s:
            s.load("def f(p):\n    return open(p).read()\n")
            result = s.call("f", (str(path),))
    return f"a job read {path} of the host" if result.ok else None


def _secrets(box: Any) -> str | None:
    with box.session() as s:
        s.load("import os\ndef f(name):\n    return os.environ.get(name)\n")
        result = s.call("f", (SECRET_ENV,))
    return f"a job read the trusted process's {SECRET_ENV}" if result.ok and result.value else None


def _sessions_share_nothing(box: Any) -> str | None:
    with box.session() as s:
        s.load("import builtins\nbuiltins.LEFT = 1\nopen('/tmp/left.txt', 'w').write('x')\n")
    seen = []
    for _ in range(len(getattr(box, "slots", [None])) + 1):  # the next session may get any slot
        with box.session() as s:
            s.load("import builtins, os\ndef f():\n"
                   "    return hasattr(builtins, 'LEFT') or os.path.exists('/tmp/left.txt')\n")
            seen.append(s.call("f", ()).value)
    return "a session saw what the one before it left" if any(seen) else None


def _objects_decide_nothing(box: Any) -> str | None:
    with box.session() as s:
        s.load("class E:\n    def __eq__(self, o):\n        return True\n    __hash__ = object.__hash__\n"
               "def f():\n    return E()\n")
        value = s.call("f", ()).value
        equal = value == 3 or value == [1]
    return "an object that equals everything equalled a value of this side" if equal else None


def _script(box: Any) -> str | None:
    with box.session() as s:
        result = s.run_script("import sys\nprint(sum(map(int, sys.stdin.read().split())))\n", "1 2 3\n")
    return None if result.ok and result.value == "6\n" else f"a script's stdout came back as {result}"


CHECKS: dict[str, Callable[[Any], str | None]] = {
    "data comes back exact": _data, "a raise is a raise": _raise, "a hang is a timeout": _deadline,
    "an exit is neither": _exit, "no network": _network, "no host files": _host_files, "no secrets": _secrets,
    "sessions share nothing": _sessions_share_nothing, "objects decide nothing here": _objects_decide_nothing,
    "scripts read stdin, write stdout": _script,
}


def self_check(box: Any) -> list[str]:
    """What ``box`` (a sandbox pool) fails of `CHECKS`, as ``"check: why"`` lines; empty when it conforms.

    >>> from rewards.sandbox.local import Sandbox, SandboxConfig
    >>> with Sandbox(SandboxConfig(slots=1)) as box:
    ...     self_check(box)
    []
    """
    os.environ[SECRET_ENV] = "the trusted process's"
    failed = []
    try:
        for name, check in CHECKS.items():
            try:
                why = check(box)
            except Exception as e:  # a backend that raises fails the check, it does not stop the others
                why = f"raised {type(e).__name__}: {e}"
            if why is not None:
                failed.append(f"{name}: {why}")
    finally:
        os.environ.pop(SECRET_ENV, None)
    return failed
