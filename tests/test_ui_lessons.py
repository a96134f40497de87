"""The learner's first hour in the window (issue 14): EDIT opens the procedures pane at
a procedure, a lesson opened over another replaces its page, text boxes fit their text,
the lessons gallery."""

from __future__ import annotations

import pygame
from ui_driver import errors, idle, press, run_until, type_line

from logo.session.lessons import shipped_lessons

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
    assert pane.lines[pane.row] == "to newone" and pane.lines[-2:] == ["to newone", "end"]
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


def test_edit_of_a_primitive_is_an_error_and_the_page_stays(app):
    type_line(app, 'edit "forward')
    idle(app)
    assert not app.flipped and "forward is a primitive" in errors(app)[-1]
