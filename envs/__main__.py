"""``python -m envs list`` prints the registered envs with their rewards, tools and what they hold;
``python -m envs serve ENV [key=value ...]`` serves one as an OpenEnv environment, and ``python -m envs export ENV
DIR [key=value ...]`` writes it as an OpenEnv environment directory (docs/openenv.md)."""

from __future__ import annotations

import argparse
import sys

import envs
from rewards.errors import RlvrError
from rewards.upstream import ignore_understood_warnings
from rlvr_kit import prog


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and run the command."""
    p = argparse.ArgumentParser(prog=prog("python -m envs"), description="The env registry (`envs.available()`); every "
                                "id works as `train.py --env ID`, `python -m eval --env ID` and `envs.make(ID)`.")
    commands = p.add_subparsers(dest="command", metavar="{list,serve,export}")
    commands.add_parser("list", help="each env id, its rewards, its tool environment and what it holds (the default).")
    serve = commands.add_parser("serve", help="serve an env as an OpenEnv environment (pip install "
                                "'rlvr-kit[openenv]'); see docs/openenv.md.")
    serve.add_argument("env", help=f"a registered env id (`{prog('python -m envs', 'list')}`).")
    serve.add_argument("options", nargs="*", metavar="key=value", help="env options, as train.py's --env_kwargs.")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default: loopback only; another "
                       "address lets every host that reaches it run the env's tools and checkers).")
    serve.add_argument("--port", type=int, default=8000, help="port to bind (default: 8000).")
    serve.add_argument("--max-concurrent", type=int, default=4, help="sessions served at once (default: 4).")
    serve.add_argument("--idle-timeout", type=float, default=600.0,
                       help="seconds without a message after which a session is closed (default: 600).")
    export = commands.add_parser("export", help="write an env as an OpenEnv environment directory (openenv.yaml, "
                                 "server app, pinned requirements) that `openenv validate` checks.")
    export.add_argument("env", help=f"a registered env id (`{prog('python -m envs', 'list')}`).")
    export.add_argument("dir", help="the directory to write (new or empty).")
    export.add_argument("options", nargs="*", metavar="key=value", help="env options, as train.py's --env_kwargs.")
    export.add_argument("--reward-range", type=float, nargs=2, metavar=("LOW", "HIGH"),
                        help="the env's reward range, for rewards whose scores are not all in [0, 1].")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        if args.command == "serve":
            _serve(args)
        elif args.command == "export":
            _export(args)
        else:
            _list()
    except (RlvrError, ValueError) as e:  # an unknown env, a bad option or bound: one line, not a traceback
        p.error(str(e))


def _serve(args: argparse.Namespace) -> None:
    from envs.openenv import require_openenv

    require_openenv()
    from envs.openenv.serve import serve

    env = envs.make(args.env, **envs.parse_kwargs(args.options))
    serve(env, host=args.host, port=args.port, max_concurrent=args.max_concurrent, idle_timeout=args.idle_timeout)


def _export(args: argparse.Namespace) -> None:
    from envs.openenv import require_openenv

    require_openenv()
    from envs.openenv.export import export

    options = envs.parse_kwargs(args.options)
    root = export(envs.make(args.env, **options), args.dir, options, args.reward_range)
    print(f"wrote {root}: check it with `openenv validate {root} --level static --skip-build`")


def _list() -> None:
    ids = envs.available()
    width = max(map(len, ids), default=0)
    for env_id in ids:
        spec = envs.spec(env_id)
        environment = spec.environment
        tools = "" if environment is None else (
            f" [tools: {environment if isinstance(environment, str) else environment.__qualname__}]")
        print(f"{env_id:<{width}}  rewards: {', '.join(spec.rewards):<24} {spec.description}{tools}")


def cli() -> None:
    """`python -m envs`, installed as the `rlvr-envs` command."""
    ignore_understood_warnings()
    main()


if __name__ == "__main__":
    cli()
