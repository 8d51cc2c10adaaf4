"""Format rewards, strict and soft: (completion, expected score) tables with multi-line content, repeated and nested
tags, and empty answers; the cases open-r1's regexes got wrong are marked."""

from __future__ import annotations

import pickle

import pytest

import rewards

R1 = "<think>\nstep one\nstep two\n</think>\n<answer>\n\\boxed{4}\n</answer>"  # open-r1's layout, multi-line
REPEATED = "<think>\na\n</think>\n<think>\nb\n</think>\n<answer>\n4\n</answer>"  # open-r1's regex accepts this
NESTED = "<think>\n<think>\ninner\n</think>\n</think>\n<answer>\n4\n</answer>"

FORMAT_THINK = [
    (R1, 1.0, 1.0),
    ("<think>\nline 1\n\nline 3\n</think>\nThe answer is 4.", 1.0, 1.0),  # blank lines inside: DOTALL
    ("<think>\nreason\n</think>\n", 0.0, 0.0),  # empty answer
    ("<think>\nreason\n</think>\n   \n", 0.0, 0.0),  # blank answer
    ("<think>\n\n</think>\n4", 0.0, 0.0),  # empty reasoning
    (REPEATED, 0.0, 0.0),
    (NESTED, 0.0, 0.0),
    ("<think>\nreason\n</think>\n4 <think>\nmore\n</think>\n", 0.0, 0.0),  # a second block after the answer
    ("reason\n</think>\n4", 0.0, 1.0),  # opening tag in the prompt (R1 / Qwen3 templates)
    ("  <think>reason</think> 4", 0.0, 1.0),  # whitespace around tags
    ("<think>\nreason\n4", 0.0, 0.0),  # never closed
    ("4", 0.0, 0.0),
    ("", 0.0, 0.0),
]

FORMAT_ANSWER_TAGS = [
    (R1, 1.0, 1.0),
    ("<think>\na\nb\n</think>\n<answer>\nline 1\nline 2\n</answer>", 1.0, 1.0),
    ("<answer>4</answer>", 0.0, 1.0),  # no reasoning: only soft
    ("<think>\nr\n</think>\n<answer>\n\n</answer>", 0.0, 0.0),  # empty answer
    ("<think>\nr\n</think>\n<answer>\n4\n</answer>\nmore text", 0.0, 0.0),  # text after the answer
    (REPEATED, 0.0, 0.0),
    ("<think>\nr\n</think>\n<answer>\n4\n</answer>\n<answer>\n5\n</answer>", 0.0, 0.0),  # repeated answer tags
    ("<think>\n<answer>4</answer>\n</think>\nso", 0.0, 0.0),  # answer block inside the reasoning
    ("<think>r</think><answer>4</answer>", 0.0, 1.0),  # no newlines: only soft
    ("", 0.0, 0.0),
]

FORMAT_BOXED = [
    ("so the answer is \\boxed{4}", 1.0, 1.0),
    ("\\boxed{\\frac{1}{2}}.", 1.0, 1.0),  # nested braces, trailing period
    ("$\\boxed{4}$\n", 1.0, 1.0),
    (R1, 1.0, 1.0),  # boxed inside the answer tags
    ("\\boxed{3} then \\boxed{4}", 0.0, 1.0),  # several boxes: only soft
    ("\\boxed{4} because reasons", 0.0, 1.0),  # text after the box: only soft
    ("\\boxed{}", 0.0, 0.0),  # empty
    ("\\boxed{ }", 0.0, 0.0),
    ("<think>\nit is \\boxed{4}\n</think>\nnot sure", 0.0, 0.0),  # box only inside the reasoning
    ("<think>\nstill thinking \\boxed{4}", 0.0, 0.0),  # reasoning never closed
    ("\\boxed{4", 0.0, 0.0),  # unbalanced
    ("4", 0.0, 0.0),
]

TAG_COUNT = [
    (R1, 1.0, 1.0),
    ("<think>\nr\n</think>\n", 0.5, 0.5),
    (REPEATED, 0.5, 0.5),  # both think tags repeated: no credit for them
    ("<think>r</think><answer>4</answer>", 0.0, 1.0),  # strict wants open-r1's newlines
    ("<think>\nr\n</think>\n<answer>\n4\n</answer>\n<answer>\n4\n</answer>", 0.5, 0.5),
    ("", 0.0, 0.0),
]


def _check(strict_id: str, table: list[tuple[str, float, float]]) -> None:
    strict, soft = rewards.get(strict_id), rewards.get(f"{strict_id}_soft")
    texts = [row[0] for row in table]
    assert strict(texts) == [row[1] for row in table]
    assert soft(texts) == [row[2] for row in table]
    assert rewards.get(strict_id, strict=False)(texts) == soft(texts)


@pytest.mark.parametrize("reward_id,table", [
    ("format_think", FORMAT_THINK), ("format_answer_tags", FORMAT_ANSWER_TAGS), ("format_boxed", FORMAT_BOXED),
    ("tag_count", TAG_COUNT),
], ids=["format_think", "format_answer_tags", "format_boxed", "tag_count"])
def test_format_reward_tables(reward_id, table):
    _check(reward_id, table)


def test_format_rewards_read_conversational_completions():
    fn = rewards.get("format_think")
    assert fn([[{"role": "assistant", "content": R1}], [{"role": "assistant", "content": REPEATED}]]) == [1.0, 0.0]


def test_failures_say_why():
    verdicts = rewards.get("format_think").verdicts([REPEATED, "<think>\nr\n</think>\n"])
    assert [v.status for v in verdicts] == [rewards.Status.WRONG] * 2
    assert "<think> appears 2 times" in verdicts[0].detail
    assert "no answer" in verdicts[1].detail
    partial = rewards.get("tag_count").verdicts([REPEATED])[0]
    assert partial.score == 0.5 and "<think> x2" in partial.detail


@pytest.mark.parametrize("reward_id", ["format_think", "format_answer_tags_soft", "format_boxed", "tag_count_soft"])
def test_format_rewards_follow_the_reward_contract(reward_id):
    fn = rewards.get(reward_id)
    assert fn.__name__ == reward_id
    out = fn(completions=[R1, ""], prompts=["p", "p"], completion_ids=[[1], []], answer=["4", "4"], unused=[0, 0])
    assert len(out) == 2
    assert pickle.loads(pickle.dumps(fn))(completions=[R1]) == fn(completions=[R1])


@pytest.mark.parametrize("box", ["\\boxed{5 \\kern x}", "\\boxed{5\\hskip}", "\\boxed{\\mkern 5}", "\\boxed{\\kern}"])
def test_a_size_command_without_a_size_is_no_error(box):
    # _skip_arguments once called .end() on a failed size match: the reward ended in status error (issue 28)
    for reward_id in ("format_boxed", "format_boxed_soft"):
        verdict = rewards.get(reward_id).verdicts([box])[0]
        assert verdict.status != rewards.Status.ERROR
    assert rewards.get("format_boxed_soft").verdicts(["\\boxed{\\kern}"])[0].score == 0.0  # shows nothing
    assert rewards.get("format_boxed_soft").verdicts(["\\boxed{5 \\kern x}"])[0].score == 1.0
