"""The entries of direct procedures (logo/language/direct_entry.py): a call site of a
direct callee calls the callee's compiled function, which makes the call's checks
itself.  Each case runs compiled at once and in the interpreting tier alone (every call
through runtime.call_proc), and both must print the same: the depth limit and the error
it names, Stop reaching the recursion, a procedure redefined at a turn while it recurses,
tail calls that do not grow the stack (tests/language/calls/entries.lgo has the cases
UCBLogo printed)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from logo.language import call_sites
from tests.support import in_both_tiers, new_interpreter, run_logo

WARM = "repeat 3 [ignore deep 1]\n"  # (deep is compiled, direct, after this)
DEEP = "to deep :n\nif :n = 0 [output 0]\noutput 1 + deep :n - 1\nend\n"


def both(text: str, direct: Sequence[str] = (), then: str = "", **options: Any) -> str:
    """What ``text`` and then ``then`` print (errors included), compiled and interpreted,
    the same; the procedures ``direct`` were direct after ``text``."""
    def were_direct(interp: Any) -> None:
        for name in direct:
            assert interp.procedures[name].direct is not None, name
    return in_both_tiers(text, then, compiled=were_direct, **options)


def test_the_depth_limit_in_a_direct_recursion_is_the_error_of_the_call() -> None:
    deep = ("to deep :n\nif :n < 0 [output 0]\noutput 1 + deep :n + 1\nend\n"
            "to from.top :n\noutput deep :n\nend\n"
            "to warm :n\nif :n = 0 [output 0]\noutput warm :n - 1\nend\n")
    text = (deep + "repeat 3 [ignore warm 3]\nmake \"n \"top\n"
            "catch \"error [print from.top 1] show butfirst error\nshow :n\nprint from.top 1\n")
    out = both(text, direct=["warm", "deep"], max_depth=300)
    assert out.startswith("[Stack overflow deep [output 1 + deep :n + 1]]\ntop\n"), out
    assert out.endswith("in deep (line 3)\n  [output 1 + deep :n + 1]\n"), out


def test_the_depth_limit_counts_a_direct_recursion_level_by_level() -> None:
    text = DEEP + WARM + "print deep 280\ncatch \"error [print deep 320] show first error\n"
    assert both(text, direct=["deep"], max_depth=300) == "280\n2\n"


def test_stop_reaches_a_direct_recursion_without_loops() -> None:
    interp = new_interpreter(tiers="compile")
    text = ("make \"n \"top\nto fib :n\nif :n < 2 [output :n]\n"
            "output (fib :n - 1) + (fib :n - 2)\nend\nprint fib 12\n")
    run_logo(text, interp=interp, check=True)
    fib = interp.procedures["fib"].direct
    assert fib is not None and fib in fib.__globals__.values()  # (its calls: its entry)
    timer = threading.Timer(0.3, interp.request_stop)
    timer.start()
    ran = run_logo("print fib 60", interp=interp)
    timer.cancel()
    assert not ran.ok and "Stopped!" in ran.errors + ran.printed
    assert "fib" in ran.errors
    assert interp.vars["n"] == "top" and not interp.frames


def test_a_direct_procedure_redefined_at_a_turn_while_it_recurses() -> None:
    then = ("when [ifelse namep \"n [:n = 3] [\"false]] "
            "[define \"deep [[n] [output 100]]]\nprint deep 6\nprint deep 6\n")
    assert both(DEEP + WARM, ["deep"], then) == "104\n100\n"


def test_a_callee_redefined_at_a_turn_is_called_as_it_is_now() -> None:
    text = ("to leaf :x\nif :x < 0 [output 0]\noutput :x\nend\n"  # (no leaf_calls.py leaf)
            "to walk :n\nif :n = 0 [output []]\n"
            "output fput leaf :n walk :n - 1\nend\nrepeat 3 [ignore walk 2]\n")
    then = ("when [ifelse namep \"n [:n = 2] [\"false]] [define \"leaf [[x] [output :x * 10]]]\n"
            "show walk 4\nshow walk 2\n")
    assert both(text, ["walk", "leaf"], then) == "[4 3 20 10]\n[20 10]\n"


def test_tail_calls_between_direct_procedures_do_not_grow_the_stack() -> None:
    text = ("to ping :n\nif :n = 0 [output \"ping]\noutput pong :n - 1\nend\n"
            "to pong :n\nif :n = 0 [output \"pong]\noutput ping :n - 1\nend\n"
            "to say :n\nif :n = 0 [stop]\nsay :n - 1\nend\n"
            "repeat 3 [ignore ping 3 say 3]\nprint ping 5001\nsay 5000\nprint \"said\n"
            "catch \"error [print (ping 3 4)] show first error\n")
    out = both(text, direct=["say"], max_depth=200)
    assert out.startswith("pong\nsaid\n"), out


def test_an_error_two_direct_calls_down_names_the_procedure_and_line() -> None:
    text = ("to top.of :x\noutput 1 + mid :x\nend\nto mid :x\noutput 2 * low :x\nend\n"
            "to low :x\nif :x = 0 [output 0]\noutput :x + first :x\nend\n"
            "repeat 3 [ignore top.of 0]\nprint top.of \"ab\n")
    out = both(text, direct=["top.of", "mid", "low"])
    assert "+ doesn't like ab as input" in out and "in low" in out
    assert "[output :x + first :x]" in out


def test_the_sites_of_direct_callees_call_their_entries() -> None:
    interp = new_interpreter(tiers="compile")
    run_logo("to low :x\nif :x < 0 [output 0]\noutput :x + 1\nend\n"  # (no leaf_calls.py leaf)
             "to mid :x\noutput low low :x\nend\n"
             "to fib :n\nif :n < 2 [output 0 + mid :n]\noutput (fib :n - 1) + (fib :n - 2)\nend\n"
             "print fib 5", interp=interp, check=True)
    low, mid, fib = (interp.procedures[name].direct for name in ("low", "mid", "fib"))
    assert low in mid.__globals__.values()  # (low was made before mid's sites)
    assert fib in fib.__globals__.values() and mid in fib.__globals__.values()  # (after)


def test_a_direct_procedure_of_many_inputs_and_a_loop_calling_a_direct_one() -> None:
    text = ("to seven :a :b :c :d :e :f :g\nif :a = 0 [output (list :b :c :d :e :f :g)]\n"
            "output fput :a (seven :a - 1 :b :c :d :e :f :g)\nend\n"
            "to sq :n\nif :n < 0 [output 0]\noutput :n * :n\nend\n"
            "repeat 3 [show (seven 2 1 2 3 4 5 6)]\nmake \"s 0\n"
            "for [i 1 100] [make \"s :s + sq :i]\nshow :s\n"
            "catch \"error [for [i 1 100] [make \"s :s + sq ifelse :i = 90 [\"x] [:i]]]\n"
            "show butfirst error\n")
    out = both(text, ["seven", "sq"])
    assert out.startswith("[2 1 1 2 3 4 5 6]\n") and "\n338350\n" in out, out
    assert out.endswith("[< doesn't like x as input sq [if :n < 0 [output 0]]]\n"), out


def test_a_site_in_a_loop_compiled_before_its_callee_calls_the_callees_entry() -> None:
    interp = new_interpreter(tiers="compile")
    ran = run_logo("to sq :n\nif :n < 0 [output 0]\noutput :n * :n\nend\n"  # (no leaves)
                   "to plain :x\nlocal \"y\noutput (list :x)\nend\n"
                   "to loop.sq :n\nlocalmake \"s 0\nrepeat :n [make \"s :s + sq repcount]\n"
                   "repeat 2 [ignore plain 1]\noutput :s\nend\nprint loop.sq 10\n"
                   "define \"sq [[n] [if :n < 0 [output 0] output :n]]\nprint loop.sq 10\n", interp=interp, check=True)
    assert ran.lines == ["385", "55"]
    loop = interp.procedures["loop.sq"]
    sites = loop.code.__globals__.values()
    assert interp.procedures["sq"].direct in sites  # (bound once sq was made direct)
    assert interp.procedures["plain"].code in sites  # (not direct, LOCAL: its own entry
    assert call_sites.caller(1) not in sites         # all the same: general_entry.py)
