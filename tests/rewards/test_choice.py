"""``multiple_choice``: the layouts models write are read, hedges and answers outside the options are refused, golds
and options in every shipped form, linear reading, and the docs' table is what the reward does."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import numpy as np
import pytest
from cpu_cost import growth
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import envs
import rewards
from rewards.audit import audit
from rewards.choice.answer import read_choice
from rewards.choice.reward import judge_choice
from rewards.protocol import Status

OPTIONS = ["12", "15", "18", "21"]  # gold C = 18
ROOT = Path(__file__).resolve().parents[2]


def _verdict(text, gold="C", options=OPTIONS):
    return judge_choice(text, gold, options)


READ = [  # (completion, the letter it names), gold C
    ("**A**", "A"), ("__D__", "D"), ("(B)", "B"), ("Option C", "C"), ("Answer: (B)", "B"), ("Answer – B", "B"),
    ("Answer - B", "B"), ("Answer — D", "D"), ("The answer is C.", "C"), ("\\boxed{C}", "C"),
    ("\\boxed{\\text{(C)}}", "C"), ("$\\boxed{\\textbf{C}}$", "C"), ("Let me weigh them.\n\nC", "C"),
    ("The answer is 18.", "C"), ("The answer is $18$.", "C"), ("**Answer: B**", "B"), ("ANSWER: b", "B"),
    ("The correct answer is (B) 15, since 3*5 = 15", "B"), ("Final answer: B) 15", "B"), ("I choose b.", "B"),
    ("It must be (d)", "D"), ("Option C is correct.", "C"), ("The best option is C.", "C"),
    ("My final choice: [A]", "A"), ("<answer>C</answer>", "C"), ("<think>maybe A</think>\nAnswer: D", "D"),
    ("The answer is (A), not (B).", "A"), ("\\boxed{A}. Wait, no: the sum is 18, so \\boxed{C}.", "C"),
    ("\uff23", "C"), ("Answer: \\( C \\)", "C"), ("The answer is \\boxed{C} (18).", "C"),
    ("**C**\n\nFinal answer: \\boxed{C}", "C"), ("The answer is option c", "C"),
    ("Final Answer: The final answer is $\\boxed{C}$. I hope it is correct.", "C"),
    ("(A) is wrong since 12 < 18.\n(B) is wrong.\n(C) is right.\n\nThe answer is C", "C"),
    ("The answer is C. A and B are too small.", "C"), ("The answer is C. B is also not correct.", "C"),
    ("The answer is C.\n\nWhy not A? Because A is wrong, or B is too small.", "C"),
    ("Answer: C. D is also wrong.", "C"), ("答案: C", "C"),
]


@pytest.mark.parametrize("text, letter", READ)
def test_layouts_models_write_name_their_letter(text, letter):
    assert read_choice(text, OPTIONS) == letter
    verdict = _verdict(text)
    assert (verdict.score, verdict.status) == ((1.0, Status.CORRECT) if letter == "C" else (0.0, Status.WRONG))


REFUSED = [  # (completion, status, a piece of the detail)
    ("A or C", Status.WRONG, "hedge: names A and C"), ("The answer is A and C", Status.WRONG, "names A and C"),
    ("A/C", Status.WRONG, "names A and C"), ("Answer: C or maybe D", Status.WRONG, "C and D"),
    ("\\boxed{A} or \\boxed{C}", Status.WRONG, "boxes name A and C"), ("\\boxed{C, D}", Status.WRONG, "C and D"),
    ("A, B, C, D", Status.WRONG, "names A and B and C and D"), ("A B C D", Status.WRONG, "hedge"),
    ("A\nB\nC\nD", Status.WRONG, "lines showing only A, B, C"), ("(A)\n(C)", Status.WRONG, "lines showing only A"),
    ("Answer: C\nD", Status.WRONG, "lines showing only D"), ("\\boxed{A}\n\\boxed{C}", Status.WRONG, "hedge"),
    ("The answer is C. Or maybe D.", Status.WRONG, "C, then offers D"),
    ("\\boxed{C}, or perhaps (A) if we round", Status.WRONG, "then offers A"),
    ("The answer is C, but it could also be B.", Status.WRONG, "hedge"),
    ("The answer is C, though D could also be correct.", Status.WRONG, "C, then offers D"),
    ("The answer is C. (B) is right too.", Status.WRONG, "C, then offers B"),
    ("AB\nC", Status.WRONG, "lines showing only A, B"), ("A or\nC", Status.WRONG, "lines showing only A"),
    ("\\boxed{(C) 15}", Status.WRONG, "contradiction: label C with the text of option B"),
    ("All of the above.", Status.WRONG, "'All of the above' is not one of the options"),
    ("The answer is none of the above.", Status.WRONG, "not one of the options"),
    ("Both.", Status.WRONG, "not one of the options"),
    ("\\boxed{E}", Status.WRONG, "E is not an option (the options are A-D)"), ("Answer: (Z)", Status.WRONG, "Z is not"),
    ("The answer is 19.", Status.UNPARSED, "names no option"), ("I think C is right", Status.UNPARSED, "no option"),
    ("A good question.", Status.UNPARSED, "names no option"), ("", Status.UNPARSED, ""),
    ("<think>\\boxed{C}</think> I am not sure.", Status.UNPARSED, "names no option"),
    ("<think>The answer is C", Status.UNPARSED, "reasoning never closed"),
    ("\\boxed{\\phantom{C}}", Status.UNPARSED, "empty"), ("\\boxed{C", Status.UNPARSED, "unclosed"),
    ("The answer is " + "C" * 5000, Status.UNPARSED, ""),
]


@pytest.mark.parametrize("text, status, detail", REFUSED)
def test_hedges_and_answers_outside_the_options_score_zero(text, status, detail):
    verdict = _verdict(text)
    assert (verdict.score, verdict.status) == (0.0, status), verdict
    assert detail in verdict.detail


def test_the_option_text_must_be_exact_after_normalisation():
    options = ["The Moon", "Mars", "Venus", "All of the above"]
    assert _verdict("The answer is **the  moon**.", "A", options).score == 1.0
    assert _verdict("\\boxed{\\text{The Moon}}", "A", options).score == 1.0
    assert _verdict("The answer is the moons.", "A", options).status is Status.UNPARSED
    assert _verdict("The answer is Moon.", "A", options).status is Status.UNPARSED
    assert _verdict("All of the above.", "D", options).score == 1.0  # an option here, so it is that option


def test_two_options_with_one_text_are_answered_by_letter_only():
    options = ["5", "5", "6"]
    assert _verdict("The answer is 5.", "A", options).status is Status.UNPARSED
    assert _verdict("The answer is (A).", "A", options).score == 1.0


@pytest.mark.parametrize("gold", ["C", "c", "(C)", "C.", 2, np.int64(2), 2.0, "18", " 18 ", "$18$"])
def test_every_gold_form_names_option_c(gold):
    assert _verdict("\\boxed{C}", gold).score == 1.0 and _verdict("\\boxed{B}", gold).score == 0.0


@pytest.mark.parametrize("gold", ["E", 4, -1, 2.5, True, None, "19", "", float("nan")])
def test_a_gold_naming_no_option_cannot_be_scored(gold):
    assert _verdict("\\boxed{C}", gold) is None


@pytest.mark.parametrize("cell", ["ABCD", ["only one"], None, 7, [["nested"], ["lists"]], [str(i) for i in range(27)]])
def test_a_row_without_readable_options_cannot_be_scored(cell):
    assert judge_choice("\\boxed{A}", "A", cell) is None


def test_options_as_datasets_ship_them():
    aqua = ["A)12", "B)15", "C)18", "D)21"]
    assert _verdict("The answer is 18.", "C", aqua).score == 1.0
    assert _verdict("\\boxed{C}", "C", {"text": OPTIONS, "label": ["A", "B", "C", "D"]}).score == 1.0
    assert _verdict("\\boxed{C}", "C", np.array(OPTIONS)).score == 1.0
    assert _verdict("\\boxed{J}", "J", [str(i) for i in range(10)]).score == 1.0  # MMLU-Pro's ten options


def test_reward_reads_options_or_choices_and_conversations():
    fn = rewards.get("multiple_choice")
    texts = ["Answer: (C)", "A or C", "Option B"]
    assert fn(completions=texts, answer=["C"] * 3, options=[OPTIONS] * 3) == [1.0, 0.0, 0.0]
    chat = [[{"role": "assistant", "content": t}] for t in texts]
    assert fn(completions=chat, answer=[2, 2, 2], choices=[OPTIONS] * 3, unrelated=[1, 2, 3]) == [1.0, 0.0, 0.0]
    assert fn(completions=["\\boxed{C}"], answer=["C"], options=[None]) == [None]  # a row of another task
    assert pickle.loads(pickle.dumps(fn)).__name__ == "multiple_choice"
    assert rewards.required_columns(fn) == ("answer", ("options", "choices"))


# Layouts with a slot for the letter, and the changes that do not change how the text renders.
LAYOUTS = ["The answer is {L}.", "Answer: {L}", "{L}", "So the final answer is ({L}).", "Option {L}",
           "I choose {L}.", "Let me weigh the options.\n\n{L}", "Answer – {L}", "<answer>{L}</answer>",
           "It must be {L}.", "The answer is {L} or {M}.", "{L}, {M}"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layout=st.sampled_from(LAYOUTS), letter=st.sampled_from("ABCDEF"), other=st.sampled_from("ABCD"),
       emphasis=st.sampled_from(["", "**", "__", "*", "_", "`"]),
       spaces=st.lists(st.sampled_from([" ", "  ", "\u00a0", " \t"]), min_size=12, max_size=12),
       before=st.sampled_from(["", "\n", "\n\n", "  "]), after=st.sampled_from(["", "\n", " \n\n", "  "]))
def test_text_that_renders_the_same_scores_the_same(layout, letter, other, emphasis, spaces, before, after):
    plain = layout.replace("{L}", letter).replace("{M}", other)
    styled = layout.replace("{L}", f"{emphasis}{letter}{emphasis}").replace("{M}", other)
    pieces = styled.split(" ")
    styled = before + "".join(p + s for p, s in zip(pieces, [*spaces[: len(pieces) - 1], ""])) + after
    shown, written = _verdict(styled), _verdict(plain)
    assert (shown.score, shown.status) == (written.score, written.status), (styled, shown, written)


LETTERISH = st.lists(st.one_of(st.sampled_from("ABCDabcd"), st.sampled_from(list(" \n,.;:()[]/-*_|&"))),
                     min_size=1, max_size=40).map("".join)


@settings(max_examples=500, deadline=None)
@given(text=LETTERISH, gold=st.sampled_from("ABCD"))
def test_text_made_only_of_option_letters_is_paid_only_when_it_names_one_letter(text, gold):
    verdict = _verdict(text, gold)
    if verdict.score > 0:
        assert {c.upper() for c in text if c.isalpha()} == {gold}, (text, verdict)


@settings(max_examples=300, deadline=None)
@given(first=st.sampled_from("ABCD"), second=st.sampled_from("ABCD"),
       joint=st.sampled_from([" or ", ", ", " and ", "/", " & ", " or maybe ", "\n", "; "]),
       layout=st.sampled_from(["{X}", "The answer is {X}.", "Answer: {X}", "\\boxed{{X}}", "**{X}**"]))
def test_two_different_letters_are_never_paid(first, second, joint, layout):
    text = layout.replace("{X}", f"{first}{joint}{second}")
    if first != second:
        assert _verdict(text, first).score == 0.0 and _verdict(text, second).score == 0.0, text


@pytest.fixture(scope="module")
def math_exact():
    return rewards.get("math_exact", prestart=False)  # choice rows never need a math-verify worker


@pytest.mark.parametrize("text", [t for t, _ in READ] + [t for t, _, _ in REFUSED])
@pytest.mark.parametrize("gold", ["C", "D", 2, "18"])
def test_math_exact_judges_a_row_with_options_as_multiple_choice(math_exact, text, gold):
    # On main, math_exact read these rows without their options: "The answer is 18." was no letter, and a line per
    # letter ("Answer: C\nD") paid the last letter.
    expected = judge_choice(text, gold, OPTIONS)
    (verdict,) = math_exact.verdicts([text], answer=[gold], options=[OPTIONS])
    assert (verdict.score, verdict.status, verdict.detail) == (expected.score, expected.status, expected.detail)


def test_math_exact_reads_choices_and_falls_back_to_math_where_no_option_is_named(math_exact):
    texts = ["The answer is 18.", "\\boxed{3}", "\\boxed{C}", "\\boxed{7}"]
    golds = ["C", "3", "19", "7"]  # the last two: a gold naming none of the options is a math gold
    assert math_exact(texts, answer=golds, choices=[OPTIONS, None, OPTIONS, OPTIONS]) == [1.0, 1.0, 0.0, 1.0]
    assert math_exact(["A\nB\nC\nD"], answer=["D"]) == [1.0]  # without options, a math row reads the last line


@settings(max_examples=200, deadline=None)
@given(letters=st.lists(st.sampled_from("ABCD"), min_size=2, max_size=4, unique=True),
       joint=st.sampled_from([" or ", ", ", " and ", "/", "\n", "; ", "\n\n"]),
       layout=st.sampled_from(["{X}", "The answer is {X}.", "Answer: {X}", "\\boxed{{X}}", "**{X}**", "Option {X}"]))
def test_math_exact_never_pays_a_choice_row_for_listing_letters(math_exact, letters, joint, layout):
    text = "\n".join(layout.replace("{X}", x) for x in letters) if joint == "\n" else layout.replace(
        "{X}", joint.join(letters))
    assert math_exact([text] * len(letters), answer=letters, options=[OPTIONS] * len(letters)) == [0.0] * len(letters)


UNTRUSTED = st.one_of(
    st.text(st.characters(exclude_categories=()), max_size=200),  # lone surrogates included
    st.builds(lambda c, n: c * n, st.sampled_from(["A", " ", "\n", "(", "{", "\\", "*", "\u200b"]),
              st.integers(0, 3000)),
    st.builds(lambda p, n: p * n, st.sampled_from(["A or ", "\\boxed{", "Answer: ", "(A)\n", "{{", "or maybe "]),
              st.integers(0, 400)))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=UNTRUSTED)
def test_any_text_gets_a_verdict_and_never_raises(text):
    verdict = _verdict(text)
    assert verdict.score in (0.0, 1.0) and verdict.status in (Status.CORRECT, Status.WRONG, Status.UNPARSED)


MAX_GROWTH = 8.0
FAMILIES = {
    "letters": lambda n: "A " * (n // 2),
    "lines": lambda n: "A\n" * (n // 2) + "C",
    "brackets": lambda n: "(" * n + "C",
    "or": lambda n: "The answer is C" + " or" * (n // 3),
    "answers": lambda n: "answer " * (n // 7) + "C",
    "spaces": lambda n: "Answer:" + " " * n + "C",
    "boxes": lambda n: "\\boxed{" * (n // 7) + "C",
    "labels": lambda n: "Option " * (n // 7) + "C",
    "text": lambda n: "The answer is " + "the moon " * (n // 9),
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_reading_is_linear(family):
    make = FAMILIES[family]
    small, large = growth(lambda s: judge_choice(s, "C", OPTIONS), make(4_000), make(16_000))
    assert large <= MAX_GROWTH * small + 0.01, f"{family}: {small:.4f}s -> {large:.4f}s"


def _docs_rows() -> list[tuple[str, str]]:
    text = (ROOT / "docs" / "rewards.md").read_text()
    table = text.split("<!-- choice:start -->")[1].split("<!-- choice:end -->")[0]
    rows = re.findall(r"^\| `(.+?)`(?: \([^|]*\))? \| ([^|]+) \|$", table, flags=re.M)
    return [(completion.replace("\\n", "\n"), verdict.strip()) for completion, verdict in rows]


def test_the_docs_table_shows_what_the_reward_does():
    rows = _docs_rows()
    assert len(rows) >= 20 and {v.split(":")[0] for _, v in rows} == {"correct", "wrong", "unparsed"}
    for completion, shown in rows:
        verdict = _verdict(completion)
        status, _, detail = shown.partition(": ")
        assert verdict.status.value == status, (completion, verdict)
        assert not detail or verdict.detail == detail, (completion, verdict.detail, detail)


@pytest.fixture(scope="module")
def choice_rows():
    return envs.make("arithmetic_choice", n_train=8, n_eval=8).heldout_rows(4)


def test_the_audit_passes_multiple_choice_on_its_env(choice_rows):
    report = audit(rewards.get("multiple_choice"), choice_rows)
    assert report.passed, report.table()
    earned = {r.case.name: r.earned for r in report.results}
    assert earned["honest correct"] == 1.0 and earned["honest wrong"] == 0.0
    assert {"every letter, one per line", "W or G", "'all of the above'", "letter past the options"} <= set(earned)


def naive_letter(completions, answer, **kwargs):
    """The deliberately naive grader: 1.0 when the gold letter stands alone anywhere in the completion."""
    return [float(bool(re.search(rf"(?<![A-Za-z]){a}(?![A-Za-z])", c))) for c, a in zip(completions, answer)]


def last_letter(completions, answer, options, **kwargs):
    """A common grader: the last standalone capital letter of the completion is the answer."""
    found = [re.findall(r"(?<![A-Za-z])([A-Z])(?![A-Za-z])", c) for c in completions]
    return [float(bool(f) and f[-1] == a) for f, a in zip(found, answer)]


def test_the_audit_names_the_hacks_naive_graders_pay(choice_rows):
    naive = set(audit(rewards.get("tests.rewards.test_choice:naive_letter"), choice_rows).hacked)
    assert {"every letter, one line", "every letter, one per line", "W or G", "gold only inside <think>",
            "1 MB output"} <= naive
    last = set(audit(rewards.get("tests.rewards.test_choice:last_letter"), choice_rows).hacked)
    assert "G offered after W" in last and "W or G" in last
