"""Arithmetic forms that know what their inputs are (number_facts.py, whole_forms.py,
math_forms.py): arith_facts.lgo prints in every tier what UCBLogo printed for it (its
``; expect:`` lines): REPCOUNT, FOR variables and inputs in REMAINDER, MODULO, QUOTIENT,
INT, ROUND, SQRT, SIN, EXP, LN, LOG10, with words that are numbers, floats, whole numbers
past 2**63, zero, NaN and infinity, and their errors named."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import TIERS, checks_itself, run_in_both_tiers

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "arith_facts.lgo", tiers)


def test_a_count_known_whole_still_meets_other_values() -> None:
    """A procedure's loop compiled with REPCOUNT known, then given floats and words."""
    ran = run_in_both_tiers("""to g :n :k
localmake "s 0
repeat :n [make "s :s + (sqrt repcount) * :k + (quotient repcount :k) + remainder repcount :k]
output :s
end
show g 2000 3 show g 20 2.5 show g 20 "4 show g 2 -3
catch "error [show g 3 0] show error
""")
    assert ran.errors == ""
