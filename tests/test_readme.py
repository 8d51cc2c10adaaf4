"""The README stays true: its commands are CI's, its marked snippets run and show true values, its tables match the
registries and the files, the error messages it quotes are the real ones."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import envs
import rewards

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README, flags=re.S)


def test_ci_installs_and_tests_exactly_as_the_readme_says():
    readme_lines = {line.strip() for block in _blocks("bash") for line in block.splitlines()}
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    steps = [line.strip() for line in ci if line.strip().startswith(("pip install", "python -m pytest"))]
    assert steps and all(step in readme_lines for step in steps), steps


def test_custom_reward_snippet_runs_verbatim():
    (snippet,) = [b for b in _blocks("python") if "@rewards.register" in b]
    exec(compile(snippet, "README.md", "exec"), {})
    assert "mentions_answer" in rewards.available()


def _table_ids(name: str) -> set[str]:
    table = README.split(f"<!-- {name}:start -->")[1].split(f"<!-- {name}:end -->")[0]
    first_cells = re.findall(r"^\| ([^|]*`[^|]*)\|", table, flags=re.M)
    return {name for cell in first_cells for name in re.findall(r"`([^`]+)`", cell)}


def _builtin(registry, package: str) -> set[str]:
    return {i for i in registry.ids() if registry.origin(i).startswith(f"{package}.")}


def test_reward_and_env_tables_match_registries():
    assert _table_ids("rewards") == _builtin(rewards.catalog.registry, "rewards")
    builtin_envs = {i for i in envs.available() if _entry_module(envs.spec(i).entry_point).startswith("envs.")}
    assert _table_ids("envs") == builtin_envs


def _entry_module(entry_point) -> str:
    return entry_point if isinstance(entry_point, str) else str(getattr(entry_point, "__module__", ""))


# Blocks marked `<!-- test:run -->` run as written, each in a fresh interpreter at the repo root. A top-level
# expression followed by a comment (`fn(...)  # [1.0]`, `# -> [1.0]`, `# Status.UNPARSED`, a commented literal that
# wraps onto `#` lines) must evaluate to what the comment shows, compared by value, repr or str.
_RUNNER = r'''
import ast, io, sys, tokenize

source = open(sys.argv[1]).read()
lines = source.splitlines()
comments = {t.start[0]: t.string for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type == tokenize.COMMENT}


def shown(stmt):
    """The value a comment after `stmt` shows, or None when the comment is prose."""
    text = comments.get(stmt.end_lineno, "")
    if not text:
        return None
    text = text.lstrip("#").strip().removeprefix("->").strip()
    for n in range(stmt.end_lineno + 1, len(lines) + 1):  # a literal wrapped onto comment-only lines
        if not lines[n - 1].lstrip().startswith("#"):
            break
        text += " " + lines[n - 1].strip().lstrip("#").strip()
    return text.split("  ")[0]


scope = {"__name__": "__main__"}
for stmt in ast.parse(source).body:
    code = ast.get_source_segment(source, stmt)
    expected = shown(stmt) if isinstance(stmt, ast.Expr) else None
    if expected is None:
        exec(compile(ast.Module([stmt], []), "README.md", "exec"), scope)
        continue
    value = eval(compile(ast.Expression(stmt.value), "README.md", "eval"), scope)
    try:
        ok = value == ast.literal_eval(expected)
    except (ValueError, SyntaxError):
        ok = expected in (repr(value), str(value))
    shows_value = expected[:1] in tuple("[({'\"-0123456789") or expected.startswith(("Status.", "True", "False"))
    if shows_value and not ok:
        sys.exit(f"README says {code}  ->  {expected}\nbut it gives {value!r}")
'''


def _runnable_blocks() -> list[str]:
    return re.findall(r"<!-- test:run -->\n```python\n(.*?)```", README, flags=re.S)


def test_some_readme_blocks_are_marked_runnable():
    assert len(_runnable_blocks()) >= 4
    assert len(re.findall(r"<!-- test:run -->", README)) == len(_runnable_blocks()), "a marker not right before a block"


def _block_id(block: str) -> str:
    return next(line for line in block.splitlines() if line and not line.startswith(("import", "from")))[:40]


@pytest.mark.parametrize("block", _runnable_blocks(), ids=_block_id)
def test_marked_readme_block_runs_and_shows_true_values(block, tmp_path):
    if "code_tests" in block and (shutil.which("bwrap") is None or os.geteuid() != 0):
        pytest.skip("code_tests needs bubblewrap and root (README: Requirements)")
    if "reasoning_gym:" in block:
        pytest.importorskip("reasoning_gym")
    (tmp_path / "snippet.py").write_text(block)
    (tmp_path / "runner.py").write_text(_RUNNER)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1", "OMP_NUM_THREADS": "1",
           "RLVR_KIT_CACHE": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, str(tmp_path / "runner.py"), str(tmp_path / "snippet.py")], cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, f"README block failed:\n{block}\n{run.stderr[-3000:]}"


def _layout_paths() -> list[str]:
    table = README.split("## Layout")[1]
    cells = re.findall(r"^\| ([^|]*`[^|]*)\|", table, flags=re.M)
    return [path for cell in cells for path in re.findall(r"`([^`]+)`", cell)]


def test_layout_table_lists_only_files_that_exist():
    paths = _layout_paths()
    assert "rewards/protocol.py" in paths and "train.py" in paths
    missing = [p for p in paths if not (list(ROOT.glob(p)) if "*" in p else (ROOT / p).exists())]
    assert not missing, f"README's layout table lists paths that do not exist: {missing}"


def test_layout_table_covers_every_package_module():
    listed = {m for p in _layout_paths() for m in (ROOT.glob(p) if "*" in p else [ROOT / p])}
    dirs = [d for d in listed if d.is_dir()]
    unlisted = [str(f.relative_to(ROOT)) for pkg in ("rewards", "envs") for f in sorted((ROOT / pkg).glob("*.py"))
                if not f.name.startswith("__") and f not in listed and not any(d in f.parents for d in dirs)]
    assert not unlisted, f"modules missing from README's layout table: {unlisted}"


# Error messages the README quotes, checked against the real ones (wording drifts).
def _empty_pairs_file():
    from rewards.preference.pairs import load_pairs

    Path("pairs.jsonl").write_text("")
    load_pairs("pairs.jsonl")


def _pairs_without_rejected():
    from datasets import Dataset

    from rewards.preference.pairs import check_pairs

    check_pairs(Dataset.from_dict({"prompt": ["1+1="], "chosen": ["2"], "worse": ["3"]}),
                where="preference data 'pairs.jsonl'")


@pytest.mark.parametrize("call, quoted", [
    (lambda: rewards.check("math_exact(foo=1)"),
     "it has no option 'foo'. Options: deadline=0.5, workers=None, prestart=True."),
    (lambda: envs.make("arithmetic", n_trian=5),
     "it has no option 'n_trian'. Did you mean 'n_train'? Options: digits=2, operators='+', n_train=8000, "),
    (lambda: envs.make("reasoning_gym:chain_summ"),
     "Unknown reasoning-gym task 'chain_summ'. Did you mean 'chain_sum', 'decimal_chain_sum'?"),
    (_empty_pairs_file,
     "Preference data 'pairs.jsonl' is an empty file; it needs rows with columns prompt, chosen, rejected."),
    (_pairs_without_rejected,
     "Preference data 'pairs.jsonl' lacks column(s) 'rejected'; columns present: prompt, chosen, worse."),
], ids=["check-option", "env-option", "rg-task", "empty-pairs", "pairs-column"])
def test_quoted_error_messages_are_the_real_ones(call, quoted, tmp_path, monkeypatch):
    if "reasoning-gym" in quoted:
        pytest.importorskip("reasoning_gym")
    monkeypatch.chdir(tmp_path)
    assert quoted in " ".join(README.split()), "the README no longer quotes this message"
    with pytest.raises(rewards.RlvrError) as error:
        call()
    assert quoted in str(error.value)
