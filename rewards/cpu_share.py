"""How many CPU cores one process may size its worker pools to, when several training processes share a machine.

Under ``accelerate launch`` or ``torchrun`` every rank builds its own reward workers (code sandbox slots, math
checker workers). Sized to the whole machine each, 8 ranks on one node would start 8 x cores sandbox slots and
fight the trainer for its CPUs. Both launchers export ``LOCAL_WORLD_SIZE`` (the processes on this machine), so a
process takes its share: the cores it may run on (its affinity mask, which a container or ``taskset`` narrows,
not ``os.cpu_count()``) divided by that count, at least one. A process given its budget outright in
``RLVR_KIT_CORES`` (the per-node verifier actor of `rewards.remote`, sized to its node) takes that instead.
"""

from __future__ import annotations

import os

__all__ = ["CORES_VAR", "local_processes", "usable_cores", "cores_per_process"]

CORES_VAR = "RLVR_KIT_CORES"  # an explicit core budget for this process, overriding the share


def local_processes() -> int:
    """Training processes on this machine: ``LOCAL_WORLD_SIZE`` as accelerate and torchrun set it, else 1."""
    value = os.environ.get("LOCAL_WORLD_SIZE", "")
    return int(value) if value.isdigit() and int(value) > 0 else 1


def usable_cores() -> int:
    """The CPU cores this process may run on (its affinity mask where the platform has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def cores_per_process() -> int:
    """This process's share of the machine's usable cores: ``RLVR_KIT_CORES`` if set, else `usable_cores` //
    `local_processes`, at least 1.

    >>> cores_per_process() >= 1
    True
    """
    given = os.environ.get(CORES_VAR, "")
    if given.isdigit() and int(given) > 0:
        return int(given)
    return max(1, usable_cores() // local_processes())
