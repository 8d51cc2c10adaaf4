"""``python -m envs list``: print the registered envs with their rewards, tools and what they hold."""

from __future__ import annotations

import argparse
import sys

import envs
from rewards.upstream import ignore_understood_warnings


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and run the command."""
    p = argparse.ArgumentParser(prog="python -m envs", description="The env registry (`envs.available()`); every "
                                "id works as `train.py --env ID`, `python -m eval --env ID` and `envs.make(ID)`.")
    p.add_argument("command", nargs="?", default="list", choices=["list"],
                   help="list: each env id, its rewards, its tool environment and what it holds (the default).")
    p.parse_args(sys.argv[1:] if argv is None else argv)
    ids = envs.available()
    width = max(map(len, ids), default=0)
    for env_id in ids:
        spec = envs.spec(env_id)
        environment = spec.environment
        tools = "" if environment is None else (
            f" [tools: {environment if isinstance(environment, str) else environment.__qualname__}]")
        print(f"{env_id:<{width}}  rewards: {', '.join(spec.rewards):<24} {spec.description}{tools}")


if __name__ == "__main__":
    ignore_understood_warnings()
    main()
