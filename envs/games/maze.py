"""``maze``: walk from ``@`` to ``G`` through a 5x5-cell maze drawn in the prompt, with the ``move`` tool.

A move is a string of up to `MAX_STEPS` steps, each ``U``, ``D``, ``L`` or ``R`` (spaces and commas between them are
ignored), e.g. ``"RRDD"``; the walk stops at the first step into a wall, and that move counts as invalid. Each reply
redraws the maze. Mazes are perfect (one path between any two cells), carved by a seeded depth-first search; the
reference policy walks the shortest path (breadth-first search) in moves of `MAX_STEPS` steps: a path of at most
48 steps (24 cell to cell), so at most six moves.
"""

from __future__ import annotations

import random
import re
from collections import deque
from typing import Any

from datasets import Dataset

from envs.games.base import Game, InvalidMove, build_games

__all__ = ["Maze", "build"]

CELLS = 5  # cells per side; the drawing is 2 * CELLS + 1 characters square
MAX_STEPS = 8  # per move
STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
_MOVE = re.compile(r"[UDLR ,]+")


class Maze(Game):
    """Walk to the goal with the ``move`` tool; twelve moves."""

    max_turns = 12
    max_move_chars = 24

    def _setup(self, rng: random.Random) -> None:
        self.grid = _carve(rng)
        self.at, self.goal = (1, 1), (2 * CELLS - 1, 2 * CELLS - 1)

    def _start_key(self) -> str:
        return "\n".join(self.grid)  # the walls; every maze starts at the top left

    def _split_key(self) -> str:
        return self._start_key()

    def _describe(self) -> str:
        return (f"Walk from @ to G through this maze ('#' is a wall) with the move tool, in at most {self.max_turns} "
                f"moves. A move is up to {MAX_STEPS} steps, each U, D, L or R, e.g. \"RRDD\".\n{self._drawing()}")

    def _drawing(self) -> str:
        """The maze as text: ``#`` walls, ``@`` the walker, ``G`` the goal."""
        rows = [list(r) for r in self.grid]
        rows[self.goal[0]][self.goal[1]] = "G"
        rows[self.at[0]][self.at[1]] = "@"
        return "\n".join("".join(r) for r in rows)

    def move(self, steps: str) -> str:
        """Walk through the maze.

        Args:
            steps: Up to 8 steps, each U (up), D (down), L (left) or R (right), e.g. "RRDD".

        Returns:
            Where the walk ended and the maze redrawn, or why the move was refused.
        """
        return self._play(steps, _read_steps, self._walk)

    def _walk(self, steps: str) -> str:
        for i, step in enumerate(steps):
            r, c = self.at[0] + STEPS[step][0], self.at[1] + STEPS[step][1]
            if self.grid[r][c] == "#":
                raise InvalidMove(f"step {i + 1} ({step}) runs into a wall; the walk stopped after {i} steps\n"
                                  f"{self._drawing()}")
            self.at = (r, c)
            if self.at == self.goal:
                self.solved = True
                return f"Reached G - solved!\n{self._drawing()}"
        return self._drawing()

    def _reference_call(self) -> tuple[str, dict[str, Any]]:
        return "move", {"steps": _shortest(self.grid, self.at, self.goal)[:MAX_STEPS]}


def _read_steps(move: str) -> str:
    move = move.upper()
    if not _MOVE.fullmatch(move):
        raise InvalidMove(f"a move is steps U, D, L or R, e.g. \"RRDD\"; got {move[:24]!r}")
    steps = move.replace(" ", "").replace(",", "")
    if not steps or len(steps) > MAX_STEPS:
        raise InvalidMove(f"a move is 1 to {MAX_STEPS} steps, got {len(steps)}")
    return steps


def _carve(rng: random.Random) -> list[str]:
    """A perfect maze: depth-first search over the cells from the top left, knocking down walls."""
    size = 2 * CELLS + 1
    grid = [["#"] * size for _ in range(size)]
    stack, seen = [(0, 0)], {(0, 0)}
    grid[1][1] = " "
    while stack:
        r, c = stack[-1]
        nxt = [(r + dr, c + dc) for dr, dc in STEPS.values()
               if 0 <= r + dr < CELLS and 0 <= c + dc < CELLS and (r + dr, c + dc) not in seen]
        if not nxt:
            stack.pop()
            continue
        nr, nc = rng.choice(nxt)
        grid[2 * nr + 1][2 * nc + 1] = grid[r + nr + 1][c + nc + 1] = " "
        seen.add((nr, nc))
        stack.append((nr, nc))
    return ["".join(row) for row in grid]


def _shortest(grid: list[str], start: tuple[int, int], goal: tuple[int, int]) -> str:
    """The shortest walk from ``start`` to ``goal`` as steps (breadth-first search)."""
    came: dict[tuple[int, int], tuple[tuple[int, int], str] | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for step, (dr, dc) in STEPS.items():
            there = (here[0] + dr, here[1] + dc)
            if grid[there[0]][there[1]] != "#" and there not in came:
                came[there] = (here, step)
                queue.append(there)
    path, node = [], goal
    while (link := came[node]) is not None:
        node, step = link
        path.append(step)
    return "".join(reversed(path))


def build(n_train: int = 2000, n_eval: int = 100, seed: int = 0) -> tuple[Dataset, Dataset]:
    """``(train, eval)`` games: columns ``prompt`` (chat, the maze drawn) and ``seed``."""
    return build_games(Maze, n_train, n_eval, seed)
