"""Numpy kernels of the page: line pixels, clipping, pen disks, flood-fill regions, polygons.

All coordinates here are page pixels: column ``x`` to the right, row ``y`` down.

Lines are drawn without anti-aliasing by a fixed-point DDA: a segment from pixel (X0, Y0)
to (X1, Y1) takes ``n = max(|X1 - X0|, |Y1 - Y0|)`` steps and its k-th pixel is
``X0 + ((k * sx + 2**15) >> 16)`` with ``sx = (X1 - X0) * 2**16 // n`` (same for y): one
pixel per step along the major axis, the pixel nearest the ideal line on the minor one
(Bresenham's pixels but for the rounding of exact ties).  :func:`line_pixels` (one segment,
pure Python) and :func:`dda_chunks` (a batch, numpy) use the same integer formula, so a
segment looks the same whichever path draws it.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

FIX = 16
HALF = 1 << (FIX - 1)
CHUNK = 1 << 17  # pixels computed per numpy step (keeps temporaries in cache)


def line_pixels(X0: int, Y0: int, X1: int, Y1: int) -> Iterator[tuple[int, int]]:
    """The pixels of one segment between integer pixel end points, first to last."""
    dx, dy = X1 - X0, Y1 - Y0
    n = max(abs(dx), abs(dy))
    if n == 0:
        yield X0, Y0
        return
    sx = (dx << FIX) // n
    sy = (dy << FIX) // n
    for k in range(n + 1):
        yield X0 + ((k * sx + HALF) >> FIX), Y0 + ((k * sy + HALF) >> FIX)


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
    order = np.argsort(n, kind="stable")
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
