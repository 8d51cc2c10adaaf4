"""``python -m rewards list``: print the registered rewards, what each checks and the columns it reads."""

from __future__ import annotations

import argparse
import inspect
import sys
from typing import Any

import rewards
from rewards.catalog import registry
from rewards.protocol import required_columns
from rewards.upstream import ignore_understood_warnings
from rlvr_kit import prog


def describe(id: str) -> tuple[str, str]:
    """What reward ``id`` checks (its docstring's first sentence) and the dataset columns it reads."""
    target = registry.load(id)
    doc = inspect.getdoc(target) or ""
    first = " ".join(doc.split("\n\n")[0].split()).replace("``", "`")
    sentence = first.split(". ")[0].rstrip(".")
    return sentence or "-", _columns(target)


def _columns(target: Any) -> str:
    try:
        needed = required_columns(target)
    except TypeError:  # columns computed per instance (from the reward it wraps)
        return "its parameters'"
    shown = [need if isinstance(need, str) else " or ".join(need) for need in needed]
    return ", ".join(shown) or "-"


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and run the command."""
    p = argparse.ArgumentParser(prog=prog("python -m rewards"), description="The reward registry "
                                "(`rewards.available()`); every id works as `train.py --reward ID` and in "
                                "`rewards.get(ID)`.")
    p.add_argument("command", nargs="?", default="list", choices=["list"],
                   help="list: each reward id, the columns it reads and what it checks (the default).")
    p.add_argument("--ids", action="store_true", help="Print the bare ids only, one a line.")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    ids = rewards.available()
    if args.ids:
        print("\n".join(ids))
        return
    rows = [(id, *describe(id)) for id in ids]
    width = max(len(r[0]) for r in rows)
    cols = max(len(r[2]) for r in rows)
    print(f"{'id':<{width}}  {'columns':<{cols}}  what it checks")
    for id, what, columns in rows:
        print(f"{id:<{width}}  {columns:<{cols}}  {what}")


def cli() -> None:
    """`python -m rewards`, installed as the `rlvr-rewards` command."""
    ignore_understood_warnings()
    main()


if __name__ == "__main__":
    cli()
