"""Voxel objects as numpy arrays: addresses, rounding, stacks, digital lines.

An object is a set of *cells*.  Cell ``i`` sits at the integer address ``pos[i]`` (an
``(N, 3)`` int64 array, x y z, one unit per cell, z up), holds ``content[i]`` (a float64
number: the microworld uses colour numbers) and has ``level[i]`` (int32), its place in
the *stack* at its address (0 = bottom).  Several cells on one address form a stack: that
is how the book keeps cells that a contraction brought together.  The object is kept as
these flat arrays rather than as a dense grid because a shell of a million cells spans a
box of 600**3 addresses; :func:`dense_counts` gives the dense grid view when one is wanted.
Shapes are made in ``shapes.py``.

Everything here is a pure function of arrays: no globals, no drawing.
"""

from __future__ import annotations

import numpy as np

EPS = 1e-9  # a value this close to k + 1/2 counts as a tie (0.6 * 5 * 0.5 is 1.5 exactly)
BIAS = 1 << 20  # addresses live in [-2**20, 2**20) on every axis


def rnd(v: np.ndarray) -> np.ndarray:
    """Round half away from zero, elementwise, to int64 (the spec's ``rnd``).

    ``v``: float array of offsets from the fixed point M (cells), any shape.  Ties are
    detected with a tolerance of :data:`EPS` so that decimal coefficients like 0.6 behave
    as the book computes them by hand."""
    return round_away(np.array(v, np.float64)).astype(np.int64)


def round_away(v: np.ndarray) -> np.ndarray:
    """:func:`rnd` in place on a float64 array ``v`` (any shape; whole numbers, still
    float64), returned: ``trunc(v + copysign(1/2 + EPS, v))``, which is
    ``copysign(floor(|v| + 1/2 + EPS), v)`` to the last bit (a negative v adds exactly
    the negated sum), in three passes over v instead of five."""
    v += np.copysign(0.5 + EPS, v)
    return np.trunc(v, out=v)


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


# --- lines ----------------------------------------------------------------------------


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
