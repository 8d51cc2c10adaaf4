"""Bad input on every entry point: a one-line error naming the problem and what is allowed, raised before any
data is built or model loaded, never a traceback from deep inside a library."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import envs
import rewards
import train
from eval.__main__ import main as eval_main
from rewards.preference.__main__ import main as preference_main

REPO = Path(__file__).resolve().parents[1]
ARITHMETIC_OPTIONS = "Options: digits=2, operators='+', n_train=8000"
SMALL = ["--env_kwargs", "digits=1", "n_train=20", "n_eval=5"]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"digits": 0}, "need digits >= 1"),
    ({"digits": "abc"}, "digits='abc' (str), but digits takes int"),
    ({"chat": "maybe"}, "chat='maybe' (str), but chat takes bool"),
    ({"operators": "%"}, "operators drawn from '+-*/'"),
    ({"n_train": -1}, "n_train must be >= 0"),
    ({"digts": 3}, "it has no option 'digts'. Did you mean 'digits'?"),
])
def test_bad_env_kwargs_name_the_option_and_list_the_allowed_ones(kwargs, message):
    with pytest.raises(rewards.OptionError, match=re.escape(message)) as info:
        envs.make("arithmetic", **kwargs)
    assert ARITHMETIC_OPTIONS in str(info.value)


@pytest.mark.parametrize(("items", "expected"), [
    (["operators=%"], {"operators": "%"}),  # not YAML: kept as the string, not a ScannerError
    (["levels=[1,"], {"levels": "[1,"}),
    (["lr=1e-4"], {"lr": 1e-4}),  # YAML 1.1 reads exponents without a dot as strings
])
def test_env_kwargs_that_are_not_yaml_stay_strings(items, expected):
    assert envs.parse_kwargs(items) == expected


@pytest.mark.parametrize(("items", "message"), [
    (["digits"], "Env options are key=value items (e.g. digits=3), got 'digits'"),
    (["digits=1", "digits=2"], "Env option 'digits' is given twice"),
])
def test_malformed_env_kwargs(items, message):
    with pytest.raises(rewards.RlvrError, match=re.escape(message)):
        envs.parse_kwargs(items)


@pytest.mark.parametrize(("env_id", "message"), [
    ("arithmetic:0", "'arithmetic' takes no ':<task>' suffix"),
    ("arithmetic:x,countdown", "To mix envs, list them with weights > 0: 'arithmetic:0.7,countdown:0.3'"),
    ("arithmetic:-1,countdown:2", "Bad mixture item 'arithmetic:-1'"),
    ("reasoning_gym:*", "names the family 'reasoning_gym:*' but no task: write 'reasoning_gym:<task>'"),
    ("reasoning_gym:", "but no task"),
])
def test_bad_env_ids_say_how_to_write_them(env_id, message):
    with pytest.raises(rewards.RlvrError, match=re.escape(message)):
        envs.make(env_id)


def test_envs_list_still_shows_families():
    assert envs.spec("reasoning_gym:*").id == "reasoning_gym:*"


@pytest.mark.parametrize(("content", "message"), [
    ("", "is empty"),
    ("{not json\n", "Cannot read dataset file"),
    ('{"q": "a"}\n', "lacks column(s) ['question', 'answer']"),
])
def test_bad_gsm8k_dataset_files(tmp_path, content, message):
    path = tmp_path / "gsm8k.jsonl"
    path.write_text(content)
    with pytest.raises(rewards.RlvrError, match=re.escape(message)):
        envs.make("gsm8k", dataset_file=str(path), check=False)


def test_a_directory_is_not_a_dataset_file(tmp_path):
    with pytest.raises(rewards.RlvrError, match="is a directory; pass the file inside it"):
        envs.make("gsm8k", dataset_file=str(tmp_path), check=False)


def test_hub_env_offline_without_a_file_says_dataset_file(monkeypatch):
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    with pytest.raises(rewards.RlvrError, match="Offline, pass dataset_file="):
        envs.make("math", check=False)


@pytest.mark.parametrize(("env_id", "content", "message"), [
    ("humaneval", None, "HumanEval dataset_file '{path}' does not exist"),
    ("humaneval", '{"task_id": "x"}\n', "does not look like HumanEval: problem 1 lacks ['prompt'"),
    ("humaneval", "{bad\n", "Line 1 of {path} is not JSON"),
    ("mbpp", "{bad\n", "is not valid JSON Lines"),
    ("mbpp", "", "MBPP dataset_file '{path}' is empty"),
])
def test_bad_code_env_files(tmp_path, env_id, content, message):
    path = tmp_path / "data.jsonl"
    if content is not None:
        path.write_text(content)
    with pytest.raises(rewards.RlvrError, match=re.escape(message.format(path=path))):
        envs.make(env_id, dataset_file=str(path))


@pytest.mark.parametrize(("spec", "message"), [
    ("math_exact(foo=1)", "it has no option 'foo'. Options: deadline=0.5"),
    ("math_exact(deadlin=1)", "Did you mean 'deadline'?"),
    ("overlong(max_len=abc)", "max_len='abc' (str), but max_len takes int"),
    ("overlong(max_len=-5)", "overlong needs 0 < cache <= max_len"),
    ("math_exact(deadline=)", "parameter 'deadline' of 'math_exact' has no value"),
    ("math_exact(deadline=1", "the '(' after 'math_exact' is never closed"),
    ("math_exact)", "the ')' after 'math_exact' has no matching '('"),
    ("overlong(max_len=1,max_len=2)", "parameter 'max_len' of 'overlong' is given twice"),
    ("*math_exact", "expected a reward id"),
    ("2**math_exact", "expected a reward id"),
    ("math_exact|if:", "it ends with an operator"),
    ("math:pi", "is a float, not a reward"),
    (":", "Expected 'package.module:attribute'"),
])
def test_bad_reward_specs(spec, message):
    with pytest.raises(rewards.RlvrError, match=re.escape(message)):
        rewards.get_many([spec])


def test_check_validates_a_spec_without_building_it():
    rewards.check("0.5*math_exact(deadline=1)|if:format_think(strict=false)")
    with pytest.raises(rewards.OptionError, match="no option 'strct'. Did you mean 'strict'"):
        rewards.check("math_exact|if:format_think(strct=false)")


def test_registering_a_malformed_lazy_target_fails_at_registration():
    with pytest.raises(rewards.RegistrationError, match="a lazy target reads 'package.module:attribute'"):
        rewards.register("test_cli_errors_lazy", "no_colon_here")
    with pytest.raises(rewards.RegistrationError, match="a lazy entry_point reads 'package.module:function'"):
        envs.register("test_cli_errors_env", "no_colon_here", rewards=("math_exact",))


def test_env_rewards_as_a_string_are_refused():
    with pytest.raises(rewards.RegistrationError, match=re.escape("write rewards=('math_exact',)")):
        envs.register("test_cli_errors_str", "envs.arithmetic:build", rewards="math_exact")


def test_duplicate_env_names_both_builders():
    with pytest.raises(rewards.RegistrationError, match="already registered as 'envs.arithmetic:build'"):
        envs.register("arithmetic", "envs.countdown:build", rewards=("countdown",))


def _train_fails(tmp_path, *flags: str) -> str:
    out = tmp_path / "run"
    started = time.time()
    with pytest.raises(rewards.RlvrError) as info:
        train.main(["--output_dir", str(out), "--max_steps", "1", *flags])
    assert not out.exists(), "failed after the run started writing"
    assert time.time() - started < 60
    return str(info.value)


@pytest.mark.parametrize(("flags", "message"), [
    (["--eval_k", "16", "--eval_n", "8"], "--eval_k values must lie in 1..--eval_n (8); got [16]"),
    (["--eval_n", "0"], "--eval_n must be >= 1"),
    (["--lora", "--lora_r", "0"], "--lora_r must be >= 1"),
    (["--model", "/nonexistent/model"], "--model '/nonexistent/model' is not a model directory"),
    (["--reward", "bt_rm"], "or --reward 'bt_rm(model=DIR)' in train.py"),
    (["--reward", "bt_rm(model=/nonexistent)"], "Reward model '/nonexistent' is not a directory"),
    (["--reward", "math_exct"], "Unknown reward 'math_exct'. Did you mean 'math_exact'"),
    (["--reward", "math_exact(foo=1)"], "it has no option 'foo'"),
    (["--reward_weights", "1", "2", *SMALL], "--reward_weights gives 2 weights [1.0, 2.0] for 1 rewards"),
    (["--env", "arithmetic:0"], "takes no ':<task>' suffix"),
    (["--env_kwargs", "digits=0"], "need digits >= 1"),
    (["--env_kwargs", "digits=1", "n_eval=0"], "has no problems in its 'eval' split"),
    (["--env", "humaneval"], "has no problems in its 'train' split"),  # HumanEval is a test set: all held out
    (["--num_generations", "3"], "pick a --num_generations >= 2 that divides it"),
    (["--nosuch_flag", "1"], "Unknown flag(s) --nosuch_flag"),
    (["--config", "/nonexistent.yaml"], "Cannot read the --config file"),
])
def test_train_rejects_bad_input_before_the_run(tmp_path, flags, message):
    assert message in _train_fails(tmp_path, *flags)


def test_train_refuses_an_env_that_trains_on_its_eval_problems(tmp_path):
    from datasets import Dataset

    def same_problems(n: int = 8):
        data = Dataset.from_dict({"prompt": [f"{i}+1=" for i in range(n)], "answer": [str(i + 1) for i in range(n)]})
        return data, data

    envs.register("test_same_split", same_problems, rewards=("math_exact",))
    assert "trains on its evaluation problems" in _train_fails(tmp_path, "--env", "test_same_split")


def test_humaneval_default_split_holds_every_problem_out():
    env = envs.make("humaneval")
    assert len(env.train) == 0 and len(env.eval) == 164
    split = envs.make("humaneval", train_percent=50)
    assert set(split.train["task_id"]).isdisjoint(split.eval["task_id"]) and len(split.train) > 50


def test_train_model_directory_without_config(tmp_path):
    (tmp_path / "empty_model").mkdir()
    assert "is a directory without config.json" in _train_fails(tmp_path, "--model", str(tmp_path / "empty_model"))


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO), "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1",
           "OMP_NUM_THREADS": "1"}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300,
                          check=False)


def test_train_cli_prints_one_line_not_a_traceback(tmp_path):
    out = tmp_path / "run"
    done = _cli(str(REPO / "train.py"), "--output_dir", str(out), "--eval_k", "0", cwd=tmp_path)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("error: --eval_k values must lie in 1..--eval_n")
    assert not out.exists()


@pytest.mark.parametrize(("argv", "message"), [
    (["--env", "arithmetic", "--k", "0"], "--k values must lie in 1..--n"),
    (["--env", "arithmetic", "--n", "8", "--k", "1,16"], "--k values must lie in 1..--n"),
    (["--env", "arithmetic", "--limit", "0"], "--limit must be >= 1"),
    (["--env", "arithmetic", "--top-p", "0"], "0 < --top-p <= 1"),
    (["--env", "arithmetic", "--backend", "nope"], "invalid choice: 'nope'"),
])
def test_eval_usage_errors(capsys, tmp_path, argv, message):
    with pytest.raises(SystemExit):
        eval_main([*argv, "--out", str(tmp_path / "out")])
    assert message in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("argv", "message"), [
    (["--env", "arithmetic", "--model", "/nonexistent/model"], "is not a model directory"),
    (["--env", "arithmetic", "--env-kwargs", "digits=1", "n_eval=0"], "has no problems in its 'eval' split"),
    (["--env", "arithmatic"], "Did you mean 'arithmetic'"),  # other tests may register close ids
])
def test_eval_errors_before_loading_a_model(tmp_path, argv, message):
    with pytest.raises(rewards.RlvrError, match=re.escape(message)):
        eval_main([*argv, "--out", str(tmp_path / "out")])
    assert not (tmp_path / "out").exists()


def test_eval_vllm_backend_without_vllm_says_how_to_get_it(tmp_path):
    try:
        import vllm  # noqa: F401
    except ImportError:
        with pytest.raises(rewards.RlvrError, match="use --backend hf"):
            eval_main(["--env", "arithmetic", "--backend", "vllm", "--out", str(tmp_path / "out")])
    else:
        pytest.skip("vllm is installed")


@pytest.mark.parametrize(("content", "message"), [
    (None, "does not exist"),
    ("{bad", "is not JSON"),
    ("[]", "holds a list, not an eval result object"),
    ("{}", "has no per-prompt rows"),
])
def test_compare_bad_result_files(tmp_path, content, message):
    path = tmp_path / "result.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(rewards.RlvrError, match=re.escape(message)):
        eval_main(["compare", str(path), str(path)])


@pytest.mark.parametrize(("flags", "content", "message"), [
    (["--nosuch", "1"], None, "Unknown flag(s) --nosuch"),
    (["--heldout_fraction", "0"], None, "--heldout_fraction must be between 0 and 1"),
    (["--base", "/nonexistent/model"], None, "--base '/nonexistent/model' is not a model directory"),
    ([], "", "is an empty file"),
    ([], '{"prompt": "a"}\n', "lacks column(s) 'chosen', 'rejected'"),
    ([], "{bad\n", "JSON parse error"),
])
def test_preference_train_bad_input(tmp_path, flags, content, message):
    out = tmp_path / "rm"
    data = []
    if content is not None:
        (tmp_path / "pairs.jsonl").write_text(content)
        data = ["--data", str(tmp_path / "pairs.jsonl")]
    with pytest.raises(SystemExit) as info:
        preference_main(["train", *flags, *data, "--out", str(out)])
    assert message in str(info.value.code)
    assert not out.exists()


@pytest.mark.parametrize(("module", "commands"), [("rewards", "'list'"), ("envs", "'list', 'serve', 'export'")])
def test_list_commands_print_usage_and_name_an_unknown_command(tmp_path, module, commands):
    helped = _cli("-m", module, "--help", cwd=tmp_path)
    assert helped.returncode == 0 and f"usage: python -m {module} [-h]" in helped.stdout and "list" in helped.stdout
    done = _cli("-m", module, "nosuch", cwd=tmp_path)
    assert done.returncode == 2 and f"invalid choice: 'nosuch' (choose from {commands})" in done.stderr


def test_rewards_list_says_what_each_reward_checks_and_reads(tmp_path):
    listed = _cli("-m", "rewards", "list", cwd=tmp_path)
    rows = {line.split()[0]: line for line in listed.stdout.splitlines()[1:]}
    ids = _cli("-m", "rewards", "--ids", cwd=tmp_path).stdout.split()  # a fresh registry, not this session's
    assert set(rows) == set(ids) and {"math_exact", "countdown", "by_task", "code_tests"} <= set(ids)
    assert "answer or solution" in rows["math_exact"] and "final answer equals the gold" in rows["math_exact"]
    assert "numbers, target" in rows["countdown"] and "task_reward" in rows["by_task"]


def test_a_reward_module_in_the_current_folder_gets_an_import_path_hint(tmp_path):
    (tmp_path / "my_rewards.py").write_text("def length(completions, **kwargs):\n    return [0.0] * len(completions)\n")
    done = _cli(str(REPO / "train.py"), "--reward", "my_rewards:length", "--output_dir", str(tmp_path / "run"),
                cwd=tmp_path)
    last = done.stderr.strip().splitlines()[-1]
    assert done.returncode != 0 and "Cannot import module 'my_rewards'" in last
    assert "is in the current folder" in last and "PYTHONPATH=. python train.py" in last
    from training.preflight import import_hint

    assert "must be importable: put its folder on PYTHONPATH" in import_hint("nowhere_mod:fn", cwd=tmp_path)
    assert import_hint("math_exact") == "" and import_hint("json:loads") == ""


def test_a_reward_that_fails_on_everything_stops_before_the_evaluation(tmp_path):
    def broken_probe(completions, answer, **kwargs):
        raise KeyError("score")  # a bug on every row

    def erring_probe(completions, **kwargs):
        return [float("inf")] * len(completions)  # every score non-finite: status 'error'

    rewards.register("broken_probe", broken_probe)
    rewards.register("erring_probe", erring_probe)
    message = _train_fails(tmp_path, "--reward", "broken_probe", "--env_kwargs", "digits=1")
    assert "Reward 'broken_probe' is down: status 'error' on all 2 completions it was tried on" in message
    assert "KeyError: 'score'" in message  # the reward's own error, so the fix is clear
    assert "Reward 'erring_probe' is down: status 'error' on all 2 completions it was tried on" in \
        _train_fails(tmp_path, "--reward", "erring_probe", "--env_kwargs", "digits=1")
