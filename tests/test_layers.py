"""The packages form layers that point one way, and no module imports itself back through others.

core (`rewards.errors`, `rewards.registry`, `rewards.protocol`) <- rewards <- envs <- eval <- training <- entry points
(`train.py` and every `__main__` module). Every import counts, also the ones inside functions: an import put off
to call time still ties the two modules together.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rewards", "envs", "eval", "training")
CORE = frozenset({"rewards.errors", "rewards.registry", "rewards.protocol"})
RANK = {"core": 0, "rewards": 1, "envs": 2, "eval": 3, "training": 4, "entry": 5}


def _modules() -> dict[str, Path]:
    found = {"train": ROOT / "train.py"}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = _modules()


def _imports(name: str) -> set[str]:
    """The project modules ``name`` imports, anywhere in its source."""
    tree = ast.parse(MODULES[name].read_text())
    targets: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                targets.add(sub if sub in MODULES else node.module)
    return {t for t in targets if t in MODULES and t != name}


def layer(name: str) -> str:
    """Which layer a module belongs to."""
    if name == "train" or name.endswith(".__main__"):
        return "entry"
    if name in CORE:
        return "core"
    return name.split(".")[0]


GRAPH = {name: _imports(name) for name in MODULES}


def test_the_graph_sees_the_packages():
    assert {"rewards", "rewards.math.exact", "rewards.code.sandbox", "envs.registration",
            "eval.harness"} <= set(MODULES)
    assert "rewards.protocol" in GRAPH["rewards.math.exact"]
    assert {"eval.mixture", "eval.report", "training.run"} <= GRAPH["train"]  # `from eval import report` too


def test_no_upward_import():
    upward = sorted(f"{name} ({layer(name)}) imports {dep} ({layer(dep)})"
                    for name, deps in GRAPH.items() for dep in deps if RANK[layer(dep)] > RANK[layer(name)])
    assert not upward, "\n".join(upward)


def test_no_import_cycle():
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for dep in sorted(GRAPH[name]):
            if state.get(dep) == 1:
                cycles.append(path[path.index(dep):] + [dep])
            elif dep not in state:
                visit(dep, path + [dep])
        state[name] = 2

    for name in sorted(GRAPH):
        if name not in state:
            visit(name, [name])
    assert not cycles, "\n".join(" -> ".join(c) for c in cycles)
