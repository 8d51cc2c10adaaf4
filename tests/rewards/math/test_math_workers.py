"""math_exact never hangs: the same verdicts on any thread or event loop, bombs refused, slow sympy killed at a
deadline.

Timing is measured in bench/math_reward.py; here a generous 5 s bound only proves each call returns.
"""

from __future__ import annotations

import asyncio
import re
import signal
import sys
import threading
import time

import pytest
from test_math_exact import (
    TABLE,  # pytest puts this directory on sys.path (no __init__.py)
)

import rewards
from rewards import deadline_pool
from rewards.math import workers as math_pool
from rewards.protocol import Status

MB = 1_000_000
PATHOLOGICAL = {
    "1MB-no-answer": "Let me think. " * (MB // 14),
    "1MB-then-unclosed-box": "x" * MB + "\\boxed{5",
    "1MB-one-line-parens": "(" * (MB // 2) + "5" + ")" * (MB // 2),
    "paren-bomb-boxed": "\\boxed{" + "(" * 5000 + "5" + ")" * 5000 + "}",
    "brace-bomb-boxed": "\\boxed{" + "{" * 5000 + "5" + "}" * 5000 + "}",
    "unbalanced-paren-bomb": "The answer is " + "(" * 20000 + "5",
    "exponent-tower-latex": "\\boxed{9^{9^{9^{9^{9}}}}}",
    "exponent-tower-plain": "so the result is 9^9^9^9^9",
    "unclosed-boxed": "The answer is clearly \\boxed{5",
    "unclosed-boxed-nested": "\\boxed{\\frac{5}{1}" + "{" * 1000,
    "huge-factorial": "\\boxed{(10^{9})!}",
    "gamma-past-guards": "\\boxed{\\Gamma(10^{9})}",
    "huge-power": "\\boxed{10^{10^{7}}}",
}


@pytest.fixture(scope="module")
def math_exact():
    reward = rewards.get("math_exact")
    reward(completions=["\\boxed{\\frac{1}{\\sqrt{2}}}"], answer=["\\frac{\\sqrt{2}}{2}"])  # start the workers
    return reward


@pytest.mark.parametrize("name", list(PATHOLOGICAL))
def test_pathological_input_scores_zero_and_returns(math_exact, name):
    started = time.monotonic()
    verdicts = math_exact.verdicts([PATHOLOGICAL[name]], answer=["5"])
    assert time.monotonic() - started < 5.0
    assert verdicts[0].score == 0.0
    assert verdicts[0].status in (Status.UNPARSED, Status.TIMEOUT, Status.WRONG)


def test_an_item_over_its_cpu_budget_times_out_without_a_kill(math_exact):
    pool = math_pool.shared_pool(None, 0.5)
    restarts = pool.restarts
    started = time.monotonic()
    slow = "\\boxed{\\sum_{k=1}^{99999} \\frac{1}{k^3}}"  # passes the caps; summed in Python: past 20 s of CPU
    verdicts = math_exact.verdicts([slow, "\\boxed{\\frac{2}{4}}"], answer=["\\frac{1}{2}"] * 2)
    assert verdicts[0].status is Status.TIMEOUT and verdicts[0].score == 0.0
    assert "CPU budget" in verdicts[0].detail
    assert verdicts[1].score == 1.0  # the batch goes on
    assert pool.restarts == restarts  # the budget stopped it inside the worker: no respawn for the next item to wait on
    assert time.monotonic() - started < 5.0
    assert math_exact(completions=["\\boxed{x^2 - 1}"], answer=["(x-1)(x+1)"]) == [1.0]  # the worker still works


def _table_call(reward):
    return reward.verdicts([row[1] for row in TABLE], answer=[row[0] for row in TABLE])


def test_same_verdicts_on_main_thread_worker_thread_and_event_loop():
    # A generous deadline: this checks that threads change nothing, not how fast sympy is on a loaded machine.
    math_exact = rewards.get("math_exact", deadline=5.0)
    assert threading.current_thread() is threading.main_thread()
    on_main = _table_call(math_exact)

    on_thread = []
    worker = threading.Thread(target=lambda: on_thread.append(_table_call(math_exact)))
    worker.start()
    worker.join(timeout=120)

    async def async_reward(**kwargs):  # TRL gathers async rewards on an event loop in a daemon thread
        return math_exact.verdicts(kwargs["completions"], answer=kwargs["answer"])

    loop = asyncio.new_event_loop()
    loop_thread = threading.Thread(target=loop.run_forever, daemon=True)
    loop_thread.start()
    future = asyncio.run_coroutine_threadsafe(
        async_reward(completions=[row[1] for row in TABLE], answer=[row[0] for row in TABLE]), loop)
    on_loop = future.result(timeout=120)
    loop.call_soon_threadsafe(loop.stop)

    assert on_thread == [on_main]
    assert on_loop == on_main
    assert [v.score for v in on_main] == [row[2] for row in TABLE]


def test_concurrent_callers_get_their_own_results(math_exact):
    results: dict[int, list] = {}

    def call(i: int) -> None:
        results[i] = math_exact(completions=[f"\\boxed{{\\frac{{{i}}}{{\\sqrt{{4}}}}}}"], answer=[f"{i}/2"])

    threads = [threading.Thread(target=call, args=(i,)) for i in range(1, 5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert results == {i: [1.0] for i in range(1, 5)}


def test_pool_rejects_bad_settings():
    with pytest.raises(ValueError, match="deadline > 0"):
        math_pool.new_pool(2, 0)
    with pytest.raises(ValueError, match="wall >= deadline"):
        deadline_pool.DeadlinePool(math_pool.WORKER, 1, 2.0, wall=1.0)


def test_the_cpu_budget_is_cpu_time_inside_the_worker():
    math_pool.check(math_pool.Item("\\frac{1}{2}", "\\frac{3}{6}"))  # imports and lazy grammars, as a worker's warm-up
    item = math_pool.Item("\\frac{1}{2}", "\\sum_{k=1}^{99999} \\frac{1}{k^3}", budget=0.3)
    started = time.process_time()
    assert math_pool.check(item)[0] == deadline_pool.TIMEOUT
    assert 0.25 < time.process_time() - started < 2.0  # it used about its budget of CPU, then stopped
    assert math_pool.check(math_pool.Item("\\frac{1}{2}", "\\frac{2}{4}", budget=0.3))[0] == math_pool.CORRECT


def _burn(cpu_seconds: float) -> None:
    end = time.process_time() + cpu_seconds
    while time.process_time() < end:
        pass


@pytest.mark.parametrize("then", ["more work", "return"])
def test_a_swallowed_budget_signal_still_ends_the_item(then):
    """mpmath's bare ``except:`` can swallow the budget's exception (one did, and a one-shot signal left sympy
    computing for 20 minutes): the work after it is still cut off, and work that returns after it is a timeout."""
    started = time.process_time()
    with pytest.raises(math_pool.OverBudget), math_pool.cpu_budget(0.1):
        try:
            _burn(5.0)
        except:  # noqa: E722  # as mpmath's converters do
            pass
        if then == "more work":
            _burn(5.0)
    assert time.process_time() - started < 1.5  # the budget and a few repeats of its signal, not 5-10 s
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)  # nothing left to fire in later work


def test_workers_that_cannot_start_give_errors_not_a_hang(monkeypatch):
    monkeypatch.setattr(sys, "executable", "/bin/false")  # a real process that exits at once, like a broken install
    pool = math_pool.new_pool(2, 0.5)
    try:
        started = time.monotonic()
        results = pool.run([math_pool.Item("x", "x + 0"), math_pool.Item("y", "y")])
    finally:
        pool.close()
    assert time.monotonic() - started < 30
    assert [status for status, _ in results] == ["error", "error"]
    # Two workers die concurrently, so the pool may count one more death than its limit before it gives up.
    died = re.search(r"died (\d+) times while starting", results[0][1])
    assert died and int(died.group(1)) >= deadline_pool.MAX_FAILED_STARTS
