"""Which Ray cluster, and which of its nodes verify: the only place `rewards.remote` reads the cluster's state."""

from __future__ import annotations

from typing import Any

import ray

from rewards.errors import RlvrError
from rewards.remote.actor import node_cores, verifier

VERIFY_RESOURCE = "rlvr_verify"  # nodes offering this custom resource verify; if no node offers it, every node does


def connect(address: str | None = None) -> None:
    """Join the cluster at ``address`` unless this process already has: ``None`` lets Ray choose, as ``ray.init``
    does (``RAY_ADDRESS``, then a cluster started on this machine, else a new local one)."""
    if not ray.is_initialized():
        ray.init(address=address, log_to_driver=False)


def verifying_nodes(resource: str | None = None) -> dict[str, float]:
    """node id -> Ray CPUs of every alive node that verifies: those offering ``resource`` (default
    `VERIFY_RESOURCE` if any node offers it), else every alive node with a CPU."""
    alive = [n for n in ray.nodes() if n.get("Alive")]
    wanted = resource or (VERIFY_RESOURCE if any(VERIFY_RESOURCE in n["Resources"] for n in alive) else None)
    if wanted is None:
        return {n["NodeID"]: n["Resources"]["CPU"] for n in alive if n["Resources"].get("CPU", 0) >= 1}
    return {n["NodeID"]: n["Resources"].get("CPU", 1.0) for n in alive if n["Resources"].get(wanted, 0) > 0}


def require_nodes(nodes: dict[str, float], what: str, resource: str | None) -> None:
    """Raise `RlvrError` when ``nodes`` is empty: no node can run ``what``."""
    if not nodes:
        which = f"offering resource {resource!r}" if resource else f"offering {VERIFY_RESOURCE!r} or a CPU"
        raise RlvrError(f"No alive Ray node can run {what}: the cluster has no node {which}. Start Ray "
                        "on the CPU nodes first (docs/distributed.md), or use placement='local'.")


def live_verifiers(known: dict[str, tuple[Any, int]], what: str, resource: str | None = None,
                   address: str | None = None) -> dict[str, tuple[Any, int]]:
    """node id -> (verifier handle, its cores) for every alive verifying node, reusing the handles in ``known``.

    Raises:
        RlvrError: no alive node verifies (``what`` names what needed one).
    """
    connect(address)
    nodes = verifying_nodes(resource)
    require_nodes(nodes, what, resource)
    return {node: known.get(node) or (verifier(node, cpus), node_cores(cpus)) for node, cpus in nodes.items()}
