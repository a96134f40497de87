"""A muscle's contraction, as numpy over arrays of cells (spec: shared/spec/muscle.md 3.5).

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

from .voxels import pack, restack, rnd, rnd_ratio


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
    return (half, *(np.concatenate([p[j] for p in parts]) for j in range(3)))


def contract_line(pos: np.ndarray, level: np.ndarray, a: np.ndarray, b: np.ndarray,
                  m: np.ndarray, l: float) -> tuple[np.ndarray, np.ndarray]:
    """The book's rule applied to cells: (pos ``(N, 3)`` int64, level ``(N,)``) -> new
    (pos, level).  A cell arriving on an address goes on top of the stack there; cells
    arriving together keep the book's processing order (half M-A, then M-B; k from M
    outward when l <= 1, from the end inward when l > 1) and their own stack order."""
    half, k, src, dst = transfer_table(a, b, m, l)
    proc = np.lexsort((-k if l > 1 else k, half))  # rows in the book's processing order
    order = np.empty_like(proc)
    order[proc] = np.arange(len(proc))
    moving = (src != dst).any(axis=1)
    src_key = pack(src[moving])
    if not len(src_key):
        return pos, level
    keys = pack(pos)
    sub = np.flatnonzero(np.isin(keys, np.concatenate([src_key, pack(dst[moving])])))
    by_key = np.argsort(src_key)
    at = np.searchsorted(src_key[by_key], keys[sub]).clip(0, len(src_key) - 1)
    hit = src_key[by_key][at] == keys[sub]
    row = by_key[at[hit]]
    arrival = np.zeros(len(sub), np.int64)
    arrival[hit] = 1 + order[np.flatnonzero(moving)[row]]
    new_pos, new_level = pos.copy(), level.copy()
    new_pos[sub[hit]] = dst[moving][row]
    new_level[sub] = restack(pack(new_pos[sub]), arrival, level[sub])
    return new_pos, new_level


# --- the shell generalisation ---------------------------------------------------------


@dataclass
class Blocks:
    """Cells bucketed into cubes of ``size`` cells, to find quickly the cells near a line.

    ``perm`` lists cell indices block by block; block j holds ``perm[start[j]:end[j]]``,
    centre ``centre[j]`` (cells)."""

    size: int
    perm: np.ndarray
    start: np.ndarray
    end: np.ndarray
    centre: np.ndarray

    @classmethod
    def of(cls, pos: np.ndarray, size: int = 8) -> Blocks:
        cube = pack(np.floor_divide(pos, size))
        perm = np.argsort(cube, kind="stable")
        ids, start, counts = np.unique(cube[perm], return_index=True, return_counts=True)
        centre = pos[perm[start]] // size * size + (size - 1) / 2
        return cls(size, perm, start, start + counts, centre.astype(np.float64))

    def near_ray(self, m: np.ndarray, d: np.ndarray, reach: float) -> np.ndarray:
        """Indices of cells in blocks that may hold points with t > 0 and r < reach
        from the ray M + t D (t >= 0): a superset, to be tested cell by cell."""
        slack = self.size * np.sqrt(3) / 2
        rel = self.centre - m
        t = rel @ d / float(d @ d)
        perp = rel - t[:, None] * d
        ok = ((t * np.sqrt(d @ d) > -slack)
              & (np.einsum("ij,ij->i", perp, perp) < (reach + slack) ** 2))
        s, e = self.start[ok], self.end[ok]
        lengths = e - s
        if not lengths.sum():
            return np.zeros(0, np.int64)
        offsets = np.repeat(s - np.cumsum(lengths) + lengths, lengths)
        return self.perm[offsets + np.arange(lengths.sum())]


def half_weights(rest: np.ndarray, cand: np.ndarray, m: np.ndarray, d: np.ndarray,
                 r0: float, r1: float) -> tuple[np.ndarray, np.ndarray]:
    """For the candidate cells ``cand`` of ``rest``, the half M -> M + D: (idx, s) of the
    cells it moves, ``s = w(r) clamp(t, 0, 1)`` > 0 (the fraction of (l - 1) D they move).

    t = (P - M)·D / |D|², r = |P - M - t D| (cells); w = 1 for r <= r0, 0 for r >= r1."""
    rel = (rest[cand] - m).astype(np.float64)
    t = (rel[:, 0] * d[0] + rel[:, 1] * d[1] + rel[:, 2] * d[2]) / float(d @ d)
    ahead = t > 0
    cand, rel, t = cand[ahead], rel[ahead], t[ahead]
    px, py, pz = (rel[:, c] - t * d[c] for c in range(3))
    r = np.sqrt(px * px + py * py + pz * pz)
    w = (r <= r0).astype(np.float64) if r1 <= r0 else np.clip((r1 - r) / (r1 - r0), 0, 1)
    s = w * np.minimum(t, 1.0)
    keep = s > 0
    return cand[keep], s[keep]


@dataclass
class Influence:
    """What a set of muscles does to a rest shape, computed once (from ``rest`` alone).

    ``cells``: indices of the cells some half moves (sorted); ``halves``: per half
    (muscle number, D ``(3,)``, slots into ``cells`` ``(K,)``, s ``(K,)``); ``anchor``
    ``(len(cells), 3)``: the M of the half with the largest s for that cell (rounding is
    half away from it); ``offset``: rest - anchor (float64)."""

    cells: np.ndarray
    halves: list[tuple[int, np.ndarray, np.ndarray, np.ndarray]]
    anchor: np.ndarray
    offset: np.ndarray


def influence(rest: np.ndarray, muscles: list[tuple], blocks: Blocks | None = None
              ) -> Influence:
    """Precompute :class:`Influence` for muscles given as (A, B, M, r0, r1) tuples."""
    blocks = blocks if blocks is not None else Blocks.of(rest)
    found = []
    for i, (a, b, m, r0, r1) in enumerate(muscles):
        m = np.asarray(m, np.int64)
        for end in (a, b):
            d = (np.asarray(end, np.int64) - m).astype(np.float64)
            if not d.any():
                continue
            idx, s = half_weights(rest, blocks.near_ray(m, d, r1), m, d, r0, r1)
            found.append((i, m, d, idx, s))
    cells = np.unique(np.concatenate([f[3] for f in found] + [np.zeros(0, np.int64)]))
    best = np.zeros(len(cells))
    anchor = np.zeros((len(cells), 3), np.int64)
    halves = []
    for i, m, d, idx, s in found:
        slot = np.searchsorted(cells, idx)
        better = s > best[slot]
        best[slot[better]] = s[better]
        anchor[slot[better]] = m
        halves.append((i, d, slot, s))
    offset = (rest[cells] - anchor).astype(np.float64)
    return Influence(cells, halves, anchor, offset)


def shell_pose(rest: np.ndarray, infl: Influence, coefficients: list[float]) -> np.ndarray:
    """The pose ``(N, 3)`` int64 of ``rest`` with muscle i at coefficient
    ``coefficients[i]``: ``P' = anchor + rnd(P - anchor + Σ (l - 1) s D)``."""
    pose = rest.copy()
    if not len(infl.cells):
        return pose
    disp = np.zeros((len(infl.cells), 3))
    for i, d, slot, s in infl.halves:
        l = float(coefficients[i])
        if l != 1.0:
            disp[slot] += ((l - 1.0) * s)[:, None] * d
    pose[infl.cells] = infl.anchor + rnd(infl.offset + disp)
    return pose
