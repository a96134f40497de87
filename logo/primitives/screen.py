"""Screen modes and the text cursor (UCBLogo manual: TEXT AND SCREEN CONTROL,
GRAPHICS: TURTLE AND WINDOW CONTROL).  Our window always shows the text and the picture
side by side, so the modes are remembered for SCREENMODE and change nothing else; the
text cursor is remembered for CURSOR (UCBLogo's, writing to a file, moves the same way)."""

from __future__ import annotations

from typing import Any

from ..language.errors import doesnt_like
from ..language.values import LogoList, parse_number
from .registry import primitive


def _set_mode(I: Any, mode: str) -> None:
    I.screen_mode = mode


@primitive("splitscreen", "ss")
def splitscreen(I):
    """SPLITSCREEN
    SS

    Shows the text and the graphics together."""
    _set_mode(I, "splitscreen")


@primitive("fullscreen", "fs")
def fullscreen(I):
    """FULLSCREEN
    FS

    Gives the graphics the whole screen (here: the picture stays beside the text)."""
    _set_mode(I, "fullscreen")


@primitive("textscreen", "ts")
def textscreen(I):
    """TEXTSCREEN
    TS

    Gives the text the whole screen (here: the picture stays beside the text)."""
    _set_mode(I, "textscreen")


@primitive("screenmode")
def screenmode(I):
    """SCREENMODE
    Outputs the word TEXTSCREEN, SPLITSCREEN or FULLSCREEN: the last mode chosen."""
    return getattr(I, "screen_mode", "textscreen")


@primitive("setcursor")
def setcursor(I, pos):
    """SETCURSOR [column row]
    Moves the text cursor to the column and row given (counted from 0)."""
    items = pos.items() if isinstance(pos, LogoList) else []
    nums = [parse_number(v) if isinstance(v, str) else v for v in items]
    if len(nums) != 2 or not all(type(v) is int for v in nums):
        raise doesnt_like("setcursor", pos)
    I.text_cursor = LogoList(nums)


@primitive("cursor")
def cursor(I):
    """CURSOR
    Outputs [column row], where SETCURSOR last put the text cursor ([0 0] after
    CLEARTEXT)."""
    return getattr(I, "text_cursor", None) or LogoList([0, 0])


@primitive("refresh")
def refresh(I):
    """REFRESH
    The window shows the drawing as it goes (the default), and shows it now.  (The
    picture is always kept for redrawing, as UCBLogo's REFRESH asks.)"""
    frames = I.world.frames
    frames.auto = True
    frames.take()


@primitive("norefresh")
def norefresh(I):
    """NOREFRESH
    The window shows the drawing only at the program's pauses: REFRESH, WAIT, the end of a
    command or of a button's pass, a turn of the processes.  A lesson that wipes and
    redraws a whole scene uses it so that the scene appears at once.  (UCBLogo's NOREFRESH
    only stops keeping the picture for redrawing; here it is always kept.)"""
    I.world.frames.auto = False
