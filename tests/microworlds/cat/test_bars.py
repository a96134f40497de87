"""Bars, the formula tree and its reading, leg IK, and the shadows' half-planes."""

from __future__ import annotations

import math

import numpy as np
import pytest

from microworlds.cat import bars as B
from microworlds.cat import body
from microworlds.cat import gait as G
from microworlds.cat import law as L


def test_a_bar_is_a_hexahedron_and_a_pyramid_when_its_end_is_a_point():
    bar = B.Bar("b", 2.0, 0.4, 0.6, 0.2, 0.3)
    v = bar.vertices()
    assert v.shape == (8, 3)
    assert set(v[:, 0]) == {0.0, 2.0}
    assert np.abs(v[:4, 1]).max() == 0.3 and np.abs(v[:4, 2]).max() == 0.2
    tip = B.Bar("ear", 1.0, 0.2, 0.2, 0.0, 0.0).vertices()
    assert len({tuple(p) for p in tip}) == 5  # four base corners and the apex: 5 faces


def test_rotations_are_proper_and_compose_pitch_yaw_roll():
    rng = np.random.default_rng(0)
    R = B.rotation(rng.uniform(-3, 3, (20, 3)))
    assert np.allclose(R @ np.swapaxes(R, -1, -2), np.eye(3), atol=1e-12)
    assert np.allclose(np.linalg.det(R), 1.0)
    pitch = B.rotation([0.0, 0.0, math.pi / 2])
    assert np.allclose(pitch @ [1, 0, 0], [0, 1, 0], atol=1e-15)
    roll_then_pitch = B.rotation([math.pi / 2, 0.0, math.pi / 2])
    assert np.allclose(roll_then_pitch @ [0, 1, 0], [0, 0, 1], atol=1e-15)


def test_reading_the_tree_composes_offsets_and_angles():
    """A chain root -> a -> b: world = parent . T(offset) . R(angles)."""
    b = B.Node(B.Bar("b", 1.0, 0.1, 0.1, 0.1, 0.1), (1.0, 0.0, 0.0))
    a = B.Node(B.Bar("a", 1.0, 0.1, 0.1, 0.1, 0.1), (2.0, 0.0, 0.0), (b,))
    root = B.Node(B.Bar("root", 2.0, 0.1, 0.1, 0.1, 0.1), (0.0, 0.0, 0.0), (a,))
    tree = B.flatten(root)
    assert tree.names == ("root", "a", "b") and list(tree.parent) == [-1, 0, 1]
    angles = np.zeros((2, 3, 3))
    angles[:, 0, 2] = [0.0, math.pi / 2]
    angles[:, 1, 2] = math.pi / 2
    R, P = B.read_tree(tree, angles, np.array([[0.0, 0, 0], [1.0, 1.0, 0]]))
    assert np.allclose(P[0], [[0, 0, 0], [2, 0, 0], [2, 1, 0]])
    assert np.allclose(P[1], [[1, 1, 0], [1, 3, 0], [0, 3, 0]])
    corners = B.world_corners(tree, R, P)
    assert np.allclose(corners[0, 2, 4:, 1], 2.0)  # bar b's far section is at y = 1 + 1


def test_the_cat_has_25_bars_in_its_formula():
    tree = body.cat_tree()
    assert len(tree.names) == 25 and tree.names[0] == "torso"
    parent = {name: tree.names[p] if p >= 0 else None
              for name, p in zip(tree.names, tree.parent, strict=True)}
    assert parent["head"] == "neck" and parent["neck"] == "torso"
    assert parent["ear.L"] == parent["ear.R"] == "head"
    assert [parent[f"tail{i}"] for i in range(1, 5)] == ["torso", "tail1", "tail2", "tail3"]
    for leg in L.LEGS:
        chain = [f"{leg}.{p}" for p in ("upper", "lower", "meta", "paw")]
        assert [parent[c] for c in chain] == ["torso", *chain[:3]]
    assert sum(body.SEGMENTS) == pytest.approx(1.2)  # l: the three upper segments


def test_fk_of_ik_puts_every_ankle_on_its_target():
    rng = np.random.default_rng(1)
    n = 500
    reach = body.reach()
    rho = rng.uniform(0.35, reach * 0.999, (n, 4))
    angle = rng.uniform(-math.pi * 0.9, -math.pi * 0.1, (n, 4))
    s = np.zeros((n, 4, 4))
    s[..., L.X] = -rho * np.cos(angle)  # spec x: behind the shoulder is +
    s[..., L.Y] = 1.0 + rho * np.sin(angle)
    got = body.ankle_positions(s, np.zeros(n))
    assert np.abs(got - body.paw_targets(s)).max() < 1e-12


def test_out_of_reach_the_leg_points_straight_at_its_target():
    s = np.zeros((1, 4, 4))
    s[0, :, L.X] = [1.5, -1.5, 0.9, -0.9]
    got = body.ankle_positions(s, np.zeros(1))[0]
    want = body.paw_targets(s)[0]
    assert np.allclose(np.linalg.norm(got, axis=-1), body.reach(), atol=1e-6)
    cos = np.sum(got * want, axis=-1) / np.linalg.norm(got, axis=-1) / np.linalg.norm(
        want, axis=-1)
    assert np.allclose(cos, 1.0)


def test_hind_knees_bend_forward_and_front_elbows_back():
    g = G.new_herd(1)
    dirs = body.leg_directions(g.s)[0]
    knee = np.stack([np.cos(dirs[:, 0]), np.sin(dirs[:, 0])], -1) * body.SEGMENTS[0]
    ankle = body.paw_targets(g.s)[0]
    side = cross(ankle, knee)  # > 0: the knee is counter-clockwise of the line (forward)
    for i, leg in enumerate(L.LEGS):
        assert (side[i] > 0) == leg.endswith("H"), leg


def cross(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]


def monotone_hull(points: np.ndarray) -> np.ndarray:
    pts = sorted(map(tuple, points))

    def half(seq):
        out = []
        for p in seq:
            while len(out) >= 2 and cross(np.subtract(out[-1], out[-2]),
                                          np.subtract(p, out[-2])) <= 0:
                out.pop()
            out.append(p)
        return out

    return np.array(half(pts)[:-1] + half(pts[::-1])[:-1])


def inside_polygon(poly: np.ndarray, q: np.ndarray) -> np.ndarray:
    edges = np.roll(poly, -1, axis=0) - poly
    rel = q[:, None, :] - poly[None, :, :]
    return (edges[None, :, 0] * rel[..., 1] - edges[None, :, 1] * rel[..., 0] >= 0).all(1)


def test_hull_halfplanes_are_the_convex_hull():
    rng = np.random.default_rng(2)
    for _ in range(20):
        pts = rng.normal(size=(8, 2))
        hp = B.hull_halfplanes(pts[None])[0]
        q = rng.uniform(-2.5, 2.5, (2000, 2))
        ours = (q @ hp[:, :2].T + hp[:, 2] >= -1e-12).all(axis=1)
        assert (ours == inside_polygon(monotone_hull(pts), q)).mean() > 0.999


def test_row_spans_cut_the_hull_into_runs():
    rng = np.random.default_rng(3)
    pts = rng.normal(size=(1, 8, 2))
    hp = B.hull_halfplanes(pts)
    ys = np.linspace(-3, 3, 61)
    lo, hi = B.row_spans(hp, ys)
    poly = monotone_hull(pts[0])
    for y, a, b in zip(ys, lo[0], hi[0], strict=True):
        xs = np.linspace(-4, 4, 4001)
        inside = inside_polygon(poly, np.column_stack([xs, np.full_like(xs, y)]))
        if not inside.any():
            assert a > b
        else:
            assert a == pytest.approx(xs[inside][0], abs=3e-3)
            assert b == pytest.approx(xs[inside][-1], abs=3e-3)
