"""One sandbox call on the cluster (a tool's ``python`` cell): run on a node's verifier actor, resent if it is lost.

The same rules as a reward's chunks (`rewards.remote.dispatch`): a call whose actor dies or misses its deadline goes
to another live actor, ``attempts`` sends at most; after that it is answered as a failed `CallResult` (never an
exception), which the tool reports to the model as a sandbox error.
"""

from __future__ import annotations

import threading
from typing import Any

from rewards.errors import RlvrError
from rewards.remote.cluster import live_verifiers
from rewards.remote.dispatch import Chunk, dispatch
from rewards.sandbox import CallResult, SandboxConfig

_known: dict[str, tuple[Any, int]] = {}  # node id -> verifier, kept between calls (every call of this process)
_lock = threading.Lock()


def sandbox_call(config: SandboxConfig, code: str, name: str, args: tuple[Any, ...], attempts: int = 3,
                 timeout: float = 60.0) -> CallResult:
    """``name(*args)`` of ``code`` in a fresh job of some node's sandbox for ``config``; a failed `CallResult` when
    no actor answered within ``attempts`` sends of ``timeout`` seconds each."""
    try:
        with _lock:
            actors = live_verifiers(_known, "a sandbox call")
            _known.clear()
            _known.update(actors)
    except RlvrError as e:
        return CallResult(ok=False, error=f"remote: {e}")

    def send(handle: Any, chunk: Chunk) -> Any:
        return handle.sandbox_call.remote(config, code, name, args)

    out = dispatch(1, actors, send, attempts, timeout)
    with _lock:
        for node in out.failed:
            _known.pop(node, None)
    if 0 in out.results:
        return out.results[0]
    why = "; ".join(c for chunk in out.given_up for c in chunk.errors[-2:]) or "no live verifier actor"
    return CallResult(ok=False, error=f"remote: {why}"[:300])
