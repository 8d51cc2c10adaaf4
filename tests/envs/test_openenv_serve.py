"""Registered envs served on OpenEnv's own server and driven by its own client (`GenericEnvClient`): the routes, the
rewards (equal to ``rewards.get``'s on the same completions), isolated concurrent sessions, and a client that drops
mid-episode freeing its session and leaving no sandbox process."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("openenv")
import httpx  # noqa: E402  (openenv's dependency)
from openenv.core import GenericEnvClient  # noqa: E402

import envs  # noqa: E402
import rewards  # noqa: E402
from envs.humaneval import wrong_solution  # noqa: E402
from envs.openenv.environment import ServedEnv  # noqa: E402
from envs.openenv.serve import app  # noqa: E402
from envs.tools.python import PythonEnv, PythonSession  # noqa: E402
from tests.envs.openenv_server import free_port, running, until  # noqa: E402
from tests.rewards.code.host import idle  # noqa: E402

REPO = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def served(env: envs.Env, **options: Any) -> Iterator[tuple[str, ServedEnv]]:
    """``env`` on loopback, served by uvicorn in a thread: (base URL, the sessions' shared part)."""
    shared = ServedEnv.of(env)
    with running(app(env, served=shared, **options)) as url:
        yield url, shared


def client(url: str) -> Any:
    return GenericEnvClient(base_url=url).sync()


def columns(row: dict[str, Any]) -> dict[str, list[Any]]:
    return {k: [v] for k, v in row.items() if k != "prompt"}


@pytest.fixture(scope="module")
def arithmetic():
    return envs.make("arithmetic", n_train=20, n_eval=10)


def test_arithmetic_routes_and_rewards_equal_the_registered_reward(arithmetic):
    math_exact = rewards.get("math_exact")
    with served(arithmetic) as (url, shared):
        assert httpx.get(f"{url}/health").json() == {"status": "healthy"}
        schema = httpx.get(f"{url}/schema").json()
        assert {"content", "tool", "arguments"} <= set(schema["action"]["properties"])
        assert {"prompt", "tools", "tool_reply", "reward", "done"} <= set(schema["observation"]["properties"])
        assert httpx.get(f"{url}/arithmetic/splits").json() == [{"name": "train", "type": "train"},
                                                                {"name": "eval", "type": "validation"}]
        with client(url) as env:
            for answer in ("\\boxed{ANSWER}", "\\boxed{-1}", "no idea", "ANSWER"):
                first = env.reset(seed=7, split="eval")
                state = env.state()
                row = arithmetic.eval[state["task"]]
                assert first.observation["prompt"] == [{"role": "user", "content": row["prompt"]}]
                assert (first.reward, first.done, state["step_count"]) == (None, False, 0)
                completion = answer.replace("ANSWER", row["answer"])
                result = env.step({"content": completion})
                expected = math_exact.verdicts([completion], **columns(row))[0]
                assert result.done and result.reward == expected.score
                assert result.metadata["rewards"]["math_exact"] == {
                    "score": expected.score, "status": expected.status.value, "detail": expected.detail}
                assert env.state()["done"] and env.state()["step_count"] == 1
            assert env.reset(seed=7, split="eval").observation == first.observation  # same seed, same problem
            assert env.reset(split="train", task="train-3").observation["prompt"][0]["content"] == \
                arithmetic.train[3]["prompt"]
            with pytest.raises(RuntimeError, match="out of range"):
                env.reset(split="eval", task=10)
        assert until(lambda: shared.open_sessions == 0)


def test_a_step_after_the_answer_is_refused_until_reset(arithmetic):
    with served(arithmetic) as (url, _), client(url) as env:
        env.reset(seed=1)
        env.step({"content": "1"})
        with pytest.raises(RuntimeError, match=r"call reset\(\) first"):
            env.step({"content": "2"})


def test_sessions_beyond_the_bound_are_refused_and_idle_ones_are_closed(arithmetic):
    with served(arithmetic, max_concurrent=1, idle_timeout=0.5) as (url, shared):
        first = client(url)
        first.reset(seed=1)
        with client(url) as second, pytest.raises(RuntimeError, match="CAPACITY_REACHED"):
            second.reset(seed=2)
        assert until(lambda: shared.open_sessions == 0, 15)  # the reaper looks every 5 s
        with client(url) as third:
            assert third.reset(seed=2).done is False
        first.close()


def test_humaneval_rewards_equal_code_tests():
    humaneval = envs.make("humaneval")
    code_tests = rewards.get("code_tests")
    with served(humaneval) as (url, _), client(url) as env:
        for task in (0, 1):
            row = humaneval.eval[task]
            for completion in (row["reference"], wrong_solution(row["reference"], row["entry_point"])):
                env.reset(split="eval", task=task)
                result = env.step({"content": completion})
                expected = code_tests.verdicts([completion], **columns(row))[0]
                assert result.reward == expected.score
                assert result.metadata["rewards"]["code_tests"]["status"] == expected.status.value
        assert result.reward < 1.0  # the last one is a wrong solution


@pytest.fixture(scope="module")
def products():
    return envs.make("products_python", n_train=20, n_eval=10)


def test_products_python_tool_steps_then_a_judged_answer(products):
    math_exact = rewards.get("math_exact")
    with served(products) as (url, _), client(url) as env:
        first = env.reset(split="eval", task=0)
        assert [tool["function"]["name"] for tool in first.observation["tools"]] == ["python"]
        row = products.eval[0]
        question = row["question"]
        step = env.step({"tool": "python", "arguments": {"code": f"x = {question}\nx"}})
        assert (step.observation["tool_reply"], step.done, step.reward) == (f"Out: {row['answer']}", False, None)
        assert "not found" in env.step({"tool": "shell", "arguments": {}}).observation["tool_reply"]
        assert "Error: TypeError" in env.step({"tool": "python", "arguments": {"cmd": "1"}}).observation["tool_reply"]
        answer = f"It is \\boxed{{{row['answer']}}}."
        result = env.step({"content": answer})
        expected = math_exact([[{"role": "assistant", "content": answer}]], **columns(row))[0]
        assert result.done and result.reward == expected == 1.0
        assert env.state()["tool_calls"] == 3


def test_two_concurrent_python_sessions_never_see_each_others_state(products):
    with served(products, max_concurrent=2) as (url, _), client(url) as a, client(url) as b:
        a.reset(seed=1)
        b.reset(seed=1)
        python = {"tool": "python"}
        a.step({**python, "arguments": {"code": "secret = 'from a'"}})
        assert "NameError" in b.step({**python, "arguments": {"code": "secret"}}).observation["tool_reply"]
        b.step({**python, "arguments": {"code": "secret = 'from b'"}})
        assert a.step({**python, "arguments": {"code": "secret"}}).observation["tool_reply"] == "Out: 'from a'"
        assert b.step({**python, "arguments": {"code": "secret"}}).observation["tool_reply"] == "Out: 'from b'"
        a.reset(seed=1)  # a new episode: an empty interpreter
        assert "NameError" in a.step({**python, "arguments": {"code": "secret"}}).observation["tool_reply"]


DROPPING_CLIENT = """
import sys
from openenv.core import GenericEnvClient
env = GenericEnvClient(base_url=sys.argv[1]).sync()
env.reset(seed=1)
print("ready", flush=True)
env.step({"tool": "python", "arguments": {"code": "while True:\\n    pass"}})
"""


def test_a_client_killed_mid_call_frees_its_session_and_leaves_no_sandbox_process(products):
    with served(products) as (url, shared):
        dropped = subprocess.Popen([sys.executable, "-c", DROPPING_CLIENT, url], stdout=subprocess.PIPE, text=True,
                                   env={**os.environ, "PYTHONPATH": str(REPO)})
        assert dropped.stdout is not None and dropped.stdout.readline().strip() == "ready"
        time.sleep(0.5)  # its cell is spinning in the sandbox
        os.kill(dropped.pid, signal.SIGKILL)
        dropped.wait()
        assert until(lambda: shared.open_sessions == 0)
        assert idle(PythonSession(PythonEnv.config).sandbox)  # the pool's processes, and no job of the cell's
        with client(url) as env:  # the slot serves the next session
            env.reset(seed=2)
            assert env.step({"tool": "python", "arguments": {"code": "6 * 7"}}).observation["tool_reply"] == "Out: 42"


def test_python_m_envs_serve_serves_on_loopback():
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "envs", "serve", "arithmetic", "n_train=4", "n_eval=2",
                               "--port", str(port)], cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        assert until(lambda: _healthy(url) or server.poll() is not None, 120), "the server did not answer"
        assert server.poll() is None, server.stderr.read() if server.stderr else ""
        with client(url) as env:
            assert env.reset(split="eval", task=1).observation["prompt"][0]["role"] == "user"
            assert env.step({"content": "0"}).done
    finally:
        server.terminate()
        server.wait(30)


def _healthy(url: str) -> bool:
    try:
        return httpx.get(f"{url}/health", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def test_an_exported_env_passes_openenv_validate_statically_and_its_app_passes_the_runtime_probe(tmp_path):
    cli = str(Path(sys.executable).with_name("openenv"))
    out = tmp_path / "arithmetic_env"
    subprocess.run([sys.executable, "-m", "envs", "export", "arithmetic", str(out), "n_train=4", "n_eval=2"], cwd=REPO,
                   env={**os.environ, "PYTHONPATH": str(REPO)}, check=True, capture_output=True, timeout=300)
    manifest = (out / "openenv.yaml").read_text()
    assert "app: server.app:app" in manifest and "declared_task_count:\n      train: 4\n      eval: 2" in manifest
    assert "openenv==0.10" in (out / "server" / "requirements.txt").read_text()
    static = subprocess.run([cli, "validate", str(out), "--level", "static", "--skip-build"], capture_output=True,
                            text=True, timeout=120)
    assert static.returncode == 0 and "PASS  static.manifest" in static.stdout, static.stdout + static.stderr
    port = free_port()  # the exported app, as `uvicorn server.app:app` loads it
    server = subprocess.Popen([sys.executable, "-m", "uvicorn", "server.app:app", "--port", str(port)], cwd=out,
                              env={**os.environ, "PYTHONPATH": f"{out}{os.pathsep}{REPO}"},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        assert until(lambda: _healthy(url), 120)
        probe = subprocess.run([cli, "validate", "--url", url], capture_output=True, text=True, timeout=120)
        assert probe.returncode == 0 and "Verdict: PASS" in probe.stdout, probe.stdout + probe.stderr
        assert probe.stdout.count("PASS ") >= 6  # openapi, health, metadata, schema, mcp, mode
    finally:
        server.terminate()
        server.wait(30)


@pytest.mark.parametrize(("argv", "message"), [
    (["serve", "arithmtic"], "Unknown env 'arithmtic'. Did you mean 'arithmetic'"),
    (["serve", "arithmetic", "n_train=4", "--max-concurrent", "0"], "Serving needs max_concurrent >= 1"),
    (["export", "arithmetic", "."], "is not empty; export into a new directory"),
])
def test_bad_serve_and_export_commands_are_one_line_errors(argv, message, capsys, monkeypatch, tmp_path):
    from envs.__main__ import main

    (tmp_path / "kept.txt").write_text("")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2 and message in capsys.readouterr().err
