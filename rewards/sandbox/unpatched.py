"""The standard library's functions the sandbox's trusted machinery calls, as they were when it was imported.

Test code runs in this process, and a test's ``mock.patch`` replaces a module's attribute for the whole process while
it is in place (red team 13): ``patch("time.monotonic")`` gave its values to the sandbox's deadlines (24 s against a
4 s deadline), ``patch("json.loads")`` read the worker's replies, ``patch("subprocess.Popen")`` or ``patch("os.kill")``
during a slot's restart made the mock the worker or its kill, and ``patch("threading.Thread")`` lost a restarting slot
for good. Every trusted module of the sandbox calls these instead (`tests/test_layers.py` keeps it so); what runs in
the jail (`inside/`) binds its own, and `rewards.code.streams` and `rewards.deadline_pool`, outside the package, too.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
import time

monotonic = time.monotonic
loads = json.loads
Popen, kill, killpg = subprocess.Popen, os.kill, os.killpg
Thread, Queue = threading.Thread, queue.Queue
