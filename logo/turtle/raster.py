"""Numpy kernels of the page: line pixels, clipping, pen disks, flood-fill regions, polygons.

All coordinates here are page pixels: column ``x`` to the right, row ``y`` down.

Lines are drawn without anti-aliasing by a fixed-point DDA: a segment from pixel (X0, Y0)
to (X1, Y1) takes ``n = max(|X1 - X0|, |Y1 - Y0|)`` steps and its k-th pixel is
``X0 + ((k * sx + 2**15) >> 16)`` with ``sx = (X1 - X0) * 2**16 // n`` (same for y): one
pixel per step along the major axis, the pixel nearest the ideal line on the minor one
(Bresenham's pixels but for the rounding of exact ties).  :func:`line_pixels` (one segment,
pure Python, in ``thin_lines.py``) and :func:`dda_chunks` (a batch, numpy) use the same integer formula, so a
segment looks the same whichever path draws it.  :func:`index_chunks` computes the same
pixels for big batches as flat indices (see there), three numpy operations a pixel.

Measured for 1,000,000 random segments of 1-50 steps (``bench/page.py``): about 7 million
segments/s through ``index_chunks`` and a boolean mask; pygame-ce's ``draw.line`` called
per segment (its ``draw.lines`` draws only polylines) reached 0.6-0.7 million/s on an
off-screen Surface sharing the page's buffer, with Bresenham pixels that differ from
these in about 3 % of the pixels, so the page draws with numpy only.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from .thin_lines import line_pixels as line_pixels  # (re-exported: one segment)

FIX = 16
HALF = 1 << (FIX - 1)
CHUNK = 1 << 17  # pixels computed per numpy step (keeps temporaries in cache)


def dda_chunks(X0: np.ndarray, Y0: np.ndarray, X1: np.ndarray, Y1: np.ndarray
               ) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Pixels of many segments (int arrays of end points) as (xs, ys) int32 chunks.

    Segments are grouped by their step count so that each group is one broadcast
    ``(steps, segments)`` computation; the arrays yielded are reused buffers, valid
    until the next chunk is asked for."""
    if not len(X0):
        return
    X0 = X0.astype(np.int64)
    Y0 = Y0.astype(np.int64)
    DX = X1.astype(np.int64) - X0
    DY = Y1.astype(np.int64) - Y0
    n = np.maximum(np.abs(DX), np.abs(DY))
    nn = np.maximum(n, 1)
    small = n.max() < 1 << 16  # numpy radix-sorts small integer types: much faster
    order = np.argsort(n.astype(np.uint16) if small else n, kind="stable")
    ns = n[order]
    wide = bool(ns.size) and int(ns[-1]) >= 1 << 14  # k * sx would overflow int32
    itype = np.int64 if wide else np.int32
    sx = ((DX << FIX) // nn)[order].astype(itype)
    sy = ((DY << FIX) // nn)[order].astype(itype)
    bx = X0[order].astype(itype)
    by = Y0[order].astype(itype)
    cuts = (np.flatnonzero(np.diff(ns)) + 1).tolist()
    buf_x = np.empty(2 * CHUNK, itype)
    buf_y = np.empty(2 * CHUNK, itype)
    for s, e in zip([0, *cuts], [*cuts, len(ns)], strict=True):
        m = int(ns[s]) + 1
        k = np.arange(m, dtype=itype)[:, None]
        step = max(1, CHUNK // m)
        for c0 in range(s, e, step):
            c1 = min(e, c0 + step)
            size = m * (c1 - c0)
            xs = buf_x[:size].reshape(m, c1 - c0)
            ys = buf_y[:size].reshape(m, c1 - c0)
            _axis(k, sx[c0:c1], bx[c0:c1], xs)
            _axis(k, sy[c0:c1], by[c0:c1], ys)
            yield buf_x[:size], buf_y[:size]


def index_chunks(ends: np.ndarray, w: int, h: int) -> Iterator[tuple[np.ndarray, bool]]:
    """Pixels of many segments whose every pixel is on a ``w`` x ``h`` page, as chunks of
    flat indices ``(idx, transposed)`` (intp; reused buffers, valid until the next chunk).
    ``ends`` is an (N, 4) int array of end pixels: col0 row0 col1 row1.

    The pixels are those of the DDA above, computed with three numpy passes per pixel.
    Along the major axis the DDA steps exactly one pixel (``sx`` is +-2**16), so a
    y-major segment's k-th pixel is ``base + k * sy * w + ((k * S + HALF) >> 16)``
    (``base = Y0 * w + X0``, ``S`` the minor slope); the integer ``k * sy * w`` can go
    inside the shift as ``k * sy * w * 2**16``, and so can ``base``: the index is
    ``(k * S' + C) >> 16``.  An x-major segment is the same in the transposed page
    (``col * h + row``): those chunks come with ``transposed`` True.  Segments are grouped
    by step count and axis so that each group is one ``(steps, segments)`` broadcast."""
    if not len(ends):
        return
    ends, groups, longest = _grouped(ends)
    dx, dy = ends[:, 2] - ends[:, 0], ends[:, 3] - ends[:, 1]
    buf = np.empty(max(CHUNK, longest + 1), np.intp)
    for s, e, kv in groups:
        steps, y_major = kv >> 1, kv & 1
        part = ends[s:e].astype(np.int64)  # a group at a time: its arrays stay in cache
        if y_major:
            base = part[:, 1] * w + part[:, 0]
            major, minor, stride = dy[s:e], dx[s:e].astype(np.int64), w
        else:
            base = part[:, 0] * h + part[:, 1]
            major, minor, stride = dx[s:e], dy[s:e].astype(np.int64), h
        slope = (minor << FIX) // max(steps, 1)
        slope += np.where(major < 0, -stride << FIX, stride << FIX)
        start = base << FIX
        start += HALF
        m = steps + 1
        k = np.arange(m, dtype=np.intp)[:, None]
        step = max(1, CHUNK // m)
        for c0 in range(s, e, step):
            c1 = min(e, c0 + step)
            size = m * (c1 - c0)
            out = buf[:size].reshape(m, c1 - c0)
            np.multiply(k, slope[c0 - s:c1 - s], out=out)
            out += start[c0 - s:c1 - s]
            out >>= FIX
            yield buf[:size], not y_major


def _grouped(ends: np.ndarray) -> tuple[np.ndarray, list[tuple[int, int, int]], int]:
    """The segments sorted by step count and axis, the groups ``(first, end, key)`` of
    equal key (``steps << 1 | y_major``), and the longest step count."""
    dx = ends[:, 2] - ends[:, 0]
    dy = ends[:, 3] - ends[:, 1]
    adx, ady = np.abs(dx), np.abs(dy)
    n = np.maximum(adx, ady)
    longest = int(n.max())
    key = n.astype(np.uint16 if longest < 1 << 15 else np.int64)  # uint16: radix sort
    key <<= 1
    key |= ady > adx  # y-major
    order = np.argsort(key, kind="stable")
    key = key[order]
    ends = np.take(ends, order, axis=0)  # (much faster than ends[order] for rows)
    cuts = (np.flatnonzero(np.diff(key)) + 1).tolist()
    firsts = [0, *cuts]
    groups = list(zip(firsts, [*cuts, len(key)], key[firsts].tolist(), strict=True))
    return ends, groups, longest


def _axis(k: np.ndarray, slope: np.ndarray, start: np.ndarray, out: np.ndarray) -> None:
    np.multiply(k, slope, out=out)
    out += HALF
    out >>= FIX
    out += start


def clip_segments(x0: np.ndarray, y0: np.ndarray, x1: np.ndarray, y1: np.ndarray,
                  box: tuple[float, float, float, float]) -> tuple[np.ndarray, ...]:
    """Liang-Barsky clipping of float segments to ``box`` = (xmin, xmax, ymin, ymax).

    Returns the clipped end points and a mask of the segments that touch the box."""
    xmin, xmax, ymin, ymax = box
    dx, dy = x1 - x0, y1 - y0
    t0 = np.zeros_like(x0)
    t1 = np.ones_like(x0)
    keep = np.ones(x0.shape, bool)
    for p, q in ((-dx, x0 - xmin), (dx, xmax - x0), (-dy, y0 - ymin), (dy, ymax - y0)):
        parallel = p == 0
        keep &= ~(parallel & (q < 0))
        with np.errstate(divide="ignore", invalid="ignore"):
            r = np.where(parallel, 0.0, q / np.where(parallel, 1.0, p))
        t0 = np.where(~parallel & (p < 0), np.maximum(t0, r), t0)
        t1 = np.where(~parallel & (p > 0), np.minimum(t1, r), t1)
    keep &= t0 <= t1
    return x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy, keep


def disk_offsets(radius: float) -> tuple[np.ndarray, np.ndarray]:
    """Pixel offsets (dx, dy) of a round pen tip of the given radius (always the centre)."""
    r = int(np.ceil(radius))
    dy, dx = np.mgrid[-r:r + 1, -r:r + 1]
    inside = dx * dx + dy * dy <= radius * radius + 1e-9
    inside[r, r] = True
    return dx[inside].astype(np.int32), dy[inside].astype(np.int32)


def region(target: np.ndarray, row: int, col: int) -> np.ndarray:
    """The 4-connected component of the boolean image ``target`` containing (row, col).

    Rows are cut into runs of True pixels; runs overlapping in neighbouring rows are
    linked; a search over that (small) graph of runs finds the component."""
    h, w = target.shape
    starts = target.copy()
    starts[:, 1:] &= ~target[:, :-1]
    run_id = np.cumsum(starts.ravel(), dtype=np.int32).reshape(h, w)
    run_id[~target] = 0
    seed = int(run_id[row, col])
    seen = bytearray(int(run_id.max()) + 1)
    if seed == 0:
        return np.zeros_like(target)
    both = target[:-1] & target[1:]
    a = run_id[:-1][both]
    b = run_id[1:][both]
    if a.size:
        fresh = np.empty(a.size, bool)
        fresh[0] = True
        fresh[1:] = (a[1:] != a[:-1]) | (b[1:] != b[:-1])
        a, b = a[fresh], b[fresh]
    _search(seen, seed, np.concatenate([a, b]), np.concatenate([b, a]))
    return np.frombuffer(bytes(seen), np.uint8).astype(bool)[run_id]


def window_region(cells: np.ndarray, row: int, col: int, reach: int = 32
                  ) -> tuple[int, int, np.ndarray]:
    """The 4-connected region of the value at (row, col) of ``cells`` (an (H, W) array of
    any dtype that compares with ``==``), found in a window around the seed.

    The window starts ``2 * reach`` pixels square (clipped to the image) and doubles while
    the region found in it touches a window side that the image continues past, so the
    work grows with the region, not the image, and the pixels are exactly
    ``region(cells == cells[row, col], row, col)``'s.  Returns (first row, first col,
    boolean mask of shape (h, w) of the window holding the whole region)."""
    h, w = cells.shape
    value = cells[row, col]
    while True:
        r0, r1 = max(0, row - reach), min(h, row + reach)
        c0, c1 = max(0, col - reach), min(w, col + reach)
        mask = region(cells[r0:r1, c0:c1] == value, row - r0, col - c0)
        if not _leaks(mask, r0 > 0, r1 < h, c0 > 0, c1 < w):
            return r0, c0, mask
        reach *= 2


def _leaks(mask: np.ndarray, top: bool, bottom: bool, left: bool, right: bool) -> bool:
    """Whether a window's region touches a side of the window that has pixels beyond it."""
    return bool((top and mask[0].any()) or (bottom and mask[-1].any())
                or (left and mask[:, 0].any()) or (right and mask[:, -1].any()))


def _search(seen: bytearray, seed: int, src: np.ndarray, dst: np.ndarray) -> None:
    order = np.argsort(src, kind="stable")
    ptr = np.searchsorted(src[order], np.arange(len(seen) + 1)).tolist()
    nbrs = dst[order].tolist()
    seen[seed] = 1
    stack = [seed]
    while stack:
        r = stack.pop()
        for j in range(ptr[r], ptr[r + 1]):
            d = nbrs[j]
            if not seen[d]:
                seen[d] = 1
                stack.append(d)


def mask_spans(mask: np.ndarray) -> np.ndarray:
    """The True runs of a boolean image as a (K, 3) int32 array: row, first col, last col."""
    h, w = mask.shape
    padded = np.zeros((h, w + 2), np.int8)
    padded[:, 1:-1] = mask
    d = np.diff(padded, axis=1)
    rows, c0 = np.nonzero(d == 1)
    _, c1 = np.nonzero(d == -1)
    return np.stack([rows, c0, c1 - 1], axis=1).astype(np.int32)


def polygon_mask(xs: np.ndarray, ys: np.ndarray, w: int, h: int
                 ) -> tuple[int, int, np.ndarray]:
    """Pixels whose centres lie inside a polygon (even-odd rule), within the page.

    Returns (first row, first col, boolean mask of the bounding box)."""
    c0 = max(0, int(np.floor(xs.min())))
    c1 = min(w - 1, int(np.ceil(xs.max())))
    r0 = max(0, int(np.floor(ys.min())))
    r1 = min(h - 1, int(np.ceil(ys.max())))
    if c1 < c0 or r1 < r0:
        return r0, c0, np.zeros((0, 0), bool)
    py, px = np.mgrid[r0:r1 + 1, c0:c1 + 1].astype(np.float64)
    inside = np.zeros(px.shape, bool)
    xj, yj = np.roll(xs, 1), np.roll(ys, 1)
    for xa, ya, xb, yb in zip(xs, ys, xj, yj, strict=True):
        if ya == yb:
            continue
        crosses = (ya > py) != (yb > py)
        x_at = xa + (py - ya) * (xb - xa) / (yb - ya)
        inside ^= crosses & (px < x_at)
    return r0, c0, inside
