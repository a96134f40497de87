"""The page: the picture as a numpy array, drawn headless, read back exactly.

A page is ``width`` x ``height`` turtle steps (800 x 600 unless set), origin in the
centre, y up.  Its raster :attr:`Page.pixels` is a C-contiguous ``uint8`` array of shape
``(H, W, 3)`` with one pixel per turtle step (``scale`` pixels per step when a page is
made bigger for export) plus the edge pixels: for 800 x 600 steps that is 801 x 601
pixels, the turtle's (0, 0) is pixel (column 400, row 300), x = -400..400 and
y = -300..300 are all on the page.  The point (x, y) falls in the pixel
``column = floor(x * scale + (cx + 0.5))``, ``row = floor((cy + 0.5) - y * scale)``,
computed with exactly these floating-point operations everywhere (pure Python and numpy),
so that a line's end pixel is the pixel ``colorunder`` reads there.

Nothing is anti-aliased: a pixel is the pen's colour or untouched, so :meth:`Page.color_at`
(``colorunder``) and :meth:`Page.fill` read back exactly the colours that were drawn.
Pen modes: ``paint`` draws the colour, ``erase`` draws the background colour,
``reverse`` inverts each pixel it passes (255 - value), so drawing twice restores.

The raster lives in a ``bytearray``, made when first used (and let go by a clear until
then); :attr:`Page.pixels` is a numpy view of it, made on first use.  Thin lines are drawn in pure Python (``thin_lines.py``: the same pixels as
the numpy kernels), so that a program that only moves thin pens never loads numpy.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from math import floor
from typing import TYPE_CHECKING, Any

from . import thin_lines
from .page_lines import BatchLines, void_of
from .page_lines import as_rgb as as_rgb  # (re-exported: export.py)
from .records import ERASE, PAINT, REVERSE

if TYPE_CHECKING:
    import numpy as np

RGB = tuple[int, int, int]
SHORT = 48  # lines up to this many pixels: their pixels' offsets are remembered
SPAN = 2 * SHORT + 1  # the short lines' steps across (or down): -SHORT..SHORT
LONG = 160  # thin lines up to this many pixels are drawn in pure Python (longer: numpy's
# per-line cost is less than Python's per pixel)
_MEMORY = threading.RLock()  # a page's memory made, viewed as an array or let go (the
# window's thread takes frames while the program draws)


class Page(BatchLines):
    """The raster and the operations that change it (see the module docstring)."""

    def __init__(self, width: int = 800, height: int = 600, scale: float = 1,
                 bg: RGB = (255, 255, 255)):
        self.width, self.height, self.scale = width, height, scale
        self.w = round(width * scale) + 1
        self.h = round(height * scale) + 1
        self.cx = (self.w - 1) / 2
        self.cy = (self.h - 1) / 2
        self._ox, self._oy = self.cx + 0.5, self.cy + 0.5  # (exact: cx is a multiple of 0.5)
        self._inks: dict[RGB, bytes] = {}
        self._steps: list[tuple[int, ...] | None] = [None] * (SPAN * SPAN)  # _line_steps
        self._buffer: bytearray | None = None  # the raster (made by _memory)
        self._bytes: memoryview | None = None  # a view of it
        self._pixels: Any = None  # the numpy view (see pixels)
        self.bg: RGB = bg
        self._reverse_end: int | None = None
        self.pending: Callable[[], None] | None = None  # lines drawn, not yet painted

    def _memory(self) -> memoryview:
        """The raster's memory (``_bytes``, a view of the ``bytearray`` ``_buffer``), made
        in the background colour when first used: a program that never draws never fills
        it, one that clears the page before drawing does not fill it twice."""
        with _MEMORY:
            if self._bytes is None:
                buffer = bytearray(bytes(self.bg)) * (self.h * self.w)  # (one pass)
                self._buffer = buffer
                self._bytes = memoryview(buffer)
            return self._bytes

    @property
    def pixels(self) -> np.ndarray:
        """The raster: a C-contiguous ``uint8`` array of shape ``(H, W, 3)`` (a view of the
        page's own memory: writing it draws).  Every line drawn so far is on it."""
        if self.pending is not None:
            self.pending()
        if self._pixels is None:
            import numpy as np  # lazy: numpy

            with _MEMORY:
                if self._pixels is None:
                    self._pixels = np.frombuffer(self._bytes or self._memory(),
                                                 np.uint8).reshape(self.h, self.w, 3)
        return self._pixels

    @property
    def _flat(self) -> np.ndarray:
        """The pixels as one row of 3-byte ``void`` values (whole-pixel compares)."""
        import numpy as np  # lazy: numpy

        return self.pixels.view(np.dtype((np.void, 3))).reshape(-1)

    # --- coordinates -----------------------------------------------------------------
    def to_pixel(self, x: float, y: float) -> tuple[int, int]:
        """(column, row) of the pixel containing the turtle point (x, y)."""
        return floor(self._ox + x * self.scale), floor(self._oy - y * self.scale)

    def to_turtle(self, col: float, row: float) -> tuple[float, float]:
        """The turtle point at pixel (column, row) (a mouse click on the page)."""
        return (col - self.cx) / self.scale, (self.cy - row) / self.scale

    def on_page(self, col: int, row: int) -> bool:
        return 0 <= col < self.w and 0 <= row < self.h

    # --- whole page ------------------------------------------------------------------
    def clear(self, rgb: RGB) -> None:
        """Wipe the page to ``rgb``, which becomes the background colour.  Until the
        pixels have been handed out as an array, the memory is let go instead, to be made
        again in ``rgb`` when next used."""
        if self.pending is not None:
            self.pending()
        with _MEMORY:
            self.bg = rgb
            self._reverse_end = None
            if self._pixels is None:
                self._buffer = self._bytes = None
                return
        self._pixels[:] = rgb

    def set_background(self, rgb: RGB) -> None:
        """``setbg``: pixels of the old background colour take the new one."""
        self._flat[self._flat == void_of(self.bg)] = void_of(rgb)
        self.bg = rgb

    def color_at(self, x: float, y: float) -> RGB | None:
        """The colour of the pixel under (x, y), None off the page."""
        if self.pending is not None:
            self.pending()
        try:
            col = floor(self._ox + x * self.scale)
            row = floor(self._oy - y * self.scale)
        except (OverflowError, ValueError):
            return None
        w = self.w
        if not (0 <= col < w and 0 <= row < self.h):
            return None
        i = (row * w + col) * 3
        b = self._bytes or self._memory()
        return (b[i], b[i + 1], b[i + 2])

    # --- lines -----------------------------------------------------------------------
    def draw_segment(self, x0: float, y0: float, x1: float, y1: float, rgb: RGB,
                     width: float = 1, mode: str = PAINT) -> None:
        """One line in turtle coordinates (a turtle's move).  Short thin lines inside the
        page (the common case) are drawn pixel by pixel in Python, the rest by numpy."""
        if self.pending is not None:
            self.pending()
        s, ox, oy = self.scale, self._ox, self._oy
        try:
            c0, r0 = floor(ox + x0 * s), floor(oy - y0 * s)
            c1, r1 = floor(ox + x1 * s), floor(oy - y1 * s)
        except (OverflowError, ValueError):  # infinite or NaN end: nothing to see
            return
        w, h = self.w, self.h
        dx, dy = c1 - c0, r1 - r0
        thin = width * s <= 1.5
        inside = (c0 | r0 | c1 | r1) >= 0 and c0 < w and c1 < w and r0 < h and r1 < h
        if thin and inside:
            if mode in (PAINT, ERASE):  # thin_lines.line_pixels, inlined: fd's path
                b = self._bytes or self._memory()
                if mode == ERASE:
                    rgb = self.bg
                data = self._inks.get(rgb) or self._ink(rgb)
                i0 = (r0 * w + c0) * 3
                b[i0:i0 + 3] = data
                if -1 <= dx <= 1 and -1 <= dy <= 1:  # fd 1: the end is the only other pixel
                    i = (r1 * w + c1) * 3
                    b[i:i + 3] = data
                    return
                if -SHORT <= dx <= SHORT and -SHORT <= dy <= SHORT:
                    key = (dx + SHORT) * SPAN + dy + SHORT
                    for o in self._steps[key] or self._line_steps(dx, dy, key):
                        i = i0 + o
                        b[i:i + 3] = data
                    return
                if -LONG <= dx <= LONG and -LONG <= dy <= LONG:
                    for o in thin_lines.byte_steps(dx, dy, w):
                        i = i0 + o
                        b[i:i + 3] = data
                    return
            elif -SHORT <= dx <= SHORT and -SHORT <= dy <= SHORT:
                self._short_line(c0, r0, c1, r1, rgb, mode)
                return
        pad = width * s
        if ((c0 < -pad and c1 < -pad) or (c0 > w + pad and c1 > w + pad)
                or (r0 < -pad and r1 < -pad) or (r0 > h + pad and r1 > h + pad)):
            return  # wholly off the page (window mode, huge arcs)
        if (thin and not inside and s == 1 and mode != REVERSE  # leaving the page: clipped
                and self._clipped_line(x0, y0, x1, y1, self.bg if mode == ERASE else rgb)):
            return
        self.draw_segments([[x0, y0, x1, y1]], rgb, width, mode)  # (numpy)

    def paint_thin(self, x0: float, y0: float, x1: float, y1: float, ink: bytes,
                   rgb: RGB, width: float) -> None:
        """:meth:`draw_segment` of a thin line of the paint pen whose pixel bytes are
        ``ink`` (``bytes(rgb)``; ``width`` at most 1.5), done here when the page has one pixel a step and the
        line is short and inside the page (a turtle's step: the same pixels)."""
        if self.pending is not None:
            self.pending()
        ox, oy = self._ox, self._oy
        try:
            c0, r0 = floor(ox + x0), floor(oy - y0)
            c1, r1 = floor(ox + x1), floor(oy - y1)
        except (OverflowError, ValueError):  # infinite or NaN end: nothing to see
            return
        w, h = self.w, self.h
        dx, dy = c1 - c0, r1 - r0
        if (c0 | r0 | c1 | r1) >= 0 and c0 < w and c1 < w and r0 < h and r1 < h:
            if -SHORT <= dx <= SHORT and -SHORT <= dy <= SHORT and self.scale == 1:
                b = self._bytes or self._memory()
                i0 = (r0 * w + c0) * 3
                b[i0:i0 + 3] = ink
                if dx or dy:
                    key = (dx + SHORT) * SPAN + dy + SHORT
                    for o in self._steps[key] or self._line_steps(dx, dy, key):
                        i = i0 + o
                        b[i:i + 3] = ink
                return
        elif (((c0 < -width and c1 < -width) or (c0 > w + width and c1 > w + width)
               or (r0 < -width and r1 < -width) or (r0 > h + width and r1 > h + width))
              and self.scale == 1):
            return  # wholly off the page (window mode)
        self.draw_segment(x0, y0, x1, y1, rgb, width, PAINT)

    def paint_lines(self, run: list[float], start: int, end: int, ink: bytes, rgb: RGB,
                    width: float) -> None:
        """:meth:`paint_thin` of each line in ``run[start:end]`` (x0 y0 x1 y1 each, thin
        paint of the pixel bytes ``ink``): a turtle world's lines painted late
        (``runs.py``), the short ones on the page done here in one loop."""
        ox, oy, w, h, steps = self._ox, self._oy, self.w, self.h, self._steps
        b = self._bytes or self._memory()
        near = self.scale == 1
        it = iter(run[start:end])
        for x0, y0, x1, y1 in zip(it, it, it, it):
            try:
                c0, r0 = floor(ox + x0), floor(oy - y0)
                c1, r1 = floor(ox + x1), floor(oy - y1)
            except (OverflowError, ValueError):  # infinite or NaN end: nothing to see
                continue
            dx, dy = c1 - c0, r1 - r0
            if not (near and (c0 | r0 | c1 | r1) >= 0 and c0 < w and c1 < w and r0 < h
                    and r1 < h and -SHORT <= dx <= SHORT and -SHORT <= dy <= SHORT):
                self.paint_thin(x0, y0, x1, y1, ink, rgb, width)
                continue
            i0 = (r0 * w + c0) * 3
            b[i0:i0 + 3] = ink
            if dx or dy:
                key = (dx + SHORT) * SPAN + dy + SHORT
                for o in steps[key] or self._line_steps(dx, dy, key):
                    i = i0 + o
                    b[i:i + 3] = ink

    def _line_steps(self, dx: int, dy: int, key: int) -> tuple[int, ...]:
        """:func:`thin_lines.byte_steps` of a short line, remembered by ``key`` (at most
        SPAN * SPAN of them, a few MB)."""
        steps = self._steps[key] = thin_lines.byte_steps(dx, dy, self.w)
        return steps

    def _clipped_line(self, x0: float, y0: float, x1: float, y1: float, rgb: RGB) -> bool:
        """A thin line that leaves the page (one pixel a step): the part on the page, with
        the pixels the numpy path gives it (:func:`thin_lines.clip_to_page`); False (not
        drawn) when that part is longer than LONG pixels."""
        cx, cy = self.cx, self.cy
        ends = thin_lines.clip_to_page(x0 + cx, cy - y0, x1 + cx, cy - y1, self.w, self.h)
        if ends is None:
            return True
        c0, r0, c1, r1 = ends
        if not (-LONG <= c1 - c0 <= LONG and -LONG <= r1 - r0 <= LONG):
            return False
        b, w = self._bytes or self._memory(), self.w
        data = self._inks.get(rgb) or self._ink(rgb)
        i0 = (r0 * w + c0) * 3
        b[i0:i0 + 3] = data
        if c0 != c1 or r0 != r1:
            for o in thin_lines.byte_steps(c1 - c0, r1 - r0, w):
                i = i0 + o
                b[i:i + 3] = data
        return True

    def _ink(self, rgb: RGB) -> bytes:
        """A colour's pixel bytes, remembered (a few hundred colours at most)."""
        data = bytes(rgb)
        if len(self._inks) < 512:
            self._inks[tuple(rgb)] = data  # type: ignore[index]
        return data

    def _short_line(self, c0: int, r0: int, c1: int, r1: int, rgb: RGB, mode: str) -> None:
        b, w = self._bytes or self._memory(), self.w
        if mode == REVERSE:
            first = True
            for c, r in thin_lines.line_pixels(c0, r0, c1, r1):
                i = (r * w + c) * 3
                if not (first and i == self._reverse_end):
                    b[i], b[i + 1], b[i + 2] = 255 - b[i], 255 - b[i + 1], 255 - b[i + 2]
                first = False
            self._reverse_end = (r1 * w + c1) * 3
            return
        data = bytes(self.bg if mode == ERASE else rgb)
        for c, r in thin_lines.line_pixels(c0, r0, c1, r1):
            i = (r * w + c) * 3
            b[i:i + 3] = data

    # --- areas -----------------------------------------------------------------------
    def fill(self, x: float, y: float, rgb: RGB) -> np.ndarray | None:
        """Flood-fill the 4-connected region of the colour under (x, y) with ``rgb``.

        Returns the filled region as pixel runs (see :func:`raster.mask_spans`), or None
        when nothing changes (off the page, or the region already has that colour).
        The region is searched in a window around the seed that grows only while the
        region reaches its sides (:func:`raster.window_region`)."""
        import numpy as np  # lazy: numpy

        from . import raster
        col, row = self.to_pixel(x, y)
        if not self.on_page(col, row):
            return None
        if self.color_at(x, y) == tuple(rgb):
            return None
        cells = self._flat.reshape(self.h, self.w)
        r0, c0, mask = raster.window_region(cells, row, col)
        cells[r0:r0 + mask.shape[0], c0:c0 + mask.shape[1]][mask] = void_of(rgb)
        self._reverse_end = None
        return raster.mask_spans(mask) + np.array([r0, c0, c0], np.int32)

    def fill_polygon(self, points: Sequence[tuple[float, float]], rgb: RGB) -> None:
        """Paint the inside of a polygon given in turtle coordinates (stamps)."""
        import numpy as np  # lazy: numpy

        from . import raster
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
        from .text import text_mask  # lazy: numpy

        mask = text_mask(text, max(1, round(height * self.scale)))
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
