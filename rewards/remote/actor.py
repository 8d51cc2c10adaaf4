"""The verifier actor: one per Ray node, shared by every training process that asks, judging with rlvr-kit's own code.

Each node of the cluster that verifies runs one `NodeVerifier`, named ``verifier-<node id>`` in the ``rlvr_kit``
namespace and created with ``get_if_exists``: the first rank to ask starts it, every other rank gets the same
actor, so eight ranks never start eight sandboxes on one node. It is pinned to its node
(``NodeAffinitySchedulingStrategy(soft=False)``), so it dies with the node instead of moving, and it sizes its
pools (sandbox slots, math checker workers) to the node's CPUs minus `RESERVED_CORES` through
``RLVR_KIT_CORES`` (`rewards.cpu_share`). It judges with `rewards.get` and `Reward.compute`: the same pure code
as in the trainer, so a remote verdict is the verdict the trainer would have computed.

Limits: the actor claims no Ray CPU (``num_cpus=0``) although its sandbox uses the node's cores: give verifying nodes
to verification (see docs/distributed.md). It judges one chunk at a time (``max_concurrency=1``); a tool's sandbox
calls run beside it, as many at once as it has cores (the ``calls`` concurrency group). It is owned by the process
that created it and ends with that process's Ray job, or when no handle to it is left; a lost owner or node makes
the next batch create a new one where a node is alive.
"""

from __future__ import annotations

import os
from typing import Any

import ray
from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

from rewards.cpu_share import CORES_VAR
from rewards.protocol import Reward, Verdict
from rewards.sandbox import CallResult, SandboxConfig, shared_sandbox, shared_sandboxes

NAMESPACE = "rlvr_kit"
# Cores a node keeps for itself besides the sandbox: the raylet, the object store and this actor's own process.
RESERVED_CORES = 1


def node_cores(node_cpus: float) -> int:
    """The cores a verifier sizes its pools to on a node that offers ``node_cpus`` Ray CPUs: minus
    `RESERVED_CORES`, at least 1.

    >>> node_cores(16.0), node_cores(1.0)
    (15, 1)
    """
    return max(1, int(node_cpus) - RESERVED_CORES)


class NodeVerifier:
    """Builds rewards by spec on first use and judges chunks of completions with them (see the module docstring)."""

    def __init__(self, cores: int) -> None:
        os.environ[CORES_VAR] = str(cores)  # before any reward builds a pool: this process's budget is the node's
        self.cores = cores
        self._built: dict[str, Reward] = {}

    def _reward(self, spec: str, params: dict[str, Any]) -> Reward:
        key = f"{spec}|{sorted(params.items())!r}"
        if key not in self._built:
            from rewards.catalog import get

            reward = get(spec, **params)
            if not isinstance(reward, Reward):
                raise TypeError(f"reward {spec!r} is {type(reward).__name__}, not a rewards.Reward: an async "
                                "function reward cannot be judged remotely; keep it local")
            self._built[key] = reward
        return self._built[key]

    def describe(self, spec: str, params: dict[str, Any]) -> dict[str, Any]:
        """What the trainer's stand-in needs to look like this reward: name, columns, flags, and this actor's cores."""
        reward = self._reward(spec, params)
        return {"name": reward.__name__, "columns": tuple(reward.columns), "cacheable": reward.cacheable,
                "verifiable": reward.verifiable, "cores": self.cores}

    def judge(self, spec: str, params: dict[str, Any], completions: list[Any],
              kwargs: dict[str, Any]) -> list[Verdict | None]:
        """The verdicts of one chunk (`Reward.compute`: nothing is counted or logged here)."""
        return self._reward(spec, params).compute(completions, **kwargs)

    @ray.method(concurrency_group="calls")  # tool calls run side by side, one per slot, beside the chunks
    def sandbox_call(self, config: SandboxConfig, code: str, name: str, args: tuple[Any, ...]) -> CallResult:
        """Run ``name(*args)`` of ``code`` in a fresh job of this node's sandbox for ``config`` (a tool's call)."""
        with shared_sandbox(config).session() as session:
            return session.load_call(code, name, args, last=True)

    def sandbox_uids(self) -> list[int]:
        """The uids of every slot of every sandbox this process holds (so a test can see none outlives the node)."""
        uids = [uid for box in shared_sandboxes() for slot in box.slots for uid in (slot.uid, slot.job_uid)]
        return [uid for uid in uids if uid is not None]


def verifier(node_id: str, node_cpus: float) -> Any:
    """The shared verifier actor of node ``node_id`` (its handle), created there if no rank has yet."""
    cores = node_cores(node_cpus)
    # A group's size is fixed with the class (not an .options() field); ray's overloads omit the keyword.
    cls = ray.remote(concurrency_groups={"calls": cores})(NodeVerifier)  # type: ignore[call-overload]
    return cls.options(
        name=f"verifier-{node_id}", namespace=NAMESPACE, get_if_exists=True, num_cpus=0, max_restarts=0,
        max_concurrency=1, scheduling_strategy=NodeAffinitySchedulingStrategy(node_id, soft=False),
    ).remote(cores)
