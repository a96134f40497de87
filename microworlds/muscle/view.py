"""Seeing an object: a projection of its cells, shaded by depth, as runs of pixels.

Views (``VIEWS``): ``iso`` (from the front-right, above: the viewer at (1, -1, 1)),
``side`` (from -y: x to the right, z up), ``front`` (from +x: y to the right, z up) and
``top`` (from +z: x to the right, y up).  A cell becomes a square of about ``step``
turtle steps; the nearest cell wins each pixel (a z-buffer); its colour is darkened with
its distance from the viewer and with the slope of the surface seen there.  The picture
leaves as horizontal runs ``(x0, y, x1, y)`` in turtle coordinates with one colour each,
so the page draws it with its own batch-segment call and keeps it as a drawing record.

Pure numpy functions of arrays: no globals, no drawing here.
"""

from __future__ import annotations

import numpy as np

_S2, _S6 = np.sqrt(2.0), np.sqrt(6.0)
VIEWS: dict[str, tuple[tuple[float, float, float], tuple[float, float, float]]] = {
    # name: (screen right, screen up) as unit vectors of the object's x y z
    "iso": ((1 / _S2, 1 / _S2, 0.0), (-1 / _S6, 1 / _S6, 2 / _S6)),
    "side": ((1.0, 0.0, 0.0), (0.0, 0.0, 1.0)),
    "front": ((0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "top": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0)),
}
LEVELS = 16  # brightness levels (the page draws one batch per colour)
LIGHT = np.array([-0.45, 0.55, 0.70])  # screen-space light: from the upper left, in front


def basis(view: str) -> np.ndarray:
    """Rows: screen right, screen up, toward the viewer (``(3, 3)``)."""
    right, up = (np.array(v) for v in VIEWS[view])
    return np.stack([right, up, np.cross(right, up)])


def project(pos: np.ndarray, view: str) -> np.ndarray:
    """Addresses ``(N, 3)`` -> ``(N, 3)`` float: screen u (right), v (up), nearness
    (bigger = nearer the viewer), all in cells."""
    return np.asarray(pos, np.float64) @ basis(view).T


def to_pixels(uvn: np.ndarray, centre: np.ndarray, step: float, origin: tuple[float, float],
              page: tuple[float, float, float]) -> tuple[np.ndarray, np.ndarray]:
    """Screen coordinates (cells) -> page pixel (columns, rows) as floats.  ``centre``:
    the screen point (u, v) put at the turtle point ``origin``; ``step``: turtle steps a
    cell; ``page``: (cx, cy, scale) of the page raster."""
    cx, cy, scale = page
    cols = cx + (origin[0] + (uvn[:, 0] - centre[0]) * step) * scale
    rows = cy - (origin[1] + (uvn[:, 1] - centre[1]) * step) * scale
    return cols, rows


def footprint(view: str, step_px: float) -> tuple[np.ndarray, np.ndarray]:
    """Pixel offsets (dx, dy) covered by one cell: the projected cube (a hexagon in the
    iso view, a square in the others), ``step_px`` pixels a cell; at least one pixel."""
    b = basis(view)[:2] * (step_px / 2)  # half edge vectors: column k is axis k on screen
    gens = b.T * np.array([1.0, -1.0])  # rows: projected half edges (x right, y down)
    r = int(np.ceil(np.abs(gens).sum(axis=0).max()))
    dy, dx = np.mgrid[-r:r + 1, -r:r + 1]
    p = np.stack([dx.ravel(), dy.ravel()], axis=1).astype(np.float64)
    inside = np.ones(len(p), bool)
    for g in gens:
        n = np.array([-g[1], g[0]])
        length = np.linalg.norm(n)
        if length < 1e-9:
            continue
        reach = np.abs(gens @ n).sum() / length
        inside &= np.abs(p @ n) / length <= reach + 1 - 1e-9  # no gaps after rounding
    inside[len(p) // 2] = True
    return dx.ravel()[inside], dy.ravel()[inside]


def zbuffer(cols: np.ndarray, rows: np.ndarray, near: np.ndarray,
            offsets: tuple[np.ndarray, np.ndarray], shape: tuple[int, int]
            ) -> tuple[np.ndarray, np.ndarray, tuple[int, int]]:
    """Splat each cell at pixel (cols, rows) over ``offsets``; per pixel keep the nearest
    (ties: the higher index).  Only the page's ``shape`` (H, W) is drawn on.  Returns
    (cell index image, -1 where empty; nearness image, NaN where empty; (row, column) of
    the images' top left pixel on the page): the images cover the picture's bounding box."""
    h, w = shape
    n = len(cols)
    dx, dy = offsets
    bc, br = np.floor(cols + 0.5).astype(np.int64), np.floor(rows + 0.5).astype(np.int64)
    c0, r0 = max(0, int(bc.min() + dx.min())), max(0, int(br.min() + dy.min()))
    c1, r1 = min(w, int(bc.max() + dx.max()) + 1), min(h, int(br.max() + dy.max()) + 1)
    if c1 <= c0 or r1 <= r0:
        return np.full((0, 0), -1, np.int64), np.zeros((0, 0)), (0, 0)
    bw, bh = c1 - c0, r1 - r0
    c = ((bc - c0)[:, None] + dx).ravel()
    r = ((br - r0)[:, None] + dy).ravel()
    key = np.repeat(np.floor((near - near.min()) * 64).astype(np.int64) * n
                    + np.arange(n), len(dx))
    ok = (c >= 0) & (c < bw) & (r >= 0) & (r < bh)
    best = np.full(bh * bw, -1, np.int64)
    np.maximum.at(best, (r * bw + c)[ok], key[ok])
    seen = best >= 0
    index = np.full(bh * bw, -1, np.int64)
    index[seen] = best[seen] % n
    depth = np.full(bh * bw, np.nan)
    depth[seen] = near[index[seen]]
    return index.reshape(bh, bw), depth.reshape(bh, bw), (r0, c0)


def _box_blur(img: np.ndarray, k: int) -> np.ndarray:
    """Mean over a (2k+1)^2 window (edges padded with zeros), via cumulative sums."""
    out = img
    for axis in (0, 1):
        pad = [(0, 0), (0, 0)]
        pad[axis] = (k + 1, k)
        c = np.cumsum(np.pad(out, pad), axis=axis)
        hi = np.take(c, np.arange(2 * k + 1, c.shape[axis]), axis=axis)
        lo = np.take(c, np.arange(0, c.shape[axis] - 2 * k - 1), axis=axis)
        out = (hi - lo) / (2 * k + 1)
    return out


def brightness(depth: np.ndarray, step_px: float, span: tuple[float, float]) -> np.ndarray:
    """Per pixel brightness in (0, 1]: farther is darker (``span``: nearest and farthest
    nearness of the object), and the surface's slope, read from the depth image smoothed
    over about a cell, turns it to or from the light."""
    near_max, near_min = span
    far = np.clip((near_max - depth) / max(near_max - near_min, 1e-9), 0, 1)
    seen = np.isfinite(depth)
    k = max(1, round(step_px))
    weight = _box_blur(seen.astype(np.float64), k)
    smooth = _box_blur(np.where(seen, depth, 0.0), k) / np.maximum(weight, 1e-9)
    gy, gx = np.gradient(smooth)
    normal = np.stack([-gx * step_px, gy * step_px, np.ones_like(gx)], axis=-1)
    normal /= np.linalg.norm(normal, axis=-1, keepdims=True)
    lambert = np.clip(normal @ (LIGHT / np.linalg.norm(LIGHT)), 0, 1)
    return (0.3 + 0.7 * lambert) * (1 - 0.5 * far)


def runs(ids: np.ndarray) -> np.ndarray:
    """Horizontal runs of equal non-negative ids in an ``(H, W)`` int image:
    ``(R, 4)`` int64 rows of (row, first column, last column, id)."""
    _h, w = ids.shape
    flat = ids.ravel()
    start = np.ones(flat.size, bool)
    start[1:] = flat[1:] != flat[:-1]
    start[::w] = True
    s = np.flatnonzero(start)
    e = np.append(s[1:], flat.size) - 1
    keep = flat[s] >= 0
    s, e = s[keep], e[keep]
    return np.stack([s // w, s % w, e % w, flat[s]], axis=1)


def halves(run: np.ndarray) -> np.ndarray:
    """Each run as two overlapping runs whose length is a power of two (same pixels):
    the page draws lines grouped by length, so few lengths make few batches."""
    length = run[:, 2] - run[:, 1] + 1
    p = 1 << (np.log2(length).astype(np.int64))
    first, second = run.copy(), run.copy()
    first[:, 2] = run[:, 1] + p - 1
    second[:, 1] = run[:, 2] - p + 1
    return np.concatenate([first, second[p < length]])


def picture(pos: np.ndarray, rgb: np.ndarray, view: str, step: float,
            centre: np.ndarray, origin: tuple[float, float],
            page: tuple[float, float, float, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The object's picture as segments: (xy ``(R, 4)`` turtle coordinates, rgb ``(R, 3)``
    uint8).  ``pos`` ``(N, 3)`` addresses, ``rgb`` ``(N, 3)`` their colours, ``centre``
    the address put at ``origin``; ``page`` = (cx, cy, scale, width px, height px)."""
    cx, cy, scale, w, h = page
    if not len(pos):
        return np.zeros((0, 4)), np.zeros((0, 3), np.uint8)
    uvn = project(pos, view)
    mid = project(np.asarray(centre, np.float64).reshape(1, 3), view)[0]
    cols, rows = to_pixels(uvn, mid, step, origin, (cx, cy, scale))
    index, depth, (r0, c0) = zbuffer(cols, rows, uvn[:, 2], footprint(view, step * scale),
                                     (h, w))
    if not (index >= 0).any():
        return np.zeros((0, 4)), np.zeros((0, 3), np.uint8)
    light = brightness(depth, step * scale, (uvn[:, 2].max(), uvn[:, 2].min()))
    level = np.clip(np.round(np.nan_to_num(light) * LEVELS), 1, LEVELS).astype(np.int64)
    colour = np.where(index >= 0, rgb_ids(rgb)[np.maximum(index, 0)] * (LEVELS + 1) + level, -1)
    table, ids = np.unique(colour, return_inverse=True)
    ids = np.where(colour >= 0, ids.reshape(colour.shape), -1)
    run = halves(runs(ids))
    palette = _shade(rgb, table)
    y = (cy - (run[:, 0] + r0)) / scale
    xy = np.stack([(run[:, 1] + c0 - cx) / scale, y, (run[:, 2] + c0 - cx) / scale, y], axis=1)
    return xy, palette[run[:, 3]]


def rgb_ids(rgb: np.ndarray) -> np.ndarray:
    """Each cell's colour packed as one int (0xRRGGBB)."""
    rgb = np.asarray(rgb, np.int64)
    return rgb[:, 0] << 16 | rgb[:, 1] << 8 | rgb[:, 2]


def _shade(rgb: np.ndarray, table: np.ndarray) -> np.ndarray:
    """Colour table entries (packed rgb * (LEVELS + 1) + level, or -1) -> shaded uint8 rgb."""
    packed, level = np.divmod(np.maximum(table, 0), LEVELS + 1)
    base = np.stack([packed >> 16, (packed >> 8) & 255, packed & 255], axis=1)
    return np.clip(np.round(base * (level / LEVELS)[:, None]), 0, 255).astype(np.uint8)


def muscle_lines(ends: np.ndarray, view: str, step: float, centre: np.ndarray,
                 origin: tuple[float, float]) -> np.ndarray:
    """Muscles as segments in turtle coordinates: ``ends`` ``(K, 2, 3)`` (A*, B* of each
    muscle, in cells) -> ``(K, 4)`` rows x0 y0 x1 y1."""
    ends = np.asarray(ends, np.float64).reshape(-1, 3)
    mid = project(np.asarray(centre, np.float64).reshape(1, 3), view)[0]
    uv = (project(ends, view)[:, :2] - mid[:2]) * step + np.asarray(origin)
    return uv.reshape(-1, 4)
