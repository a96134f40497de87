"""TEST, IFTRUE and IFFALSE compiled inline (test_forms.py): tested_branches.lgo prints
in every tier what UCBLogo printed for it (its ``; expect:`` lines); a procedure holding
them is direct; an error in IFTRUE's list names the procedure and line; redefinition;
Stop reaches a loop of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.support import TIERS, checks_itself, run_in_both_tiers, run_logo, stop_when

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "tested_branches.lgo", tiers)


def test_a_procedure_of_tests_is_direct() -> None:
    interp = Interpreter(tiers="compile")
    ran = run_logo("to t :n\ntest :n > 1\niftrue [output 1]\noutput 2\nend\n"
                   "print (list t 5 t 0)\n", interp=interp)
    assert ran.printed == "1 2\n"
    assert interp.workspace.procedures["t"].fast == interp.generation


@pytest.mark.parametrize("line", [
    "iftrue [print 1 / 0]", "iff [print first []]", "ift [print :nosuch]"])
def test_an_error_in_a_list_names_the_procedure_and_line(line: str) -> None:
    text = f"to t :n\ntest :n > 1\n{line}\niffalse [print 1 / 0 ]\nprint \"after\nend\nt 5\nt 0\n"
    compiled = run_in_both_tiers(text)
    assert "t" in compiled.errors, compiled.errors


def test_redefinition_is_seen() -> None:
    interp = Interpreter(tiers="compile")
    ran = run_logo("to t :n\ntest :n > 1\niftrue [output 1]\noutput 2\nend\n"
                   "print t 5\nto t :n\ntest :n > 1\niftrue [output 10]\noutput 20\nend\n"
                   "print t 5\nprint t 0\n", interp=interp)
    assert ran.printed == "1\n10\n20\n"


def test_stop_reaches_a_loop_of_tests() -> None:
    host = BufferHost()
    interp = Interpreter(host=host, tiers="compile")
    interp.run_source("to go\nforever [test 0 = remainder repcount 2 iftrue [make \"k repcount]]"
                      "\nend\n")
    with stop_when(interp, lambda: type(interp.vars.get("k")) is int):
        ok = interp.run_source("go\nprint \"after\n")
    assert not ok and "after" not in host.output
    assert interp.frames == []
