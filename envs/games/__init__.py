"""Games: multi-turn envs whose environment owns the episode and its reward (TRL 1.16's ``get_reward``).

- `envs.games.word`: ``word_guess``, a secret five-letter word, per-letter feedback (`WordGuess`).
- `envs.games.number`: ``number_search``, a secret number from 1 to 100, higher/lower replies (`NumberSearch`).
- `envs.games.maze`: ``maze``, a 5x5-cell maze drawn in the prompt, walked with a ``move`` tool (`Maze`).
- `envs.games.base`: `Game` (state, turn bound, refused moves, the reward) and `build_games` (seeded rows).

Each is registered as a tool env whose reward is the environment's own (docs/games.md).
"""

from envs.games.base import Game, InvalidMove, build_games, seed_of
from envs.games.maze import Maze
from envs.games.number import NumberSearch
from envs.games.word import WordGuess

__all__ = ["Game", "InvalidMove", "Maze", "NumberSearch", "WordGuess", "build_games", "seed_of"]
