"""The countdown checker: one row per rule, from the kinds of answers small models write."""

import pickle

import pytest

import rewards
from rewards.countdown import check
from rewards.reading.final import final_answer

# (completion, numbers, target, integer_steps, status, words the detail must contain)
CASES = [
    ("\\boxed{(6-2)*5}", [2, 5, 6], 20, True, "correct", ""),
    ("<answer>(6-2)*5</answer>", [2, 5, 6], 20, True, "correct", ""),
    ("\\boxed{5*(6-2)=20}", [2, 5, 6], 20, True, "correct", ""),
    ("\\boxed{(6-2) \\times 5}", [2, 5, 6], 20, True, "correct", ""),
    ("<answer>6*5</answer> no wait \\boxed{(6-2)*5}", [2, 5, 6], 20, True, "correct", ""),
    ("\\boxed{(2+2)*5}", [2, 2, 5], 20, True, "correct", ""),  # a repeated given number may be used as often as given
    # reused numbers
    ("\\boxed{6*5-2*5}", [2, 5, 6], 20, True, "wrong", "reuses 5"),
    ("\\boxed{(2+2+2)*5-10}", [2, 2, 5], 20, True, "wrong", "uses 10"),
    ("\\boxed{(2+2+2)*5}", [2, 2, 5, 6], 30, True, "wrong", "reuses 2"),
    # missing numbers
    ("\\boxed{6*5}", [2, 5, 6], 30, True, "wrong", "leaves out 2"),
    ("\\boxed{6*5}", [2, 5, 6, 6], 30, True, "wrong", "leaves out 2, 6"),
    # foreign numbers, including digits glued together and numbers written oddly
    ("\\boxed{(6-2)*5*1}", [2, 5, 6], 20, True, "wrong", "uses 1, not among"),
    ("\\boxed{25-6}", [2, 5, 6], 19, True, "wrong", "uses 25, not among"),
    ("\\boxed{(6-2)*5.0}", [2, 5, 6], 20, True, "wrong", "uses 5.0, not a whole number"),
    ("\\boxed{(6-2)*(4+1_0)}", [2, 4, 6, 10], 56, True, "wrong", "write numbers plainly"),
    ("\\boxed{(6-2)*5*True}", [2, 5, 6], 20, True, "wrong", "uses True, not a whole number"),
    # division by zero, with or without integer steps
    ("\\boxed{5+2/(2-2)}", [2, 2, 2, 5], 5, True, "wrong", "divides by zero"),
    ("\\boxed{5+2/(2-2)}", [2, 2, 2, 5], 5, False, "wrong", "divides by zero"),
    # non-integer steps: forbidden when the task says so, fine otherwise
    ("\\boxed{3/2*4}", [2, 3, 4], 6, True, "wrong", "non-integer step 3/2"),
    ("\\boxed{3/2*4}", [2, 3, 4], 6, False, "correct", ""),
    ("\\boxed{8/4*3}", [3, 4, 8], 6, True, "correct", ""),
    # other rule breaks and wrong values
    ("\\boxed{(6-2)*5}", [2, 5, 6], 21, True, "wrong", "equals 20, not 21"),
    ("\\boxed{(6-2)*5=20}", [2, 5, 6], 21, True, "wrong", "claims = 20, not the target 21"),
    ("\\boxed{-2+6*5}", [2, 5, 6], 28, True, "wrong", "unary sign"),
    ("\\boxed{2**5-6}", [2, 5, 6], 26, True, "wrong", "uses Pow"),
    ("\\boxed{6//2*5}", [2, 5, 6], 15, True, "wrong", "uses FloorDiv"),
    ("\\boxed{__import__('os').getcwd()}", [2, 5, 6], 20, True, "wrong", "uses Call"),
    ("\\boxed{x*5}", [2, 5, 6], 20, True, "wrong", "uses Name"),
    # numbers in other scripts, odd spellings, and the claimed value written oddly: never an error, never correct
    ("\\boxed{(\uff16-2)*5}", [2, 5, 6], 20, True, "unparsed", "not an expression"),  # full-width 6
    ("\\boxed{\u0666*\u0665}", [5, 6], 30, True, "unparsed", "not an expression"),  # Arabic-Indic digits
    ("\\boxed{(6-2)*5=2\u00b2}", [2, 5, 6], 20, True, "wrong", "claims"),  # superscript: int() raised before
    ("\\boxed{(6-2)*5=\u0662\u0660}", [2, 5, 6], 20, True, "wrong", "claims"),  # Arabic-Indic 20
    ("\\boxed{(6-2)*5=" + "9" * 5000 + "}", [2, 5, 6], 20, True, "unparsed", "longer than"),  # int() raised
    ("\\boxed{(6-2)*5=20=21}", [2, 5, 6], 20, True, "wrong", "claims"),
    ("\\boxed{20=(6-2)*5}", [2, 5, 6], 20, True, "wrong", "claims"),  # the target first
    ("\\boxed{20}", [2, 5, 6], 20, True, "wrong", "uses 20"),  # only the target
    ("\\boxed{2(3+4)}", [2, 3, 4], 14, True, "wrong", "uses Call"),  # implicit multiplication
    ("\\boxed{06*5}", [6, 5], 30, True, "unparsed", "not an expression"),  # leading zero
    ("\\boxed{+6*5}", [6, 5], 30, True, "wrong", "unary sign"),
    ("\\boxed{\\frac{6}{2}}", [6, 2], 3, True, "unparsed", "not an expression"),
    ("\\boxed{5**5**5}", [5, 5, 5], 5, True, "wrong", "uses Pow"),  # refused before anything is computed
    # nothing to judge
    ("the answer is 20", [2, 5, 6], 20, True, "unparsed", "no single final \\boxed{}"),
    # a hedge commits to nothing
    ("\\boxed{6*5} or \\boxed{(6-2)*5}", [2, 5, 6], 20, True, "unparsed", "no single final"),
    ("\\boxed{(6-2*5}", [2, 5, 6], 20, True, "unparsed", "not an expression"),
    ("\\boxed{" + "(" * 300 + "2" + ")" * 300 + "}", [2], 2, True, "unparsed", "longer than"),
]


@pytest.mark.parametrize("completion, numbers, target, integer_steps, status, detail", CASES)
def test_checker_table(completion, numbers, target, integer_steps, status, detail):
    reward = rewards.get("countdown")
    (verdict,) = reward.verdicts([completion], numbers=[numbers], target=[target], integer_steps=[integer_steps])
    assert verdict.status.value == status, verdict
    assert detail in verdict.detail
    assert verdict.score == (1.0 if status == "correct" else 0.0)


def test_integer_steps_column_overrides_the_parameter_and_none_rows_are_skipped():
    lenient = rewards.get("countdown", integer_steps=False)
    args = dict(numbers=[[2, 3, 4], [2, 3, 4], None], target=[6, 6, None])
    completions = ["\\boxed{3/2*4}"] * 3
    assert lenient(completions=completions, **args) == [1.0, 1.0, None]
    assert lenient(completions=completions, integer_steps=[True, False, None], **args) == [0.0, 1.0, None]
    assert rewards.get("countdown")(completions=completions, **args) == [0.0, 0.0, None]


def test_reward_contract_conversational_extra_kwargs_pickle():
    reward = pickle.loads(pickle.dumps(rewards.get("countdown")))
    assert reward.__name__ == "countdown"
    out = reward(prompts=["p", "p"], completions=[[{"role": "assistant", "content": "\\boxed{2*3}"}], "no"],
                 completion_ids=[[1], [2]], numbers=[[2, 3], [2, 3]], target=[6, 6], trainer_state=None,
                 unrelated=[1, 2])
    assert out == [1.0, 0.0]
    assert reward.counts["correct"] == 1 and reward.counts["unparsed"] == 1


def test_doctest_examples_of_check():
    assert check("6*5-2*5", [2, 5, 6], 20).detail == "reuses 5"


@pytest.mark.parametrize("text, expected", [
    ("\\boxed{1} then \\boxed{2}", "2"),
    ("\\boxed{\\frac{1}{2}}", "\\frac{1}{2}"),
    ("\\boxed{1} and an unclosed \\boxed{2", None),  # cut off mid-answer: nothing committed
    ("<answer>\n 3+4 \n</answer> trailing", "3+4"),
    ("\\boxed{9} <answer>8</answer>", "9"),  # a box outranks a tag, as in math_exact
    ("<answer>8</answer> \\boxed{9}", "9"),
    ("nothing here", None),
    ("\\boxed{1} " + "\\boxed{{" * 2000, None),  # degenerate: every later box is open
    ("<think>\\boxed{5}</think> \\boxed{6}", "6"),  # only what follows the reasoning counts
    ("\\boxed{1} \\boxed{2 \\boxed{3} 4", None),
])
def test_final_answer(text, expected):
    assert final_answer(text) == expected
