"""``number_search``: find a secret integer from 1 to 100 in ten guesses; each wrong guess is answered "higher" or
"lower", with the range all replies so far leave possible ("50: higher, so 51 to 100"). The reference policy
(bisection) needs at most seven.

The reward is 1.0 for a solved game; an unsolved one earns partial credit for the range its replies ruled out, on a
log scale, up to `PARTIAL_MAX` (one number left but never guessed). The replies are the game's own, so only guesses
inside the range still possible earn it: a guess outside it, a refused move or no move narrows nothing, and no
unsolved game reaches the 1.0 of a solved one."""

from __future__ import annotations

import math
import random
import re
from typing import Any

from datasets import Dataset

from envs.games.base import Game, InvalidMove, build_games

__all__ = ["NumberSearch", "build"]

LOW, HIGH = 1, 100
PARTIAL_MAX = 0.5  # what an unsolved game earns at most: a solved one (1.0) always beats it
_NUMBER = re.compile(r"[+-]?\d{1,6}")


class NumberSearch(Game):
    """Guess the secret number with the ``guess`` tool; higher/lower replies, ten guesses."""

    max_turns = 10
    max_move_chars = 12

    def _setup(self, rng: random.Random) -> None:
        self.secret = rng.randint(LOW, HIGH)
        self.low, self.high = LOW, HIGH  # what the replies so far leave possible (the reference policy's view)

    def _start_key(self) -> int:
        return self.secret

    def _split_key(self) -> str:
        # Held out by seed, not by secret: the game is only its secret, one of 100, so holding secrets out left the
        # eval split a handful of numbers (6 at the defaults) whose final guess no training game ever made, a test of
        # recall rather than of search. By seed, held-out games are new draws of the same game (each secret equally
        # likely), the distribution a search policy is played on.
        return f"seed {self.seed}"

    def _describe(self) -> str:
        return (f"I picked a whole number from {LOW} to {HIGH}. Find it in {self.max_turns} guesses with the guess "
                "tool; after each guess I say higher or lower.")

    def guess(self, number: int) -> str:
        """Guess the secret number.

        Args:
            number: A whole number from 1 to 100.

        Returns:
            "higher" or "lower" with the range still possible ("50: higher, so 51 to 100"), "correct", or why the
            guess was refused.
        """
        return self._play(number, _read_number, self._answer)

    def _answer(self, number: int) -> str:
        if number == self.secret:
            self.solved = True
            return f"{number} is correct!"
        if number < self.secret:
            self.low = max(self.low, number + 1)
        else:
            self.high = min(self.high, number - 1)
        # The reply states what all replies so far leave possible, so the next guess of a searching policy is a
        # function of the last reply alone (the whole transcript is not re-read to find the range).
        return f"{number}: {'higher' if number < self.secret else 'lower'}, so {self.low} to {self.high}"

    def _reference_call(self) -> tuple[str, dict[str, Any]]:
        return "guess", {"number": (self.low + self.high) // 2}

    def get_reward(self) -> float:
        """1.0 when solved; else `PARTIAL_MAX` times the share of the range ruled out (log scale): 0.0 for no move."""
        if self.solved:
            return 1.0
        # Partial credit gives a group whose games all failed a gradient toward informative guesses.
        return PARTIAL_MAX * (1 - math.log(self.high - self.low + 1) / math.log(HIGH - LOW + 1))


def _read_number(move: str) -> int:
    if not _NUMBER.fullmatch(move):
        raise InvalidMove(f"a guess is a whole number from {LOW} to {HIGH}, got {move[:12]!r}")
    number = int(move)
    if not LOW <= number <= HIGH:
        raise InvalidMove(f"{number} is outside {LOW}..{HIGH}")
    return number


def build(n_train: int = 2000, n_eval: int = 100, seed: int = 0) -> tuple[Dataset, Dataset]:
    """``(train, eval)`` games: columns ``prompt`` (chat) and ``seed``; held-out games have held-out seeds (their
    secrets are drawn from the same 1..100 as the training games')."""
    return build_games(NumberSearch, n_train, n_eval, seed)
