"""Instructions compiled inline in loops and lists (control_forms, inline_statements):
LOCALMAKE in a list, property lists, CATCH, sums with a float, FOR's values, REPEAT's count; every tier agrees on every value and error."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import checks_itself

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", ["interpret", "compile", "auto"])
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    path = HERE / "loop_forms.lgo"
    checks_itself(path, tiers)
