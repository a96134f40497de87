"""A muscle's contraction, as numpy over arrays of cells (the lesson text "Мышца и её сокращение", section 3.5; see README.md).

A muscle is a segment A-B with a fixed point M; its coefficient ``l`` > 0 (l < 1 contracts,
l > 1 stretches, l = 1 is rest).  Two ways to move an object's cells:

* **The book's rule** (:func:`transfer_table`, :func:`contract_line`): for each half
  M->END, with D = END - M and n = max|D_c|, the cell at the source
  ``S_k = M + rnd(k D / n)`` (15.3) goes to ``T_k = M + rnd(k l D / n)`` (15.2),
  k = 1..n, rounding half away from M.  Only cells that exist move; cells that land on
  one address stack up.  The book runs k from M outward when contracting and from the end
  inward when stretching, in place; here every source is moved at once (gather, compute,
  scatter), which is the same thing whenever M lies in the box spanned by A and B
  (:func:`check_muscle`): then no destination is a source still to be moved.
* **The shell generalisation** (:func:`influence`, :func:`shell_pose`): every cell P near
  a half moves by ``Δ = w(r) (l - 1) clamp(t, 0, 1) D`` where t = (P - M)·D / |D|² and r
  is P's distance from the line; w = 1 for r <= R0 falling linearly to 0 at R1.  Cells
  past the end follow the end.  The pose is computed from the rest shape every time, so
  going back to l = 1 restores the rest shape exactly.

Addresses are int64 cell units; ``l`` is a plain number.  No globals, no drawing.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .voxels import pack, restack, rnd, rnd_ratio, round_away, unpack


def check_muscle(a: np.ndarray, b: np.ndarray, m: np.ndarray) -> None:
    """Raise ValueError unless M lies in the box spanned by A and B (on the segment, to
    the precision of integer addresses)."""
    a, b, m = (np.asarray(v, np.int64) for v in (a, b, m))
    if ((m < np.minimum(a, b)) | (m > np.maximum(a, b))).any():
        raise ValueError("the fixed point M must lie between A and B")


def default_fixed_point(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The midpoint of A-B rounded half away from A: ``A + rnd((B - A) / 2)``."""
    a = np.asarray(a, np.int64)
    return a + rnd_ratio(np.asarray(b, np.int64) - a, 2)


def half_table(m: np.ndarray, end: np.ndarray, l: float
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The half M->END of the transfer table: k ``(n,)``, sources and destinations
    ``(n, 3)`` int64, for k = 1..n (n = max|END_c - M_c|; empty when END = M)."""
    m = np.asarray(m, np.int64)
    d = np.asarray(end, np.int64) - m
    n = int(np.abs(d).max())
    k = np.arange(1, n + 1, dtype=np.int64)
    if n == 0:
        return k, np.zeros((0, 3), np.int64), np.zeros((0, 3), np.int64)
    src = m + rnd_ratio(k[:, None] * d, n)
    dst = m + rnd(k[:, None] * float(l) * d / n)
    return k, src, dst


def transfer_table(a: np.ndarray, b: np.ndarray, m: np.ndarray, l: float
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Both halves, M-A first then M-B: (half 0/1, k, source, destination) row arrays."""
    parts = [half_table(m, end, l) for end in (a, b)]
    half = np.concatenate([np.full(len(p[0]), i) for i, p in enumerate(parts)])
    k, src, dst = (np.concatenate([p[j] for p in parts]) for j in range(3))
    return half, k, src, dst


def _moves(a: np.ndarray, b: np.ndarray, m: np.ndarray, l: float
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rows of the table that move a cell, sorted by source key: (source keys,
    destinations ``(R, 3)``, 1 + place in the book's processing order (half M-A, then
    M-B; k from M outward when l <= 1, from the end inward when l > 1))."""
    half, k, src, dst = transfer_table(a, b, m, l)
    proc = np.lexsort((-k if l > 1 else k, half))
    arrival = np.empty_like(proc)
    arrival[proc] = np.arange(1, len(proc) + 1)
    moving = np.flatnonzero((src != dst).any(axis=1))
    keys = pack(src[moving])
    by_key = np.argsort(keys)
    rows = moving[by_key]
    return keys[by_key], dst[rows], arrival[rows]


def contract_line(pos: np.ndarray, level: np.ndarray, a: np.ndarray, b: np.ndarray,
                  m: np.ndarray, l: float, inplace: bool = False,
                  cand: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The book's rule applied to cells: (pos ``(N, 3)`` int64, level ``(N,)``) -> new
    (pos, level) (the same arrays, changed, with ``inplace``).  Gathers the cells on the
    table's addresses (looking only at the cells ``cand`` when given: they must include
    every cell there), moves those on sources, and stacks: a cell arriving on an address
    goes on top, cells arriving together in the book's processing order, each keeping its
    own stack order."""
    src_key, dst, arrival = _moves(a, b, m, l)
    if not inplace:
        pos, level = pos.copy(), level.copy()
    if not len(src_key):
        return pos, level
    box = np.concatenate([unpack(src_key), dst])
    lo, hi = box.min(axis=0), box.max(axis=0)
    cand = np.arange(len(pos)) if cand is None else cand
    p = pos[cand]
    near = cand[(p[:, 0] >= lo[0]) & (p[:, 0] <= hi[0]) & (p[:, 1] >= lo[1])
                & (p[:, 1] <= hi[1]) & (p[:, 2] >= lo[2]) & (p[:, 2] <= hi[2])]
    keys = pack(pos[near])
    on = np.isin(keys, np.concatenate([src_key, pack(dst)]))
    sub, keys = near[on], keys[on]
    at = np.searchsorted(src_key, keys).clip(0, len(src_key) - 1)
    hit = src_key[at] == keys
    rank = np.where(hit, arrival[at], 0)
    pos[sub[hit]] = dst[at[hit]]
    level[sub] = restack(pack(pos[sub]), rank, level[sub])
    return pos, level


def contract_lines(rest: np.ndarray, level: np.ndarray, muscles: list[tuple],
                   blocks: Blocks | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The book's rule for muscles (A, B, M, l), one after the other, from the rest shape
    (pos ``(N, 3)``, level ``(N,)``).  With ``blocks`` (of ``rest``) each muscle looks only
    at the cells in blocks along its line and at the cells already moved."""
    pos, level = rest.copy(), level.copy()
    moved = np.zeros(0, np.int64)
    for a, b, m, l in muscles:
        a, b, m = (np.asarray(v, np.int64) for v in (a, b, m))
        if l == 1.0:
            continue
        cand = None
        if blocks is not None:
            near = [blocks.perm[blocks.near_ray(m, (e - m).astype(np.float64), 2.0)]
                    for e in (a, b) if (e != m).any()]
            cand = np.unique(np.concatenate([moved, *near]))
        contract_line(pos, level, a, b, m, l, inplace=True, cand=cand)
        if cand is not None:
            moved = cand[(pos[cand] != rest[cand]).any(axis=1)]
    return pos, level


# --- the shell generalisation ---------------------------------------------------------


@dataclass
class Blocks:
    """Cells bucketed into cubes of ``size`` cells, to find quickly the cells near a line.

    ``perm`` lists cell indices block by block; block j holds ``perm[start[j]:end[j]]``
    and has centre ``centre[j]`` (cells); ``xyz`` ``(3, N)`` float64: the cells'
    coordinates in that order (contiguous, so a block's cells are read in one stretch)."""

    size: int
    perm: np.ndarray
    start: np.ndarray
    end: np.ndarray
    centre: np.ndarray
    xyz: np.ndarray

    @classmethod
    def of(cls, pos: np.ndarray, size: int = 8) -> Blocks:
        cube = pack(np.floor_divide(pos, size))
        perm = np.argsort(cube, kind="stable")
        _, start, counts = np.unique(cube[perm], return_index=True, return_counts=True)
        centre = pos[perm[start]] // size * size + (size - 1) / 2
        xyz = np.ascontiguousarray(pos[perm].T, dtype=np.float64)
        return cls(size, perm, start, start + counts, centre.astype(np.float64), xyz)

    def near_rays(self, m: np.ndarray, d: np.ndarray, reach: np.ndarray) -> list[np.ndarray]:
        """For each ray M_h + t D_h (rows of ``m``, ``d`` ``(H, 3)``), the places (into
        ``perm``/``xyz``) of the cells in blocks that may hold points with t > 0 and
        distance < ``reach[h]`` from the ray: supersets, to be tested cell by cell.
        (Plain products, not ``@``: a matrix product would start BLAS threads, which
        double the CPU time on a small machine and win nothing here.)"""
        m, d = np.asarray(m, np.float64).reshape(-1, 3), np.asarray(d, np.float64).reshape(-1, 3)
        slack = self.size * np.sqrt(3) / 2 + 1e-6
        cx, cy, cz = self.centre.T
        c2 = cx * cx + cy * cy + cz * cz
        places = []
        for h in range(len(d)):
            (mx, my, mz), (dx, dy, dz) = m[h], d[h]
            dd = dx * dx + dy * dy + dz * dz
            along = cx * dx + cy * dy + cz * dz - (mx * dx + my * dy + mz * dz)
            rel2 = c2 - 2 * (cx * mx + cy * my + cz * mz) + (mx * mx + my * my + mz * mz)
            ok = ((along > -slack * np.sqrt(dd))
                  & (rel2 - along * along / dd < (reach[h] + slack) ** 2 + 1.0))
            places.append(self._places(ok))
        return places

    def near_ray(self, m: np.ndarray, d: np.ndarray, reach: float) -> np.ndarray:
        """:meth:`near_rays` for one ray."""
        return self.near_rays(m, d, np.array([reach]))[0]

    def _places(self, ok: np.ndarray) -> np.ndarray:
        s, e = self.start[ok], self.end[ok]
        lengths = e - s
        total = int(lengths.sum())
        if not total:
            return np.zeros(0, np.int64)
        return np.repeat(s - np.cumsum(lengths) + lengths, lengths) + np.arange(total)


def half_weights(blocks: Blocks, at: np.ndarray, m: np.ndarray, d: np.ndarray,
                 r0: float, r1: float) -> tuple[np.ndarray, np.ndarray]:
    """For the candidate cells at places ``at`` of ``blocks``, the half M -> M + D:
    (cell indices, s) of the cells it moves, ``s = w(r) clamp(t, 0, 1)`` > 0, the share
    of (l - 1) D they move.  t = (P - M)·D / |D|², r = |P - M - t D| (cells); w = 1 for
    r <= r0, falling linearly to 0 at r1 (a step at r0 when r1 <= r0).  Worked in place
    on the candidates' ``(3, n)`` rows; the cells behind M (t <= 0) get s = 0."""
    rel = np.take(blocks.xyz, at, axis=1)
    rel -= np.asarray(m, np.float64)[:, None]
    x, y, z = rel
    tmp = np.empty_like(x)
    t = x * d[0]
    t += np.multiply(y, d[1], out=tmp)
    t += np.multiply(z, d[2], out=tmp)
    t /= float(d @ d)
    for c in range(3):  # P - M - t D, in place
        rel[c] -= np.multiply(t, d[c], out=tmp)
    r = np.multiply(x, x)
    r += np.multiply(y, y, out=tmp)
    r += np.multiply(z, z, out=tmp)
    np.sqrt(r, out=r)
    if r1 <= r0:
        w = (r <= r0).astype(np.float64)
    else:  # (r1 - r0 may be tiny: the ramp is then a step, its overflow clipped to 0..1)
        w = np.subtract(r1, r, out=r)
        with np.errstate(over="ignore"):
            w /= r1 - r0
        np.clip(w, 0, 1, out=w)
    w *= np.clip(t, 0.0, 1.0, out=t)
    keep = np.flatnonzero(w > 0)
    return blocks.perm[at[keep]], w[keep]


@dataclass
class Influence:
    """What a set of muscles does to a rest shape, computed once from ``rest`` alone.

    ``cells`` ``(K,)``: the cells some half moves (sorted indices); ``anchor`` ``(K, 3)``
    float64: the M of the half with the largest s for that cell (whole cells: rounding
    is half away from it); ``offset`` ``(K, 3)`` float64: rest - anchor (cells).  One entry per (half, cell) it moves, in
    half order: ``slot`` ``(E,)`` (into ``cells``), ``s`` ``(E,)``; per half: ``d``
    ``(H, 3)`` float (END - M), ``muscle`` ``(H,)`` (its muscle) and ``count`` ``(H,)``
    (its entries)."""

    cells: np.ndarray
    anchor: np.ndarray
    offset: np.ndarray
    slot: np.ndarray
    s: np.ndarray
    d: np.ndarray
    muscle: np.ndarray
    count: np.ndarray


def _halves(rest: np.ndarray, muscles: list[tuple], blocks: Blocks) -> list[tuple]:
    """(muscle number, M, D, idx, s) of every half that moves some cell."""
    rays = [(i, np.asarray(m, np.int64), np.asarray(end, np.int64) - np.asarray(m, np.int64),
             max(r0, r1), r0, r1)
            for i, (a, b, m, r0, r1) in enumerate(muscles) for end in (a, b)]
    rays = [r for r in rays if r[2].any()]
    if not rays:
        return []
    places = blocks.near_rays(np.array([r[1] for r in rays]), np.array([r[2] for r in rays]),
                              np.array([r[3] for r in rays]))
    found = []
    for (i, m, d, _, r0, r1), at in zip(rays, places):
        idx, s = half_weights(blocks, at, m, d.astype(np.float64), r0, r1)
        if len(idx):
            found.append((i, m, d.astype(np.float64), idx, s))
    return found


def influence(rest: np.ndarray, muscles: list[tuple], blocks: Blocks | None = None
              ) -> Influence:
    """Precompute :class:`Influence` for muscles given as (A, B, M, r0, r1) tuples."""
    found = _halves(rest, muscles, blocks if blocks is not None else Blocks.of(rest))
    if not found:
        none = np.zeros(0, np.int64)
        return Influence(none, np.zeros((0, 3)), np.zeros((0, 3)), none, np.zeros(0),
                         np.zeros((0, 3)), none, none)
    mark = np.zeros(len(rest), bool)
    for f in found:
        mark[f[3]] = True
    cells = np.flatnonzero(mark)
    slot_of = np.empty(len(rest), np.int64)
    slot_of[cells] = np.arange(len(cells))
    slot = slot_of[np.concatenate([f[3] for f in found])]
    del slot_of
    s = np.concatenate([f[4] for f in found])
    count = np.array([len(f[3]) for f in found], np.int64)
    half = np.repeat(np.arange(len(found)), count)
    best = np.zeros(len(cells))
    np.maximum.at(best, slot, s)
    top = s == best[slot]
    first = np.full(len(cells), len(found), np.int64)  # the first half giving the most
    np.minimum.at(first, slot[top], half[top])
    anchor = np.take(np.array([f[1] for f in found], np.float64), first, axis=0)
    offset = np.take(rest, cells, axis=0) - anchor  # whole numbers, exact in float64
    return Influence(cells, anchor, offset, slot, s,
                     np.array([f[2] for f in found], np.float64),
                     np.array([f[0] for f in found], np.int64), count)


def shell_pose(rest: np.ndarray, infl: Influence, coefficients: list[float],
               out: np.ndarray | None = None) -> np.ndarray:
    """The pose ``(N, 3)`` int64 of ``rest`` with muscle i at coefficient
    ``coefficients[i]``: ``P' = anchor + rnd(P - anchor + Σ (l - 1) s D)`` for the cells
    in reach, the others as at rest.  ``out``: an array holding ``rest`` outside the
    cells in reach (a previous pose), rewritten in place instead of copying ``rest``.
    Each sum is taken in half order, as the reference adds."""
    pose = rest.copy() if out is None else out
    k = len(infl.cells)
    if not k:
        return pose
    lm1 = np.asarray(coefficients, np.float64)[infl.muscle] - 1.0  # per half
    coef = np.repeat(lm1, infl.count)  # (l - 1) of each entry's half ...
    coef *= infl.s  # ... times its s
    v = np.empty((k, 3))
    w = np.empty_like(coef)
    for c in range(3):  # bincount adds in entry (= half) order
        np.multiply(coef, np.repeat(infl.d[:, c], infl.count), out=w)
        v[:, c] = np.bincount(infl.slot, w, minlength=k)
    v += infl.offset
    round_away(v)
    v += infl.anchor
    put_rows(pose, infl.cells, v.astype(np.int64))  # whole numbers: exact
    return pose


def put_rows(a: np.ndarray, rows: np.ndarray, values: np.ndarray) -> None:
    """``a[rows] = values`` for a C-contiguous ``(N, 3)`` int64 ``a`` and ``values``
    ``(R, 3)`` int64, a row moved as one 24-byte item (three times quicker)."""
    if not a.flags.c_contiguous or a.dtype != values.dtype:
        a[rows] = values
        return
    row = np.dtype((np.void, a.dtype.itemsize * a.shape[1]))
    np.put(a.view(row).reshape(-1), rows, np.ascontiguousarray(values).view(row).reshape(-1))


def displace(points: np.ndarray, muscles: list[tuple], coefficients: list[float]
             ) -> np.ndarray:
    """Where the shell generalisation takes arbitrary points ``(P, 3)`` (floats, no
    rounding, no stacking): ``P + Σ (l - 1) w(r) clamp(t, 0, 1) D`` over the halves of
    muscles (A, B, M, r0, r1).  Used to draw muscles that other muscles carry along."""
    pts = np.asarray(points, np.float64).reshape(-1, 3)
    out = pts.copy()
    for (a, b, m, r0, r1), l in zip(muscles, coefficients):
        m = np.asarray(m, np.float64)
        for end in (a, b):
            d = np.asarray(end, np.float64) - m
            if not d.any() or l == 1.0:
                continue
            rel = pts - m
            t = rel @ d / (d @ d)
            r = np.linalg.norm(rel - t[:, None] * d, axis=1)
            w = (r <= r0).astype(float) if r1 <= r0 else np.clip((r1 - r) / (r1 - r0), 0, 1)
            out += ((l - 1.0) * w * np.clip(t, 0.0, 1.0))[:, None] * d
    return out
