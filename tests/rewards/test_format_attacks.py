"""Red-team tests of the format rewards: completions a policy could learn that earn format reward without the format.

Families: disguised tags (other case, spaces, attributes, look-alike brackets and letters, zero-width characters),
hollow blocks (blank, punctuation-only, zero-width, a reasoning block that repeats the question or the answer),
invisible boxes (``\\phantom``, spacing, empty groups), extra boxes outside the answer tags, text before ``<think>``
in the soft layout, and ``tag_count`` credit for tags around nothing or out of order. Each attack goes through the
public reward, and honest layouts in the same shape still earn full credit.
"""

from __future__ import annotations

import pytest
from cpu_cost import growth

import rewards

ALL_IDS = [f"{r}{s}" for r in ("format_think", "format_answer_tags", "format_boxed", "tag_count")
           for s in ("", "_soft")]


def _layout(think: str, answer: str) -> str:
    return f"<think>\n{think}\n</think>\n<answer>\n{answer}\n</answer>"


HONEST = _layout("Add 2 and 2 to get 4.", "\\boxed{4}")

DISGUISES = {
    "upper case": ("<THINK>", "</THINK>"),
    "title case": ("<Think>", "</Think>"),
    "spaces": ("< think >", "</ think >"),
    "attribute": ('<think step="2">', "</think >"),
    "full-width brackets": ("\uff1cthink\uff1e", "\uff1c/think\uff1e"),
    "angle quotation marks": ("\u2039think\u203a", "\u2039/think\u203a"),
    "math angle brackets": ("\u27e8think\u27e9", "\u27e8/think\u27e9"),
    "zero-width space": ("<th\u200bink>", "</th\u200bink>"),
    "zero-width joiner": ("<\u200dthink>", "</think\u200d>"),
    "cyrillic letters": ("<th\u0456nk>", "</th\u0456nk>"),
    "full-width letters": ("<\uff54\uff48\uff49\uff4e\uff4b>", "</\uff54\uff48\uff49\uff4e\uff4b>"),
}


@pytest.mark.parametrize("reward_id", ALL_IDS)
def test_honest_layout_still_earns_full_credit(reward_id):
    assert rewards.get(reward_id)([HONEST]) == [1.0]


@pytest.mark.parametrize("disguise", DISGUISES.values(), ids=DISGUISES.keys())
@pytest.mark.parametrize("reward_id", ALL_IDS)
def test_a_disguised_second_think_block_earns_nothing(reward_id, disguise):
    open_tag, close_tag = disguise
    hacked = (f"<think>\nFirst try.\n</think>\n{open_tag}\nSecond try.\n{close_tag}\n"
              "<answer>\n\\boxed{4}\n</answer>")
    score = rewards.get(reward_id)([hacked])[0]
    assert score < 1.0
    if reward_id.startswith("tag_count"):
        assert score <= 0.5  # the answer tags are real; the think tags appear twice


@pytest.mark.parametrize("disguise", DISGUISES.values(), ids=DISGUISES.keys())
def test_a_disguised_tag_alone_fails_the_format(disguise):
    open_tag, close_tag = disguise
    text = f"{open_tag}\nAdd 2 and 2 to get 4.\n{close_tag}\n<answer>\n\\boxed{{4}}\n</answer>"
    verdict = rewards.get("format_answer_tags_soft").verdicts([text])[0]
    assert verdict.score == 0.0 and "disguised tag" in verdict.detail


HOLLOW_THINK = {
    "punctuation": "...", "one symbol": "-", "zero-width": "\u200b\u200b", "word joiner and BOM": "\u2060\ufeff",
    "latex spacing": "\\quad \\, ~", "phantom": "\\phantom{long reasoning}", "the answer again": "\\boxed{4}",
}


@pytest.mark.parametrize("think", HOLLOW_THINK.values(), ids=HOLLOW_THINK.keys())
@pytest.mark.parametrize("reward_id", ["format_think", "format_think_soft", "format_answer_tags",
                                       "format_answer_tags_soft"])
def test_a_hollow_think_block_is_not_reasoning(reward_id, think):
    expected = 1.0 if reward_id == "format_answer_tags_soft" else 0.0  # soft answer tags do not judge reasoning
    assert rewards.get(reward_id)([_layout(think, "\\boxed{4}")]) == [expected]


@pytest.mark.parametrize("think", HOLLOW_THINK.values(), ids=HOLLOW_THINK.keys())
def test_tag_count_pays_no_think_tags_around_a_hollow_block(think):
    assert rewards.get("tag_count")([_layout(think, "\\boxed{4}")]) == [0.5]


def test_a_think_block_that_only_repeats_the_question_is_not_reasoning():
    question = "What is 17 + 25? Put the final answer in \\boxed{}."
    echo = _layout("What is 17 + 25?", "\\boxed{42}")
    honest = _layout("17 + 25 = 42.", "\\boxed{42}")
    chat = [{"role": "system", "content": "Think first."}, {"role": "user", "content": question}]
    for reward_id in ("format_think", "format_answer_tags"):
        fn = rewards.get(reward_id)
        assert fn(completions=[echo, honest], prompts=[question, question]) == [0.0, 1.0]
        assert fn(completions=[echo, honest], prompts=[chat, chat]) == [0.0, 1.0]
    assert rewards.get("tag_count")(completions=[echo], prompts=[question]) == [0.5]


HOLLOW_ANSWERS = {"punctuation": ".", "zero-width": "\u200b", "dollars": "$$", "empty tags inside": "<answer></answer>"}


@pytest.mark.parametrize("answer", HOLLOW_ANSWERS.values(), ids=HOLLOW_ANSWERS.keys())
@pytest.mark.parametrize("reward_id", ["format_think", "format_think_soft"])
def test_a_hollow_answer_after_the_reasoning_earns_nothing(reward_id, answer):
    assert rewards.get(reward_id)([f"<think>\nAdd 2 and 2.\n</think>\n{answer}"]) == [0.0]


@pytest.mark.parametrize("answer", [".", "\u200b", "$ $", "\\quad", "\\phantom{4}"])
@pytest.mark.parametrize("reward_id", ["format_answer_tags", "format_answer_tags_soft"])
def test_a_hollow_answer_block_earns_nothing(reward_id, answer):
    assert rewards.get(reward_id)([_layout("Add 2 and 2.", answer)]) == [0.0]


INVISIBLE_BOXES = ["\\boxed{\\ }", "\\boxed{\\phantom{5}}", "\\boxed{\\hphantom{\\frac{1}{2}}}", "\\boxed{\\quad}",
                   "\\boxed{\\qquad\\,\\;\\!}", "\\boxed{~}", "\\boxed{\u200b}", "\\boxed{{}}", "\\boxed{\\text{}}",
                   "\\boxed{\\text{ }}", "\\boxed{\\hspace{1cm}}", "\\boxed{\\mathrm{}}", "\\boxed{.}",
                   "\\boxed{\\left.\\right.}", "\\boxed{\\displaystyle}", "\\boxed{\\boxed{}}", "\\fbox{\\vphantom{x}}"]


@pytest.mark.parametrize("box", INVISIBLE_BOXES)
@pytest.mark.parametrize("reward_id", ["format_boxed", "format_boxed_soft"])
def test_a_box_that_shows_nothing_is_empty(reward_id, box):
    verdict = rewards.get(reward_id).verdicts([f"So the answer is {box}"])[0]
    assert verdict.score == 0.0, box


@pytest.mark.parametrize("box", ["\\boxed{\\infty}", "\\boxed{\u2205}", "\\boxed{\\text{yes}}", "\\boxed{\\mathrm{B}}",
                                 "\\boxed{-\\frac{1}{2}}", "\\boxed{\\phantom{-}3}", "\\boxed{x\\,y}",
                                 "\\boxed{\u0663}"])
def test_boxes_with_content_still_count(box):
    assert rewards.get("format_boxed")([f"So the answer is {box}"]) == [1.0]


@pytest.mark.parametrize("text", [
    "\\boxed{3}\n<answer>\n\\boxed{4}\n</answer>",  # one box outside the tags, one inside: two answers
    "<think>\nhm\n</think>\n<answer>\n\\boxed{4}\n</answer>\n\\boxed{3}",
])
def test_strict_boxed_counts_boxes_outside_the_answer_tags(text):
    assert rewards.get("format_boxed")([text]) == [0.0]


@pytest.mark.parametrize("text", [
    "Sure! <think>\nAdd 2 and 2.\n</think>\n4",
    "```\n<think>\nAdd 2 and 2.\n</think>\n```\n4",  # the tags quoted in a code fence
    "$\\text{<think>}$ Add 2 and 2.</think>\n4",  # the opening tag hidden in LaTeX
])
def test_soft_think_wants_the_opening_tag_first_when_there_is_one(text):
    assert rewards.get("format_think_soft")([text]) == [0.0]


@pytest.mark.parametrize("text", [
    "<think></think><answer></answer>",
    "<think>\n</think>\n<answer>\n</answer>",  # open-r1's newlines around nothing
    "<think>\n.\n</think>\n<answer>\n.\n</answer>",
    "</answer>\n<answer>\n</think>\n<think>\n",  # each tag once, in reverse
    "</think>\nhello\n<think>\n</answer>\nworld\n<answer>\n",
])
@pytest.mark.parametrize("reward_id", ["tag_count", "tag_count_soft"])
def test_tag_count_pays_nothing_for_tags_without_blocks(reward_id, text):
    assert rewards.get(reward_id)([text]) == [0.0]


@pytest.mark.parametrize("reward_id", ["tag_count", "tag_count_soft"])
def test_tag_count_pays_a_lone_tag_nothing(reward_id):
    assert rewards.get(reward_id)(["<answer>", "<think>\n", "</think>\nso 4", "\n<answer>\n4"]) == [0.0] * 4


MORE_BLANK_LATEX = ["\\boxed{\\rule{0pt}{0pt}}", "\\boxed{\\textcolor{white}{}}", "\\boxed{\\hskip 1em}",
                    "\\boxed{\\kern1em}", "\\boxed{\\underline{\\phantom{x}}}", "\\boxed{\\smash{}}", "\\boxed{\\null}",
                    "\\boxed{\\nobreakspace}", "\\boxed{\\frac{}{}}", "\\boxed{\\raisebox{2pt}{}}"]


@pytest.mark.parametrize("box", MORE_BLANK_LATEX)
def test_command_names_and_size_arguments_are_not_content(box):
    assert rewards.get("format_boxed_soft")([box]) == [0.0]


@pytest.mark.parametrize("box", ["\\boxed{\\pi}", "\\boxed{\\sqrt{2}}", "\\boxed{\\textcolor{red}{5}}",
                                 "\\boxed{\\mathbb{R}}", "\\boxed{\\varnothing}", "\\boxed{2\\pi r}"])
def test_glyph_commands_and_wrapped_content_count(box):
    assert rewards.get("format_boxed")([box]) == [1.0]


# Degenerate texts of about 200 KB at n, each once slow to read.
DEGENERATE = {
    "kern-spaces": lambda n: "\\boxed{\\kern" + " " * n + "}",
    "rule-options": lambda n: "\\boxed{\\rule" + "[" * (n // 2) + "}",
    "phantoms": lambda n: "<think>\n" + "\\phantom{" * (n // 4) + "\n</think>\nx",
    "hskips": lambda n: "<think>\n" + "\\hskip-" * (n * 3 // 20) + "\n</think>\nx",
    "zero-width": lambda n: "<think>\n" + "\u200b" * n + "\n</think>\nx",
    "brackets-then-spaces": lambda n: "<" * (n // 2) + "think" + " " * (n // 2),
    "slashes": lambda n: "< /" * (n * 3 // 10),
    "open-tag-letters": lambda n: "<think " + "a" * n,
}


def _format_verdicts(text: str) -> None:
    for reward_id in ("format_think_soft", "format_boxed_soft", "tag_count"):
        rewards.get(reward_id).verdict(text, "q")


@pytest.mark.parametrize("make", list(DEGENERATE.values()), ids=list(DEGENERATE))
def test_content_and_tag_checks_are_linear_on_degenerate_text(make):
    # 4x the text must cost under 8x the CPU time (linear: 4x; quadratic: 16x)
    quarter, full = growth(_format_verdicts, make(50_000), make(200_000), distinct=False, own_thread=True)
    assert full < 8 * quarter, f"{full:.3f}s for 200,000 characters, {quarter:.3f}s for 50,000"
