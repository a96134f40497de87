"""Mouse queries and sound (UCBLogo manual: GRAPHICS, MOUSE QUERIES; TONE): the window's
mouse on the page, through the host (``Host.mouse``, ``Host.take_button``).  Without a
window no button is ever down and the mouse stays at [0 0]; TONE is silent there and
returns at once."""

from __future__ import annotations

from typing import Any

from ..language.errors import LogoError
from ..language.values import LogoList, logo_bool
from .coerce import num, sixtieths
from .registry import primitive

MAX_FREQUENCY = 1e6


def _point(xy: tuple[float, float]) -> LogoList:
    return LogoList([round(v) if float(v).is_integer() else v for v in xy])


@primitive("buttonp", "button?")
def buttonp(I):
    """BUTTONP
    BUTTON?
    Outputs TRUE if a mouse button is down and was pressed over the page (it stays
    TRUE until the button is let go, wherever the mouse goes)."""
    return logo_bool(I.host.mouse()[0])


@primitive("button")
def button(I):
    """BUTTON
    Outputs which mouse button was last pressed over the page since the last BUTTON:
    1 left, 2 right, 3 middle; 0 if none was."""
    return I.host.take_button()


@primitive("mousepos")
def mousepos(I):
    """MOUSEPOS
    Outputs [x y], where the mouse is over the page in turtle coordinates (where it
    last was over the page when it is outside)."""
    return _point(I.host.mouse()[1])


@primitive("clickpos")
def clickpos(I):
    """CLICKPOS
    Outputs [x y], where the mouse was over the page when a button was last pressed."""
    return _point(I.host.mouse()[2])


def _tone_inputs(frequency: Any, duration: Any) -> tuple[float, float]:
    hz = num(frequency)
    if not 0 <= hz <= MAX_FREQUENCY:
        raise LogoError("doesnt_like", what=frequency)
    if isinstance(duration, (int, float)) and duration < 0:
        return float(hz), 0.0  # UCBLogo plays nothing
    return float(hz), sixtieths(duration) / 60


@primitive("tone")
def tone(I, frequency, duration):
    """TONE frequency duration
    Plays a tone of frequency hertz for duration 60ths of a second (a sine tone in the
    window when there is sound; silent, and at once, without one)."""
    hz, seconds = _tone_inputs(frequency, duration)
    if seconds > 0 and hz > 0:
        I.host.tone(hz, seconds)
