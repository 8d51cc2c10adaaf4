"""maj@k against exact enumeration of every k-subset, on hand-made answer lists with ties."""

import itertools
import re
from collections import Counter
from fractions import Fraction

import pytest

from eval.majority import maj_at_k, votes


def enumerated_maj_at_k(answers, right, k):
    """Every k-subset votes; it is right when one answer has strictly more votes than any other and is right."""
    subsets = list(itertools.combinations(range(len(answers)), k))
    wins = 0
    for subset in subsets:
        tally = Counter(answers[i] for i in subset if answers[i] is not None).most_common()
        if tally and (len(tally) == 1 or tally[0][1] > tally[1][1]):
            wins += right[tally[0][0]]
    return Fraction(wins, len(subsets))


CASES = [  # answers, the right answer(s)
    (["4", "4", "5", "5"], {"4"}),  # a tie at k = n: wrong
    (["4", "4", "5"], {"4"}),
    (["4", "5", "6", "7"], {"4"}),  # every vote a tie above k = 1
    (["4", None, None, "5", "4"], {"4"}),  # unanswered samples do not vote
    ([None, None, None], {"4"}),
    (["4", "4", "4"], {"4"}),
    (["5", "5", "4", "6", "6", "4", "4"], {"4"}),
    (["1/2", "0.5", "7", "0.5", "7"], {"1/2", "0.5"}),  # two right spellings split their votes
]


@pytest.mark.parametrize("answers, right_answers", CASES)
def test_maj_at_k_matches_enumeration_for_every_k(answers, right_answers):
    passed = [a in right_answers for a in answers]
    vote = votes(answers, passed)
    right = {a: a in right_answers for a in answers}
    for k in range(1, len(answers) + 1):
        assert maj_at_k(vote, k) == pytest.approx(float(enumerated_maj_at_k(answers, right, k)), abs=1e-12), k


def test_ties_count_as_wrong_and_a_strict_majority_wins():
    assert maj_at_k(votes(["4", "4", "5", "5"], [True, True, False, False]), 4) == 0.0
    assert maj_at_k(votes(["4", "4", "5", "5", None], [True, True, False, False, False]), 5) == 0.0
    assert maj_at_k(votes(["4", "4", "5"], [True, True, False]), 3) == 1.0
    assert maj_at_k(votes(["5", "5", "4"], [False, False, True]), 3) == 0.0
    # k = 2 from (4, 4, 5): the pair (4, 4) wins, a (4, 5) pair ties: 1 of 3 pairs.
    assert maj_at_k(votes(["4", "4", "5"], [True, True, False]), 2) == pytest.approx(1 / 3)


def test_maj_at_1_is_the_share_of_answered_right_samples():
    vote = votes(["4", None, "5", "4"], [True, False, False, True])
    assert maj_at_k(vote, 1) == pytest.approx(2 / 4)


def test_an_answer_is_right_only_if_every_sample_giving_it_passed():
    assert votes(["4", "4"], [True, False]) == {"counts": [2], "correct": [False], "unanswered": 0}


def test_bad_k_and_mismatched_lengths_are_clear_errors():
    with pytest.raises(ValueError, match=re.escape("maj@k needs 1 <= k <= n, got k=4, n=3")):
        maj_at_k(votes(["4", None, "5"], [True, False, False]), 4)
    with pytest.raises(ValueError, match=re.escape("got 2 answers and 1")):
        votes(["4", "5"], [True])
