"""A leaf's own function with a typed copy of its computation (language/leaf_calls.py,
whole_inputs' proof): the copy is made where it saves type tests, entered by a test of
the inputs' types (a float, or a whole number within whole_inputs.SMALL), with no type
test of its own on them; any other input takes the general computation after it; an
error in the copy makes the real call, which names the leaf and its line.  The
self-checking file tests/language/calls/leaf_types.lgo holds what UCBLogo printed for
the edges (test_calls runs it under each tier)."""

from __future__ import annotations

import re
from typing import Any

from logo.language import input_scope, leaf_calls, whole_inputs
from tests.support import in_both_tiers, new_interpreter, run_logo

CURVE = ("to curve :x\noutput (sqrt :x) * (sin :x * 57.29577951308232) + (ln 1 + :x) / "
         "(1 + :x * :x)\nend\n")
MIDDLE = "to inner\noutput :x * 2 + :y\nend\nto middle :x\nlocalmake \"y :x - 1\noutput inner\nend\n"
INC = "to inc :x\noutput :x + 1\nend\n"
CALLS = "repeat 3 [ignore 0 + curve 2.5 ignore 0 + middle 3 ignore 0 + inc 4]\n"
WHOLE = f"if type(_a0) is int and -{whole_inputs.SMALL} <= _a0 <= {whole_inputs.SMALL}:"


def parts(source: str, guard: str) -> tuple[str, str]:
    """The typed copy after ``guard`` and the general code after it (back at the
    ``try``'s indentation)."""
    typed, general = re.split(r"\n {12}(?=\S)", source.split(guard)[1], maxsplit=1)
    return typed, general


def leaf_sources(monkeypatch: Any, text: str) -> tuple[Any, dict[str, str]]:
    made: dict[str, str] = {}
    real = leaf_calls.compile_code

    def spy(source: Any, name: Any, *args: Any, **kwargs: Any) -> Any:
        made[name] = source
        return real(source, name, *args, **kwargs)

    monkeypatch.setattr(leaf_calls, "compile_code", spy)
    interp = new_interpreter(tiers="compile")
    run_logo(text, interp=interp, check=True)
    return interp, made


def test_a_leaf_of_floats_and_one_of_whole_numbers_have_typed_copies(monkeypatch: Any) -> None:
    _, made = leaf_sources(monkeypatch, CURVE + MIDDLE + INC + CALLS)
    typed, general = parts(made["<logo leaf curve>"], "if type(_a0) is float:")
    assert "type(" not in typed and "SQRT(" in typed and "(_a0 * _a0)" in typed
    assert "type(" in general and "2147483647" in general  # (the general code after it)
    typed, general = parts(made["<logo leaf middle>"], WHOLE)
    assert "_lm" in typed and "(_a0 - 1)" in typed and "(_a0 * 2)" in typed
    assert "type((_x" in general  # (its input tested)
    assert "if type(" not in made["<logo leaf inc>"]  # (no test saved: no copy)


def test_the_typed_copy_gives_the_value_and_fails_for_other_inputs(monkeypatch: Any) -> None:
    interp, _ = leaf_sources(monkeypatch, CURVE + MIDDLE + INC + CALLS)
    made = input_scope.scopes(interp).__dict__["leaf_functions"]
    curve, middle = (made[interp.procedures[name]] for name in ("curve", "middle"))
    assert curve(interp, 2.5) == curve(interp, "2.5") and type(curve(interp, 2.5)) is float
    assert curve(interp, "x") is leaf_calls.FAIL and curve(interp, [2.5]) is leaf_calls.FAIL
    assert middle(interp, 3) == 8 and middle(interp, 2**30) == 3 * 2**30 - 1
    assert middle(interp, 1073741823) == 3221225468 and middle(interp, "3") == 8
    assert type(middle(interp, 2**30)) is float  # (2 * :x past 2147483647: the general
    assert type(middle(interp, 1073741823)) is int  # code's; within it: the copy's)


Q = "to q :x\noutput (:x * :x + :x * 0.5) / (:x - 1)\nend\nrepeat 3 [ignore 0 + q 3.0]\n"


def test_an_error_in_the_typed_copy_is_the_real_calls(monkeypatch: Any) -> None:
    _, made = leaf_sources(monkeypatch, Q)
    assert "if type(_a0) is float:" in made["<logo leaf q>"]
    out = in_both_tiers(Q, "print 0 + q 3.0\nprint 0 + q 1.0\n")
    assert out == ("5.25\n/ doesn't like 0 as input\n  in q (line 2)\n"
                   "  [output (:x * :x + :x * 0.5) / (:x - 1)]\n"), out
