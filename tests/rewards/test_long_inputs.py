"""Every in-process reward returns promptly on long adversarial completions: a regex that backtracks
quadratically (two adjacent runs of one class, a lazy .*? after \\s*) would stall the trainer for minutes here.
Bounded by a generous wall-clock limit per call: a hang guard, not a speed benchmark."""

from __future__ import annotations

import concurrent.futures

import pytest

import envs
import rewards

N = 200_000
INPUTS = {
    "blank": " " * N, "newlines": "\n" * N, "open_think": "<think>\n" + "a" * N,
    "close_think_then_blank": "</think>" + " " * N,
    "box_then_blank": "\\boxed{1}" + " " * N + "x", "box_then_dots": "\\boxed{1}" + ". $" * (N // 3) + "x",
    "answer_then_blank": "<answer>1</answer>" + " " * N + "x", "braces": "{" * N, "open_boxes": "\\boxed{" * (N // 7),
    "digits": "1" * N, "sum": "1+" * (N // 2) + "1", "parens": "(" * (N // 2) + ")" * (N // 2),
    "phrases": "the final answer is " * (N // 20), "repeated_block": "<think>a</think>\n<answer>" * (N // 25),
}
IN_PROCESS = ["countdown", "format_answer_tags", "format_answer_tags_soft", "format_boxed", "format_boxed_soft",
              "format_think", "format_think_soft", "overlong", "repetition", "tag_count", "tag_count_soft"]


@pytest.fixture(scope="module")
def columns():
    row = envs.make("countdown", n_train=8, n_eval=4).eval[0]
    return {c: [row[c]] for c in row if c != "prompt"}


@pytest.mark.parametrize("name", IN_PROCESS)
def test_reward_returns_promptly_on_long_adversarial_completions(name, columns):
    reward = rewards.get(name)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        for label, text in INPUTS.items():
            call = pool.submit(reward, completions=[text], completion_ids=[[7] * 4096], **columns)
            try:
                (score,) = call.result(timeout=20)
            except concurrent.futures.TimeoutError:
                pytest.fail(f"{name} took over 20 s on {label!r} ({len(text):,} chars)")
            assert isinstance(score, float), (label, score)
