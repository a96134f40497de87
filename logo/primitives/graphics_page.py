"""Turtle graphics, the page (UCBLogo manual chapter 6: the screen, pen and background,
text, saving pictures): clearing it, its background, FILL, STAMP, COLORUNDER, labels,
and SAVEPICT/SAVESVG."""

from __future__ import annotations

import os
from typing import Any

from ..language.errors import LogoError
from ..language.values import print_form
from .coerce import MAX_LABEL, size, word
from .graphics import color_input, color_output, world
from .registry import primitive


# --- the page --------------------------------------------------------------------------
@primitive("clearscreen", "cs", "cg", "cleargraphics")
def clearscreen(I):
    """CLEARSCREEN
    Erase the page and move the turtle home, facing north."""
    world(I).clear_screen()
    I.registry.notify(I, "clearscreen")


@primitive("clean")
def clean(I):
    """CLEAN
    Erase the page; the turtle stays where it is."""
    world(I).clean()


@primitive("setbg", "setbackground")
def setbg(I, color):
    """SETBG color
    Set the page's background colour (a number 0-139, a name, or [r g b]); what was
    drawn stays."""
    world(I).set_background(color_input(color))


@primitive("bg", "background")
def bg(I):
    """BG
    Output the background colour as it was set."""
    return color_output(world(I).bg_color)


@primitive("filled")
def filled(I, color, instructions):
    """FILLED color instructions
    Runs the instructions, remembering every point the turtle moves to (pen up or
    down), from where it stands back to there; then paints the inside of that path
    with color (a number 0-139, a name, or [r g b] in percent), under the lines the
    instructions drew.  FILLED cannot be used inside FILLED."""
    from ..turtle.filled import filled as fill_path  # lazy: start-up time

    fill_path(world(I), color_input(color), lambda: I.run(instructions, False))


@primitive("fill")
def fill(I):
    """FILL
    Paint, with the pen colour, the connected area of the colour under the turtle."""
    world(I).fill()


@primitive("stamp")
def stamp(I):
    """STAMP
    Print the turtle's shape on the page, in the pen colour."""
    world(I).stamp()


@primitive("colorunder")
def colorunder(I):
    """COLORUNDER
    Output the colour number (0-139) of the page under the turtle; a colour that is not
    one of the palette's is reported as the nearest palette colour."""
    return world(I).color_under()


@primitive("label")
def label(I, text):
    """LABEL text
    Write text (a word or a list) on the page at the turtle, in the pen colour."""
    world(I).label(print_form(text))


@primitive("setlabelheight")
def setlabelheight(I, height):
    """SETLABELHEIGHT height
    Make the text LABEL writes height turtle steps tall."""
    world(I).label_height = size(height, MAX_LABEL, zero=False)


# --- saving ----------------------------------------------------------------------------
def _save(I: Any, name: Any, kind: str) -> None:
    path = I.resolve_path(word(name))
    try:
        if kind == "svg":
            world(I).save_svg(path)
        else:
            world(I).save_png(path)
    except LogoError as err:  # (a shipped file: named as the program gave it)
        if err.kind != "shipped_file":
            raise
        raise LogoError(err.kind, what=word(name)) from None
    except OSError as e:
        raise LogoError("file_io", what=name, reason=e.strerror or e) from None


@primitive("savepict", "savepicture")
def savepict(I, filename):
    """SAVEPICT filename
    Save the page as a picture: SVG when the name ends in .svg, PNG when it ends in .png
    or has no extension; any other extension (.jpg...) is refused, nothing is written."""
    name = word(filename)
    ext = os.path.splitext(name)[1].lower()
    if ext not in ("", ".png", ".svg"):
        raise LogoError("doesnt_like", what=filename, hint="hint.picture_extension")
    _save(I, name, "svg" if ext == ".svg" else "png")


@primitive("savesvg")
def savesvg(I, filename):
    """SAVESVG filename
    Save the drawing as an SVG file (lines, fills, stamps and labels as shapes)."""
    _save(I, filename, "svg")
