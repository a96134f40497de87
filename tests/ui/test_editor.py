"""The procedures pane as a code editor, driven with synthetic events: the caret by
click, selection by mouse and Shift, the clipboard, undo/redo of edits, colouring and
line numbers, find, indentation, error lines marked, the final newline."""

from __future__ import annotations

import numpy as np
import pygame

from logo.ui import clipboard, style
from logo.ui.editor_view import HEADER
from tests.ui.ui_driver import (
    click,
    drag,
    errors,
    idle,
    output,
    press,
    run_until,
    type_line,
    type_text,
)

CTRL, SHIFT = pygame.KMOD_CTRL, pygame.KMOD_SHIFT


def sixty_lines() -> tuple[str, list[str]]:
    """A program of 60 lines: 12 procedures, Latin and Cyrillic names, comments,
    blank lines and brackets."""
    lines, names = [], []
    for i in range(12):
        name = f"shape{i}" if i % 2 else f"фигура{i}"
        names.append(name)
        lines += [f"to {name} :size   ; number {i}", f"  repeat {i + 3} [fd :size",
                  f"    rt 360 / {i + 3}]", "end", ""]
    assert len(lines) == 60
    return "\n".join(lines), names


def open_pane(app):
    press(pygame.K_F2)
    app.step()
    assert app.flipped


def text_point(app, row: int, col: int) -> tuple[int, int]:
    """The screen point of (row, col) in the pane (scrolled to the top)."""
    f = style.font(14, mono=True)
    cw, line_h = f.size("M")[0], f.get_linesize()
    rect = app.rects["page"]
    gutter = cw * max(2, len(str(len(app.pane.lines)))) + 14
    return rect.x + gutter + 6 + col * cw + 1, rect.y + HEADER + row * line_h + line_h // 2


def test_a_sixty_line_paste_defines_every_procedure(app):
    program, names = sixty_lines()
    clipboard.put(program)
    open_pane(app)
    press(pygame.K_v, CTRL)
    app.step()
    assert app.pane.text() == program  # (it ends with a newline)
    press(pygame.K_F2)  # back to the page: defined
    idle(app)
    run_until(app, lambda: all(n in app.session.interp.procedures for n in names))
    type_line(app, "фигура0 10 shape11 5")
    idle(app)
    assert not errors(app)


def test_select_all_copy_puts_the_whole_text_on_the_clipboard_and_cut_removes_it(app):
    type_line(app, "to sq repeat 4 [fd 10 rt 90] end")
    idle(app)
    open_pane(app)
    press(pygame.K_a, CTRL)
    press(pygame.K_c, CTRL)
    app.step()
    assert clipboard.get() == app.pane.text() and "to sq" in clipboard.get()
    press(pygame.K_x, CTRL)
    app.step()
    assert app.pane.text() == "\n" and "repeat 4" in clipboard.get()
    press(pygame.K_z, CTRL)  # the pane's own undo
    app.step()
    assert "to sq" in app.pane.text()
    press(pygame.K_y, CTRL)
    app.step()
    assert app.pane.text() == "\n"


def test_a_click_puts_the_caret_and_a_drag_or_shift_selects(app):
    open_pane(app)
    type_text("to square")
    press(pygame.K_RETURN)
    type_text("fd 100")
    app.step()
    click(app, text_point(app, 0, 2))
    assert app.pane.buffer.caret == (0, 2)
    drag(app, text_point(app, 0, 3), text_point(app, 1, 4))  # "fd 100" is indented by 2
    assert app.pane.buffer.selected_text() == "square\n  fd"
    press(pygame.K_HOME)
    press(pygame.K_RIGHT, SHIFT)
    press(pygame.K_RIGHT, SHIFT)
    app.step()
    assert app.pane.buffer.selected_text() == "fd"
    press(pygame.K_UP, SHIFT)  # from (1, 2) up to (0, 4)
    app.step()
    assert app.pane.buffer.selected_text() == "quare\n  "


def test_undo_and_redo_of_the_pane_leave_the_page_alone(app, monkeypatch):
    page_undos = []
    monkeypatch.setattr(app.session, "undo", lambda: page_undos.append(1))
    open_pane(app)
    type_text("to a")
    press(pygame.K_RETURN)
    type_text("fd 1")
    app.step()
    press(pygame.K_z, CTRL)
    app.step()
    assert app.pane.text() == "to a\n  \n"
    press(pygame.K_z, CTRL)
    press(pygame.K_z, CTRL)
    app.step()
    assert app.pane.text() == "\n"
    press(pygame.K_y, CTRL)
    press(pygame.K_y, CTRL)
    app.step()
    assert app.pane.text() == "to a\n  \n"
    assert not page_undos
    click(app, app.rects["command"].center)  # the command center: the page's undo
    press(pygame.K_z, CTRL)
    app.step()
    assert page_undos == [1] and app.pane.text() == "to a\n  \n"


def test_find_selects_each_place_in_turn(app):
    open_pane(app)
    type_text("fd 1 rt 2")
    press(pygame.K_RETURN)
    type_text("fd 3")
    press(pygame.K_HOME, CTRL)
    press(pygame.K_f, CTRL)
    type_text("fd")
    app.step()
    b = app.pane.buffer
    assert b.selection() == ((0, 0), (0, 2))
    press(pygame.K_RETURN)
    app.step()
    assert b.selection() == ((1, 0), (1, 2))
    press(pygame.K_RETURN, SHIFT)
    app.step()
    assert b.selection() == ((0, 0), (0, 2))
    press(pygame.K_ESCAPE)  # closes Find, does not stop anything
    app.step()
    assert app.pane.finder is None and app.flipped
    type_text("X")
    app.step()
    assert app.pane.lines[0] == "X 1 rt 2"


def test_the_text_ends_with_a_newline_so_a_new_to_never_joins_the_end_above(app):
    type_line(app, "to one fd 1 end")
    idle(app)
    open_pane(app)
    assert app.pane.text().endswith("end\n")
    press(pygame.K_END, CTRL)
    type_text("to two")
    press(pygame.K_RETURN)
    type_text("fd 2")
    press(pygame.K_RETURN)
    type_text("end")
    press(pygame.K_F2)
    idle(app)
    run_until(app, lambda: "two" in app.session.interp.procedures)
    assert "two" not in app.session.interp.procedures["one"].text()


def test_a_syntax_error_keeps_the_text_and_marks_its_line_with_the_caret(app):
    open_pane(app)
    for line in ("to fine", "fd 1", "end", "", "to broken", "repeat 4 [fd 10", "end"):
        type_text(line)
        press(pygame.K_RETURN)
    app.step()
    typed = app.pane.text()
    press(pygame.K_RETURN, CTRL)
    run_until(app, lambda: app.pane.error)
    assert app.pane.text() == typed
    assert app.pane.error_row == 5 and app.pane.row == 5  # the "[" never closed
    assert "broken" not in app.session.interp.procedures
    app.step()
    gutter = np.array(pygame.surfarray.pixels3d(app.screen)).swapaxes(0, 1)
    rect = app.rects["page"]
    assert (np.abs(gutter[rect.y:rect.bottom, rect.x:rect.x + 60].astype(int)
                   - style.ERROR).sum(axis=2) < 30).sum() > 20  # the mark is drawn


def test_a_running_error_marks_its_line_when_the_pane_opens(app):
    open_pane(app)
    for line in ("to petal", "fd 10", "; a comment", "rt 3", "flowr 3", "end"):
        type_text(line)
        press(pygame.K_RETURN)
    press(pygame.K_F2)
    idle(app)
    type_line(app, "petal")
    idle(app)
    assert errors(app)
    press(pygame.K_F2)
    app.step()
    assert app.pane.lines[app.pane.error_row].strip() == "flowr 3"
    assert app.pane.text().count("; a comment") == 1  # the pane kept the typed text
    assert "flowr" in app.pane.message and "line 5" in app.pane.message


def test_an_error_while_the_pane_is_shown_marks_its_line_there(app, tmp_path):
    lesson = tmp_path / "flower.lgo"
    lesson.write_text("; petals\n\nto petal\n  fd 1\n  flowr 3\nend\n", encoding="utf-8")
    app.session.load(str(lesson))
    idle(app)
    open_pane(app)
    assert app.pane.error_row is None
    click(app, app.rects["command"].center)  # the command center takes the keys
    type_line(app, "petal")
    idle(app)
    assert errors(app) and app.flipped
    app.step()
    assert app.pane.lines[app.pane.error_row].strip() == "flowr 3"
    assert "flowr" in app.pane.message


def test_colours_and_line_numbers_are_drawn(app):
    type_line(app, 'to sq :n repeat 4 [fd :n rt 90] print "done end')
    idle(app)
    open_pane(app)
    app.step()
    pixels = np.array(pygame.surfarray.pixels3d(app.screen)).swapaxes(0, 1)
    rect = app.rects["page"]
    area = pixels[rect.y + HEADER:rect.y + HEADER + 60, rect.x:rect.x + 500].astype(int)
    for kind in ("primitive", "procedure", "variable", "quoted", "number"):
        near = np.abs(area - style.SYNTAX[kind]).sum(axis=2) < 40
        assert near.sum() > 5, kind
    assert app.pane.lines[0] == "to sq :n"


def test_a_click_on_the_command_center_takes_the_keys_while_the_pane_is_open(app):
    type_line(app, "to one fd 1 end")
    idle(app)
    open_pane(app)
    click(app, app.rects["command"].center)
    type_line(app, "print 123")
    idle(app)
    assert "123" in output(app)
    assert "print 123" not in app.pane.text()
    click(app, text_point(app, 0, 0))  # and back into the pane
    type_text("x")
    app.step()
    assert app.pane.lines[0].startswith("xto one")


def test_the_wheel_scrolls_the_pane_and_a_key_brings_the_caret_back(app):
    program, _ = sixty_lines()
    clipboard.put(program)
    open_pane(app)
    press(pygame.K_v, CTRL)
    press(pygame.K_HOME, CTRL)
    app.step()
    assert app.pane.top == 0
    pygame.mouse.set_pos(app.rects["page"].center)
    for _ in range(3):
        app.actions.wheel(-1)
        app.step()
    assert app.pane.top == 9  # the caret is out of view, and stays there
    press(pygame.K_PAGEDOWN)
    app.step()
    rows = app.pane.visible_rows
    assert app.pane.row == rows - 1 and app.pane.top <= app.pane.row < app.pane.top + rows
    for _ in range(10):
        press(pygame.K_PAGEDOWN)
    app.step()
    assert app.pane.row == len(app.pane.lines) - 1  # stops at the end
    assert app.pane.top == len(app.pane.lines) - rows


def test_a_procedure_named_as_a_primitive_marks_its_title_line(app):
    open_pane(app)
    for line in ("to fine", "fd 1", "end", "", "to forward :n", "end"):
        type_text(line)
        press(pygame.K_RETURN)
    press(pygame.K_RETURN, CTRL)
    run_until(app, lambda: app.pane.error)
    assert app.pane.error_row == 4 and "forward" in app.pane.message


def test_a_to_without_end_puts_the_caret_where_its_end_goes(app):
    open_pane(app)
    for line in ("to fine", "rt 1", "end", "", "to open", "fd 1", ""):
        type_text(line)
        press(pygame.K_RETURN)
    press(pygame.K_RETURN, CTRL)
    run_until(app, lambda: app.pane.error)
    assert app.pane.error_row == 4 and app.pane.buffer.caret == (5, len("  fd 1"))
    press(pygame.K_RETURN)
    type_text("end")
    press(pygame.K_RETURN, CTRL)
    run_until(app, lambda: "open" in app.session.interp.procedures)


def test_a_double_click_selects_a_word(app):
    open_pane(app)
    type_text('repeat 4 [fd :size]')
    app.step()
    click(app, text_point(app, 0, 15))
    click(app, text_point(app, 0, 15))
    assert app.pane.buffer.selected_text() == ":size"


def test_ctrl_c_with_nothing_selected_stops_a_running_program(app):
    open_pane(app)
    type_text("print 1")
    click(app, app.rects["command"].center)
    type_line(app, "forever [wait 1]")
    run_until(app, lambda: app.session.busy)
    click(app, text_point(app, 0, 0))  # the pane has the keys, nothing selected
    press(pygame.K_c, CTRL)
    idle(app)
    assert not app.session.busy


def test_a_long_line_scrolls_sideways_with_the_caret(app):
    open_pane(app)
    type_text("print [" + "word " * 80 + "]")
    app.step()
    assert app.pane.left > 0
    x = text_point(app, 0, app.pane.col - app.pane.left)[0]
    assert app.rects["page"].x < x < app.rects["page"].right
    press(pygame.K_HOME)
    app.step()
    assert app.pane.left == 0


def test_an_error_in_a_loaded_lessons_procedure_marks_its_line(app, tmp_path):
    lesson = tmp_path / "lesson.lgo"
    lesson.write_text("; a lesson\n\nmake \"n 3\n\nto uno\n  fd 1\nend\n\n"
                      "to spin :x\n  ; a comment\n  rt :x\n\n  nosuch :x\nend\n",
                      encoding="utf-8")
    app.session.load(str(lesson))
    idle(app)
    type_line(app, "spin 5")
    idle(app)
    assert errors(app)
    open_pane(app)
    assert app.pane.lines[app.pane.error_row].strip() == "nosuch :x"


def test_ctrl_backspace_deletes_a_word_and_undo_brings_it_back(app):
    open_pane(app)
    type_text("fd 100 rt 90")
    press(pygame.K_BACKSPACE, CTRL)
    app.step()
    assert app.pane.lines[0] == "fd 100 rt "
    press(pygame.K_HOME)
    press(pygame.K_DELETE, CTRL)
    app.step()
    assert app.pane.lines[0] == " 100 rt "
    press(pygame.K_z, CTRL)
    press(pygame.K_z, CTRL)
    app.step()
    assert app.pane.lines[0] == "fd 100 rt 90"


def test_tab_and_shift_tab_indent_the_selected_lines(app):
    open_pane(app)
    type_text("to a")
    press(pygame.K_RETURN)
    type_text("fd 1")  # indented by Enter
    press(pygame.K_RETURN)
    type_text("rt 2")
    app.step()
    press(pygame.K_TAB, SHIFT)  # no selection: the caret's line, the caret on its word
    app.step()
    assert app.pane.lines[2] == "rt 2" and app.pane.col == 4
    press(pygame.K_a, CTRL)
    press(pygame.K_TAB)
    app.step()
    assert app.pane.lines[:3] == ["  to a", "    fd 1", "  rt 2"]
    press(pygame.K_TAB, SHIFT)
    press(pygame.K_TAB, SHIFT)
    app.step()
    assert app.pane.lines[:3] == ["to a", "fd 1", "rt 2"]
    press(pygame.K_z, CTRL)
    app.step()
    assert app.pane.lines[:3] == ["to a", "  fd 1", "rt 2"]
