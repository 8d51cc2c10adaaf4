"""``python -m rewards list``: print the registered rewards."""

import sys

import rewards

if __name__ == "__main__":
    if sys.argv[1:] not in ([], ["list"]):
        sys.exit(f"unknown command {' '.join(sys.argv[1:])!r}; usage: python -m rewards list")
    for name in rewards.available():
        print(name)
