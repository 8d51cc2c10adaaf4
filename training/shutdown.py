"""Stop cleanly on Ctrl-C and SIGTERM, so no reward worker process outlives the run.

Math and code rewards run checkers in worker processes (`rewards.deadline_pool`, `rewards.sandbox.local`) that
``atexit`` handlers stop. Python runs those handlers after Ctrl-C (``KeyboardInterrupt``), but SIGTERM's default
action (a scheduler's stop, ``kill PID``) ends the process at once and skips them: a worker busy on a job, or a sandbox
slot in its own session, is left running. `stop_on_signals` turns SIGTERM into `Interrupted`, a
``KeyboardInterrupt``, so both signals unwind the stack (``finally`` blocks, context managers) and reach the
``atexit`` handlers. A repeated signal while stopping is ignored, so a second Ctrl-C cannot cut the cleanup short.

Limits: handlers can only be installed from the main thread (elsewhere `stop_on_signals` does nothing); SIGKILL cannot
be caught (idle math workers then exit when their pipe closes, a sandbox slot with ``--die-with-parent``).
"""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
from collections.abc import Iterator

logger = logging.getLogger(__name__)

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Interrupted(KeyboardInterrupt):
    """The run was stopped by a signal (Ctrl-C or SIGTERM); ``exit_code`` is the shell's ``128 + signal``."""

    def __init__(self, signum: int) -> None:
        self.signum, self.name = signum, signal.Signals(signum).name
        self.exit_code = 128 + signum
        super().__init__(self.name)


@contextlib.contextmanager
def stop_on_signals(signals: tuple[int, ...] = STOP_SIGNALS) -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM raise `Interrupted` (once; repeats are ignored while stopping).

    On a normal exit the previous handlers come back; after a signal the ignoring handler stays, so the ``atexit``
    cleanup that follows runs to its end.

    >>> with stop_on_signals():
    ...     signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    True
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {s: signal.getsignal(s) for s in signals}

    def ignore(signum: int, frame: object) -> None:
        logger.warning("%s received while stopping: still stopping worker processes.", signal.Signals(signum).name)

    def stop(signum: int, frame: object) -> None:
        for s in signals:
            signal.signal(s, ignore)
        logger.warning("%s received: stopping, and stopping reward worker processes.", signal.Signals(signum).name)
        raise Interrupted(signum)

    for s in signals:
        signal.signal(s, stop)
    interrupted = False
    try:
        yield
    except Interrupted:
        interrupted = True
        raise
    finally:
        if not interrupted:
            for s, handler in previous.items():
                signal.signal(s, handler)
