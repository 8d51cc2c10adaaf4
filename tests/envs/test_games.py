"""Game envs (`envs.games`): the environment owns the episode and the reward. Per family: the reference policy
reaches the max reward, doing nothing the floor, invalid and oversized moves are refused with a message and counted,
the turn bound holds, and every rollout of a GRPO group starts from the same state."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from cpu_cost import growth
from hypothesis import given, settings
from hypothesis import strategies as st

import envs
import rewards
from envs.games import Game, Maze, NumberSearch, WordGuess, seed_of
from envs.games.check import audit_game
from envs.games.word import WORDS, feedback
from envs.registration import Env
from eval.tool_loop import _reset as eval_reset
from rewards.errors import RlvrError

FAMILIES = {"word_guess": WordGuess, "number_search": NumberSearch, "maze": Maze}
TOOL = {WordGuess: ("guess", "word"), NumberSearch: ("guess", "number"), Maze: ("move", "steps")}
# Per family: moves that are refused, and what the refusal says.
INVALID = {
    WordGuess: [("cran", "a guess is 5 letters a-z"), ("cr4ne", "a guess is 5 letters a-z"), (12345, "5 letters"),
                (["crane"], "a move is a string, got list"), ("crane" * 5, "the move has 25 characters; at most 20")],
    NumberSearch: [("abc", "a guess is a whole number from 1 to 100"), ("0", "0 is outside 1..100"),
                   (101, "101 is outside 1..100"), (2.5, "a move is a string, got float"),
                   (10**4000, "the number has 13288 bits"),
                   ("9" * 13, "the move has 13 characters; at most 12"), (True, "a move is a string, got bool")],
    Maze: [("north", "a move is steps U, D, L or R"), (" , ", "a move is 1 to 8 steps, got 0"),
           ("RRRRRRRRR", "a move is 1 to 8 steps, got 9"), ("R" * 25, "the move has 25 characters; at most 24"),
           ({"steps": "R"}, "a move is a string, got dict")],
}


@pytest.fixture(scope="module", params=sorted(FAMILIES))
def game_env(request):
    return envs.make(request.param, n_train=40, n_eval=20)


def _row(env: Any, i: int = 0, split: str = "eval") -> dict[str, Any]:
    return getattr(env, split)[i]


def _move(game: Game, move: Any) -> str:
    tool, argument = TOOL[type(game)]
    return getattr(game, tool)(**{argument: move})


def test_the_reference_policy_reaches_the_max_reward_on_every_game(game_env):
    game = game_env.environment_factory()
    for split in ("train", "eval"):
        for row in getattr(game_env, split):
            game.reset(**row)
            game._play_reference()
            assert game.get_reward() == 1.0 and game.invalid == 0 and game.turns <= game.max_turns, row["seed"]


def test_the_word_reference_solves_every_secret_in_three_guesses():
    game = WordGuess()
    for secret in WORDS:
        game._start(0)
        game.secret = secret
        assert len(game._play_reference()) <= 3 and game.solved, secret


def test_doing_nothing_earns_the_floor_and_a_claimed_win_nothing(game_env):
    game = game_env.environment_factory()
    game.reset(**_row(game_env))
    assert game.get_reward() == 0.0
    assert game._episode_reward("Solved! \\boxed{crane}") == 0.0  # the env judges its state, not the text
    assert game._episode_metrics() == {"turns": 0.0, "invalid_rate": 0.0, "solved_rate": 0.0}


@pytest.mark.parametrize("cls", list(INVALID), ids=lambda c: c.__name__)
def test_invalid_and_oversized_moves_are_refused_with_a_message_and_counted(cls):
    game = cls()
    game._start(7)
    start = game._start_key()
    for i, (move, message) in enumerate(INVALID[cls], start=1):
        reply = _move(game, move)
        assert reply.startswith("Invalid move: ") and message in reply, (move, reply)
        assert game.stats == {"calls": i, "errors": i}
    assert game._start_key() == start and not game.solved  # a refused move changes nothing
    assert game._episode_metrics()["invalid_rate"] == 1.0


def test_a_maze_walk_stops_at_a_wall_and_counts_as_invalid():
    game = Maze()
    game._start(3)  # the walker at the top left has a wall to its right in this maze
    assert game.grid[1][2] == "#"
    reply = game.move("RRDD")
    assert reply.startswith("Invalid move: step 1 (R) runs into a wall") and game.invalid == 1
    assert game.at == (1, 1)


def test_moves_past_the_turn_bound_and_after_a_win_are_refused(game_env):
    cls = game_env.environment_factory
    game = cls()
    game.reset(**_row(game_env))
    for _ in range(cls.max_turns):
        reply = _move(game, "!")
    assert reply.endswith("(0 moves left)")
    tool, arguments = game._reference_call()  # a good move, but past the bound
    reply = getattr(game, tool)(**arguments)
    assert reply == f"Invalid move: the game is over: no moves left (it allows {cls.max_turns})"
    assert not game.solved and game.stats == {"calls": cls.max_turns + 1, "errors": cls.max_turns + 1}
    game.reset(**_row(game_env))
    game._play_reference()
    assert "the game is over: it is solved" in _move(game, "!")
    assert game.get_reward() == 1.0 and game.invalid == 1


def test_every_rollout_of_a_group_starts_from_the_same_state(game_env):
    # TRL resets one instance per rollout on the row (every column), as evaluation's tool loop does; a bare prompt
    # (eval.policy's warm-start check) gives the same game, its seed being written in it.
    row = _row(game_env, 3)
    group = [game_env.environment_factory() for _ in range(4)]
    for game in group:
        game.reset(**row)
    _move(group[0], "R" if isinstance(group[0], Maze) else "50" if isinstance(group[0], NumberSearch) else "crane")
    group[1]._play_reference()  # one member's moves do not touch another's state
    assert len({g._start_key() for g in group}) == 1
    assert group[2].stats == group[3].stats == {"calls": 0, "errors": 0} and not group[2].solved
    fresh, bare = game_env.environment_factory(), game_env.environment_factory()
    eval_reset(fresh, row, [{"role": "user", "content": ""}])
    bare.reset(prompt=row["prompt"])
    assert fresh._start_key() == bare._start_key() == group[3]._start_key()
    assert fresh.seed == bare.seed == row["seed"] == seed_of(row["prompt"])
    assert audit_game(game_env.environment_factory, [row])[0].passed


def test_the_same_seed_gives_the_same_episode_and_other_seeds_other_games(game_env):
    cls = game_env.environment_factory
    first, second = cls(), cls()
    starts = set()
    for seed in range(30):
        first._start(seed)
        second._start(seed)
        assert first._start_key() == second._start_key()
        assert first._play_reference() == second._play_reference()
        starts.add(first._start_key())
    assert len(starts) > 10


def test_held_out_games_have_held_out_split_keys():
    for name in FAMILIES:
        env = envs.make(name, n_train=400, n_eval=40)
        game = env.environment_factory()
        keys = {split: set() for split in ("train", "eval")}
        for split in keys:
            for row in getattr(env, split):
                game.reset(**row)
                keys[split].add(game._split_key())
        assert keys["eval"] and not keys["eval"] & keys["train"], name


def test_held_out_words_are_unseen_and_held_out_numbers_span_the_range():
    def secrets(env: Env, split: str) -> list[Any]:
        game = env.environment_factory()
        return [game.reset(**row) or game.secret for row in getattr(env, split)]

    words = envs.make("word_guess", n_train=400, n_eval=40)
    assert not set(secrets(words, "eval")) & set(secrets(words, "train"))
    # Held out by seed: the held-out games are new draws from all of 1..100, not the few numbers a secret-keyed split
    # left (6 at the defaults, none of them ever a training game's last guess).
    numbers = envs.make("number_search")
    held_out = secrets(numbers, "eval")
    assert len(set(held_out)) > 50 and min(held_out) < 10 and max(held_out) > 90
    assert set(held_out) <= set(secrets(numbers, "train"))


def test_the_number_game_budget_holds_all_ten_moves_with_the_embedded_tokenizer():
    from eval.policy import GAME_POLICY, train_tokenizer
    from eval.tool_policy import _tools, add_tool_template, encode_trace, tool_traces, trace_texts

    env = envs.make("number_search")
    tokenizer = add_tool_template(train_tokenizer(trace_texts(tool_traces(env)), GAME_POLICY.vocab_size))
    tools, row = _tools(NumberSearch), env.eval[0]
    prompt_tokens = len(encode_trace(tokenizer, list(row["prompt"]), tools)[0])
    longest = 0
    # Ten guesses with replies as long as they get: two- and three-digit ranges, and the refusals after a win.
    for secret, numbers in ((1, range(91, 101)), (100, range(1, 11)), (50, [50, 99, 2, 98, 3, 97, 4, 96, 5, 95])):
        game = NumberSearch()
        game.reset(**row)
        game.secret = secret
        messages = list(row["prompt"])
        for number in numbers:
            call = {"type": "function", "function": {"name": "guess", "arguments": {"number": number}}}
            messages += [{"role": "assistant", "content": "", "tool_calls": [call]},
                         {"role": "tool", "name": "guess", "content": game.guess(number)}]
        messages.append({"role": "assistant", "content": "Stuck."})
        assert game.turns == 10
        longest = max(longest, len(encode_trace(tokenizer, messages, tools)[0]) - prompt_tokens)
    assert longest <= envs.train_defaults("number_search")["max_completion_length"]


def test_a_number_reply_states_the_range_every_reply_so_far_leaves():
    game = NumberSearch()
    game._start(0)
    game.secret = 37
    assert game.guess(50) == "50: lower, so 1 to 49 (9 moves left)"
    assert game.guess(60) == "60: lower, so 1 to 49 (8 moves left)"  # outside the range: it rules out nothing more
    assert game.guess(25) == "25: higher, so 26 to 49 (7 moves left)"
    assert game.guess(37) == "37 is correct!"


def test_a_prompt_without_a_seed_is_refused():
    with pytest.raises(RlvrError, match=re.escape("names none")):
        WordGuess().reset(prompt=[{"role": "user", "content": "Guess a word."}])


def test_check_env_plays_the_games_and_fails_a_broken_one(game_env):
    envs.check_env(game_env)

    class Lazy(NumberSearch):  # a reference policy that never finds the number
        def _reference_call(self) -> tuple[str, dict[str, Any]]:
            return "guess", {"number": 1 if self.secret != 1 else 2}

    made = envs.make("number_search", n_train=5, n_eval=5)
    broken = Env(dataclasses.replace(made.spec, environment=Lazy), made.train, made.eval, made.kwargs)
    with pytest.raises(RlvrError, match=re.escape("fails its game audit: reference policy: game")):
        envs.check_env(broken)


def test_env_reward_logs_turns_invalid_and_solved_rates():
    env = envs.make("number_search", n_train=4, n_eval=4)
    played = []
    for i, row in enumerate(env.eval):
        game = NumberSearch()
        game.reset(**row)
        if i % 2:
            game._play_reference()
        else:
            game.guess("nope")
        played.append(game)
    logged: dict[str, float] = {}
    scores = rewards.get("env_reward")(completions=["done"] * 4, environments=played, log_metric=logged.__setitem__)
    assert scores == [g.get_reward() for g in played] == [0.0, 1.0, 0.0, 1.0]
    assert logged["env_reward/solved_rate"] == 0.5 and logged["env_reward/error_rate"] == 0.0
    assert logged["env_reward/invalid_rate"] == 0.5  # one refused move of one in the unsolved games, none solved
    assert logged["env_reward/turns"] == sum(g.turns for g in played) / 4


def test_word_feedback_counts_repeated_letters():
    assert feedback("eerie", "there") == "Y-Y-G"  # one spare e in the secret: only the first extra e is Y
    assert feedback("lllll", "hello") == "--GG-"
    assert feedback("about", "about") == "GGGGG"


@settings(max_examples=200, deadline=None)
@given(move=st.one_of(st.text(max_size=60), st.integers(), st.none(), st.floats(), st.lists(st.text(max_size=3))))
def test_any_move_gets_a_clean_reply(move):
    for cls in FAMILIES.values():
        game = cls()
        game._start(5)
        reply = _move(game, move)
        assert isinstance(reply, str) and "<|" not in reply and "\x1b" not in reply
        assert game.turns == 1


def test_reading_a_move_is_bounded_by_its_cap():
    game = WordGuess()

    def read(text: str) -> None:
        game._start(1)
        game.guess(text)

    small, large = growth(read, "a" * 250_000, "a" * 1_000_000)
    assert large < 8 * small + 0.01, f"{small:.4f}s -> {large:.4f}s"


def test_evaluation_scores_each_rollout_by_its_own_environment():
    from eval.harness import score_raw
    from eval.samples import Samples

    env = envs.make("word_guess", n_train=4, n_eval=3)
    played = []
    for row in env.eval:  # two rollouts per game: the reference's, and one that does nothing
        solved, idle = WordGuess(), WordGuess()
        solved.reset(**row)
        solved._play_reference()
        idle.reset(**row)
        played.append([solved, idle])
    samples = Samples([["Solved."] * 2] * 3, [[[1], [1]]] * 3, played)
    scores, statuses = score_raw(env.reward_funcs()[0], env.eval, samples)
    assert scores == [[1.0, 0.0]] * 3 and statuses == [["correct", "wrong"]] * 3
    assert score_raw(env.reward_funcs()[0], env.eval, Samples(samples.texts, samples.ids))[0] == [[None] * 2] * 3


def test_number_search_pays_partial_credit_only_for_narrowing_and_never_a_solved_games():
    game = NumberSearch()
    game._start(0)
    game.secret = 37
    assert game.get_reward() == 0.0  # no move
    game.guess("abc"), game.guess(0)
    assert game.get_reward() == 0.0  # refused moves narrow nothing
    game.guess(50)  # lower: 1..49 left
    narrowed = game.get_reward()
    assert 0.0 < narrowed < 0.1
    game.guess(60), game.guess(50)  # outside what is still possible: nothing more ruled out
    assert game.get_reward() == narrowed
    for number in (25, 31, 36, 38):  # 37 is the one number left, never guessed
        game.guess(number)
    assert (game.low, game.high) == (37, 37) and game.get_reward() == pytest.approx(0.5)
    best_unsolved = game.get_reward()
    game._start(0)
    game._play_reference()
    assert game.solved and game.get_reward() == 1.0 > best_unsolved


def test_a_game_warm_starts_further_than_a_tool_env():
    from eval.policy import GAME_POLICY, TOOL_POLICY, default_config

    # A game is solved only when every move is right: its start is taken further so GRPO has sampled games to fix.
    assert default_config(envs.make("maze", n_train=4, n_eval=2)) is GAME_POLICY
    assert default_config(envs.make("products_calculator", n_train=4, n_eval=2)) is TOOL_POLICY
    assert GAME_POLICY.target_accuracy > TOOL_POLICY.target_accuracy
