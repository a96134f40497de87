"""The entries of procedures that are not direct (logo/language/general_entry.py): a call
site calls the callee's compiled function, which binds its inputs in the table and makes
the call's checks itself.  Each case runs compiled at once and in the interpreting tier
alone (every call through runtime.call_proc), and both must print the same: the depth
limit and the error it names, Stop reaching the recursion, a procedure redefined at a
turn while it recurses, tail calls that do not grow the stack, dynamic scope, TRACE."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from logo.language import call_sites, direct_entry
from tests.support import in_both_tiers, new_interpreter, run_logo

# deep and fib are not direct: LOCALMAKE binds a name in the table
DEEP = "to deep :n\nlocalmake \"m :n - 1\nif :n = 0 [output 0]\noutput 1 + deep :m\nend\n"
WARM = "repeat 3 [ignore deep 1]\n"
FIB = ("to fib :n\nlocalmake \"m :n - 1\nif :n < 2 [output :n]\n"
       "output (fib :m) + (fib :m - 1)\nend\n")


def both(text: str, entries: Sequence[str] = (), then: str = "", **options: Any) -> str:
    """What ``text`` and then ``then`` print (errors included), compiled and interpreted,
    the same; the procedures ``entries`` were general entries after ``text``."""
    def were_entries(interp: Any) -> None:
        for name in entries:
            proc = interp.procedures[name]
            assert proc.direct is None and direct_entry.is_general_entry(proc.code), name
    return in_both_tiers(text, then, compiled=were_entries, **options)


def test_the_depth_limit_in_a_general_recursion_is_the_error_of_the_call() -> None:
    deep = ("to deep :n\nlocalmake \"m :n + 1\nif :n < 0 [output 0]\noutput 1 + deep :m\nend\n"
            "to from.top :n\noutput deep :n\nend\n")
    text = (deep + "repeat 3 [ignore from.top -1]\nmake \"n \"top\nmake \"m \"mm\n"
            "catch \"error [print from.top 1] show butfirst error\nshow list :n :m\n"
            "print from.top 1\n")
    out = both(text, entries=["deep"], max_depth=300)
    assert out.startswith("[Stack overflow deep [output 1 + deep :m]]\n[top mm]\n"), out
    assert out.endswith("in deep (line 4)\n  [output 1 + deep :m]\n"), out


def test_the_depth_limit_counts_a_general_recursion_level_by_level() -> None:
    text = DEEP + WARM + "print deep 280\ncatch \"error [print deep 320] show first error\n"
    assert both(text, entries=["deep"], max_depth=300) == "280\n2\n"


def test_stop_reaches_a_general_recursion() -> None:
    interp = new_interpreter(tiers="compile")
    run_logo("make \"n \"top\n" + FIB + "print fib 12\n", interp=interp, check=True)
    fib = interp.procedures["fib"].code
    assert direct_entry.is_general_entry(fib) and fib in fib.__globals__.values()  # (its own entry)
    timer = threading.Timer(0.3, interp.request_stop)
    timer.start()
    ran = run_logo("print fib 40", interp=interp)
    timer.cancel()
    assert not ran.ok and "Stopped!" in ran.errors + ran.printed
    assert "fib" in ran.errors
    assert interp.vars["n"] == "top" and "m" not in interp.vars and not interp.frames


def test_a_general_procedure_redefined_at_a_turn_while_it_recurses() -> None:
    then = ("when [ifelse namep \"n [:n = 3] [\"false]] "
            "[define \"deep [[n] [output 100]]]\nprint deep 6\nprint deep 6\n")
    assert both(DEEP + WARM, ["deep"], then) == "104\n100\n"


def test_tail_calls_between_general_procedures_do_not_grow_the_stack() -> None:
    text = ("to ping :n\nlocal \"k\nif :n = 0 [output \"ping]\noutput pong :n - 1\nend\n"
            "to pong :n\nlocal \"k\nif :n = 0 [output \"pong]\noutput ping :n - 1\nend\n"
            "to say :n\nlocal \"k\nif :n = 0 [stop]\nsay :n - 1\nend\n"
            "repeat 3 [ignore ping 3 say 3]\nprint ping 5001\nsay 5000\nprint \"said\n"
            "catch \"error [print (ping 3 4)] show first error\n")
    out = both(text, entries=["ping", "pong", "say"], max_depth=200)
    assert out.startswith("pong\nsaid\n"), out


def test_dynamic_scope_errors_and_the_restore_through_an_entry() -> None:
    text = ("to inner\noutput :x * 2 + :y\nend\n"
            "to middle :x\nlocalmake \"y :x - 1\noutput inner\nend\n"
            "to outer :n\nlocalmake \"s 0\nrepeat :n [make \"s :s + middle repcount]\n"
            "output :s\nend\nmake \"x \"top\nprint outer 100\nshow :x\nprint namep \"y\n"
            "catch \"error [print middle \"ab] show butfirst error\nshow :x\nprint namep \"y\n"
            "print middle \"ab\n")
    out = both(text, entries=["middle", "outer"])
    assert out.startswith("15050\ntop\nfalse\n[- doesn't like ab as input middle "
                          "[localmake \"y :x - 1]]\ntop\nfalse\n"), out
    assert out.endswith("in middle (line 5)\n  [localmake \"y :x - 1]\n"), out


def test_an_error_in_the_first_tail_link_names_the_callee() -> None:
    text = ("to inner\noutput :x * 2 + item 3 :y\nend\n"
            "to middle :x\nlocalmake \"y :x - 1\noutput inner\nend\n"
            "repeat 3 [ignore middle 101]\nprint middle 5\nprint namep \"y\n")
    out = both(text, entries=["middle"])
    assert "item doesn't like 3 as input" in out and "in inner (line 2)" in out, out


def test_trace_and_erract_see_a_general_call() -> None:
    text = ("to middle :x\nlocalmake \"y :x - 1\noutput :y * :x\nend\n"
            "repeat 3 [ignore middle 2]\ntrace \"middle\nprint middle 3\nuntrace \"middle\n"
            "make \"erract [output 7]\nprint middle \"a\n")
    out = both(text, entries=["middle"])
    assert "( middle 3 )" in out and "middle outputs 6" in out, out


def test_the_sites_of_general_callees_call_their_entries() -> None:
    interp = new_interpreter(tiers="compile")
    run_logo("to inner\nignore 0\noutput :x + :y\nend\n"  # (IGNORE: no leaf_calls.py leaf)
             "to middle :x\nlocalmake \"y 1\noutput inner\nend\n"
             "to outer :n\nlocal \"s\nmake \"s 0\nrepeat :n [make \"s :s + middle 1]\n"
             "output :s\nend\nprint outer 3\nprint outer 3\n", interp=interp, check=True)
    middle, outer = (interp.procedures[name].code for name in ("middle", "outer"))
    assert direct_entry.is_general_entry(middle) and middle in outer.__globals__.values()
    assert call_sites.caller(1) not in outer.__globals__.values()


def test_a_direct_body_compiled_first_calls_a_general_callees_entry() -> None:
    interp = new_interpreter(tiers="compile")
    ran = run_logo("to low :x\nlocalmake \"y 1\nif :x < 0 [output 0]\noutput :x + :y\nend\n"
                   "to sq :n\n"
                   "if :n < 0 [output 0]\noutput 1 + low :n\nend\nprint sq 3\n",
                   interp=interp, check=True)
    sq = interp.procedures["sq"].direct
    assert sq is not None and interp.procedures["low"].code in sq.__globals__.values()
    assert ran.lines == ["5"]
    ran = run_logo("define \"low [[x] [if :x < 0 [output 0] output :x]]\nprint sq 3\n",
                   interp=interp, check=True)
    assert ran.lines[-1] == "4"  # (the site's entry, made for the old low, calls the new)
