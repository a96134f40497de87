"""Arithmetic with its types tested once (language/typed_arithmetic.py), INT of a
quotient and math functions of floats (inline_numbers.py), and FOR loops that only
fill an array (loop_fills.py): every tier prints what UCBLogo printed (the ``; expect:``
lines of number_forms.lgo come from UCBLogo 6.2.2), and the fast forms are the ones
compiled."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support import TIERS, checks_itself, compiled_sources, new_interpreter, run_logo

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
@pytest.mark.parametrize("name", ["number_forms.lgo", "plist_forms.lgo"])
def test_the_logo_file_checks_itself_in_each_tier(name: str, tiers: str) -> None:
    checks_itself(HERE / name, tiers)


def sources(monkeypatch: Any, text: str) -> list[str]:
    return compiled_sources(monkeypatch, text)[1]


def test_a_square_reads_its_variable_once(monkeypatch: Any) -> None:
    made = sources(monkeypatch, "to sq :x\noutput :x * :x\nend\nprint sq 5")
    body = next(s for s in made if "_in_0" in s)
    assert body.count("type(") == 1 and "in NUM" not in body


def test_a_product_of_two_inputs_tests_each_type_once(monkeypatch: Any) -> None:
    made = sources(monkeypatch, "to p :x :y\noutput :x * :y\nend\nprint p 5 6")
    body = next(s for s in made if "_in_1" in s)
    assert body.count("type(") == 2 and "is int) & (" in body


def test_int_of_a_quotient_makes_no_quotient(monkeypatch: Any) -> None:
    made = sources(monkeypatch, "to d :n\noutput int :n / 10\nend\nprint d 95")
    body = next(s for s in made if "_in_0" in s)
    assert "// 10" in body and "% 10 == 0" not in body


def test_sin_of_a_float_product_has_no_type_test(monkeypatch: Any) -> None:
    made = sources(monkeypatch, "to s :x\noutput sin :x * 2.5\nend\nprint s 12")
    body = next(s for s in made if "_in_0" in s)
    assert body.count("type(") == 1  # (the product's own)


FILL = ("to fillup :n :v\nlocalmake \"a (array :n 1)\nfor [i 1 :n] [setitem :i :a 0]\n"
        "for [i 2 :n 3] [setitem :i :a :v]\noutput :a\nend\n")


def test_a_loop_that_only_fills_an_array_is_one_slice(monkeypatch: Any) -> None:
    made = sources(monkeypatch, FILL + "show fillup 2000 5")
    body = next(s for s in made if "_fr" in s)
    assert body.count("] = [0] * len(") == 1  # (a value computed: turn by turn)


class Turns:
    """Processes that take their turns at every interrupt check (``I.interrupt`` stays
    true while processes run, as it does with LAUNCH's); at the chosen turns one of
    them gives a variable a value."""

    def __init__(self, interp: Any, turns: set[int], name: str, value: Any):
        self.I, self.turns, self.turn = interp, turns, 0
        self.name, self.value = name, value

    def __call__(self) -> None:
        self.turn += 1
        if self.turn in self.turns:
            self.I.vars[self.name] = self.value


def with_turns(text: str, tiers: str, turns: set[int], name: str = "a",
               value: Any = "oops") -> Any:
    interp = new_interpreter(tiers=tiers)
    interp.check_interrupt = Turns(interp, turns, name, value)
    type(interp).interrupt = property(lambda self: "go" in self.vars, lambda self, v: None)
    try:
        return run_logo(text, interp=interp)
    finally:
        del type(interp).interrupt


@pytest.mark.parametrize("turns", [{1}, {2}, {50}, {1999}])
def test_processes_running_fill_turn_by_turn(turns: set[int]) -> None:
    text = ("make \"go 1\nmake \"a (array 2000 1)\nfor [i 1 2000] [setitem :i :a 7]\n"
            "print count :a print item 2000 :a")
    ran = [with_turns(text, tiers, turns) for tiers in ("interpret", "compile")]
    assert ran[0].lines == ran[1].lines and ran[0].errors == ran[1].errors
    assert "setitem doesn't like oops as input" in ran[1].errors


SCAN = ("make \"go 1\nmake \"a (array 2000 1)\nmake \"h (array 10 0)\n"
        "for [i 0 9] [setitem :i :h 0]\nfor [i 1 2000] [setitem :i :a remainder :i 7]\n"
        "make \"s 0\nfor [i 1 2000] [if (item :i :a) = 3 [setitem remainder :i 10 :h "
        "1 + item remainder :i 10 :h]]\nshow :h")


@pytest.mark.parametrize(("turns", "value"), [({5}, "x"), ({5}, 2.5), ({5}, "3"),
                                               ({2003}, "7"), ({2010}, -3), ({3000}, 10 ** 20)])
def test_a_process_gives_a_for_variable_another_value(turns: set[int], value: Any) -> None:
    ran = [with_turns(SCAN, tiers, turns, "i", value) for tiers in ("interpret", "compile")]
    assert ran[0].lines == ran[1].lines and ran[0].errors == ran[1].errors


def test_stop_reaches_a_loop_that_fills_an_array() -> None:
    interp = new_interpreter(tiers="compile")
    interp.request_stop()  # (pending as the loop starts: it runs turn by turn, and stops)
    ran = run_logo("make \"a (array 5000 1)\nfor [i 1 5000] [setitem :i :a 7]\nprint item 1 :a",
                   interp=interp)
    assert ran.lines in ([], ["7"])
