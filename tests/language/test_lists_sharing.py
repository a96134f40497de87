"""Lists share pairs as UCBLogo's do: random programs of FPUT, BUTFIRST, .SETFIRST, .SETBF,
LPUT, BUTLAST and SENTENCE give the same lists as a plain linked-pair model."""

from __future__ import annotations

import random

import pytest

from logo.language.errors import LogoError
from logo.language.lists import LogoList
from logo.language.values import EMPTY, equalp, show_form
from logo.primitives import data as d


class Pair:
    """The model: one UCBLogo pair."""

    __slots__ = ("car", "cdr")

    def __init__(self, car, cdr):
        self.car, self.cdr = car, cdr


def model_items(p, limit=60):
    out = []
    while p is not None and len(out) < limit:
        out.append(p.car)
        p = p.cdr
    return out


def model_loops(p):
    seen = set()
    while p is not None:
        if id(p) in seen:
            return True
        seen.add(id(p))
        p = p.cdr
    return False


def model_from(items):
    p = None
    for x in reversed(items):
        p = Pair(x, p)
    return p


def ours_items(lst, limit=60):
    out = []
    while type(lst) is LogoList and lst and len(out) < limit:
        out.append(lst.first())
        lst = lst.butfirst()
    return out


def step(rng, pool, k):
    """One random operation on both representations; pool holds (ours, model) pairs."""
    op = rng.choice(["fput", "bf", "setfirst", "setbf", "lput", "butlast", "se", "list"])
    ours, model = rng.choice(pool)
    if op == "fput":
        pool.append((d.fput(k, ours), Pair(k, model)))
    elif op == "bf" and model is not None:
        pool.append((d.butfirst(ours), model.cdr))
    elif op == "setfirst" and model is not None:
        d.dot_setfirst(ours, k)
        model.car = k
    elif op == "setbf" and model is not None:
        rest_ours, rest_model = rng.choice(pool)
        d.dot_setbf(ours, rest_ours)
        model.cdr = rest_model
    elif op == "lput" and len(model_items(model)) < 60:
        pool.append((d.lput(k, ours), model_from([*model_items(model), k])))
    elif op == "butlast" and model is not None and len(model_items(model)) < 60:
        pool.append((d.butlast(ours), model_from(model_items(model)[:-1])))
    elif op == "se" and len(model_items(model)) < 60:
        tail_ours, tail_model = rng.choice(pool)
        copied = model_from(model_items(model))
        last = copied
        while last is not None and last.cdr is not None:
            last = last.cdr
        joined = tail_model if last is None else copied
        if last is not None:
            last.cdr = tail_model
        pool.append((d.sentence(ours, tail_ours), joined))
    elif op == "list":
        items = [f"n{k}", f"m{k}"]
        pool.append((LogoList(items), model_from(items)))


@pytest.mark.parametrize("seed", range(40))
def test_random_programs_share_pairs_like_linked_pairs(seed):
    rng = random.Random(seed)
    pool = [(LogoList([1, 2, 3]), model_from([1, 2, 3])), (EMPTY, None)]
    for k in range(200):
        step(rng, pool, k)
        for ours, model in pool:
            assert ours_items(ours) == model_items(model)
            if not model_loops(model):
                items = model_items(model, limit=10**6)
                assert len(ours) == len(items) and ours.items() == items
                if items:
                    i = rng.randrange(len(items))
                    assert ours[i] == items[i] and ours[-1] == items[-1]


def test_whole_list_operations_follow_links():
    a = LogoList([1, 2, 3, 4])
    c = d.fput(0, d.butfirst(a))          # shares [2 3 4]
    d.dot_setbf(d.butfirst(a), LogoList(["x", "y"]))
    assert show_form(a) == "[1 2 x y]" and show_form(c) == "[0 2 x y]"
    assert len(c) == 4 and c.items() == [0, 2, "x", "y"] and list(c) == [0, 2, "x", "y"]
    assert c[3] == "y" and c[-1] == "y" and c.last() == "y"
    with pytest.raises(IndexError):
        c[4]
    assert equalp(c, LogoList([0, 2, "x", "y"]))
    assert show_form(d.lput(5, c)) == "[0 2 x y 5]" and show_form(d.butlast(c)) == "[0 2 x]"


def test_a_circular_list_prints_once_and_whole_list_operations_are_errors():
    a = LogoList([1, 2, 3])
    d.dot_setbf(d.butfirst(d.butfirst(a)), a)
    assert show_form(a) == "[1 2 3 ...]"
    assert a[6] == 1 and d.item(8, a) == 2
    with pytest.raises(LogoError):
        len(a)
    with pytest.raises(LogoError):
        a.items()


def test_setbf_with_a_word_makes_a_dotted_list():
    a = LogoList([1, 2, 3])
    d.dot_setbf(d.butfirst(a), "x")
    assert show_form(a) == "[1 2  . x]"
    assert d.butfirst(d.butfirst(a)) == "x"
    assert len(a) == 3 and list(a) == [1, 2, "x"]


def test_eq_means_the_same_pair():
    from logo.primitives.predicates import dot_eq

    a = LogoList([1, 2])
    assert dot_eq(d.butfirst(a), d.butfirst(a)) == "true"
    assert dot_eq(a, LogoList([1, 2])) == "false"
    assert dot_eq(d.fput(0, a).butfirst(), a) == "true"


def test_member_stops_at_a_dotted_end_and_refuses_a_circular_list():
    from logo.primitives.predicates import member, memberp
    from tests.support import new_interpreter

    interp = new_interpreter()
    a = LogoList([1, 2, 3])
    d.dot_setbf(d.butfirst(a), "x")
    assert memberp(interp, "z", a) == "false" and show_form(member(interp, 2, a)) == "[2  . x]"
    d.dot_setbf(d.butfirst(a), a)
    with pytest.raises(LogoError):
        memberp(interp, "z", a)
