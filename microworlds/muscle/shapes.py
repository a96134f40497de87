"""Solid shapes and the cells of their union's shell, found tile by tile.

A :class:`Part` is a box, sphere, cylinder, capsule or convex hull of points (the cat
microworld's bars are hexahedra) in cell units.  The cells of a union
of parts are its *shell* (cells inside the union with a 6-neighbour outside) plus the
interior of the parts marked solid.  Space is cut into tiles of ``TILE``**3 cells; a
Lipschitz bound on each part (``Part.bound``: at most the distance to its surface, <= 0
inside) says, from the tile centre alone, which tiles lie wholly outside or wholly inside
the union; only the tiles near the surface (or in a solid part) are tested cell by cell,
a batch of tiles per numpy operation.  A sphere shell of a million cells takes ~2 % of
the work of testing its whole bounding box.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .voxels import pack

TILE = 8
BATCH = 512  # tiles tested per numpy pass


@dataclass(frozen=True)
class Part:
    """A solid shape in cell units.  ``box``: corners ``a`` and ``b`` (inclusive);
    ``sphere``: centre ``a``; ``cylinder``: axis from ``a`` to ``b``, flat ends;
    ``capsule``: axis from ``a`` to ``b``, round ends; ``hull``: the convex hull of
    ``points`` (a tuple of (x, y, z), at least 4 not in a plane).  An address is inside a round
    shape when its squared distance from the centre (axis) is at most r (r + 1): round
    digital shapes without lone cells at the poles.  ``content`` goes into its cells;
    ``solid`` keeps its interior too (else only the shell of the union is kept)."""

    kind: str
    a: tuple[float, float, float]
    b: tuple[float, float, float] = (0.0, 0.0, 0.0)
    radius: float = 0.0
    content: float = 1.0
    solid: bool = False
    points: tuple = ()

    @cached_property
    def planes(self) -> np.ndarray:
        """A hull's faces as rows (nx, ny, nz, c), unit normals, n·p + c >= 0 inside."""
        return hull_planes(np.array(self.points, np.float64))

    def bbox(self) -> tuple[np.ndarray, np.ndarray]:
        """Integer bounds (lo, hi), inclusive, that hold every cell of the part."""
        a, b = np.array(self.a, float), np.array(self.b, float)
        if self.kind == "box":
            return np.ceil(np.minimum(a, b)).astype(int), np.floor(np.maximum(a, b)).astype(int)
        if self.kind == "hull":
            pts = np.array(self.points, np.float64)
            return np.floor(pts.min(axis=0)).astype(int), np.ceil(pts.max(axis=0)).astype(int)
        if self.kind == "sphere":
            b = a
        r = self.radius + 1
        lo, hi = np.minimum(a, b) - r, np.maximum(a, b) + r
        return np.floor(lo).astype(int), np.ceil(hi).astype(int)

    def _axis(self, X, Y, Z):
        """(t along a->b, squared distance from the axis line) for round parts."""
        a = self.a
        px, py, pz = X - a[0], Y - a[1], Z - a[2]
        if self.kind == "sphere":
            return None, px * px + py * py + pz * pz
        d = np.subtract(self.b, a)
        dd = float(d @ d) or 1.0
        t = (px * d[0] + py * d[1] + pz * d[2]) / dd
        if self.kind == "capsule":
            t = np.clip(t, 0.0, 1.0)
        qx, qy, qz = px - t * d[0], py - t * d[1], pz - t * d[2]
        return t, qx * qx + qy * qy + qz * qz

    def inside(self, X: np.ndarray, Y: np.ndarray, Z: np.ndarray) -> np.ndarray:
        """Which addresses (X, Y, Z) (arrays that broadcast) lie in the part."""
        if self.kind == "box":
            lo, hi = np.minimum(self.a, self.b), np.maximum(self.a, self.b)
            return ((lo[0] <= X) & (hi[0] >= X) & (lo[1] <= Y) & (hi[1] >= Y)
                    & (lo[2] <= Z) & (hi[2] >= Z))
        if self.kind == "hull":
            return self.bound(X, Y, Z) <= 1e-9
        t, q2 = self._axis(X, Y, Z)
        near = q2 <= self.radius * (self.radius + 1)
        return near & (t >= 0) & (t <= 1) if self.kind == "cylinder" else near

    def bound(self, X: np.ndarray, Y: np.ndarray, Z: np.ndarray) -> np.ndarray:
        """A 1-Lipschitz function, <= 0 exactly inside the part (a signed distance
        bound), used to skip whole tiles."""
        if self.kind == "box":
            lo, hi = np.minimum(self.a, self.b), np.maximum(self.a, self.b)
            return np.maximum.reduce([lo[0] - X, X - hi[0], lo[1] - Y, Y - hi[1],
                                      lo[2] - Z, Z - hi[2]])
        if self.kind == "hull":
            faces = self.planes
            if not len(faces):  # the points are on a line: a hull with no inside
                return np.full(np.broadcast(X, Y, Z).shape, np.inf)
            return np.maximum.reduce([-(n[0] * X + n[1] * Y + n[2] * Z + n[3])
                                      for n in faces])
        t, q2 = self._axis(X, Y, Z)
        radial = np.sqrt(q2) - np.sqrt(self.radius * (self.radius + 1))
        if self.kind != "cylinder":
            return radial
        length = float(np.linalg.norm(np.subtract(self.b, self.a)))
        return np.maximum.reduce([radial, -t * length, (t - 1) * length])


def hull_planes(points: np.ndarray, eps: float = 1e-9) -> np.ndarray:
    """The faces of the convex hull of ``points`` ``(n, 3)`` (n small): every plane
    through three of the points with all the points on one side, as rows
    (nx, ny, nz, c) with unit normals and ``n·p + c >= 0`` inside (repeats harmless)."""
    n = len(points)
    i, j, k = np.array([(i, j, k) for i in range(n) for j in range(i + 1, n)
                        for k in range(j + 1, n)]).T
    normal = np.cross(points[j] - points[i], points[k] - points[i])
    length = np.linalg.norm(normal, axis=1)
    ok = length > eps * max(1.0, float(np.abs(points).max()) ** 2)
    normal = normal[ok] / length[ok, None]
    c = -np.einsum("fc,fc->f", normal, points[i[ok]])
    side = normal @ points.T + c[:, None]  # (faces, points)
    scale = eps * max(1.0, float(np.abs(points).max()))
    up, down = (side >= -scale).all(axis=1), (side <= scale).all(axis=1)
    planes = np.concatenate([np.c_[normal[up], c[up]], -np.c_[normal[down], c[down]]])
    if len(planes) and (up & down).any():  # all in one plane: add the polygon's edges
        planes = np.concatenate([planes, _edge_planes(points, normal[up & down][0], scale)])
    return np.unique(np.round(planes, 12), axis=0)


def _edge_planes(points: np.ndarray, normal: np.ndarray, eps: float) -> np.ndarray:
    """For points in one plane (unit ``normal``), the half-spaces through the edges of
    their convex polygon, perpendicular to the plane."""
    n = len(points)
    i, j = np.array([(i, j) for i in range(n) for j in range(n) if i != j]).T
    e = np.cross(points[j] - points[i], normal)
    length = np.linalg.norm(e, axis=1)
    ok = length > 1e-12
    e = e[ok] / length[ok, None]
    c = -np.einsum("fc,fc->f", e, points[i[ok]])
    keep = (e @ points.T + c[:, None] >= -eps).all(axis=1)
    return np.c_[e[keep], c[keep]]


def _tiles(parts: list[Part]) -> np.ndarray:
    """Corners ``(K, 3)`` of the tiles that may hold kept cells: near the union's surface
    or touching a solid part."""
    lo = np.min([p.bbox()[0] for p in parts], axis=0) - 1
    hi = np.max([p.bbox()[1] for p in parts], axis=0) + 1
    axes = [np.arange(lo[i], hi[i] + 1, TILE) for i in range(3)]
    corner = np.stack(np.meshgrid(*axes, indexing="ij"), axis=-1).reshape(-1, 3)
    centre = corner + (TILE - 1) / 2
    reach = np.sqrt(3) * (TILE / 2 + 1) + 1e-6  # centre to the farthest (padded) cell
    bounds = np.array([p.bound(*centre.T) for p in parts])
    union = bounds.min(axis=0)
    keep = np.abs(union) <= reach
    solid = [i for i, p in enumerate(parts) if p.solid]
    if solid:
        keep |= bounds[solid].min(axis=0) <= reach
    return corner[keep]


def _batch(parts: list[Part], corner: np.ndarray, contents: np.ndarray
           ) -> tuple[np.ndarray, np.ndarray]:
    """The kept cells of a batch of tiles: (pos ``(n, 3)``, content ``(n,)``)."""
    g = np.arange(-1, TILE + 1)
    X = corner[:, 0, None, None, None] + g[:, None, None]
    Y = corner[:, 1, None, None, None] + g[None, :, None]
    Z = corner[:, 2, None, None, None] + g[None, None, :]
    inside = np.zeros((len(corner), TILE + 2, TILE + 2, TILE + 2), bool)
    solid = np.zeros_like(inside)
    label = np.full(inside.shape, -1, np.int32)
    for i, part in enumerate(parts):
        lo, hi = part.bbox()
        near = np.flatnonzero(((corner + TILE >= lo) & (corner - 1 <= hi)).all(axis=1))
        if not len(near):
            continue
        hit = np.zeros(inside.shape, bool)
        hit[near] = part.inside(X[near], Y[near], Z[near])
        inside |= hit
        label[hit] = i
        if part.solid:
            solid |= hit
    c = inside[:, 1:-1, 1:-1, 1:-1]
    interior = (c & inside[:, :-2, 1:-1, 1:-1] & inside[:, 2:, 1:-1, 1:-1]
                & inside[:, 1:-1, :-2, 1:-1] & inside[:, 1:-1, 2:, 1:-1]
                & inside[:, 1:-1, 1:-1, :-2] & inside[:, 1:-1, 1:-1, 2:])
    keep = (c & ~interior) | solid[:, 1:-1, 1:-1, 1:-1]
    tile, ox, oy, oz = np.nonzero(keep)
    pos = corner[tile] + np.stack([ox, oy, oz], axis=1)
    return pos, contents[label[:, 1:-1, 1:-1, 1:-1][tile, ox, oy, oz]]


def shape_cells(parts: list[Part]) -> tuple[np.ndarray, np.ndarray]:
    """The cells of a union of parts: its shell, plus the interior of solid parts.

    Returns (pos ``(N, 3)`` int64, content ``(N,)`` float64), sorted by address (x, then
    y, then z).  Each cell takes the content of the last part that contains it."""
    if not parts:
        return np.zeros((0, 3), np.int64), np.zeros(0)
    contents = np.array([p.content for p in parts], np.float64)
    corners = _tiles(parts).astype(np.int64)
    found = [_batch(parts, corners[s:s + BATCH], contents)
             for s in range(0, len(corners), BATCH)]
    if not found:
        return np.zeros((0, 3), np.int64), np.zeros(0)
    pos = np.concatenate([f[0] for f in found])
    content = np.concatenate([f[1] for f in found])
    order = np.argsort(pack(pos))
    return pos[order], content[order]
