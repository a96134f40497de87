"""The page's Undo and Redo (logo/ui/page_history.py), by synthetic keys."""

from __future__ import annotations

import pygame

from logo.language.reader import read_lines
from logo.session.interpreter import Interpreter
from logo.ui.instructions import split_instructions
from tests.ui.ui_driver import errors, idle, output, press, type_line, world


def undo(app, times: int = 1, redo: bool = False) -> None:
    for _ in range(times):
        press(pygame.K_y if redo else pygame.K_z, pygame.KMOD_CTRL)
        idle(app)


def turtle(app):
    return world(app).first()


def test_two_undos_of_one_line_take_back_two_instructions_and_redo_one(app):
    type_line(app, "cs fd 50 rt 90 fd 60")
    idle(app)
    assert world(app).pos() == (60.0, 50.0)
    undo(app, 2)
    assert world(app).pos() == (0.0, 50.0) and turtle(app).heading == 0
    undo(app, redo=True)
    assert world(app).pos() == (0.0, 50.0) and turtle(app).heading == 90
    assert app.notice == "Redone"


def test_the_same_instructions_on_separate_lines_undo_alike(app):
    for line in ("cs", "fd 50", "rt 90", "fd 60"):
        type_line(app, line)
    idle(app)
    undo(app, 2)
    assert world(app).pos() == (0.0, 50.0) and turtle(app).heading == 0


def test_cs_is_undone_with_the_drawing_and_the_turtle(app):
    type_line(app, "setpc 4 setpensize 3 fd 80 rt 45 ht")
    idle(app)
    drawn = world(app).page.pixels.copy()
    type_line(app, "cs")
    idle(app)
    assert (world(app).page.pixels != drawn).any()
    undo(app)
    t = turtle(app)
    assert (world(app).page.pixels == drawn).all()
    assert (t.y, t.heading, t.shown, t.color, t.pen_size) == (80.0, 45.0, False, 4, 3)


def test_many_levels_then_nothing_left_and_a_new_line_drops_the_redos(app):
    for n in range(30):
        type_line(app, f"fd {n}")
    idle(app)
    undo(app, 31)
    assert world(app).pos() == (0.0, 0.0)
    assert app.notice == "Nothing to undo"
    undo(app, redo=True)
    assert world(app).pos() == (0.0, 0.0)  # fd 0
    type_line(app, "rt 10")
    idle(app)
    undo(app, redo=True)
    assert app.notice == "Nothing to redo"


def test_the_workspace_is_not_undone_and_lines_run_as_before(app):
    type_line(app, "make \"a 5 print :a print sum 1 2 (print 3 4)")
    idle(app)
    undo(app, 4)
    type_line(app, "print :a")
    idle(app)
    assert output(app) == ["5", "3", "3 4", "5"] and not errors(app)


def test_an_error_in_the_third_instruction_stops_the_line_there(app):
    type_line(app, "fd 10 print 1 fd \"x print 2")
    idle(app)
    assert output(app)[0] == "1" and len(errors(app)) == 1
    assert world(app).pos() == (0.0, 10.0)


def split(text: str, setup: str = "") -> list[str]:
    interp = Interpreter()
    interp.load_source(setup)
    line = read_lines(text)[0]
    return [" ".join(map(str, chunk)) for chunk in split_instructions(interp, line)]


def test_lines_are_cut_at_the_parsers_instructions():
    assert split("cs fd 50 rt 90 fd 60") == ["cs", "fd 50", "rt 90", "fd 60"]
    assert split("fd 10+20 rt (sum 1 2 3)")[1].startswith("rt")
    assert split("to2 3 fd 1", "to to2 :a\nend") == ["to2 3", "fd 1"]
    assert split("local \"x make \"x 1") == ["local \"x make \"x 1"]  # one level
    assert split("print (3") == ["print (3"]


def test_a_line_that_changes_nothing_on_the_page_keeps_the_redos(app):
    type_line(app, "cs fd 50 rt 90 fd 60")
    idle(app)
    undo(app, 2)
    type_line(app, "print pos print heading")
    idle(app)
    undo(app, redo=True)
    assert turtle(app).heading == 90
    assert output(app)[-2:] == ["0 50", "0"]
