"""The jobs' seccomp filter: a deny list of x86_64 system calls, built as classic BPF and installed with prctl.

Shipped into the sandbox with the worker (`rewards.sandbox.slot.WORKER_SOURCE`), so it uses the standard library only.
Calls are named here and numbered once, in `X86_64`; elsewhere than x86_64 there is no filter (the layer probe
reports seccomp missing).
"""

from __future__ import annotations

import ctypes
import platform
from collections.abc import Iterable

# x86_64 system call numbers (asm/unistd_64.h) of every call the filter names, and of those the worker makes itself.
X86_64 = {
    "mmap": 9, "ioctl": 16, "pipe": 22, "socketpair": 53, "sysinfo": 99, "io_setup": 206, "pipe2": 293,
    "memfd_create": 319, "memfd_secret": 447, "mincore": 27, "shmget": 29, "shmat": 30, "shmctl": 31, "socket": 41,
    "connect": 42, "accept": 43,
    "bind": 49, "listen": 50, "clone": 56, "kill": 62, "semget": 64, "semop": 65, "semctl": 66, "shmdt": 67,
    "msgget": 68, "msgsnd": 69, "msgrcv": 70, "msgctl": 71, "fcntl": 72, "flock": 73, "ptrace": 101, "syslog": 103,
    "rt_sigqueueinfo": 129, "personality": 135, "setpriority": 141, "sched_setparam": 142, "sched_setscheduler": 144,
    "pivot_root": 155, "chroot": 161, "acct": 163, "mount": 165, "umount2": 166, "swapon": 167, "swapoff": 168,
    "reboot": 169, "iopl": 172, "ioperm": 173, "init_module": 175, "delete_module": 176, "quotactl": 179,
    "readahead": 187, "tkill": 200, "sched_setaffinity": 203, "semtimedop": 220, "fadvise64": 221, "tgkill": 234,
    "mq_open": 240, "mq_unlink": 241, "mq_timedsend": 242, "mq_timedreceive": 243, "mq_notify": 244,
    "mq_getsetattr": 245, "kexec_load": 246, "add_key": 248, "request_key": 249, "keyctl": 250, "ioprio_set": 251,
    "ioprio_get": 252, "inotify_init": 253, "inotify_add_watch": 254, "migrate_pages": 256, "unshare": 272,
    "move_pages": 279, "accept4": 288, "inotify_init1": 294, "rt_tgsigqueueinfo": 297, "perf_event_open": 298,
    "fanotify_init": 300, "prlimit64": 302, "name_to_handle_at": 303, "open_by_handle_at": 304, "setns": 308,
    "process_vm_readv": 310, "process_vm_writev": 311, "kcmp": 312, "finit_module": 313, "sched_setattr": 314,
    "kexec_file_load": 320, "bpf": 321, "userfaultfd": 323, "pidfd_send_signal": 424, "io_uring_setup": 425,
    "io_uring_enter": 426, "io_uring_register": 427, "pidfd_open": 434, "clone3": 435, "pidfd_getfd": 438,
    "process_madvise": 440, "process_mrelease": 448, "cachestat": 451,
    # clocks, timers and what a job with its own clock may not do (PRIVATE_CLOCK)
    "timer_create": 222, "timer_settime": 223, "clock_gettime": 228, "clock_getres": 229, "clock_nanosleep": 230,
    "timerfd_settime": 286, "gettimeofday": 96, "time": 201, "times": 100, "adjtimex": 159, "clock_adjtime": 305,
    "futex": 202, "futex_waitv": 449, "prctl": 157, "arch_prctl": 158, "fork": 57, "vfork": 58, "execve": 59,
    "execveat": 322, "open": 2, "openat": 257, "openat2": 437, "creat": 85, "mkdir": 83, "mkdirat": 258,
    "mknod": 133, "mknodat": 259, "link": 86, "linkat": 265, "symlink": 88, "symlinkat": 266, "rename": 82,
    "renameat": 264, "renameat2": 316, "unlink": 87, "unlinkat": 263, "rmdir": 84, "truncate": 76, "ftruncate": 77,
    "fallocate": 285, "utime": 132, "utimes": 235, "utimensat": 280, "futimesat": 261, "chmod": 90, "fchmod": 91,
    "fchmodat": 268, "fchmodat2": 452, "chown": 92, "fchown": 93, "lchown": 94, "fchownat": 260, "setxattr": 188,
    "lsetxattr": 189, "fsetxattr": 190, "removexattr": 197, "lremovexattr": 198, "fremovexattr": 199, "fstat": 5,
    "newfstatat": 262, "statx": 332, "dup": 32, "dup2": 33, "dup3": 292, "setsockopt": 54, "futex_wait": 455,
    "getrusage": 98, "preadv2": 327, "pwritev2": 328, "setxattrat": 463, "removexattrat": 466,
    "stat": 4, "lstat": 6, "rt_sigaction": 13,
}

# Calls a job never needs: tracing, namespaces, mounts, kernel modules, keyrings, io_uring, IPC...
DENIED = (
    "ptrace", "mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "keyctl", "add_key", "request_key",
    "bpf", "perf_event_open", "userfaultfd", "kexec_load", "kexec_file_load", "init_module", "finit_module",
    "delete_module", "reboot", "swapon", "swapoff", "acct", "process_vm_readv", "process_vm_writev",
    "io_uring_setup", "io_uring_enter", "io_uring_register", "kcmp", "open_by_handle_at", "name_to_handle_at",
    "fanotify_init", "quotactl", "iopl", "ioperm", "personality", "connect", "bind", "listen", "accept", "accept4",
    "syslog",  # the host's kernel log
    # SysV shm/sem/msg and POSIX message queues: objects in the slot's IPC namespace outlive the job that made them,
    # so they would carry state (and charged memory) into the next completion on the slot.
    "shmget", "shmat", "shmctl", "semget", "semop", "semctl", "shmdt", "msgget", "msgsnd", "msgrcv", "msgctl",
    "semtimedop", "mq_open", "mq_unlink", "mq_timedsend", "mq_timedreceive", "mq_notify", "mq_getsetattr",
    # flock, inotify: every slot sees the same read-only system files, so a lock or a watch on one is a channel to
    # concurrent slots (and a view of the trainer's file opens). fcntl locks: FCNTL_DENIED.
    "flock", "inotify_init", "inotify_add_watch", "inotify_init1",
    # Read or evict the page cache of shared files (a channel between slots that needs no timing). getrusage too:
    # its block-input count says whether a read found the file cached (a file another completion read, on any slot:
    # 24 of 24 trials, red team round 3), and its fault counts the same for a mapping.
    "mincore", "fadvise64", "readahead", "cachestat", "getrusage",
    # Extended attributes outlive the job on what it shares with later ones (a script's stdout memfd carried a value
    # of any size to the next script, red team round 3); no honest program sets one.
    "setxattr", "lsetxattr", "fsetxattr", "removexattr", "lremovexattr", "fremovexattr", "setxattrat",
    "removexattrat",
    # Act on a process through a pidfd (a /proc directory is one), past the pid checks below.
    "pidfd_send_signal", "pidfd_getfd", "process_madvise", "process_mrelease",
)

NAMESPACE_FLAGS = 0x7E020000  # CLONE_NEW{NS,CGROUP,UTS,IPC,USER,PID,NET}: refused in clone's flags
# fcntl commands refused: record locks (F_GETLK/SETLK/SETLKW, OFD), leases, dnotify (F_NOTIFY), F_SETOWN(_EX)
# (SIGIO to any process of the job's uid, which includes its worker).
# F_SETSIG (10): the signal an open file description sends, which outlived the job on descriptions it shared.
FCNTL_DENIED = (5, 6, 7, 36, 37, 38, 1024, 1025, 1026, 8, 15, 10)
IOCTL_DENIED = (0x8901, 0x8902)  # FIOSETOWN, SIOCSPGRP: F_SETOWN by another name
# Calls that act on a process given by its pid: a job may aim them at itself (pid 0) only, as (argument, allowed
# values) checks. Jobs run under another uid than their worker, which stops these already; this also holds where
# slot uids are missing (weak mode).
SELF_ONLY = {
    "prlimit64": ((0, (0,)),),
    "setpriority": ((0, (0,)), (1, (0,))),  # PRIO_PROCESS, 0: not PRIO_USER (every process of the uid)
    "sched_setaffinity": ((0, (0,)),), "sched_setscheduler": ((0, (0,)),), "sched_setparam": ((0, (0,)),),
    "sched_setattr": ((0, (0,)),),
    "ioprio_set": ((0, (1,)), (1, (0,))),  # IOPRIO_WHO_PROCESS, 0
    "migrate_pages": ((0, (0,)),), "move_pages": ((0, (0,)),),
}
# Signals, refused towards the protected pids only (a rule of the second layer, see `programs`).
SIGNALS = ("kill", "tkill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo")
# Calls that hand out an inode numbered from a host-wide counter (pipes, sockets, kernel AIO rings and secret memory
# take get_next_ino's, handed out per CPU; memfds the kernel shmem mount's; pidfds a process's pidfs number), or read
# the host's (sysinfo: process count, free memory, load). A job pinned to a CPU set a dozen bits of get_next_ino that
# the next job, on any slot, read back exactly (issue 25); a job's /proc, whose entries take get_next_ino numbers
# too, is gone (counters.py). COUNTERS: in the base layer; ZYGOTE_COUNTERS: the zygote makes those itself (a
# socketpair and a pidfd per job), so they are refused in each job's own layer.
COUNTERS = ("pipe", "pipe2", "socket", "memfd_create", "memfd_secret", "io_setup", "sysinfo")
ZYGOTE_COUNTERS = ("socketpair", "pidfd_open")
CLONE_PIDFD = 0x1000  # a pidfd, from clone's flags
# mmap(MAP_SHARED | MAP_ANONYMOUS): every such mapping takes an inode number of the kernel's shmem mount (the
# memfds' counter). /dev/zero, whose shared mappings do the same, is masked in the slot (layers.py).
SHARED_ANONYMOUS = 0x21
# preadv2/pwritev2 with RWF_NOWAIT fail with EAGAIN where the data is not in the page cache: a residency probe.
RWF_NOWAIT = 0x8

# Calls that take a clock id: of the CPU clocks a job may name its own only (and its threads', which the kernel
# keeps to the caller's thread group). A process CPU clock of another pid read its worker's and zygote's CPU time,
# which every session moves (by what its job makes them relay and tear down): a counter the next job reads.
CLOCK_ID_CALLS = ("timer_create", "clock_gettime", "clock_getres", "clock_nanosleep")

# With `private_clock` (clocks), each job's own layer also refuses every other way to the real time:
# the real clocks by system call, absolute deadlines (a sleep, timer or futex wait to a chosen moment returns at once
# or not, which probes the clock), the vDSO back (exec, ARCH_MAP_VDSO_*), rdtsc back (PR_SET_TSC), and the kernel's
# time stamps: files it would make or change, fstat of its stdin and stdout (memfds the worker and the job write),
# socket receive stamps; and threads and processes, which would restart the slot at a moment it chose. With a stat
# gate (`statgate`, where the kernel can seal it) files are allowed, their times rewritten: GATED calls
# only from the gate, every other stat call refused, no signal handler of the job's own.
REAL_CLOCK_IDS = (0, 1, 4, 5, 6, 7, 8, 9, 10, 11)  # realtime, monotonic, raw, coarse, boottime, alarms, TAI
ABSOLUTE_FLAG_CALLS = ("clock_nanosleep", "timer_settime", "timerfd_settime")  # TIMER_ABSTIME in argument 1
FUTEX_ABSOLUTE_OPS = (6, 9, 11, 13)  # LOCK_PI, WAIT_BITSET, WAIT_REQUEUE_PI, LOCK_PI2: their timeouts are absolute
# (futex_waitv and futex_wait, Linux 6.7's, take absolute timeouts too: refused when one is given)
WRITE_OPEN_FLAGS = 0x243  # O_WRONLY | O_RDWR | O_CREAT | O_TRUNC
FILE_CHANGES = ("openat2", "creat", "mkdir", "mkdirat", "mknod", "mknodat", "link", "linkat", "symlink", "symlinkat",
                "rename", "renameat", "renameat2", "unlink", "unlinkat", "rmdir", "truncate", "ftruncate",
                "fallocate", "utime", "utimes", "utimensat", "futimesat", "chmod", "fchmod", "fchmodat",
                "fchmodat2", "chown", "fchown", "lchown", "fchownat", "setxattr", "lsetxattr", "fsetxattr",
                "removexattr", "lremovexattr", "fremovexattr")
PRIVATE_CLOCK_DENIED = ("gettimeofday", "time", "times", "adjtimex", "clock_adjtime", "fork", "vfork", "clone",
                        "execve", "execveat", "setsockopt", *FILE_CHANGES)
STDIO_FD_CALLS = ("fstat", "newfstatat", "statx", "dup", "dup2", "dup3")  # refused on fds 0 and 1
GATED = ("fstat", "newfstatat")  # allowed from their gate's syscall instruction only, else trapped (SIGSYS)
UNGATED = ("stat", "lstat", "statx")  # ENOSYS: glibc uses newfstatat for stat and lstat, statx callers fall back
F_DUPFD, F_DUPFD_CLOEXEC, ARCH_MAP_VDSO = 0, 1030, (0x2001, 0x2002, 0x2003)
SIOCGSTAMP = (0x8906, 0x8907, 0x80108906, 0x80108907)  # SIOCGSTAMP(NS), _OLD and _NEW forms

AUDIT_ARCH_X86_64, X32_SYSCALL_BIT = 0xC000003E, 0x40000000
ALLOW, TRAP, EPERM, ENOSYS, KILL_PROCESS = 0x7FFF0000, 0x00030000, 0x00050000 | 1, 0x00050000 | 38, 0x80000000
LD, JEQ, JGE, JSET, RET, AND = 0x20, 0x15, 0x35, 0x45, 0x06, 0x54  # BPF_LD|W|ABS, BPF_JMP|JEQ|K, ..., BPF_ALU|AND|K
NR, ARCH, IP = 0, 4, 8  # offsets in struct seccomp_data
PR_SET_SECCOMP, SECCOMP_MODE_FILTER, PR_SET_NO_NEW_PRIVS = 22, 2, 38

Rule = list[tuple[int, int, int, int]]


class _Filter(ctypes.Structure):
    _fields_ = [("code", ctypes.c_ushort), ("jt", ctypes.c_ubyte), ("jf", ctypes.c_ubyte), ("k", ctypes.c_uint)]


class _Program(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(_Filter))]


def _arg(i: int) -> int:
    return 16 + 8 * i  # the low word of argument i: pid_t and int arguments are read from it alone by the kernel


def _allow_only(checks: Iterable[tuple[int, tuple[int, ...]]]) -> Rule:
    """BPF body: allow when every argument ``i`` of ``checks`` is one of its values, else EPERM."""
    body: Rule = []
    for i, values in checks:
        body.append((LD, 0, 0, _arg(i)))
        body += [(JEQ, len(values) - j, 0, v & 0xFFFFFFFF) for j, v in enumerate(values)]
        body.append((RET, 0, 0, EPERM))
    return body + [(RET, 0, 0, ALLOW)]


def _deny_when(i: int, values: tuple[int, ...]) -> Rule:
    """BPF body: EPERM when argument ``i`` is one of ``values``, else allow."""
    body = [(LD, 0, 0, _arg(i))] + [(JEQ, len(values) - j, 0, v & 0xFFFFFFFF) for j, v in enumerate(values)]
    return body + [(RET, 0, 0, ALLOW), (RET, 0, 0, EPERM)]


def _own_cpu_clocks() -> Rule:
    """BPF body: allow a clock id that is not negative, a thread's CPU clock, or this process's, else EPERM."""
    return [(LD, 0, 0, _arg(0)), (JGE, 0, 3, 0x80000000), (JSET, 2, 0, 4), (JGE, 1, 0, 0xFFFFFFF8),
            (RET, 0, 0, EPERM), (RET, 0, 0, ALLOW)]


def _flag_set(i: int, flag: int) -> Rule:
    """BPF body: EPERM when argument ``i`` has a bit of ``flag``, else allow."""
    return [(LD, 0, 0, _arg(i)), (JSET, 0, 1, flag), (RET, 0, 0, EPERM), (RET, 0, 0, ALLOW)]


def _pointer_given(i: int) -> Rule:
    """BPF body: EPERM when the 64-bit argument ``i`` is not NULL, else allow."""
    return [(LD, 0, 0, _arg(i)), (JEQ, 0, 2, 0), (LD, 0, 0, _arg(i) + 4), (JEQ, 1, 0, 0), (RET, 0, 0, EPERM),
            (RET, 0, 0, ALLOW)]


def _from(ip: int) -> Rule:
    """BPF body: allow when the call's instruction pointer (after its ``syscall``) is ``ip``, else trap."""
    return [(LD, 0, 0, IP), (JEQ, 0, 3, ip & 0xFFFFFFFF), (LD, 0, 0, IP + 4), (JEQ, 0, 1, ip >> 32),
            (RET, 0, 0, ALLOW), (RET, 0, 0, TRAP)]


def _private_clock_rules(nr: dict[str, int], gate: tuple[int, int] | None = None) -> dict[int, Rule]:
    """The rules a job with its own clock adds to its layer (see `PRIVATE_CLOCK_DENIED`); ``gate``: the stat gate's
    (fstat, newfstatat) instruction pointers, which give files back (their times rewritten)."""
    futex = [(LD, 0, 0, _arg(1)), (AND, 0, 0, 0x7F)]
    timeout = _pointer_given(3)  # the ops' own jumps land on its first instruction, or past it on its last (allow)
    futex += [(JEQ, len(FUTEX_ABSOLUTE_OPS) - 1 - j, 0 if j + 1 < len(FUTEX_ABSOLUTE_OPS) else len(timeout) - 1, op)
              for j, op in enumerate(FUTEX_ABSOLUTE_OPS)]
    futex += timeout
    allowed = FILE_CHANGES if gate is not None else ()  # their times are rewritten
    rules = {nr[name]: [(RET, 0, 0, EPERM)] for name in PRIVATE_CLOCK_DENIED if name not in allowed}
    rules.update({nr[name]: _flag_set(1, 1) for name in ABSOLUTE_FLAG_CALLS})
    rules.update({
        nr["clock_gettime"]: _deny_when(0, REAL_CLOCK_IDS), nr["futex"]: futex,
        nr["futex_waitv"]: _pointer_given(3), nr["futex_wait"]: _pointer_given(4),
        nr["ioctl"]: _deny_when(1, SIOCGSTAMP),
        nr["prctl"]: _deny_when(0, (26,)),  # PR_SET_TSC: rdtsc back
        nr["arch_prctl"]: _deny_when(0, ARCH_MAP_VDSO)})
    if gate is not None:
        rules.update({nr[name]: _from(ip) for name, ip in zip(GATED, gate)})
        rules.update({nr[name]: [(RET, 0, 0, ENOSYS)] for name in UNGATED})
        rules[nr["rt_sigaction"]] = _pointer_given(1)  # a handler could read a buffer before the gate's fix-up
        return rules
    dupfd = [(LD, 0, 0, _arg(0)), (JGE, 4, 0, 2), (LD, 0, 0, _arg(1)), (JEQ, 1, 0, F_DUPFD),
             (JEQ, 0, 1, F_DUPFD_CLOEXEC), (RET, 0, 0, EPERM), (RET, 0, 0, ALLOW)]
    rules.update({nr[name]: _deny_when(0, (0, 1)) for name in STDIO_FD_CALLS})
    rules.update({nr["fcntl"]: dupfd, nr["open"]: _flag_set(1, WRITE_OPEN_FLAGS),
                  nr["openat"]: _flag_set(2, WRITE_OPEN_FLAGS)})
    return rules


def programs(protected: Iterable[int] = (), private_clock: bool = False,
             gate: tuple[int, int] | None = None) -> tuple[object, object]:
    """The jobs' deny-list BPF filter for x86_64 as two stacked layers (built once per worker), (None, None)
    elsewhere: the base, which the zygote installs in itself once so that every job inherits it, and the rules on
    signals, pidfds and socketpairs, which each job adds (the zygote could not live under them: it kills the jobs'
    processes with ``kill(-1)`` and pidfds, and makes each job's socketpair). A job's calls pass both; installing the
    short one costs a job about half of what installing the whole filter did (the kernel checks, JIT-compiles and
    emulates a filter per syscall number).

    ``protected``: pids no signal of a job may reach (its worker, its process group, the sandbox's init, -1).
    ``private_clock``: each job's layer also refuses every way to the real time (`_private_clock_rules`); ``gate``:
    the (fstat, newfstatat) instruction pointers of the stat gate (`statgate`), which gives jobs files.
    """
    if platform.machine() != "x86_64":
        return None, None
    nr, protected = X86_64, tuple(protected)
    base = {nr[name]: [(RET, 0, 0, EPERM)] for name in (*DENIED, *COUNTERS) if name != "pidfd_send_signal"}
    base.update({
        nr["clone"]: [(LD, 0, 0, _arg(0)), (JSET, 0, 1, NAMESPACE_FLAGS | CLONE_PIDFD), (RET, 0, 0, EPERM),
                      (RET, 0, 0, ALLOW)],
        nr["mmap"]: [(LD, 0, 0, _arg(3)), (AND, 0, 0, SHARED_ANONYMOUS), (JEQ, 0, 1, SHARED_ANONYMOUS),
                     (RET, 0, 0, EPERM), (RET, 0, 0, ALLOW)],
        nr["fcntl"]: _deny_when(1, FCNTL_DENIED),
        **{nr[name]: _flag_set(5, RWF_NOWAIT) for name in ("preadv2", "pwritev2")},
        nr["ioctl"]: _deny_when(1, IOCTL_DENIED),
        **{nr[name]: _allow_only(checks) for name, checks in SELF_ONLY.items()},
        **{nr[name]: _own_cpu_clocks() for name in CLOCK_ID_CALLS}})
    signals = _private_clock_rules(nr, gate) if private_clock else {}
    signals.update({nr[name]: [(RET, 0, 0, EPERM)] for name in ("pidfd_send_signal", *ZYGOTE_COUNTERS)})
    signals.update({nr[name]: _deny_when(0, protected) for name in SIGNALS if protected})
    return _compile(base), _compile(signals)


def _compile(rules: dict[int, Rule]) -> tuple[object, _Program]:
    """A filter program: the architecture and ABI checks, then each syscall number's rule, else allow."""
    prog = [(LD, 0, 0, ARCH), (JEQ, 1, 0, AUDIT_ARCH_X86_64), (RET, 0, 0, KILL_PROCESS), (LD, 0, 0, NR),
            (JGE, 0, 1, X32_SYSCALL_BIT), (RET, 0, 0, EPERM),
            (JEQ, 0, 1, X86_64["clone3"]), (RET, 0, 0, ENOSYS)]  # clone3's flags are out of reach: glibc falls back
    for number, body in rules.items():
        prog += [(JEQ, 0, len(body), number), *body]  # a body always returns, so the next rule still sees the number
    prog.append((RET, 0, 0, ALLOW))
    filters = (_Filter * len(prog))(*[_Filter(*ins) for ins in prog])
    return filters, _Program(len(prog), filters)


def install(program: tuple[object, _Program] | None, libc: ctypes.CDLL) -> bool:
    """Install ``program`` (from `programs`) in this process; False where the kernel refuses."""
    if program is None:
        return False
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, None, 0, 0) != 0:
        return False
    return libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(program[1]), 0, 0) == 0
