"""`rewards.sandbox.self_check` on the local backend, at both profiles: what any backend must pass; and, as the
negative control, a "backend" that runs code in this process fails it where it does not isolate."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from typing import Any

import pytest

from rewards.sandbox import CallResult, Sandbox, SandboxConfig, self_check


@pytest.mark.parametrize("private_clock", [False, True], ids=["default", "strict"])
def test_the_local_backend_conforms(private_clock: bool) -> None:
    with Sandbox(SandboxConfig(slots=2, call_timeout=1.0, private_clock=private_clock)) as box:
        assert self_check(box) == []


class InProcessSession:
    """Runs code with ``exec`` here: no isolation at all (and, so that the check can run, no endless loop or exit:
    those two are answered without running)."""

    def __init__(self) -> None:
        self.namespace: dict[str, Any] = {}
        self.code = ""

    def load(self, code: str, names: tuple[str, ...] = ()) -> CallResult:
        self.code = code
        if "while True" not in code and "_exit" not in code:
            exec(code, self.namespace)
        return CallResult(True)

    def call(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any] | None = None) -> CallResult:
        if "while True" in self.code:
            return CallResult(False, error="Timeout", timed_out=True)
        if "_exit" in self.code:
            return CallResult(False, error="Died", job_ended=True)
        try:
            return CallResult(True, self.namespace[name](*args, **(kwargs or {})))
        except Exception as e:
            return CallResult(False, error=f"{type(e).__name__}: {e}", raised=True)

    def run_script(self, code: str, stdin: str) -> CallResult:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.suppress(Exception):
            exec(code.replace("sys.stdin.read()", repr(stdin)), {})
        return CallResult(True, out.getvalue())


class InProcess:
    config = SandboxConfig(call_timeout=1.0)

    @contextlib.contextmanager
    def session(self, jobs: int | None = None) -> Iterator[InProcessSession]:
        yield InProcessSession()


def test_a_backend_that_does_not_isolate_fails_where_it_does_not() -> None:
    import builtins
    import os

    try:
        failed = {line.split(":")[0] for line in self_check(InProcess())}
    finally:  # what the check's code left in this process
        with contextlib.suppress(AttributeError):
            del builtins.LEFT  # type: ignore[attr-defined]
        with contextlib.suppress(FileNotFoundError):
            os.remove("/tmp/left.txt")
    assert {"no host files", "no secrets", "sessions share nothing", "objects decide nothing here"} <= failed
    assert "data comes back exact" not in failed and "a raise is a raise" not in failed
