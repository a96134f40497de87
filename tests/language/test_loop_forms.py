"""Instructions compiled inline in loops and lists (control_forms, inline_statements):
LOCALMAKE in a list, property lists, CATCH, sums with a float, FOR's values, REPEAT's count; every tier agrees on every value and error."""

from __future__ import annotations

from pathlib import Path

import pytest

from logo.command_line.self_checks import expectations
from tests.support import run_logo

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", ["interpret", "compile", "auto"])
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    path = HERE / "loop_forms.lgo"
    ran = run_logo(path.read_text(), str(path), tiers=tiers)
    assert ran.ok, ran.errors
    assert ran.lines == expectations(path.read_text())
