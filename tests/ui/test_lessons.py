"""The learner's first hour in the window (issue 14): EDIT opens the procedures pane at
a procedure, a lesson opened over another replaces its page, text boxes fit their text,
the lessons gallery."""

from __future__ import annotations

import pygame

from logo.session.lessons import shipped_lessons
from logo.ui import style
from logo.ui.file_dialog import FileDialog
from logo.ui.gallery import Gallery
from logo.ui.recent import recent_files, remember
from tests.ui.ui_driver import click, errors, idle, press, run_until, type_line, type_text

LESSONS = {ls.name: ls for ls in shipped_lessons()}


def test_edit_flips_to_the_procedures_pane_at_the_procedure(app):
    type_line(app, "to one fd 1 end")
    type_line(app, "to two fd 2 end")
    type_line(app, "to three fd 3 end")
    type_line(app, 'edit "two')
    run_until(app, lambda: app.flipped)
    pane = app.pane
    assert pane.lines[pane.row] == "to two" and pane.top == pane.row
    press(pygame.K_F2)  # back to the page: nothing changed, nothing defined again
    app.step()
    assert not app.flipped
    type_line(app, "ed [newone three]")  # a new name starts as TO and END
    run_until(app, lambda: app.flipped)
    assert pane.lines[pane.row] == "to newone" and pane.lines[-3:] == ["to newone", "end", ""]
    press(pygame.K_DOWN)
    press(pygame.K_HOME)
    app.step()
    type_line(app, "print 42")
    press(pygame.K_F2)  # leaving the pane defines it
    idle(app)
    assert "newone" in app.session.interp.procedures
    type_line(app, "newone")
    idle(app)
    assert "42" in "".join(t for _, t in app.command.lines) and not errors(app)
    type_line(app, "edit")  # alone on its line, as UCBLogo: the pane as it was
    run_until(app, lambda: app.flipped)


def test_edit_of_a_primitive_is_an_error_and_the_page_stays(app):
    type_line(app, 'edit "forward')
    idle(app)
    assert not app.flipped and "forward is a primitive" in errors(app)[-1]


def test_a_lesson_loaded_over_another_in_the_window_replaces_the_page(app):
    type_line(app, f'load "{LESSONS["tree"].lgo_path}')
    idle(app)
    type_line(app, f'load "{LESSONS["koch"].lgo_path}')
    idle(app)
    ws = app.session.widgets
    assert [w.name for w in ws.items.values()] == ["side", "angle", "fence", "mountains"]
    rects = [app.widget_views.screen_rect(w) for w in ws.items.values()]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert not errors(app)


def test_the_cats_printer_frame_fits_its_text_box(app):
    app.actions.open_lesson(LESSONS["cat"].lgo_path)
    idle(app)
    box = app.session.widgets.get("printer")
    lines = box.text.split("\n")
    assert max(map(len, lines)) > 100  # a frame of the 128-column printer
    app.step()
    rect = app.widget_views.screen_rect(box)
    size = app.widget_views.text_size(box, rect, lines)
    widest = max(style.font(size, mono=True).size(line)[0] for line in lines)
    assert size < 13 and widest <= rect.w - 8
    assert len(lines) * style.font(size, mono=True).get_linesize() <= rect.h - 6


# --- the lessons gallery -------------------------------------------------------------
def test_the_gallery_shows_every_lesson_and_a_click_opens_one(app):
    click(app, app.toolbar.rects["lessons"].center)
    gallery = app.dialog
    assert isinstance(gallery, Gallery)
    app.step()
    assert [lesson.name for _, lesson in gallery.cards] == list(LESSONS)
    assert [lesson.title_in("en") for _, lesson in gallery.cards][:2] == \
        ["Tree", "Mountains in a fence"]
    card = next(rect for rect, lesson in gallery.cards if lesson.name == "koch")
    assert app.screen.get_at(card.center)[:3] != style.PANEL  # the picture is drawn
    click(app, card.center)
    idle(app)
    assert app.dialog is None and app.session.file == LESSONS["koch"].lgo_path
    assert "mountains" in [w.name for w in app.session.widgets.items.values()]


def test_the_gallery_with_keys_and_escape(app):
    click(app, app.toolbar.rects["lessons"].center)
    press(pygame.K_ESCAPE)
    app.step()
    assert app.dialog is None and app.session.file is None
    click(app, app.toolbar.rects["lessons"].center)
    press(pygame.K_RIGHT)
    press(pygame.K_DOWN)  # the second row: superformula, cat, muscle
    press(pygame.K_RETURN)
    idle(app)
    assert app.session.file == LESSONS["cat"].lgo_path


# --- the Open/Save dialog ------------------------------------------------------------
def _folder(tmp_path):
    (tmp_path / "unit1").mkdir()
    (tmp_path / "unit1" / "spiral.lgo").write_text('to spiral\nfd 10\nend\nmake "here 1\n')
    (tmp_path / "unit1" / "notes.txt").write_text("not a lesson")
    (tmp_path / "square.lgo").write_text('make "square 4\n')
    (tmp_path / "star.lgo").write_text('make "star 5\n')
    (tmp_path / ".hidden").mkdir()


def test_open_lists_folders_and_lessons_and_navigates_with_keys(app, tmp_path, monkeypatch):
    _folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    click(app, app.toolbar.rects["open"].center)
    d = app.dialog
    assert isinstance(d, FileDialog)
    assert [e.name for e in d.visible()] == ["..", "unit1", "square.lgo", "star.lgo"]
    type_text("st")  # type-to-filter
    app.step()
    assert [e.name for e in d.visible()] == ["..", "star.lgo"] and d.selected == 1
    press(pygame.K_BACKSPACE)
    press(pygame.K_BACKSPACE)
    press(pygame.K_DOWN)  # unit1
    press(pygame.K_RETURN)  # into the folder: its lesson is chosen, not notes.txt
    app.step()
    assert d.folder == str(tmp_path / "unit1") and [e.name for e in d.visible()] == \
        ["..", "spiral.lgo"] and d.selected == 1
    press(pygame.K_BACKSPACE)  # on an empty line: up a folder
    app.step()
    assert d.folder == str(tmp_path)
    type_text("unit1/spiral")  # a path typed (without .lgo) opens too
    press(pygame.K_RETURN)
    idle(app)
    assert app.dialog is None and app.session.interp.vars.get("here") == 1
    assert recent_files()[0] == str(tmp_path / "unit1" / "spiral.lgo")


def test_open_with_the_mouse_and_the_recent_files(app, tmp_path, monkeypatch):
    _folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    remember(str(tmp_path / "star.lgo"))
    click(app, app.toolbar.rects["open"].center)
    d = app.dialog
    app.step()
    rows = {entry.name: rect for rect, entry in d.row_rects}
    click(app, rows["unit1"].center)  # a folder opens at one click
    assert d.folder == str(tmp_path / "unit1")
    click(app, next(r for r, e in d.row_rects if e.name == "..").center)
    assert d.folder == str(tmp_path)
    rows = {entry.name: rect for rect, entry in d.row_rects}
    click(app, rows["square.lgo"].center)  # a file: chosen at the first click...
    assert app.dialog is d and d.visible()[d.selected].name == "square.lgo"
    [(recent_rect, recent)] = d.recent_rects
    assert recent == str(tmp_path / "star.lgo")
    click(app, recent_rect.center)  # ...a recent file opens at once
    idle(app)
    assert app.session.interp.vars.get("star") == 5
    click(app, app.toolbar.rects["open"].center)
    app.step()
    rows = {entry.name: rect for rect, entry in app.dialog.row_rects}
    click(app, rows["square.lgo"].center)
    click(app, rows["square.lgo"].center)  # the second click opens it
    idle(app)
    assert app.session.interp.vars.get("square") == 4
    assert recent_files()[:2] == [str(tmp_path / "square.lgo"), str(tmp_path / "star.lgo")]


def test_save_asks_before_replacing_another_file(app, tmp_path, monkeypatch):
    _folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    type_line(app, 'make "mine 7')
    idle(app)
    click(app, app.toolbar.rects["save"].center)
    d = app.dialog
    assert d.save and d.edit.text == "lesson.lgo" and d.name_selected
    type_text("star")  # star.lgo exists (typing replaces the proposed name)
    press(pygame.K_RETURN)
    app.step()
    assert d.confirm == str(tmp_path / "star.lgo") and app.dialog is d
    press(pygame.K_ESCAPE)  # no: back to the dialog, nothing written
    app.step()
    assert d.confirm is None and (tmp_path / "star.lgo").read_text() == 'make "star 5\n'
    press(pygame.K_RETURN)
    app.step()
    click(app, d.ok_rect.center)  # Replace
    idle(app)
    assert 'make "mine 7' in (tmp_path / "star.lgo").read_text()
    type_line(app, 'make "mine 8')
    click(app, app.toolbar.rects["save"].center)  # the lesson's own file: no question
    assert app.dialog is None
    idle(app)
    assert 'make "mine 8' in (tmp_path / "star.lgo").read_text()
    assert app.dialog is None and not errors(app)


def test_save_after_a_typed_load_proposes_that_file_and_asks(app, tmp_path, monkeypatch):
    _folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    app.actions.open_lesson(str(tmp_path / "square.lgo"))
    idle(app)
    type_line(app, 'load "unit1/spiral.lgo')
    idle(app)
    click(app, app.toolbar.rects["save"].center)
    d = app.dialog
    assert d.folder == str(tmp_path / "unit1") and d.edit.text == "spiral.lgo"
    press(pygame.K_RETURN)
    app.step()
    assert d.confirm == str(tmp_path / "unit1" / "spiral.lgo")  # not the lesson's own file
