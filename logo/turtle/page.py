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

The raster lives in a ``bytearray``; :attr:`Page.pixels` is a numpy view of it, made on
first use.  Thin lines are drawn in pure Python (``thin_lines.py``: the same pixels as
the numpy kernels), so that a program that only moves thin pens never loads numpy.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import floor
from typing import TYPE_CHECKING, Any

from . import thin_lines
from .records import ERASE, PAINT, REVERSE

if TYPE_CHECKING:
    import numpy as np

RGB = tuple[int, int, int]
SHORT = 48  # lines up to this many pixels: their pixels' offsets are remembered
SPAN = 2 * SHORT + 1  # the short lines' steps across (or down): -SHORT..SHORT
LONG = 160  # thin lines up to this many pixels are drawn in pure Python (longer: numpy's
# per-line cost is less than Python's per pixel)


def _void(rgb: RGB) -> Any:
    """One pixel's colour as a numpy ``void`` of 3 bytes (compares and assigns whole)."""
    import numpy as np  # lazy: numpy

    return np.array([rgb], dtype=np.uint8).view(np.dtype((np.void, 3)))[0]


def as_rgb(values) -> RGB:
    """Three channel values (a sequence or array row) as an RGB tuple of ints."""
    r, g, b = (int(v) for v in values)
    return (r, g, b)


class Page:
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
        self._buffer = bytearray(self.h * self.w * 3)
        self._bytes = memoryview(self._buffer)
        self._pixels: Any = None  # the numpy view (see pixels)
        self.bg: RGB = bg
        self._reverse_end: int | None = None
        self.clear(bg)

    @property
    def pixels(self) -> np.ndarray:
        """The raster: a C-contiguous ``uint8`` array of shape ``(H, W, 3)`` (a view of the
        page's own memory: writing it draws)."""
        if self._pixels is None:
            import numpy as np  # lazy: numpy

            self._pixels = np.frombuffer(self._buffer, np.uint8).reshape(self.h, self.w, 3)
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
        """Wipe the page to ``rgb``, which becomes the background colour."""
        if self._pixels is not None:
            self._pixels[:] = rgb
        else:
            self._bytes[:] = bytes(rgb) * (self.w * self.h)
        self.bg = rgb
        self._reverse_end = None

    def set_background(self, rgb: RGB) -> None:
        """``setbg``: pixels of the old background colour take the new one."""
        self._flat[self._flat == _void(self.bg)] = _void(rgb)
        self.bg = rgb

    def color_at(self, x: float, y: float) -> RGB | None:
        """The colour of the pixel under (x, y), None off the page."""
        try:
            col = floor(self._ox + x * self.scale)
            row = floor(self._oy - y * self.scale)
        except (OverflowError, ValueError):
            return None
        w = self.w
        if not (0 <= col < w and 0 <= row < self.h):
            return None
        i = (row * w + col) * 3
        b = self._bytes
        return (b[i], b[i + 1], b[i + 2])

    # --- lines -----------------------------------------------------------------------
    def draw_segment(self, x0: float, y0: float, x1: float, y1: float, rgb: RGB,
                     width: float = 1, mode: str = PAINT) -> None:
        """One line in turtle coordinates (a turtle's move).  Short thin lines inside the
        page (the common case) are drawn pixel by pixel in Python, the rest by numpy."""
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
                b = self._bytes
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
        import numpy as np  # lazy: numpy

        xy = np.array([[x0, y0, x1, y1]], np.float64)
        self.draw_segments(xy, rgb, width, mode)

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
        b, w = self._bytes, self.w
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
        b, w = self._bytes, self.w
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

    def draw_segments(self, xy: np.ndarray, rgb: RGB | np.ndarray, width: float = 1,
                      mode: str = PAINT) -> None:
        """Many lines at once: ``xy`` is an (N, 4) array of x0 y0 x1 y1 turtle coordinates;
        ``rgb`` one colour or an (N, 3) array of colours."""
        import numpy as np  # lazy: numpy

        from . import raster
        xy = np.asarray(xy, np.float64).reshape(-1, 4)
        if not len(xy):
            return
        colours = np.asarray(rgb, np.uint8)
        if colours.ndim == 2 and mode == PAINT:
            packed = colours[:, 0].astype(np.int32) << 16 | colours[:, 1] << 8 | colours[:, 2]
            for value in np.unique(packed):
                sel = packed == value
                self.draw_segments(xy[sel], as_rgb(colours[sel][0]), width, mode)
            return
        if colours.ndim == 2:
            colours = colours[0]
        value = None if mode == REVERSE else _void(self.bg if mode == ERASE else as_rgb(colours))
        radius = width * self.scale / 2 if width * self.scale > 1.5 else 0.0
        inner, outer = self._pixel_ends(xy, int(np.ceil(radius)))
        offsets = raster.disk_offsets(radius) if radius else ([0], [0])
        if self._big(inner, len(offsets[0])):
            self._paint_mask(inner, outer, radius, offsets, value)
            return
        chunks = self._segment_pixels(inner, outer, radius, offsets)
        if value is None:
            self._invert(chunks)
            return
        for idx in chunks:
            np.put(self._flat, idx, value)

    def _big(self, inner: np.ndarray, tips: int) -> bool:
        """Whether the segments cover enough pixels (twice the page's: measured, that is
        where the mask's fixed cost pays) to be drawn through a mask (:meth:`_paint_mask`)
        rather than pixel by pixel."""
        import numpy as np  # lazy: numpy

        enough = 2 * self.w * self.h
        if len(inner) * tips > enough:
            return True
        steps = np.maximum(np.abs(inner[:, 2] - inner[:, 0]), np.abs(inner[:, 3] - inner[:, 1]))
        return (int(steps.sum()) + len(inner)) * tips > enough

    def _pixel_coords(self, xy: np.ndarray) -> np.ndarray:
        """Turtle points (N, 4) as float pixel coordinates ``cx + x * scale``,
        ``cy - y * scale``: the same floats as :meth:`to_pixel` computes (x + iy as a
        complex number: conjugated, times the scale, plus cx + i cy; no 4-wide loops)."""
        import numpy as np  # lazy: numpy

        z = np.conjugate(np.ascontiguousarray(xy, np.float64).view(np.complex128))
        z *= self.scale
        z += complex(self.cx, self.cy)
        return z.view(np.float64).reshape(-1, 4)

    def _pixel_coords_half(self, xy: np.ndarray) -> np.ndarray:
        """:meth:`_pixel_coords` plus 0.5: ``x * scale + (cx + 0.5)``, ``(cy + 0.5) -
        y * scale``, the very floats whose floor is the pixel (see the module docstring)."""
        import numpy as np  # lazy: numpy

        z = np.conjugate(np.ascontiguousarray(xy, np.float64).view(np.complex128))
        z *= self.scale
        z += complex(self._ox, self._oy)
        return z.view(np.float64).reshape(-1, 4)

    def _pixel_ends(self, xy: np.ndarray, pad: int) -> tuple[np.ndarray, np.ndarray]:
        """The segments as ``inner``, an (N, 4) int array of their end pixels (col0 row0
        col1 row1) for those whose pixels, widened by ``pad``, are all on the page, and
        ``outer``, the (M, 4) float pixel coordinates of the others (to be clipped).
        A point's pixel is computed as in :meth:`draw_segment` (see the module docstring).
        Thin lines (``pad`` 0) that leave the page are clipped to it here and are inner."""
        import numpy as np  # lazy: numpy

        with np.errstate(invalid="ignore", over="ignore"):  # inf and nan: not drawn
            return self._split_ends(xy, pad)

    def _split_ends(self, xy: np.ndarray, pad: int) -> tuple[np.ndarray, np.ndarray]:
        import numpy as np  # lazy: numpy

        from . import raster
        ends = self._pixel_coords_half(xy)
        z = ends.view(np.complex128)  # (N, 2): col + i row (numpy's fast loops, not 4-wide)
        ok = (z.real >= pad) & (z.real < self.w - pad) & (z.imag >= pad) & (z.imag < self.h - pad)
        inside = ok.view(np.uint16).reshape(-1) == 0x0101  # both ends
        if inside.all():
            return ends.astype(np.int32), np.empty((0, 4))  # >= 0: truncating is floor
        outer = self._pixel_coords(np.compress(~inside, xy, axis=0))
        outer = outer[np.isfinite(outer).all(axis=1)]
        inner = np.compress(inside, ends, axis=0).astype(np.int32)
        if pad:
            return inner, outer
        # thin lines: the others clipped to the page itself, then all their pixels are on it
        top = (self.w - 1, self.h - 1)
        *clipped, keep = raster.clip_segments(
            outer[:, 0], outer[:, 1], outer[:, 2], outer[:, 3],
            (-0.499, top[0] + 0.499, -0.499, top[1] + 0.499))
        more = np.floor(np.stack(clipped, axis=1)[keep] + 0.5)
        np.clip(more, 0, top * 2, out=more)  # (a rounding error must not step off the page)
        return np.concatenate([inner, more.astype(np.int32)]), np.empty((0, 4))

    def _segment_pixels(self, inner: np.ndarray, outer: np.ndarray, radius: float,
                        offsets) -> Iterator[np.ndarray]:
        """Flat pixel indices (row * w + col, on the page) covered by the segments, chunk
        by chunk (numpy DDA; the outer segments clipped to the page and a margin)."""
        import numpy as np  # lazy: numpy

        from . import raster
        w = self.w
        for xs, ys in raster.dda_chunks(*inner.T):
            for dx, dy in zip(*offsets, strict=True):
                yield (ys + dy) * w + (xs + dx) if dx or dy else ys * w + xs
        if not len(outer):
            return
        pad = int(np.ceil(radius)) + 1
        box = (-pad, self.w - 1 + pad, -pad, self.h - 1 + pad)
        *ends, keep = raster.clip_segments(outer[:, 0], outer[:, 1], outer[:, 2], outer[:, 3],
                                           box)
        ends = [np.floor(v[keep] + 0.5).astype(np.int64) for v in ends]
        for xs, ys in raster.dda_chunks(*ends):
            for dx, dy in zip(*offsets, strict=True):
                cols, rows = xs + dx, ys + dy
                ok = (cols >= 0) & (cols < w) & (rows >= 0) & (rows < self.h)
                yield rows[ok] * w + cols[ok]

    def _paint_mask(self, inner: np.ndarray, outer: np.ndarray, radius: float, offsets,
                    value: np.void | None) -> None:
        """Big batches: mark the pixels in a boolean image (x-major segments in a
        transposed one, see :func:`raster.index_chunks`), then paint (or, ``value``
        None, invert) the marked pixels once."""
        import numpy as np  # lazy: numpy

        from . import raster
        h, w = self.h, self.w
        mask, mask_t = np.zeros(h * w, bool), np.zeros(h * w, bool)
        shifts = {False: [dy * w + dx for dx, dy in zip(*offsets, strict=True)],
                  True: [dx * h + dy for dx, dy in zip(*offsets, strict=True)]}
        for idx, transposed in raster.index_chunks(inner, w, h):
            target = mask_t if transposed else mask
            for shift in shifts[transposed]:
                target[idx + shift if shift else idx] = True
        for idx in self._segment_pixels(inner[:0], outer, radius, offsets):
            mask[idx] = True
        grid = mask.reshape(h, w)
        grid |= mask_t.reshape(w, h).T
        if value is None:
            flat = self.pixels.reshape(-1, 3)
            flat[mask] = 255 - flat[mask]
            self._reverse_end = None
        else:
            self._flat[mask] = value

    def _invert(self, idx_chunks) -> None:
        import numpy as np  # lazy: numpy

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
        from . import raster
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
