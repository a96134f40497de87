"""PAUSE/CONTINUE, ERRACT, STEP and TRACE (logo/session/debugger.py), headless: the
nested level's lines and STEP's waits come from a BufferHost's input lines."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from logo.session.debugger import Traced
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter

F = "to f :x\npause\nprint :x\nend\n"


def run(text: str, lines: Sequence[str] = ()) -> tuple[BufferHost, bool]:
    host = BufferHost(list(lines))
    interp = Interpreter(host)
    ok = interp.run_source(text)
    return host, ok


def test_pause_sees_and_changes_the_procedures_inputs():
    host, ok = run(F + "f 5\nprint \"after\n", ["print :x", 'make "x 7', "continue"])
    assert ok
    assert host.output == "Pausing...\nf? 5\nf? f? 7\nafter\n"


def test_pause_used_as_an_operation_outputs_continues_input():
    host, ok = run("to g\noutput (pause) * 2\nend\nprint g\n", ["co 21"])
    assert ok and host.output == "Pausing...\ng? 42\n"


def test_continue_alone_on_its_line_takes_no_input():
    host, ok = run("to g\nprint pause\nend\ng\n", ["continue"])
    assert not ok and "pause didn't output to print" in host.output


def test_a_pause_at_top_level_has_the_plain_prompt_and_errors_keep_it_open():
    host, ok = run('pause\nprint "end\n', ["foo", "print 3", "co"])
    assert ok
    assert host.output == ("Pausing...\n? I don't know how  to foo\n? 3\n? end\n")


def test_continue_outside_a_pause_is_the_missing_catch_tag():
    host, ok = run("continue\n")
    assert not ok and host.errors == ["Can't find catch tag for pause\n"]


def test_throw_toplevel_leaves_every_level_silently():
    host, ok = run(F + "f 5\nprint \"never\n", ['throw "toplevel'])
    assert not ok and host.errors == [] and "never" not in host.output


def test_the_end_of_the_input_ends_logo_as_bye():
    host = BufferHost([])
    interp = Interpreter(host)
    try:
        interp.load_source(F + "f 1\n")
    except SystemExit as exc:
        assert exc.code == 0
    else:
        raise AssertionError("no SystemExit")


def test_erract_pause_stops_where_the_error_is_with_its_variables():
    text = ('to g :n\nlocal "k\nmake "k 3\nprint 10 / :n\nprint "no\nend\n'
            'make "erract [pause]\ng 0\n')
    host, ok = run(text, ["print :n + :k", "continue"])
    assert not ok  # the error goes on (silently: the pause showed it)
    assert host.errors == ["/ doesn't like 0 as input\n  in g (line 4)\n  [print 10 / :n]\n"]
    assert host.output.endswith("Pausing...\ng? 3\ng? ")


def test_erract_for_a_missing_value_and_a_value_continue_gives():
    text = 'to h\nprint :nope\nend\nmake "erract [pause]\nh\n'
    host, ok = run(text, ["continue 5"])
    assert ok and host.output.endswith("Pausing...\nh? 5\n")  # the value stands for it
    host, ok = run(text.replace("print :nope", "print item 5 [1 2]"), ["continue 5"])
    assert not ok  # an error UCBLogo cannot recover from: the value is not wanted
    assert host.errors[-1] == "You don't say what to do with 5\n"


def test_no_erract_inside_catch_error():
    text = ('to g\nprint 1 / 0\nend\nmake "erract [pause]\n'
            'catch "error [g]\nprint item 2 error\n')
    host, ok = run(text)
    assert ok and host.output == "/ doesn't like 0 as input\n"


def test_step_shows_each_line_and_waits_for_a_line_of_input():
    text = "to f :x\nprint :x\nrepeat 2 [print :x + 1]\nend\nstep \"f\nf 2\n"
    host, ok = run(text, ["", ""])
    assert ok
    assert host.output == "[print :x] >>> 2\n[repeat 2 [print :x + 1]] >>> 3\n3\n"
    assert host.input_lines == []


def test_trace_prints_calls_and_ends_with_depth():
    text = ("to h :n\nif :n = 0 [stop]\nh :n - 1\nend\nto f :x\noutput :x + 1\nend\n"
            "trace [h f]\nh 1\nprint f 2\nuntrace \"h\nh 3\n")
    host, ok = run(text)
    assert ok
    assert host.output == ("( h 1 )\n ( h 0 )\n h stops\nh stops\n"
                           "( f 2 )\nf outputs 3\n3\n")


def test_a_traced_procedure_keeps_its_error_lines_and_tail_calls():
    text = ("to down :n\nif :n = 0 [output \"done]\noutput down :n - 1\nend\n"
            "to bad\nprint 1\nprint 1 / 0\nend\ntrace [down bad]\nprint down 2\nbad\n")
    host, ok = run(text)
    assert not ok
    assert host.output.count("down outputs \"done") == 3
    assert host.errors == ["/ doesn't like 0 as input\n  in bad (line 7)\n  [print 1 / 0]\n"]


def test_only_traced_procedures_get_the_wrapper():
    interp = Interpreter(BufferHost())
    interp.run_source("to a\nend\nto b\nend\ntrace \"a\na\nb\n")
    assert isinstance(interp.procedures["a"].code, Traced)
    assert not isinstance(interp.procedures["b"].code, Traced)
    interp.run_source("untrace \"a\na\n")
    assert not isinstance(interp.procedures["a"].code, Traced)


class SlowHost(BufferHost):
    """A host whose reader waits (as a terminal does) until the program is stopped."""

    def __init__(self) -> None:
        super().__init__()
        self.reading = threading.Event()

    def read_instruction(self, prompt, idle):
        self.reading.set()
        while True:
            idle()
            time.sleep(0.01)


def test_stop_ends_a_pause_and_a_step_wait():
    for text in (F + "f 1\n", "to g\nprint 1\nend\nstep \"g\ng\n"):
        host = SlowHost()
        interp = Interpreter(host)
        result: list[bool] = []
        worker = threading.Thread(target=lambda i=interp, r=result, t=text: r.append(
            i.run_source(t)))
        worker.start()
        assert host.reading.wait(30)  # the pause (or the step) waits for a line
        interp.request_stop()
        worker.join(30)
        assert result == [False] and host.errors[0].startswith("Stopped!\n")


def test_a_traced_primitive_prints_its_calls_as_ucblogo():
    """(UCBLogo prints these on the screen: seen there, not capturable as a golden.)"""
    text = ("to f :x\nprint sum :x 1\nend\ntrace [print sum f]\nprint 5\nf 7\n"
            "untrace [print sum]\nprint 1\n")
    host, ok = run(text)
    assert ok
    assert host.output == ("( print 5 )\n5\nprint stops\n( f 7 )\n ( sum 7 1 )\n"
                           " sum outputs 8\n ( print 8 )\n8\n print stops\nf stops\n1\n")


def test_tracing_a_primitive_leaves_other_interpreters_alone():
    first, second = Interpreter(BufferHost()), Interpreter(BufferHost())
    first.run_source('trace "print\n')
    second.run_source("print 2\n")
    assert isinstance(second.host, BufferHost) and second.host.output == "2\n"
