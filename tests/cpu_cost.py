"""What a reader costs in this process's CPU time, measured so that two sizes of one input can be compared.

CPU time, not wall time: a busy host stretches the wall clock, not the work done. It is this process's time only:
the work of a sandbox's jobs or a pool's workers (other processes) is not in it, the trusted side's is. Each measure
is the best of three, over enough calls to last at least ~10 ms, each call on a distinct variant of the text (a
first line apart, which is a comment in Python), so no cache answers; ``distinct=False`` reads the text as it is,
for readers whose path a first line would change and that keep no cache.

The cyclic garbage collector is off while a measure runs: its full passes walk the whole heap of the test session
(torch, transformers, every earlier test's objects), so whether one lands inside a measure depends on what ran
before, not on the reader; their cost is amortised linear in allocations anyway.

Importable from every test directory: pytest puts ``tests/`` on ``sys.path`` to load ``tests/conftest.py``.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


def best_cpu(reader: Callable[[str], object], text: str, calls: int = 1, distinct: bool = True,
             clock: Callable[[], float] = time.process_time) -> float:
    """The best of three CPU times of ``calls`` calls, each on a distinct variant of ``text`` (or on ``text``)."""
    best = float("inf")
    for attempt in range(3):
        variants = [f"# Step {attempt}.{i}\n{text}" if distinct else text for i in range(calls)]
        gc.disable()
        try:
            start = clock()
            for variant in variants:
                reader(variant)
            best = min(best, clock() - start)
        finally:
            gc.enable()
    return best


def growth(reader: Callable[[str], object], small: str, large: str, distinct: bool = True,
           own_thread: bool = False, bound: float | None = None) -> tuple[float, float]:
    """(CPU seconds on ``small``, on ``large``), with as many calls on each as ``small`` needs to last ~10 ms.
    ``own_thread``: the reader does all its work in the calling thread, so only that thread's CPU time is counted
    (the test session's other threads, such as a shared sandbox's restart threads, then add nothing).

    ``bound``: the ratio the caller asserts the growth stays under. A pair over it is measured again, up to three
    times, and the pair of least ratio returned: a slice of CPU stolen from one measure (a long test session's
    caches, a host's other tenants) passes the next, while a reader that really grows faster fails all three."""
    clock = time.thread_time if own_thread else time.process_time
    calls = 1
    while (base := best_cpu(reader, small, calls, distinct, clock)) < 0.01 and calls < 64:
        calls *= 4
    pairs = [(base, best_cpu(reader, large, calls, distinct, clock))]
    while bound is not None and pairs[-1][1] >= bound * pairs[-1][0] and len(pairs) < 3:
        pairs.append((best_cpu(reader, small, calls, distinct, clock), best_cpu(reader, large, calls, distinct, clock)))
    return min(pairs, key=lambda pair: pair[1] / max(pair[0], 1e-9))
