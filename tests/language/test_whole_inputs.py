"""A direct body's typed copy for inputs that are small whole numbers
(language/whole_inputs.py): every tier prints what UCBLogo printed (the ``; expect:``
lines of whole_inputs.lgo come from UCBLogo 6.2.2: the edges of the small range, sums
past 64 bits, products past the integer limit, floats, words that are numbers and
words that are not); the typed copy is compiled where it pays and not elsewhere; an
error in it names the procedure and line, Stop reaches its loop, and a procedure
redefined at a turn while it runs is the new one at its next call."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from logo.language import whole_inputs
from tests.support import (
    TIERS,
    checks_itself,
    compiled_sources,
    in_both_tiers,
    new_interpreter,
    run_logo,
)

HERE = Path(__file__).parent
GUARD = f"-{whole_inputs.SMALL} <= _in_0 <= {whole_inputs.SMALL}"


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "whole_inputs.lgo", tiers)


def sources(monkeypatch: Any, text: str) -> list[str]:
    return compiled_sources(monkeypatch, text)[1]


FIB = "to fib :n\nif :n < 2 [output :n]\noutput (fib :n - 1) + (fib :n - 2)\nend\n"


def test_a_recursion_on_a_whole_input_has_a_typed_copy(monkeypatch: Any) -> None:
    made = sources(monkeypatch, FIB + "print fib 10\n")
    body = next(s for s in made if "_in_0" in s)
    typed, general = body.split(GUARD)[1].split("return None", 1)
    assert "(_in_0 - 1)" in typed and "(_in_0 - 2)" in typed and "_in_0 < 2 if True" in typed
    assert "type(_x" in general and "9223372036854775807" in general  # (as it always was)


def test_an_input_that_meets_floats_has_a_float_copy(monkeypatch: Any) -> None:
    made = sources(monkeypatch, "to f :x\noutput (sqrt :x) + :x * 0.5 + :x * :x\nend\n"
                   "print f 2.5\n")
    body = next(s for s in made if "_in_0" in s)
    typed = body.split("if type(_in_0) is float:")[1].split("return None", 1)[0]
    assert "(_in_0 * _in_0)" in typed and "type(" not in typed


def test_a_body_that_would_save_no_test_has_no_copy(monkeypatch: Any) -> None:
    made = sources(monkeypatch, "to p :x :y\noutput :x * :y\nend\nto q :x\noutput :x + 1\n"
                   "end\nprint p 5 6\nprint q 5\n")
    assert made and not any("<= _in_0 <=" in s for s in made)


def test_an_error_in_the_typed_copy_names_the_procedure_and_line() -> None:
    text = ("to f :n :m\nif :n = 0 [output :m]\nif :n = 2 [output :n + :m + \"x]\n"
            "output f :n - 1 :m + :n\nend\nrepeat 3 [ignore f 1 1]\n")
    out = in_both_tiers(text, "print f 5 1\nprint f 1 \"y\n")
    assert out == ("+ doesn't like x as input\n  in f (line 3)\n"
                   "  [if :n = 2 [output :n + :m + \"x]]\n"), out
    out = in_both_tiers(text, "print f 1 \"y\n")
    assert out.startswith("+ doesn't like y as input\n  in f (line 4)\n"), out


def test_stop_reaches_the_typed_loop() -> None:
    interp = new_interpreter(tiers="compile")
    text = ("make \"n \"top\nto down :n :acc\nif :n = 0 [output :acc]\n"
            "output down :n - 1 :acc + :n\nend\nrepeat 3 [ignore down 5 0]\n")
    run_logo(text, interp=interp, check=True)
    timer = threading.Timer(0.3, interp.request_stop)
    timer.start()
    ran = run_logo("print down 1000000000 0", interp=interp)
    timer.cancel()
    assert not ran.ok and "Stopped!" in ran.errors + ran.printed
    assert interp.vars["n"] == "top" and not interp.frames


def test_a_procedure_redefined_at_a_turn_is_the_new_one_at_its_next_call() -> None:
    text = ("to sum.to :n\nif :n = 0 [output 0]\noutput :n + sum.to :n - 1\nend\n"
            "repeat 3 [ignore sum.to 2]\n")
    then = ("when [ifelse namep \"n [:n = 3] [\"false]] "
            "[define \"sum.to [[n] [output :n * 1000]]]\n"
            "print sum.to 10\nprint sum.to 10\nprint sum.to 2.5\n")
    assert in_both_tiers(text, then) == "2052\n10000\n2500\n"
