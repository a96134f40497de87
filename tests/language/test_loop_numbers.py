"""Numbers proven numbers in a fast loop (language/loop_numbers.py): what is proven, the
typed copy of the body, and what a process or RUN may put in a variable meanwhile."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from logo.language import loop_numbers, loop_scope
from logo.language.compiler import Compiler, Statements
from logo.language.emitter import Emitter
from logo.language.reader import read_list
from tests.support import checks_itself, compiled_sources, new_interpreter, run_logo

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", ["interpret", "compile", "auto"])
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    path = HERE / "loop_numbers.lgo"
    checks_itself(path, tiers)


def proven(text: str, for_var: str | None = None) -> set[str]:
    interp = new_interpreter()
    st = Statements(Compiler(interp), Emitter(interp, [], "list"))
    scope = loop_scope.closed(st, [read_list(text)], for_var)
    assert scope is not None
    return loop_numbers.proven(st.em, scope, for_var)


@pytest.mark.parametrize(("body", "for_var", "names"), [
    ("make \"s :s + repcount", None, {"s"}),
    ("make \"s :s + :i * :i", "i", {"s", "i"}),
    ("make \"i \"x make \"s :s + :i", "i", {"s"}),  # FOR's variable made a word
    ("make \"i :i * 2 make \"s :s + :i", "i", {"s", "i"}),
    ("make \"s :s + :k make \"k :k * 2 - 1", None, {"s", "k"}),
    ("make \"s :s + :n", None, {"n", "s"}),  # read only: a number as the loop starts
    ("make \"s :s + 1.5 if :s > 10 [make \"s 0]", None, {"s"}),
    ("make \"s word :s 1 make \"t :t + 1", None, {"t"}),
    ("make \"k first :l make \"s :s + :k", None, {"s"}),  # a sum is a number of any inputs
    ("make \"k first :l make \"t :k make \"s :t < :k", None, set()),
    ("make \"s :s / 2 make \"r sqrt :r", None, {"s"}),
    ("make \"s :s + 1 print :s", None, {"s"}),
    ("repeat 3 [make \"s :s + 1]", None, set()),  # a loop inside: an interrupt check
])
def test_what_is_proven(body: str, for_var: str | None, names: set[str]) -> None:
    assert proven(body, for_var) == names


def sources(monkeypatch: Any, text: str) -> list[str]:
    return compiled_sources(monkeypatch, text, "def body(I, V)")[1]


def test_the_innermost_loop_gets_the_typed_copy(monkeypatch: Any) -> None:
    made = sources(monkeypatch, "make \"s 0\nrepeat 30 [make \"s :s - 1 repeat 40 [make \"s :s + 1]]")
    loop = next(source for source in made if "for _i" in source)
    assert loop.count("if _T") == 1 and loop.count("for _i") == 2


def test_the_typed_copy_adds_without_a_type_test(monkeypatch: Any) -> None:
    made = sources(monkeypatch, "make \"s 0\nrepeat 1000 [make \"s :s + repcount]")
    loop = next(source for source in made if "for _i" in source)
    typed, general = loop.split("else:\n", 1)
    assert " + _i" in typed and "in NUM)" not in typed.split("if _T")[-1]
    assert "type(" in general  # the general copy (its types tested), for a flag that is false
    assert loop.count("for _i") == 1


def test_a_body_mostly_of_other_work_has_one_copy(monkeypatch: Any) -> None:
    made = sources(monkeypatch, "make \"s 0\nmake \"l []\nrepeat 1000 [make \"l fput word \"a "
                   "repcount :l make \"l butfirst :l make \"s :s + 1]\nprint :s")
    loop = next(source for source in made if "for _i" in source)
    assert "if _T" not in loop and "_L" in loop


class Setter:
    """A process that sets a variable at chosen interrupt checks: ``I.interrupt`` is
    true at those checks only (the rest run without one, as most do)."""

    def __init__(self, interp: Any, name: str, values: dict[int, Any]):
        self.I, self.name, self.values, self.turn = interp, name, values, 0

    def fired(self) -> bool:
        self.turn += 1
        return self.turn in self.values

    def __call__(self) -> None:
        self.I.vars[self.name] = self.values[self.turn]


def with_turns(text: str, tiers: str, name: str, values: dict[int, Any]) -> Any:
    interp = new_interpreter(tiers=tiers)
    setter = interp.check_interrupt = Setter(interp, name, values)
    type(interp).interrupt = property(lambda self: "go" in self.vars and setter.fired(),
                                      lambda self, v: None)
    try:
        return run_logo(text, interp=interp)
    finally:
        del type(interp).interrupt


CASES = [  # (text, variable set, {turn: value}): each as the interpreting tier does it
    ("make \"go 1 make \"s 0 repeat 2000 [make \"s :s + repcount] print :s",
     "s", {5: "abc"}),
    ("make \"go 1 make \"s 0 repeat 2000 [make \"s :s + repcount] print :s print count :s",
     "s", {5: "3", 9: 10 ** 30, 40: 2.5}),
    ("make \"go 1 make \"s 0 repeat 2000 [make \"s :s + 1] show :s", "s",
     {3: "7", 1990: [1, 2]}),
    ("make \"go 1 make \"s 0 for [i 1 2000] [make \"s :s + :i * :i] print :s", "i",
     {7: "x"}),
    ("make \"go 1 make \"s 0 for [i 1 2000] [make \"s :s + :i * :i] print :s", "i",
     {7: "4", 8: 2.5}),
    ("make \"go 1 make \"s 0 make \"n 5 repeat 2000 [make \"s :s + :n] print :s", "n",
     {100: "1e3", 200: -(2 ** 70)}),
    ("make \"go 1 make \"s 9223372036854775000 repeat 2000 [make \"s :s + repcount]"
     " print :s", "s", {1500: 1}),
    ("make \"go 1 make \"s 0 repeat 2000 [make \"s :s + repcount] print :s", "s",
     {10: None}),  # (None: erased below)
    # a loop inside a fast loop: its own proof, checked as it starts and at its checks
    ("make \"go 1 make \"m 50 make \"s 0 for [i 1 :m] [for [j 1 :m] [make \"s :s + :i * :j]] print :s",
     "i", {7: "x"}),
    ("make \"go 1 make \"m 50 make \"s 0 for [i 1 :m] [for [j 1 :m] [make \"s :s + :i * :j]] print :s",
     "i", {52: "x"}),  # (at the outer loop's second check: before the inner loop starts)
    ("make \"go 1 make \"m 50 make \"s 0 for [i 1 :m] [for [j 1 :m] [make \"s :s + :i * :j]] print :s",
     "i", {7: "4", 60: 2.5}),
    ("make \"go 1 make \"m 50 make \"s 0 repeat :m [make \"s word :s \"|| repeat :m [make \"s :s + 1]]"
     " print :s", "s", {51: "9", 120: 2 ** 64}),
    ("make \"go 1 make \"m 50 make \"s 0 repeat :m [repeat :m [make \"s :s + 1]] print :s", "s",
     {49: "oops"}),
]


@pytest.mark.parametrize(("text", "name", "values"), CASES)
def test_a_process_that_changes_a_proven_variable(text: str, name: str,
                                                  values: dict[int, Any]) -> None:
    if None in values.values():
        values = {}  # a variable erased by a process: ERN at the check
        text = text.replace("[make \"s", "[if repcount = 10 [ern \"s] make \"s")
    from logo.language.values import LogoList

    values = {k: LogoList(v) if type(v) is list else v for k, v in values.items()}
    ran = [with_turns(text, tiers, name, values) for tiers in ("interpret", "compile")]
    assert ran[0].lines == ran[1].lines and ran[0].errors == ran[1].errors


@pytest.mark.parametrize("tiers", ["interpret", "compile"])
def test_run_in_the_body_sees_and_sets_the_table(tiers: str) -> None:
    text = ("make \"s 0\nrepeat 2000 [make \"s :s + 1 if repcount = 700 [run [make \"s \"abc]]]"
            "\nprint :s")
    ran = run_logo(text, tiers=tiers)
    assert ran.lines == [] and "+ doesn't like abc as input" in ran.errors
    text = ("make \"s 0\nrepeat 2000 [make \"s :s + 1 if repcount = 700 [run [make \"s \"5]]]"
            "\nprint :s print word :s \"!")
    assert run_logo(text, tiers=tiers).lines == ["1305", "1305!"]
