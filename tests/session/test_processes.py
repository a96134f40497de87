"""Processes headless: launch, when, cancel, stopall take turns at the boundaries."""

from __future__ import annotations

from tests.support import run_logo


def test_a_launched_forever_process_takes_a_turn_at_every_boundary():
    ran = run_logo('make "n 0\nlaunch [forever [make "n :n + 1]]\n'
                       'repeat 20 [make "x 1]\nprint :n')
    assert ran.output == "20\n"


def test_a_launched_list_runs_once():
    ran = run_logo('launch [print "once]\nrepeat 5 [make "x 1]\nprint "done')
    assert ran.output == "once\ndone\n"


def test_when_runs_each_time_its_condition_becomes_true():
    ran = run_logo('make "n 0\nwhen [:n > 2] [print :n]\n'
                       'repeat 6 [make "n :n + 1]\nmake "n 0\nrepeat 4 [make "n :n + 1]')
    assert ran.output == "3\n3\n"


def test_cancel_ends_the_process_of_that_list():
    ran = run_logo('make "n 0\nlaunch [forever [make "n :n + 1]]\nrepeat 3 [make "x 1]\n'
                       'cancel [forever [make "n :n + 1]]\nrepeat 3 [make "x 1]\nprint :n\n'
                       'print processes')
    assert ran.output == "3\n\n"


def test_stopall_ends_processes_and_the_program():
    ran = run_logo('launch [forever [make "x 1]]\nstopall\nprint "not-reached')
    assert "Stopped!" in ran.output and "not-reached" not in ran.output
    assert ran.interp.scheduler.processes == []


def test_an_error_ends_only_its_process_and_is_reported():
    ran = run_logo('make "n 0\nlaunch [forever [make "n :n + 1]]\nlaunch [fd "x]\n'
                       'repeat 4 [make "x 1]\nprint :n')
    assert "fd doesn't like x as input" in ran.output
    assert ran.output.endswith("4\n")


def test_a_process_keeps_its_own_turtles_and_repcount():
    ran = run_logo('launch [forever [make "r repcount]]\n'
                       'repeat 3 [make "mine repcount]\nprint :mine print :r')
    assert ran.output == "3\n3\n"


def test_load_runs_the_lessons_startup(tmp_path):
    lesson = tmp_path / "l.lgo"
    lesson.write_text("to startup\nprint [hello from startup]\nend\n", encoding="utf-8")
    ran = run_logo(f'load "{lesson}\nload "{lesson}')
    assert ran.output == "hello from startup\nhello from startup\n"
