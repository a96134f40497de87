"""The inline forms of hot primitives (language/inline_prims.py, inline_numbers.py) agree
with the primitives themselves: every form, on inputs typed in the line (literals, whose
types the compiler knows) and on variables holding every kind of Logo datum (whole
numbers, floats, a whole number past 2147483647, words that are numbers, escaped
words, lists made by FPUT that share pairs, arrays), prints the same value or the same
error in the compiled tier as in the interpreting tier, which calls the primitives.
The uncaught errors name the same procedure and line in both."""

from __future__ import annotations

import itertools
import time
from typing import Any

import pytest

from logo.language.lists import LogoList
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.support import run_logo, stop_when

SETUP = """make "n0 0 make "n3 3 make "nm2 -2 make "f25 2.5 make "fneg -3.7
make "big sum 2147483647 2147483647 make "w "abc make "wu "ABC make "w1 "a make "e "
make "d3 "3 make "d30 "3.0 make "esc "|a b| make "l [1 2 3] make "le [] make "base [2 3]
make "lf fput 1 :base make "lf2 fput 9 :base make "ll [[1] [2]] make "t "true make "fa "false
make "arr {1 2 3} make "arr0 (array 3 0) make "ws [abc ABC 3 a]
pprop "abc "a 1 pprop "ABC "Abc [x] pprop "3 "true 2.5 pprop "3 3 "three pprop "a "a "aa
"""
LITERALS = ["0", "3", "-2", "2.5", '"abc', '"A', '"3', "[1 2 3]", "[]", '"true']
VARIABLES = [":n0", ":n3", ":nm2", ":f25", ":fneg", ":big", ":w", ":wu", ":w1", ":e", ":d3",
             ":d30", ":esc", ":l", ":le", ":lf", ":lf2", ":ll", ":arr", ":t", ":fa", ":ws"]
ONE = LITERALS + VARIABLES
PAIRS = ["0", "3", "2.5", '"abc', '"a', "[]", ":n3", ":nm2", ":f25", ":big", ":w", ":wu",
         ":w1", ":d3", ":d30", ":esc", ":l", ":lf2", ":arr", ":t", ":fa", ":ws"]

UNARY = ["first", "butfirst", "last", "butlast", "emptyp", "count", "ascii", "char",
         "numberp", "not", "sqrt", "ln", "sin", "cos", "int", "round", "wordp", "listp",
         "exp", "log10", "arctan", "minus"]
BINARY = ["fput", "lput", "word", "remainder", "modulo", "quotient", "power", "item", "memberp", "equalp", "or", "and",
          "gprop", "list", "sentence", "se"]
INFIX = ["*", "/", "=", "<>"]


def _lines(exprs: list[str]) -> str:
    body = "\n".join(f"catch \"error [show {e}] show error" for e in exprs)
    return f"to t\n{body}\nend\n{SETUP}t\n"


def _same_in_both_tiers(text: str) -> None:
    compiled = run_logo(text, tiers="compile")
    interpreted = run_logo(text, tiers="interpret")
    assert compiled.errors == interpreted.errors
    got, want = compiled.printed.splitlines(), interpreted.printed.splitlines()
    for k, (a, b) in enumerate(zip(got, want, strict=True)):
        assert a == b, f"line {k}: compiled {a!r}, primitive {b!r}"


@pytest.mark.parametrize("name", UNARY)
def test_a_form_of_one_input_agrees_with_its_primitive(name: str) -> None:
    _same_in_both_tiers(_lines([f"{name} {a}" for a in ONE]))


@pytest.mark.parametrize("name", BINARY)
def test_a_form_of_two_inputs_agrees_with_its_primitive(name: str) -> None:
    _same_in_both_tiers(_lines([f"{name} {a} {b}" for a, b in itertools.product(PAIRS, PAIRS)]))


@pytest.mark.parametrize("op", INFIX)
def test_multiplication_and_division_agree_with_their_operators(op: str) -> None:
    numbers = ["0", "3", "-3", "2.5", "0.0", "46341", "70000", ":n3", ":nm2", ":f25",
               ":fneg", ":big", ":d3", ":d30", ":n0", ":w", "repcount"]
    exprs = [f"{a} {op} {b}" for a, b in itertools.product(numbers, numbers)]
    text = _lines(exprs).replace("\nend\n", "\nend\nto r\nrepeat 2 [t]\nend\n", 1)
    _same_in_both_tiers(text.replace("\nt\n", "\nr\n"))


SIDES = ["(sqrt :n3)", "(sqrt :w)", "(:n3 + :w)", "(sin :f25)", "(ln :n0)", "(- :n3)",
         "(:big * :big)", "(:n3 / 2)", "(:f25 - 1)", "(power 2 :n3)", "(arctan :d3)",
         "(count :l)", "(remainder :n3 :n0)", "(round :f25)", "(sum :big :big)", "(ascii :w)",
         "(46341 * count :l)"]


@pytest.mark.parametrize("op", ["*", "/", "+", "<"])
def test_arithmetic_of_computed_numbers_agrees(op: str) -> None:
    numbers = [*SIDES, "0", "2.5", "46341", ":n3", ":f25", ":w"]
    exprs = [f"{a} {op} {b}" for a, b in itertools.product(SIDES, numbers)]
    exprs += [f"{b} {op} {a}" for a, b in itertools.product(SIDES, numbers)]
    _same_in_both_tiers(_lines(exprs))


def test_arithmetic_of_computed_numbers_under_erract_agrees() -> None:
    text = """to t :x
print (sqrt :x) * 2 + (sin :x) / 4
print (list (ln :x) * 2 :x - 1 * 3 (- :x) / 2)
end
make "erract [4]
t 9 t "nine
make "erract []
"""
    assert run_logo(text, tiers="compile").output == run_logo(text, tiers="interpret").output


def test_conditions_word_building_and_setitem_agree() -> None:
    exprs = [f"ifelse memberp {a} {b} [\"yes] [\"no]" for a, b in
             itertools.product(["3", '"a', '"B', ":n3", ":w1", "[1]"],
                               [":l", ":lf", ":lf2", ":w", ":wu", ":ws", ":arr", '"xyz'])]
    exprs += [f"ifelse equalp {a} {b} [\"yes] [\"no]" for a, b in
              itertools.product(['"abc', ":wu", ":d3", "3", ":t"], ['"ABC', ":w", "3.0", ":d3"])]
    exprs += [f"({op} {a} {b} {c})" for op, a, b, c in itertools.product(
        ["or", "and"], [":n3 = 3", ":w = \"ABC", ":n3 < :w", "emptyp :l"],
        ["memberp 2 :lf", "not :t", "not :w", "equalp :d3 3"], ["1 > 0", ":t"])]
    exprs += ['(word :w 3 "x)', '(word :w)', '(word :d3 2.5 :n3)', '(word "a :l)',
              '(word :big :esc "z)', "word :nm2 :n3"]
    exprs += ["(list)", "(list :w)", "(list 1 :lf :arr \"x 2.5)", "(list first :le 1)",
              "(se :w)", "(se :w :l :w)", "se :esc :le", "se first :l :lf"]
    exprs += [f"(list setitem {i} :arr0 {v} :arr0)" for i, v in
              itertools.product(["1", "3", "4", "0", ":n3", "2.5", '"2'],
                                ["0", '"w', "2.5", ":l", ":arr0"])]
    _same_in_both_tiers(_lines(exprs))


@pytest.mark.parametrize("line", [
    "print item 5 :l", "print remainder 7 :n0", "print sqrt :w", "print word :w :l",
    "print fput :w 3", "print 5 / :n0", "print 1 / 0", "print :w * 2", "print first :le",
    "setitem 9 :arr 1", "print item 1 :e", "print round :w", "print int \"x",
])
def test_an_error_in_a_form_names_the_procedure_and_line_in_both_tiers(line: str) -> None:
    text = f"{SETUP}to t\nprint \"before\n{line}\nprint \"after\nend\nt\n"
    compiled = run_logo(text, tiers="compile")
    interpreted = run_logo(text, tiers="interpret")
    assert compiled.printed == interpreted.printed == "before\n"
    assert compiled.errors == interpreted.errors
    assert "in t (line 2)" in compiled.errors or "t\n" in compiled.errors


def test_memberp_scans_long_and_shared_lists() -> None:
    text = """make "l iseq 1 200000
make "s fput 0 :l make "s2 fput -1 :l
print (list memberp 200000 :l memberp 0 :s memberp -1 :s2 memberp "200000 :s2 memberp 3.0 :l)
print (list first member 199999 :l count member 199999 :s2 memberp "x :l)
to t
make "c list 1 2 .setbf butfirst :c :c
print memberp 2 :c
end
t
"""
    ran = run_logo(text)
    assert ran.printed == "true true true true true\n199999 2 false\ntrue\n", ran.errors


def _after_go(host: BufferHost) -> Any:
    """Ready 50 ms after "go" is printed: MEMBERP of 20,000,000 members has begun."""
    seen: list[float] = []

    def ready() -> bool:
        if not seen and "go" in host.output:
            seen.append(time.monotonic())
        return bool(seen) and time.monotonic() - seen[0] > 0.05
    return ready


def test_a_long_memberp_compiled_inline_stops_and_names_itself() -> None:
    host = BufferHost()
    interp = Interpreter(host=host, tiers="compile")
    interp.vars["many"] = LogoList(list(range(20_000_000)))
    try:
        with stop_when(interp, _after_go(host)):
            assert not interp.run_source("to t\nprint \"go\nprint memberp -1 :many\nend\nt\n")
    finally:
        interp.vars.clear()
    assert "(stopped inside memberp)" in host.output and "in t" in host.output, host.output


def test_memberp_under_erract_is_the_primitive_that_continue_answers() -> None:
    text = """to t
make "c list 1 2 .setbf butfirst :c :c
print memberp 2 :c
show memberp 3 [1 2 3]
end
make "erract [throw "toplevel]
t
"""
    assert run_logo(text, tiers="compile").printed == run_logo(text, tiers="interpret").printed


def test_a_primitive_redefined_after_its_form_was_compiled_is_the_new_procedure() -> None:
    text = """to t
print (list first [a b] sqrt 2 memberp 3 [1 3] gprop "p "k 2.5 * 2 item 1 [x])
end
pprop "p "k "v
repeat 3 [t]
make "redefp "true
to first :x
output "new.first
end
to sqrt :x
output "new.sqrt
end
to memberp :a :b
output "new.memberp
end
to gprop :a :b
output "new.gprop
end
to item :a :b
output "new.item
end
t
"""
    for tiers in ("compile", "auto", "interpret"):
        ran = run_logo(text, tiers=tiers)
        assert ran.lines[-1] == "new.first new.sqrt new.memberp new.gprop 5 new.item", ran.output
        assert ran.lines[0] == "a 1.4142135623731 true v 5 x"


def test_sums_and_differences_past_64_bits_are_floats_in_both_tiers() -> None:
    """A whole number that outgrows 64 bits becomes a float (op_add), compiled too."""
    big = ":big * 4294967296"  # 2^63 - 2^33 : whole, one doubling from the edge
    exprs = [f"{a} {op} {b}" for a, b in itertools.product([big, f"(- {big})", "1", ":f25"],
                                                            repeat=2) for op in "+-"]
    text = _lines(exprs).replace("\nt\n", "\nt\nmake \"x 1 repeat 70 [make \"x :x + :x] "
                                 "print :x\n")
    _same_in_both_tiers(text)
    assert run_logo(text, tiers="compile").printed.endswith("1.18059162071741e+21\n")
