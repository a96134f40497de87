"""Turtle graphics, part 2 (UCBLogo manual: PEN AND BACKGROUND CONTROL, TEXT): the pen as
one list (``pen``/``setpen``, library procedures in UCBLogo) and ``labelsize``."""

from __future__ import annotations

from typing import Any

from ..language.errors import LogoError
from ..language.values import LogoList
from . import graphics as g
from .registry import primitive


@primitive("pen")
def pen(I):
    """PEN
    Outputs the pen's state as a list [penup-or-pendown mode size color pattern], for
    SETPEN to restore: e.g. [pendown paint [1 1] 0 [-1]]."""
    state = "pendown" if g.pendownp(I) == "true" else "penup"
    return LogoList([state, g.penmode(I), g.pensize(I), g.pencolor(I), LogoList([-1])])


@primitive("setpen")
def setpen(I, pen_data):
    """SETPEN list
    Sets the pen's state from a list that PEN output."""
    items = pen_data.items() if isinstance(pen_data, LogoList) else []
    if len(items) < 4:
        raise LogoError("doesnt_like", who="setpen", what=pen_data)
    state, mode, size, color = items[:4]
    {"reverse": g.penreverse, "erase": g.penerase}.get(str(mode).lower(), g.penpaint)(I)
    (g.penup if str(state).lower() == "penup" else g.pendown)(I)
    g.setpensize(I, size)
    g.setpencolor(I, color)


@primitive("labelsize")
def labelsize(I):
    """LABELSIZE
    Output [width height]: the size in turtle steps of a character LABEL writes (the
    width of a typical letter; the height set by SETLABELHEIGHT)."""
    h = g.world(I).label_height
    return LogoList([_char_width(h), g.logo_number(h)])


def _char_width(height: Any) -> int:
    try:
        from ..turtle.text import text_mask

        return max(1, int(text_mask("n", max(1, round(height))).shape[1]))
    except ImportError:  # no font: a typical proportion
        return max(1, round(height * 0.6))
