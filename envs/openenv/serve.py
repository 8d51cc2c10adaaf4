"""``python -m envs serve ENV``: a registered env on the ``openenv`` package's own server (FastAPI + uvicorn).

The app is OpenEnv's (`openenv.core.env_server.http_server.create_fastapi_app`): ``WS /ws`` gives each connection a
session of its own (one `RlvrEnvironment`, so one python-tool state), at most ``max_concurrent`` at once (the next
is refused with ``CAPACITY_REACHED``); a session ends when its client closes or drops the connection, or after
``idle_timeout`` seconds without a message. ``POST /reset`` and ``/step`` are OpenEnv's stateless routes (a fresh
environment per request), so an episode of more than one step needs the WebSocket, as OpenEnv's clients use.

It binds to loopback unless told otherwise: a served env runs the env's tools and checkers on what any client sends
(docs/sandbox.md says what that exposes).
"""

from __future__ import annotations

import functools
import ipaddress
import logging
from typing import Any

from envs.openenv.environment import RlvrAction, RlvrEnvironment, RlvrObservation, RlvrState, ServedEnv
from envs.registration import Env

__all__ = ["DEFAULT_HOST", "app", "serve"]

logger = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_IDLE_TIMEOUT = 600.0


def app(env: Env, max_concurrent: int = 4, idle_timeout: float | None = DEFAULT_IDLE_TIMEOUT,
        served: ServedEnv | None = None) -> Any:
    """The FastAPI app serving ``env`` as an OpenEnv environment (``served``: the shared part, made if not given).

    Raises:
        ValueError: ``max_concurrent`` < 1 or ``idle_timeout`` <= 0.
    """
    from openenv.core.env_server.http_server import create_fastapi_app
    from openenv.core.env_server.types import ConcurrencyConfig

    if max_concurrent < 1 or (idle_timeout is not None and idle_timeout <= 0):
        raise ValueError(f"Serving needs max_concurrent >= 1 and idle_timeout > 0 (or None), got "
                         f"max_concurrent={max_concurrent}, idle_timeout={idle_timeout}.")
    shared = served or ServedEnv.of(env)
    # A partial of the class: the server reads SUPPORTS_CONCURRENT_SESSIONS from it without making an instance.
    factory = functools.partial(RlvrEnvironment, shared)
    config = ConcurrencyConfig(max_concurrent_envs=max_concurrent, session_timeout=idle_timeout)
    return create_fastapi_app(factory, RlvrAction, RlvrObservation, concurrency_config=config, env_name=env.id,
                              state_cls=RlvrState)


def serve(env: Env, host: str = DEFAULT_HOST, port: int = 8000, max_concurrent: int = 4,
          idle_timeout: float | None = DEFAULT_IDLE_TIMEOUT) -> None:
    """Serve ``env`` with uvicorn until interrupted."""
    import uvicorn

    if not _is_loopback(host):
        logger.warning("Serving env %r on %s: every host that reaches it can run its tools and checkers.", env.id, host)
    uvicorn.run(app(env, max_concurrent, idle_timeout), host=host, port=port, log_level="info")


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
