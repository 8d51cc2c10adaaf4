"""``python -m envs list``: print the registered envs with their rewards."""

import sys

import envs

if __name__ == "__main__":
    if sys.argv[1:] not in ([], ["list"]):
        sys.exit(f"unknown command {' '.join(sys.argv[1:])!r}; usage: python -m envs list")
    ids = envs.available()
    width = max(map(len, ids), default=0)
    for env_id in ids:
        spec = envs.spec(env_id)
        print(f"{env_id:<{width}}  rewards: {', '.join(spec.rewards):<24} {spec.description}")
