"""Unit tests for the data structure primitives (logo/primitives/data*.py), called directly."""

from __future__ import annotations

import random

import pytest

from logo.language.errors import LogoError
from logo.language.values import LogoArray, LogoList, show_form
from logo.primitives import data as d
from logo.primitives import predicates as q
from logo.primitives.registry import Registry


def L(*items):
    return LogoList(items)


def show(x):
    return show_form(x)


class FakeInterp:
    """Just enough interpreter for the data primitives."""

    def __init__(self, seed=1):
        self.vars = {}
        self.random = random.Random(seed)
        self.parsed = []

    def get_var(self, name):
        if name.lower() not in self.vars:
            raise LogoError("no_value", what=name)
        return self.vars[name.lower()]

    def set_var(self, name, value):
        self.vars[name.lower()] = value

    def has_var(self, name):
        return name.lower() in self.vars

    def parse(self, text):
        self.parsed.append(text)
        return LogoList(text.split())

    def runparse(self, x):
        return LogoList(["runparsed", x])


@pytest.fixture
def interp():
    return FakeInterp()


def bad(fn, *args, what=None):
    """Call fn expecting a doesn't-like error; check its datum when ``what`` is given."""
    with pytest.raises(LogoError) as info:
        fn(*args)
    assert info.value.kind in ("doesnt_like", "doesnt_like_unrec")  # code 7 or 4
    if what is not None:
        assert show(info.value.what) == what
    return info.value


# --- registration -----------------------------------------------------------------------
def test_registration_names_and_counts():
    reg = Registry()
    reg.add_module(d, "data")
    reg.add_module(q, "data")
    for name in ("se", "bf", "bfs", "bl", "word?", "list?", "array?", "empty?", "equal?",
                 "notequal?", "before?", "member?", "substring?", "number?", "backslashed?",
                 ".eq", ".setfirst", ".setbf", ".setitem", "rawascii"):
        assert reg.get(name) is not None, name
    word = reg.get("word")
    assert (word.min_inputs, word.default_inputs, word.max_inputs) == (0, 2, -1)
    arr = reg.get("array")
    assert (arr.min_inputs, arr.default_inputs, arr.max_inputs) == (1, 1, 2)
    assert reg.get("equalp").needs_interp and not reg.get("first").needs_interp
    for spec in reg.specs:
        usage = spec.doc.splitlines()[0]
        assert usage.split()[0].lower() == spec.name, usage


# --- constructors -----------------------------------------------------------------------
def test_word():
    assert d.word_("abc", "def") == "abcdef"
    assert d.word_("a", 1, 2.5) == "a12.5"
    assert d.word_() == ""
    bad(d.word_, "a", L("b"), what="[b]")
    bad(d.word_, LogoArray([1]), "a")


def test_list():
    assert show(d.list_("a", L("b", "c"))) == "[a [b c]]"
    assert show(d.list_()) == "[]"
    assert show(d.list_(1, 2, 3)) == "[1 2 3]"


def test_sentence():
    assert show(d.sentence(L("a", "b"), "c")) == "[a b c]"
    assert show(d.sentence("a", L(L("b"), "c"))) == "[a [b] c]"
    assert show(d.sentence(L(), L())) == "[]"
    assert show(d.sentence("", L("x"))) == "[ x]"
    assert show(d.sentence(L("a"), L("b"), L("c", "d"), "e")) == "[a b c d e]"
    assert show(d.sentence()) == "[]"
    bad(d.sentence, LogoArray([1]), "a")


def test_sentence_shares_last_list_without_changing_it():
    tail = L("c", "d")
    out = d.sentence("a", L("b"), tail)
    assert show(out) == "[a b c d]" and show(tail) == "[c d]"
    assert show(d.fput("z", tail)) == "[z c d]" and show(out) == "[a b c d]"


def test_fput_lput():
    assert show(d.fput("a", L("b", "c"))) == "[a b c]"
    assert show(d.fput(L("a"), L())) == "[[a]]"
    assert d.fput("a", "bc") == "abc"
    assert d.fput(1, 23) == "123"
    bad(d.fput, "ab", "cd", what="cd")
    bad(d.fput, "a", LogoArray([1]))
    assert show(d.lput("c", L("a", "b"))) == "[a b c]"
    assert d.lput("c", "ab") == "abc"
    bad(d.lput, "cd", "ab", what="ab")


def test_array_and_origin():
    arr = d.array(3)
    assert show(arr) == "{[] [] []}" and arr.origin == 1
    arr0 = d.array(2, 0)
    assert arr0.origin == 0 and show(arr0) == "{[] []}"  # UCBLogo shows no origin
    assert show(d.array(0)) == "{}"
    bad(d.array, -1, what="-1")
    bad(d.array, 2.5)
    bad(d.array, L())


def test_mdarray():
    arr = d.mdarray(L(2, 3))
    assert show(arr) == "{{[] [] []} {[] [] []}}"
    assert arr.items[0] is not arr.items[1]
    assert d.mdarray(L(2), 0).origin == 0
    assert d.mdarray(L(1, 1), 0).items[0].origin == 0
    bad(d.mdarray, L(), what="[]")
    assert show(d.mdarray(3)) == "{[] [] []}"  # a number's digits are the sizes
    bad(d.mdarray, "x", what="x")


def test_listtoarray_arraytolist():
    arr = d.listtoarray(L("a", "b"))
    assert show(arr) == "{a b}"
    assert d.listtoarray(L("a"), 0).origin == 0
    bad(d.listtoarray, "ab", what="ab")
    assert show(d.arraytolist(LogoArray(["x", L("y")]))) == "[x [y]]"
    bad(d.arraytolist, L("a"), what="[a]")


def test_combine():
    assert d.combine("a", "bc") == "abc"
    assert show(d.combine("a", L("b"))) == "[a b]"
    assert show(d.combine(L("a"), L("b"))) == "[[a] b]"
    bad(d.combine, L("a"), "b")


def test_reverse():
    assert show(d.reverse(L("a", L("b"), "c"))) == "[c [b] a]"
    assert d.reverse("abc") == "cba"
    assert show(d.reverse(L())) == "[]"
    bad(d.reverse, LogoArray([1]))




# --- selectors --------------------------------------------------------------------------
def test_first():
    assert d.first(L("a", "b")) == "a"
    assert d.first("hello") == "h"
    assert d.first(123) == "1"
    assert d.first(LogoArray([1, 2], 0)) == 0
    bad(d.first, L(), what="[]")
    bad(d.first, "", what="")


def test_last_butfirst_butlast():
    assert d.last(L("a", "b")) == "b" and d.last("xyz") == "z"
    assert show(d.butfirst(L("a", "b"))) == "[b]" and d.butfirst("xyz") == "yz"
    assert d.butfirst("x") == "" and show(d.butfirst(L("a"))) == "[]"
    assert show(d.butlast(L("a", "b"))) == "[a]" and d.butlast("xyz") == "xy"
    assert d.butfirst(3.5) == ".5"
    for fn in (d.last, d.butfirst, d.butlast):
        bad(fn, L(), what="[]")
        bad(fn, "")
        bad(fn, LogoArray([1]))


def test_firsts_butfirsts():
    assert show(d.firsts(L(L("a", "b"), "cd", L("e")))) == "[a c e]"
    assert show(d.firsts(L())) == "[]"
    assert show(d.butfirsts(L(L("a", "b"), "cd"))) == "[[b] d]"
    bad(d.firsts, L(L()), what="[]")
    bad(d.firsts, "abc", what="abc")
    bad(d.butfirsts, L("a", ""))


def test_item():
    assert d.item(2, L("a", "b", "c")) == "b"
    assert d.item(3, "hello") == "l"
    assert d.item(2.0, "hello") == "e"
    assert d.item(1, LogoArray(["x", "y"])) == "x"
    assert d.item(0, LogoArray(["x", "y"], 0)) == "x"
    bad(d.item, 4, L("a", "b", "c"), what="4")
    bad(d.item, 0, L("a"), what="0")
    bad(d.item, 6, "hello", what="6")
    bad(d.item, 2, LogoArray(["x", "y"], 0), what="2")
    bad(d.item, 1, L(), what="[]")
    bad(d.item, 1, "", what="")
    bad(d.item, "x", L("a"), what="x")












# --- mutators ---------------------------------------------------------------------------
def test_setitem():
    arr = d.array(3)
    assert d.setitem(2, arr, "x") is None
    assert show(arr) == "{[] x []}"
    arr0 = d.array(2, 0)
    d.setitem(0, arr0, "y")
    assert show(arr0) == "{y []}"  # UCBLogo shows no origin
    bad(d.setitem, 4, arr, "z", what="4")
    bad(d.setitem, 1, L("a"), "z", what="[a]")
    bad(d.setitem, 1, arr, L("a", arr))
    bad(d.setitem, 1, arr, arr)


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
