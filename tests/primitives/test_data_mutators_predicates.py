"""Unit tests for the data structure primitives that change lists and arrays, and those that
ask about data (mutators, predicates, queries: logo/primitives/data.py, predicates.py),
called directly."""

from __future__ import annotations

from functools import partial

from logo.language.values import LogoArray
from logo.primitives import data as d
from logo.primitives import predicates as q
from logo.session.interpreter import Interpreter
from tests.primitives.data_support import L, bad, show


def running() -> Interpreter:
    """An interpreter of its own for each call (FIRSTS, MDARRAY, SETITEM look at Stop)."""
    return Interpreter()


# --- mutators ---------------------------------------------------------------------------
def test_setitem():
    arr = d.array(3)
    assert d.setitem(running(), 2, arr, "x") is None
    assert show(arr) == "{[] x []}"
    arr0 = d.array(2, 0)
    d.setitem(running(), 0, arr0, "y")
    assert show(arr0) == "{y []}"  # UCBLogo shows no origin
    bad(partial(d.setitem, running()), 4, arr, "z", what="4")
    bad(partial(d.setitem, running()), 1, L("a"), "z", what="[a]")
    bad(partial(d.setitem, running()), 1, arr, L("a", arr))
    bad(partial(d.setitem, running()), 1, arr, arr)


def test_dot_setitem_skips_circularity_check():
    arr = d.array(1)
    d.dot_setitem(1, arr, arr)
    assert arr.items[0] is arr
    bad(d.dot_setitem, 2, arr, "z", what="2")


def test_dot_setfirst():
    lst = L("a", "b")
    tail = lst.butfirst()
    d.dot_setfirst(tail, "z")
    assert show(lst) == "[a z]"
    bad(d.dot_setfirst, L(), "z", what="[]")
    bad(d.dot_setfirst, "ab", "z", what="ab")


def test_dot_setbf():
    lst = L("a", "b")
    d.dot_setbf(lst, L("x", "y"))
    assert show(lst) == "[a x y]"
    assert show(d.butfirst(lst)) == "[x y]"
    bad(d.dot_setbf, L(), L(), what="[]")
    d.dot_setbf(lst, "word")  # as UCBLogo: a dotted list
    assert show(lst) == "[a  . word]"
    assert d.butfirst(lst) == "word"


# --- predicates -------------------------------------------------------------------------
def test_type_predicates():
    assert q.wordp("a") == "true" and q.wordp(3) == "true"
    assert q.wordp(L()) == "false" and q.wordp(LogoArray([])) == "false"
    assert q.listp(L()) == "true" and q.listp("a") == "false"
    assert q.arrayp(LogoArray([])) == "true" and q.arrayp(L()) == "false"
    assert q.numberp(3) == "true" and q.numberp("3.5") == "true"
    assert q.numberp("1e3") == "true" and q.numberp("abc") == "false"
    assert q.numberp(L(1)) == "false" and q.numberp("") == "false"


def test_emptyp():
    assert q.emptyp("") == "true" and q.emptyp(L()) == "true"
    assert q.emptyp("a") == "false" and q.emptyp(L("a")) == "false"
    assert q.emptyp(0) == "false" and q.emptyp(LogoArray([])) == "false"


def test_equalp(interp):
    assert q.equalp(interp, "ABC", "abc") == "true"
    assert q.equalp(interp, 1, "1.0") == "true"
    assert q.equalp(interp, L("a", L(2)), L("A", L("2"))) == "true"
    assert q.equalp(interp, L("a"), "a") == "false"
    assert q.equalp(interp, L(), "") == "false"
    arr = LogoArray([1])
    assert q.equalp(interp, arr, arr) == "true" and q.equalp(interp, arr, LogoArray([1])) == "false"
    assert q.notequalp(interp, "a", "b") == "true" and q.notequalp(interp, "a", "A") == "false"


def test_caseignoredp_false_makes_comparisons_case_sensitive(interp):
    interp.set_var("caseignoredp", "false")
    assert q.equalp(interp, "ABC", "abc") == "false"
    assert q.equalp(interp, L("a", 1), L("a", "1.0")) == "true"
    assert q.memberp(interp, "A", L("a")) == "false"
    assert q.memberp(interp, "A", "abc") == "false"
    assert q.beforep(interp, "Z", "a") == "true"
    interp.set_var("caseignoredp", "true")
    assert q.equalp(interp, "ABC", "abc") == "true"


def test_beforep(interp):
    assert q.beforep(interp, "apple", "banana") == "true"
    assert q.beforep(interp, "banana", "apple") == "false"
    assert q.beforep(interp, "Apple", "apple") == "false"
    assert q.beforep(interp, "ab", "abc") == "true"
    assert q.beforep(interp, 10, 2) == "true"
    bad(q.beforep, interp, L("a"), "b", what="[a]")


def test_dot_eq():
    lst = L("a", "b")
    assert q.dot_eq(lst, lst) == "true"
    assert q.dot_eq(lst, L("a", "b")) == "false"
    assert q.dot_eq(lst.butfirst(), lst.butfirst()) == "true"
    assert q.dot_eq(L(), L()) == "true"
    arr = LogoArray([])
    assert q.dot_eq(arr, arr) == "true" and q.dot_eq(arr, LogoArray([])) == "false"
    assert q.dot_eq("a", "a") == "true" and q.dot_eq(1, "1") == "false"


def test_memberp(interp):
    assert q.memberp(interp, "b", L("a", "b")) == "true"
    assert q.memberp(interp, L("b"), L("a", L("b"))) == "true"
    assert q.memberp(interp, "B", L("a", "b")) == "true"
    assert q.memberp(interp, 2, L(1, "2.0")) == "true"
    assert q.memberp(interp, "z", L("a", "b")) == "false"
    assert q.memberp(interp, "e", "hello") == "true"
    assert q.memberp(interp, "el", "hello") == "false"
    assert q.memberp(interp, L("a"), "abc") == "false"
    assert q.memberp(interp, "x", LogoArray(["x"])) == "true"


def test_substringp(interp):
    assert q.substringp(interp, "ell", "Hello") == "true"
    assert q.substringp(interp, "", "abc") == "true"
    assert q.substringp(interp, "xyz", "abc") == "false"
    assert q.substringp(interp, "a", L("a")) == "false"
    assert q.substringp(interp, 23, 1234) == "true"


def test_backslashedp():
    assert q.backslashedp("a") == "false"
    bad(q.backslashedp, "ab", what="ab")


# --- queries ----------------------------------------------------------------------------
def test_count():
    assert q.count(L("a", L("b", "c"))) == 2
    assert q.count("hello") == 5 and q.count("") == 0 and q.count(L()) == 0
    assert q.count(LogoArray([1, 2, 3], 0)) == 3
    assert q.count(3.25) == 4


def test_ascii_rawascii_char():
    assert q.ascii_("A") == 65 and q.rawascii("a") == 97 and q.ascii_(5) == 53
    bad(q.ascii_, "AB", what="AB")
    bad(q.ascii_, "")
    bad(q.rawascii, L("a"), what="[a]")
    assert q.char(65) == "A" and q.char("97") == "a"
    bad(q.char, -1, what="-1")
    bad(q.char, 65.5)


def test_member(interp):
    assert show(q.member(interp, "b", L("a", "b", "c"))) == "[b c]"
    assert show(q.member(interp, "z", L("a", "b"))) == "[]"
    assert q.member(interp, "l", "hello") == "llo"
    assert q.member(interp, "L", "hello") == "llo"
    assert q.member(interp, "z", "hello") == ""
    lst = L("a", "b")
    assert q.dot_eq(q.member(interp, "b", lst), lst.butfirst()) == "true"
    bad(q.member, interp, "a", LogoArray(["a"]))


def test_case_conversion():
    assert q.lowercase("HeLLo") == "hello" and q.uppercase("HeLLo") == "HELLO"
    assert q.uppercase(12) == "12"
    bad(q.lowercase, L("A"), what="[A]")
    bad(q.uppercase, LogoArray([]))


def test_standout():
    out = q.standout(L("a", "b"))
    assert out.startswith(q.STANDOUT_ON) and out.endswith(q.STANDOUT_OFF)
    assert "a b" in out


def test_parse_runparse(interp):
    assert show(q.parse(interp, "print 1 + 2")) == "[print 1 + 2]"
    assert interp.parsed == ["print 1 + 2"]
    bad(q.parse, interp, L("a"), what="[a]")
    assert show(q.runparse(interp, L("a"))) == "[runparsed [a]]"
    assert show(q.runparse(interp, "fd 10")) == "[runparsed fd 10]"
    bad(q.runparse, interp, LogoArray([]))
