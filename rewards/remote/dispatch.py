"""Handing one batch's chunks to verifier actors as they free up, with Ray's own ``ray.wait``; resending lost ones.

A chunk is a range of the batch, sized by `chunk_size` to the actor it goes to. Each actor holds at most `IN_FLIGHT`
chunks (one running, one queued at the actor, so it never waits for this process), and gets the next chunk when one
of its own comes back. A chunk whose actor fails (``RayError``: the actor died or its node is unreachable) or that is
overdue goes back to the front of the line for another actor, and the failed actor gets nothing more of this batch;
after ``attempts`` sends, or when no actor is left, the chunk is given up to the caller (`rewards.remote.reward`
judges it locally, or scores it ``unscorable`` when every send was lost with its actor (`Chunk.lost`), else
``error``).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import ray
from ray.exceptions import ActorDiedError, ActorUnavailableError, RayError

# Failures that are the actor's process or node lost (killed, its machine gone), never the task's own doing: not a
# deadline (a slow completion), not the task raising (RayTaskError), not Ray's memory monitor (OutOfMemoryError).
LOST = (ActorDiedError, ActorUnavailableError)
CHUNKS_PER_ACTOR = 4  # about this many chunks per actor and batch: a lost actor costs a quarter of its share
IN_FLIGHT = 2  # chunks at one actor at a time


@dataclass
class Chunk:
    """Completions ``start:stop`` of a batch, how often they were sent, and why sends failed; ``lost``: every failed
    send was its actor lost (`LOST`), or it was never sent (no live actor)."""

    start: int
    stop: int
    tries: int = 0
    errors: list[str] = field(default_factory=list)
    lost: bool = True


@dataclass
class Outcome:
    """What came back: verdicts by chunk start, the chunks given up, completions sent again, actors that failed."""

    results: dict[int, Any] = field(default_factory=dict)
    given_up: list[Chunk] = field(default_factory=list)
    resent: int = 0
    failed: set[str] = field(default_factory=set)


def chunk_size(n: int, cores: int, total: int) -> int:
    """Completions in a chunk for an actor with ``cores`` of the cluster's ``total``, in a batch of ``n``: its share
    cut in `CHUNKS_PER_ACTOR`, and never fewer than its cores (each slot gets a completion).

    >>> chunk_size(512, 1, 1), chunk_size(512, 31, 62), chunk_size(12, 1, 3)
    (128, 64, 1)
    """
    return max(cores, -(-n * cores // (total * CHUNKS_PER_ACTOR)))


def dispatch(n: int, actors: dict[str, tuple[Any, int]], send: Callable[[Any, Chunk], Any], attempts: int,
             timeout: float) -> Outcome:
    """Judge completions ``0:n`` on ``actors`` (node id -> (handle, cores)); ``send(handle, chunk)`` returns the
    chunk's object ref. Each chunk is sent at most ``attempts`` times, and is overdue ``timeout`` seconds after it
    should have started."""
    out, live = Outcome(), dict(actors)
    queued = dict.fromkeys(live, 0)
    line: deque[Chunk] = deque()
    cut = 0
    inflight: dict[Any, tuple[Chunk, str, float]] = {}

    total = sum(cores for _, cores in live.values()) or 1

    def next_chunk(cores: int) -> Chunk | None:
        nonlocal cut
        if line:
            return line.popleft()
        if cut >= n:
            return None
        start, cut = cut, min(n, cut + chunk_size(n, cores, total))
        return Chunk(start, cut)

    def failed(chunk: Chunk, node: str, why: str, lost: bool = False) -> None:
        chunk.errors.append(f"node {node[:8]}: {why}"[:200])
        chunk.lost &= lost
        live.pop(node, None)
        out.failed.add(node)
        (line if chunk.tries < attempts else out.given_up).append(chunk)

    def hand_out() -> None:  # round-robin, one chunk per actor with room per round, so every actor gets work
        for _ in range(IN_FLIGHT):
            for node, (handle, cores) in list(live.items()):
                if queued[node] < IN_FLIGHT and (chunk := next_chunk(cores)) is not None:
                    out.resent += (chunk.stop - chunk.start) if chunk.tries else 0
                    chunk.tries += 1
                    inflight[send(handle, chunk)] = (chunk, node, time.monotonic() + timeout * (queued[node] + 1))
                    queued[node] += 1

    while True:
        hand_out()
        if not inflight:
            break
        wait = max(0.0, min(d for _, _, d in inflight.values()) - time.monotonic())
        ready, _ = ray.wait(list(inflight), num_returns=1, timeout=wait)
        for ref in ready:
            chunk, node, _ = inflight.pop(ref)
            queued[node] -= 1
            try:
                out.results[chunk.start] = ray.get(ref)
            except RayError as e:
                failed(chunk, node, f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}",
                       lost=isinstance(e, LOST))
        now = time.monotonic()
        for ref, (chunk, node, deadline) in list(inflight.items()):
            if deadline <= now:
                del inflight[ref]
                queued[node] -= 1
                failed(chunk, node, f"no verdicts within {timeout:g} s")
    out.given_up.extend(line)
    if cut < n:
        out.given_up.append(Chunk(cut, n, errors=["no live verifier actor"]))
    return out
