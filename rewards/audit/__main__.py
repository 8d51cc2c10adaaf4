"""``python -m rewards.audit REWARD ... [--env ID] [--n N]``: audit rewards on an env's held-out problems (an entry
point: it builds the env, so it sits above `rewards.audit` and `envs`)."""

from __future__ import annotations

import argparse
import logging
import sys

import envs
import rewards
from envs.games.check import audit_game, audit_table, is_game
from rewards.audit import __doc__ as AUDIT_DOC
from rewards.audit import audit_all
from rewards.upstream import ignore_understood_warnings
from rlvr_kit import prog


def main(argv: list[str] | None = None) -> int:
    """CLI entry point; returns the exit status (1 when any hack earns reward)."""
    parser = argparse.ArgumentParser(prog=prog("python -m rewards.audit"), description=AUDIT_DOC.split("\n\n")[0])
    parser.add_argument("reward", nargs="+", help="reward ids or composed specs (`python -m rewards list`)")
    parser.add_argument("--env", default="arithmetic", help="env whose held-out problems the hacks are built from")
    parser.add_argument("--n", type=int, default=8, help="number of problems")
    args = parser.parse_args(argv)
    if args.n < 1:
        parser.error(f"--n must be >= 1 (held-out problems to build hacks from), got {args.n}")
    try:
        funcs, _ = rewards.get_many(args.reward)
        env = envs.make(args.env)
        if is_game(env.environment_factory):  # judged by its state, not text: play it (`envs.games.check`)
            cases = audit_game(env.environment_factory, env.heldout_rows(args.n))
            print(audit_table(env.id, cases))
            return 0 if all(c.passed for c in cases) else 1
        reports = audit_all(funcs, env.heldout_rows(args.n))
    except rewards.RlvrError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for report in reports:
        print(report.table(), end="\n\n")
    failed = [r.reward for r in reports if not r.passed]
    print("audit: " + (f"FAIL ({', '.join(failed)})" if failed else f"PASS ({len(reports)} rewards)"))
    return 1 if failed else 0


def cli() -> None:
    """`python -m rewards.audit`, installed as the `rlvr-audit` command."""
    ignore_understood_warnings()
    logging.basicConfig(level=logging.WARNING)
    sys.exit(main())


if __name__ == "__main__":
    cli()
