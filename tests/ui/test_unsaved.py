"""Nothing is ever lost: New, Open, a gallery lesson, Quit and the close button ask
Save / Don't save / Cancel about unsaved changes (Enter, D, Esc); shipped lessons are
never written; Save goes to the learner's folder (synthetic events, SDL's dummy driver)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from logo.session.lessons import shipped_lessons
from logo.ui.app import App
from logo.ui.confirm import SaveChanges
from logo.ui.file_dialog import FileDialog
from logo.ui.recent import remember
from tests.ui.ui_driver import (
    SIZE,
    click,
    drag,
    errors,
    idle,
    output,
    press,
    run_until,
    type_line,
    type_text,
    widget_centre,
)

TREE = next(lesson.lgo_path for lesson in shipped_lessons() if lesson.name == "tree")
CTRL = pygame.KMOD_CTRL


def learner() -> Path:
    return Path(os.environ["LOGO_DOCUMENTS"])


def asked(app) -> bool:
    app.step()
    return isinstance(app.dialog, SaveChanges)


def test_new_asks_about_unsaved_work_esc_keeps_it_d_drops_it(app):
    type_line(app, "to sq repeat 4 [fd 10 rt 90] end")
    idle(app)
    assert app.actions.saving.title().startswith("*")  # the title's mark
    press(pygame.K_n, CTRL)
    assert asked(app)
    labels = {app.words(k) for k in ("save_key", "discard_key", "cancel_key")}
    assert labels == {"Save (Enter)", "Don't save (D)", "Cancel (Esc)"}
    press(pygame.K_ESCAPE)  # Cancel: nothing happens
    idle(app)
    assert app.dialog is None and "sq" in app.session.interp.procedures
    click(app, app.toolbar.rects["new"].center)
    assert asked(app)
    press(pygame.K_d)  # Don't save: New goes on
    idle(app)
    assert app.dialog is None and app.session.interp.procedures == {}
    assert not app.actions.saving.title().startswith("*")
    press(pygame.K_n, CTRL)  # nothing unsaved: at once, no question
    app.step()
    assert app.dialog is None


def test_quit_and_the_close_button_ask_first(app):
    press(pygame.K_q, CTRL)  # nothing unsaved: Quit at once
    app.step()
    assert not app.running
    app.running = True
    type_line(app, 'make "kept 1')
    idle(app)
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE))  # the close button
    assert asked(app) and app.running
    press(pygame.K_ESCAPE)
    app.step()
    assert app.running and app.session.interp.vars["kept"] == 1
    press(pygame.K_q, CTRL)
    assert asked(app)
    press(pygame.K_d)
    app.step()
    assert not app.running


def test_enter_saves_first_then_the_action_goes_on(app, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    type_line(app, "to star repeat 5 [fd 50 rt 144] end")
    idle(app)
    press(pygame.K_n, CTRL)
    assert asked(app)
    press(pygame.K_RETURN)  # Save: no file yet, so where?
    app.step()
    d = app.dialog
    assert isinstance(d, FileDialog) and d.save and d.folder == str(tmp_path)
    assert d.edit.text == "lesson.lgo" and d.name_selected
    type_text("mystar")  # replaces the proposed name
    press(pygame.K_RETURN)
    idle(app)
    run_until(app, lambda: app.session.interp.procedures == {})  # saved, then New
    assert "repeat 5 [fd 50 rt 144]" in (tmp_path / "mystar.lgo").read_text(encoding="utf-8")


def test_a_gallery_lesson_asks_before_replacing_the_work(app):
    type_line(app, 'make "mine 3')
    idle(app)
    click(app, app.toolbar.rects["lessons"].center)
    app.step()
    card = next(rect for rect, lesson in app.dialog.cards if lesson.name == "tree")
    click(app, card.center)
    assert asked(app)
    press(pygame.K_ESCAPE)
    idle(app)
    assert app.session.file is None and app.session.interp.vars["mine"] == 3
    click(app, app.toolbar.rects["lessons"].center)
    app.step()
    card = next(rect for rect, lesson in app.dialog.cards if lesson.name == "tree")
    click(app, card.center)
    assert asked(app)
    press(pygame.K_d)
    idle(app)
    assert app.session.file == TREE and "mine" not in app.session.interp.vars
    assert app.actions.saving.title() == "tree.lgo \u2014 Logo microworlds"


def test_save_of_a_shipped_lesson_writes_the_learners_folder_only(app, tmp_path, monkeypatch):
    read_only = tmp_path / "ro"
    read_only.mkdir()
    monkeypatch.chdir(os.path.dirname(TREE))  # started inside the package itself
    installed = Path(TREE).read_bytes()
    app.actions.open_lesson(TREE)
    idle(app)
    assert not app.session.changes.unsaved  # opened: nothing changed yet
    type_line(app, "(save)")  # as UCBLogo's: the file of the latest LOAD... none here
    idle(app)
    assert errors(app) and Path(TREE).read_bytes() == installed
    drag(app, widget_centre(app, "grow"), (400, 400), button=3)  # move the button
    type_line(app, "to leaf fd 1 end")
    idle(app)
    assert app.session.changes.unsaved_now(False)
    press(pygame.K_s, CTRL)
    app.step()
    d = app.dialog
    assert isinstance(d, FileDialog) and d.folder == str(learner())  # made on first use
    assert d.edit.text == "tree.lgo" and d.name_selected
    press(pygame.K_RETURN)
    idle(app)
    assert Path(TREE).read_bytes() == installed
    saved = (learner() / "tree.lgo").read_text(encoding="utf-8")
    assert "to leaf\nfd 1\nend\nbegin\n" in saved and saved.endswith("end\nbegin\n")
    assert app.session.file == str(learner() / "tree.lgo") and not app.session.changes.unsaved
    type_line(app, 'make "more 1')
    press(pygame.K_s, CTRL)  # now the learner's own file: saved at once
    idle(app)
    assert app.dialog is None and 'make "more 1' in (learner() / "tree.lgo").read_text()
    press(pygame.K_s, CTRL | pygame.KMOD_SHIFT)  # Save As always asks
    app.step()
    assert isinstance(app.dialog, FileDialog)


def test_a_shipped_folder_typed_into_save_is_refused(app, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    installed = Path(TREE).read_bytes()
    app.actions.open_lesson(TREE)
    idle(app)
    press(pygame.K_s, CTRL | pygame.KMOD_SHIFT)
    app.step()
    app.dialog.edit.set(TREE)
    press(pygame.K_RETURN)  # no "replace it?": refused at once
    app.step()
    assert app.dialog.kind == "announce"  # said why...
    press(pygame.K_RETURN)
    app.step()
    assert isinstance(app.dialog, FileDialog)  # ...and asks again
    assert Path(TREE).read_bytes() == installed


def test_exports_start_beside_the_learners_files(app, tmp_path, monkeypatch):
    monkeypatch.chdir(os.path.dirname(TREE))
    app.actions.open_lesson(TREE)
    idle(app)
    for kind, name in (("png", "tree.png"), ("svg", "tree.svg")):
        click(app, app.toolbar.rects[kind].center)
        d = app.dialog
        assert d.folder == str(learner()) and d.edit.text == name
        press(pygame.K_RETURN)
        idle(app)
        assert (learner() / name).exists()
    assert not errors(app)


def test_the_open_dialog_hides_code_and_shows_recent_paths_once(app, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for folder in ("__pycache__", "pkg", "unit1", "venv"):
        (tmp_path / folder).mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "venv" / "pyvenv.cfg").write_text("")
    (tmp_path / "lessons" / "spiral").mkdir(parents=True)  # a lessons package: listed
    (tmp_path / "lessons" / "__init__.py").write_text("")
    (tmp_path / "lessons" / "spiral" / "spiral.lgo").write_text("fd 10\n")
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "tree.lgo").write_text("fd 10\n")
        remember(str(tmp_path / folder / "tree.lgo"))
    (tmp_path / "link.lgo").symlink_to(tmp_path / "a" / "tree.lgo")
    remember(str(tmp_path / "link.lgo"))
    press(pygame.K_o, CTRL)
    app.step()
    d = app.dialog
    assert d.folder == str(tmp_path)
    assert [e.name for e in d.visible() if e.kind == "folder"] == ["a", "b", "lessons",
                                                                   "unit1"]
    assert d.recent == [str(tmp_path / "link.lgo"), str(tmp_path / "b" / "tree.lgo")]


def test_after_a_recovery_save_asks_outside_the_cache(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    recovery = Path(os.environ["LOGO_RECOVERY_FILE"])
    recovery.write_text("to kept\noutput 42\nend\n", encoding="utf-8")
    app = App(size=SIZE, lang="en")
    try:
        press(pygame.K_RETURN)  # OK: the recovered workspace
        idle(app)
        assert "kept" in app.session.interp.procedures and app.session.changes.unsaved
        press(pygame.K_s, CTRL)
        app.step()
        d = app.dialog
        assert isinstance(d, FileDialog)
        assert d.folder == str(tmp_path) and d.edit.text == "lesson.lgo"
        type_text("mystar")
        press(pygame.K_RETURN)
        idle(app)
        assert (tmp_path / "mystar.lgo").exists() and not (tmp_path / "lesson.lgomystar.lgo"
                                                           ).exists()
    finally:
        app.close()


def test_a_slider_dragged_is_an_unsaved_change(app, tmp_path):
    path = tmp_path / "s.lgo"
    path.write_text('newslider "level [10 10] 0 100 50\n', encoding="utf-8")
    app.actions.open_lesson(str(path))
    idle(app)
    assert not app.session.changes.unsaved_now(False)
    rect = app.widget_views.screen_rect(app.session.widgets.get("level"))
    drag(app, (rect.x + 10, rect.centery), (rect.right - 5, rect.centery))
    idle(app)
    assert app.session.changes.unsaved_now(False)


def test_alt_s_types_nothing_and_a_finished_message_clears(app):
    press(pygame.K_s, pygame.KMOD_ALT)
    type_text("s")  # the text SDL sends with the key
    app.step()
    assert app.command.edit.text == ""
    type_line(app, "forever [fd 1 rt 1]")
    run_until(app, lambda: app.session.busy)
    press(pygame.K_ESCAPE)
    run_until(app, lambda: not app.session.busy)
    assert app.status_text() == "Stopped"
    type_line(app, "print 1")
    idle(app)
    assert app.status_text() == "Ready" and "1" in output(app)


def test_bye_keeps_unsaved_work_for_the_next_start():
    app = App(size=SIZE, lang="en")
    type_line(app, "to kept output 42 end")
    idle(app)
    type_line(app, "bye")
    run_until(app, lambda: not app.running)
    app.close()
    again = App(size=SIZE, lang="en")
    try:
        assert again.dialog is not None and again.dialog.kind == "announce"  # offered back
    finally:
        again.close()


def test_a_signal_ends_at_once_and_keeps_unsaved_work_for_the_next_start():
    app = App(size=SIZE, lang="en")
    type_line(app, "to kept output 42 end")
    idle(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # SIGTERM, as SDL reports it
    app.step()
    assert not app.running
    app.close()
    again = App(size=SIZE, lang="en")
    try:
        assert again.dialog is not None and again.dialog.kind == "announce"  # offered back
    finally:
        again.close()
