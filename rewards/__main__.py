"""``python -m rewards list``: print the registered rewards."""

import sys

import rewards

if __name__ == "__main__":
    if sys.argv[1:] not in ([], ["list"]):
        sys.exit("usage: python -m rewards list")
    for name in rewards.available():
        print(name)
