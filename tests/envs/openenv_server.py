"""What the OpenEnv tests share: a FastAPI app served by uvicorn on a free loopback port, in a thread; the echo env
`openenv init` scaffolds from the package's own template; a tiny tool-calling policy warm-started on given traces."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ECHO = "echo_env.server.echo_env_environment:EchoEnvironment"  # the scaffold's Environment class


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running(app: Any) -> Iterator[str]:
    """``app`` served on loopback while the block runs; yields its base URL."""
    import uvicorn  # openenv's dependency: this module is collected (doctests) where the extra is not installed

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def until(condition: Any, seconds: float = 20.0) -> bool:
    """Whether ``condition()`` holds within ``seconds`` (polled)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def scaffold_echo(root: Path) -> Path:
    """``openenv init echo_env`` run in ``root`` (the package's own template); ``root`` goes on ``sys.path`` to
    import it as ``echo_env``."""
    cli = Path(sys.executable).with_name("openenv")
    subprocess.run([str(cli), "init", "echo_env"], cwd=root, check=True, capture_output=True, timeout=120)
    return root


def echo_traces(env: Any) -> list[list[dict[str, Any]]]:
    """One conversation per problem of an ``openenv:`` echo env (both splits, so every prompt shape is seen): a
    ``step`` call, its real reply from the env's own rollout class, ``done``. Every third message is short (the
    scaffold pays 0.1 a character), so a policy fitted to them passes some episodes and fails others."""
    traces = []
    for row in [*env.train, *env.eval]:
        message = "hi" if row["seed"] % 3 == 0 else "hello world"
        rollout = env.environment_factory()
        rollout.reset(**row)
        reply = rollout.step(message=message)
        call = {"type": "function", "function": {"name": "step", "arguments": {"message": message}}}
        traces.append([*row["prompt"], {"role": "assistant", "content": "", "tool_calls": [call]},
                       {"role": "tool", "name": "step", "content": reply}, {"role": "assistant", "content": "done"}])
    return traces


def tiny_tool_policy(traces: list[list[dict[str, Any]]], tools: list[Any], out: Path, steps: int = 150) -> Path:
    """A tiny Llama with the tool chat template, fitted to ``traces`` and saved in ``out`` (a ``--model`` dir)."""
    from eval.policy import TinyPolicyConfig, train_tokenizer
    from eval.tool_policy import add_tool_template, tool_model, trace_texts, warm_start

    tokenizer = add_tool_template(train_tokenizer(trace_texts(traces), 384))
    model = tool_model(tokenizer, TinyPolicyConfig(hidden_size=64, layers=2, heads=2, ffn_size=128))
    warm_start(model, tokenizer, traces, tools, steps=steps, batch_size=32, learning_rate=3e-3)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    return out
