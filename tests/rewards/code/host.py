"""What the sandbox tests measure on the host: live processes of given uids."""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
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


def slot_processes(box, expect: dict[int, tuple[int, int]] | None = None) -> dict[int, tuple[int, int]]:
    """Per slot of ``box``, once its teardowns reported (`Sandbox.settle`): how many live processes its worker's uid
    and its jobs' uid have, read when they equal ``expect``, or else once they stay the same for 20 ms (the spare
    is forked as the report goes out), within 3 s. An idle slot holds (2, 1) or (2, 0): its worker and zygote, and
    at most the spare job forked after its last clean teardown. A process a job left would sit beside the spare (a
    second one), or have failed that teardown and restarted the slot, which kills everything in it."""
    box.settle()
    uids = [uid for slot in box.slots for uid in (slot.uid, slot.job_uid)]
    seen, deadline = None, time.monotonic() + 3.0
    while True:
        time.sleep(0.02)
        by_uid = live_pids(uids)
        counts = {slot.index: (len(by_uid[slot.uid]), len(by_uid[slot.job_uid])) for slot in box.slots}
        if counts == (seen if expect is None else expect) or time.monotonic() > deadline:
            return counts
        seen = counts


def idle(box) -> bool:
    """Every slot of ``box`` holds its worker, its zygote (and numpy zygote, `SandboxConfig.numpy_zygote`) and
    nothing else than its spare (see `slot_processes`), within 3 s: what a job left never goes."""
    deadline, mine = time.monotonic() + 3.0, 2 + bool(box.config.numpy_zygote)
    while not all(worker == mine and jobs <= 1 for worker, jobs in slot_processes(box).values()):
        if time.monotonic() > deadline:
            return False
    return True
