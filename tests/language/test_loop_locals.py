"""Loops with their variables in Python locals (language/loop_locals.py): the analysis of
what a body may observe, and the fast copy agreeing with the table in every tier."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from logo.language import loop_locals, loop_scope
from logo.language.compiler import Compiler, Statements
from logo.language.emitter import Emitter
from logo.language.nodes import Const
from logo.language.reader import read_list
from tests.support import checks_itself, compiled_sources, new_interpreter, run_logo

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", ["interpret", "compile", "auto"])
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    path = HERE / "loop_locals.lgo"
    checks_itself(path, tiers)


def analyse(text: str, mode: str = "list") -> loop_scope.Scope | None:
    interp = new_interpreter()
    run_logo("to proc :x\nend", interp=interp)
    em = Emitter(interp, [], mode)
    st = Statements(Compiler(interp), em)
    return loop_scope.closed(st, [read_list(text)], None)


@pytest.mark.parametrize("body", [
    "make \"s :s + repcount", "setitem :i :a 1 print :i", "if :x > 3 [make \"y first :l]",
    "for [j 1 :n] [make \"t :t + :j]", "while [:k < 3] [make \"k :k + 1]",
    "make \"v ifelse :x > 0 [1] [2]", "if and :x > 1 not emptyp :l [stop]",
    "pprop \"p :i :i make \"s :s + gprop \"p :i",
    "make word \"a 1 2", "make \"s :s + thing word \"v :i", "make (word \"Q :i \"z) namep word word \"q 1 :i",
])
def test_a_body_of_safe_primitives_is_closed(body: str) -> None:
    assert analyse(body) is not None


def test_the_analysis_names_what_the_body_reads_and_makes() -> None:
    scope = analyse("for [j 1 :n] [make \"t :t + :j] make \"u 1 make \"w :u + :w"
                    " if :u > 0 [make \"x 1] print :x")
    assert scope is not None
    assert scope.reads == {"n", "t", "u", "w", "x"}
    assert scope.writes == {"t", "u", "w", "x"}


@pytest.mark.parametrize("body", [
    "proc 1", "make \"s proc 1", "run [print :s]", "print thing \"s", "make word :k 1 2",
    "make \"s thing word \"s 1", "make \"va 1 print thing word \"v :i", "print thing word \"V :i print :vx",
    "for [vi 1 3] [print thing word \"v :vi]", "print thing word 1 \"v",
    "make word \"\u03a3 1 1 print :\u03c3",
    "if :flag [print 1]", "if and [:x > 1] \"true [stop]", "catch \"x [make \"s 1]",
    "make \"caseignoredp \"false", "pons", "ern \"s", "localmake \"s 1",
    "repeat 3 :list", "print runresult [:s]", "while [:flag] [make \"k 1]", "foreach [1 2] [print ?]",
    "make \"s map [? * 2] :l", "wait 1", "print apply \"sum [1 2]",
    "make \"j 5 for [j 1 3] [print :j] print :j", "for [k 1 2] [for [k 1 2] [print :k]]",
])
def test_a_body_that_may_observe_the_table_is_not_closed(body: str) -> None:
    assert analyse(body) is None


def test_a_loop_condition_that_may_be_a_list_to_run_is_not_closed() -> None:
    interp = new_interpreter()
    st = Statements(Compiler(interp), Emitter(interp, [], "list"))
    body = [read_list("make \"k :k + 1")]
    test = st.c.parse(read_list(":k < 3"), 0)[0]
    scope = loop_scope.closed(st, body, None, test)
    assert scope is not None and scope.reads == {"k"} == scope.writes
    flag = st.c.parse(read_list(":flag"), 0)[0]
    assert loop_scope.closed(st, body, None, flag) is None


def test_localmake_is_closed_in_a_procedure_only() -> None:
    scope = analyse("localmake \"s 1", mode="proc")
    assert scope is not None and scope.writes == {"s"} and not scope.reads


def sources(monkeypatch: Any, text: str, **options: Any) -> tuple[Any, list[str]]:
    return compiled_sources(monkeypatch, text, "def body(I, V)", **options)


def test_a_closed_loop_keeps_its_variables_in_locals(monkeypatch: Any) -> None:
    ran, made = sources(monkeypatch, "make \"s 0\nrepeat 1000 [make \"s :s + repcount]\nprint :s")
    assert ran.lines == ["500500"]
    fast = next(source for source in made if "for _i" in source)
    assert "_L" in fast and "V['s'] = (" not in fast and "I.repcount = _i" not in fast.replace(
        "if I.interrupt:", "").split("I.check_interrupt()")[-1]
    assert fast.count("for _i") == 1  # one copy: a loop run once compiles as before


def test_a_loop_known_to_run_a_few_times_keeps_the_table(monkeypatch: Any) -> None:
    _, made = sources(monkeypatch, "make \"s 0\nrepeat 4 [make \"s :s + 1]\nfor [i 1 9] [make \"s :i]")
    assert all("_L" not in source for source in made)
    interp = new_interpreter()
    st = Statements(Compiler(interp), Emitter(interp, [], "list"))
    assert loop_locals.few(st, [Const(999)]) and not loop_locals.few(st, [Const(1000)])
    assert loop_locals.few(st, [Const(1), Const(10), Const(0.5)])
    assert not loop_locals.few(st, [Const(1), Const(10), Const(0)])
    st.em.loops = 1  # inside another loop: it may run many times
    assert not loop_locals.few(st, [Const(4)])
    st.em.mode, st.em.loops = "proc", 0  # a procedure's body may run many times
    assert not loop_locals.few(st, [Const(4)])


def test_nested_few_loops_keep_the_inner_in_locals(monkeypatch: Any) -> None:
    _, made = sources(monkeypatch, "make \"s 0\nrepeat 300 [repeat 300 [make \"s :s + 1]]")
    loop = next(source for source in made if "for _i" in source)
    assert loop.count("V['s'] = (") == 0 and "_L" in loop


def test_a_loop_that_calls_a_procedure_has_one_ordinary_copy(monkeypatch: Any) -> None:
    _, made = sources(monkeypatch, "to f\nend\nmake \"s 0\nrepeat 2 [f make \"s :s + 1]")
    assert all("_L" not in source for source in made)


class Turns:
    """check_interrupt standing for processes that take their turn at every check:
    each turn sees the loop's variables and changes one."""

    def __init__(self, interp: Any):
        self.I = interp
        self.seen: list[tuple[Any, Any, Any]] = []

    def __call__(self) -> None:
        V = self.I.vars
        if "s" in V:
            self.seen.append((V["s"], V.get("i"), self.I.repcount))
            V["s"] += 100


@pytest.mark.parametrize("tiers", ["interpret", "compile"])
def test_a_turn_taken_at_an_interrupt_check_sees_and_sets_the_variables(tiers: str) -> None:
    interp = new_interpreter(tiers=tiers)
    turns = Turns(interp)
    interp.check_interrupt = turns
    type(interp).interrupt = property(lambda self: "s" in self.vars, lambda self, v: None)
    try:
        ran = run_logo("make \"s 0\nmake \"two 2\nrepeat :two [make \"s :s + 1]\nfor [i 1 :two] [make \"s :s + :i]"
                       "\nprint :s", interp=interp)
    finally:
        del type(interp).interrupt
    assert ran.lines == ["405"]
    assert [seen[:2] for seen in turns.seen] == [(0, None), (101, None), (202, 1), (303, 2)]
    assert [seen[2] for seen in turns.seen][:2] == [1, 2]


@pytest.mark.parametrize("tiers", ["interpret", "compile"])
def test_a_redefined_primitive_sees_what_the_loop_made(tiers: str) -> None:
    text = ("to p\nmake \"k 0\nrepeat 1 + 2 [make \"k :k + 1 make \"r sqrt 16]\noutput :r\nend\n"
            "print p\nmake \"redefp \"true\nto sqrt :x\noutput :k * 10\nend\nprint p")
    assert run_logo(text, tiers=tiers).lines == ["4", "30"]


def test_stop_reaches_a_fast_loop_and_leaves_what_it_made() -> None:
    interp = new_interpreter(tiers="compile")
    timer = threading.Timer(0.2, interp.request_stop)
    timer.start()
    try:
        ran = run_logo("make \"s 0\nrepeat 200000000 [make \"s :s + 1]", interp=interp)
    finally:
        timer.cancel()
    assert not ran.ok and "Stopped" in ran.errors
    assert 0 < interp.vars["s"] < 200000000
    assert interp.repcount == -1


def test_an_error_in_a_fast_loop_names_the_line_and_keeps_the_workspace() -> None:
    text = ("to f :n\nmake \"t 0\nfor [i 1 :n] [\nmake \"t :t + :i\nmake \"u item :i [a b c]\n]"
            "\nend\nf 5")
    results = []
    for tiers in ("interpret", "compile"):
        ran = run_logo(text, tiers=tiers)
        results.append((ran.errors, ran.interp.vars.get("t"), ran.interp.vars.get("u"),
                        "i" in ran.interp.vars))
    assert results[0] == results[1]
    assert results[1][1:] == (10, "c", False)
    assert "item doesn't like 4 as input" in results[1][0] and "in f" in results[1][0]


@pytest.mark.parametrize("text", [
    "to f\nrepeat 1000 [print repcount if repcount = 2 [print :nope]]\nend\nf",
    "make \"s 0\nfor [i 1 1000] [make \"s :s + :i make \"late :late + 1]",
    "to g :n\nfor [i 1 :n] [make \"v :i]\noutput :v + :w\nend\nprint g 3",
    "repeat 2000 [make \"q 1 / (repcount - 2)]",
])
def test_an_error_in_a_fast_loop_reads_as_in_the_trees(text: str) -> None:
    runs = [run_logo(text, tiers=tiers) for tiers in ("interpret", "compile")]
    assert [r.output for r in runs[1:]] == [runs[0].output]
    assert [sorted(r.interp.vars.items()) for r in runs[1:]] == [sorted(runs[0].interp.vars.items())]
    assert not runs[1].ok
