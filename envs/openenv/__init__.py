"""rlvr-kit envs in OpenEnv, the environment standard TRL, verifiers, NeMo-Gym and SkyRL load (docs/openenv.md).

- `envs.openenv.environment`: `RlvrEnvironment`, a registered env as an OpenEnv ``Environment`` (one episode is one
  problem: tool calls as steps, the answer as the last one, judged by the env's own rewards), its action,
  observation and state models, and the rubric tree that holds the rewards.
- `envs.openenv.serve`: ``python -m envs serve ENV``: the env on the ``openenv`` package's own server.
- `envs.openenv.load`: ``envs.make("openenv:<target>")``: any OpenEnv environment as an rlvr-kit env.
- `envs.openenv.check`: RFC 008's semantic checks (replayability, oracle max, floor gap) on any OpenEnv environment.

Needs the optional extra ``pip install 'rlvr-kit[openenv]'``; nothing here is imported by ``import envs``.
"""

from types import ModuleType

from rewards.errors import RlvrError

INSTALL = "pip install 'rlvr-kit[openenv]'"


def require_openenv() -> ModuleType:
    """Import the ``openenv`` package, or raise `RlvrError` saying how to install it."""
    try:
        import openenv
    except ImportError as e:
        raise RlvrError(f"OpenEnv serving, packaging and loading need the optional package openenv, which is not "
                        f"installed: {INSTALL}") from e
    return openenv
