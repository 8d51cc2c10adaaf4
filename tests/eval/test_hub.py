"""A hub id with no hub: offline mode or a hub that does not answer turns `--model ID` into a one-line error before
anything is built, with no retry (it used to take ~55 s of retries), and a cached model still loads, from the cache."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import train
from eval.__main__ import main as eval_main
from eval.hub import hub_unreachable
from rewards.errors import RlvrError

ROOT = Path(__file__).resolve().parents[2]
MISSING = "nobody/no-such-model"


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    """A local port that accepts connections and never answers: it counts who tried to reach it."""
    with socket.create_server(("127.0.0.1", 0), backlog=16) as server:
        server.setblocking(False)
        yield server


def _connections(server: socket.socket) -> int:
    count = 0
    while True:
        try:
            server.accept()[0].close()
        except BlockingIOError:
            return count
        count += 1


def _closed_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as free:
        return free.getsockname()[1]  # closed on leaving: a connection there is refused at once


def _run(args: list[str], cwd: Path, **environ: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), **environ}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


@pytest.fixture
def hub(monkeypatch):
    """Point this process's hub at ``endpoint`` with offline mode set or not, probing afresh."""
    from huggingface_hub import constants

    def point(endpoint: str, offline: bool) -> None:
        monkeypatch.setattr(constants, "ENDPOINT", endpoint)
        monkeypatch.setattr(constants, "HF_HUB_OFFLINE", offline)

    hub_unreachable.cache_clear()
    yield point
    hub_unreachable.cache_clear()


def _refused(entry: str, tmp_path: Path) -> str:
    with pytest.raises(RlvrError) as info:
        if entry == "train.py":
            train.main(["--model", MISSING, "--output_dir", str(tmp_path / "run")])
        else:
            eval_main(["--env", "arithmetic", "--model", MISSING, "--out", str(tmp_path / "run")])
    assert not (tmp_path / "run").exists()
    return str(info.value)


@pytest.mark.parametrize("entry", ["train.py", "python -m eval"])
def test_offline_a_hub_id_outside_the_cache_is_refused_without_touching_the_network(entry, hub, listener, tmp_path):
    hub(f"http://127.0.0.1:{listener.getsockname()[1]}", offline=True)
    assert _refused(entry, tmp_path) == (
        f"--model '{MISSING}' is neither a local directory nor in the hub cache, and the hub is offline "
        "(HF_HUB_OFFLINE=1). Download it where there is network, or pass a local directory.")
    assert _connections(listener) == 0


@pytest.mark.parametrize("entry", ["train.py", "python -m eval"])
def test_an_unreachable_hub_is_asked_once_and_refused_in_one_line(entry, hub, caplog, tmp_path):
    endpoint = f"http://127.0.0.1:{_closed_port()}"
    hub(endpoint, offline=False)
    message = _refused(entry, tmp_path)
    assert message.startswith(f"--model '{MISSING}' is neither a local directory nor in the hub cache, and the hub is "
                              f"unreachable: {endpoint} cannot be reached (ConnectError: "), message
    assert message.endswith("Download it where there is network, or pass a local directory.")
    assert "\n" not in message and "Retrying" not in caplog.text  # huggingface_hub's backoff: five retries, ~55 s


def test_train_py_without_a_hub_prints_the_reason_not_a_minute_of_retries(tmp_path):
    endpoint = f"http://127.0.0.1:{_closed_port()}"
    done = _run([str(ROOT / "train.py"), "--model", MISSING], tmp_path, HF_HUB_OFFLINE="0", HF_ENDPOINT=endpoint,
                HF_HUB_CACHE=str(tmp_path / "hub"))
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-3000:]
    assert done.stderr.strip().splitlines()[-1].startswith(f"error: --model '{MISSING}' is neither a local directory "
                                                           f"nor in the hub cache, and the hub is unreachable: ")
    assert "Retrying" not in done.stderr


def test_a_cached_hub_id_loads_from_the_cache_when_the_hub_does_not_answer(tiny_policy, listener, tmp_path):
    _, _, policy = tiny_policy
    snapshot = tmp_path / "hub" / "models--nobody--tiny" / "snapshots" / ("0" * 40)  # the hub cache's own layout
    shutil.copytree(policy, snapshot)
    (snapshot.parents[1] / "refs").mkdir()
    (snapshot.parents[1] / "refs" / "main").write_text("0" * 40)
    code = "ID = 'nobody/tiny'; from eval.policy import check_model, load_causal_lm as load; check_model(ID); load(ID)"
    endpoint = f"http://127.0.0.1:{listener.getsockname()[1]}"
    done = _run(["-c", code], ROOT, HF_HUB_OFFLINE="0", HF_ENDPOINT=endpoint, HF_HUB_CACHE=str(tmp_path / "hub"))
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"The hub is unreachable ({endpoint} cannot be reached (ReadTimeout" in done.stderr
    assert "offline mode from here on (HF_HUB_OFFLINE=1); 'nobody/tiny' loads from the hub cache" in done.stderr
    assert "Retrying" not in done.stderr and _connections(listener) == 1  # the probe alone
