"""Turtle graphics, the pen (UCBLogo manual chapter 6: PEN AND BACKGROUND CONTROL, TEXT):
up or down, its mode (paint, erase, reverse), colour and size; the pen as one list
(``pen``/``setpen``, library procedures in UCBLogo) and ``labelsize``."""

from __future__ import annotations

from typing import Any

from ..language.errors import LogoError
from ..language.values import LogoList, logo_bool
from .coerce import integer, lst, num
from .graphics import color_input, color_output, logo_number, pen_size, world
from .registry import primitive


@primitive("pen")
def pen(I):
    """PEN
    Outputs the pen's state as a list [penup-or-pendown mode size color pattern], for
    SETPEN to restore: e.g. [pendown paint [1 1] 0 [-1]]."""
    state = "pendown" if pendownp(I) == "true" else "penup"
    return LogoList([state, penmode(I), pensize(I), pencolor(I), LogoList([-1])])


@primitive("setpen")
def setpen(I, pen_data):
    """SETPEN list
    Sets the pen's state from a list that PEN output."""
    items = pen_data.items() if isinstance(pen_data, LogoList) else []
    if len(items) < 4:
        raise LogoError("doesnt_like", who="setpen", what=pen_data)
    state, mode, size, color = items[:4]
    {"reverse": penreverse, "erase": penerase}.get(str(mode).lower(), penpaint)(I)
    (penup if str(state).lower() == "penup" else pendown)(I)
    setpensize(I, size)
    setpencolor(I, color)


@primitive("labelsize")
def labelsize(I):
    """LABELSIZE
    Output [width height]: the size in turtle steps of a character LABEL writes (the
    width of a typical letter; the height set by SETLABELHEIGHT)."""
    h = world(I).label_height
    return LogoList([_char_width(h), logo_number(h)])


def _char_width(height: Any) -> int:
    try:
        from ..turtle.text import text_mask  # lazy: numpy

        return max(1, int(text_mask("n", max(1, round(height))).shape[1]))
    except ImportError:  # no font: a typical proportion
        return max(1, round(height * 0.6))


# --- the pen ---------------------------------------------------------------------------
@primitive("penup", "pu")
def penup(I):
    """PENUP
    Lift the pen: the turtle moves without drawing."""
    world(I).set_pen(down=False)


@primitive("pendown", "pd")
def pendown(I):
    """PENDOWN
    Put the pen down (in its current mode: paint, erase or reverse)."""
    world(I).set_pen(down=True)


@primitive("penpaint", "ppt")
def penpaint(I):
    """PENPAINT
    Put the pen down to draw in the pen colour."""
    world(I).set_pen(down=True, mode="paint")


@primitive("penerase", "pe")
def penerase(I):
    """PENERASE
    Put the pen down to erase: it draws in the background colour."""
    world(I).set_pen(down=True, mode="erase")


@primitive("penreverse", "px")
def penreverse(I):
    """PENREVERSE
    Put the pen down to reverse colours: drawing over a line twice restores the page."""
    world(I).set_pen(down=True, mode="reverse")


@primitive("pendownp", "pendown?")
def pendownp(I):
    """PENDOWNP
    Output true if the pen is down."""
    return logo_bool(world(I).first().pen_down)


@primitive("penmode")
def penmode(I):
    """PENMODE
    Output the pen's mode: paint, erase or reverse."""
    return world(I).first().pen_mode


@primitive("setpencolor", "setpc", "setc", "setcolor")
def setpencolor(I, color):
    """SETPENCOLOR color
    Set the pen colour: a number 0-139 (MicroWorlds colours: 15 red, 55 green, 105 blue,
    0 black, 9.9 white, x0 dark to x9.9 light), a name ("red, "красный) or [r g b]."""
    world(I).set_pen_color(color_input(color))


@primitive("pencolor", "pc", "color")
def pencolor(I):
    """PENCOLOR
    Output the pen colour as it was set (a name is reported as its number)."""
    return color_output(world(I).first().color)


@primitive("setpalette")
def setpalette(I, colornumber, rgblist):
    """SETPALETTE colornumber rgblist
    Makes colour number colornumber (a whole number) look like rgblist, three
    percentages of full red, green and blue, from then on.  As in UCBLogo, numbers
    below 8 cannot be changed (SETPALETTE leaves them as they are)."""
    from ..turtle import palette  # lazy: start-up time

    n = integer(colornumber)
    if n < 0:
        raise LogoError("doesnt_like", what=colornumber)
    value = color_input(rgblist)
    if not isinstance(value, tuple):
        raise LogoError("doesnt_like", what=rgblist)
    if n >= 8:
        world(I).palette_changes[palette.tenth_index(n)] = palette.percent_rgb(value)[1]


@primitive("palette")
def palette_(I, colornumber):
    """PALETTE colornumber
    Outputs the colour colornumber is drawn with, as three percentages [r g b] of
    full red, green and blue (as UCBLogo reports them: full is 99.6108949416342)."""
    from ..turtle import palette  # lazy: start-up time

    n = num(colornumber)
    if not 0 <= n < 1e9:
        raise LogoError("doesnt_like", what=colornumber)
    rgb = palette.palette_rgb(n, world(I).palette_changes)
    return LogoList(palette.rgb_percent(rgb))


@primitive("setpensize")
def setpensize(I, size):
    """SETPENSIZE size   or   SETPENSIZE [width height]
    Set the pen's width in turtle steps; thick lines have round ends."""
    n = pen_size(lst(size)[0], size) if type(size) is LogoList and len(size) == 2 else size
    world(I).set_pen_size(pen_size(n, size))


@primitive("pensize")
def pensize(I):
    """PENSIZE
    Output the pen size as UCBLogo does: [width height]."""
    n = world(I).first().pen_size
    return LogoList([logo_number(n), logo_number(n)])
