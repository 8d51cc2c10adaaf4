"""`Game`: a TRL environment that owns its episode and judges it (TRL 1.16's ``get_reward``), and the builder of its
datasets.

TRL makes one instance per rollout, calls ``reset(**row)``, offers the public methods as tools (the moves) and, after
the rollout, calls ``get_reward()``: 1.0 when the game was solved, else 0.0 (the do-nothing floor; a game may pay
partial credit below 1.0, as `envs.games.number` does). The state is the instance's; the model's final message is
not read.

**Same start for a GRPO group.** A game is a pure function of its seed, and the seed is written in the prompt
(``(game 123)``), so every rollout of a group (one prompt, G completions) starts from the same state, in training
(TRL passes the row) and in evaluation (`eval.tool_loop` passes only the prompt) alike. TRL 1.16 offers no group id
to ``reset``; the prompt is what a group shares.

**Moves are untrusted text.** A move's argument is whatever JSON the model wrote: not a string (or an int where a
number is asked for), longer than ``max_move_chars``, unreadable, or made after the game ended (solved, or its
``max_turns`` spent) is refused with a message saying what is allowed, and counted (``invalid``). Length is capped
before any pattern runs and the patterns have no nested repetition, so reading a move is linear in its capped size.
Every reply passes `rewards.untrusted.clean`.

Limits: a game's size (word list, number range, maze size, turns) is a class attribute, not a builder option: the
seed in the prompt is all ``reset`` receives in evaluation, so a subclass is another game.
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable
from typing import Any, ClassVar

from datasets import Dataset

from envs.prompts import as_prompts
from envs.sources import bucket, check_counts
from envs.tools.boundary import ERROR_CHARS
from rewards.errors import RlvrError
from rewards.untrusted import clean

__all__ = ["Game", "InvalidMove", "build_games", "seed_of"]

EVAL_PERCENT = 10  # share of games held out, by `Game._split_key`
SEED_SCAN_CHARS = 4000  # of the prompt's last message, read for its seed
_SEED = re.compile(r"\(game (\d{1,9})\)")
MAX_SEED = 10**9 - 1


class InvalidMove(ValueError):
    """A move the game refuses; its message (what was wrong and what is allowed) is what the model reads."""


def seed_of(prompt: Any) -> int:
    """The game seed written in a prompt (a string or chat messages), as ``(game N)``.

    >>> seed_of([{"role": "user", "content": "Guess the word. (game 42)"}])
    42

    Raises:
        RlvrError: the prompt names no seed (a row not made by `build_games`).
    """
    text = prompt[-1].get("content", "") if isinstance(prompt, list) and prompt else prompt
    found = _SEED.findall(text[-SEED_SCAN_CHARS:]) if isinstance(text, str) else []
    if not found:
        raise RlvrError(f"A game starts from the seed its prompt names, '(game N)', and this prompt names none: "
                        f"{str(prompt)[:80]!r}. Build the rows with envs.games.build_games.")
    return int(found[-1])


class Game:
    """Base of the game envs: per-rollout state, turn and invalid-move counts, and the reward TRL reads.

    A subclass sets ``max_turns`` and ``max_move_chars``, and implements ``_setup`` (the start state from a seeded
    ``random.Random``), ``_start_key`` (the start state, comparable), ``_describe`` (the prompt's rules and board),
    ``_reference_call`` (the next call of a policy that reaches the max reward), ``_split_key`` and its tools, each
    of which calls `_play`.
    """

    max_turns: ClassVar[int] = 8  # moves the game answers; later ones are refused
    max_move_chars: ClassVar[int] = 40  # a longer argument is refused before it is read

    def __init__(self) -> None:
        self.seed: int | None = None
        self.turns = self.invalid = 0
        self.solved = False

    def reset(self, **row: Any) -> None:
        """Start the game the row's prompt names (its seed); the prompt already shows the rules and the board."""
        self._start(seed_of(row.get("prompt")))

    def _start(self, seed: int) -> None:
        """Start the game of ``seed``: the same seed always gives the same start state."""
        self.seed, self.turns, self.invalid, self.solved = seed, 0, 0, False
        self._setup(random.Random(seed))

    def get_reward(self) -> float:
        """The episode's reward, read by TRL after the rollout: 1.0 when solved, else 0.0."""
        return 1.0 if self.solved else 0.0

    def _episode_reward(self, text: str) -> float:
        """`rewards.env_reward`'s hook: the same reward (the final message is not read)."""
        return self.get_reward()

    def _episode_metrics(self) -> dict[str, float]:
        """What `rewards.env_reward` logs per step: moves made, the share refused, solved."""
        return {"turns": float(self.turns), "invalid_rate": self.invalid / self.turns if self.turns else 0.0,
                "solved_rate": float(self.solved)}

    @property
    def stats(self) -> dict[str, int]:
        """Moves and refused moves since `reset` (`eval.tool_loop` counts them as calls and tool errors)."""
        return {"calls": self.turns, "errors": self.invalid}

    def _prompt_text(self) -> str:
        """The prompt of this game: its rules and board, and its seed."""
        return f"{self._describe()}\n(game {self.seed})"

    def _play(self, move: Any, read: Any, apply: Any) -> str:
        """One move: refuse it (counted) or ``apply(read(move))``; the reply, cleaned, with the turns left."""
        self.turns += 1
        try:
            reply = apply(read(self._checked(move)))
        except InvalidMove as e:
            self.invalid += 1
            reply = f"Invalid move: {e}"
        left = self.max_turns - self.turns
        suffix = "" if self.solved or left < 0 else f" ({left} move{'s' * (left != 1)} left)"
        return clean(reply + suffix, ERROR_CHARS)

    def _checked(self, move: Any) -> str:
        if self.seed is None:
            raise InvalidMove("the game has not started (reset first)")
        if self.solved:
            raise InvalidMove("the game is over: it is solved")
        if self.turns > self.max_turns:
            raise InvalidMove(f"the game is over: no moves left (it allows {self.max_turns})")
        if type(move) is int:  # JSON numbers: a number game's guess may come as one
            if move.bit_length() > 64:  # before str(), whose cost grows faster than the digits
                raise InvalidMove(f"the number has {move.bit_length()} bits; a move is at most {self.max_move_chars} "
                                  "characters")
            move = str(move)
        if type(move) is not str:
            raise InvalidMove(f"a move is a string, got {type(move).__name__}")
        if len(move) > self.max_move_chars:
            raise InvalidMove(f"the move has {len(move)} characters; at most {self.max_move_chars}")
        return move.strip()

    def _play_reference(self) -> list[tuple[str, dict[str, Any], str]]:
        """Play the reference policy from the current state to the end: ``(tool, arguments, reply)`` per move."""
        moves = []
        while not self.solved and self.turns < self.max_turns:
            tool, arguments = self._reference_call()
            moves.append((tool, arguments, getattr(self, tool)(**arguments)))
        return moves

    def _reference_trace(self, row: dict[str, Any]) -> list[dict[str, Any]]:
        """The row's conversation under the reference policy: each move a tool call and its reply, then a last
        message (what `eval.tool_policy` warm-starts a policy on)."""
        self.reset(**row)
        messages = list(row["prompt"])
        for tool, arguments, reply in self._play_reference():
            call = {"type": "function", "function": {"name": tool, "arguments": arguments}}
            messages += [{"role": "assistant", "content": "", "tool_calls": [call]},
                         {"role": "tool", "name": tool, "content": reply}]
        return [*messages, {"role": "assistant", "content": "Solved." if self.solved else "Stuck."}]

    # What each game defines.
    def _setup(self, rng: random.Random) -> None:
        raise NotImplementedError

    def _start_key(self) -> Hashable:
        raise NotImplementedError

    def _describe(self) -> str:
        raise NotImplementedError

    def _reference_call(self) -> tuple[str, dict[str, Any]]:
        raise NotImplementedError

    def _split_key(self) -> str:
        raise NotImplementedError


def build_games(game: type[Game], n_train: int, n_eval: int, seed: int) -> tuple[Dataset, Dataset]:
    """``(train, eval)`` rows of ``game``: columns ``prompt`` (chat, naming the game's seed) and ``seed``.

    Seeds are drawn from ``seed``; a game is held out when its `Game._split_key` (the secret word, the maze's walls,
    or the seed itself where the secrets are too few to hold some out) hashes into the eval share, so no held-out
    key is ever trained on.
    """
    check_counts(n_train=n_train, n_eval=n_eval)
    rng, instance = random.Random(seed), game()
    rows: dict[str, list[int]] = {"train": [], "eval": []}
    for _ in range(50 * (n_train + n_eval) + 1000):
        if len(rows["train"]) >= n_train and len(rows["eval"]) >= n_eval:
            break
        instance._start(rng.randint(0, MAX_SEED))
        split = "eval" if bucket(f"{game.__name__}:{instance._split_key()}") < EVAL_PERCENT else "train"
        wanted = n_eval if split == "eval" else n_train
        if len(rows[split]) < wanted:
            rows[split].append(instance.seed)  # type: ignore[arg-type]  # set by start
    return _rows(game, rows["train"]), _rows(game, rows["eval"])


def _rows(game: type[Game], seeds: list[int]) -> Dataset:
    instance, texts = game(), []
    for s in seeds:
        instance._start(s)
        texts.append(instance._prompt_text())
    return Dataset.from_dict({"prompt": as_prompts(texts, chat=True), "seed": seeds})
