"""OUTPUT of a call inside an inline loop or CATCH is an ordinary call (Emitter.may_tail):
guarded_tails.lgo prints in every tier what UCBLogo printed for it (REPCOUNT, ``?`` and
what CATCH catches are the loop's and the catch's; a procedure calling itself goes on in
the loop's turn).  CATCH "ERROR with a literal list compiles inline (catch_forms,
caught_errors): error_catch.lgo prints in every tier what UCBLogo printed, the compiled
body has its ``try`` and no call of the primitive, and the cases left to the primitive
(ERRACT set, CATCH traced) do what the primitive does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support import TIERS, checks_itself, compiled_sources, in_both_tiers

HERE = Path(__file__).parent
FAILS = "to fails :x\ncatch \"error [make \"y :x / 0]\nshow item 2 error\nend\n"


@pytest.mark.parametrize("name", ["guarded_tails.lgo", "error_catch.lgo"])
@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(name: str, tiers: str) -> None:
    checks_itself(HERE / name, tiers)


def test_an_error_catch_compiles_to_a_try_of_its_own(monkeypatch: Any) -> None:
    ran, made = compiled_sources(monkeypatch, FAILS + "fails 3\n")
    assert ran.printed == "/ doesn't like 0 as input\n"
    body = next(text for text in made if "_te" in text)
    assert "try:" in body and "except" in body


@pytest.mark.parametrize("setup", [
    "make \"erract [print \"erract.ran]\n",  # (ERRACT's code differs: the primitive's)
    "trace \"catch\n",
])
def test_what_is_left_to_the_primitive_does_the_same(setup: str) -> None:
    printed = in_both_tiers(setup + FAILS, "fails 3")
    assert "doesn't like 0" in printed and "erract.ran" not in printed


def test_a_thrown_error_passes_catch_true() -> None:
    """THROW "ERROR with a value is an error too: CATCH "TRUE lets it pass, CATCH "ERROR
    catches it (its message the value), as in UCBLogo."""
    printed = in_both_tiers("", "catch \"error [catch \"true [(throw \"error [my own])] "
                                "print \"not.here] show item 2 error")
    assert printed == "my own\n"


@pytest.mark.parametrize("line, message", [
    # a list a loop's condition outputs is run, as UCBLogo's RUN of it
    ("catch \"error [while [(sentence (list 1 2) 3)] [stop]] show item 2 error",
     "You don't say what to do with 1"),
    # OUTPUT or STOP of a list inside RUNRESULT's is RUNRESULT's error in both tiers
    ("to h\nmake \"w runresult [fput 1 catch \"k [stop]]\noutput 8\nend\n"
     "catch \"error [show h] show item 2 error",
     "Can't use OUTPUT or STOP inside RUNRESULT"),
    ("to g\nignore runresult [count catch \"k [output 5]]\noutput 9\nend\n"
     "catch \"error [show g] show item 2 error",
     "Can't use OUTPUT or STOP inside RUNRESULT"),
])
def test_the_tiers_agree_on_lists_run_inside_expressions(line: str, message: str) -> None:
    assert in_both_tiers(line) == message + "\n"


def test_erract_set_inside_an_error_catch_is_not_asked() -> None:
    """ERRACT made inside CATCH "ERROR's list as it runs (the running code's sites are
    wrapped then) is not asked for the error the CATCH catches, compiled inline too."""
    text = ("to f\ncatch \"error [make \"erract [print \"erract.ran] print 1 / 0]\n"
            "show item 2 error\nmake \"erract []\nend\n")
    assert in_both_tiers(text, "f f") == "/ doesn't like 0 as input\n" * 2


def test_a_self_tail_call_after_a_redefinition_calls_the_new_body() -> None:
    """The self tail call compiled as a loop goes to the procedure's new definition,
    even when a call made since took the interrupt flag the definition set."""
    text = ("make \"n 0\nto two :x\noutput 2\nend\n"
            "to k3 :x\ndefine \"k1 [[x] [output \"new]]\noutput two 1\nend\n"
            "define \"k1 [[x] [make \"n :n + 1] [if :n > 5 [output \"old]] [output k1 k3 :x]]\n")
    assert in_both_tiers(text, "show k1 1") == "new\n"
