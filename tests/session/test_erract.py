"""CONTINUE's value after an ERRACT pause replaces the bad input (session/recovery.py):
UCBLogo's recoverable "doesn't like" errors go on with the value, others do not."""

from __future__ import annotations

from collections.abc import Sequence

from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter

SHOWN = "sum doesn't like x as input\n  in h (line 2)\n  [print sum 1 \"x]\n"
H = 'to h\nprint sum 1 "x\nprint "after\nend\nmake "erract [pause]\nh\nprint "done\n'


def run(text: str, lines: Sequence[str] = ()) -> tuple[BufferHost, bool, Interpreter]:
    host = BufferHost(list(lines))
    interp = Interpreter(host)
    ok = interp.run_source(text)
    return host, ok, interp


def test_continue_with_a_value_makes_it_the_input_and_the_program_goes_on():
    host, ok, _ = run(H, ["continue 5"])
    assert ok and host.output == SHOWN + "Pausing...\nh? 6\nafter\ndone\n"
    assert host.errors == [SHOWN]


def test_a_value_still_not_liked_pauses_again():
    host, ok, _ = run(H, ['continue "y', "co 2"])
    again = SHOWN.replace("like x", "like y")
    assert ok and host.output == (SHOWN + "Pausing...\nh? " + again + "Pausing...\nh? 3\n"
                                  "after\ndone\n")


def test_plain_continue_lets_the_error_go_on():
    host, ok, _ = run(H, ["continue"])
    assert not ok and host.output == SHOWN + "Pausing...\nh? "
    assert len(host.errors) == 1  # shown once, by the pause


def test_each_bad_input_in_turn_and_the_procedures_variables_are_seen():
    text = ('to g :a\noutput sum :a "b\nend\nmake "erract [pause]\n'
            'print g "a\n')
    host, ok, _ = run(text, ["print :a", "co 1", "co 2"])
    assert ok and host.output.endswith("Pausing...\ng? a\ng? " + host.errors[1]
                                       + "Pausing...\ng? 3\n")
    assert "sum doesn't like b as input" in host.errors[1]


def test_infix_at_top_level_and_inside_run_and_templates():
    text = ('make "erract [pause]\nprint 1 + "x\nrun [print first "||]\n'
            'print map [? * "q] [1 2]\n')
    host, ok, _ = run(text, ["co 2", 'co "abc', "co 10", "co 100"])
    assert ok and host.errors == ["+ doesn't like x as input\n",
                                  "first doesn't like || as input\n",
                                  "* doesn't like q as input\n", "* doesn't like q as input\n"]
    said = [c for c in host.chunks if c not in host.errors]
    assert "".join(said) == "Pausing...\n? 3\nPausing...\n? a\nPausing...\n? Pausing...\n? 10 200\n"


def test_an_unrecoverable_error_says_the_value_is_not_wanted():
    text = 'make "erract [pause]\nprint item 5 [1 2]\nprint "no\n'
    host, ok, _ = run(text, ["co 1"])
    assert not ok and host.errors[-1] == "You don't say what to do with 1\n"
    assert "no" not in host.output


def test_erract_giving_a_value_itself_and_its_loop():
    host, ok, _ = run('to h\nprint sum 1 "x\nend\nmake "erract [5]\nh\nprint "done\n')
    assert ok and host.output == "6\ndone\n"
    host, ok, _ = run('make "erract [5]\nprint sum "a "b\nprint "no\n')
    assert not ok and host.errors == ["Erract loop\n"] and host.output == "Erract loop\n"


def test_code_is_plain_without_erract_and_recovering_with_it():
    _, _, I = run('to h\nprint sum 1 2\nend\nh\n')
    plain = I.workspace.procedures["h"].code
    assert getattr(I, "recover", None) is None
    I.run_source('make "erract [pause]\nh\n')
    recovering = I.workspace.procedures["h"].code
    assert recovering is not plain and I.recover is not None
    I.run_source('make "erract []\nh\n')
    assert I.recover is None and I.workspace.procedures["h"].code is not recovering


def test_catch_error_still_catches_with_erract_set():
    text = ('make "erract [pause]\ncatch "error [print sum 1 "x]\n'
            'print item 2 error\n')
    host, ok, _ = run(text)
    assert ok and host.output == "sum doesn't like x as input\n"


def test_erract_set_by_the_running_procedure_or_line_recovers_there_too():
    text = 'to main\nmake "erract [pause]\nprint sum 1 "x\nprint "after\nend\nmain\n'
    host, ok, _ = run(text, ["co 5"])
    assert ok and host.output.endswith("Pausing...\nmain? 6\nafter\n")
    host, ok, _ = run('make "erract [pause] print sum 1 "x print "same\n', ["co 1"])
    assert ok and host.output.endswith("Pausing...\n? 2\nsame\n")


def test_catch_error_after_a_recovery_is_no_erract_loop():
    text = ('make "erract [5]\nprint sum 1 "x\ncatch "error [print sum 1 "y]\n'
            'print item 2 error\n')
    host, ok, _ = run(text)
    assert ok and host.output == "6\nsum doesn't like y as input\n"


def test_a_condition_and_a_repeat_count_take_the_value_too():
    text = ('to t :c\nif :c [print "yes]\nrepeat :c [print repcount]\nend\n'
            'make "erract [pause]\nt "maybe\n')
    host, ok, _ = run(text, ['co "true', "co 2"])
    assert ok and [e.split("\n")[0] for e in host.errors] == [
        "if doesn't like maybe as input", "repeat doesn't like maybe as input"]
    assert host.output.endswith("t? yes\n" + host.errors[1] + "Pausing...\nt? 1\n2\n")


def test_a_line_typed_at_top_level_is_no_erract_loop_but_the_lines_of_a_file_are():
    host = BufferHost([])
    I = Interpreter(host)
    assert I.run_source('make "erract [5]\nprint sum 1 "x\n')
    assert I.run_source('print sum 2 "y\n')  # the REPL's next line
    assert host.output == "6\n7\n"
    host = BufferHost([])
    I = Interpreter(host)
    assert not I.run_source('make "erract [5]\nprint sum 1 "x\nprint sum 1 "y\n', "f.lgo")
    assert host.output == "6\nErract loop\n" and host.errors == ["Erract loop\n"]


def test_a_missing_value_is_erracts_value():
    """UCBLogo: "nope has no value" is recoverable, CONTINUE's value stands for it (a
    variable read, THING, in an expression); a plain CONTINUE lets the error go on."""
    text = ('make "erract [pause]\nto h\nprint :nope\nprint thing "nada\n'
            'print 1 + :zilch\nprint "after\nend\nh\n')
    host, ok, _ = run(text, ["continue 5", "continue 6", "co 7"])
    assert ok and host.output.count("Pausing...") == 3
    assert [line for line in host.output.split("\n") if line.startswith("h? ")] == [
        "h? 5", "h? 6", "h? 8"]
    assert host.output.endswith("after\n")
    assert host.errors[0] == "nope has no value\n  in h (line 3)\n  [print :nope]\n"
    host, ok, _ = run(text, ["continue"])
    assert not ok and len(host.errors) == 1


def test_a_missing_value_without_erract_is_the_plain_error():
    host, ok, _ = run("to h\nprint :nope\nend\nh\n")
    assert not ok and host.errors == ["nope has no value\n  in h (line 2)\n  [print :nope]\n"]
