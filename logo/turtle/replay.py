"""Replaying the drawing log (records.py) on a page: undo, resizing, frames and the
pictures exported at another scale all redraw the records this way."""

from __future__ import annotations

from .page import Page
from .records import Background, Clear, Fill, Label, Polygon, Record, Segment, Stamp
from .turtle import shape_points


def replay(rec: Record, page: Page) -> None:
    """Apply one drawing record to a page."""
    if isinstance(rec, Segment):
        page.draw_segment(rec.x0, rec.y0, rec.x1, rec.y1, rec.rgb, rec.width, rec.mode)
    elif isinstance(rec, Clear):
        page.clear(rec.rgb)
    elif isinstance(rec, Background):
        page.set_background(rec.new)
    elif isinstance(rec, Fill):
        page.fill(rec.x, rec.y, rec.rgb)
    elif isinstance(rec, Stamp):
        page.fill_polygon(shape_points(rec.shape, rec.x, rec.y, rec.heading, rec.size),
                          rec.rgb)
    elif isinstance(rec, Label):
        page.draw_text(rec.x, rec.y, rec.text, rec.rgb, rec.height)
    elif isinstance(rec, Polygon):
        page.fill_polygon(rec.points, rec.rgb)
    else:
        page.draw_segments(rec.xy, rec.rgb, rec.width, rec.mode)
