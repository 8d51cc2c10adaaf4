"""Rewards judged on a real two-node Ray cluster (`ray.cluster_utils.Cluster`: a head and a node, one CPU each):
remote verdicts equal local ones, a node lost mid-batch loses no verdict, a cluster with no verifier left scores
``None`` with status ``unscorable`` (and the breaker trips), a chunk past its deadline (which a slow completion can
cause) scores ``error``, and no sandbox process outlives its node."""

from __future__ import annotations

import os
import pickle
import re
import threading
import time
from pathlib import Path

import pytest
from host import live_pids

import envs
import rewards
from envs.humaneval import wrong_solution
from rewards import Status
from rewards.remote.reward import RemoteReward
from training.breaker import RewardBreaker

ray = pytest.importorskip("ray")
from ray.cluster_utils import Cluster  # noqa: E402

SLEEPY = "import time\ndef f():\n    time.sleep(1)\n    return 1\n"  # one second per completion, then it passes
QUICK = "def f():\n    return 1\n"


@pytest.fixture(scope="module")
def cluster():
    """A head and one node, started once; their workers import this checkout (PYTHONPATH), as an installed
    rlvr-kit would be found on real nodes."""
    root = str(Path(rewards.__file__).resolve().parents[1])
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (root, old) if p)
    # A lost node is declared dead after 2 missed health checks 0.5 s apart (Ray's default waits much longer).
    checks = {"health_check_period_ms": 500, "health_check_failure_threshold": 2}
    c = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "_system_config": checks})
    c.add_node(num_cpus=1)
    ray.init(address=c.address, log_to_driver=False)
    yield c
    ray.shutdown()
    c.shutdown()
    if old is None:
        os.environ.pop("PYTHONPATH", None)
    else:
        os.environ["PYTHONPATH"] = old


def _asserts(code: str, n: int) -> dict:
    return {"completions": [code] * n, "test_list": [["assert f() == 1"]] * n}


def _logged() -> tuple[dict[str, float], object]:
    logs: dict[str, float] = {}
    return logs, lambda key, value: logs.__setitem__(key, value)


def _sandbox_uids(reward: RemoteReward, node_id: str) -> list[int]:
    handle, _ = reward.actors()[node_id]
    return ray.get(handle.sandbox_uids.remote())


def _gone(uids: list[int], within: float = 20.0) -> bool:
    """No live process of ``uids`` remains, waiting up to ``within`` seconds for the lost node's to end."""
    deadline = time.monotonic() + within
    while any(live_pids(uids).values()):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


def _dead(node_id: str, within: float = 60.0) -> bool:
    """The cluster reports node ``node_id`` dead, waiting up to ``within`` seconds for it to notice."""
    deadline = time.monotonic() + within
    while any(n["NodeID"] == node_id and n["Alive"] for n in ray.nodes()):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


def test_bad_placements_and_specs_fail_before_any_cluster_is_reached():
    with pytest.raises(rewards.OptionError, match=re.escape("Unknown reward placement 'gpu': use one of local, ray.")):
        rewards.get("math_exact", placement="gpu")
    with pytest.raises(rewards.UnknownIdError, match="Did you mean 'math_exact'"):
        rewards.get("math_exat", placement="ray")
    assert not ray.is_initialized()


def test_remote_verdicts_equal_local_ones_on_humaneval(cluster):
    rows = envs.make("humaneval").eval.select(range(6))
    wrong = [wrong_solution(r, e) for r, e in zip(rows["reference"], rows["entry_point"])]
    columns = {k: list(rows[k]) * 2 for k in ("code_prompt", "test", "entry_point")}
    completions = list(rows["reference"]) + wrong
    remote, local = rewards.get("code_tests", placement="ray"), rewards.get("code_tests")
    logs, log_metric = _logged()
    got = remote.verdicts(completions, log_metric=log_metric, **columns)
    assert got == local.verdicts(completions, **columns)
    assert [v.score for v in got] == [1.0] * 6 + [0.0] * 6
    assert (remote.__name__, remote.columns) == (local.__name__, local.columns)
    assert logs["code_tests/error_rate"] == 0.0 and logs["code_tests/remote_retry_rate"] == 0.0
    # The trainer reuses the last batch's verdicts as locally: no second round trip, no second log.
    logs.clear()
    assert remote.verdicts(completions, log_metric=log_metric, **columns) == got and not logs
    uids = [uid for node in remote.actors() for uid in _sandbox_uids(remote, node)]
    assert len(remote.actors()) == 2 and uids  # both nodes judged, in their own sandboxes
    del remote  # its actors go with their last handle, and their sandboxes with them
    assert _gone(uids)


def test_ranks_share_one_actor_per_node_and_the_reward_pickles(cluster):
    first, second = rewards.get("code_tests", placement="ray"), rewards.get("code_tests", placement="ray")
    ids = {node: h._actor_id for node, (h, _) in first.actors().items()}
    assert ids == {node: h._actor_id for node, (h, _) in second.actors().items()}
    names = [a for a in ray.util.list_named_actors(all_namespaces=True) if a["name"].startswith("verifier-")]
    assert len(names) == len(ids) == 2
    copy = pickle.loads(pickle.dumps(first))
    assert copy(**_asserts(QUICK, 2)) == [1.0, 1.0]


def test_a_node_lost_mid_batch_loses_no_verdict(cluster):
    node = cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    reward = RemoteReward("code_tests", local_fallback=False)  # a retry must land on a live actor, not here
    assert reward(**_asserts(QUICK, 12)) == [1.0] * 12  # every node's actor and sandbox are up
    uids = _sandbox_uids(reward, node.node_id)
    assert uids
    logs, log_metric = _logged()
    result: list = []
    batch = threading.Thread(target=lambda: result.append(reward.verdicts(**_asserts(SLEEPY, 12),
                                                                          log_metric=log_metric)))
    batch.start()
    time.sleep(1.5)  # every actor is inside its four one-second completions, one chunk each, two at a time
    cluster.remove_node(node, allow_graceful=False)
    batch.join()
    (verdicts,) = result
    assert [v.status for v in verdicts] == [Status.CORRECT] * 12
    assert logs["code_tests/remote_retry_rate"] > 0
    assert _gone(uids)


def test_with_every_verifier_gone_completions_are_unscorable_and_the_breaker_trips(cluster):
    node = cluster.add_node(num_cpus=1, resources={"only_here": 1})
    cluster.wait_for_nodes()
    strict = RemoteReward("code_tests", resource="only_here", local_fallback=False, attempts=2)
    lenient = RemoteReward("code_tests", resource="only_here", attempts=2)
    assert strict(**_asserts(QUICK, 2)) == [1.0, 1.0]
    uids = _sandbox_uids(strict, node.node_id)
    cluster.remove_node(node, allow_graceful=False)
    # Here the node's processes outlive its raylet for a moment (a lost machine's would not): wait until they are gone.
    assert _gone(uids) and _dead(node.node_id)
    breaker, tripped = RewardBreaker(rate=0.5, steps=2), []
    for step in (1, 2):
        logs, log_metric = _logged()
        verdicts = strict.verdicts(**_asserts(QUICK, 4 + step), log_metric=log_metric)
        assert {(v.score, v.status) for v in verdicts} == {(None, Status.UNSCORABLE)}
        assert all(v.detail.startswith("remote: ") for v in verdicts)
        assert logs["code_tests/unscorable_rate"] == 1.0 and logs["code_tests/error_rate"] == 0.0
        tripped.append(breaker.record(step, logs))
    assert strict(**_asserts(QUICK, 2)) == [None, None]  # TRL leaves them out of their group
    assert tripped == [False, True] and breaker.tripped == ["code_tests/unscorable_rate"]
    assert lenient(**_asserts(QUICK, 3)) == [1.0] * 3  # judged here instead


def test_a_chunk_past_its_deadline_is_sent_again_then_scored_error(cluster):
    nodes = [cluster.add_node(num_cpus=1, resources={"slow_here": 1}) for _ in range(2)]
    cluster.wait_for_nodes()
    reward = RemoteReward("code_tests", resource="slow_here", local_fallback=False, attempts=2, chunk_timeout=0.5)
    logs, log_metric = _logged()
    # One chunk of 1 s of work, 0.5 s allowed per send: overdue on one node, sent to the other, overdue again.
    verdicts = reward.verdicts(**_asserts(SLEEPY, 1), log_metric=log_metric)
    assert {(v.score, v.status) for v in verdicts} == {(0.0, Status.ERROR)}  # a slow completion's doing, maybe
    assert verdicts[0].detail.count("no verdicts within 0.5 s") == 2
    assert logs["code_tests/remote_retry_rate"] == 1.0 and logs["code_tests/error_rate"] == 1.0
    for node in nodes:
        cluster.remove_node(node, allow_graceful=False)


def test_a_tool_envs_python_calls_run_on_the_cluster(cluster):
    from envs.tools.python import PythonSession, PythonToolConfig
    from rewards.sandbox import local

    config = PythonToolConfig(placement="ray", timeout=2.75)  # a sandbox config no other test builds locally
    session = PythonSession(config)
    assert session.run("x = 6 * 7") == "(no output)"
    assert session.run("print(x)\nx + 1") == "42\nOut: 43"  # the earlier cell replayed, on some node
    assert session.run("1/0").endswith("ZeroDivisionError: division by zero")
    assert config.sandbox() not in local._shared  # no sandbox in this process: the calls ran on the cluster


@pytest.mark.slow
def test_train_py_judges_on_the_cluster(cluster, tiny_policy, tmp_path):
    import train

    _, _, policy = tiny_policy
    results = train.main(["--model", str(policy), "--output_dir", str(tmp_path / "run"), "--env_kwargs", "digits=1",
                          "n_train=90", "n_eval=10", "--reward_placement", "ray", "--max_steps", "2",
                          "--per_device_train_batch_size", "8", "--num_generations", "4", "--max_completion_length",
                          "6", "--logging_steps", "1", "--eval_n", "2", "--eval_k", "1", "--eval_limit", "2",
                          "--disable_tqdm", "true"])
    logged = [row for row in results["log_history"] if "math_exact/remote_retry_rate" in row]
    assert len(logged) == 2 and all(row["math_exact/error_rate"] == 0.0 for row in logged)
