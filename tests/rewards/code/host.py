"""What the sandbox tests measure on the host: live processes of given uids, and how long the caller's threads stall."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path


def live_pids(uids: Iterable[int]) -> dict[int, list[int]]:
    """Host pids of the live processes (zombies excluded) of each uid, by their real uid."""
    found: dict[int, list[int]] = {uid: [] for uid in uids}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        uid = int(fields["Uid"].split()[0])
        if uid in found and not fields["State"].strip().startswith(("Z", "X")):
            found[uid].append(int(pid))
    return found


def max_stall(run: Callable[[], object]) -> tuple[float, float]:
    """(wall seconds of ``run()``, longest gap another thread of this process saw while it ran)."""
    gaps, stop = [0.0], threading.Event()

    def tick() -> None:
        last = time.monotonic()
        while not stop.wait(0.01):
            now = time.monotonic()
            gaps[0], last = max(gaps[0], now - last), now

    ticker = threading.Thread(target=tick)
    ticker.start()
    start = time.monotonic()
    try:
        run()
    finally:
        stop.set()
        ticker.join()
    return time.monotonic() - start, gaps[0]
