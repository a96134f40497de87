"""Counters in a fast loop (language/loop_counters.py): a variable stepped by a whole
number typed, its sums and products with no range test while it stays small; and
accumulators, a variable made itself plus whole numbers typed and REPCOUNT, its sums
with no range test while it stays within 2**62; every tier prints what UCBLogo printed
(the ``; expect:`` lines of loop_counters.lgo and loop_accumulators.lgo)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from logo.language import loop_counters, loop_scope
from logo.language.compiler import Compiler, Statements
from logo.language.emitter import Emitter
from logo.language.reader import read_list
from tests.support import TIERS, checks_itself, compiled_sources, new_interpreter, run_logo

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
@pytest.mark.parametrize("name", ["loop_counters.lgo", "loop_accumulators.lgo"])
def test_the_logo_files_check_themselves_in_each_tier(name: str, tiers: str) -> None:
    checks_itself(HERE / name, tiers)


def _scope(text: str) -> Any:
    interp = new_interpreter()
    st = Statements(Compiler(interp), Emitter(interp, [], "list"))
    scope = loop_scope.closed(st, [read_list(text)], None)
    assert scope is not None
    return scope


def counters(text: str, numbers: set[str]) -> dict[str, int]:
    return loop_counters.find(_scope(text), numbers)


@pytest.mark.parametrize(("body", "found"), [
    ("make \"s :s + repcount", {"s": (0, 1)}),
    ("make \"s repcount + :s - 1", {"s": (1, 1)}),
    ("make \"s 2 + :s - repcount make \"s :s - 5", {"s": (7, 1)}),
    ("make \"s :s + repcount + repcount if :s > 3 [make \"s :s + 9]", {"s": (9, 2)}),
    ("make \"s :s + 1", {}),  # a counter
    ("make \"s repcount - :s", {}),  # itself subtracted
    ("make \"s :s + :s", {}),  # itself twice
    ("make \"s :s + :j", {}),
    ("make \"s :s + repcount * 2", {}),
    ("make \"s :s + 0.5 + repcount", {}),
    ("make \"s :s + repcount make \"s 0", {}),  # made something else too
    ("make \"s :s + 9007199254740993 + repcount", {}),  # a typed step past 2**53
    ("make \"s :s + 1 + 1 + 1 + 1 + 1 + 1 + 1 + repcount", {}),  # more than 8 terms
])
def test_what_is_an_accumulator(body: str, found: dict[str, tuple[int, int]]) -> None:
    from logo.language.loop_locals import _is_repcount

    scope = _scope(body)
    numbers = {"s", "j"}
    assert loop_counters.accumulators(scope, numbers, loop_counters.find(scope, numbers),
                                      _is_repcount) == found


def test_an_accumulator_is_summed_with_no_range_test(monkeypatch: Any) -> None:
    text = 'make "s 0\nrepeat 3000 [make "s :s + repcount - 1]\nprint :s\n'
    body = next(s for s in sources(monkeypatch, text) if "_rg" in s)
    assert "<= 4611686018427387904" in body  # the flag's test of the accumulator
    assert "(1 + 1 * abs(_rg" in body  # its steps in a turn, REPCOUNT at most the count
    typed = body.split("if _T")[1].split("else:")[0]
    assert "9223372036854775807" not in typed and " - 1)" in typed


@pytest.mark.parametrize("start", [":b - 1000", ":b + (:b - 10000)", "0 - :b - (:b - 10000)",
                                   "0.5", '"12'])
@pytest.mark.parametrize("step", [":s + repcount", ":s - repcount - 7", "3 + :s + repcount",
                                  ":s + 2000000000 + repcount"])
def test_an_accumulator_near_the_limits_is_the_general_loops(start: str, step: str) -> None:
    """Past 2**62 in the turns counted the flag is false: the general copy's whole sums,
    past 64 bits its floats, as in the interpreting tier (a number typed that large
    is read as a float: the whole ones are made by doubling 1)."""
    text = (f'make "b 1 repeat 62 [make "b :b + :b]\nmake "s {start}\nmake "t :s\n'
            f'repeat 3000 [make "s {step}]\nprint :s\nprint :s - :t\n')
    ran = [run_logo(text, tiers=tiers) for tiers in ("interpret", "compile")]
    assert ran[0].ok and ran[0].lines == ran[1].lines and ran[0].errors == ran[1].errors


@pytest.mark.parametrize(("body", "found"), [
    ("make \"k :k + 1", {"k": 1}),
    ("make \"k 2 + :k make \"k :k - 3", {"k": 5}),  # both run in a turn: 5 at most
    ("make \"k :k + 1 if :k > 3 [make \"k :k + 4]", {"k": 5}),
    ("make \"k :k * 2", {}),
    ("make \"k :k + 1 make \"k 0", {}),  # made something else too
    ("make \"k 1 - :k", {}),  # not the variable stepped
    ("make \"k :k + 0.5", {}),  # a float step
    ("make \"k :k + \"1", {}),  # a word
    ("make \"k :j + 1", {}),
])
def test_what_is_a_counter(body: str, found: dict[str, int]) -> None:
    assert counters(body, {"k", "j"}) == found


def sources(monkeypatch: Any, text: str) -> list[str]:
    ran, made = compiled_sources(monkeypatch, text, "")
    assert ran.ok, ran.errors
    return made


SERIES = """to series :n
localmake "s 0
localmake "k 1
repeat :n [make "s :s + 1 / (:k * :k) make "k :k + 1]
output :s
end
print series 2000
"""


def test_a_counter_is_stepped_and_squared_with_no_range_test(monkeypatch: Any) -> None:
    body = next(s for s in sources(monkeypatch, SERIES) if "series" in s or "_rg" in s)
    assert "_rg" in body and "<= 1073741823" in body  # the flag's test of the counter
    typed = body.split("if _T")[1].split("else:")[0]
    assert any(f"(_L{i} + 1)" in typed for i in range(99))
    assert "<= 2147483647 else (_rf := float(" in typed and "170141183460469231731687303715884105728" not in typed


def test_a_counter_that_would_pass_the_bound_runs_the_general_copy() -> None:
    """A counter that starts within 2**30 but would pass it in the turns counted: the
    flag is false, the general copy gives UCBLogo's whole and float products."""
    text = ('make "k 1073741000 make "t 0\n'
            'repeat 3000 [make "k :k + 1 make "t :t + :k * :k]\n'
            'print :k print :t\n')
    ran = run_logo(text, tiers="compile")
    assert ran.ok, ran.errors
    k = 1073741000
    t = 0
    for _ in range(3000):
        k += 1
        t = t + (float(k) * float(k) if k * k > 2147483647 else k * k)
    assert ran.lines == [str(k), run_logo(f"print {t!r}").lines[0]]


def test_fors_variable_never_made_is_squared_with_no_type_test(monkeypatch: Any) -> None:
    text = ("to f :n\nlocalmake \"s 0\nfor [i 1 :n] [make \"s :s + :i * :i - 3]\n"
            "output :s\nend\nprint f 3000\n")
    body = next(s for s in sources(monkeypatch, text) if ".start <=" in s)
    typed = body.split("if _T")[1].split("else:")[0]
    assert "(_r := _v" in typed and "type(_v" not in typed


def test_fors_variable_made_in_the_body_is_no_counter(monkeypatch: Any) -> None:
    text = ("to f :n\nlocalmake \"s 0\nfor [i 1 :n] [make \"s :s + :i * :i make \"i :i + 1]\n"
            "output :s\nend\nprint f 3000\n")
    assert not any(".start <=" in s for s in sources(monkeypatch, text))


SQUARES = ("make \"go 1 make \"k 0 make \"t 0 repeat 2000 [make \"k :k + 1 "
           "make \"t :t + :k * :k] print :k print :t")
FOR_SQUARES = "make \"go 1 make \"s 0 for [i 1 2000] [make \"s :s + :i * :i - 1] print :s"
HALVES = ("make \"go 1 make \"k 0 make \"h 0 for [x 0 1000 0.5] [make \"k :k + 1 "
          "make \"h :h + :k * :k] print :k print :h")
SUMS = "make \"go 1 make \"s 0 repeat 2000 [make \"s :s + repcount - 1] print :s"
PROCESSES = [  # (text, variable set, {interrupt check: value}), as the interpreting tier
    (SUMS, "s", {5: 2.5}),
    (SUMS, "s", {5: 2 ** 62 - 5}),  # past the bound for the turns left
    (SUMS, "s", {5: "3", 9: 2 ** 63 - 10}),
    (SUMS, "s", {1999: -(2 ** 63) + 3}),
    (SQUARES, "k", {5: 2.5}),
    (SQUARES, "k", {5: 1073741000}),  # past the bound for the turns left
    (SQUARES, "k", {5: "3", 9: 2 ** 62}),
    (SQUARES, "k", {1999: -(2 ** 40)}),
    (FOR_SQUARES, "i", {7: 1073741823}),
    (FOR_SQUARES, "i", {7: 2 ** 40, 8: -5}),
    (FOR_SQUARES, "i", {7: "12", 9: 0.5}),
    (HALVES, "k", {5: 7, 30: 2 ** 50}),  # FOR's values not a range: the general copy
]


@pytest.mark.parametrize(("text", "name", "values"), PROCESSES)
def test_a_process_that_sets_a_counter(text: str, name: str, values: dict[int, Any]) -> None:
    from tests.language.test_loop_numbers import with_turns

    ran = [with_turns(text, tiers, name, values) for tiers in ("interpret", "compile")]
    assert ran[0].lines == ran[1].lines and ran[0].errors == ran[1].errors


HUGE = """to r :n
  localmake "k 0
  localmake "t 0
  repeat :n [make "k :k + 1 make "t :t + :k * :k if :k > 3000 [output list :k :t]]
  output "none
end
print r 9223372036854775809
to f :n
  localmake "k 0
  localmake "t 0
  for [i 1 :n] [make "k :k + 1 make "t :t + :i * :k if :k > 3000 [output list :k :t]]
  output "none
end
print f 100000000000000000000
"""


@pytest.mark.parametrize("tiers", ["interpret", "compile", "auto"])
def test_turns_past_64_bits_are_no_internal_error(tiers: str) -> None:
    """A count or a range past 2**63 (``len`` of that range raises in Python): the
    counter's test measures the range by its bounds."""
    ran = run_logo(HUGE, tiers=tiers)
    assert ran.ok, ran.errors
    assert ran.lines == ["3001 9013506501", "3001 9013506501"]
