"""The text window's font and colours (UCBLogo manual: TEXT AND SCREEN CONTROL, the
wxWidgets primitives): SETFONT, FONT, SETTEXTSIZE, TEXTSIZE, INCREASEFONT,
DECREASEFONT, SETTEXTCOLOR.  The values are the interpreter's (FONT and TEXTSIZE report
them, as UCBLogo's start: Courier, 12); the host shows text with them where it can
(``Host.text_style``: a terminal takes the colours; the window's command center its
text colour, the colour under it and the size, kept between 9 and 28 pixels), and
without a window they are only remembered."""

from __future__ import annotations

from typing import Any

from ..language.errors import LogoError
from .coerce import integer
from .graphics import color_input
from .registry import primitive

DEFAULT_FONT = "Courier"
DEFAULT_SIZE = 12
SIZE_STEP = 2  # INCREASEFONT, DECREASEFONT: the next point size up or down
MAX_SIZE = 1000


def _style(I: Any) -> dict[str, Any]:
    return I.parts.setdefault("text_window", {"font": DEFAULT_FONT, "size": DEFAULT_SIZE,
                                              "colors": None})


def _show(I: Any) -> None:
    s = _style(I)
    I.host.text_style(s["font"], s["size"], s["colors"])


@primitive("setfont", "settextfont")
def setfont(I, fontname):
    """SETFONT fontname
    Sets the font family of the text (try "Courier or "Monospace); FONT outputs it."""
    _style(I)["font"] = fontname
    _show(I)


@primitive("font")
def font(I):
    """FONT
    Outputs the font family of the text (Courier at first)."""
    return _style(I)["font"]


def _set_size(I: Any, n: int, what: Any) -> None:
    if not 0 < n <= MAX_SIZE:
        raise LogoError("doesnt_like", what=what)
    _style(I)["size"] = n
    _show(I)


@primitive("settextsize")
def settextsize(I, height):
    """SETTEXTSIZE height
    Sets the point size of the text to the whole number height (12 at first)."""
    _set_size(I, integer(height), height)


@primitive("textsize")
def textsize(I):
    """TEXTSIZE
    Outputs the point size of the text."""
    return _style(I)["size"]


@primitive("increasefont")
def increasefont(I):
    """INCREASEFONT
    Makes the text's point size the next larger one (two points more)."""
    size = _style(I)["size"] + SIZE_STEP
    _set_size(I, min(size, MAX_SIZE), size)


@primitive("decreasefont")
def decreasefont(I):
    """DECREASEFONT
    Makes the text's point size the next smaller one (two points less, at least 1)."""
    _set_size(I, max(1, _style(I)["size"] - SIZE_STEP), 1)


@primitive("settextcolor", "settc")
def settextcolor(I, foreground, background):
    """SETTEXTCOLOR foreground background
    SETTC foreground background
    Sets the colours of the text and of the space under it: colour numbers, names or
    [r g b] lists in percent, as for the pen."""
    from ..turtle.palette import resolve_color  # lazy: start-up time

    fg = resolve_color(color_input(foreground))[1]
    bg = resolve_color(color_input(background))[1]
    _style(I)["colors"] = (fg, bg)
    _show(I)
