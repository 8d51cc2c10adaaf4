"""``word_guess``: find a secret five-letter word in six guesses, with per-letter feedback after each (Wordle's rules).

Feedback marks each letter of a guess ``G`` (right letter, right place), ``Y`` (in the word elsewhere) or ``-``
(not in the word, or not as many times as guessed), counting repeated letters as Wordle does. A guess is any five
letters a-z (case ignored); the secret comes from the built-in `WORDS`. The reference policy guesses, among the
words still consistent with the feedback, the one whose worst-case feedback leaves the fewest (minimax), and solves
every secret in at most three guesses (tested over all of them).
"""

from __future__ import annotations

import functools
import random
import re
from collections import Counter
from typing import Any

from datasets import Dataset

from envs.games.base import Game, InvalidMove, build_games

__all__ = ["WORDS", "WordGuess", "build", "feedback"]

WORDS = tuple("""
about above actor acute admit adopt adult after again agent agree ahead alarm album alert alike alive allow alone
along alter among anger angle angry apart apple apply arena argue arise array aside asset audio audit avoid award
aware badly baker basic beach began begin being below bench birth black blame blind block blood board boost booth
bound brain brand bread break breed brief bring broad brown build built buyer cable cabin carry catch cause chain
chair chart chase cheap check chest chief child chalk chose civil claim class clean clear click clock close coach
coast could count court cover craft crash cream crime cross crowd crown curve cycle daily dance dated dealt death
debut delay depth doing doubt dozen draft drama drawn dream dress drink drive drove dying eager early earth eight
""".split())
LETTERS = 5
_GUESS = re.compile(r"[a-z]{5}")


def feedback(guess: str, secret: str) -> str:
    """Wordle feedback of ``guess`` for ``secret``: ``G`` right place, ``Y`` elsewhere, ``-`` absent.

    >>> feedback("crane", "cater"), feedback("geese", "those"), feedback("about", "about")
    ('GYY-Y', '---GG', 'GGGGG')
    """
    marks = ["G" if g == s else "-" for g, s in zip(guess, secret)]
    left = Counter(s for g, s in zip(guess, secret) if g != s)  # secret letters not matched in place
    for i, g in enumerate(guess):
        if marks[i] == "-" and left[g] > 0:
            marks[i], left[g] = "Y", left[g] - 1
    return "".join(marks)


class WordGuess(Game):
    """Guess the secret word with the ``guess`` tool; six guesses."""

    max_turns = 6
    max_move_chars = 20

    def _setup(self, rng: random.Random) -> None:
        self.secret = rng.choice(WORDS)
        self.history: list[tuple[str, str]] = []

    def _start_key(self) -> str:
        return self.secret

    def _split_key(self) -> str:
        return self.secret

    def _describe(self) -> str:
        return (f"Find the secret {LETTERS}-letter English word in {self.max_turns} guesses with the guess tool. "
                "After each guess you get one mark per letter: G = right letter in the right place, Y = in the word "
                "but elsewhere, - = not in the word.")

    def guess(self, word: str) -> str:
        """Guess the secret word.

        Args:
            word: Five letters, e.g. "crane".

        Returns:
            The feedback marks, or why the guess was refused.
        """
        return self._play(word, _read_guess, self._score)

    def _score(self, word: str) -> str:
        marks = feedback(word, self.secret)
        self.history.append((word, marks))
        self.solved = word == self.secret
        return f"{word}: {marks} - solved!" if self.solved else f"{word}: {marks}"

    def _reference_call(self) -> tuple[str, dict[str, Any]]:
        return "guess", {"word": minimax_guess(tuple(self.history))}


@functools.lru_cache(maxsize=4096)
def minimax_guess(history: tuple[tuple[str, str], ...]) -> str:
    """The reference guess after ``history`` (guess, marks): a word whose worst-case marks leave the fewest secrets."""
    left = [w for w in WORDS if all(feedback(g, w) == m for g, m in history)]
    if len(left) <= 2:
        return left[0]
    return min(WORDS, key=lambda g: (max(Counter(feedback(g, w) for w in left).values()), g not in left))


def _read_guess(move: str) -> str:
    word = move.lower()
    if not _GUESS.fullmatch(word):
        raise InvalidMove(f"a guess is {LETTERS} letters a-z, got {move[:20]!r}")
    return word


def build(n_train: int = 2000, n_eval: int = 100, seed: int = 0) -> tuple[Dataset, Dataset]:
    """``(train, eval)`` games: columns ``prompt`` (chat) and ``seed``; held-out games have held-out secrets."""
    return build_games(WordGuess, n_train, n_eval, seed)
