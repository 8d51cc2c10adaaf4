"""``python -m envs list``: print the registered envs with their rewards."""

import sys

import envs

if __name__ == "__main__":
    if sys.argv[1:] not in ([], ["list"]):
        sys.exit(f"unknown command {' '.join(sys.argv[1:])!r}; usage: python -m envs list")
    for env_id in envs.available():
        spec = envs.spec(env_id)
        print(f"{env_id:<16} rewards: {', '.join(spec.rewards):<24} {spec.description}")
