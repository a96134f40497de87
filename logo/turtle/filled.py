"""FILLED (UCBLogo 6.2): run instructions, then paint the inside of the path the turtle
went along, from where it stood back to there, in a colour.

The world keeps the points its turtle moves to while :attr:`TurtleWorld.path` is a list
(pen up or down, as UCBLogo).  The polygon is painted under the lines the instructions
drew: they are drawn again on top, and in the log the :class:`Polygon` record comes
before them, so undo, resizing and the SVG export show the same picture.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..language.errors import LogoError
from .palette import resolve_color
from .records import REVERSE, Polygon
from .replay import replay


def filled(world: Any, color: Any, run: Callable[[], Any]) -> None:
    """Run ``run()`` and fill the path it made with ``color`` (a number, name or
    UCBLogo's percent ``[r g b]``).  FILLED inside FILLED is an error, as UCBLogo's."""
    _, rgb = resolve_color(color, world.palette_changes)
    if world.path is not None:
        raise LogoError("doesnt_like", who="filled", what="filled")
    t = world.first()
    first, start = world.checkpoint()  # packed: later packing never crosses ``start``
    world.path = [(t.x, t.y)]
    try:
        run()
        path = world.path
    finally:
        world.path = None
    path.append(path[0])
    if len(path) < 4:  # fewer than three corners: nothing inside
        return
    if world.log[0] is not first:  # the page was cleared meanwhile
        start = 1
    lines = world.log[start:]
    world.page.fill_polygon(path, rgb)
    for rec in lines:
        if getattr(rec, "mode", None) != REVERSE:
            replay(rec, world.page)
    world.log.insert(start, Polygon(tuple(path), rgb))
    world.changes += 1
