"""ITEM and SETITEM of arrays in fast loops (language/inline_arrays.py): the array a loop
reads and never makes is looked at once, as the loop starts and after each interrupt
check, and every tier agrees on every value and error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support import TIERS, checks_itself, new_interpreter, run_logo
from tests.support import compiled_sources as sources

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "loop_arrays.lgo", tiers)


def test_an_array_the_loop_never_makes_is_hoisted(monkeypatch: Any) -> None:
    ran, made = sources(monkeypatch, "to f :a :n\nfor [i 1 :n] [setitem :i :a :i + item :i :a]"
                        "\nend\nmake \"b {1 2 3}\nf :b 3\nshow :b")
    assert ran.lines == ["{2 4 6}"]
    body = next(source for source in made if "<logo" not in source and "for _v" in source)
    assert "HOIST(" in body and ".items.__setitem__" not in body and "] = " in body


def test_an_array_the_loop_makes_is_not_hoisted(monkeypatch: Any) -> None:
    ran, made = sources(monkeypatch, "to f :a :n\nfor [i 1 :n] [setitem 1 :a :i make \"a :a]"
                        "\nend\nmake \"b {0}\nf :b 1500\nshow :b")
    assert ran.lines == ["{1500}"]
    assert not any("HOIST(" in source for source in made)


def test_setitem_at_a_procedures_top_is_a_statement(monkeypatch: Any) -> None:
    ran, made = sources(monkeypatch, "to f :a\nsetitem 2 :a \"x\nend\nmake \"b {1 2}\nf :b\nshow :b")
    assert ran.lines == ["{1 x}"]
    assert any("if " in source and ".items[" in source for source in made)


class Turns:
    """check_interrupt standing for a process that takes its turn at every check and
    gives the loop's array variable, turn by turn, the values of ``values``."""

    def __init__(self, interp: Any, values: list[Any]):
        self.I, self.values = interp, list(values)

    def __call__(self) -> None:
        if self.values:
            value = self.values.pop(0)
            if value is None:
                self.I.vars.pop("a", None)
            else:
                self.I.vars["a"] = value


def turns_run(text: str, values: list[Any], tiers: str) -> Any:
    interp = new_interpreter(tiers=tiers)
    interp.check_interrupt = Turns(interp, values)
    type(interp).interrupt = property(lambda self: "go" in self.vars, lambda self, v: None)
    try:
        return run_logo(text, interp=interp)
    finally:
        del type(interp).interrupt


def _values() -> list[Any]:
    from logo.language.reader import read_list
    from logo.language.values import LogoArray

    return [LogoArray(["p", "q"]), read_list("x y"), "zw", LogoArray(["r", "s"], 0)]


@pytest.mark.parametrize("tiers", ["interpret", "compile"])
def test_a_turn_that_gives_the_array_variable_another_value_is_seen(tiers: str) -> None:
    text = ("to f\nmake \"go 1\nrepeat 4 + 0 [type item 1 :a type \"| |]\nern \"go\nend\n"
            "make \"a {a b}\nf\nprint \"")
    assert turns_run(text, _values(), tiers).lines == ["p x z s"]


@pytest.mark.parametrize("tiers", ["interpret", "compile"])
def test_a_turn_that_erases_the_array_variable_is_the_error(tiers: str) -> None:
    text = ("to f\nmake \"go 1\nrepeat 4 + 0 [setitem 1 :a repcount type item 1 :a]\nend\n"
            "make \"a {a b}\ncatch \"error [f]\nprint \"\nprint item 2 error")
    assert turns_run(text, [None], tiers).lines == ["", "a has no value"]


@pytest.mark.parametrize("text", [
    "to f :a\nfor [i 1 2000] [setitem :i :a :i]\nend\nf (array 1000)",
    "to f :a\nfor [i 1 2000] [make \"x item :i :a]\nend\nf {1 2}",
    "to f :a\nfor [i 1 2000] [make \"x item :i :a]\nend\nf [1 2]",
    "to f :a\nfor [i 1 2000] [setitem :i :a [1]]\nend\nf (array 3)",
    "to f :a\nfor [i 0.5 2000] [setitem :i :a 1]\nend\nf (array 3)",
    "to f\nfor [i 1 2000] [setitem :i :nowhere 1]\nend\nf",
])
def test_an_error_in_a_fast_array_loop_reads_as_in_the_trees(text: str) -> None:
    runs = [run_logo(text, tiers=tiers) for tiers in ("interpret", "compile")]
    assert runs[1].output == runs[0].output
    assert sorted(runs[1].interp.vars) == sorted(runs[0].interp.vars)
    assert not runs[1].ok
