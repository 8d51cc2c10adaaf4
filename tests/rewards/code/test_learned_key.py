"""Code that ignores its input cannot learn a hidden answer key over repeated completions (issue 25).

The check asks 8 hidden booleans in order and stops at the first wrong answer, so each completion sees how far it
got. The completion answers what earlier completions learned and guesses the rest; before each answer it stores
"all answers so far, and the other one here" in every counter it can move (the scratch tmpfs's next inode, the
host's pipe inode counter on two CPUs), and at its start reads back the longest state whose checksum holds. On a
sandbox that carries a dozen bits from one completion to the next it scores 1.0 within ~9 completions; it must
never get there. Real sandbox, real `code_tests`.
"""

from __future__ import annotations

import random
import textwrap

import pytest

from rewards.code import CodeTests
from rewards.sandbox.local import SandboxConfig

KEY_BITS, COMPLETIONS = 8, 14

LEARNER = textwrap.dedent("""
    import os

    def _pin(cpu):
        try:
            os.sched_setaffinity(0, {cpu})
        except OSError:
            pass

    def _tmpfs():
        fd = os.open("/tmp", os.O_TMPFILE | os.O_WRONLY, 0o600)
        ino = os.fstat(fd).st_ino
        os.close(fd)
        return ino

    def _pipe():
        r, w = os.pipe()
        ino = os.fstat(r).st_ino
        os.close(r)
        os.close(w)
        return ino

    def _set(alloc, value, mod):
        # make the next alloc() return value (mod mod)
        try:
            ino = alloc()
            for _ in range(2 * mod):
                if (ino + 1) % mod == value:
                    return
                ino = alloc()
        except Exception:
            pass

    def _pack(bits):  # 12 bits: 2**len | bits (9 bits), then a 3-bit checksum
        n = (1 << len(bits)) | sum(b << i for i, b in enumerate(bits))
        return (n << 3) | (n % 7)

    def _unpack(x):
        n = x >> 3
        if not 1 <= n < 512 or (x & 7) != n % 7:
            return None
        return [bool(n >> i & 1) for i in range(n.bit_length() - 1)]

    def save(bits):
        x = _pack(bits)
        _set(_tmpfs, x, 4096)
        for cpu, part in ((0, x >> 6), (1, x & 63)):  # buckets of 16: a few inodes of noise read back the same
            _pin(cpu)
            _set(_pipe, part * 16 + 8, 1024)

    def load():
        found = []
        try:
            found.append(_unpack(_tmpfs() % 4096))
        except Exception:
            pass
        try:
            parts = []
            for cpu in (0, 1):
                _pin(cpu)
                parts.append(_pipe() % 1024 // 16)
            found.append(_unpack(parts[0] << 6 | parts[1]))
        except Exception:
            pass
        return max((f for f in found if f is not None), key=len, default=[])

    KNOWN, ANSWERS = load(), []

    def guess(x):
        i = len(ANSWERS)
        answer = KNOWN[i] if i < len(KNOWN) else False
        save(ANSWERS + [not answer])  # what the next completion answers here if this one is wrong
        ANSWERS.append(answer)
        return answer
    """)


def check_source(key: list[bool]) -> str:
    asserts = "".join(f"    assert candidate({random.randrange(100)}) == {b}\n" for b in key)
    return f"def check(candidate):\n{asserts}"


def best_score(config: SandboxConfig) -> float:
    """The best score `COMPLETIONS` learner completions reach, one batch of one completion at a time."""
    key = [random.random() < 0.5 for _ in range(KEY_BITS)]
    key[random.randrange(KEY_BITS - 2, KEY_BITS)] = True  # at least one late True: nothing to guess right by luck
    reward, test, best = CodeTests(sandbox=config), check_source(key), 0.0
    scores = []
    for n in range(COMPLETIONS):
        (score,) = reward([f"{LEARNER}\n# {n}\n"], test=[test], entry_point=["guess"], code_prompt=[""])
        scores.append(score)
    print("key", key, "scores", scores)  # pytest -s
    best = max(scores)
    return best


@pytest.mark.parametrize("slots,fresh,private", [(1, False, False), (2, False, False), (2, True, False),
                                                 (2, False, True)])
def test_input_ignoring_code_never_learns_the_key(slots, fresh, private):
    config = SandboxConfig(slots=slots, call_timeout=2.0, completion_timeout=6.0, fresh_slots=fresh,
                           private_clock=private)
    (control,) = CodeTests(sandbox=config)([f"{LEARNER}\n# control\n"], test=[check_source([False] * KEY_BITS)],
                                           entry_point=["guess"], code_prompt=[""])
    assert control == 1.0  # the learner runs: it guesses False where it knows nothing
    assert best_score(config) < 1.0


CLOCK_KEY_BITS, TICK = 4, 0.02

# The same learner through the clock: before each answer it waits for the 20 ms tick that encodes "all answers so
# far, and the other one here" (5 bits); the session ends right after its first wrong answer, and the next
# completion, which starts a few ms later on the same slot, reads that tick from `time.time()` at its start.
CLOCK_LEARNER = textwrap.dedent(f"""
    import time

    TICK, STATES = {TICK}, 32

    def _tick_of(t):
        return int(t / TICK) % STATES

    def save(bits):
        value = (1 << len(bits)) | sum(b << i for i, b in enumerate(bits))
        now = time.time()
        ahead = (value - _tick_of(now) - 1) % STATES + 1
        time.sleep((int(now / TICK) + ahead) * TICK + 0.001 - now)

    def load():
        n = _tick_of(time.time())
        return [bool(n >> i & 1) for i in range(n.bit_length() - 1)] if n else []

    KNOWN, ANSWERS = load(), []

    def guess(x):
        i = len(ANSWERS)
        answer = KNOWN[i] if i < len(KNOWN) else False
        save(ANSWERS + [not answer])
        ANSWERS.append(answer)
        return answer
    """)


def best_clock_score(reward: CodeTests, completions: int = 8) -> float:
    key = [random.random() < 0.5 for _ in range(CLOCK_KEY_BITS)]
    key[random.randrange(CLOCK_KEY_BITS - 2, CLOCK_KEY_BITS)] = True
    test = check_source(key)
    scores = [reward([f"{CLOCK_LEARNER}\n# {n}\n"], test=[test], entry_point=["guess"], code_prompt=[""])[0]
              for n in range(completions)]
    print("key", key, "scores", scores)  # pytest -s
    return max(scores)


@pytest.mark.parametrize("slots,private", [
    (1, True),  # the strict profile: a clock of its own
    (2, True),  # across slots: the clock is the host's, whichever slot the next completion gets
    pytest.param(1, False, marks=pytest.mark.xfail(reason="the default profile: the timing channel the strict "
                                                  "profile closes (docs/sandbox.md)", strict=False)),
])
def test_input_ignoring_code_never_learns_the_key_from_the_clock(slots, private):
    reward = CodeTests(slots=slots, call_timeout=2.0, completion_timeout=6.0, private_clock=private)
    assert best_clock_score(reward) < 1.0
