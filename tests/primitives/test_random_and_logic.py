"""Unit tests for the random-number and logic primitives (logo/primitives/math_functions.py,
logic.py), called directly: UCBLogo's random sequences, AND/OR/NOT with lazy list inputs, and
the input counts the registry gives them."""

from __future__ import annotations

import random

import pytest

from logo.language.errors import LogoError
from logo.language.values import LogoList, show_form
from logo.primitives import arithmetic as A
from logo.primitives import bitwise as AB
from logo.primitives import logic
from logo.primitives import math_functions as AM
from logo.primitives import random_numbers as AR
from logo.primitives.registry import Registry


def L(*items):
    return LogoList(items)


# --- random numbers ---------------------------------------------------------------------
class FakeInterp:
    """Just enough interpreter: a random generator and RUN of canned lists."""

    def __init__(self, rng=None, results=None):
        self.random = rng if rng is not None else AR.CRandom()
        self.results = results or {}
        self.ran = []

    def run(self, lst):
        self.ran.append(lst)
        return self.results.get(show_form(lst))


def draws(I):
    r = AR.random_
    return [r(I, 100), r(I, 100), r(I, 1000000), r(I, 10, 20), r(I, 0), r(I, 7), r(I, 3, 3),
            r(I, 5, 4), r(I, 5, 3), r(I, 1)]


def test_rerandom_replays_ucblogo_sequences():
    I = FakeInterp()
    AR.rerandom(I)
    assert draws(I) == [83, 86, 692777, 12, 0, 1, 3, 5, 719885391, 0]
    AR.rerandom(I, 42)
    assert draws(I)[:6] == [66, 40, 128881, 17, 0, 0]
    AR.rerandom(I, -123456)
    assert [AR.random_(I, 2147483646) for _ in range(2)] == [755812811, 645232464]


def test_random_with_a_plain_python_generator():
    I = FakeInterp(random.Random(5))
    values = [AR.random_(I, 3, 8) for _ in range(200)]
    assert set(values) == {3, 4, 5, 6, 7, 8}
    AR.rerandom(I, 9)
    first = [AR.random_(I, 1000) for _ in range(5)]
    AR.rerandom(I, 9)
    assert [AR.random_(I, 1000) for _ in range(5)] == first


@pytest.mark.parametrize("args,what", [((-1,), -1), ((1.5,), 1.5), ((-5, 5), -5),
                                       ((5, -5), -5), ((2147483647,), 2147483647),
                                       (("a",), "a"), ((L(),), L())])
def test_random_bad_inputs(args, what):
    with pytest.raises(LogoError) as info:
        AR.random_(FakeInterp(), *args)
    assert info.value.kind == "doesnt_like" and info.value.what == what


@pytest.mark.parametrize("seed", [1.5, "a", 5000000000, 2147483647, -2147483648])
def test_rerandom_bad_seed(seed):
    with pytest.raises(LogoError) as info:
        AR.rerandom(FakeInterp(), seed)
    assert info.value.kind == "doesnt_like"


# --- logic --------------------------------------------------------------------------------
def truth(fn, *args, results=None):
    I = FakeInterp(results=results)
    return fn(I, *args), I.ran


def logic_error(fn, *args, results=None):
    with pytest.raises(LogoError) as info:
        fn(FakeInterp(results=results), *args)
    assert info.value.kind == "doesnt_like"
    return show_form(info.value.what)


def test_and_or_not_words():
    assert truth(logic.and_, "true", "false")[0] == "false"
    assert truth(logic.and_, "TRUE", "True")[0] == "true"
    assert truth(logic.and_)[0] == "true" and truth(logic.or_)[0] == "false"
    assert truth(logic.and_, "true", "true", "false")[0] == "false"
    assert truth(logic.or_, "false", "false", "true")[0] == "true"
    assert truth(logic.not_, "TRUE")[0] == "false" and truth(logic.not_, "false")[0] == "true"
    assert not hasattr(logic, "true") and not hasattr(logic, "false")  # words, as UCBLogo


def test_and_or_stop_at_the_deciding_input():
    assert truth(logic.and_, "false", "yes")[0] == "false"
    assert truth(logic.or_, "true", "yes")[0] == "true"
    assert logic_error(logic.and_, "true", "yes") == "yes"
    assert logic_error(logic.or_, "yes", "true") == "yes"
    assert logic_error(logic.not_, 1) == "1"


def test_list_inputs_run_lazily():
    results = {"[1 = 1]": "true", "[2 = 3]": "false", "[1 + 1]": 2, "[[true]]": L("true")}
    value, ran = truth(logic.and_, "false", L(1, "=", 1), results=results)
    assert value == "false" and ran == []
    value, ran = truth(logic.and_, L(1, "=", 1), L(2, "=", 3), results=results)
    assert value == "false" and [show_form(x) for x in ran] == ["[1 = 1]", "[2 = 3]"]
    assert truth(logic.or_, L(2, "=", 3), L(1, "=", 1), results=results)[0] == "true"
    assert truth(logic.not_, L(2, "=", 3), results=results)[0] == "true"
    assert logic_error(logic.and_, "true", L(1, "+", 1), results=results) == "2"
    assert logic_error(logic.and_, "true", L(L("true")), results=results) == "[true]"
    assert logic_error(logic.and_, "true", L()) == "nothing"


# --- registry ------------------------------------------------------------------------------
def test_registered_names_and_input_counts():
    reg = Registry()
    for module in (A, AM, AR, AB):
        reg.add_module(module, "arithmetic")
    reg.add_module(logic, "logic")
    counts = {n: (reg.get(n).min_inputs, reg.get(n).default_inputs, reg.get(n).max_inputs)
              for n in ("sum", "product", "difference", "minus", "quotient", "arctan",
                        "random", "rerandom", "bitand", "form", "and", "not")}
    assert counts == {"sum": (0, 2, -1), "product": (0, 2, -1), "difference": (2, 2, 2),
                      "minus": (1, 1, 1), "quotient": (1, 2, 2), "arctan": (1, 1, 2),
                      "random": (1, 1, 2), "rerandom": (0, 0, 1), "bitand": (0, 2, -1),
                      "form": (3, 3, 3), "and": (0, 2, -1), "not": (1, 1, 1)}
    assert reg.get("true") is None and reg.get("false") is None  # words only, as UCBLogo
    for alias in ("less?", "greater?", "lessequal?", "greaterequal?", "sqrt", "iseq", "rseq"):
        assert reg.get(alias) is not None
    assert reg.get("sin").doc.startswith("SIN degrees")
    assert reg.get("tan") is None and reg.get("radtan") is None  # as in UCBLogo 6.2.2
