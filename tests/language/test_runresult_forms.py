"""RUNRESULT compiled (run_forms.py): ``runresult [2 * 3]`` computed where it stands and
any other RUNRESULT through the value code its list keeps (``kept_result``) print what
UCBLogo printed for ``runresult_forms.lgo`` in every tier (values, [] of a command or an
empty list, errors naming procedure and line, OUTPUT and STOP inside, THROW through it,
a list changed and a procedure redefined between runs), and what the interpreting tier
prints for what UCBLogo cannot show (Unicode, ERRACT, a list whose code is gone)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import TIERS, checks_itself, in_both_tiers, run_in_both_tiers

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "runresult_forms.lgo", tiers)


def test_unicode_erract_and_a_changed_generation_agree() -> None:
    said = in_both_tiers(
        "make \"x [word \"я char 1105]\nrepeat 3 [show runresult :x]\n"
        "to g\noutput \"old\nend\nmake \"y [g]\n"
        "repeat 3 [show runresult :y define \"g [[] [output \"new]]]\n"
        "to f :l\nrepeat 2 [show runresult :l]\nprint \"after\nend\n"
        "make \"erract [print \"handled]\nf [sum 1 \"q]\n")
    assert said.startswith("[яё]\n[яё]\n[яё]\n[old]\n[new]\n[new]\n"), said


def test_an_uncaught_error_inside_names_its_procedure_and_line() -> None:
    for line in ("show runresult :l", "show runresult [1 / 0]", "show runresult [output 1]"):
        text = f"make \"l [first []]\nto t\nprint \"before\nrepeat 2 [{line}]\nend\nt\n"
        compiled = run_in_both_tiers(text)
        assert compiled.printed == "before\n"
        assert "  in t (line 4)\n" in compiled.errors, compiled.errors


def test_a_traced_runresult_prints_its_calls_in_both_tiers() -> None:
    text = ("to g\nrepeat 3 [show first runresult [2 * 3]]\nrepeat 2 [show runresult [2 * 3]]\n"
            "make \"x [3 + 4]\nrepeat 2 [show runresult :x]\nend\ntrace \"runresult\ng\ng\n")
    compiled = run_in_both_tiers(text)
    assert compiled.printed.count("( runresult [2 * 3] )") == 10, compiled.printed
