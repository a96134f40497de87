"""The page: the picture as a numpy array, drawn headless, read back exactly.

A page is ``width`` x ``height`` turtle steps (800 x 600 unless set), origin in the
centre, y up.  Its raster :attr:`Page.pixels` is a C-contiguous ``uint8`` array of shape
``(H, W, 3)`` with one pixel per turtle step (``scale`` pixels per step when a page is
made bigger for export) plus the edge pixels: for 800 x 600 steps that is 801 x 601
pixels, the turtle's (0, 0) is pixel (column 400, row 300), x = -400..400 and
y = -300..300 are all on the page.  The point (x, y) falls in the pixel
``column = floor(cx + x * scale + 0.5)``, ``row = floor(cy - y * scale + 0.5)``.

Nothing is anti-aliased: a pixel is the pen's colour or untouched, so :meth:`Page.color_at`
(``colorunder``) and :meth:`Page.fill` read back exactly the colours that were drawn.
Pen modes: ``paint`` draws the colour, ``erase`` draws the background colour,
``reverse`` inverts each pixel it passes (255 - value), so drawing twice restores.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from . import raster
from .records import ERASE, PAINT, REVERSE

RGB = tuple[int, int, int]
V3 = np.dtype((np.void, 3))
SHORT = 48  # segments up to this many pixels are drawn by the pure-Python path


def _void(rgb: RGB) -> np.void:
    return np.array([rgb], dtype=np.uint8).view(V3)[0]


class Page:
    """The raster and the operations that change it (see the module docstring)."""

    def __init__(self, width: int = 800, height: int = 600, scale: float = 1,
                 bg: RGB = (255, 255, 255)):
        self.width, self.height, self.scale = width, height, scale
        self.w = int(round(width * scale)) + 1
        self.h = int(round(height * scale)) + 1
        self.cx = (self.w - 1) / 2
        self.cy = (self.h - 1) / 2
        self.pixels = np.empty((self.h, self.w, 3), np.uint8)
        self._flat = self.pixels.view(V3).reshape(-1)
        self._bytes = memoryview(self.pixels).cast("B")
        self.bg: RGB = bg
        self._reverse_end: int | None = None
        self.clear(bg)

    # --- coordinates -----------------------------------------------------------------
    def to_pixel(self, x: float, y: float) -> tuple[int, int]:
        """(column, row) of the pixel containing the turtle point (x, y)."""
        return (math.floor(self.cx + x * self.scale + 0.5),
                math.floor(self.cy - y * self.scale + 0.5))

    def on_page(self, col: int, row: int) -> bool:
        return 0 <= col < self.w and 0 <= row < self.h

    # --- whole page ------------------------------------------------------------------
    def clear(self, rgb: RGB) -> None:
        """Wipe the page to ``rgb``, which becomes the background colour."""
        self.pixels[:] = rgb
        self.bg = rgb
        self._reverse_end = None

    def set_background(self, rgb: RGB) -> None:
        """``setbg``: pixels of the old background colour take the new one."""
        self._flat[self._flat == _void(self.bg)] = _void(rgb)
        self.bg = rgb

    def color_at(self, x: float, y: float) -> RGB | None:
        """The colour of the pixel under (x, y), None off the page."""
        try:
            col = math.floor(self.cx + x * self.scale + 0.5)
            row = math.floor(self.cy - y * self.scale + 0.5)
        except (OverflowError, ValueError):
            return None
        if not (0 <= col < self.w and 0 <= row < self.h):
            return None
        i = (row * self.w + col) * 3
        b = self._bytes
        return (b[i], b[i + 1], b[i + 2])

    # --- lines -----------------------------------------------------------------------
    def draw_segment(self, x0: float, y0: float, x1: float, y1: float, rgb: RGB,
                     width: float = 1, mode: str = PAINT) -> None:
        """One line in turtle coordinates (a turtle's move).  Short thin lines inside the
        page (the common case) are drawn pixel by pixel in Python, the rest by numpy."""
        s, cx, cy = self.scale, self.cx, self.cy
        try:
            c0, r0 = math.floor(cx + x0 * s + 0.5), math.floor(cy - y0 * s + 0.5)
            c1, r1 = math.floor(cx + x1 * s + 0.5), math.floor(cy - y1 * s + 0.5)
        except (OverflowError, ValueError):  # infinite or NaN end: nothing to see
            return
        w, h = self.w, self.h
        dx, dy = c1 - c0, r1 - r0
        if (width * s <= 1.5 and 0 <= c0 < w and 0 <= c1 < w and 0 <= r0 < h
                and 0 <= r1 < h and -SHORT <= dx <= SHORT and -SHORT <= dy <= SHORT):
            if mode != PAINT:
                self._short_line(c0, r0, c1, r1, rgb, mode)
                return
            b, data = self._bytes, bytes(rgb)  # raster.line_pixels, inlined: fd's hot path
            n = max(dx, -dx, dy, -dy)
            i0 = (r0 * w + c0) * 3
            if n == 0:
                b[i0:i0 + 3] = data
                return
            sx, sy, w3 = (dx << 16) // n, (dy << 16) // n, 3 * w
            for k in range(n + 1):
                i = i0 + ((k * sy + 32768) >> 16) * w3 + ((k * sx + 32768) >> 16) * 3
                b[i:i + 3] = data
            return
        xy = np.array([[x0, y0, x1, y1]], np.float64)
        self.draw_segments(xy, rgb, width, mode)

    def _short_line(self, c0: int, r0: int, c1: int, r1: int, rgb: RGB, mode: str) -> None:
        b, w = self._bytes, self.w
        if mode == REVERSE:
            first = True
            for c, r in raster.line_pixels(c0, r0, c1, r1):
                i = (r * w + c) * 3
                if not (first and i == self._reverse_end):
                    b[i], b[i + 1], b[i + 2] = 255 - b[i], 255 - b[i + 1], 255 - b[i + 2]
                first = False
            self._reverse_end = (r1 * w + c1) * 3
            return
        data = bytes(self.bg if mode == ERASE else rgb)
        for c, r in raster.line_pixels(c0, r0, c1, r1):
            i = (r * w + c) * 3
            b[i:i + 3] = data

    def draw_segments(self, xy: np.ndarray, rgb: RGB | np.ndarray, width: float = 1,
                      mode: str = PAINT) -> None:
        """Many lines at once: ``xy`` is an (N, 4) array of x0 y0 x1 y1 turtle coordinates;
        ``rgb`` one colour or an (N, 3) array of colours."""
        xy = np.asarray(xy, np.float64).reshape(-1, 4)
        if not len(xy):
            return
        colours = np.asarray(rgb, np.uint8)
        if colours.ndim == 2 and mode == PAINT:
            packed = colours[:, 0].astype(np.int32) << 16 | colours[:, 1] << 8 | colours[:, 2]
            for value in np.unique(packed):
                sel = packed == value
                self.draw_segments(xy[sel], tuple(int(v) for v in colours[sel][0]), width, mode)
            return
        if colours.ndim == 2:
            colours = colours[0]
        idx_chunks = self._segment_pixels(xy, width)
        if mode == REVERSE:
            self._invert(idx_chunks)
            return
        value = _void(self.bg if mode == ERASE else tuple(int(v) for v in colours))
        for idx in idx_chunks:
            np.put(self._flat, idx, value)

    def _segment_pixels(self, xy: np.ndarray, width: float):
        """Flat pixel indices (on the page) covered by the segments, chunk by chunk."""
        s = self.scale
        radius = width * s / 2 if width * s > 1.5 else 0.0
        px0, py0 = self.cx + xy[:, 0] * s, self.cy - xy[:, 1] * s
        px1, py1 = self.cx + xy[:, 2] * s, self.cy - xy[:, 3] * s
        pad = int(np.ceil(radius)) + 1
        inside = ((np.minimum(px0, px1) >= pad - 1) & (np.maximum(px0, px1) <= self.w - pad)
                  & (np.minimum(py0, py1) >= pad - 1) & (np.maximum(py0, py1) <= self.h - pad))
        safe = bool(inside.all())
        if not safe:
            box = (-pad, self.w - 1 + pad, -pad, self.h - 1 + pad)
            px0, py0, px1, py1, keep = raster.clip_segments(px0, py0, px1, py1, box)
            px0, py0, px1, py1 = px0[keep], py0[keep], px1[keep], py1[keep]
        ends = [np.floor(v + 0.5).astype(np.int64) for v in (px0, py0, px1, py1)]
        offsets = raster.disk_offsets(radius) if radius else None
        for xs, ys in raster.dda_chunks(*ends):
            if offsets is None:
                yield from self._masked_index(xs, ys, safe)
            else:
                for dx, dy in zip(*offsets, strict=True):
                    yield from self._masked_index(xs + dx, ys + dy, False)

    def _masked_index(self, xs: np.ndarray, ys: np.ndarray, safe: bool):
        if not safe:
            ok = (xs >= 0) & (xs < self.w) & (ys >= 0) & (ys < self.h)
            if not ok.all():
                xs, ys = xs[ok], ys[ok]
        yield ys * self.w + xs

    def _invert(self, idx_chunks) -> None:
        parts = [np.array(idx, np.int64) for idx in idx_chunks]
        if not parts:
            return
        idx = np.unique(np.concatenate(parts))
        flat = self.pixels.reshape(-1, 3)
        flat[idx] = 255 - flat[idx]
        self._reverse_end = None

    # --- areas -----------------------------------------------------------------------
    def fill(self, x: float, y: float, rgb: RGB) -> np.ndarray | None:
        """Flood-fill the 4-connected region of the colour under (x, y) with ``rgb``.

        Returns the filled region as pixel runs (see :func:`raster.mask_spans`), or None
        when nothing changes (off the page, or the region already has that colour)."""
        col, row = self.to_pixel(x, y)
        if not self.on_page(col, row):
            return None
        if self.color_at(x, y) == tuple(rgb):
            return None
        cells = self._flat.reshape(self.h, self.w)
        mask = raster.region(cells == cells[row, col], row, col)
        self._flat[mask.ravel()] = _void(rgb)
        self._reverse_end = None
        return raster.mask_spans(mask)

    def fill_spans(self, spans: np.ndarray, rgb: RGB) -> None:
        """Paint pixel runs (row, first col, last col) as :meth:`fill` returned them."""
        for row, c0, c1 in spans.tolist():
            self.pixels[row, c0:c1 + 1] = rgb

    def fill_polygon(self, points: Sequence[tuple[float, float]], rgb: RGB) -> None:
        """Paint the inside of a polygon given in turtle coordinates (stamps)."""
        pts = np.asarray(points, np.float64)
        xs = self.cx + pts[:, 0] * self.scale
        ys = self.cy - pts[:, 1] * self.scale
        r0, c0, mask = raster.polygon_mask(xs, ys, self.w, self.h)
        if mask.size:
            self.pixels[r0:r0 + mask.shape[0], c0:c0 + mask.shape[1]][mask] = rgb
        outline = np.concatenate([pts, np.roll(pts, -1, axis=0)], axis=1)
        self.draw_segments(outline, rgb)

    def draw_text(self, x: float, y: float, text: str, rgb: RGB, height: float) -> None:
        """Write ``text`` with its lower left corner at (x, y), ``height`` steps tall."""
        from .text import text_mask

        mask = text_mask(text, max(1, int(round(height * self.scale))))
        if not mask.size:
            return
        col, row = self.to_pixel(x, y)
        top = row - mask.shape[0] + 1
        r0, c0 = max(0, top), max(0, col)
        r1, c1 = min(self.h, top + mask.shape[0]), min(self.w, col + mask.shape[1])
        if r1 <= r0 or c1 <= c0:
            return
        part = mask[r0 - top:r1 - top, c0 - col:c1 - col]
        self.pixels[r0:r1, c0:c1][part] = rgb
