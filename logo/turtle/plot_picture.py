"""Plots and monitors as pictures: one drawing for the window, the PNG and the SVG.

:func:`shapes` lays a widget out as lines, polylines and text in its own pixels (origin
at its top-left corner, y down); :func:`picture` rasterises them into an (h, w, 3) array
(the window blits it, :func:`compose` pastes it on the page for PNG), and
:func:`svg_elements` writes them as SVG in page coordinates.  A plot's axes hold all its
pens' points (a single value gets a range of one around it); it shows its name, the pens'
names in their colours, and the axes' ends.  A monitor shows ``name: value``.

The widgets are read by their attributes (``pens``, ``text``...), so this module needs
nothing from the session.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

import numpy as np

from .page import Page
from .palette import rgb_to_hex
from .text import _font

RGB = tuple[int, int, int]
WHITE, FRAME, AXIS, INK = (255, 255, 255), (150, 150, 160), (90, 90, 100), (30, 30, 40)
TEXT_PX = 10  # the height of a plot's letters (pixels)
MONITOR_PX = 12  # ... and a monitor's
MARGIN = 4


def label(x: float) -> str:
    """An axis end as it is shown: 4 significant digits."""
    return f"{x:.4g}"


def text_width(text: str, px: int = TEXT_PX) -> int:
    return int(text_alpha(text, px).shape[1]) if text else 0


def _span(values: list[float]) -> tuple[float, float]:
    """The range an axis shows: its least and greatest value (halved, so the difference
    of two huge numbers does not overflow), one unit around a single value."""
    lo, hi = min(values), max(values)
    if hi * 0.5 - lo * 0.5 == 0:
        pad = max(abs(lo) * 0.5, 1.0) if math.isfinite(lo) else 1.0
        lo, hi = lo - pad, hi + pad
    return lo, hi


def _scale(values: np.ndarray, lo: float, hi: float, a: float, b: float) -> np.ndarray:
    """Map [lo, hi] to [a, b] (halved first: no overflow near the largest floats)."""
    return a + (values * 0.5 - lo * 0.5) / (hi * 0.5 - lo * 0.5) * (b - a)


def plot_shapes(plot: Any) -> list[tuple]:
    """A plot as ("line", c0, r0, c1, r1, rgb), ("poly", (N, 2) array, rgb) and
    ("text", col, row_top, text, rgb) in the plot's own pixels."""
    w, h = plot.w, plot.h
    pens = list(plot.pens.values())
    pts = [np.array([(float(x), float(y)) for x, y in list(p.points)], np.float64)
           .reshape(-1, 2) for p in pens]
    out: list[tuple] = [("text", MARGIN, 2, plot.name, INK)]
    col = MARGIN + text_width(plot.name) + 10
    for pen in pens:  # the pens' names, in their colours (one pen: none)
        if len(pens) > 1:
            out.append(("text", col, 2, pen.name, pen.rgb))
            col += text_width(pen.name) + 8
    top, bottom = 4 + TEXT_PX + 4, h - TEXT_PX - 6
    every = np.concatenate(pts) if pts else np.zeros((0, 2))
    if not len(every):
        return out + _frame(MARGIN + 2, top, w - MARGIN - 2, bottom)
    (xlo, xhi), (ylo, yhi) = _span(list(every[:, 0])), _span(list(every[:, 1]))
    ylabels = label(yhi), label(ylo)
    left = MARGIN + max(map(text_width, ylabels)) + 4
    right = w - MARGIN - 2
    out.append(("text", MARGIN, top - 2, ylabels[0], AXIS))
    out.append(("text", MARGIN, bottom - TEXT_PX + 2, ylabels[1], AXIS))
    out.append(("text", left, bottom + 3, label(xlo), AXIS))
    out.append(("text", right - text_width(label(xhi)), bottom + 3, label(xhi), AXIS))
    out += _frame(left, top, right, bottom)
    for pen, p in zip(pens, pts):
        if len(p):
            cols = _scale(p[:, 0], xlo, xhi, left, right)
            rows = _scale(p[:, 1], ylo, yhi, bottom, top)
            out.append(("poly", np.stack([cols, rows], axis=1), pen.rgb))
    return out


def _frame(left: float, top: float, right: float, bottom: float) -> list[tuple]:
    return [("line", left, top, left, bottom, AXIS), ("line", left, bottom, right, bottom, AXIS)]


def monitor_shapes(monitor: Any) -> list[tuple]:
    text = f"{monitor.name}: {monitor.text}"
    row = max(0, (monitor.h - text_alpha(text, MONITOR_PX).shape[0] + 1) // 2)
    return [("text", MARGIN + 2, row, text, INK, MONITOR_PX)]


def shapes(widget: Any) -> list[tuple]:
    return plot_shapes(widget) if hasattr(widget, "pens") else monitor_shapes(widget)


# --- raster --------------------------------------------------------------------------
def picture(widget: Any) -> np.ndarray:
    """The widget as an (h, w, 3) uint8 array: white, framed, its shapes drawn."""
    w, h = max(2, widget.w), max(2, widget.h)
    page = Page(w - 1, h - 1)
    cx, cy = page.cx, page.cy
    for shape in shapes(widget):
        kind = shape[0]
        if kind == "line":
            _, c0, r0, c1, r1, rgb = shape
            page.draw_segment(c0 - cx, cy - r0, c1 - cx, cy - r1, rgb)
        elif kind == "poly":
            _, xy, rgb = shape
            _polyline(page, xy, rgb)
        else:
            _blit_text(page.pixels, int(shape[1]), int(shape[2]), *shape[3:])
    px = page.pixels
    px[0, :], px[-1, :], px[:, 0], px[:, -1] = FRAME, FRAME, FRAME, FRAME
    return px


def _polyline(page: Page, xy: np.ndarray, rgb: RGB) -> None:
    t = np.empty_like(xy)
    t[:, 0], t[:, 1] = xy[:, 0] - page.cx, page.cy - xy[:, 1]
    if len(t) == 1:  # a single point: a small cross
        x, y = t[0]
        page.draw_segments(np.array([[x - 2, y, x + 2, y], [x, y - 2, x, y + 2]]), rgb)
        return
    page.draw_segments(np.concatenate([t[:-1], t[1:]], axis=1), rgb, width=1.6)


@lru_cache(maxsize=512)
def text_alpha(text: str, px: int) -> np.ndarray:
    """The text's coverage, 0-1 a pixel (anti-aliased: a widget's letters are read,
    never sampled like the page's), a line ``px`` pixels tall."""
    if not text:
        return np.zeros((0, 0))
    font = _font(max(1, round(px * 4 / 3)))
    import pygame.surfarray  # lazy: pygame only once a widget is drawn

    surface = font.render(text[:500], True, (255, 255, 255), (0, 0, 0))
    return pygame.surfarray.array_red(surface).T / 255.0


def _blit_text(pixels: np.ndarray, col: int, row: int, text: str, rgb: RGB,
               px: int = TEXT_PX) -> None:
    alpha = text_alpha(text, px)
    if not alpha.size:
        return
    h, w = pixels.shape[:2]
    r1, c1 = min(h - 1, row + alpha.shape[0]), min(w - 2, col + alpha.shape[1])
    r0, c0 = max(1, row), max(1, col)
    if r1 > r0 and c1 > c0:
        a = alpha[r0 - row:r1 - row, c0 - col:c1 - col, None]
        part = pixels[r0:r1, c0:c1]
        part[:] = (part * (1 - a) + np.array(rgb) * a + 0.5).astype(np.uint8)


def compose(pixels: np.ndarray, widgets: list[Any]) -> np.ndarray:
    """A copy of the page's pixels with the widgets' pictures pasted at their places."""
    out = pixels.copy()
    height, width = out.shape[:2]
    for widget in widgets:
        pic = picture(widget)
        x, y = widget.x, widget.y
        r0, c0 = max(0, y), max(0, x)
        r1, c1 = min(height, y + pic.shape[0]), min(width, x + pic.shape[1])
        if r1 > r0 and c1 > c0:
            out[r0:r1, c0:c1] = pic[r0 - y:r1 - y, c0 - x:c1 - x]
    return out


# --- SVG -----------------------------------------------------------------------------
def svg_elements(widgets: list[Any]) -> str:
    """The widgets as SVG elements in page coordinates (one ``<g>`` each)."""
    parts = []
    for widget in widgets:
        x, y = widget.x, widget.y
        body = [f'<rect x="0" y="0" width="{widget.w - 1}" height="{widget.h - 1}" '
                f'fill="#ffffff" stroke="{rgb_to_hex(FRAME)}"/>']
        for shape in shapes(widget):
            body.append(_svg_shape(shape))
        parts.append(f'<g transform="translate({x},{y})">' + "".join(body) + "</g>")
    return "\n".join(parts)


def _svg_shape(shape: tuple) -> str:
    kind = shape[0]
    if kind == "line":
        _, c0, r0, c1, r1, rgb = shape
        return (f'<line x1="{c0:.6g}" y1="{r0:.6g}" x2="{c1:.6g}" y2="{r1:.6g}" '
                f'stroke="{rgb_to_hex(rgb)}"/>')
    if kind == "poly":
        _, xy, rgb = shape
        pts = " ".join(f"{c:.2f},{r:.2f}" for c, r in xy)
        return (f'<polyline points="{pts}" fill="none" stroke="{rgb_to_hex(rgb)}" '
                f'stroke-width="1.5" stroke-linejoin="round"/>')
    _, c, r, text, rgb, *size = shape
    px = size[0] if size else TEXT_PX
    return (f'<text x="{c}" y="{r + px}" font-family="sans-serif" '
            f'font-size="{px + 2}" fill="{rgb_to_hex(rgb)}">{escape(text)}</text>')


def with_widgets(svg: str, widgets: list[Any]) -> str:
    """An SVG page's text with the widgets drawn over it (before its closing tag)."""
    if not widgets:
        return svg
    end = svg.rindex("</svg>")
    return svg[:end] + svg_elements(widgets) + "\n" + svg[end:]


def save_page(world: Any, widgets: list[Any], path: str, kind: str) -> None:
    """Save the page as ``kind`` ("png" or "svg") with the widgets drawn over it."""
    from .export import atomic_write, png_bytes, svg_text

    if not widgets:
        (world.save_svg if kind == "svg" else world.save_png)(path)
    elif kind == "svg":
        page = world.page
        text = with_widgets(svg_text(world.log, page.width, page.height), widgets)
        atomic_write(path, text.encode("utf-8"))
    else:
        atomic_write(path, png_bytes(compose(world.page.pixels, widgets)))
