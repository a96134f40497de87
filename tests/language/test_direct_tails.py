"""Chains of tail calls between direct procedures (logo/language/direct_tails.py): the
chain an entry starts runs there, and compiled at once it prints what the interpreting
tier prints (test_direct_entries.both): the caller's inputs seen by ERRACT and by a turn
in the link it tail-called, a link redefined at a turn, Stop reaching an endless chain
(tests/language/calls/direct_tails.lgo has the cases UCBLogo printed)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from logo.language import direct_tails
from tests.language.test_direct_entries import both
from tests.support import new_interpreter, run_logo

HOPS = ("to hop.a :n :acc\nif :n = 0 [output :acc]\noutput hop.b :n - 1 :acc + 1\nend\n"
        "to hop.b :n :acc\nif :n = 0 [output :acc]\noutput hop.a :n - 1 :acc + 2\nend\n"
        "repeat 3 [ignore hop.a 4 0]\n")


def test_a_chain_between_direct_procedures_runs_in_the_chain(monkeypatch: Any) -> None:
    links = []
    chain = direct_tails.chain

    def counted(I: Any, mark: Any, tail: Any) -> Any:
        links.append(tail.proc.name)
        return chain(I, mark, tail)

    monkeypatch.setattr(direct_tails, "chain", counted)
    assert both(HOPS + "print hop.a 300000 0\n", ["hop.a", "hop.b"]) == "450000\n"
    assert links and set(links) <= {"hop.a", "hop.b"}


def test_erract_in_the_link_called_sees_the_callers_inputs() -> None:
    text = ("to look :x\noutput peek :x * 2\nend\nto peek :y\noutput :y + nosuch\nend\n"
            "to fine :x\noutput peek.ok :x * 2\nend\nto peek.ok :y\nignore 0\noutput :y + 1\nend\n"
            "repeat 3 [ignore fine 1]\n")
    then = ("make \"erract [(print \"seen :x :y) throw \"back]\n"
            "catch \"back [print look 5]\ncatch \"back [print look 6]\nern \"erract\n"
            "print namep \"x\n")
    assert both(text, ["fine", "peek.ok"], then) == "seen 5 10\nseen 6 12\nfalse\n"


def test_a_turn_in_the_link_called_sees_the_callers_inputs_and_redefines_it() -> None:
    then = ("when [ifelse namep \"acc [:acc = 7] [\"false]] "
            "[define \"hop.b [[n acc] [output :acc * 1000]]]\n"
            "print hop.a 20 0\nprint hop.a 20 0\nprint namep \"acc\n")
    assert both(HOPS, ["hop.a", "hop.b"], then) == "10000\n1000\nfalse\n"


@pytest.mark.parametrize("tiers", ["compile", "interpret"])
def test_stop_reaches_an_endless_chain_and_restores_the_inputs(tiers: str) -> None:
    interp = new_interpreter(tiers=tiers)
    text = ("make \"n \"top\nto ping :n\noutput pong :n + 1\nend\n"
            "to pong :n\noutput ping :n + 1\nend\n"
            "to ping.ok :n\nif :n > 9 [output :n]\noutput pong.ok :n + 1\nend\n"
            "to pong.ok :n\noutput ping.ok :n + 1\nend\nrepeat 3 [ignore ping.ok 0]\n")
    run_logo(text, interp=interp, check=True)
    timer = threading.Timer(0.3, interp.request_stop)
    timer.start()
    ran = run_logo("print ping 0", interp=interp)
    timer.cancel()
    assert not ran.ok and "Stopped!" in ran.errors + ran.printed
    assert interp.vars["n"] == "top" and not interp.frames


def test_erract_below_the_link_sees_its_inputs_over_the_callers() -> None:
    text = ("to look :x :w\noutput peek :x * 2\nend\nto peek :x\noutput 1 + deeper :x\nend\n"
            "to deeper :z\nif :z > 50 [output :z / 0]\noutput :z\nend\n"
            "to same :x\noutput same.b :x + 1\nend\n"
            "to same.b :x\nif :x > 50 [output :x / 0]\noutput :x\nend\n"
            "to probe :v :tag\noutput 0 + look :v :tag\nend\nto probe.same :v\noutput 0 + same :v\nend\n"
            "repeat 3 [ignore probe 1 \"a ignore probe.same 1]\n")
    then = ("make \"erract [(print \"seen :x :w :z) throw \"back]\n"
            "catch \"back [print probe 30 \"w]\ncatch \"back [print probe 40 \"v]\n"
            "make \"erract [(print \"same :x) throw \"back]\n"
            "make \"x \"top\ncatch \"back [print probe.same 55]\nern \"erract\n"
            "print :x\nprint namep \"w\n")
    out = both(text, ["probe", "look", "peek", "deeper", "probe.same", "same", "same.b"], then)
    assert out == "seen 60 w 60\nseen 80 v 80\nsame 56\ntop\nfalse\n", out
