"""The final-answer reader's fast scans find exactly what the plain patterns they replaced found (issue 38's speed
work: a pattern tried at every character was a fifth of math_exact's time, the answer phrase a quarter)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from rewards.reading import final

# The patterns as they were, each tried at every position of a completion.
ROLE_LINE = re.compile(r"(?<=\S)[ \t]*\n\s*(?:#+\s*)?(?:(Human|User)|Question|Problem|Instruction)\s*:", re.IGNORECASE)
ANSWER_PHRASE = re.compile(final._ANSWER_PHRASE.pattern.removeprefix(final.PHRASE_STARTS), re.IGNORECASE)

PIECES = ["a", "5.", " ", "\t", "\n", "\r", "\u00a0", "#", "##", ":", "：", "User", "uSER", "Human", "Question",
          "PROBLEM", "Instruction", "answer", "ANSWER", "Answer is", "answer:", "answer —", "答案是", "答案", "答え",
          "は", "정답", "은", "Réponse", "Reponse", "antwort", "Ответ", "ответ", "Odpowiedź", "Risposta", "\u017f",
          "\u212a", "ß", "İ", "=", "x", "\\boxed{5}"]
texts = st.lists(st.sampled_from(PIECES), max_size=24).map("".join)


@settings(max_examples=3000, deadline=None)
@given(text=texts)
def test_role_lines_are_the_role_pattern_matches(text):
    assert list(final._role_lines(text)) == [(m.start(), m.group(1) is not None) for m in ROLE_LINE.finditer(text)]


@settings(max_examples=3000, deadline=None)
@given(text=st.one_of(texts, st.text(max_size=60)))
def test_the_answer_phrase_lookahead_changes_no_match(text):
    assert [m.span() for m in final._ANSWER_PHRASE.finditer(text)] == [m.span() for m in ANSWER_PHRASE.finditer(text)]
