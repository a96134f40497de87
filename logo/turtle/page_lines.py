"""Many lines at once, with numpy: the page's batch drawing (see ``page.py``).

:class:`BatchLines` is the part of :class:`~logo.turtle.page.Page` that draws an (N, 4)
array of segments in one call (a microworld's core, a replayed run of the log, thick
pens and long lines): the segments' end pixels as the page computes them, clipping, the
DDA chunks of ``raster.py`` or one boolean mask for big batches.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .records import ERASE, PAINT, REVERSE

if TYPE_CHECKING:
    import numpy as np

RGB = tuple[int, int, int]


def void_of(rgb: RGB) -> Any:
    """One pixel's colour as a numpy ``void`` of 3 bytes (compares and assigns whole)."""
    import numpy as np  # lazy: numpy

    return np.array([rgb], dtype=np.uint8).view(np.dtype((np.void, 3)))[0]


def as_rgb(values) -> RGB:
    """Three channel values (a sequence or array row) as an RGB tuple of ints."""
    r, g, b = (int(v) for v in values)
    return (r, g, b)


class BatchLines:
    """Batch drawing; the page provides the attributes declared here."""

    w: int
    h: int
    scale: float
    cx: float
    cy: float
    _ox: float
    _oy: float
    bg: RGB
    _reverse_end: int | None
    pixels: Any
    _flat: Any

    def draw_segments(self, xy: Any, rgb: RGB | np.ndarray, width: float = 1,
                      mode: str = PAINT) -> None:
        """Many lines at once: ``xy`` is an (N, 4) array (or nested list) of x0 y0 x1 y1
        turtle coordinates; ``rgb`` one colour or an (N, 3) array of colours."""
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
        value = None if mode == REVERSE else void_of(self.bg if mode == ERASE else as_rgb(colours))
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
