"""Plots and monitors in the window: the layout ``logo/turtle/plot_picture.py`` makes
(the same the PNG export draws), drawn with the window's own fonts.  Lines and curves
follow the widget's rectangle on the screen (smaller when the page is shown smaller);
the letters keep their size (13 px for a plot's name and axes, 15 px for a monitor),
so they stay readable at any window size."""

from __future__ import annotations

from typing import Any

import pygame

from ..turtle.plot_picture import FRAME, WHITE, shapes
from . import style

PLOT_TEXT = 13
MONITOR_TEXT = 15
LEAST_TEXT = 6  # px: a monitor shown small (a small window) shrinks its letters to this


def draw(surface: pygame.Surface, widget: Any, rect: pygame.Rect) -> None:
    """Draw a plot or a monitor into ``rect`` of the widgets' layer.  A plot shown
    smaller than its size (a small window) is drawn at its size and scaled down
    smoothly, so its letters never run into its axes."""
    if hasattr(widget, "pens") and rect.size != (widget.w, widget.h) and \
            widget.w * widget.h <= 4_000_000:
        image = pygame.Surface((max(1, widget.w), max(1, widget.h)))
        _draw(image, widget, image.get_rect())
        surface.blit(pygame.transform.smoothscale(image, rect.size), rect)
        return
    _draw(surface, widget, rect)


def _draw(surface: pygame.Surface, widget: Any, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, WHITE, rect)
    sx = rect.w / max(1, widget.w)
    sy = rect.h / max(1, widget.h)
    monitor = not hasattr(widget, "pens")
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    try:
        for shape in shapes(widget):
            kind = shape[0]
            if kind == "line":
                _, c0, r0, c1, r1, rgb = shape
                pygame.draw.line(surface, rgb, (rect.x + c0 * sx, rect.y + r0 * sy),
                                 (rect.x + c1 * sx, rect.y + r1 * sy))
            elif kind == "poly":
                _, xy, rgb = shape
                _polyline(surface, rect, xy, rgb, sx, sy)
            else:
                _text(surface, rect, shape, monitor, sx, sy)
    finally:
        surface.set_clip(clip)
    pygame.draw.rect(surface, FRAME, rect, 1)


def _polyline(surface: pygame.Surface, rect: pygame.Rect, xy: Any, rgb: Any, sx: float,
              sy: float) -> None:
    points = [(rect.x + c * sx, rect.y + r * sy) for c, r in xy.tolist()]
    if len(points) == 1:
        pygame.draw.circle(surface, rgb, points[0], 1)
    elif points:
        pygame.draw.lines(surface, rgb, False, points)


def _text(surface: pygame.Surface, rect: pygame.Rect, shape: tuple, monitor: bool,
          sx: float, sy: float) -> None:
    _, col, row, text, rgb, *_ = shape
    if monitor:  # centred in its height, cut with an ellipsis when too long
        size = fitting_size(MONITOR_TEXT, rect.h - 2, LEAST_TEXT)
        text = fit(text, rect.w - 8, size) if style.font(size).get_height() <= rect.h else ""
        y = rect.y + (rect.h - style.font(size).get_height()) // 2
    else:
        size = PLOT_TEXT
        y = rect.y + row * sy - 1
    style.text(surface, text, (round(rect.x + col * sx), round(y)), rgb, size)


def fitting_size(size: int, height: int, least: int = 9) -> int:
    """``size``, or a smaller one (``least`` at the smallest) whose lines fit ``height``
    pixels: a widget shown smaller than its size (a small window)."""
    while size > least and style.font(size).get_height() > height:
        size -= 1
    return size


def fit(text: str, width: int, size: int) -> str:
    """``text``, or as much of it as fits ``width`` pixels followed by an ellipsis
    (nothing where not even the ellipsis fits)."""
    f = style.font(size)
    if f.size(text)[0] <= width:
        return text
    if f.size("\u2026")[0] > width:
        return ""
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid] + "\u2026")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "\u2026"
