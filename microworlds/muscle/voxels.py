"""Voxel objects as numpy arrays: addresses, rounding, shells of shapes, stacks.

An object is a set of *cells*.  Cell ``i`` sits at the integer address ``pos[i]`` (an
``(N, 3)`` int64 array, x y z, one unit per cell, z up), holds ``content[i]`` (a float64
number: the microworld uses colour numbers) and has ``level[i]`` (int32), its place in
the *stack* at its address (0 = bottom).  Several cells on one address form a stack: that
is how the book keeps cells that a contraction brought together.  The object is kept as
these flat arrays rather than as a dense grid because a shell of a million cells spans a
box of 600**3 addresses; :func:`dense_counts` gives the dense grid view when one is wanted.

Everything here is a pure function of arrays: no globals, no drawing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

EPS = 1e-9  # a value this close to k + 1/2 counts as a tie (0.6 * 5 * 0.5 is 1.5 exactly)
BIAS = 1 << 20  # addresses live in [-2**20, 2**20) on every axis
SHAPES = ("box", "sphere", "cylinder", "capsule")


def rnd(v: np.ndarray) -> np.ndarray:
    """Round half away from zero, elementwise, to int64 (the spec's ``rnd``).

    ``v``: float array of offsets from the fixed point M (cells), any shape.  Ties are
    detected with a tolerance of :data:`EPS` so that decimal coefficients like 0.6 behave
    as the book computes them by hand."""
    v = np.asarray(v, np.float64)
    return np.copysign(np.floor(np.abs(v) + (0.5 + EPS)), v).astype(np.int64)


def rnd_ratio(num: np.ndarray, den: int) -> np.ndarray:
    """``rnd(num / den)`` in exact integer arithmetic (``num`` int array, ``den`` > 0)."""
    num = np.asarray(num, np.int64)
    return np.sign(num) * ((2 * np.abs(num) + den) // (2 * den))


def pack(pos: np.ndarray) -> np.ndarray:
    """Addresses ``(N, 3)`` -> one int64 key each (21 bits an axis, order x, y, z)."""
    p = np.asarray(pos, np.int64).reshape(-1, 3) + BIAS
    return (p[:, 0] << 42) | (p[:, 1] << 21) | p[:, 2]


def unpack(key: np.ndarray) -> np.ndarray:
    """The inverse of :func:`pack`: keys ``(N,)`` -> addresses ``(N, 3)`` int64."""
    key = np.asarray(key, np.int64)
    mask = (1 << 21) - 1
    return np.stack([key >> 42, (key >> 21) & mask, key & mask], axis=1) - BIAS


# --- stacks ---------------------------------------------------------------------------


def stacks(pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Occupied addresses ``(U, 3)`` and their stack sizes ``(U,)`` (sum = cell count)."""
    keys, counts = np.unique(pack(pos), return_counts=True)
    return unpack(keys), counts


def stack_at(pos: np.ndarray, level: np.ndarray, content: np.ndarray,
             address: np.ndarray) -> np.ndarray:
    """The contents of the stack at one address, bottom first (empty when no cell).

    Cells on one address are ordered by ``level``, then by their index."""
    here = np.flatnonzero((np.asarray(pos) == np.asarray(address)).all(axis=1))
    order = np.lexsort((here, level[here]))
    return content[here[order]]


def restack(keys: np.ndarray, *order_keys: np.ndarray) -> np.ndarray:
    """Levels (int32) that make the cells on each address ``keys`` a stack 0, 1, 2...

    Within an address the cells are ordered by ``order_keys`` (most significant first),
    then by index."""
    n = len(keys)
    o = np.lexsort((np.arange(n), *reversed(order_keys), keys))
    sk = keys[o]
    start = np.ones(n, bool)
    start[1:] = sk[1:] != sk[:-1]
    first = np.maximum.accumulate(np.where(start, np.arange(n), 0))
    level = np.empty(n, np.int32)
    level[o] = np.arange(n) - first
    return level


def dense_counts(pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The dense voxel grid view: (origin ``(3,)``, stack sizes ``(X, Y, Z)`` int32)."""
    pos = np.asarray(pos, np.int64)
    if not len(pos):
        return np.zeros(3, np.int64), np.zeros((0, 0, 0), np.int32)
    lo = pos.min(axis=0)
    shape = tuple(int(s) for s in pos.max(axis=0) - lo + 1)
    flat = np.ravel_multi_index(tuple((pos - lo).T), shape)
    counts = np.bincount(flat, minlength=int(np.prod(shape))).astype(np.int32)
    return lo, counts.reshape(shape)


# --- shapes ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Part:
    """A solid shape in cell units.  ``box``: corners ``a`` and ``b`` (inclusive);
    ``sphere``: centre ``a``; ``cylinder``: axis from ``a`` to ``b``, flat ends;
    ``capsule``: axis from ``a`` to ``b``, round ends.  ``content`` goes into its cells;
    ``solid`` keeps its interior too (else only the shell of the union is kept)."""

    kind: str
    a: tuple[float, float, float]
    b: tuple[float, float, float] = (0.0, 0.0, 0.0)
    radius: float = 0.0
    content: float = 1.0
    solid: bool = False

    def bbox(self) -> tuple[np.ndarray, np.ndarray]:
        """Integer bounds (lo, hi), inclusive, that hold every cell of the part."""
        a, b = np.array(self.a, float), np.array(self.b, float)
        if self.kind == "box":
            return np.ceil(np.minimum(a, b)).astype(int), np.floor(np.maximum(a, b)).astype(int)
        if self.kind == "sphere":
            b = a
        r = self.radius + 1
        lo, hi = np.minimum(a, b) - r, np.maximum(a, b) + r
        return np.floor(lo).astype(int), np.ceil(hi).astype(int)

    def inside(self, X: np.ndarray, Y: np.ndarray, z: int) -> np.ndarray:
        """Which addresses (X, Y, z) (int arrays of one shape) lie in the part."""
        a = self.a
        if self.kind == "box":
            lo, hi = np.minimum(a, self.b), np.maximum(a, self.b)
            return ((X >= lo[0]) & (X <= hi[0]) & (Y >= lo[1]) & (Y <= hi[1])
                    & (lo[2] <= z) & (z <= hi[2]))
        r2 = self.radius * (self.radius + 1)  # r*(r+1): round digital spheres, no lone poles
        px, py, pz = X - a[0], Y - a[1], z - a[2]
        if self.kind == "sphere":
            return px * px + py * py + pz * pz <= r2
        d = np.subtract(self.b, a)
        dd = float(d @ d) or 1.0
        t = (px * d[0] + py * d[1] + pz * d[2]) / dd
        if self.kind == "capsule":
            t = np.clip(t, 0.0, 1.0)
        qx, qy, qz = px - t * d[0], py - t * d[1], pz - t * d[2]
        near = qx * qx + qy * qy + qz * qz <= r2
        return near if self.kind == "capsule" else near & (t >= 0) & (t <= 1)


def _slice(parts: list[Part], lo: np.ndarray, shape: tuple[int, int], z: int
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One z slice of the union, padded by one cell: (inside, solid, label) where label
    is the index of the last part containing the address (-1 for none)."""
    ny, nx = shape
    inside = np.zeros((ny + 2, nx + 2), bool)
    solid = np.zeros_like(inside)
    label = np.full(inside.shape, -1, np.int32)
    for i, part in enumerate(parts):
        plo, phi = part.bbox()
        if not plo[2] <= z <= phi[2]:
            continue
        x0, y0 = plo[:2] - lo[:2]
        x1, y1 = phi[:2] - lo[:2] + 1
        Y, X = np.mgrid[y0:y1, x0:x1]
        hit = part.inside(X + lo[0], Y + lo[1], z)
        win = (slice(y0 + 1, y1 + 1), slice(x0 + 1, x1 + 1))
        inside[win] |= hit
        label[win][hit] = i
        if part.solid:
            solid[win] |= hit
    return inside, solid, label


def _slices(parts: list[Part]) -> Iterator[tuple[int, np.ndarray, np.ndarray, np.ndarray]]:
    """(z, keep, label, lo) for every slice of the union: ``keep`` marks its shell cells
    (a 6-neighbour is outside) and the interior of solid parts, padded by one cell."""
    lo = np.min([p.bbox()[0] for p in parts], axis=0)
    hi = np.max([p.bbox()[1] for p in parts], axis=0)
    shape = (int(hi[1] - lo[1] + 1), int(hi[0] - lo[0] + 1))
    empty = np.zeros((shape[0] + 2, shape[1] + 2), bool)
    below = empty
    here = _slice(parts, lo, shape, int(lo[2]))
    for z in range(int(lo[2]), int(hi[2]) + 1):
        nxt = _slice(parts, lo, shape, z + 1) if z < hi[2] else None
        above = empty if nxt is None else nxt[0]
        cur = here[0]
        interior = cur & below & above
        interior[1:-1, 1:-1] &= (cur[:-2, 1:-1] & cur[2:, 1:-1]
                                 & cur[1:-1, :-2] & cur[1:-1, 2:])
        yield z, (cur & ~interior) | here[1], here[2], lo
        below = cur
        if nxt is not None:
            here = nxt


def shape_cells(parts: list[Part]) -> tuple[np.ndarray, np.ndarray]:
    """The cells of a union of parts: its shell (plus the interior of solid parts).

    Returns (pos ``(N, 3)`` int64, content ``(N,)`` float64), ordered by z, y, x.  Each
    cell takes the content of the last part that contains it.  The union is scanned one
    z slice at a time (three slices in memory), so big shells cost little memory."""
    if not parts:
        return np.zeros((0, 3), np.int64), np.zeros(0)
    contents = np.array([p.content for p in parts], np.float64)
    chunks, values = [], []
    for z, keep, label, lo in _slices(parts):
        ys, xs = np.nonzero(keep[1:-1, 1:-1])
        if not len(xs):
            continue
        chunks.append(np.stack([xs + lo[0], ys + lo[1], np.full_like(xs, z)], axis=1))
        values.append(contents[label[1:-1, 1:-1][ys, xs]])
    if not chunks:
        return np.zeros((0, 3), np.int64), np.zeros(0)
    return np.concatenate(chunks).astype(np.int64), np.concatenate(values)


def segment_cells(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The digital segment from ``a`` to ``b`` (integer addresses), ``(n + 1, 3)`` int64,
    n = Chebyshev length: ``a + rnd(k (b - a) / n)`` for k = 0..n."""
    a = np.asarray(a, np.int64)
    d = np.asarray(b, np.int64) - a
    n = int(np.abs(d).max())
    if n == 0:
        return a.reshape(1, 3).copy()
    k = np.arange(n + 1, dtype=np.int64)[:, None]
    return a + rnd_ratio(k * d, n)
