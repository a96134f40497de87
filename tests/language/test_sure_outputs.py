"""A direct body's own recursion left without its "didn't output" test
(logo/language/sure_outputs.py): the error must still be the site's where the procedure
really gives no output, as when it is redefined at a turn while it recurses, and a body
that may end without an output keeps the test."""

from __future__ import annotations

from logo.language import sure_outputs
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.language.test_direct_entries import DEEP, WARM, both


def test_a_surely_outputting_body_calls_itself_without_the_test() -> None:
    interp = Interpreter(BufferHost(), tiers="compile")
    interp.run_source(DEEP + WARM)
    fn = interp.procedures["deep"].direct
    assert fn is not None and fn.__globals__["_SLOW_"] is sure_outputs.slow


def test_redefined_at_a_turn_to_output_nothing_is_the_sites_error() -> None:
    then = ("when [ifelse namep \"n [:n = 3] [\"false]] "
            "[define \"deep [[n] [print \"no]]]\nprint deep 6\nprint deep 6\n")
    out = both(DEEP + WARM, ["deep"], then)
    assert out == "no\ndeep didn't output to +\n  in deep\n", out


def test_a_body_that_may_stop_keeps_its_test() -> None:
    text = ("to half :n\nif :n = 0 [stop]\nif :n = 1 [output 0]\n"
            "output 1 + half :n - 2\nend\nrepeat 3 [ignore half 1]\n")
    out = both(text, ["half"], "print half 5\nprint half 4\n")
    assert out == "2\nhalf didn't output to +\n  in half (line 4)\n  [output 1 + half :n - 2]\n"


def test_a_self_call_whose_output_goes_to_other_procedures() -> None:
    text = ("to ack :m :n\nif :m = 0 [output :n + 1]\nif :n = 0 [output ack :m - 1 1]\n"
            "output ack :m - 1 ack :m :n - 1\nend\n"
            "to digits :n\nif :n < 10 [output :n]\n"
            "output (remainder :n 10) + digits int :n / 10\nend\n"
            "repeat 3 [ignore ack 1 1 ignore digits 12]\n")
    out = both(text, ["ack", "digits"], "print ack 2 3\nprint digits 98765\nprint digits 3.5\n"
               "print digits 12345678901234567890\n")
    assert out.split("\n")[:3] == ["9", "35", "3.5"], out


def test_a_surely_outputting_callee_redefined_at_a_turn_to_output_nothing() -> None:
    text = ("to leaf :x\nif :x < 0 [output 0]\noutput :x * 2\nend\n"  # (not a leaf_calls.py leaf)
            "to walk :n\nif :n = 0 [output []]\noutput fput leaf :n walk :n - 1\nend\nrepeat 3 [ignore leaf 1]\nrepeat 3 [ignore walk 2]\n")
    interp = Interpreter(BufferHost(), tiers="compile")
    interp.run_source(text)
    walk = interp.procedures["walk"].direct
    sure = walk.__globals__[sure_outputs.SURE][1] if walk is not None else {}
    assert len(sure) in (2, 4)  # (leaf, walk; in each copy where :n has a whole one)
    then = ("when [ifelse namep \"n [:n = 2] [\"false]] [define \"leaf [[x] [print :x]]]\n"
            "show walk 4\nshow walk 2\n")
    out = both(text, ["walk", "leaf"], then)
    assert out == "2\nleaf didn't output to fput\n  in walk (line 7)\n" \
        "  [output fput leaf :n walk :n - 1]\n", out


def test_the_same_code_made_for_two_names_of_a_primitive_names_each() -> None:
    then = ("when [ifelse namep \"n [:n = 2] [\"false]] [define \"f [[n] [print :n]]]\n"
            "show f 3\n")
    outs = []
    for name in ("bf", "butfirst", "bf"):
        text = (f"to f :n\nif :n = 0 [output [1 2 3 4]]\noutput {name} f :n - 1\nend\n"
                "repeat 3 [ignore f 1]\n")
        outs.append(both(text, ["f"], then))
    assert outs[0] == outs[2] == "1\nf didn't output to bf\n  in f\n"
    assert outs[1] == outs[0].replace("bf", "butfirst"), outs
