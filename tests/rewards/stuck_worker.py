"""A deadline_pool worker for tests: a job ``("sleep", s)`` blocks for ``s`` seconds, ``("echo", x)`` answers ``x``.

It enforces no budget of its own, like a checker stuck in one long call into C: only the pool's wall limit ends it.
"""

import time

from rewards import deadline_pool


def handle(job):
    kind, value = job
    if kind == "sleep":
        time.sleep(value)
    return "ok", value


if __name__ == "__main__":
    deadline_pool.serve(handle)
