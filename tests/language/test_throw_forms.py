"""THROW of a word typed compiled as its signal raised where it stands (control_forms
form_throw): ``throw_forms.lgo`` prints what UCBLogo printed for it in every tier (tags
in any case, through procedures and nested CATCHes, THROW "ERROR with and without a
value, an error in the value, out of a FOR whose variables live in Python locals); and
a THROW with no CATCH is the same error in both tiers."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import TIERS, checks_itself, run_in_both_tiers

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "throw_forms.lgo", tiers)


def test_a_throw_with_no_catch_is_the_same_error_in_both_tiers() -> None:
    text = "to f :n\nif :n > 5 [throw \"big]\nprint :n\nend\nf 3\nf 3\nf 7\nprint \"after\n"
    compiled = run_in_both_tiers(text)
    assert compiled.printed == "3\n3\n"
    assert "Can't find catch tag for big" in compiled.errors


def test_a_traced_throw_prints_its_call_in_both_tiers() -> None:
    text = ("to f :n\nif :n > 1 [throw \"big]\nend\ntrace \"throw\n"
            "repeat 3 [catch \"big [f repcount]]\nprint \"done\n")
    compiled = run_in_both_tiers(text)
    assert compiled.printed.count("( throw \"big )") == 2, compiled.printed
