"""The README and every docs/*.md page stay true: the README's commands are CI's, marked snippets run and show true
values, the tables match the registries and the files, the paths they name exist, the error messages they quote are
the real ones, and their relative links lead somewhere."""

import functools
import json
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
README_PATH = ROOT / "README.md"
README = README_PATH.read_text()
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README_PATH, *DOCS]  # every page whose snippets, paths and quoted errors are checked
LINKED = [*PAGES, ROOT / "bench" / "RESULTS.md"]  # every page whose relative links are checked


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def _text(page: Path) -> str:
    return page.read_text()


def _blocks(lang: str, text: str = README) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)


def _command(line: str) -> str:
    """A shell line without its comment and its ``|| ...`` fallback."""
    return line.partition(" #")[0].partition(" ||")[0].strip()


def test_ci_installs_and_tests_exactly_as_the_readme_says():
    readme_lines = {_command(line) for block in _blocks("bash") for line in block.splitlines()}
    ci = [_command(line) for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    steps = [line for line in ci if line.startswith(("pip install", "python -m pytest"))]
    assert steps and all(step in readme_lines for step in steps), steps
    # the fast suite, then the slow tests: together every test, as TRL splits `make test` and `make slow_tests`
    assert [s for s in steps if s.startswith("python -m pytest")] == ['python -m pytest -m "not slow"',
                                                                      "python -m pytest -m slow"]


def test_custom_reward_snippet_runs_verbatim():
    (snippet,) = [b for b in _blocks("python") if "@rewards.register" in b]
    exec(compile(snippet, "README.md", "exec"), {})
    assert "exact_answer" in rewards.available()


def _table_ids(name: str) -> set[str]:
    table = README.split(f"<!-- {name}:start -->")[1].split(f"<!-- {name}:end -->")[0]
    first_cells = re.findall(r"^\| ([^|]*`[^|]*)\|", table, flags=re.M)
    return {name for cell in first_cells for name in re.findall(r"`([^`]+)`", cell)}


@functools.cache
def _fresh_ids() -> dict[str, list[str]]:
    """The ids a fresh interpreter registers (built-ins and installed entry points), free of what other tests in
    this session registered."""
    code = ("import json, envs, rewards; print(json.dumps({'rewards': rewards.available(), 'envs': envs.available(), "
            "'origins': {i: rewards.catalog.registry.origin(i) for i in rewards.available()}}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture
def fresh_registries(monkeypatch):
    """The reward and env registries as a fresh interpreter has them, for checks whose messages list every id."""
    fresh = _fresh_ids()
    for registry, ids in ((rewards.catalog.registry, fresh["rewards"]), (envs.registry, fresh["envs"])):
        monkeypatch.setattr(registry, "_targets", {k: v for k, v in registry._targets.items() if k in ids})


def test_reward_and_env_tables_match_registries():
    fresh = _fresh_ids()
    assert _table_ids("rewards") == {i for i in fresh["rewards"] if fresh["origins"][i].startswith("rewards.")}
    builtin_envs = {i for i in fresh["envs"] if _entry_module(envs.spec(i).entry_point).startswith("envs.")}
    assert _table_ids("envs") == builtin_envs


def _entry_module(entry_point) -> str:
    return entry_point if isinstance(entry_point, str) else str(getattr(entry_point, "__module__", ""))


def test_readme_fits_on_a_page_and_links_every_docs_page():
    assert len(README.splitlines()) <= 300
    unlinked = [p.name for p in DOCS if f"](docs/{p.name}" not in README]
    assert not unlinked, f"docs pages the README does not link to: {unlinked}"


# Blocks marked `<!-- test:run -->` run as written, each in a fresh interpreter in an empty folder. A top-level
# expression followed by a comment (`fn(...)  # [1.0]`, `# -> [1.0]`, `# Status.UNPARSED`, a commented literal that
# wraps onto `#` lines) must evaluate to what the comment shows, compared by value, repr or str.
_RUNNER = r'''
import ast, io, sys, tokenize, types

source = open(sys.argv[1]).read()
page = sys.argv[2]
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


main = types.ModuleType("__main__")  # the snippet runs as a script would: what it defines pickles by reference
sys.modules["__main__"] = main
scope = main.__dict__
for stmt in ast.parse(source).body:
    code = ast.get_source_segment(source, stmt)
    expected = shown(stmt) if isinstance(stmt, ast.Expr) else None
    if expected is None:
        exec(compile(ast.Module([stmt], []), page, "exec"), scope)
        continue
    value = eval(compile(ast.Expression(stmt.value), page, "eval"), scope)
    try:
        ok = value == ast.literal_eval(expected)
    except (ValueError, SyntaxError):
        ok = expected in (repr(value), str(value))
    shows_value = expected[:1] in tuple("[({'\"-0123456789") or expected.startswith(("Status.", "True", "False"))
    if shows_value and not ok:
        sys.exit(f"{page} says {code}  ->  {expected}\nbut it gives {value!r}")
'''


def _runnable_blocks(text: str) -> list[str]:
    return [block for _, block in _marked_blocks(text)]


def _marked_blocks(text: str) -> list[tuple[bool, str]]:
    """(slow, block) of every marked block; ``<!-- test:run slow -->`` marks one that trains (minutes)."""
    return [(bool(slow), block) for slow, block in
            re.findall(r"<!-- test:run( slow)? -->\n```python\n(.*?)```", text, flags=re.S)]


RUNNABLE = [(_name(page), block) for page in PAGES for block in _runnable_blocks(_text(page))]
SLOW_BLOCKS = {block for page in PAGES for slow, block in _marked_blocks(_text(page)) if slow}


def test_some_blocks_are_marked_runnable():
    assert len(_runnable_blocks(README)) >= 3
    assert len(RUNNABLE) >= 8
    for page in PAGES:
        text = _text(page)
        assert len(re.findall(r"<!-- test:run( slow)? -->", text)) == len(_runnable_blocks(text)), \
            f"{_name(page)}: a test:run marker not right before a python block"


def test_the_readme_shows_a_tested_grpotrainer_script():
    scripts = [b for b in _runnable_blocks(README) if "GRPOTrainer(" in b and "reward_weights" in b]
    assert scripts, "README needs a marked, runnable block that builds a GRPOTrainer with reward_weights"
    assert "trainer.train()" in scripts[0]


def _block_id(item) -> str:
    page, block = item
    first = next(line for line in block.splitlines() if line and not line.startswith(("import", "from")))
    return f"{page}:{first[:40]}"


@pytest.mark.parametrize("item", [pytest.param(i, marks=[pytest.mark.slow] if i[1] in SLOW_BLOCKS else [])
                                  for i in RUNNABLE], ids=[_block_id(i) for i in RUNNABLE])
def test_marked_block_runs_and_shows_true_values(item, tmp_path):
    page, block = item
    if "code_tests" in block and (shutil.which("bwrap") is None or os.geteuid() != 0):
        pytest.skip("code_tests needs bubblewrap and root (docs/sandbox.md: Requirements)")
    if "reasoning_gym:" in block:
        pytest.importorskip("reasoning_gym")
    (tmp_path / "snippet.py").write_text(block)
    (tmp_path / "runner.py").write_text(_RUNNER)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1", "OMP_NUM_THREADS": "1",
           "RLVR_KIT_CACHE": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, str(tmp_path / "runner.py"), str(tmp_path / "snippet.py"), page],
                         cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=900 if block in SLOW_BLOCKS else 300, check=False)
    assert run.returncode == 0, f"{page} block failed:\n{block}\n{run.stderr[-3000:]}"


# The layout table (docs/architecture.md) names every module; every repo path any page quotes exists.
ARCHITECTURE = ROOT / "docs" / "architecture.md"
_PACKAGES = ("rewards", "envs", "eval", "training")


def _layout_paths() -> list[str]:
    table = _text(ARCHITECTURE).split("## Layout")[1]
    cells = re.findall(r"^\| ([^|]*`[^|]*)\|", table, flags=re.M)
    return [path for cell in cells for path in re.findall(r"`([^`]+)`", cell)]


def _exists(path: str) -> bool:
    return bool(list(ROOT.glob(path))) if "*" in path else (ROOT / path).exists()


def test_layout_table_lists_only_files_that_exist():
    paths = _layout_paths()
    assert "rewards/protocol.py" in paths and "train.py" in paths
    missing = [p for p in paths if not _exists(p)]
    assert not missing, f"docs/architecture.md's layout table lists paths that do not exist: {missing}"


def test_layout_table_covers_every_package_module():
    listed = {m for p in _layout_paths() for m in (ROOT.glob(p) if "*" in p else [ROOT / p])}
    unlisted = [str(f.relative_to(ROOT)) for pkg in _PACKAGES for f in sorted((ROOT / pkg).rglob("*.py"))
                if not f.name.startswith("__") and f not in listed]
    assert not unlisted, f"modules missing from docs/architecture.md's layout table: {unlisted}"


# A file (with a suffix) or a folder (ending in /) under the repo's folders; metric keys such as
# `rewards/math_exact/mean` have neither.
_REPO_PATH = re.compile(r"`((?:rewards|envs|eval|training|bench|tests|docs)/(?:[\w*-]+/)*"
                        r"(?:[\w*-]+\.(?:py|md|yaml|jsonl?|sh))?|train\.py|pyproject\.toml)`")


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_quoted_repo_paths_exist(page):
    missing = sorted({p for p in _REPO_PATH.findall(_text(page)) if not _exists(p.rstrip("/"))})
    assert not missing, f"{_name(page)} names paths that do not exist: {missing}"


# Relative links ([text](path#anchor)) lead to a file that exists and, with an anchor, to one of its headings.
def _slugs(text: str) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    seen: dict[str, int] = {}
    anchors = set()
    for heading in re.findall(r"^#{1,6} (.+)$", text, flags=re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        anchors.add(slug if slug not in seen else f"{slug}-{seen[slug]}")
        seen[slug] = seen.get(slug, 0) + 1
    return anchors


def test_the_anchor_slugs_follow_github():
    assert _slugs("# What's new: v2\n## Rewards: the protocol\n## `tests/foo_bar.py` (2026-11-29)\n"
                  "## Rewards: the protocol\n") == {
        "whats-new-v2", "rewards-the-protocol", "testsfoo_barpy-2026-11-29", "rewards-the-protocol-1"}


@pytest.mark.parametrize("page", LINKED, ids=_name)
def test_relative_links_resolve(page):
    text = re.sub(r"```.*?```", "", _text(page), flags=re.S)
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # https:, mailto: ...
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            broken.append(target)
        elif anchor and dest.suffix == ".md" and anchor not in _slugs(dest.read_text()):
            broken.append(target)
    assert not broken, f"{_name(page)} has links that lead nowhere: {broken}"


# Error messages the pages quote, checked against the real ones (wording drifts). `...` in a quote elides text:
# the pieces around it must appear in the real message, in order.
def _empty_pairs_file():
    from rewards.preference.pairs import load_pairs

    Path("pairs.jsonl").write_text("")
    load_pairs("pairs.jsonl")


def _pairs_without_rejected():
    from datasets import Dataset

    from rewards.preference.pairs import check_pairs

    check_pairs(Dataset.from_dict({"prompt": ["1+1="], "chosen": ["2"], "worse": ["3"]}),
                where="preference data 'pairs.jsonl'")


def _policy_as_reward_model():
    from transformers import LlamaConfig

    from rewards.preference import check_reward_model_dir

    path = Path.cwd() / "policies" / "arithmetic-0123456789abcdef"
    LlamaConfig(architectures=["LlamaForCausalLM"]).save_pretrained(path)
    check_reward_model_dir(path)


def _sandbox_without_bwrap(monkeypatch):
    from rewards.sandbox import layers
    from rewards.sandbox.local import Sandbox, SandboxConfig

    if layers.probe().missing:  # then the message lists those layers too
        pytest.skip("this machine lacks sandbox layers besides bwrap (docs/sandbox.md: Requirements)")
    monkeypatch.setattr(layers.shutil, "which", lambda name, *a, **k: None)
    Sandbox(SandboxConfig())


def _conflicting_train_defaults():
    for name, steps in (("my_env_a", 10), ("my_env_b", 20)):
        envs.register(name, "envs.arithmetic:build", rewards=("math_exact",), train_defaults={"max_steps": steps})
    envs.train_defaults("my_env_a,my_env_b")


def _game_whose_reference_fails():
    from envs.games import NumberSearch

    class Lazy(NumberSearch):  # guesses 1 (or 2) every time: never finds most numbers
        def _reference_call(self):
            return "guess", {"number": 2 if self.secret == 1 else 1}

    envs.register("lazy_numbers", "envs.games.number:build", rewards=("env_reward",), environment=Lazy)
    envs.check_env(envs.make("lazy_numbers", n_train=5, n_eval=5))


QUOTED_ERRORS = [
    ("docs/composition.md", lambda mp: rewards.check("math_exact(foo=1)"),
     "it has no option 'foo'. Options: deadline=0.5, workers=None, prestart=True."),
    ("README.md", lambda mp: rewards.get("math_exat"), "Unknown reward 'math_exat'. Did you mean 'math_exact'?"),
    ("docs/envs.md", lambda mp: envs.make("arithmetic", n_trian=5),
     "it has no option 'n_trian'. Did you mean 'n_train'? Options: digits=2, operators='+', n_train=8000, "),
    ("docs/envs.md", lambda mp: envs.make("reasoning_gym:chain_summ"),
     "Unknown reasoning-gym task 'chain_summ'. Did you mean 'chain_sum', 'decimal_chain_sum'?"),
    ("docs/learned-rewards.md", lambda mp: _empty_pairs_file(),
     "RlvrError: Preference data 'pairs.jsonl' is an empty file; it needs rows with columns prompt, chosen, rejected."),
    ("docs/learned-rewards.md", lambda mp: _pairs_without_rejected(),
     "MissingColumnError: Preference data 'pairs.jsonl' lacks column(s) 'rejected'; columns present: prompt, chosen, "
     "worse. ..."),
    ("docs/learned-rewards.md", lambda mp: _policy_as_reward_model(),
     "RlvrError: '.../policies/arithmetic-...' holds a LlamaForCausalLM, not a sequence classifier: bt_rm needs a "
     "reward model (a ...ForSequenceClassification with num_labels=1). Train one with `python -m rewards.preference "
     "train --out DIR` ..."),
    ("docs/tools.md", lambda mp: envs.make("products_calculator,arithmetic", n_train=5, n_eval=2),
     "RlvrError: Mixture 'products_calculator,arithmetic' mixes tool envs ['products_calculator'], whose prompts are "
     "chat, with plain-text envs ['arithmetic']; give those chat prompts: arithmetic.chat=true (--env_kwargs)."),
    ("docs/tools.md", lambda mp: _conflicting_train_defaults(),
     "TrainDefaultsConflictError: Mixture 'my_env_a,my_env_b': its envs set different train defaults for 'max_steps' "
     "(10 for 'my_env_a', 20 for 'my_env_b'); only max_completion_length, max_tool_calling_iterations are merged "
     "(the largest wins). Set it yourself: --max_steps VALUE (or in the --config YAML)."),
    ("docs/games.md", lambda mp: _game_whose_reference_fails(),
     "RlvrError: Env 'lazy_numbers' fails its game audit: reference policy: game ...: the reference policy earned "
     "0.001... after 10 moves (0 refused); it must earn 1.0. ..."),
    ("docs/sandbox.md", _sandbox_without_bwrap,
     "SandboxError: The code sandbox lacks isolation layers: namespaces: 'bwrap' not found (Debian/Ubuntu: apt-get "
     "install bubblewrap). Install/enable them, or pass SandboxConfig(allow_weak=True) to run model code with "
     "weaker isolation."),
]


def _pieces(quoted: str) -> list[str]:
    body = re.sub(r"^\w+Error: ", "", quoted)
    return [piece.strip() for piece in body.split("...") if piece.strip()]


def _appears_in_order(pieces: list[str], message: str) -> bool:
    at = 0
    for piece in pieces:
        at = message.find(piece, at)
        if at < 0:
            return False
        at += len(piece)
    return True


@pytest.mark.parametrize("page, call, quoted", QUOTED_ERRORS, ids=[q[2][:30] for q in QUOTED_ERRORS])
def test_quoted_error_messages_are_the_real_ones(page, call, quoted, tmp_path, monkeypatch, fresh_registries):
    if "reasoning-gym" in quoted:
        pytest.importorskip("reasoning_gym")
    monkeypatch.chdir(tmp_path)
    assert quoted in " ".join(_text(ROOT / page).split()), f"{page} no longer quotes this message"
    with pytest.raises(rewards.RlvrError) as error:
        call(monkeypatch)
    kind = re.match(r"(\w+Error): ", quoted)
    if kind:
        assert type(error.value).__name__ == kind.group(1)
    assert _appears_in_order(_pieces(quoted), " ".join(str(error.value).split())), str(error.value)


def _quoted_in_blocks(text: str) -> list[str]:
    """Errors quoted as `SomeError: message` lines in plain fenced blocks (a message may wrap onto more lines)."""
    found = []
    for block in re.findall(r"```\n(.*?)```", text, flags=re.S):
        for part in re.split(r"\n(?=\w+Error: )", block.strip()):
            if re.match(r"\w+Error: ", part):
                found.append(" ".join(part.split()))
    return found


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_error_a_page_quotes_is_checked(page):
    checked = {" ".join(q.split()) for p, _, q in QUOTED_ERRORS if p == _name(page)}
    unchecked = [q for q in _quoted_in_blocks(_text(page)) if q not in checked]
    assert not unchecked, f"{_name(page)} quotes errors no test checks (add them to QUOTED_ERRORS): {unchecked}"
