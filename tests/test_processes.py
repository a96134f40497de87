"""Processes headless: launch, when, cancel, stopall take turns at the boundaries."""

from __future__ import annotations

from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter


def run(text: str) -> tuple[Interpreter, BufferHost]:
    host = BufferHost()
    interp = Interpreter(host=host)
    interp.run_source(text)
    return interp, host


def test_a_launched_forever_process_takes_a_turn_at_every_boundary():
    interp, host = run('make "n 0\nlaunch [forever [make "n :n + 1]]\n'
                       'repeat 20 [make "x 1]\nprint :n')
    assert host.output == "20\n"


def test_a_launched_list_runs_once():
    interp, host = run('launch [print "once]\nrepeat 5 [make "x 1]\nprint "done')
    assert host.output == "once\ndone\n"


def test_when_runs_each_time_its_condition_becomes_true():
    interp, host = run('make "n 0\nwhen [:n > 2] [print :n]\n'
                       'repeat 6 [make "n :n + 1]\nmake "n 0\nrepeat 4 [make "n :n + 1]')
    assert host.output == "3\n3\n"


def test_cancel_ends_the_process_of_that_list():
    interp, host = run('make "n 0\nlaunch [forever [make "n :n + 1]]\nrepeat 3 [make "x 1]\n'
                       'cancel [forever [make "n :n + 1]]\nrepeat 3 [make "x 1]\nprint :n\n'
                       'print processes')
    assert host.output == "3\n\n"


def test_stopall_ends_processes_and_the_program():
    interp, host = run('launch [forever [make "x 1]]\nstopall\nprint "not-reached')
    assert "Stopped!" in host.output and "not-reached" not in host.output
    assert interp.scheduler.processes == []


def test_an_error_ends_only_its_process_and_is_reported():
    interp, host = run('make "n 0\nlaunch [forever [make "n :n + 1]]\nlaunch [fd "x]\n'
                       'repeat 4 [make "x 1]\nprint :n')
    assert "fd doesn't like x as input" in host.output
    assert host.output.endswith("4\n")


def test_a_process_keeps_its_own_turtles_and_repcount():
    interp, host = run('launch [forever [make "r repcount]]\n'
                       'repeat 3 [make "mine repcount]\nprint :mine print :r')
    assert host.output == "3\n3\n"


def test_load_runs_the_lessons_startup(tmp_path):
    lesson = tmp_path / "l.lgo"
    lesson.write_text("to startup\nprint [hello from startup]\nend\n", encoding="utf-8")
    interp, host = run(f'load "{lesson}\nload "{lesson}')
    assert host.output == "hello from startup\nhello from startup\n"
