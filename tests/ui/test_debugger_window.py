"""PAUSE and STEP in the window (synthetic events): the command center's nested prompt,
Stop, and the procedures pane following a stepped procedure line by line."""

from __future__ import annotations

import pygame

from tests.ui.ui_driver import (
    click,
    errors,
    frames_for,
    idle,
    output,
    press,
    run_until,
    type_line,
)


def test_pause_in_the_command_center_sees_the_inputs_and_continues(app):
    type_line(app, "to f :x pause print :x end")
    idle(app)
    type_line(app, "f 5")
    run_until(app, lambda: app.command.prompt == "f? ")
    assert "Pausing..." in output(app)
    type_line(app, "print :x")
    run_until(app, lambda: "5" in output(app) and app.command.prompt == "f? ")
    type_line(app, 'make "x 7')
    run_until(app, lambda: app.command.prompt == "f? ")
    type_line(app, "continue")
    idle(app)
    assert output(app)[-1] == "7" and app.command.prompt == "? "
    assert ("in", "f? print :x") in app.command.lines


def test_stop_ends_a_pause(app):
    type_line(app, "to f pause end")
    idle(app)
    type_line(app, "f")
    run_until(app, lambda: app.command.prompt == "f? ")
    click(app, app.toolbar.rects["stop"].center)  # the Stop button
    idle(app)
    assert errors(app)[0] == "Stopped!" and app.command.prompt == "? "
    assert not app.session.host.wants_line


def define_g(app) -> None:
    for line in ("to g :n", "print :n", "print :n + 1", "print :n + 2", "end"):
        type_line(app, line)
    idle(app)


def highlighted(app) -> str | None:
    pane = app.pane
    return pane.lines[pane.highlight] if pane.highlight is not None else None


def test_stepping_highlights_successive_lines_in_the_procedures_pane(app):
    define_g(app)
    type_line(app, 'step "g')
    type_line(app, "g 10")
    run_until(app, lambda: highlighted(app) == "print :n")
    assert app.flipped and output(app)[-1] != "10"  # waiting before the line runs
    press(pygame.K_F10)  # the key
    run_until(app, lambda: highlighted(app) == "print :n + 1")
    assert output(app)[-1] == "10"
    click(app, app.pane.step_rects["step"].center)  # the button
    run_until(app, lambda: highlighted(app) == "print :n + 2")
    assert output(app)[-1] == "11"
    press(pygame.K_F10)
    idle(app)
    assert output(app)[-1] == "12" and app.pane.highlight is None


def test_go_on_runs_the_rest_at_the_sliders_pace(app):
    define_g(app)
    type_line(app, 'step "g')
    type_line(app, "g 1")
    run_until(app, lambda: highlighted(app) == "print :n")
    click(app, app.pane.step_rects["go_on"].center)
    idle(app)
    assert output(app)[-3:] == ["1", "2", "3"]
    type_line(app, "g 5")  # still stepped: the next call waits again
    run_until(app, lambda: highlighted(app) == "print :n")
    press(pygame.K_ESCAPE)
    idle(app)
    assert "Stopped!" in errors(app) and not app.flipped


def test_the_pause_key_pauses_a_running_program_inside_its_procedure(app):
    type_line(app, "to spin :n forever [make \"n :n + 1] end")
    idle(app)
    type_line(app, "spin 0")
    frames_for(app, 0.2)
    press(pygame.K_PAUSE)
    run_until(app, lambda: app.command.prompt == "spin? ")
    type_line(app, "print :n > 0")
    run_until(app, lambda: "true" in output(app) and app.command.prompt == "spin? ")
    type_line(app, "co")
    frames_for(app, 0.1)
    assert app.session.busy  # it runs on
    press(pygame.K_ESCAPE)
    idle(app)


def test_trace_prints_in_the_command_center(app):
    type_line(app, "to f :x output :x + 1 end")
    type_line(app, 'trace "f')
    type_line(app, "print f f 1")
    idle(app)
    assert output(app)[-5:] == ["( f 1 )", "f outputs 2", "( f 2 )", "f outputs 3", "3"]
