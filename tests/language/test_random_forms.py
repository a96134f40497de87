"""RANDOM compiled inline (inline_random.py): ``random_forms.lgo`` prints what UCBLogo
printed for it in every tier (the same numbers after RERANDOM, one input and two, inside
a procedure and a FOR, and every error of RANDOM 0, -1, "a, 2.5, 2147483647 and a list,
of (RANDOM a b) with b below a); a RANDOM redefined (REDEFP) while code calls it as the
interpreting tier does (UCBLogo cannot show it: such a file leaves it waiting)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import TIERS, checks_itself, in_both_tiers, run_in_both_tiers

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "random_forms.lgo", tiers)


def test_a_random_redefined_is_called_by_code_compiled_before() -> None:
    said = in_both_tiers(
        "to roll :n\nlocalmake \"t 0\nrepeat :n [make \"t :t + random 6]\noutput :t\nend\n"
        "rerandom\nshow roll 2000\nmake \"redefp \"true\nto random :n\noutput 4\nend\n"
        "show roll 2000\nrepeat 1000 [make \"s 0 make \"s :s + (random 3) + random \"x]\n"
        "show :s\n")
    assert said.endswith("\n8000\n8\n"), said


def test_an_error_inside_names_its_procedure_and_line() -> None:
    text = "to t :x\nprint \"before\nrepeat 2000 [ignore random :x]\nend\nt 0.5\n"
    compiled = run_in_both_tiers(text)
    assert compiled.printed == "before\n"
    assert "random doesn't like 0.5 as input\n  in t (line 3)\n" in compiled.errors
