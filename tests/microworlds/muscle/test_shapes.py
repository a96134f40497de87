"""Shapes: the tiled shell finder equals a brute-force scan of the whole bounding box;
stacks and the dense grid view."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from microworlds.muscle.shapes import Part, shape_cells
from microworlds.muscle.voxels import dense_counts, restack, segment_cells, stack_at, stacks

c = st.integers(-12, 12)
pt = st.tuples(c, c, c)


@st.composite
def parts(draw):
    kind = draw(st.sampled_from(["box", "sphere", "cylinder", "capsule", "hull"]))
    points = tuple(draw(st.lists(pt, min_size=4, max_size=8))) if kind == "hull" else ()
    return Part(kind, draw(pt), draw(pt), draw(st.floats(0, 7)), draw(st.integers(0, 139)),
                draw(st.booleans()), points)


def brute_force(ps: list[Part]) -> dict:
    lo = np.min([p.bbox()[0] for p in ps], axis=0) - 1
    hi = np.max([p.bbox()[1] for p in ps], axis=0) + 1
    X, Y, Z = np.meshgrid(*(np.arange(lo[i], hi[i] + 1) for i in range(3)), indexing="ij")
    inside = np.zeros(X.shape, bool)
    solid = np.zeros(X.shape, bool)
    content = np.zeros(X.shape)
    for p in ps:
        hit = p.inside(X, Y, Z)
        inside |= hit
        content[hit] = p.content
        solid |= hit & p.solid
    inner = inside.copy()
    for axis in range(3):
        for shift in (1, -1):
            inner &= np.roll(inside, shift, axis=axis)
    keep = (inside & ~inner) | solid
    return {(int(x), int(y), int(z)): v for x, y, z, v in
            zip(X[keep], Y[keep], Z[keep], content[keep])}


@settings(max_examples=60, deadline=None)
@given(st.lists(parts(), min_size=1, max_size=3))
def test_tiled_shell_equals_brute_force(ps):
    pos, content = shape_cells(ps)
    got = {tuple(int(v) for v in p): float(x) for p, x in zip(pos, content)}
    assert got == brute_force(ps)
    assert len(got) == len(pos)  # one cell an address


def test_shell_sizes():
    assert len(shape_cells([Part("box", (0, 0, 0), (9, 9, 9))])[0]) == 10 ** 3 - 8 ** 3
    assert len(shape_cells([Part("box", (0, 0, 0), (9, 9, 9), solid=True)])[0]) == 1000
    pos = shape_cells([Part("sphere", (0, 0, 0), radius=10)])[0]
    assert pos.min(axis=0).tolist() == [-10, -10, -10] and pos.max(axis=0).tolist() == [10] * 3
    assert sorted(map(tuple, pos.tolist())) == sorted(map(tuple, (-pos).tolist()))  # symmetric


def test_hull_of_a_cube_is_the_box():
    corners = tuple((x, y, z) for x in (0, 9) for y in (0, 9) for z in (0, 9))
    hull = {tuple(p) for p in shape_cells([Part("hull", (0, 0, 0), points=corners)])[0].tolist()}
    box = {tuple(p) for p in shape_cells([Part("box", (0, 0, 0), (9, 9, 9))])[0].tolist()}
    assert hull == box


def test_union_has_no_inner_walls():
    a = Part("box", (0, 0, 0), (9, 4, 4))
    b = Part("box", (5, 0, 0), (14, 4, 4))
    both = {tuple(p) for p in shape_cells([a, b])[0].tolist()}
    assert (7, 2, 2) not in both and (0, 2, 2) in both
    assert len(both) == len(shape_cells([Part("box", (0, 0, 0), (14, 4, 4))])[0])


def test_stacks_and_dense_grid():
    pos = np.array([[0, 0, 0], [1, 0, 0], [0, 0, 0], [2, 1, 0], [0, 0, 0]], np.int64)
    content = np.array([10.0, 20, 30, 40, 50])
    level = restack(np.array([0, 1, 0, 2, 0]), np.array([2, 0, 1, 0, 0]))
    assert stack_at(pos, level, content, np.array([0, 0, 0])).tolist() == [50, 30, 10]
    assert stack_at(pos, level, content, np.array([5, 5, 5])).tolist() == []
    _where, sizes = stacks(pos)
    assert sizes.sum() == 5 and sorted(sizes.tolist()) == [1, 1, 3]
    origin, grid = dense_counts(pos)
    assert origin.tolist() == [0, 0, 0] and grid.shape == (3, 2, 1)
    assert grid[0, 0, 0] == 3 and grid.sum() == 5


def test_digital_segment():
    cells = segment_cells(np.array([37, 297, 460]), np.array([45, 313, 464]))
    assert len(cells) == 17 and cells[0].tolist() == [37, 297, 460]
    assert cells[-1].tolist() == [45, 313, 464]
    assert (np.abs(np.diff(cells, axis=0)).max(axis=1) == 1).all()
