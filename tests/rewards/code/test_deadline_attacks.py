"""Red team round 3, deadlines: a completion's wall time, from the reward call to its verdict, stays within its
``completion_timeout`` plus `rewards.sandbox.local.MARGIN_S`, teardown included, whatever the job leaves behind.
Real sandbox, real processes, through the public reward."""

from __future__ import annotations

import textwrap
import time

from rewards.code import CodeTests
from rewards.sandbox.local import MARGIN_S, SandboxConfig

CONFIG = SandboxConfig(slots=1, call_timeout=3.0, completion_timeout=3.0)

# Hard links cost no scratch space: a job makes hundreds of thousands before its deadline, and removing them
# takes longer than the teardown may.
HARD_LINKS = textwrap.dedent("""
    import os
    open("/tmp/f", "w").close()
    os.mkdir("/tmp/d")
    def add(a, b):
        i = 0
        while True:
            os.link("/tmp/f", "/tmp/d/%d" % i)
            i += 1
    """)


def test_teardown_stays_within_the_completion_deadline():
    """Grace periods and the slot restart added up: such a session ended 5 s past its 15 s deadline (3 s past 3 s
    here). The teardown now has its own short budget, and a slot it leaves unclean restarts in the background."""
    reward = CodeTests(sandbox=CONFIG)
    start = time.monotonic()
    (verdict,) = reward.verdicts([HARD_LINKS], test_list=[["assert add(1, 2) == 3"]])
    wall = time.monotonic() - start
    assert verdict.score == 0.0
    assert wall < CONFIG.completion_timeout + MARGIN_S, wall
    (after,) = reward.verdicts(["def add(a, b):\n    return a + b\n"], test_list=[["assert add(1, 2) == 3"]])
    assert after.score == 1.0, after
