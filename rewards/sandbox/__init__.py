"""The code sandbox: untrusted code runs in isolated, pre-started worker slots, and only data comes back.

What ``code_tests``, the ``python`` tool and the Ray verifier use, and what another backend (a container, a remote
service) would implement:

- `SandboxConfig`: limits, layers and the profile (``private_clock=True`` is the strict one: docs/sandbox.md).
- `Sandbox` / `shared_sandbox`: a pool of slots; ``with box.session(jobs=n) as s`` lends one slot to one completion.
- `Session`: ``load(code, names)``, ``call(name, args, kwargs)``, ``use(handle, do, ...)``, ``load_call``,
  ``run_script(code, stdin)``; each gives a `CallResult` (data decoded strictly on this side, never the job's
  verdict). `SandboxResult` is what a reward makes of a completion's results; `encode`: plain data in the wire form
  a request carries (a value a test's mock gives, `rewards.code.patches`).
- `RemoteObject`, `CandidateError`, `failure`: what tests see of the job's objects and of its failures;
  `FORWARDED_NAMES`: the only dunders a test's read of the completion's function or object forwards (its name).
- `CALL_MARGIN_S`: how far past its deadline a call may end, teardown included (a tool's time bound);
  `MAX_JOBS`: the most job processes a session may declare; `shared_sandboxes`: the pools this process holds.
- `self_check`: the conformance check every backend must pass (`rewards.sandbox.conformance`).

Layout: ``config`` (`SandboxConfig`, `SandboxResult`), ``local`` (the local backend: bubblewrap, seccomp,
cgroups; its pool of slots), ``session`` (one completion's use of a slot), ``writeback`` (arguments as a call left
them), ``slot`` (one worker process), ``layers`` (probing the host, bubblewrap's argv), ``wire`` (the strict reader
of answers), ``handles`` (`RemoteObject`), ``conformance``, and ``inside/``: what runs in the jail, shipped as
source, standard library only.
Each isolation layer is in one place, with the threat it answers and the tests that attack it: `LAYERS`.
"""

from __future__ import annotations

from typing import NamedTuple

from rewards.errors import SandboxError
from rewards.sandbox.config import SandboxConfig, SandboxResult
from rewards.sandbox.conformance import self_check
from rewards.sandbox.handles import (
    FORWARDED_NAMES,
    CandidateError,
    RemoteObject,
    completion_exception,
    failure,
    next_with_default,
)
from rewards.sandbox.inside.counters import MAX_JOBS
from rewards.sandbox.local import CALL_MARGIN_S, MARGIN_S, Sandbox, shared_sandbox, shared_sandboxes
from rewards.sandbox.session import PlannedCall, Session
from rewards.sandbox.wire import CallResult, encode

__all__ = ["CALL_MARGIN_S", "FORWARDED_NAMES", "LAYERS", "MARGIN_S", "MAX_JOBS", "CallResult", "CandidateError",
           "Layer", "PlannedCall", "RemoteObject", "Sandbox", "SandboxConfig", "SandboxError", "SandboxResult",
           "Session", "completion_exception", "encode", "failure", "next_with_default", "self_check", "shared_sandbox",
           "shared_sandboxes"]


class Layer(NamedTuple):
    """One isolation layer: where it lives (a module of this package), what it stops, and the tests that attack it
    (`tests/test_layers.py` checks that both exist)."""

    name: str
    module: str
    threat: str
    tests: tuple[str, ...]


_T = "tests/rewards/code/"
LAYERS = (
    Layer("namespaces", "rewards.sandbox.layers", "host files, the network, other processes: bubblewrap's mount, "
          "network, pid, IPC and UTS namespaces, a private scratch", (_T + "test_sandbox_attacks.py",)),
    Layer("slot uids", "rewards.sandbox.local", "a job acting on its worker or another slot: two non-root uids per "
          "slot, one the worker's, one its jobs'", (_T + "test_worker_attacks.py",)),
    Layer("cgroups", "rewards.sandbox.layers", "fork bombs, memory, starving the trainer: pids, memory and CPU "
          "quota per slot", (_T + "test_sandbox_attacks.py",)),
    Layer("seccomp", "rewards.sandbox.inside.seccomp", "the kernel's surface, host-wide counters, locks, signals to "
          "the worker: a filter per job", (_T + "test_sandbox_attacks_measured.py", _T + "test_counter_channels.py")),
    Layer("rlimits", "rewards.sandbox.inside.zygote", "CPU, address space, files and processes of one job",
          (_T + "test_deadline_attacks.py",)),
    Layer("zygote", "rewards.sandbox.inside.zygote", "a job reading what an earlier one left in memory: jobs are "
          "forked by a process that never handles their data", (_T + "test_shared_state.py", _T + "test_spare_job.py")),
    Layer("deadlines", "rewards.sandbox.inside.worker", "hangs, and verdicts that depend on load: a CPU-time budget "
          "per call with a wall-clock backstop", (_T + "test_cpu_budget.py", _T + "test_deadline_attacks.py")),
    Layer("counters", "rewards.sandbox.inside.counters", "what one completion sets for the next to read (next pid, "
          "inode numbers)", (_T + "test_counter_channels.py",)),
    Layer("strict decoding", "rewards.sandbox.wire", "forged verdicts and trusted-side stalls: answers rebuilt from "
          "checked parts, bounded in work, bytes and time", (_T + "test_trusted_cost_attacks.py",
                                                              _T + "test_transport_attacks.py")),
    Layer("handles", "rewards.sandbox.handles", "objects deciding a test's comparison with what it expects",
          (_T + "test_handle_attacks.py", _T + "test_sandbox_handles.py")),
    Layer("private clock (strict)", "rewards.sandbox.inside.clocks", "the timing channel between completions",
          (_T + "test_private_clock.py", _T + "test_learned_key.py")),
    Layer("stat gate (strict)", "rewards.sandbox.inside.statgate", "file times that read the real clock under a "
          "private one", (_T + "test_stat_gate.py",)),
)
