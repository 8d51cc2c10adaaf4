"""The audit of a game env: what its own reward pays known policies, on held-out games (`envs.check_env`,
``train.py --audit`` and ``python -m rewards.audit env_reward --env <game>`` run it).

Per game: the prompt names the game's seed and shows the board that seed starts from, two instances reset on the
row start from the same state (every member of a GRPO group plays the same game), the reference policy earns the
max reward (1.0), doing nothing earns the floor (0.0), and so does a final message that only claims a win (the env
judges its state, not text).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeGuard

from envs.games.base import Game, seed_of
from rewards.errors import RlvrError

__all__ = ["GameCase", "audit_game", "audit_or_raise", "audit_table", "is_game"]

MAX_REWARD, FLOOR = 1.0, 0.0
CLAIM = "I found it, the game is solved! \\boxed{solved}"


@dataclass(frozen=True)
class GameCase:
    """One policy's audit: the mean reward it earned over the games, what it must earn, and the games it missed."""

    case: str
    earned: float
    expected: float
    failures: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        """Whether every game paid what the case expects."""
        return not self.failures


def audit_game(game: type[Game], rows: list[dict[str, Any]]) -> list[GameCase]:
    """Play the audit's policies on ``rows`` (held-out games) and report each.

    >>> from envs.games.number import NumberSearch, build
    >>> [c.passed for c in audit_game(NumberSearch, list(build(n_train=0, n_eval=3)[1]))]
    [True, True, True, True]
    """
    return [_case("same seed, same start", rows, lambda row: _same_start(game, row), MAX_REWARD),
            _case("reference policy", rows, lambda row: _reference(game, row), MAX_REWARD),
            _case("do nothing", rows, lambda row: _idle(game, row), FLOOR),
            _case("claims a win in text", rows, lambda row: _claim(game, row), FLOOR)]


def is_game(factory: Any) -> TypeGuard[type[Game]]:
    """Whether an env's ``environment_factory`` is a game (a `Game` subclass)."""
    return isinstance(factory, type) and issubclass(factory, Game)


def audit_table(env_id: str, cases: list[GameCase]) -> str:
    """The audit as a plain-text table (case, reward earned, expected, result), as `rewards.audit` prints a reward's.

    >>> print(audit_table("x", [GameCase("do nothing", 0.0, 0.0)]))
    audit of game env 'x': PASS
      case       | reward earned | expected | result
      do nothing | 0.000         | 0.000    | ok
    """
    rows = [("case", "reward earned", "expected", "result")]
    rows += [(c.case, f"{c.earned:.3f}", f"{c.expected:.3f}", "ok" if c.passed else f"FAIL on {len(c.failures)}")
             for c in cases]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    passed = all(c.passed for c in cases)
    lines = [f"audit of game env {env_id!r}: " + ("PASS" if passed else "FAIL")]
    lines += ["  " + " | ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines += [f"  {c.case}: {f}" for c in cases for f in c.failures[:3]]
    return "\n".join(lines)


def audit_or_raise(env_id: str, game: type[Game], rows: list[dict[str, Any]],
                   show: Callable[[str], Any] | None = None) -> list[GameCase]:
    """Audit the game on ``rows`` (``show`` gets the table) and raise `RlvrError` naming the first failed games.

    Raises:
        RlvrError: a case failed on some game (the reference short of the max, doing nothing above the floor, ...).
    """
    cases = audit_game(game, rows)
    if show is not None:
        show(audit_table(env_id, cases))
    failures = [f"{c.case}: {f}" for c in cases for f in c.failures]
    if failures:
        raise RlvrError(f"Env {env_id!r} fails its game audit: {'; '.join(failures[:3])}. The reference policy must "
                        "solve every game, doing nothing must earn 0, and a row's rollouts must start alike.")
    return cases


def _case(name: str, rows: list[dict[str, Any]], play: Callable[[dict[str, Any]], tuple[float, str | None]],
          expected: float) -> GameCase:
    results = [play(row) for row in rows]
    earned = sum(r for r, _ in results) / len(results) if results else 0.0
    return GameCase(name, earned, expected, tuple(f for _, f in results if f is not None))


def _reset(game: type[Game], row: dict[str, Any]) -> Game:
    instance = game()
    instance.reset(**row)
    return instance


def _same_start(game: type[Game], row: dict[str, Any]) -> tuple[float, str | None]:
    first, second = _reset(game, row), _reset(game, row)
    seed = seed_of(row["prompt"])
    if first._start_key() != second._start_key():
        return 0.0, f"game {seed}: two rollouts of the row start from different states"
    if row.get("seed", seed) != seed:
        return 0.0, f"the row's seed column {row['seed']} is not the seed its prompt names ({seed})"
    if first._prompt_text() != row["prompt"][-1]["content"]:
        return 0.0, f"game {seed}: the prompt does not show the state the seed starts from"
    return 1.0, None


def _reference(game: type[Game], row: dict[str, Any]) -> tuple[float, str | None]:
    instance = _reset(game, row)
    moves = instance._play_reference()
    reward = instance.get_reward()
    if reward != MAX_REWARD or instance.invalid:
        return reward, (f"game {instance.seed}: the reference policy earned {reward} after {len(moves)} moves "
                        f"({instance.invalid} refused); it must earn {MAX_REWARD}")
    return reward, None


def _idle(game: type[Game], row: dict[str, Any]) -> tuple[float, str | None]:
    instance = _reset(game, row)
    reward = instance.get_reward()
    return reward, None if reward == FLOOR else f"game {instance.seed}: doing nothing earned {reward}, not {FLOOR}"


def _claim(game: type[Game], row: dict[str, Any]) -> tuple[float, str | None]:
    instance = _reset(game, row)
    reward = instance._episode_reward(CLAIM)
    return reward, None if reward == FLOOR else f"game {instance.seed}: a claimed win earned {reward}, not {FLOOR}"
