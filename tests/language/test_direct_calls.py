"""Direct procedures (logo/language/input_scope.py, lifting.py): a procedure whose inputs
no callee can see keeps them in Python locals, and nothing a program can see changes.

Each case runs compiled at once (its procedures direct where the analysis allows) and in
the interpreting tier alone (procedures never compiled: every call binds its inputs in
the table), and both must print the same.  What reads the table while a direct call
runs is the point: an ERRACT pause that shows and changes the inputs, a process's turn
that reads, sets or erases them or redefines a callee to read them, TRACE and STEP."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from logo.language import direct_bodies
from tests.support import TIERS, checks_itself, in_both_tiers, new_interpreter, run_logo

LEAF = "to leaf :x\nignore 0\noutput :x\nend\n"  # (called: IGNORE makes it no leaf_calls.py leaf)
WARM = "repeat 3 [ignore g 1]\n"  # (g's calls after this are direct calls)


def both(text: str, lines: Sequence[str] = (), direct: Sequence[str] = ()) -> str:
    """What ``text`` prints (errors included) compiled and interpreted, the same; the
    procedures ``direct`` were direct when compiled."""
    def were_direct(interp: Any) -> None:
        for name in direct:
            assert interp.procedures[name].direct is not None, name
    return in_both_tiers(text, lines=lines, compiled=were_direct)


def test_an_erract_pause_in_a_direct_procedure_shows_and_changes_its_inputs() -> None:
    text = ("to arm :on\nif :on = 1 [make \"erract [pause]]\nend\nto probe :n :m :on\narm :on\n"
            "output (list sum ifelse :on = 1 [\"a] [1] 1 :n :m)\nend\n"
            "repeat 3 [show probe 1 2 0]\nshow probe 5 \"six 1\nmake \"erract []\n")
    out = both(text, ["show :n", "show :m", "make \"n 42", "continue 1"], ["probe"])
    assert out.endswith("probe? 5\nprobe? six\nprobe? probe? [2 42 six]\n")


def test_a_process_turn_reads_sets_and_erases_a_direct_procedures_inputs() -> None:
    g = LEAF + "to g :n\noutput list leaf 0 :n\nend\n"
    g += WARM
    assert both(g + "when [namep \"n] [make \"seen :n]\nshow g 5\nshow :seen\n",
                direct=["g"]) == "[0 5]\n5\n"
    assert both(g + "when [namep \"n] [make \"n :n * 10]\nshow g 5\n") == "[0 50]\n"
    out = both(g + "when [namep \"n] [ern \"n]\nshow g 5\n")
    assert "n has no value" in out and "in g" in out


def test_a_callee_redefined_at_a_turn_reads_the_running_callers_input() -> None:
    text = (LEAF + "to reads\noutput \"old\nend\nto g :n\noutput (list leaf 0 reads :n)\n"
            "end\n" + WARM + "when [namep \"n] [define \"reads [[] [output :n]]]\nshow g 5\n"
            "show g 6\n")
    assert both(text, direct=["g"]) == "[0 5 5]\n[0 6 6]\n"


def test_a_turn_inside_a_self_tail_loop_sees_the_inputs_of_this_time_round() -> None:
    text = (LEAF + "to down :n\nif :n = 0 [output \"done]\noutput down leaf :n - 1\nend\n"
            "repeat 3 [ignore down 1]\nmake \"seen []\n"
            "when [ifelse namep \"n [:n = 2] [\"false]] [make \"seen :n make \"n 0]\n"
            "show down 5\nshow :seen\n")
    assert both(text, direct=["down"]) == "done\n2\n"


def test_trace_and_step_of_direct_procedures_and_their_callers() -> None:
    text = (LEAF + "to g :n\noutput leaf :n + 1\nend\nrepeat 2 [print g 1]\n"
            "trace \"g\nprint g 2\nuntrace \"g\ntrace \"leaf\nprint g 3\nuntrace \"leaf\n"
            "step \"g\nprint g 4\nunstep \"g\nprint g 5\n")
    out = both(text, ["", "", ""])
    assert "( g 2 )\ng outputs 3\n3\n" in out and "( leaf 4 )\nleaf outputs 4\n4\n" in out


@pytest.mark.parametrize("body, direct", [
    ("to f :n\noutput g :n\nend\nto g :m\noutput :m\nend", True),
    ("to f :n\noutput g 1\nend\nto g :m\noutput :n\nend", False),  # the callee reads :n
    ("to f :n\noutput g 1\nend\nto g :n\noutput :n\nend", True),  # ...its own :n
    ("to f :n\noutput g 1\nend\nto g :m\nmake \"n 1\noutput 2\nend", False),
    ("to f :n\noutput g 1\nend\nto g :m\noutput h :m\nend\nto h :k\noutput :n\nend", False),
    ("to f :n\noutput g 1\nend\nto g :m\noutput thing \"x\nend", False),  # THING
    ("to f :n\noutput g 1\nend\nto g :m\nrun [print 1]\noutput 1\nend", False),
    ("to f :n\noutput g :n\nend\nto g :m\nif :m > 0 [output f :m - 1]\noutput :n\nend",
     False),  # through a cycle
    ("to f :n\nmake \"n 2\noutput :n\nend", False),  # its own body sets its input
    ("to f :n\nlocal \"x\noutput :n\nend", False),
    ("to f :n\nrepeat 2 [print :n]\noutput :n\nend", False),  # a loop of its own
    ("to f :n\noutput nosuch :n\nend", False),  # a name not defined now
    ("to f :n\nif g [output 1]\noutput :n\nend\nto g\noutput [print 1]\nend", True),
    ("to f :n\nif and g 1 = 1 [output 1]\noutput :n\nend\nto g\noutput [print 1]\nend",
     False),  # AND runs a list input itself
    ("to f :n\nif :n [output 1]\noutput 2\nend", True),  # (a list runs with :n bound)
    ("to f :n\nif not :n [output 1]\noutput 2\nend", False),
    ("to f :n\nif g [output 1]\noutput :n\nend\nto g\noutput \"true\nend", True),
    ("to f :erract\noutput 1\nend", False),  # a name the interpreter reads
    ("to f :n :n\noutput :n\nend", False),
    ("to f :n\ncatch \"x [output g :n]\noutput 1\nend\nto g :m\noutput :m\nend", True),
    ("to f :n\nif :n = 0 [(throw \"done :n)]\noutput f :n - 1\nend", True),
    ("to f :n\ncatch \"error [output :n]\noutput 1\nend", False),  # errors caught
    ("to f :n\ncatch \"true [output :n]\noutput 1\nend", False),
    ("to f :n\ncatch word \"a :n [output 1]\noutput 1\nend", True),  # (ERROR: lifted)
    ("to f :n\ncatch \"x [run [print :n]]\noutput 1\nend", False),
    ("to f :n\nthrow \"error\nend", False),
    ("to f :n\nthrow \"toplevel\nend", False),
    ("to f :n\nthrow :n\nend", False),
])
def test_which_procedures_are_direct(body: str, direct: bool) -> None:
    interp = new_interpreter()
    run_logo(body, interp=interp, check=True)
    assert (direct_bodies.direct_inputs(interp, interp.procedures["f"]) is not None) is direct


# the self-checking files of direct procedures, and the procedures direct in them:
# CATCH and THROW of typed and computed tags; IF, IFELSE and TEST of an input or of a
# procedure's output (a list condition, run with the inputs bound)
SELF_CHECKS = {
    "direct_catch.lgo": ("dive", "nest", "valued", "passes", "inside", "broken", "counted"),
    "direct_conditions.lgo": ("pick", "sets", "outer", "tf", "tt", "viaproc", "walk", "q", "r"),
}


@pytest.mark.parametrize("tiers", TIERS)
@pytest.mark.parametrize("name", sorted(SELF_CHECKS))
def test_direct_procedures_print_what_ucblogo_printed(name: str, tiers: str) -> None:
    checks_itself(Path(__file__).parent / name, tiers)


@pytest.mark.parametrize("name", sorted(SELF_CHECKS))
def test_the_procedures_of_the_self_checks_are_direct(name: str) -> None:
    text = (Path(__file__).parent / name).read_text(encoding="utf-8")
    interp = new_interpreter(tiers="compile")
    run_logo(text, interp=interp, check=True)
    for proc in SELF_CHECKS[name]:
        assert interp.procedures[proc].direct is not None, proc


def test_stop_and_output_in_a_list_condition_end_the_direct_procedure() -> None:
    """As in a plain call: the procedure stops or outputs (UCBLogo 6.2.2 crashes on
    these, so the interpreting tier is the reference: dialect.md)."""
    text = ("to pick :c :a :b\nif :c [output :a]\noutput :b\nend\n"
            "to wrp :c\nlocalmake \"v pick :c 1 2\noutput list \"wrapped :v\nend\n"
            "repeat 3 [show pick \"true 1 2]\nshow wrp [output 7]\nshow wrp \"true\n"
            "to stp :c\nif :c [print \"yes]\nprint \"after\nend\n"
            "repeat 2 [stp \"false]\nstp [stop]\nprint \"end\n"
            "to dd :n :c\nif :n = 0 [output 0]\nif :c [output 5]\noutput 1 + dd :n - 1 :c\n"
            "end\nrepeat 3 [show dd 3 \"false]\nshow dd 3 [:n = 2]\n"
            "show dd 3 [if :n = 1 [stop] \"false]\n")
    out = both(text, direct=["pick", "stp", "dd"])
    assert out.startswith("1\n1\n1\n[wrapped 7]\n[wrapped 1]\nafter\nafter\nend\n3\n3\n3\n6\n")
    assert "dd didn't output to +\n  in dd (line " in out
