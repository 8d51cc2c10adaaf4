"""Red team round 3, the trusted side's CPU and memory: one answer within the documented limits must not make the
trainer's process work for long or hold much more than ``completion_bytes``. Answers are written straight onto the
job's channel, as an adversary would. Real sandbox, real processes."""

from __future__ import annotations

import json
import sys
import time

from cpu_cost import growth
from forged_channel import with_send_frame

from rewards.code import CodeTests
from rewards.sandbox.local import Sandbox, SandboxConfig

ONE_SLOT = SandboxConfig(slots=1, call_timeout=3.0, completion_timeout=15.0, memory_bytes=512 << 20)

# CHAINS chains of nested tuples (127: 1 MiB), 95 deep, 2 leaves a level; every leaf hashes to 0 (k * (2**61 - 1))
# so every chain of one depth shares a hash, and two chains differ only at the bottom: each comparison walks the
# whole chain.
NESTED_ONE_HASH = with_send_frame("""
    import os
    P = (1 << 61) - 1
    def chain(last):
        node = ["T", [["I", hex(P * (last + 2))]]]
        for _ in range(95):
            node = ["T", [["I", hex(P)]] * 2 + [node]]
        return node
    VALUE = ["L", [chain(j) for j in range(CHAINS)]]
    def add(a, b):
        send_frame({"ok": True, "value": VALUE})
        os._exit(0)
    """)


def test_the_flood_check_is_bounded_in_work():
    """The hash-flood guard counted distinct values per hash but not what hashing and comparing them costs: 1 MiB of
    such chains took 5 s of trainer time per answer (32-38 s for an MBPP row) while passing the guard. Its work
    budget must refuse them (the detail says so), and this process's CPU time must not grow faster than the answer:
    4x the chains cost under 8x (the unbounded check: 16x)."""
    reward = CodeTests(sandbox=ONE_SLOT)
    tests = ["assert add(1, 2) == 3", "assert add(2, 2) == 4", "assert add(0, 0) == 0"]
    verdicts: list = []

    def judge(text: str) -> None:
        verdicts.extend(reward.verdicts([text], test_list=[tests]))

    quarter, full = growth(judge, *(NESTED_ONE_HASH.replace("CHAINS", str(chains)) for chains in (32, 127)))
    for verdict in verdicts:
        assert verdict.score == 0.0 and "answer too costly to check" in verdict.detail, verdict
    assert full < 8 * quarter, f"{full:.3f}s of trusted CPU for 127 chains, {quarter:.3f}s for 32"


def _deep_size(value: object) -> int:
    seen, stack, total = set(), [value], 0
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        total += sys.getsizeof(node)
        if isinstance(node, (list, tuple, set, frozenset)):
            stack.extend(node)
    return total


def test_completion_bytes_bounds_what_the_answers_build_here():
    """95,000 empty sets are 1 MiB on the wire and 20 MiB once decoded: a test keeping its answers held 380 MiB
    against a budget of 16 MiB, which counted wire bytes only."""
    config = SandboxConfig(slots=1, call_timeout=3.0, completion_timeout=15.0, completion_bytes=4 << 20)
    kept = []
    with Sandbox(config) as box, box.session() as session:
        assert session.load("def add(n):\n    return [set() for _ in range(n)]\n").ok
        for _ in range(12):
            result = session.call("add", (90_000,))
            if not result.ok:
                break
            kept.append(result.value)
    assert _deep_size(kept) <= 2 * config.completion_bytes, _deep_size(kept)


# 300,000 floats (6 MB, ~2 s of CPU to decode here), sent just before the completion's deadline.
SLOW_TO_DECODE = with_send_frame("""
    import os, time
    VALUE = ["L", [["F", repr(i + 0.5)] for i in range(300_000)]]
    def add(wait):
        time.sleep(wait)
        send_frame({"ok": True, "value": VALUE})
        os._exit(0)
    """)


def test_no_answer_is_decoded_past_the_completion_deadline():
    """Decoding ran with no deadline: an answer sent just before the completion's deadline was still being decoded
    (and counted as passing) well after it."""
    config = SandboxConfig(slots=1, call_timeout=3.0, completion_timeout=2.0, output_bytes=8 << 20,
                           completion_bytes=64 << 20)
    with Sandbox(config) as box, box.session() as session:
        assert session.load(SLOW_TO_DECODE).ok
        start = time.thread_time()
        result = session.call("add", (session.deadline - time.monotonic() - 0.3,))
        cpu = time.thread_time() - start
        late = time.monotonic() - session.deadline
    assert not result.ok or late < 0.0, late
    # This thread's CPU, not the wall clock (a busy host stretches that): decoding the whole answer takes ~2 s of it
    # beyond the frame's JSON, decoding up to the deadline at most the 0.3 s before it. The JSON itself is parsed
    # whole (no deadline inside json.loads): measured here on the same frame, as loaded as the call was.
    frame = json.dumps({"ok": True, "value": ["L", [["F", repr(i + 0.5)] for i in range(300_000)]]})
    start = time.thread_time()
    json.loads(frame)
    json_cpu = time.thread_time() - start
    assert cpu < 2 * json_cpu + 0.5, (cpu, json_cpu)
    assert late < 10.0, late  # and nothing waits long past the deadline either
