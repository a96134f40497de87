"""The window under faults: a failing forever button, demon, process or STARTUP, a close
while a program runs, a save killed midway.  Each time the window keeps handling events,
shows a Logo error (never a traceback or "internal error") and loses nothing."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pygame
import pytest

from logo.session.safefile import FAULT_POINTS, SUFFIX
from tests.support import ROOT
from tests.ui.ui_driver import (
    SIZE,
    click,
    errors,
    idle,
    output,
    run_until,
    type_line,
    widget_centre,
    world,
)


def _no_python_errors(app) -> None:
    for line in errors(app):
        assert "Traceback" not in line and "internal error" not in line.lower(), line


def _still_answers(app) -> None:
    """The window runs the next typed command."""
    type_line(app, "print 6 * 7")
    idle(app)
    assert output(app)[-1] == "42"


def _setup_workspace(app) -> str:
    type_line(app, "to sq :n repeat 4 [fd :n rt 90] end")
    type_line(app, 'make "size 40')
    type_line(app, 'newslider "level [10 10] 0 20 3')
    idle(app)
    return app.session.interp.workspace_source()


def test_a_forever_button_whose_every_pass_fails(app):
    kept = _setup_workspace(app)
    type_line(app, '(newbutton "bad [200 20] [fd 1 nosuchproc] "forever)')
    type_line(app, "sq 60")
    idle(app)
    kept = app.session.interp.workspace_source()
    drawn = world(app).page.pixels.copy()
    button = app.session.widgets.get("bad")
    click(app, widget_centre(app, "bad"))
    run_until(app, lambda: any("nosuchproc" in line for line in errors(app)))
    idle(app)
    assert not button.running  # the error ended it, once
    assert sum("nosuchproc" in line for line in errors(app)) == 1
    assert errors(app)[-1].startswith("I don't know how") and "to nosuchproc" in errors(app)[-1]
    _no_python_errors(app)
    _still_answers(app)
    assert app.session.interp.workspace_source() == kept
    assert app.session.widgets.get("level").value == 3
    ink = (drawn == 0).all(axis=2)
    assert ink.sum() > 100 and (world(app).page.pixels[ink] == 0).all()  # the square stays


def test_a_when_demon_that_fails(app):
    kept = _setup_workspace(app)
    type_line(app, "when [xcor > 5] [print 1 / 0]")
    type_line(app, "setx 10")
    run_until(app, lambda: any("doesn't like 0" in line for line in errors(app)))
    idle(app)
    assert not app.session.scheduler.processes
    _no_python_errors(app)
    _still_answers(app)
    assert app.session.interp.workspace_source() == kept


def test_a_when_demon_whose_condition_fails(app):
    type_line(app, "when [nosuchthing] [print 1]")
    run_until(app, lambda: any("nosuchthing" in line for line in errors(app)))
    idle(app)
    assert not app.session.scheduler.processes
    _no_python_errors(app)
    _still_answers(app)


def test_a_when_condition_that_is_not_true_or_false(app):
    type_line(app, "when [3] [print 1]")
    type_line(app, "when [print 5] [print 2]")
    run_until(app, lambda: len(errors(app)) >= 2)
    idle(app)
    assert "when doesn't like 3 as input" in errors(app)
    assert "when doesn't like [print 5] as input" in errors(app)
    assert not app.session.scheduler.processes
    _still_answers(app)


def test_a_stack_overflow_in_a_button_and_a_process(app):
    type_line(app, "to deep :n output 1 + deep :n end")
    type_line(app, '(newbutton "b [200 20] [print deep 1] "forever)')
    idle(app)
    click(app, widget_centre(app, "b"))
    type_line(app, "launch [forever [print deep 1]]")
    run_until(app, lambda: sum("Stack overflow" in x for x in errors(app)) >= 2)
    idle(app)
    assert not app.session.scheduler.processes
    assert not app.session.widgets.get("b").running
    _no_python_errors(app)
    _still_answers(app)


def test_a_process_that_fails_every_turn(app):
    kept = _setup_workspace(app)
    type_line(app, 'launch [forever [fd 1 print thing "nowhere]]')
    run_until(app, lambda: any("nowhere" in line for line in errors(app)))
    idle(app)
    assert sum("nowhere" in line for line in errors(app)) == 1
    assert not app.session.scheduler.processes
    _no_python_errors(app)
    _still_answers(app)
    assert app.session.interp.workspace_source() == kept


def test_a_typed_forever_that_fails_reports_once(app):
    type_line(app, "forever [fd 1 print first []]")
    run_until(app, lambda: bool(errors(app)))
    idle(app)
    assert len(errors(app)) == 1 and "first" in errors(app)[0]
    _no_python_errors(app)
    _still_answers(app)


LESSON = ('to startup\nsetlevel 7\nnosuchproc\nend\nto go\nfd level\nend\n'
          'newslider "level [10 10] 0 20 3\n(newbutton "go [10 70] [go] "forever)\n')


def test_a_lesson_whose_startup_fails_opens_whole(app, tmp_path):
    path = tmp_path / "lesson.lgo"
    path.write_text(LESSON, encoding="utf-8")
    app.actions.open_lesson(str(path))
    idle(app)
    assert any("nosuchproc" in line for line in errors(app))
    _no_python_errors(app)
    s = app.session
    assert {"startup", "go"} <= set(s.interp.procedures)
    assert s.widgets.get("level") is not None and s.widgets.get("go") is not None
    assert s.widgets.get("level").value == 7  # STARTUP ran up to its error
    _still_answers(app)
    click(app, widget_centre(app, "go"))  # the page works
    run_until(app, lambda: world(app).first().y > 20)
    click(app, widget_centre(app, "go"))
    idle(app)


def test_a_lesson_whose_startup_throws_or_overflows(app, tmp_path):
    for body, message in (('throw "toplevel', "Can't find catch tag for toplevel"),
                          ('throw "error', "Throw \"Error"),
                          ("print deep 1", "Stack overflow")):
        path = tmp_path / "lesson.lgo"
        path.write_text(f"to startup\n{body}\nend\nto deep :n\noutput 1 + deep :n\n"
                        'end\nnewslider "level [10 10] 0 20 3\n', encoding="utf-8")
        app.actions.open_lesson(str(path))
        idle(app)
        assert any(message in line for line in errors(app)), (body, errors(app))
        _no_python_errors(app)
        assert {"startup", "deep"} <= set(app.session.interp.procedures)
        assert app.session.widgets.get("level") is not None
        _still_answers(app)


def test_load_of_a_lesson_whose_startup_fails(app, tmp_path):
    path = tmp_path / "lesson.lgo"
    path.write_text(LESSON, encoding="utf-8")
    type_line(app, f'load "{path}')
    idle(app)
    assert any("nosuchproc" in line for line in errors(app))
    _no_python_errors(app)
    assert "go" in app.session.interp.procedures
    _still_answers(app)


def _close_while(app, command: str) -> None:
    _setup_workspace(app)
    type_line(app, command)
    run_until(app, lambda: world(app).changes > 50)
    recovery = Path(os.environ["LOGO_RECOVERY_FILE"])
    text = recovery.read_text(encoding="utf-8")
    assert "to sq :n" in text and 'make "size 40' in text and "level" in text
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    start = time.monotonic()
    app.step()
    assert not app.running  # QUIT is a signal's (SIGTERM): ends at once
    thread = app.session._thread
    app.close()
    # at once: not waiting for the program, which would never end (the bound is generous
    # for a loaded machine; the window waits half a second for Logo to stop)
    assert time.monotonic() - start < 5.0
    thread.join(timeout=30)
    assert not thread.is_alive()  # stopped, not left running


def test_closing_the_window_while_forever_runs(app):
    _close_while(app, "forever [fd 1 rt 1]")


def test_closing_the_window_while_a_long_repeat_runs(app):
    _close_while(app, "repeat 10000000 [fd 1 rt 1]")


def test_closing_while_logo_is_stuck_keeps_the_recovery_file(app):
    """A long primitive cannot be stopped: the window still closes at once, and the
    workspace of the last command is offered at the next start."""
    import threading

    kept = _setup_workspace(app)
    stuck, release = threading.Event(), threading.Event()

    def long_primitive() -> None:
        stuck.set()
        release.wait(30)

    app.session.submit(long_primitive)
    run_until(app, stuck.is_set)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    start = time.monotonic()
    app.step()
    app.close()
    assert time.monotonic() - start < 5.0  # at once: not waiting for the 30 s primitive
    release.set()
    recovery = Path(os.environ["LOGO_RECOVERY_FILE"])
    assert "to sq :n" in recovery.read_text(encoding="utf-8")
    from logo.ui.app import App

    again = App(size=SIZE, lang="en")
    try:
        assert again.dialog is not None and again.dialog.kind == "announce"
        again.dialog.finish("")
        again.dialog = None
        run_until(again, lambda: "sq" in again.session.interp.procedures)
        idle(again)
        assert again.session.interp.workspace_source() == kept
        assert again.session.widgets.get("level").value == 3
    finally:
        again.close()


def test_a_new_session_while_the_old_is_stuck_keeps_its_own_recovery(app):
    import threading

    _setup_workspace(app)
    started, release = threading.Event(), threading.Event()
    old = app.session

    def long_command() -> None:  # as Session.run_command's job, stuck for a while
        try:
            old.interp.load_source('make "late 1', "")
            started.set()
            release.wait(30)
        finally:
            old.autosave()

    old.submit(long_command)
    run_until(app, started.is_set)
    app.actions.new_session()
    type_line(app, "to fresh output 1 end")
    idle(app)
    release.set()
    old._thread.join(5)
    recovery = Path(os.environ["LOGO_RECOVERY_FILE"])
    text = recovery.read_text(encoding="utf-8")
    assert "to fresh" in text and "late" not in text and "to sq" not in text


SAVE_IN_CHILD = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, {tests!r})
    import pygame
    from tests.ui.ui_driver import SIZE, click, idle, press, type_line
    from logo.ui.app import App
    app = App(size=SIZE, lang="en")
    app.actions.open_lesson({path!r})
    idle(app)
    type_line(app, 'make "size "' + "x" * 50000)  # a save long enough to cut in two
    idle(app)
    os.environ["LOGO_SAVE_FAULT"] = {point!r}  # only this save dies, not the autosaves
    click(app, app.toolbar.rects["save"].center)  # the window's Save: the lesson's own file
    assert app.dialog is None
    idle(app, timeout=30)
    print("survived")
""")


@pytest.mark.parametrize("point", FAULT_POINTS)
def test_a_save_killed_midway_leaves_the_lesson_whole(app, tmp_path, point):
    folder = tmp_path / "lessons"
    folder.mkdir()
    lesson = folder / "lesson.lgo"
    lesson.write_text(LESSON, encoding="utf-8")
    env = dict(os.environ, LOGO_RECOVERY_FILE=str(tmp_path / "child" / "recovery.lgo"),
               PYTHONPATH=str(ROOT))
    env.pop("LOGO_SAVE_FAULT", None)
    code = SAVE_IN_CHILD.format(tests=str(ROOT), path=str(lesson), point=point)
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == -9, done.stdout + done.stderr  # killed during the save
    assert "survived" not in done.stdout
    text = lesson.read_text(encoding="utf-8")
    if point == "replaced":  # the new file is in place, whole
        assert "x" * 50000 in text and "to startup" in text
    else:
        assert text == LESSON
    temps = [p for p in folder.iterdir() if p.name.endswith(SUFFIX)]
    assert len(temps) == (0 if point == "replaced" else 1)
    # the next save, from this window's Save, leaves no temporary file behind
    app.actions.open_lesson(str(lesson))
    idle(app)
    kept = app.session.interp.workspace_source()
    click(app, app.toolbar.rects["save"].center)  # the learner's own file: no question
    assert app.dialog is None
    idle(app)
    assert [p.name for p in folder.iterdir()] == ["lesson.lgo"]
    app.actions.open_lesson(str(lesson))
    idle(app)
    assert app.session.interp.workspace_source() == kept


def test_save_open_and_export_to_bad_places_are_logo_errors(app, tmp_path):
    kept = _setup_workspace(app)
    folder = tmp_path / "folder"
    folder.mkdir()
    for bad in (str(folder), str(tmp_path / "missing" / "x.lgo")):
        app.session.save(bad)
        app.session.load(bad)
        app.session.export(bad, "png")
        app.session.export(bad, "svg")
        idle(app)
        assert errors(app)[-4:] == [f"I can't open file {bad}"] * 4
    _no_python_errors(app)
    assert list(folder.iterdir()) == [] and list(tmp_path.glob("*" + SUFFIX)) == []
    _still_answers(app)
    assert app.session.interp.workspace_source() == kept


CRASH_IN_CHILD = textwrap.dedent("""
    import os, signal, sys
    sys.path.insert(0, {tests!r})
    from tests.ui.ui_driver import SIZE, idle, run_until, type_line, world
    from logo.ui.app import App
    app = App(size=SIZE, lang="en")
    type_line(app, "to sq :n repeat 4 [fd :n rt 90] end")
    type_line(app, 'make "size 40')
    type_line(app, 'newslider "level [10 10] 0 20 3')
    type_line(app, '(newbutton "spin [200 20] [fd 1 rt 1] "forever)')
    idle(app)
    print(app.session.interp.workspace_source(), end="")
    sys.stdout.flush()
    type_line(app, "forever [fd 1 rt 1]")
    run_until(app, lambda: world(app).changes > 50)
    os.kill(os.getpid(), signal.SIGKILL)  # a crash while a program runs
""")


def test_after_a_crash_while_a_program_runs_the_workspace_comes_back():
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    code = CRASH_IN_CHILD.format(tests=str(ROOT))
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == -9, done.stderr
    from logo.ui.app import App

    app = App(size=SIZE, lang="en")
    try:
        assert app.dialog is not None and app.dialog.kind == "announce"
        app.dialog.finish("")
        app.dialog = None
        run_until(app, lambda: app.session.widgets.get("spin") is not None)
        idle(app)
        assert app.session.interp.workspace_source() == done.stdout
        _still_answers(app)
    finally:
        app.close()
