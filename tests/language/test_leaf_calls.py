"""Leaves computed at their call sites (logo/language/leaf_calls.py): what a leaf's
call prints is the same compiled at once (the leaf's expression inline) and in the
interpreting tier alone (every call through runtime.call_proc): an uncaught error in
the leaf names the leaf and its line, the depth limit is that of a call one deeper,
Stop reaches a loop of such calls, TRACE and STEP of the leaf show its calls, a leaf
redefined at a turn while a loop calls it.  The self-checking file
tests/language/calls/leaves.lgo holds the cases UCBLogo printed (dynamic scope, errors,
redefinitions)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from tests.support import in_both_tiers, new_interpreter, run_logo

INNER = "to inner\noutput :x * 2 + :y\nend\n"
MIDDLE = "to middle :x\nlocalmake \"y :x - 1\noutput inner\nend\n"  # (a tail call)
ADDS = "to adds :x :y\noutput 1 + inner\nend\n"  # (direct? no: inner reads its inputs)
WARM = "repeat 3 [ignore middle 1 ignore adds 1 2]\n"


def never_called(*leaves: str) -> Any:
    """A check of the compiled run: after ``text``, the leaves ``leaves`` are watched,
    and no call of theirs may reach their bodies (``then``'s calls are computed at
    their sites)."""
    def watch(interp: Any) -> None:
        for name in leaves:
            proc = interp.procedures[name]
            proc.code = _never(name, proc.code)
    return watch


def _never(name: str, code: Any) -> Any:
    def called(*args: Any) -> Any:
        raise AssertionError(f"{name} was called")
    return called


def test_the_leaf_is_computed_at_its_sites() -> None:
    out = in_both_tiers(INNER + MIDDLE + ADDS + WARM, "print middle 5\nprint adds 5 6\n",
                        compiled=never_called("inner"))
    assert out == "14\n17\n"


INNER2 = "to inner2\noutput :x * 2 + first :y\nend\n"
CALLS2 = ("to tail2 :x :y\noutput inner2\nend\nto adds2 :x :y\noutput 1 + inner2\nend\n"
          "repeat 3 [ignore tail2 1 [2] ignore adds2 1 [2]]\n")


@pytest.mark.parametrize("call", ["tail2 5 []", "adds2 5 []", "tail2 \"a [1]", "adds2 \"a [1]"])
def test_an_uncaught_error_in_a_leaf_names_the_leaf_and_its_line(call: str) -> None:
    out = in_both_tiers(INNER2 + CALLS2 + f"print {call}\n")
    assert out.endswith("doesn't like [] as input\n  in inner2 (line 2)\n"
                        "  [output :x * 2 + first :y]\n") if "[]" in call else \
        out.endswith("* doesn't like a as input\n  in inner2 (line 2)\n"
                     "  [output :x * 2 + first :y]\n"), out


def test_a_leaf_reading_a_variable_with_no_value() -> None:
    text = ("to reads\noutput :z + 1\nend\nto g :x\noutput reads\nend\n"
            "to h :x\noutput 2 * reads\nend\nmake \"z 1\nrepeat 3 [ignore g 1 ignore h 1]\n"
            "ern \"z\nprint g 1\n")
    out = in_both_tiers(text, "print h 1\n")
    assert out == "z has no value\n  in reads (line 2)\n  [output :z + 1]\n" * 2, out


@pytest.mark.parametrize("general", [True, False])
@pytest.mark.parametrize("leaf", ["sq 3", "mid 3", "mid2 3", "mid3 3"])
def test_the_depth_limit_of_a_leaf_call_is_that_of_its_calls(general: bool, leaf: str) -> None:
    local = "localmake \"k 1\n" if general else ""
    down = (f"to down :n\n{local}if :n = 0 [output 1 + {leaf}]\noutput 1 + down :n - 1\nend\n"
            "to sq :v\noutput :v * :v\nend\nto mid :v\nlocalmake \"w :v + 1\noutput sq :w\nend\n"
            "to mid2 :v\noutput 1 + sq :v\nend\nto mid3 :v\noutput sum sq :v 1\nend\n")
    # (mid's call of sq is a tail call; mid2's and mid3's are a level down)
    tries = ("to try :n\ncatch \"error [print down :n]\nlocalmake \"e error\n"
             "if not emptyp :e [show butfirst :e]\nend\n"
             + "".join(f"try {n}\n" for n in range(44, 52)))
    out = in_both_tiers(down + "repeat 3 [ignore down 2]\n" + tries, max_depth=50)
    top = {"sq 3": 10, "mid 3": 17, "mid2 3": 11, "mid3 3": 11}[leaf]
    deeper = {"mid2 3": "[Stack overflow mid2 [output 1 + sq :v]]",
              "mid3 3": "[Stack overflow mid3 [output sum sq :v 1]]"}.get(leaf)
    fits = 3 if deeper else 4  # (down 48, or 47: the leaf's calls are too deep)
    overflow = [f"[Stack overflow down [if :n = 0 [output 1 + {leaf}]]]"]
    if deeper:
        overflow.insert(0, deeper)
    assert out.splitlines() == [str(n + top) for n in range(44, 44 + fits)] + overflow + \
        ["[Stack overflow down [output 1 + down :n - 1]]"] * (8 - fits - len(overflow)), out


def test_a_procedure_calling_itself_is_no_leaf() -> None:
    text = ("to loops :n\noutput 1 + loops :n\nend\nto pa :n\noutput 1 + pb :n\nend\n"
            "to pb :n\noutput pa :n\nend\nto uses :n\noutput (loops :n) + pa :n\nend\n"
            "repeat 2 [catch \"error [print uses 1] show butfirst error]\n"
            "to pairs :n\noutput (pa :n) + 1\nend\n"
            "repeat 2 [catch \"error [print pairs 1] show butfirst error]\n")
    assert in_both_tiers(text, max_depth=40) == \
        "[Stack overflow loops [output 1 + loops :n]]\n" * 2 + \
        "[Stack overflow pa [output 1 + pb :n]]\n" * 2


def test_stop_reaches_a_loop_of_leaf_calls() -> None:
    interp = new_interpreter(tiers="compile")
    run_logo(INNER + "make \"x 1\nmake \"y 2\nto spin :n\nlocalmake \"s 0\n"
             "repeat :n [make \"s :s + inner]\noutput :s\nend\nprint spin 10\n",
             interp=interp, check=True)
    assert interp.procedures["inner"].code is None  # (its calls were computed)
    timer = threading.Timer(0.3, interp.request_stop)
    timer.start()
    ran = run_logo("print spin 100000000", interp=interp)
    timer.cancel()
    assert not ran.ok and "Stopped!" in ran.errors + ran.printed
    assert interp.vars["x"] == 1 and "s" not in interp.vars and not interp.frames


def test_trace_and_step_of_a_leaf_show_its_calls() -> None:
    text = (INNER + MIDDLE + ADDS + WARM + "trace \"inner\nprint middle 2\nprint adds 2 3\n"
            "untrace \"inner\nprint middle 3\nstep \"inner\nprint middle 4\nunstep \"inner\n"
            "print adds 4 5\n")
    out = in_both_tiers(text, lines=["", "", ""])
    assert out.startswith("( inner )\ninner outputs 5\n5\n( inner )\ninner outputs 7\n8\n8\n"), out
    assert "[output :x * 2 + :y]" in out and out.endswith(" 11\n14\n"), out


def test_trace_of_a_leaf_called_by_a_leaf_shows_its_calls() -> None:
    outer = ("to outer :n\nlocalmake \"s 0\nrepeat :n [make \"s :s + middle repcount]\n"
             "output :s\nend\n")
    text = INNER + MIDDLE + outer + "repeat 3 [ignore outer 2]\n"
    then = "trace \"inner\nprint outer 2\nuntrace \"inner\nprint outer 3\n"
    out = in_both_tiers(text, then)
    assert out == "( inner )\ninner outputs 2\n( inner )\ninner outputs 5\n7\n15\n", out


def test_a_leaf_redefined_at_a_turn_while_a_loop_calls_it() -> None:
    text = (INNER + "to spin :n\nlocalmake \"s 0\nlocalmake \"x 1\nlocalmake \"y 0\n"
            "repeat :n [make \"s :s + inner]\noutput :s\nend\nrepeat 3 [ignore spin 2]\n")
    then = ("when [ifelse namep \"s [:s = 8] [\"false]] [define \"inner [[] [output 100]]]\n"
            "print spin 6\nprint spin 2\n")
    assert in_both_tiers(text, then) == "208\n200\n"


def test_a_leaf_of_inputs_with_numbers_words_and_big_integers() -> None:
    text = ("to sq :n\noutput :n * :n\nend\nto cube :n\noutput :n * sq :n\nend\n"
            "repeat 3 [ignore cube 2]\n")
    then = ("print cube 3\nprint cube \"4\nprint cube 0.5\nprint cube 123456789012\n"
            "print cube -3\n")
    out = in_both_tiers(text, then, compiled=never_called("sq"))
    assert out == "27\n64\n0.125\n1.88167637233785e+33\n-27\n", out
    out = in_both_tiers(text + "catch \"error [print cube \"x] show butfirst error\n")
    assert out.endswith("[* doesn't like x as input sq [output :n * :n]]\n"), out


def test_a_turn_due_before_a_leaf_call_is_taken_by_the_call() -> None:
    text = ("to leaf\noutput 7\nend\nto tail.f :k\nmake \"flag :k\noutput leaf\nend\n"
            "to adds.f :k\nmake \"flag :k\noutput 1 + leaf\nend\nmake \"flag 0\n"
            "repeat 3 [ignore tail.f 0 ignore adds.f 0]\n")
    then = ("when [:flag = 1] [make \"flag 2 define \"leaf [[] [output 100]]]\n"
            "print tail.f 1\ndefine \"leaf [[] [output 7]]\nprint adds.f 1\n")
    assert in_both_tiers(text, then) == "100\n101\n"
