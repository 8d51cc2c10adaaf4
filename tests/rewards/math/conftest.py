"""The registered ``math_exact`` with a generous deadline, shared by the verdict tables: these rows test verdicts,
not sympy's speed on a busy CI box."""

import pytest

import rewards


@pytest.fixture(scope="module")
def math_exact():
    return rewards.get("math_exact", deadline=5.0)
