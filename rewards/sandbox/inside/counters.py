"""The counters of a slot that a job could move and a later job read, kept to what the zygote itself did.

Shipped into the sandbox with the worker (`rewards.sandbox.slot.WORKER_SOURCE`), so it uses the standard library only.
Host-wide counters (inode numbers of pipes, sockets, memfds, pidfds) are out of every job's reach by its seccomp
layer (`seccomp.COUNTER_CALLS`); what is left is the slot's own: its pid namespace's next pid, its
scratch tmpfs's next inode number and times, and /proc, which the jobs do not get at all (`without_proc`).
"""

from __future__ import annotations

import ctypes
import os

from rewards.sandbox.inside.clocks import EPOCH
from rewards.sandbox.inside.statgate import ST_ATIME, ST_INO, ST_MTIME, ST_NLINK, ST_SIZE, stat_fields

# Pids a clean session takes when the trusted side declared no budget: its module job (the spare), or up to
# SCRIPT_PIDS script jobs. The zygote takes those it did not; a session that took more leaves the slot to restart.
MODULE_PIDS, SCRIPT_PIDS = 1, 16
MAX_JOBS = 4096  # the largest budget a session may declare (`Session` jobs)
PID_CEILING = 30000  # below the smallest pid_max: a slot this far along restarts rather than wrap its pids around
CLONE_NEWNS, MS_REC, MS_PRIVATE, MNT_DETACH = 0x00020000, 0x4000, 0x40000, 2
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT, MS_NOATIME, MS_BIND = 1, 2, 4, 8, 32, 1024, 4096
MOUNT_FLAGS = {"ro": MS_RDONLY, "nosuid": MS_NOSUID, "nodev": MS_NODEV, "noexec": MS_NOEXEC}


def without_proc(strict=False, scratch=None):
    """Move this process (the zygote, still root) into a mount namespace of its own without /proc, which every job
    it forks inherits (the worker keeps its /proc); return an fd on the slot's ns_last_pid, opened before.

    In it, no mount updates access times (`no_access_times`: a listing or a readlink stamped the real time on the
    slot's tmpfs directories, and listing the scratch restarted the slot at a moment the job chose), and /dev/pts
    is gone (opening /dev/ptmx made a pty stamped with the real time). ``strict`` (`private_clock`): a mount whose
    access times stay on is an error.

    A job's /proc told it what the previous job did: its own start time (the spare is forked right after the
    previous teardown, at a time that job chose by ending), its scheduler entry (vruntime: the CPU time the slot
    used), and each entry it looked up took an inode number from the host-wide counter of pipes and sockets, which
    a job moved by looking entries up and read back with stat(); /proc/loadavg and /proc/stat count the host's
    processes. Raises OSError where this process may not make a mount namespace.

    ``scratch``: its access and modification times are set to a fixed date (2026-01-01), so that `Counters` can
    tell them changed without keeping any real time: the slot's restart stamped them with its moment, which a
    completion that made the slot restart chose, and every job reads the zygote's memory (issue 37).
    """
    libc = ctypes.CDLL(None, use_errno=True)
    last_pid = os.open("/proc/sys/kernel/ns_last_pid", os.O_RDONLY)
    if libc.unshare(CLONE_NEWNS) != 0:
        raise OSError(ctypes.get_errno(), "unshare(CLONE_NEWNS)")
    libc.mount(None, b"/", None, MS_REC | MS_PRIVATE, None)  # nothing done here propagates back to the worker's
    libc.umount2(b"/dev/pts", MNT_DETACH)  # bwrap's own devpts; /dev/ptmx, a link into it, then opens nothing
    kept = no_access_times(libc)
    if strict and kept:
        raise OSError(f"access times still on for {kept}")
    if libc.umount2(b"/proc", MNT_DETACH) != 0:
        raise OSError(ctypes.get_errno(), "umount2(/proc)")
    if scratch is not None:
        os.utime(scratch, ns=(EPOCH * 10**9, EPOCH * 10**9))
    return last_pid


def no_access_times(libc):
    """Remount every mount of this namespace ``noatime``, keeping its other flags; the mount points that refused."""
    with open("/proc/self/mountinfo") as f:
        mounts = [line.split() for line in f]
    refused = []
    for fields in mounts:
        point = fields[4].encode().decode("unicode_escape").encode("latin-1")  # mountinfo escapes spaces as \040
        flags = sum(MOUNT_FLAGS.get(option, 0) for option in fields[5].split(","))
        if fields[5].split(",").count("noatime") == 0 and libc.mount(
                None, point, None, MS_REMOUNT | MS_BIND | MS_NOATIME | flags, None) != 0:
            refused.append(point.decode(errors="replace"))
    return refused


class Counters:
    """The slot's next pid (every process and thread takes one; a job set 15 bits of it per completion) and its
    scratch tmpfs's next inode number and times (every file a job makes takes a number: 18 bits), kept so that
    the next job's reading says how many sessions of each kind ran on the slot, never what one of them did.

    A session that moved them beyond the zygote's own forks (a job started a process or a thread, or made,
    removed or touched anything in the scratch), or that took more forks than its budget, is not clean: the slot
    restarts with fresh counters. The budget is the number of jobs the trusted side declared for the session (its
    workload's, never the completion's: `code_tests` declares a script per input and a job per assert, up to 8, so a
    job that died and was loaded again stays within it), plus one for a spare a script session found, or by default
    its kind's (`MODULE_PIDS`, `SCRIPT_PIDS`). Otherwise the zygote takes the rest of the budget before its next
    fork (thread starts: none for a module session that used only its spare), so the next job's pid counts the
    budgets of the sessions before it.
    """

    def __init__(self, last_pid_fd, scratch, spare_counted=False):
        self.fd, self.scratch = last_pid_fd, scratch
        self.base = self.mark = self._last_pid()  # where the session's pids start; the last pid the zygote took
        self.burn, self.scripts, self.moved, self.settled_once = 0, False, False, False
        # Where the numpy template may fork a module session's job in place of the spare (whether it does is the
        # completion's code: never what the next pid may tell), the spare forked before the session counts in its
        # budget, used or not.
        self.spare_counted, self.spare = spare_counted, False
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.libc.pthread_create.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        self.libc.pthread_join.argtypes = [ctypes.c_ulong, ctypes.c_void_p]
        self.thread = ctypes.c_ulong()
        self.routine = ctypes.cast(self.libc.getpid, ctypes.c_void_p)  # a thread's whole life: getpid(), return
        self.inode, self.stamp = self._new_inode(), self._stamp()

    def _last_pid(self):
        return int(os.pread(self.fd, 32, 0))

    def _new_inode(self):
        fd = os.open(self.scratch, os.O_TMPFILE | os.O_WRONLY, 0o600)  # takes a number, names nothing
        try:
            return stat_fields(fd, ST_INO)[0]  # not os.fstat: its times (now, a teardown's moment) would stay in memory
        finally:
            os.close(fd)

    def _stamp(self):
        """The scratch's size, links, and access and modification times (set to 2026-01-01 at the slot's start,
        `without_proc`: any change a job can make to the directory moves one of them). Not its change time, which
        is the moment of the slot's start: every job reads this process's memory (issue 37), so no real time is
        kept here, nor read into a Python object (`stat_fields`)."""
        return stat_fields(self.scratch, (ST_SIZE, ST_NLINK, ST_MTIME, ST_MTIME + 8, ST_ATIME, ST_ATIME + 8))

    def before_fork(self):
        """Take the pids the last clean session left of its budget: one thread at a time, so that this process's
        memory (glibc keeps the stacks of ended threads) looks the same after one as after fifteen. A thread of C
        only (it returns at once): a Python thread's start cost twice the CPU (117 against 49 us on the dev VM)."""
        for _ in range(self.burn):
            if self.libc.pthread_create(ctypes.byref(self.thread), None, self.routine, None) == 0:
                self.libc.pthread_join(self.thread, None)
            else:  # a pid not taken: the next one would tell, so the slot restarts after this session
                self.moved = True
                break
        self.burn, self.settled_once = 0, False

    def forked(self, pid, script, spare=False):
        self.mark, self.scripts, self.spare = pid, self.scripts or script, self.spare or spare

    def settled(self, jobs=0):
        """Whether the session that ends now left the counters as the zygote did (the rest of its budget, ``jobs``
        declared or 0 for its kind's default, is then taken before the next fork); once False, always False: the
        slot is to restart."""
        last, inode = self._last_pid(), self._new_inode()
        self.moved = self.moved or last != self.mark or inode != self.inode + 1 or self._stamp() != self.stamp
        self.inode, self.stamp = inode, self._stamp()
        if self.settled_once:  # a second teardown of the same session: its budget is counted already
            return not self.moved
        spare = self.spare and self.spare_counted and not self.scripts
        if jobs:
            budget = jobs + (self.scripts or spare)
        else:
            budget = SCRIPT_PIDS if self.scripts else MODULE_PIDS + spare
        self.moved = self.moved or not 0 <= last - self.base <= budget or self.base + budget > PID_CEILING
        if not self.moved:
            self.burn, self.base = self.base + budget - last, self.base + budget
            self.scripts, self.spare, self.settled_once = False, False, True
        return not self.moved
