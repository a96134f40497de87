"""The parser's call shapes as UCBLogo reads them: ``(name ...)`` by arity, names that are
variables (ALLOWGETSET), glued numbers (``fd100``), and built lists with ( and ) run."""

from __future__ import annotations

import pytest

from logo.language.parser import Call, GetSet, Infix, parse_line
from logo.language.reader import read_lines
from logo.language.runparse import Quoted, QuotedEsc, runparse_line
from logo.session.interpreter import Interpreter
from tests.support import run_ok

DEFS = """
to none
output 42
end
to one :a
output :a * 10
end
to optonly [:a 1]
output :a * 100
end
to rest [:r]
output :r
end
to mixed :a [:b 7] [:r]
output (list :a :b :r)
end
"""


def prints(text: str) -> list[str]:
    """The lines ``text`` prints after the definitions above (an error fails the test)."""
    return run_ok(DEFS + text).lines


def error_of(text: str) -> str:
    """The message of the error ``text`` raises (caught, as UCBLogo cases do)."""
    return prints(f'catch "error [{text}] print item 2 error')[-1]


# --- (name ...) ------------------------------------------------------------------------

@pytest.mark.parametrize("source, expected", [
    # no inputs: the call is the left operand of what follows
    ("print (xcor + 10)", "10"),
    ("print (heading - 2)", "-2"),
    ("print (heading - 2 * 3)", "-6"),
    ("print (heading * 2 - 3)", "-3"),
    ("print (heading - 2 < 1)", "true"),
    ("print (none + 1)", "43"),
    ("print (none)", "42"),
    # one input
    ("print (one 2 + 1)", "30"),
    ("print (first [a b])", "a"),
    ("print (not 1 = 2)", "true"),
    # optional inputs: as many as there are before ), infix stops the inputs
    ("print (optonly)", "100"),
    ("print (optonly 5 + 1)", "600"),
    ("print (optonly + 1)", "101"),
    ("show (mixed 1)", "[1 7 []]"),
    ("show (mixed 1 + 1 2)", "[2 2 []]"),
    ("show (mixed 1 2 3 4)", "[1 2 [3 4]]"),
    # rest inputs
    ("show (rest)", "[]"),
    ("show (rest 1 + 2 3)", "[3 3]"),
    # primitives with a default and more
    ("print (sum)", "0"),
    ("print (sum 1)", "1"),
    ("print (sum 1 2 + 3 4)", "10"),
    ("print (sum 1 2 * 3 4)", "11"),
    ("print (sum + 1)", "1"),
    ("show (list)", "[]"),
    ("show (list 1 2 3 + 4)", "[1 2 7]"),
    ("show (se 1 = 1 2)", "[true 2]"),
    ("(print 1 + 2 3)", "3 3"),
    ("(print heading + 1 2)", "1 2"),
    # what else stands inside parentheses
    ("print (- 3 + 4)", "1"),
    ('make "x 5 print (:x + 1)', "6"),
    ('print ("a)', "a"),
    ("print ((sum 1 2) + 1)", "4"),
    ("print (sum 1 - 2 3)", "2"),
    ("print (xcor) + 1", "1"),
])
def test_parenthesised_calls(source, expected):
    assert prints(source)[-1] == expected


@pytest.mark.parametrize("source, message", [
    ("print (heading + 1 2)", "too many inputs to +"),
    ("print (xcor + 1 = 1 2)", "too many inputs to ="),
    ("print (none 1)", "too many inputs to none"),
    ("print (optonly 1 2)", "too many inputs to optonly"),
    ("print (optonly + 1 2)", "too many inputs to +"),
    ("print (first [a b] [c])", "too many inputs to first"),
    ("print (first)", "not enough inputs to first"),
    ("show (mixed)", "not enough inputs to mixed"),
    ("show (rest + 1)", "+ doesn't like [] as input"),
    ("print (count [a b] + 1)", "+ doesn't like [a b] as input"),
    ("print (- 3 4)", "too many inputs to --"),
    ("print (3 4)", "I don't know how  to 3"),
    ("print (sum - 1 2)", "too many inputs to -"),
])
def test_parenthesised_call_errors(source, message):
    assert error_of(source) == message


def test_too_much_in_parentheses_fails_the_whole_line_before_it_runs():
    assert prints('catch "error [print "a print (heading + 1 2)] print item 2 error') == [
        "too many inputs to +"]


def test_a_name_in_parentheses_is_the_left_operand_of_infix_in_the_tree():
    (line,) = read_lines("print (xcor + 10)")
    interp = Interpreter()
    (node,) = parse_line(runparse_line(line), interp.resolve)
    assert isinstance(node, Call) and isinstance(node.args[0], Infix)
    assert isinstance(node.args[0].left, Call) and node.args[0].left.name == "xcor"


def test_moving_the_turtle_by_a_parenthesised_sum():
    assert prints("setx (xcor + 10) print xcor repeat 2 [print (repcount - 2)]") == [
        "10", "-1", "0"]


# --- variables as reporters (ALLOWGETSET) --------------------------------------------------

def test_inputs_and_locals_read_without_a_colon():
    assert prints("""
to count.down :n
if n = 0 [output []]
output fput n count.down n - 1
end
to locals
localmake "q 3
local "w
setw q * 2
print w
end
show count.down 3
locals
""") == ["[3 2 1]", "6"]


def test_a_global_made_after_the_line_was_read():
    assert prints("""
to later.plus.one
print later + 1
end
catch "error [later.plus.one] print item 2 error
make "later 10
later.plus.one
""") == ["I don't know how  to later", "11"]


def test_getters_and_setters_become_buried_procedures():
    assert prints("""
make "zork 3 print zork
make "pk 5 setpk 6 print :pk
show text "zork
show text "setpk
show procedures
""") == ["3", "6", "[[] [output :zork]]", "[[value] [make \"pk :value]]", "[mixed none one optonly rest]"]


def test_a_getter_after_its_variable_is_erased():
    assert prints('make "v 1 print v ern "v catch "error [print v] print item 2 error') == [
        "1", "v has no value"]


@pytest.mark.parametrize("setting, works", [
    ('"true', True), ('"TRUE', True), ('"false', False), ('"yes', False), ("[]", False)])
def test_allowgetset_turns_it_on_and_off(setting, works):
    source = f'make "allowgetset {setting} make "flag 1 print flag'
    if works:
        assert prints(source) == ["1"]
    else:
        assert error_of(source) == "I don't know how  to flag"


def test_allowgetset_is_a_buried_true_variable():
    assert prints('print :allowgetset pons show names') == ["true", "[[] []]"]
    assert error_of('ern "allowgetset make "v 1 print v') == "I don't know how  to v"


@pytest.mark.parametrize("source, message", [
    ("setnothere 5", "I don't know how  to setnothere"),
    ("print nothere", "I don't know how  to nothere"),
    ('make "zz 3 zz', "You don't say what to do with 3"),
    ('make "zz 3 (setzz 1 2)', "I don't know how  to setzz"),
])
def test_getset_errors(source, message):
    assert error_of(source) == message


def test_unknown_names_are_resolved_when_they_run_and_known_ones_when_read():
    interp = Interpreter()
    (line,) = read_lines("print foo setfoo 1 + 2 first [a]")
    nodes = parse_line(runparse_line(line), interp.resolve)
    assert isinstance(nodes[0].args[0], GetSet) and not nodes[0].args[0].args
    assert isinstance(nodes[1], GetSet) and isinstance(nodes[1].args[0], Infix)
    assert isinstance(nodes[2], Call) and nodes[2].name == "first"


# --- glued numbers -------------------------------------------------------------------------

def test_a_procedure_name_glued_to_a_number():
    assert prints('fd100 print ycor rt90 print heading repeat2 [print "x]') == [
        "100", "90", "x", "x"]


# --- built lists run --------------------------------------------------------------------------

@pytest.mark.parametrize("source, expected", [
    ('run (list "print "\\( "sum 1 2 3 "\\))', "6"),
    ('print runresult (list "\\( "sum 1 2 3 "\\))', "6"),
    ('repeat 1 (list "print "\\( "sum 1 "repcount 3 "\\))', "5"),
    ('print apply (list "\\( "sum "? 1 2 "\\)) [5]', "8"),
    ('print apply (list [x] (list "output "\\( "sum ":x 1 2 "\\))) [5]', "8"),
    ('show runresult (list 3 "+ 4)', "[7]"),
    ('run (list "print "3\\+4)', "7"),
    ('run (list "make "\\"y 5) print :y', "5"),
    ('show runparse "a\\+b', "[a + b]"),
    ('show runparse "|a+b|', "[a+b]"),
])
def test_built_lists_run_as_typed(source, expected):
    assert prints(source)[-1] == expected


def test_a_quoted_word_loses_backslash_marks_but_keeps_bars():
    (line,) = read_lines('print "\\( "|(|')
    toks = runparse_line(line)
    assert type(toks[1]) is Quoted and toks[1] == "("
    assert type(toks[2]) is QuotedEsc and toks[2] == "("


def test_unbalanced_parentheses_in_a_built_list():
    assert error_of('run (list "print "\\( "sum 1 2 3)') == "too many ('s"
    assert error_of('run (list "print "sum 1 2 "\\))') == "unexpected ')'"


# --- IF with two lists ------------------------------------------------------------------

def test_if_with_a_second_list_is_ifelse():
    assert prints("""
to sign :x
if :x > 0 [output "pos] [output "neg]
end
if 1 = 2 [print "a] [print "b] print "c
print sign 1 print sign -1
print if "true [1] [2]
""") == ["b", "c", "pos", "neg", "1"]
    assert error_of('if "x [print 1] [print 2]') == "ifelse doesn't like x as input"
    assert error_of('if "true [print 1] "x') == "You don't say what to do with x"


def test_a_setter_sets_a_declared_variable_without_a_value():
    assert prints("""
to outer
local "w
inner
print :w
end
to inner
setw 5
end
outer
global [g1 g2] setg2 1 print :g2
""") == ["5", "1"]
    assert error_of('global "g3 ern "g3 setg3 5') == "I don't know how  to setg3"


def test_a_word_run_keeps_its_bars():
    assert prints('run "print\\ 3 print runresult "3+4') == ["3", "7"]
    assert error_of('run "|print 4|').startswith("I don't know how  to ")
    assert error_of('print runresult "|3+4|').startswith("I don't know how  to ")
