"""A deadline_pool worker for tests: a job ``("sleep", s)`` blocks for ``s`` seconds, ``("echo", x)`` answers ``x``,
``("pid", _)`` the worker's process id.

It enforces no budget of its own, like a checker stuck in one long call into C: only the pool's wall limit ends it.
"""

import os
import time

from rewards import deadline_pool


def handle(job):
    kind, value = job
    if kind == "sleep":
        time.sleep(value)
    elif kind == "pid":
        return "ok", os.getpid()
    return "ok", value


if __name__ == "__main__":
    deadline_pool.serve(handle)
