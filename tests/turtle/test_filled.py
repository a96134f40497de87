"""FILLED: the path its instructions made (pen up or down) painted in a colour under
the lines they drew, kept in the log so undo, resizing and SVG show the same."""

from __future__ import annotations

from logo.turtle import palette
from tests.support import run_logo, run_ok


def _pixel(ran, x, y):
    world = ran.interp.turtle_world
    col, row = world.page.to_pixel(x, y)
    return tuple(int(v) for v in world.page.pixels[row, col])


def test_filled_square_is_painted_inside_with_its_outline_on_top():
    ran = run_ok("setpc 105 filled 15 [repeat 4 [fd 100 rt 90]] show pos")
    assert ran.output == "[0 0]\n"
    assert _pixel(ran, 50, 50) == palette.number_to_rgb(15)
    assert _pixel(ran, 0, 50) == palette.number_to_rgb(105)  # the line drawn stays
    assert _pixel(ran, 150, 50) == (255, 255, 255)


def test_filled_with_the_pen_up_and_a_percent_colour():
    ran = run_ok("pu filled [0 100 0] [fd 80 rt 90 fd 80 rt 90 fd 80]")
    assert _pixel(ran, 40, 40) == (0, 255, 0)
    assert _pixel(ran, 40, 90) == (255, 255, 255)


def test_filled_survives_undo_of_later_lines_and_svg():
    ran = run_ok("filled 45 [repeat 3 [fd 60 rt 120]] pu setpos [-200 -200] pd fd 10")
    world = ran.interp.turtle_world
    world.undo(1)
    assert _pixel(ran, 20, 20) == palette.number_to_rgb(45)


def test_filled_inside_filled_and_bad_colours_are_errors():
    ran = run_logo('catch "error [filled 4 [filled 5 [fd 10 rt 90 fd 10]]] show first error '
                   'catch "error [filled [1 2] [fd 10]] show error')
    assert ran.output == "7\n[7 filled doesn't like [1 2] as input [] []]\n"
