"""``python -m eval`` as a real process: killed midway and rerun, it never generates a completion twice."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from eval.__main__ import main
from rewards.errors import RlvrError

REPO = Path(__file__).resolve().parents[2]
N, LIMIT = 4, 240


def eval_command(model_path, out):
    return [sys.executable, "-m", "eval", "--env", "arithmetic", "--env-kwargs", "digits=2", "n_train=50",
            f"n_eval={LIMIT}", "--model", str(model_path), "--n", str(N), "--k", f"1,{N}", "--batch-size", "8",
            "--max-new-tokens", "6", "--out", str(out)]


def complete_records(cache_file):
    raw = cache_file.read_bytes()
    lines = raw.split(b"\n")[:-1]  # the part after the last newline is torn (or empty)
    return [json.loads(line) for line in lines[1:]]


def test_killed_eval_resumes_without_regenerating(tiny_policy, tmp_path):
    _, _, model_path = tiny_policy
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(REPO), "HF_HUB_OFFLINE": "1", "OMP_NUM_THREADS": "1"}
    proc = subprocess.Popen(eval_command(model_path, out), cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    deadline = time.time() + 300
    cache_file = None
    while time.time() < deadline and proc.poll() is None:
        files = list((out / "cache").glob("*.jsonl"))
        if files and files[0].read_bytes().count(b"\n") >= 6:  # header + 5 chunks written: stop it midway
            cache_file = files[0]
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    with proc.stdout:  # closed here: an open pipe is a ResourceWarning when the test ends
        output = proc.stdout.read().decode()[-3000:]
    assert cache_file is not None, output
    assert proc.returncode == -signal.SIGKILL and not (out / "result.json").exists()
    done_before = complete_records(cache_file)
    generated_before = sum(len(r["indices"]) * (N if r["kind"] == "sample" else 1) for r in done_before)
    total = LIMIT * (N + 1)
    assert 0 < generated_before < total

    rerun = subprocess.run(eval_command(model_path, out), cwd=tmp_path, env=env, capture_output=True, text=True,
                           timeout=600)
    assert rerun.returncode == 0, rerun.stderr[-3000:]
    result = json.loads((out / "result.json").read_text())
    assert result["generation"] == {"generated": total - generated_before, "from_cache": generated_before}
    seen = [(r["kind"], i) for r in complete_records(cache_file) for i in r["indices"]]
    assert len(seen) == len(set(seen)) == LIMIT * 2  # every problem's samples and greedy answer, each once
    assert result["n_problems"] == LIMIT and 0 <= result["pass@1"] <= result[f"pass@{N}"] <= 1
    stamp = result["provenance"]
    assert stamp["model"]["name"] == str(model_path) and stamp["cache"] == str(cache_file)
    assert stamp["git"] is None or len(stamp["git"]["commit"]) == 40
    assert f"generated {total - generated_before} completions, {generated_before} from cache" in rerun.stdout


def test_vllm_backend_without_vllm_is_a_clear_error(tiny_policy):
    pytest.importorskip("transformers")
    try:
        import vllm  # noqa: F401
        pytest.skip("vllm is installed here")
    except ImportError:
        pass
    _, _, model_path = tiny_policy
    with pytest.raises(RlvrError, match=r"--backend vllm needs the `vllm` package.*or use --backend hf"):
        main(["--env", "arithmetic", "--env-kwargs", "digits=1", "--model", str(model_path), "--backend", "vllm"])


def test_without_tools_on_a_plain_env_is_a_clear_error(tiny_policy, tmp_path, capsys):
    _, _, model_path = tiny_policy
    args = ["--env", "arithmetic", "--env-kwargs", "digits=1", "--model", str(model_path), "--without-tools",
            "--out", str(tmp_path)]
    with pytest.raises(RlvrError, match="--without-tools compares a tool env with its tools withheld; env "
                                        "'arithmetic' has no tools"):
        main(args)
    with pytest.raises(SystemExit):
        main([*args, "--backend", "vllm"])
    assert "--without-tools runs the tool loop, which needs --backend hf" in capsys.readouterr().err


def test_a_tool_mixture_is_refused_with_the_ids_to_evaluate(tmp_path):
    with pytest.raises(RlvrError, match=r"python -m eval takes one tool env at a time, and "
                                        r"'products_calculator,products_python' mixes tool envs "
                                        r"\['products_calculator', 'products_python'\]: "
                                        r"evaluate each by its id \(--env products_calculator\)"):
        main(["--env", "products_calculator,products_python", "--env-kwargs", "n_train=20", "n_eval=4",
              "--out", str(tmp_path)])
