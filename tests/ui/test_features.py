"""The window's other parts: procedures pane, dialogs, undo, lesson files, speed,
text boxes, moving widgets, processes, Russian."""

from __future__ import annotations

import time

import pygame

from logo.ui.app import App
from tests.ui.ui_driver import (
    SIZE,
    click,
    drag,
    errors,
    frames_for,
    idle,
    output,
    press,
    run_until,
    type_line,
    type_text,
    widget_centre,
    world,
)


def test_the_procedures_pane_shows_edits_and_defines(app):
    type_line(app, "to sq repeat 4 [fd 10 rt 90] end")
    idle(app)
    press(pygame.K_F2)
    app.step()
    assert app.flipped and "to sq" in app.pane.text()
    press(pygame.K_END, pygame.KMOD_CTRL)
    press(pygame.K_RETURN)
    type_text("to tri repeat 3 [fd 10 rt 120] end")
    app.step()
    press(pygame.K_F2)  # back to the page: defined
    app.step()
    run_until(app, lambda: "tri" in app.session.interp.procedures)
    assert not app.flipped


def test_an_error_in_the_pane_keeps_the_text_and_shows_the_message(app):
    press(pygame.K_F2)
    app.step()
    type_text("to broken")
    press(pygame.K_RETURN)
    type_text("fd 10")
    app.step()
    click(app, app.toolbar.rects["flip"].center)
    run_until(app, lambda: app.flipped and app.pane.error)
    assert app.pane.text() == "to broken\n  fd 10\n"  # indented inside TO; a final newline
    assert "needs an END" in app.pane.message
    assert "broken" not in app.session.interp.procedures
    press(pygame.K_RETURN)
    type_text("end")
    press(pygame.K_RETURN, pygame.KMOD_CTRL)  # Ctrl+Enter defines, the pane stays
    app.step()
    run_until(app, lambda: not app.pane.error)
    assert app.flipped and "broken" in app.session.interp.procedures


def test_announce_and_question_are_dialogs(app):
    type_line(app, "announce [hello there] question [your name?] print answer")
    run_until(app, lambda: app.dialog is not None)
    assert app.dialog.kind == "announce" and app.dialog.message == "hello there"
    press(pygame.K_RETURN)
    run_until(app, lambda: app.dialog is not None and app.dialog.kind == "question")
    type_text("Ann")
    press(pygame.K_RETURN)
    idle(app)
    assert output(app) == ["Ann"]


def test_stop_closes_a_waiting_dialog_and_ends_the_program(app):
    type_line(app, "announce [wait] print [after]")
    run_until(app, lambda: app.dialog is not None)
    click(app, app.toolbar.rects["stop"].center)  # Stop is the one button a dialog allows
    idle(app)
    assert app.dialog is None
    assert output(app) == ["Stopped!"]


def test_bye_closes_the_window(app):
    type_line(app, "bye")
    run_until(app, lambda: not app.running)


def test_a_once_button_shows_it_runs_and_ignores_clicks_meanwhile(app):
    type_line(app, 'make "n 0 newbutton "slow [20 20] [make "n :n + 1 wait 20]')
    idle(app)
    button = app.session.widgets.get("slow")
    click(app, widget_centre(app, "slow"))
    run_until(app, lambda: button.running)
    click(app, widget_centre(app, "slow"))
    idle(app)
    assert not button.running
    assert app.session.interp.vars["n"] == 1


def test_undo_takes_back_the_last_commands_drawing(app):
    type_line(app, "fd 50")
    idle(app)
    first = world(app).page.pixels.copy()
    type_line(app, "rt 90 fd 80 lt 90 fd 30")
    idle(app)
    assert (world(app).page.pixels != first).any()
    for _ in range(4):  # one level of Undo for each instruction of the line
        press(pygame.K_z, pygame.KMOD_CTRL)
        idle(app)
    assert (world(app).page.pixels == first).all()
    assert app.notice == "Undone"


def lesson_text() -> str:
    return ('to startup\nsetlevel 7\nend\nto go\nfd level\nend\n'
            'newslider "level [10 10] 0 20 3\n(newbutton "go [10 70] [go] "forever)\n'
            'newtext "notes [200 10] [150 60]\nsettext "notes [a note]\n')


def test_a_lesson_saved_from_the_toolbar_loads_to_the_same_page(app, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lesson.lgo").write_text(lesson_text(), encoding="utf-8")
    app.actions.open_lesson("lesson.lgo")
    idle(app)
    assert app.session.widgets.get("level").value == 7  # STARTUP ran
    drag(app, widget_centre(app, "go"), (300, 300), button=3)  # move a button
    moved = app.session.widgets.get("go").rect()
    saved_source = app.session.interp.workspace_source()
    press(pygame.K_s, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)  # Save As
    app.step()
    assert app.dialog is not None and app.dialog.kind == "file"
    app.dialog.edit.set("copy.lgo")
    press(pygame.K_RETURN)
    idle(app)
    assert (tmp_path / "copy.lgo").exists()
    app.actions.open_lesson("copy.lgo")
    idle(app)
    assert app.session.widgets.get("go").rect() == moved
    assert app.session.interp.workspace_source() == saved_source
    assert app.session.widgets.get("notes").text == "a note"


def test_png_and_svg_exports(app, tmp_path):
    type_line(app, "repeat 4 [fd 40 rt 90]")
    idle(app)
    app.session.export(str(tmp_path / "p.png"), "png")
    app.session.export(str(tmp_path / "p.svg"), "svg")
    idle(app)
    assert (tmp_path / "p.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<svg" in (tmp_path / "p.svg").read_text()


def test_the_speed_slider_slows_the_turtles(app):
    bar = app.toolbar.speed_rect
    type_line(app, "repeat 4 [fd 10 rt 90]")
    idle(app)
    click(app, (bar.x + bar.w // 2, bar.centery))  # speed 50: 1/16 s a change
    assert app.toolbar.speed == 50
    start = time.monotonic()
    type_line(app, "repeat 4 [fd 10 rt 90]")
    idle(app)
    assert time.monotonic() - start > 0.3  # 8 changes, 1/16 s each: at least half a second
    click(app, (bar.right, bar.centery))
    assert app.toolbar.speed == 100 and app.session.host.delay == 0  # full speed: no pause
    # (judged in CPU time: the pauses of a slow speed are sleeps, which cost none, and a
    # loaded machine's waits for a core are not counted)
    cpu = time.process_time()
    type_line(app, "repeat 4 [fd 10 rt 90]")
    idle(app, timeout=30)
    assert time.process_time() - cpu < 0.3


def test_print_goes_into_the_selected_text_box_and_ct_clears_it(app):
    type_line(app, 'newtext "notes [300 20] [200 100]')
    type_line(app, "notes, print [hello box] print notes")
    idle(app)
    box = app.session.widgets.get("notes")
    assert box.text.startswith("hello box\n") and output(app) == []
    type_line(app, "ct")
    idle(app)
    assert box.text == ""
    click(app, widget_centre(app, "notes"))  # typing into the box
    type_text("typed")
    app.step()
    assert box.text == "typed"
    press(pygame.K_ESCAPE)
    app.step()
    assert app.widget_views.focused is None


def test_widgets_move_and_resize_with_the_mouse(app):
    type_line(app, 'newslider "size [20 20] 0 10 5')
    idle(app)
    s = app.session.widgets.get("size")
    x, y, w, h = s.rect()
    drag(app, widget_centre(app, "size"), (widget_centre(app, "size")[0] + 100,
                                           widget_centre(app, "size")[1] + 50), button=3)
    assert s.rect()[:2] == (x + 100, y + 50) and s.value == 5
    r = app.widget_views.screen_rect(s)
    drag(app, (r.right - 2, r.bottom - 2), (r.right + 48, r.bottom + 8))
    assert s.rect()[2:] == (w + 50, h + 10)


def test_processes_run_beside_the_command_center(app):
    type_line(app, "launch [forever [rt 1]]")
    run_until(app, lambda: world(app).first().heading > 30, timeout=30)
    type_line(app, "print 6 * 7")
    run_until(app, lambda: "42" in output(app), timeout=30)  # (a forever: it never ends)
    heading = world(app).first().heading
    run_until(app, lambda: world(app).first().heading != heading, timeout=30)
    assert app.session.scheduler.processes  # the process ran on beside the command
    type_line(app, 'when [xcor > 50] [print "far]')
    type_line(app, "pu setxy 100 0")
    run_until(app, lambda: "far" in output(app))
    type_line(app, "stopall")
    idle(app)
    assert app.session.scheduler.processes == []
    assert errors(app) == []  # STOPALL says nothing


def test_new_clears_everything(app):
    type_line(app, "to sq fd 10 end")
    type_line(app, 'newslider "s [10 10] 0 10 5 fd 40')
    idle(app)
    assert app.session.interp.procedures and app.session.widgets.items
    click(app, app.toolbar.rects["new"].center)
    app.step()
    assert app.dialog is not None and app.dialog.kind == "confirm"  # unsaved: asked
    press(pygame.K_d)  # Don't save
    idle(app)
    assert app.session.interp.procedures == {} and app.session.widgets.items == {}
    assert world(app).pos() == (0.0, 0.0)


def test_the_window_speaks_russian():
    app = App(size=SIZE, lang="ru")
    try:
        assert app.toolbar.label("stop") == "Стоп"
        type_line(app, "вперед [")
        type_line(app, "]")
        type_line(app, "вперёд 10 print nosuch")
        idle(app)
        assert errors(app) and errors(app)[-1].startswith("Не знаю, как nosuch")
        frames_for(app, 0.05)
    finally:
        app.close()


def test_a_line_typed_while_a_program_runs_runs_beside_it(app):
    type_line(app, "forever [fd 1 rt 1]")
    run_until(app, lambda: world(app).changes > 100)
    type_line(app, "setpc 15")
    run_until(app, lambda: world(app).first().color == 15)
    assert app.session.busy  # the forever goes on, now drawing red
    press(pygame.K_ESCAPE)
    idle(app)


def test_a_definition_typed_in_the_command_center_is_answered(app):
    """As UCBLogo answers a typed TO: "square defined"."""
    type_line(app, "to square repeat 4 [fd 10 rt 90] end")
    idle(app)
    assert any("square defined" in line for line in output(app))
