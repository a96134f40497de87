"""SIN and COS of whole numbers by table (math_forms._trig) and optional inputs'
one-number defaults (binding.bind_general): whole_sines.lgo and optional_defaults.lgo
print in every tier what UCBLogo printed for them (their ``; expect:`` lines); the table
agrees with the primitive for every whole number a float holds, ties of 180 too."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from logo.language.math_forms import WHOLE, whole_sines
from logo.primitives.math_functions import sin_deg
from tests.support import TIERS, checks_itself

HERE = Path(__file__).parent


@pytest.mark.parametrize("name", ["whole_sines.lgo", "optional_defaults.lgo"])
@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(name: str, tiers: str) -> None:
    checks_itself(HERE / name, tiers)


def test_the_table_is_the_primitive_for_whole_numbers() -> None:
    table = whole_sines()
    rng = random.Random(25)
    wholes = list(range(-2000, 2000)) + [360 * k + 180 for k in range(-500, 500)]
    wholes += [rng.randrange(-WHOLE + 1, WHOLE) for _ in range(5000)] + [WHOLE - 1, 1 - WHOLE]
    for n in wholes:
        for w, want in ((n, sin_deg(float(n))), (90 - n, sin_deg(90.0 - float(n)))):
            got = table[w % 720] if w >= 0 else -table[-w % 720]
            assert got == want and math.copysign(1, got) == math.copysign(1, want), n
