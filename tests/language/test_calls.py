"""Procedure calls through the compiled tier's callers (logo/language/call_sites.py)
and the trampoline: the self-checking files of tests/language/calls (what UCBLogo 6.2.2
printed for them) under each tier, TRACE through a compiled call site, Stop reaching a
recursion that has no loop, and the callers being the ones compiled code calls."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from logo.language import call_sites, runtime
from tests.support import checks_itself, new_interpreter, run_logo

FILES = sorted((Path(__file__).parent / "calls").glob("*.lgo"))


@pytest.mark.parametrize("tiers", ["auto", "interpret", "compile"])
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_call_files_print_what_ucblogo_printed(path: Path, tiers: str) -> None:
    checks_itself(path, tiers)


def test_compiled_call_sites_call_the_caller_for_their_number_of_inputs() -> None:
    interp = new_interpreter(tiers="compile")
    run_logo("to one :a\nif :a = 0 [output 0]\noutput :a\nend\n"  # (no leaf: leaf_calls.py)
             "to two :a :b\noutput 0 + one :a + :b\nend\n"
             "to many :a :b :c :d :e :f :g\noutput (list one :a two :b :c)\nend\n"
             "print many 1 2 3 4 5 6 7", interp=interp, check=True)
    two = interp.procedures["two"].code.__globals__.values()
    one = interp.procedures["one"]  # direct, compiled first: its site calls its entry
    assert one.direct is not None and one.direct in two and call_sites.caller(1) not in two
    assert call_sites.caller(7) is runtime.call_proc
    run_logo("print (list one 1 two 2 3)", interp=interp, check=True)
    assert interp.host.output.splitlines() == ["1 5", "1 5"]


def test_trace_shows_the_inputs_of_a_call_compiled_before_it() -> None:
    interp = new_interpreter(tiers="compile")
    ran = run_logo("to sq :n\noutput :n * :n\nend\nto sum.sq :a :b\n"
                   "output (sq :a) + (sq :b)\nend\nprint sum.sq 1 2\ntrace \"sq\n"
                   "print sum.sq 3 4\nuntrace \"sq\nprint sum.sq 5 6", interp=interp)
    assert ran.lines == ["5", "( sq 3 )", "sq outputs 9", "( sq 4 )", "sq outputs 16",
                         "25", "61"], ran.errors


def test_a_redefined_procedure_called_with_its_old_inputs_is_an_error() -> None:
    ran = run_logo("to h :a\noutput :a\nend\nto use.h\nrepeat 3 [print h 1 "
                   "define \"h [[a b] [output :a]]]\nend\nuse.h", tiers="compile")
    assert ran.lines[:1] == ["1"]
    assert "not enough inputs to h" in ran.errors


@pytest.mark.parametrize("tiers", ["auto", "compile"])
def test_stop_reaches_a_recursion_without_loops_and_inputs_are_restored(tiers: str) -> None:
    interp = new_interpreter(tiers=tiers)
    threading.Timer(0.3, interp.request_stop).start()
    ran = run_logo("make \"n \"top\nto fib :n\nif :n < 2 [output :n]\n"
                   "output (fib :n - 1) + (fib :n - 2)\nend\nprint fib 60", interp=interp)
    assert not ran.ok and "Stopped!" in ran.errors + ran.printed
    assert interp.vars["n"] == "top" and not interp.frames


def test_deep_non_tail_recursion_is_a_logo_error_and_leaves_no_frames() -> None:
    interp = new_interpreter(tiers="compile", max_depth=500)
    ran = run_logo("make \"n 0\nto deep :n\noutput 1 + deep :n + 1\nend\nprint deep 1",
                   interp=interp)
    assert not ran.ok and "stack" in ran.errors.lower()
    assert interp.vars["n"] == 0 and not interp.frames
