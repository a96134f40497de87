"""Thin lines in pure Python: the pixels of one segment, as the numpy kernels find them.

A turtle's step draws one line; for a thin pen (one pixel wide) on a page of one pixel
per step this module finds its pixels without numpy, so that a drawing program need not
load numpy at all.  The pixels are exactly those of the numpy path (``raster.py`` and
``Page.draw_segments``): the same fixed-point DDA between integer end pixels
(:func:`line_pixels`), and for a line that leaves the page the same Liang-Barsky clipping
to the page's box, with the same floating-point operations in the same order
(:func:`clip_to_page`), then the ends rounded and kept on the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import floor

FIX = 16
HALF = 1 << (FIX - 1)
MARGIN = 0.499  # thin lines are clipped to the page widened by this much (raster's box)


def line_pixels(c0: int, r0: int, c1: int, r1: int) -> Iterator[tuple[int, int]]:
    """The pixels (column, row) of one segment between integer end pixels, first to last."""
    dx, dy = c1 - c0, r1 - r0
    n = max(abs(dx), abs(dy))
    if n == 0:
        yield c0, r0
        return
    sx = (dx << FIX) // n
    sy = (dy << FIX) // n
    for k in range(n + 1):
        yield c0 + ((k * sx + HALF) >> FIX), r0 + ((k * sy + HALF) >> FIX)


def byte_steps(dx: int, dy: int, w: int) -> tuple[int, ...]:
    """The byte offsets, from its first pixel, of the other pixels of a line going ``dx``
    columns and ``dy`` rows on an RGB raster ``w`` pixels wide (not both 0)."""
    n, w3 = max(dx, -dx, dy, -dy), 3 * w
    sx, sy = (dx << FIX) // n, (dy << FIX) // n
    return tuple(((k * sy + HALF) >> FIX) * w3 + ((k * sx + HALF) >> FIX) * 3
                 for k in range(1, n + 1))


def clip_to_page(x0: float, y0: float, x1: float, y1: float, w: int, h: int
                 ) -> tuple[int, int, int, int] | None:
    """The end pixels of the part of a line (float pixel coordinates ``cx + x``,
    ``cy - y``) that lies on a ``w`` x ``h`` page, None when none does: what
    ``raster.clip_segments`` and ``Page._split_ends`` compute for a thin line."""
    xmin, xmax, ymin, ymax = -MARGIN, (w - 1) + MARGIN, -MARGIN, (h - 1) + MARGIN
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - xmin), (dx, xmax - x0), (-dy, y0 - ymin), (dy, ymax - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
    if not t0 <= t1:
        return None
    ends = (x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy)
    tops = (w - 1, h - 1, w - 1, h - 1)
    c0, r0, c1, r1 = (min(max(floor(v + 0.5), 0), top)  # (numpy: floor, then clip)
                      for v, top in zip(ends, tops, strict=True))
    return c0, r0, c1, r1
