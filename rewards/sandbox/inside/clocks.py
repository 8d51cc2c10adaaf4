"""A job's own clock (`SandboxConfig.private_clock`): every clock a job reads starts near zero at its fork and runs
on its own CPU time, so it cannot tell when it started, which is when the completion before it chose to end.

Shipped into the sandbox with the worker (`rewards.sandbox.slot.WORKER_SOURCE`), so it uses the standard library only.
x86_64 Linux only. glibc reads the clocks through the kernel's vDSO, code mapped into every process that reads the
kernel's clock page (``[vvar]``) and the CPU's time stamp counter without a system call, so seccomp never sees
those reads. In the zygote, once (every job inherits it by the fork): each vDSO function is overwritten with a jump
to a stub below, the clock pages are unmapped, and ``rdtsc`` is made to fault (``PR_SET_TSC``). The stubs read
``CLOCK_THREAD_CPUTIME_ID`` by system call (a job has one thread; the process's clock moves only at scheduler
ticks once ``RLIMIT_CPU`` arms it); the realtime clocks add `EPOCH`. The job's seccomp layer then refuses every
other way to the real time (`seccomp.PRIVATE_CLOCK_DENIED` and the rules beside it).
"""

from __future__ import annotations

import ctypes
import resource
import select
import struct
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import threading

EPOCH = 1767225600  # 2026-01-01 00:00:00 UTC: where a job's realtime clocks start
AT_SYSINFO_EHDR, PR_SET_TSC, PR_TSC_SIGSEGV = 33, 26, 2
PROT_READ, PROT_WRITE, PROT_EXEC, MAP_PRIVATE_ANONYMOUS, PAGE = 1, 2, 4, 0x22, 4096

# x86_64 machine code (GNU as, Intel syntax); EPOCH is the immediate 0x6955b900.
#   clock_gettime(edi=clock, rsi=ts):
#     cmp edi, 11; ja real; mov eax, 0xff3; bt eax, edi; jnc real     ; ids 0,1,4-11: the job's clock
#     mov r8d, edi; mov edi, 3; mov eax, 228; syscall                  ; CLOCK_THREAD_CPUTIME_ID
#     test rax, rax; jnz out; mov edx, 0x921; bt edx, r8d; jnc out     ; realtime ids 0, 5, 8, 11: add EPOCH
#     add qword [rsi], EPOCH
#   out: ret
#   real: mov eax, 228; syscall; ret                                    ; CPU clocks, bad ids: the kernel's answer
CLOCK_GETTIME = bytes.fromhex(
    "83ff0b7731b8f30f00000fa3f8732741" "89f8bf03000000b8e40000000f054885" "c07512ba21090000440fa3c27307"
    "48810600b95569c3b8e40000000f05c3")
#   gettimeofday(rdi=tv, rsi=tz): test rdi, rdi; jz zero; mov rsi, rdi; mov edi, 3; mov eax, 228; syscall;
#     test rax, rax; jnz out; add qword [rsi], EPOCH; mov rax, [rsi+8]; xor edx, edx; mov ecx, 1000; div rcx;
#     mov [rsi+8], rax;  zero: xor eax, eax;  out: ret
GETTIMEOFDAY = bytes.fromhex(
    "4885ff742d4889febf03000000b8e400" "00000f054885c0751b48810600b95569" "488b460831d2b9e803000048f7f14889"
    "460831c0c3")
#   time(rdi=tloc): sub rsp, 24; mov r8, rdi; mov edi, 3; mov rsi, rsp; mov eax, 228; syscall; mov rax, [rsp];
#     add rax, EPOCH; add rsp, 24; test r8, r8; jz out; mov [r8], rax;  out: ret
TIME = bytes.fromhex(
    "4883ec184989f8bf020000004889e6b8" "e40000000f05488b0424480500b95569" "4883c4184d85c07403498900c3")


def _syscall(number: int) -> bytes:
    """mov eax, number; syscall; ret: the kernel's answer (no clock in it)."""
    return b"\xb8" + struct.pack("<i", number) + b"\x0f\x05\xc3"


ENOSYS = b"\xb8" + struct.pack("<i", -38) + b"\xc3"  # mov eax, -ENOSYS; ret: glibc then uses the system call
STUBS = {"clock_gettime": CLOCK_GETTIME, "gettimeofday": GETTIMEOFDAY, "time": TIME,
         "clock_getres": _syscall(229), "getcpu": _syscall(309)}  # any other export (getrandom, sgx...): ENOSYS
JUMP = struct.Struct("<2sQ2s")  # movabs rax, stub; jmp rax


class Gate(Protocol):
    """What `JobClock` needs of the stat gate (`statgate.StatGate`, shipped after this module)."""

    def take(self, libc: ctypes.CDLL) -> bool: ...


class JobClock:
    """Where the vDSO's functions and the clock pages are in this process (and so in every job forked from it),
    read once where ``/proc/self/maps`` is still there; `take` then gives this process, and every job it forks, a
    clock of its own."""

    def __init__(self, maps: str, gate: Gate | None = None) -> None:
        self.gate = gate  # files with their times rewritten (`statgate`); None: jobs write no files
        spans: dict[str, list[tuple[int, int]]] = {}
        for line in maps.splitlines():
            fields = line.split()
            if fields and fields[-1] in ("[vdso]", "[vvar]", "[vvar_vclock]"):
                start, end = (int(x, 16) for x in fields[0].split("-"))
                spans.setdefault(fields[-1], []).append((start, end))
        if len(spans.get("[vdso]", ())) != 1:
            raise OSError("no vDSO mapping found")
        self.vdso = spans["[vdso]"][0]
        self.clock_pages = [span for name in ("[vvar]", "[vvar_vclock]") for span in spans.get(name, ())]
        self.entries = _exports(self.vdso[0])  # (address, name, size) of each function
        if any(size < JUMP.size for _, _, size in self.entries):
            raise OSError("a vDSO function too short to overwrite")

    def take(self, libc: ctypes.CDLL) -> bool:
        """In the zygote, before it forks a job: stubs in, clock pages out, ``rdtsc`` faulting, a ``time.sleep``
        that waits by a relative timeout, and the stat gate's handler, all inherited by the fork. False when a step
        failed (no job may run)."""
        _declare(libc)
        if self.gate is not None and not self.gate.take(libc):
            return False
        stubs = _stub_page(libc)
        start, end = self.vdso
        if stubs is None or libc.mprotect(start, end - start, PROT_READ | PROT_WRITE | PROT_EXEC):
            return False
        for address, name, _ in self.entries:
            jump = JUMP.pack(b"\x48\xb8", stubs[name if name in STUBS else ""], b"\xff\xe0")
            ctypes.memmove(address, jump, JUMP.size)
        if libc.mprotect(start, end - start, PROT_READ | PROT_EXEC):
            return False
        if any(libc.munmap(a, b - a) for a, b in self.clock_pages):
            return False
        time.sleep = sleep  # type: ignore[assignment]  # takes what select takes: int or float
        # Imported here, not with this module: a zygote that holds `threading` makes every job it forks run
        # threading's after-fork hook (~120 page faults a job); without a clock of its own a job imports it if used.
        import threading
        if all(hasattr(threading.Thread(), name) for name in ("_started", "_is_stopped", "_tstate_lock")):
            threading.Thread.start = _start_or_run_inline(threading.Thread.start)  # type: ignore[method-assign,assignment]
        return libc.prctl(PR_SET_TSC, PR_TSC_SIGSEGV, None, 0, 0) == 0


def _declare(libc: ctypes.CDLL) -> None:
    """Argument types of the memory calls `JobClock.take` makes (addresses are 64-bit)."""
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
    libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]


def _stub_page(libc: ctypes.CDLL) -> dict[str, int] | None:
    """A new executable page holding `STUBS` and `ENOSYS` (under ""): each one's address, or None."""
    page = libc.mmap(None, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0)
    if page in (None, ctypes.c_void_p(-1).value):
        return None
    where, offset = {}, 0
    for name, code in {**STUBS, "": ENOSYS}.items():
        ctypes.memmove(page + offset, code, len(code))
        where[name], offset = page + offset, offset + (len(code) + 15) // 16 * 16  # each on its own 16 bytes
    return None if libc.mprotect(page, PAGE, PROT_READ | PROT_EXEC) else where


def sleep(seconds: float) -> None:
    """``time.sleep`` in a job with its own clock: CPython's waits for an absolute deadline of the clock, which the
    kernel reads as real time (refused by seccomp); this one waits by a relative timeout."""
    if seconds < 0:
        raise ValueError("sleep length must be non-negative")
    select.select([], [], [], seconds)


def _start_or_run_inline(start: Callable[[threading.Thread], None]) -> Callable[[threading.Thread], None]:
    """``Thread.start`` in a job that may start no thread: a thread started after ``threading.stack_size(n)`` runs
    inline, to its end, on the job's own stack, grown to ``n`` (competitive programs run ``main`` in such a thread
    for a deeper recursion, and join it or not); any other start fails as it would (a worker pool would wait forever).
    CPython 3.11-3.12's ``threading`` internals: elsewhere `JobClock.take` leaves ``start`` alone."""

    import threading

    def start_or_run(thread: threading.Thread) -> None:
        try:
            start(thread)
        except RuntimeError:
            size = threading.stack_size()  # which also sets it to 0: put back
            if size:
                threading.stack_size(size)
            if not size or thread._started.is_set():  # type: ignore[attr-defined]
                raise
            soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
            if soft != resource.RLIM_INFINITY and soft < size:
                resource.setrlimit(resource.RLIMIT_STACK, (size if hard == resource.RLIM_INFINITY else min(size, hard),
                                                           hard))
            thread._started.set()  # type: ignore[attr-defined]
            try:
                thread.run()
            except BaseException:  # as in a thread: reported by threading.excepthook, never raised in the starter
                threading.excepthook(threading.ExceptHookArgs((*sys.exc_info(), thread)))
            finally:
                thread._is_stopped, thread._tstate_lock = True, None  # type: ignore[attr-defined]

    return start_or_run


def _exports(base: int) -> list[tuple[int, str, int]]:
    """The vDSO's exported functions as (address, name without ``__vdso_``, size), from its ELF image at ``base``."""
    header = ctypes.string_at(base, 64)
    if header[:4] != b"\x7fELF" or header[4] != 2:
        raise OSError("the vDSO is not a 64-bit ELF image")
    shoff, = struct.unpack_from("<Q", header, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", header, 0x3A)
    sections = [struct.unpack("<IIQQQQIIQQ", ctypes.string_at(base + shoff + i * shentsize, 64)) for i in range(shnum)]
    dynsym = next(s for s in sections if s[1] == 11)  # SHT_DYNSYM
    strtab = sections[dynsym[6]]
    found = {}
    for i in range(dynsym[5] // 24):
        name, info, _, shndx, value, size = struct.unpack("<IBBHQQ", ctypes.string_at(base + dynsym[4] + i * 24, 24))
        if info & 0xF == 2 and shndx:  # STT_FUNC, defined
            found[value] = (ctypes.string_at(base + strtab[4] + name).decode().removeprefix("__vdso_"), size)
    return [(base + value, name, size) for value, (name, size) in found.items()]
