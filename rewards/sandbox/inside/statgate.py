"""The stat gate of a job with its own clock (`SandboxConfig.private_clock`): every file time a job can read is
rewritten, so a job may write files again without learning the real time from them.

Shipped into the sandbox with the worker (`rewards.sandbox.slot.WORKER_SOURCE`), so it uses the standard library only.
x86_64 Linux only. A new or changed file's times, and those of every directory bubblewrap made when the slot
(re)started, are the real time; ``fstat`` and ``newfstatat`` (glibc's ``stat``, ``lstat``, ``fstat`` and
``fstatat`` on x86_64) are the only calls that read them once ``stat``, ``lstat`` and ``statx`` are refused. The
worker makes one page, before the zygote's fork (so every job has it at the same address), and seals it (``mseal``,
Linux 6.10: no job can unmap, remap, reprotect or discard it; a fork keeps the seal). It holds:

- a gate per call: the system call, then a fix-up that rewrites the times in the buffer before control returns:
  all three to 2026-01-01 plus the job's CPU time now (its thread's clock: the process's moves only at scheduler
  ticks once ``RLIMIT_CPU`` arms it), so a file reads as just changed and a directory's time moves between two
  reads, which Python's import cache checks (`importlib.machinery.FileFinder`); except a regular file
  on a device in `keep` last modified before the sandbox started (``since``, in the page, which any job can read:
  the trusted side's `rewards.sandbox.slot.Slot` sets it once, never the slot's restart, whose second a completion
  that made its slot restart chose, issue 37), whose modification time stays and whose access and change times
  read 2026-01-01. A call
  that failed with ``EFAULT`` may have written part of the buffer: all three read 2026-01-01, and a buffer that
  ends inside the struct faults, which ends the job;
- a ``SIGSYS`` handler: the job's seccomp layer allows each call only from its gate's ``syscall`` instruction and
  traps every other one (``SECCOMP_RET_TRAP``), so glibc's own calls reach the handler, which makes them through
  the gate and puts the result in the interrupted context's ``rax``. No other handler may be installed in the job
  (``rt_sigaction`` with a new action is refused): none can run between a gate's system call and its fix-up.

``keep``: the devices of the read-only host file systems that hold Python and its libraries, so an import still
reads a source's real modification time (``.pyc`` validation; without it every import would compile anew). Access
and change times are rewritten there too: a host process's first read of a file in a day stamps its access time
(``relatime``), and the trusted side's own reads (bubblewrap and Python, at every slot restart) happen at moments
a completion chose. Directories there read the job's clock as well: a host process that writes a file in one (a
``__pycache__``) stamps it, and a file it writes there after the sandbox started reads the job's clock too. Nothing in
the slot can change those files.
"""

from __future__ import annotations

import ctypes
import os
import struct
from collections.abc import Iterable

from rewards.sandbox.inside.clocks import EPOCH, MAP_PRIVATE_ANONYMOUS, PAGE, PROT_EXEC, PROT_READ, PROT_WRITE

MSEAL, SIGSYS, SA_SIGINFO, NEWFSTATAT = 462, 31, 4, 262
ST_DEV, ST_INO, ST_NLINK, ST_SIZE, ST_ATIME, ST_MTIME = 0, 8, 16, 48, 72, 88  # offsets of 8-byte fields of a stat
AT_FDCWD, AT_EMPTY_PATH, STAT_SIZE = -100, 0x1000, 144
FSTAT_AT, NEWFSTATAT_AT, HANDLER_AT, SINCE_AT, KEEP_AT, KEEP_MAX = 0x07, 0x17, 0x100, 0x1F8, 0x200, 64
# x86_64 machine code (GNU as, Intel syntax); EPOCH is the immediate 0x6955b900 (checked below); stat: offsets 0
# st_dev, 24 st_mode, 72 st_atim, 88 st_mtim, 104 st_ctim (seconds, nanoseconds).
#   0x00 fstat(rdi=fd, rsi=buf): mov eax, 5; syscall; mov r9, rsi; jmp fixup                [syscall ends at 0x07]
#   0x10 newfstatat(rdi, rsi, rdx=buf, r10): mov eax, 262; syscall; mov r9, rdx               [syscall ends at 0x17]
#   fixup: cmp rax, -14; je stamp            ; EFAULT: the kernel may have written a prefix of the buffer
#     test rax, rax; jnz out
#     mov ecx, [r9+24]; and ecx, 0xf000; cmp ecx, 0x8000; jne now       ; not a regular file: the job's clock
#     mov rcx, [r9]; lea r8, [rip+keep]; mov r11, [r8]                  ; keep: count, then the devices
#   look: test r11, r11; jz now; cmp rcx, [r8+r11*8]; je kept; dec r11; jmp look
#   kept: mov rcx, [rip+since]; cmp [r9+88], rcx; jge now          ; written since the sandbox started: the job's clock
#     atime and ctime EPOCH, 0 ns (mtime as it is); ret
#   now: push rax; push rdi; push rsi; mov edi, 3; lea rsi, [r9+72]; mov eax, 228; syscall
#     pop rsi; pop rdi; test rax, rax; pop rax; jnz stamp                ; CLOCK_THREAD_CPUTIME_ID into atime
#     add qword [r9+72], EPOCH; mtime and ctime := atime; ret           ; the job's realtime clock, now
#   stamp: the three times (72, 88, 104) EPOCH and 0 ns, in rising order;  out: ret
#   0x100 handler(rdi=sig, rsi=siginfo, rdx=ucontext): push rbx; lea rbx, [rdx+40]      ; uc_mcontext.gregs
#     mov eax, [rsi+24]                                                                  ; si_syscall
#     mov rdi, [rbx+64]; mov rsi, [rbx+72]; mov rdx, [rbx+96]; mov r10, [rbx+16]         ; RDI RSI RDX R10
#     cmp eax, 5; je f; cmp eax, 262; je n; mov rax, -ENOSYS; jmp store
#   f: call 0x00; jmp store;  n: call 0x10;  store: mov [rbx+104], rax; pop rbx; ret      ; RAX
CODE = bytes.fromhex(
    "b8050000000f054989f1eb0e0f1f4000b8060100000f054989d14883f8f20f84a20000004885c00f85c9000000418b491881e100f000"
    "0081f900800000754b498b094c8d05b70100004d8b184d85db74394b3b0cd8740549ffcbebf0488b0d95010000493949587d2149c741"
    "4800b9556949c741500000000049c7416800b9556949c7417000000000c3505756bf03000000498d7148b8e40000000f055e5f4885c0"
    "5875214981414800b95569498b49484989495849894968498b49504989496049894970c349c7414800b9556949c741500000000049c7"
    "415800b9556949c741600000000049c7416800b9556949c7417000000000c390909090909090909053488d5a288b4618488b7b40488b"
    "7348488b53604c8b531083f80574103d06010000741048c7c0daffffffeb0ce8cefeffffeb05e8d7feffff488943685bc3")
assert CODE.count(struct.pack("<I", EPOCH)) == 6 and CODE[HANDLER_AT] == 0x53 and len(CODE) <= SINCE_AT
assert CODE[FSTAT_AT - 2:FSTAT_AT] == CODE[NEWFSTATAT_AT - 2:NEWFSTATAT_AT] == b"\x0f\x05"  # syscall


_LIBC = ctypes.CDLL(None, use_errno=True)
_LIBC.syscall.restype = ctypes.c_long


class _SigAction(ctypes.Structure):
    _fields_ = [("handler", ctypes.c_void_p), ("mask", ctypes.c_ulong * 16), ("flags", ctypes.c_int),
                ("restorer", ctypes.c_void_p)]


class StatGate:
    """The sealed gate page, made in the worker before the zygote's fork; `take` arms it in a job."""

    def __init__(self, keep: Iterable[int], since: int) -> None:
        """``since``: the second before which a kept file must have been last modified to keep its time, set by the
        trusted side when it made the sandbox (every job can read it here)."""
        keep = sorted(set(keep))[:KEEP_MAX]
        libc = ctypes.CDLL(None, use_errno=True)
        _declare(libc)
        page = libc.mmap(None, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0)
        if page in (None, ctypes.c_void_p(-1).value):
            raise OSError(ctypes.get_errno(), "no page for the stat gate")
        ctypes.memmove(page, CODE, len(CODE))
        table = struct.pack(f"<qQ{len(keep)}Q", since, len(keep), *keep)
        ctypes.memmove(page + SINCE_AT, table, len(table))
        if libc.mprotect(page, PAGE, PROT_READ | PROT_EXEC) or libc.syscall(MSEAL, page, PAGE, 0):
            errno = ctypes.get_errno()
            libc.munmap(page, PAGE)  # unsealed: the seal is what failed
            raise OSError(errno, "could not seal the stat gate (mseal needs Linux 6.10)")
        self.page, self.keep = page, tuple(keep)
        self.fstat_ip, self.newfstatat_ip = page + FSTAT_AT, page + NEWFSTATAT_AT  # seccomp's instruction pointers

    def take(self, libc: ctypes.CDLL) -> bool:
        """In a fresh job, before its seccomp layer: the gate's handler for ``SIGSYS``, every signal blocked while
        it runs. False when the kernel refused."""
        action = _SigAction(self.page + HANDLER_AT, (ctypes.c_ulong * 16)(*[2**64 - 1] * 16), SA_SIGINFO, None)
        libc.sigaction.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p]
        return libc.sigaction(SIGSYS, ctypes.byref(action), None) == 0


def _declare(libc: ctypes.CDLL) -> None:
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
    libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    libc.syscall.argtypes = [ctypes.c_long, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_ulong]


def kept_devices(paths: Iterable[str], mountinfo: str, made: Iterable[str] = ()) -> set[int]:
    """The devices of ``paths`` (Python's prefixes and ``sys.path``), less those of ``made`` (what the slot's start
    made: its root, ``/dev``, the scratch) and every device mounted writable in this mount namespace
    (``/proc/self/mountinfo``: a device both read-only here and writable there is not kept)."""
    keep, drop = _devices(paths), _devices(made)
    for line in mountinfo.splitlines():
        fields = line.split()
        if len(fields) < 6 or fields[5].split(",")[0] != "rw":  # the mount's own options: writable here
            continue
        major, minor = (int(x) for x in fields[2].split(":"))
        drop.add(os.makedev(major, minor))
        drop |= _devices([_unescape(fields[4])])  # btrfs, overlayfs: st_dev is not the mount's
    return keep - drop


def _devices(paths: Iterable[str]) -> set[int]:
    found = set()
    for path in paths:
        try:
            found.add(stat_fields(path, ST_DEV)[0])
        except OSError:
            pass
    return found


def stat_fields(path: str | int, offsets: int | tuple[int, ...]) -> tuple[int, ...]:
    """The 8-byte fields at ``offsets`` of the stat of ``path`` (a path, or an open fd), read by system call into a
    buffer zeroed before it is freed. ``os.stat`` makes a Python object of every time in the stat, which stays in
    the freed memory of the worker and the zygote, and every job forked from them reads that memory: the times of
    what the slot's restart made (``/``, ``/dev``, the scratch) are the restart's moment, which a completion that
    made its slot restart chose (issue 37); a file made now, the moment of a teardown."""
    offsets = (offsets,) if isinstance(offsets, int) else offsets
    fd, name = (path, b"") if isinstance(path, int) else (AT_FDCWD, os.fsencode(path))
    buf = ctypes.create_string_buffer(STAT_SIZE)
    try:
        if _LIBC.syscall(NEWFSTATAT, fd, name, buf, AT_EMPTY_PATH if isinstance(path, int) else 0) != 0:
            errno = ctypes.get_errno()
            raise OSError(errno, os.strerror(errno), path)
        return tuple(struct.unpack_from("<q" if offset >= ST_ATIME else "<Q", buf, offset)[0] for offset in offsets)
    finally:
        ctypes.memset(buf, 0, STAT_SIZE)


def _unescape(path: str) -> str:
    """A mount point as mountinfo writes it (space, tab, newline, backslash as octal escapes)."""
    return path.encode().decode("unicode_escape") if "\\" in path else path
