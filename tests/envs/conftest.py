"""Fixtures the env tests share."""

from __future__ import annotations

import sys

import pytest


@pytest.fixture(scope="module")
def echo(tmp_path_factory):
    """The scaffold `openenv init echo_env` writes (an OpenEnv env this repo did not write), importable as the
    package ``echo_env``; the fixture's value is its server module."""
    pytest.importorskip("openenv")
    from tests.envs.openenv_server import scaffold_echo

    root = scaffold_echo(tmp_path_factory.mktemp("scaffold"))
    sys.path.insert(0, str(root))
    try:
        import echo_env.server.app as scaffold_app  # its own module, as `uvicorn server.app:app` would load it

        yield scaffold_app
    finally:
        sys.path.remove(str(root))
