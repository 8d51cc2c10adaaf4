"""Every reader of completion text runs in linear time: growth ratios and adversarial strings.

A reader that is quadratic (a pattern retried from every position of a run) or worse (a run split among nested
repetitions) stalls the trainer with the GIL held. Each reader is timed in CPU seconds on an input and on one 4x
longer: linear takes ~4x, quadratic ~16x; the bound is 8x. Sizes are large enough (a repeated call of at least
~10 ms) that the ratio is no noise, and the best of three runs is kept.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from cpu_cost import growth
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rewards import format as fmt
from rewards.math import conditions, evaluate, hedges
from rewards.math.exact import _triage, gold_answer
from rewards.protocol import Status
from rewards.reading import caps, literals, notation
from rewards.reading import final as extraction
from rewards.reading.shown import has_content, shown_latex, shown_text, trimmed

MAX_GROWTH = 8.0
# A reader that handles the small input in under this many CPU seconds (all calls together) is measured against it:
# below a millisecond the clock's noise, not the reader, sets the ratio (a 16,000-character pass is microseconds).
NOISE_FLOOR = 1e-3

# Adversarial families: f(n) is about n characters long.
FAMILIES: dict[str, Callable[[int], str]] = {
    "spaces": lambda n: "The answer is 5" + " " * n + "x",
    "letters": lambda n: "ab cd 5 " + "a" * n + "!?",
    "digits": lambda n: "1" * (n // 2) + "," + "1." * (n // 4),
    "braces": lambda n: "\\boxed{" + "{(" * (n // 2) + "5",
    "backslashes": lambda n: "\\" * (n // 2) + "\\phantom{" * (n // 18) + "\\kern",
    "phrases": lambda n: "The answer is 5 or " * (n // 19) + "x < 1 or ",
    "words": lambda n: "5 " + "ab " * (n // 3) + "(aa" + " and 6, " * 3,
    "clauses": lambda n: "The answer is 5" + (";" + " " * 10 + "—" + " " * 10 + "(") * (n // 23) + "x",
    "role lines": lambda n: "5:" + "x \t\n#\n Question :" * (n // 17),  # a turn per line, none cut: no answer before
    "blank lines": lambda n: "Answer: 5" + "\n \t" * (n // 3) + "User:",
    "spacing": lambda n: "\\,\\ " * (n // 8) + "5" + "\\;\\ ," * (n // 10) + "\\\\",
    "comments": lambda n: "$" + "% \\boxed{5}\n" * (n // 14) + "$" + "\\(%" * (n // 12) + "<!--" * (n // 16),
    "bare_boxes": lambda n: "\\boxed 5 \\fbox{\\boxed{" * (n // 24) + "\\framebox[",
}

READERS: dict[str, Callable[[str], object]] = {
    "triage": lambda s: [_triage(g, s) for g in ("5", "(1, 2)", "-2, 2", "C")],
    "extract_answer": extraction.extract_answer,
    "final_answer": extraction.final_answer,
    "gold_answer": gold_answer,
    "hedge": lambda s: (hedges.hedge(extraction.Answer((s,), "last_line"), "5"),
                        hedges.hedge(extraction.Answer((s,), "answer_is"), "(1, 2)")),
    "items": hedges.items,
    "contradiction": hedges.contradiction,
    "answer_in_prose": notation.answer_in_prose,
    "as_intervals": notation.as_intervals,
    "gold_values": notation.gold_values,
    "number": literals.number,
    "choice": literals.choice,
    "quick_verdict": lambda s: (literals.quick_verdict("5", s), literals.quick_verdict(s, "(1, 2)")),
    "fast_verdict": lambda s: evaluate.fast_verdict("x+1", s),
    "too_complex": caps.too_complex,
    "shown_latex": shown_latex,
    "shown_text": shown_text,
    "has_content": has_content,
    "trimmed": trimmed,
    "condition_groups": conditions.groups,  # capped at MAX_ANSWER_CHARS: the small sizes are what is measured
    "named_set": notation.named_set,
    "format_rewards": lambda s: [r.verdict(s) for r in (fmt.FormatBoxed(), fmt.FormatBoxedSoft(),
                                                          fmt.FormatThinkSoft(), fmt.FormatAnswerTagsSoft(),
                                                          fmt.TagCount())],
}


@pytest.mark.parametrize("family", list(FAMILIES))
@pytest.mark.parametrize("reader", list(READERS))
def test_reader_grows_linearly(reader, family):
    read, make = READERS[reader], FAMILIES[family]
    # past the 1,000-character answer cap
    base, grown = growth(read, make(4_000), make(16_000), own_thread=True, bound=MAX_GROWTH)
    assert grown <= MAX_GROWTH * max(base, NOISE_FLOOR), f"{reader} on {family}: {grown:.3f}s vs {base:.3f}s (4x input)"


# Completions built from runs of the pieces degenerate policies repeat.
PIECES = [" ", "\n", "\t", "a", "ab ", "5", "1,", "1.", "{", "}", "(", ")", "\\", "\\{", "$", "!", "?", ". ", ", ",
          "The answer is ", "answer: ", "#### ", "\\boxed{", "\\boxed{5}", " or ", " and ", "<think>", "</think>",
          "<answer>", "</answer>", "\\phantom{", "\\kern", "\\quad", "\\text{", "x < ", "\\le ", "=", "^{", "\\frac",
          "**", "(B)", "\\in ", "\\{1, 2\\}", "because ", "; ", " — ", " (since ", "\\,", "\\ ", "\\qquad",
          "<!--", "-->", "%", "\\fbox ", "\\boxed "]
RUNS = st.lists(st.tuples(st.sampled_from(PIECES), st.integers(1, 3_000)), min_size=1, max_size=6)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RUNS)
def test_adversarial_completions_are_read_within_a_cpu_second(runs):
    text = "".join(piece * count for piece, count in runs)[-extraction.MAX_COMPLETION_CHARS:]
    # This thread's CPU: the readers run in it, and the session's other threads (a shared sandbox's restarts, a
    # pool finishing an earlier test's work) once added 17 s to a process-wide clock here.
    start = time.thread_time()
    for gold in ("5", "\\frac13", "(1, 2)", "-2, 2", "B"):
        _triage(gold, text)
    gold_answer(text)
    assert time.thread_time() - start < 1.0  # generous: the worst family takes ~0.05 s for all five golds


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(RUNS)
def test_adversarial_completions_never_end_in_error(math_exact, runs):
    text = "".join(piece * count for piece, count in runs)
    golds = ["5", "\\frac13", "(1, 2)", "k = 1, 2, 3", "B"]
    verdicts = math_exact.verdicts([text] * len(golds), answer=golds)
    assert all(v is not None and v.status != Status.ERROR for v in verdicts), verdicts
