"""What a sandbox is asked to be, and what a reward makes of one completion's tests: `SandboxConfig` (limits,
layers, the profile) and `SandboxResult`. Every backend takes the same config (`rewards.sandbox.conformance`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["COMPLETION_WALL_FACTOR", "WALL_FACTOR", "SandboxConfig", "SandboxResult"]

# A call's budget is call_timeout seconds of its job's CPU time (its processes and their children), so that a verdict
# does not change with the host's load; a job that sleeps, blocks or only waits for the CPU is still cut off after
# WALL_FACTOR x call_timeout of wall time (never past its completion's deadline).
WALL_FACTOR = 3.0
# A completion's budget is completion_timeout seconds of CPU time (the trusted test thread's and its jobs'), counted
# once its wall time nears it, so that a test making thousands of calls does not fail on a busy host; a completion
# that sleeps, blocks or only waits is still cut off after COMPLETION_WALL_FACTOR x completion_timeout of wall time.
COMPLETION_WALL_FACTOR = 2.0


@dataclass(frozen=True)
class SandboxConfig:
    """Limits and layers of a `Sandbox` (frozen: it is the key of the shared sandbox cache).

    Attributes:
        slots: worker processes, one job each at a time (default: one per CPU core of this process's share of
            the machine, `rewards.cpu_share.cores_per_process`: ranks on one machine share its cores).
        call_timeout: CPU seconds of its job for one test (a function call or one stdin/stdout run), counted over the
            job's processes and their children, so that a verdict does not change with the host's load; a test
            that sleeps or blocks is cut off after `WALL_FACTOR` (3) x this of wall time, and every test by the
            completion's deadline.
        completion_timeout: CPU seconds for all tests of one completion (the trusted test thread's and the module
            jobs'; a script job counts its wall time), so that a test making thousands of calls into the sandbox
            passes on a busy host as on an idle one; a completion that sleeps, blocks or waits is cut off after
            `COMPLETION_WALL_FACTOR` (2) x this of wall time.
        cpu_seconds / memory_bytes / file_bytes / open_files / processes: rlimits of every job.
        output_bytes: largest answer (returned value or stdout) accepted from a job, and from one iteration over
            a remote object.
        max_handles: objects one job may hold for the tests (answers that are not plain data).
        max_items: items one iteration over a remote object may give (and the largest ``len()`` it may report).
        completion_bytes: answers one completion's calls may bring in all, each charged the larger of its wire
            size and what decoding it builds here (what its tests may hold on this side); an answer that would pass
            it is refused, and a call past it fails without asking the job.
        scratch_bytes: size of the private tmpfs at /tmp.
        fresh_slots: restart a slot (in the background) after every completion, so that not even the zygote's
            heap (a few bits) reaches the next one; about 0.3 s of slot time per completion. The counters a job
            can move are kept per completion without it (`inside.counters`); the restart's moment, stamped
            in the new slot's files, is a timing channel either way.
        private_clock: the strict profile (docs/sandbox.md, "Profiles"): give every job a clock of its own
            (`inside.clocks`: it starts at its fork, runs on its CPU time, dates from 2026-01-01), so that no
            completion learns when the one before it ended, the timing channel between completions. Jobs then
            cannot start threads or processes, wait for an absolute deadline, or start more jobs than their session
            declared (`Sandbox.session`); every file time they read is the clock's date (`inside.statgate`;
            on a kernel without ``mseal``, before Linux 6.10, they cannot write files). That costs honest code
            (threads, pools, assert lists judged ~5x slower), so it is off by default. It needs every layer that
            hides /proc from jobs (x86_64 seccomp, bubblewrap, a root trusted process), and is not combined with
            ``fresh_slots`` (each restart stamps the next completion's files with the moment the last one ended).
            False (the default): jobs read the real time; True: the sandbox refuses to start without it; None: on
            wherever the host allows it (logged where it does not).
        slot_cpus: CPU cores the processes of one slot share (a cgroup quota, where the cpu controller is offered;
            0 for none): a job's busy children cannot starve the trainer.
        allow_weak: start even where a layer is missing (logged as a warning) instead of raising.
        hide: extra host directories to mask inside the sandbox (datasets, caches).
        bwrap: the bubblewrap executable.
        prelude: trusted Python source each slot runs once at start, outside any job (no seccomp or job
            rlimits: never model code); every loaded job starts in a fresh copy of its namespace, so a tool's
            fixed runner (`envs.tools.python.RUNNER`) is not compiled again per job. Empty: nothing.
        numpy_zygote: keep a second zygote per slot that has numpy imported (`inside.zygote.NUMPY_OPS`, started at
            the first job that asks for it: a session whose `Session.numpy` is set), so that code importing numpy
            does not pay the import in every job (~25 ms of CPU) while other jobs do not pay for numpy in every fork.
            Its jobs have the same uid, limits and seccomp layers. Each module session's budget then counts the
            spare job forked before it, used or not (one pid more, taken as a thread start when unused), so the next
            pid does not tell which zygote served it.
    """

    slots: int | None = None
    call_timeout: float = 3.0
    completion_timeout: float = 15.0
    cpu_seconds: int = 10
    memory_bytes: int = 1 << 30
    file_bytes: int = 16 << 20
    open_files: int = 64
    processes: int = 16
    output_bytes: int = 4 << 20
    max_handles: int = 10_000
    max_items: int = 1 << 20
    completion_bytes: int = 64 << 20
    scratch_bytes: int = 64 << 20
    slot_cpus: float = 1.0
    fresh_slots: bool = False
    private_clock: bool | None = False
    allow_weak: bool = False
    hide: tuple[str, ...] = ()
    bwrap: str = "bwrap"
    prelude: str = ""
    numpy_zygote: bool = False


@dataclass(frozen=True)
class SandboxResult:
    """How one completion did on its tests, every field decided on the trusted side.

    ``passed`` of ``total`` tests passed; ``timed_out``/``memory_exceeded`` say whether any test hit a deadline or
    the memory limit; ``error`` is the first failure's reason ("" when all passed). ``score`` is the pass fraction.
    ``lost``: the slot's worker was killed from outside the slot during the run (`CallResult.lost`), so the tests
    were not all run and the completion is not judged.

    Not isolated (see the module docstring): timing between completions (start and restart times, unless
    ``private_clock``), the zygote's
    heap drift (unless ``fresh_slots``), timing and cache side channels, kernel exploits,
    world-readable files under the read-only system and Python directories, CPU and memory bandwidth within the
    limits, and the trusted test code itself, which runs in the caller's threads with only a cooperative deadline.
    """

    passed: int
    total: int
    timed_out: bool = False
    memory_exceeded: bool = False
    error: str = ""
    lost: bool = False

    @property
    def score(self) -> float:
        """Fraction of tests passed (0.0 when there were none)."""
        return self.passed / self.total if self.total else 0.0
