"""Bars (бруски), the formula tree, its reading (forward kinematics), leg IK, shadows.

A **bar** is a hexahedron: a length ``L`` along its local +x axis and two rectangular
sections centred on the axis, ``w0 x h0`` at the joint (x = 0) and ``w1 x h1`` at x = L
(width along local z, height along local y).  ``w1 = h1 = 0`` makes a 5-face pyramid
(ears, the tail's tip).  A **formula** (:class:`Node`) is a bar with the offset of its joint
in its parent's frame and its children; reading the tree (:func:`read_tree`) is the
paper's recursive algorithm: ``frame = parent . T(offset) . R(angles)`` for every bar,
vectorised over cats.  Angles are (roll about x, yaw about y, pitch about z) in radians,
``R = Rz(pitch) Ry(yaw) Rx(roll)``.

The **shadow** of a bar on the sagittal plane (z dropped) is the convex hull of its eight
projected vertices; :func:`hull_halfplanes` gives it as half-planes ``a x + b y + c >= 0``
and :func:`row_spans` cuts it into horizontal runs, so a silhouette is filled by drawing
those runs as lines.  Everything is numpy over (cats, bars, ...); no loop over cats.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

PAIRS = np.array([(i, j) for i in range(8) for j in range(8) if i != j])  # ordered pairs


@dataclass(frozen=True)
class Bar:
    """A hexahedron (sizes in H): length, and the sections w0 x h0 (joint end) and
    w1 x h1 (far end)."""

    name: str
    length: float
    w0: float
    h0: float
    w1: float
    h1: float

    def vertices(self) -> np.ndarray:
        """The 8 corners (8, 3) in the bar's own frame: the joint section first."""
        out = []
        for x, w, h in ((0.0, self.w0, self.h0), (self.length, self.w1, self.h1)):
            for sy, sz in ((-1, -1), (-1, 1), (1, 1), (1, -1)):
                out.append((x, sy * h / 2, sz * w / 2))
        return np.array(out)


@dataclass(frozen=True)
class Node:
    """A formula: a bar, its joint's offset (3,) in the parent's frame (in the world for
    the root), and its sub-formulas."""

    bar: Bar
    offset: tuple[float, float, float] = (0.0, 0.0, 0.0)
    children: tuple[Node, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Tree:
    """A formula flattened in reading order: ``names`` of the bars, ``parent`` index
    (-1 for the root), joint ``offsets`` (n, 3), local ``corners`` (n, 8, 3), and each
    bar's ``children`` indices (the recursion of :func:`read_tree`)."""

    names: tuple[str, ...]
    parent: np.ndarray
    offsets: np.ndarray
    corners: np.ndarray
    children: tuple[tuple[int, ...], ...]

    def index(self, name: str) -> int:
        return self.names.index(name)


def flatten(root: Node) -> Tree:
    """The formula ``root`` as a :class:`Tree` (depth first, parents before children)."""
    names: list[str] = []
    parent: list[int] = []
    offsets: list[tuple[float, float, float]] = []
    corners: list[np.ndarray] = []
    children: list[list[int]] = []

    def visit(node: Node, up: int) -> None:
        i = len(names)
        names.append(node.bar.name)
        parent.append(up)
        offsets.append(node.offset)
        corners.append(node.bar.vertices())
        children.append([])
        if up >= 0:
            children[up].append(i)
        for child in node.children:
            visit(child, i)

    visit(root, -1)
    return Tree(tuple(names), np.array(parent), np.array(offsets, np.float64),
                np.array(corners), tuple(tuple(c) for c in children))


def rotation(angles: np.ndarray) -> np.ndarray:
    """Rotation matrices (..., 3, 3) for angles (..., 3) = (roll, yaw, pitch):
    Rz(pitch) @ Ry(yaw) @ Rx(roll)."""
    a = np.asarray(angles, np.float64)
    cr, cy, cp = np.cos(a[..., 0]), np.cos(a[..., 1]), np.cos(a[..., 2])
    sr, sy, sp = np.sin(a[..., 0]), np.sin(a[..., 1]), np.sin(a[..., 2])
    R = np.empty((*a.shape[:-1], 3, 3))
    R[..., 0, 0] = cp * cy
    R[..., 0, 1] = cp * sy * sr - sp * cr
    R[..., 0, 2] = cp * sy * cr + sp * sr
    R[..., 1, 0] = sp * cy
    R[..., 1, 1] = sp * sy * sr + cp * cr
    R[..., 1, 2] = sp * sy * cr - cp * sr
    R[..., 2, 0] = -sy
    R[..., 2, 1] = cy * sr
    R[..., 2, 2] = cy * cr
    return R


def read_tree(tree: Tree, angles: np.ndarray, root: np.ndarray) -> tuple[np.ndarray,
                                                                          np.ndarray]:
    """Every bar's world frame: rotations (cats, n, 3, 3) and joint positions (cats, n, 3)
    for joint ``angles`` (cats, n, 3) and the root's position ``root`` (cats, 3); the
    root's offset is added to it.  Recursive, as the paper reads the formula."""
    cats, n = angles.shape[:2]
    local = rotation(angles)
    R = np.empty((cats, n, 3, 3))
    P = np.empty((cats, n, 3))

    def read(i: int, frame: np.ndarray, origin: np.ndarray) -> None:
        P[:, i] = origin + frame @ tree.offsets[i]
        R[:, i] = frame @ local[:, i]
        for child in tree.children[i]:
            read(child, R[:, i], P[:, i])

    read(0, np.broadcast_to(np.eye(3), (cats, 3, 3)), np.asarray(root, np.float64))
    return R, P


def world_corners(tree: Tree, R: np.ndarray, P: np.ndarray) -> np.ndarray:
    """The corners of every bar in the world (cats, n, 8, 3)."""
    return np.einsum("cnij,nkj->cnki", R, tree.corners) + P[:, :, None, :]


def hull_halfplanes(points: np.ndarray, eps: float = 1e-9) -> np.ndarray:
    """The convex hull of each set of 8 points (..., 8, 2) as half-planes (..., 56, 3):
    rows (a, b, c) with ``a x + b y + c >= 0`` inside.  Each ordered pair of points is a
    candidate edge; a pair with some point strictly to its right is no edge and becomes
    (0, 0, 1), which every point satisfies."""
    p0 = points[..., PAIRS[:, 0], :]  # (..., 56, 2)
    e = points[..., PAIRS[:, 1], :] - p0
    normal = np.stack([-e[..., 1], e[..., 0]], axis=-1)  # left of the edge is inside
    c = -np.sum(normal * p0, axis=-1)
    side = np.einsum("...pk,...qk->...pq", normal, points) + c[..., None]  # (..., 56, 8)
    scale = np.linalg.norm(e, axis=-1)
    edge = np.all(side >= -eps * np.maximum(scale, 1e-12)[..., None], axis=-1)
    out = np.zeros((*points.shape[:-2], len(PAIRS), 3))
    out[..., 0] = np.where(edge, normal[..., 0], 0.0)
    out[..., 1] = np.where(edge, normal[..., 1], 0.0)
    out[..., 2] = np.where(edge, c, 1.0)
    return out


def row_spans(halfplanes: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each horizontal line y = ys[r] crosses each convex region (..., 56, 3):
    (lo, hi) of shape (..., rows); lo > hi where it misses."""
    a, b, c = halfplanes[..., 0, None], halfplanes[..., 1, None], halfplanes[..., 2, None]
    rest = b * ys + c  # (..., 56, rows): the constraint is a x + rest >= 0
    with np.errstate(divide="ignore", invalid="ignore"):
        bound = -rest / a
    lo = np.max(np.where(a > 0, bound, -np.inf), axis=-2)
    hi = np.min(np.where(a < 0, bound, np.inf), axis=-2)
    flat_ok = np.all((a != 0) | (rest >= 0), axis=-2)
    return np.where(flat_ok, lo, np.inf), np.where(flat_ok, hi, -np.inf)


def two_link_ik(d: np.ndarray, s1: float, s2: float, s3: float, gamma: float,
                knee: np.ndarray, hock: np.ndarray) -> np.ndarray:
    """Directions (..., 3) of the three segments of legs whose third joint is held at
    the interior angle ``gamma``, so that the end of segment 3 is at ``d`` (..., 2) from
    the first joint (clamped into reach).  ``knee`` = +1/-1 bends the first joint
    counter-clockwise/clockwise of the line to the target, ``hock`` the third joint."""
    turn = hock * (np.pi - gamma)  # the third segment's direction relative to the second
    bx, by = s2 + s3 * np.cos(turn), s3 * np.sin(turn)
    B = np.hypot(bx, by)
    beta = np.arctan2(by, bx)  # direction of the rigid 2-3 link relative to segment 2
    rho = np.clip(np.hypot(d[..., 0], d[..., 1]), abs(s1 - B) + 1e-9, s1 + B - 1e-9)
    aim = np.arctan2(d[..., 1], d[..., 0])
    at_hip = np.arccos(np.clip((s1 * s1 + rho * rho - B * B) / (2 * s1 * rho), -1, 1))
    at_end = np.arccos(np.clip((B * B + rho * rho - s1 * s1) / (2 * B * rho), -1, 1))
    first = aim + knee * at_hip
    link = aim - knee * at_end
    second = link - beta
    return np.stack([first, second, second + turn], axis=-1)


def chain_end(directions: np.ndarray, lengths) -> np.ndarray:
    """Where a planar chain with segment ``directions`` (..., k) and ``lengths`` ends."""
    lengths = np.asarray(lengths, np.float64)
    return np.stack([np.sum(lengths * np.cos(directions), axis=-1),
                     np.sum(lengths * np.sin(directions), axis=-1)], axis=-1)
