"""MEMBERP's and MEMBER's search by runs (language/list_scan.py) finds the same pair as
walking the list BUTFIRST by BUTFIRST and comparing with EQUALP, on lists built every
way pairs can be shared: FPUT at the top of a run and in the middle of one, .SETBF to
another list or to a word (a dotted list), long runs, and a list that runs into itself
(an error once the search has gone far)."""

from __future__ import annotations

import random

import pytest

from logo.language.errors import LogoError
from logo.language.list_scan import has_number
from logo.language.lists import SEARCHED, LogoList
from logo.language.values import EscapedWord, equalp
from logo.primitives.predicates import list_tail


class _Interp:
    """What the search asks of the interpreter: CASEIGNOREDP and a look at Stop."""

    def __init__(self) -> None:
        self.vars: dict = {"caseignoredp": "true"}  # (as a new workspace has it)
        self.looks = 0

    def check_stop(self) -> None:
        self.looks += 1

    def has_var(self, name: str) -> bool:
        return name in self.vars

    def get_var(self, name: str):
        return self.vars[name]


ATOMS = [1, 2, 3, 2.0, "2", "2.0", "a", "A", "b", EscapedWord("a", [0]), "true", 0, -1,
         "-0", "0.0", "1e0", "00001", ".5", "5.", 0.5, -0.0, "nan", "3x", "1e400", 1e400]


def _first_of(interp: _Interp, thing, seq: LogoList):
    """The first member of the tail the search finds (it must find one)."""
    tail = list_tail(interp, thing, seq)
    assert tail is not None
    return tail.first()


def _walk(thing, seq):
    tail = seq
    while type(tail) is LogoList and tail:
        if equalp(thing, tail.first()):
            return tail
        tail = tail.butfirst()
    return None


def _lists(rng: random.Random, n: int) -> list[LogoList]:
    made = [LogoList(), LogoList([rng.choice(ATOMS) for _ in range(5)])]
    for _ in range(n):
        base = rng.choice(made)
        op = rng.random()
        if op < 0.6:
            made.append(base.fput(rng.choice([*ATOMS, LogoList([1])])))
        elif op < 0.8 and base:
            made.append(base.butfirst() if type(base.butfirst()) is LogoList else base)
        elif base:
            other = rng.choice(made)
            copy = LogoList(base.items()) if base._buf[1] is None else base
            if copy is not other and not _reaches(other, copy):
                copy.setbf(other if rng.random() < 0.9 else "w")
            made.append(copy)
    return made


def _reaches(start, target) -> bool:
    tail, seen = start, 0
    while type(tail) is LogoList and tail and seen < 500:
        if tail.same_pair(target):
            return True
        tail, seen = tail.butfirst(), seen + 1
    return seen >= 500


@pytest.mark.parametrize("seed", range(4))
def test_the_search_finds_the_pair_walking_finds(seed: int) -> None:
    rng = random.Random(seed)
    interp = _Interp()
    for seq in _lists(rng, 150):
        for thing in [*ATOMS, LogoList([1]), 99]:
            want = _walk(thing, seq)
            got = list_tail(interp, thing, seq)
            assert (got is None) == (want is None), (thing, seq)
            assert got is None or got.same_pair(want), (thing, seq)


def test_a_long_search_looks_at_stop_and_a_circular_list_is_an_error() -> None:
    interp = _Interp()
    long = LogoList(list(range(100_000)))
    assert _first_of(interp, 99_999, long) == 99_999
    assert interp.looks >= 90
    assert _first_of(interp, "99999", long.fput("x")) == 99_999
    ring = LogoList([1, 2, 3])
    ring.butfirst().butfirst().setbf(ring)
    assert _first_of(interp, 3, ring) == 3
    with pytest.raises(LogoError):
        list_tail(interp, 7, ring)
    with pytest.raises(LogoError):
        list_tail(interp, "x", ring)


def test_case_counts_while_caseignoredp_is_false() -> None:
    interp = _Interp()
    words = LogoList(["B", "a"])
    assert _first_of(interp, "b", words) == "B"
    interp.vars["caseignoredp"] = "false"
    assert list_tail(interp, "b", words) is None
    assert _first_of(interp, "a", words) == "a"


@pytest.mark.parametrize("seed", range(4))
def test_memberp_of_a_number_answers_as_the_walk_does(seed: int) -> None:
    rng = random.Random(seed)
    interp = _Interp()
    for seq in _lists(rng, 150):
        for thing in [1, 2, 3, 2.0, 0, -1, 0.5, -0.0, 1e400, 99, 2**70]:
            assert has_number(interp, seq, thing) == (_walk(thing, seq) is not None), \
                (thing, seq)


def test_memberp_of_a_number_along_a_long_fput_chain_looks_at_stop() -> None:
    interp = _Interp()
    chain = LogoList()
    for k in range(5000):
        chain.fput("x")  # the list is shared now: the next FPUT starts a run of one
        chain = chain.fput(k)
    assert has_number(interp, chain, 0) and has_number(interp, chain, 4999)
    assert not has_number(interp, chain, 5000)
    assert interp.looks >= 3
    ring = LogoList([1, 2, 3])
    ring.butfirst().butfirst().setbf(ring)
    assert has_number(interp, ring.fput(9).fput(8), 3)
    with pytest.raises(LogoError):
        has_number(interp, ring.fput(9), 7)


def test_memberp_of_a_number_along_runs_of_one_and_of_more_pairs() -> None:
    """FPUT's runs of one pair between longer runs (the search counts both kinds for
    its looks at Stop), and a run of one pair whose butfirst .SETBF made a word."""
    interp = _Interp()
    chain = LogoList([-1, -2])
    for k in range(3000):
        chain.fput("x")  # shared: the next FPUT starts a run of one
        chain = chain.fput(k)
        if k % 3 == 0:
            chain = chain.fput(k + 0.5)  # (at the top of that run: it grows)
    for thing in (0, 2999, 1.5, -2, 5.0):
        assert has_number(interp, chain, thing) == (_walk(thing, chain) is not None)
    assert not has_number(interp, chain, 3000)
    assert interp.looks >= 3
    base = LogoList([1, 2])
    base.fput("x")
    one = base.fput(7)
    one.setbf("w")
    assert has_number(interp, one, 7) and not has_number(interp, one, 1)
    assert has_number(interp, one.fput(8), 7)


MEMO_MEMBERS = [3, "3", "3.0", "3e0", "abc", "ABC", 2**70, str(2**70), "1e400", "inf",
                "-INF", "Inf", 1e400, -1e400, 0.1 + 0.2, "0.3", "-0", -0.0, True,
                EscapedWord("5", [0]), LogoList([3]), LogoList(), "", "-", ".", "5."]
MEMO_THINGS = [3, 3.0, 0, -0.0, 5, 2**70, float(2**70), 2**70 + 1, 0.3, 0.1 + 0.2, 1,
               1e400, -1e400, float("nan"), 7, 10**400 // 10**399]


@pytest.mark.parametrize("seed", range(6))
def test_a_list_searched_again_answers_from_its_memo_as_the_walk_does(seed: int) -> None:
    """The second search of a list on end answers from _numbers_of's memo, which holds
    the numbers words spell: every member kind against every number, NaN and the
    infinities (which EQUALP compares with "inf by text) among them."""
    rng = random.Random(seed)
    interp = _Interp()
    made = [["inf", 3], ["-Inf", "3"], ["nan", 3], [float("nan"), "3"], ["abc", "3.0"],
            [3, 2**70, 0, 7], [True, 3], list(range(-20, 20)), list(range(-50, 50)),
            [10**400 // 10**399], []]
    for size in (1, 3, 12, 40):
        members = [rng.choice(MEMO_MEMBERS) for _ in range(size)]
        if rng.random() < 0.3:
            members.append(rng.choice(["nan", "-NaN", float("nan")]))
        made.append(members)
    for members in made:
        seq = LogoList(members)
        for thing in MEMO_THINGS:
            want = _walk(thing, seq) is not None
            SEARCHED.clear()  # (the first search, the second, the third from the memo)
            assert has_number(interp, seq, thing) == want, (thing, members)
            assert has_number(interp, seq, thing) == want, (thing, members)
            assert has_number(interp, seq, thing) == want, (thing, members)


def test_a_list_changed_between_two_searches_is_searched_again() -> None:
    interp = _Interp()
    seq = LogoList(["3", "5", "7"])
    assert has_number(interp, seq, 5) and has_number(interp, seq, 5)
    seq.butfirst().setfirst("abc")
    assert not has_number(interp, seq, 5) and not has_number(interp, seq, 5)
    seq.butfirst().setbf(LogoList(["9"]))
    assert has_number(interp, seq, 9) and not has_number(interp, seq, 7)
    assert has_number(interp, seq, 9)
