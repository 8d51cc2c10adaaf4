"""The framing of every channel of the sandbox: a 4-byte big-endian length, then the body.

One framing for both ends of each pipe: the trusted side (`rewards.sandbox.slot`) imports this module, and the slot
ships its source into the sandbox with the worker's (`rewards.sandbox.slot.WORKER_SOURCE`), so it uses the standard
library only. Bodies are compact JSON towards the trusted side, and marshal away from it: from the trusted side to a
worker (`to_worker`) and from a worker to its own job (`to_job`), each reader trusting its writer.
Every read may take a deadline and a size limit, and every write a deadline, so a peer that stops, floods or dies
costs the other end a bounded wait; waits use poll(), not select(): a trainer may hold more than FD_SETSIZE (1024)
descriptors.
"""

from __future__ import annotations

import json
import marshal
import os
import select
import struct
import time
from collections.abc import Callable
from typing import Any

# The clock as this module began: a test's patch('time.monotonic') replaces the module's attribute in this
# process while it runs, and gave its values to this side's deadlines (red team 13).
_monotonic = time.monotonic

HEADER = struct.Struct(">I")
ANY_SIZE = 1 << 30  # no frame of the sandbox is this large: the limit of a read that sets none
CHUNK = 1 << 20  # bytes read per os.read

# json.dumps less its Python layers (keyword checks, a new encoder each call): a job encodes its answer right after
# its fork, where every object it touches costs it a page copy. No cycle check (markers None): what is encoded is
# tagged data or a decoded frame, trees both; nesting is bounded by the recursion limit, as in json.dumps.
_ENCODE = json.encoder.c_make_encoder and json.encoder.c_make_encoder(  # type: ignore[attr-defined]
    None, None, json.encoder.encode_basestring_ascii, None, ":", ",", False, False, True)


def dumps(obj: Any) -> bytes:
    """``obj`` as compact ASCII JSON bytes."""
    if _ENCODE is None:
        return json.dumps(obj, separators=(",", ":")).encode()
    return "".join(_ENCODE(obj, 0)).encode()


def frame(body: bytes) -> bytes:
    """``body`` with its length header: one buffer, so one write and the reader wakes once, not per part."""
    return HEADER.pack(len(body)) + body


SLICE_S = 0.02  # how often a wait with ``alive`` asks it


def _ready(fd: int, events: int, deadline: float | None, alive: Callable[[], bool] | None = None) -> bool:
    """Whether ``fd`` is ready for ``events`` before ``deadline`` (always, without one: the call blocks instead) and
    while ``alive()`` holds, asked every `SLICE_S` (a budget other than wall time: a job's CPU time)."""
    if deadline is None:
        return True
    poller = select.poll()
    poller.register(fd, events)
    while True:
        left = deadline - _monotonic()
        if left <= 0:
            return False
        if poller.poll((left if alive is None else min(left, SLICE_S)) * 1000):
            return True
        if alive is not None and not alive():
            return False


def write_all(fd: int, data: bytes, deadline: float | None = None) -> bool:
    """Write all of ``data``; False when ``deadline`` passed first (a stopped reader must not block the writer once
    the pipe buffer is full: its fd is then non-blocking). OSError when the reader has gone."""
    view = memoryview(data)
    while view:
        if not _ready(fd, select.POLLOUT, deadline):
            return False
        try:
            view = view[os.write(fd, view):]
        except BlockingIOError:
            continue
    return True


def send(fd: int, obj: Any, dumps: Callable[[Any], bytes] = dumps) -> None:
    """One frame of ``obj``: compact JSON, or ``dumps(obj)`` (`to_job`). OSError when the reader has gone."""
    write_all(fd, frame(dumps(obj)))


def read_exact(fd: int, n: int, deadline: float | None = None,
               alive: Callable[[], bool] | None = None) -> tuple[bytes | None, str | None]:
    """``n`` bytes from ``fd``, or None and why: "eof" (the writer closed or died) or "late" (``deadline`` passed,
    or ``alive()`` stopped holding)."""
    chunks, got = [], 0
    while got < n:
        if not _ready(fd, select.POLLIN, deadline, alive):
            return None, "late"
        try:
            chunk = os.read(fd, min(n - got, CHUNK))
        except ConnectionResetError:  # the peer died with unread data in its socket
            chunk = b""
        if not chunk:
            return None, "eof"
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks), None


def read_frame(fd: int, deadline: float | None = None, limit: int = ANY_SIZE,
               alive: Callable[[], bool] | None = None) -> tuple[bytes | None, str | None]:
    """The body of one frame from ``fd``, or None and why: "eof", "late", or "large" (over ``limit`` bytes, which
    are left unread)."""
    head, why = read_exact(fd, HEADER.size, deadline, alive)
    if head is None:
        return None, why
    (size,) = HEADER.unpack(head)
    if size > limit:
        return None, "large"
    return read_exact(fd, size, deadline, alive)


def receive(fd: int, deadline: float | None = None, limit: int = ANY_SIZE,
            loads: Callable[[bytes], Any] = json.loads,
            alive: Callable[[], bool] | None = None) -> tuple[Any, str | None]:
    """One frame's value (``loads`` of its body, JSON by default) and None, or None and why (as `read_frame`)."""
    body, why = read_frame(fd, deadline, limit, alive)
    return (None, why) if body is None else (loads(body), None)


def recv(fd: int, deadline: float | None = None, limit: int = ANY_SIZE,
         loads: Callable[[bytes], Any] = json.loads) -> Any:
    """One frame's value; None on EOF, a passed deadline, or a frame over ``limit`` bytes."""
    return receive(fd, deadline, limit, loads)[0]


def to_worker(msg: dict[str, Any]) -> bytes:
    """The body of a request from the trusted side to a worker, in marshal: the worker trusts what the trusted side
    sends, and marshal is several times faster than JSON at both ends (a 100,000-int argument: 2 against 11 ms to
    write, 6 against 18 ms to read on the dev VM). Only lists, dicts with str keys and JSON's scalars are sent, as
    in JSON (a tuple would reach the job as a tuple, not the list it reads). Never the other way (`to_job`)."""
    try:
        return marshal.dumps(msg)
    except ValueError:  # a subclass marshal refuses (an IntEnum a caller passed as a number): sent as JSON reads it
        return marshal.dumps(json.loads(dumps(msg)))


def from_trusted(fd: int) -> Any:
    """A request `to_worker` wrote; None on EOF."""
    return recv(fd, loads=marshal.loads)


def to_job(fd: int, obj: Any) -> None:
    """A frame from a worker to its job, in marshal: the job trusts what its worker sends, and marshal.loads is one
    C call, where json.loads runs a Python decoder whose every object the freshly forked job then writes to
    (reference counts), copying ~100 pages per job. Never the other way: marshal is not safe against crafted data."""
    send(fd, obj, marshal.dumps)


def from_worker(fd: int) -> Any:
    """A frame `to_job` sent; None on EOF."""
    return recv(fd, loads=marshal.loads)
