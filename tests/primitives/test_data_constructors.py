"""Unit tests for the data structure primitives that build and take apart words, lists and
arrays (constructors and selectors, logo/primitives/data.py), called directly."""

from __future__ import annotations

from functools import partial

from logo.language.values import LogoArray
from logo.primitives import data as d
from logo.primitives import predicates as q
from logo.primitives.registry import Registry
from logo.session.interpreter import Interpreter
from tests.primitives.data_support import L, bad, show


def running() -> Interpreter:
    """An interpreter of its own for each call (FIRSTS, MDARRAY, SETITEM look at Stop)."""
    return Interpreter()


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
    arr = d.mdarray(running(), L(2, 3))
    assert show(arr) == "{{[] [] []} {[] [] []}}"
    assert arr.items[0] is not arr.items[1]
    assert d.mdarray(running(), L(2), 0).origin == 0
    assert d.mdarray(running(), L(1, 1), 0).items[0].origin == 0
    bad(partial(d.mdarray, running()), L(), what="[]")
    assert show(d.mdarray(running(), 3)) == "{[] [] []}"  # a number's digits are the sizes
    bad(partial(d.mdarray, running()), "x", what="x")


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
    assert show(d.firsts(running(), L(L("a", "b"), "cd", L("e")))) == "[a c e]"
    assert show(d.firsts(running(), L())) == "[]"
    assert show(d.butfirsts(running(), L(L("a", "b"), "cd"))) == "[[b] d]"
    bad(partial(d.firsts, running()), L(L()), what="[]")
    bad(partial(d.firsts, running()), "abc", what="abc")
    bad(partial(d.butfirsts, running()), L("a", ""))


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
