"""POWER of a base above 0 compiled inline (inline_power.py): power_forms.lgo prints in
every tier what UCBLogo printed for it (its ``; expect:`` lines), overflow, bases of 0 and
below, words and errors included; the fast path is the primitive for random inputs."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from logo.language.inline_power import power_of_positive
from logo.primitives.math_functions import power
from tests.support import TIERS, checks_itself

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "power_forms.lgo", tiers)


def test_the_fast_path_is_the_primitive_for_positive_bases() -> None:
    rng = random.Random(25)
    bases = [rng.uniform(1e-300, 10) for _ in range(2000)] + [1e308, 5e-324, math.inf, 1.0]
    bases += [rng.randrange(1, 1 << 53) for _ in range(500)]
    exponents = [rng.uniform(-400, 400) for _ in range(50)] + [0, 1, -1, 1023, -1074, math.nan]
    for b in bases:
        for e in exponents:
            want, got = power(b, e), power_of_positive(b, e)
            assert got == want or (math.isnan(got) and math.isnan(want)), (b, e)
