"""The numpy core agrees with the dict reference (tests/microworlds/muscle/muscle_reference.py) on random
objects and muscles, and keeps the spec's invariants: l = 1 is the identity, mass is
conserved, far cells stay, contract-then-relax restores the rest shape."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from microworlds.muscle import contraction as mc
from microworlds.muscle.body import Body, Muscle
from microworlds.muscle.shapes import Part
from microworlds.muscle.voxels import segment_cells, stacks
from tests.microworlds.muscle.muscle_reference import (
    contract,
    contract_double_buffered,
    mass,
    rows,
    shell,
)

FAST = settings(max_examples=60, deadline=None)


def to_arrays(g: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """dict object -> (pos, level, content) arrays, cells in address order."""
    pos, level, content = [], [], []
    for p in sorted(g):
        for i, c in enumerate(g[p]):
            pos.append(p)
            level.append(i)
            content.append(c)
    return (np.array(pos, np.int64).reshape(-1, 3), np.array(level, np.int32),
            np.array(content, np.float64))


def to_dict(pos: np.ndarray, level: np.ndarray, content: np.ndarray) -> dict:
    order = np.lexsort((np.arange(len(pos)), level))
    out: dict = {}
    for i in order:
        out.setdefault(tuple(int(v) for v in pos[i]), []).append(float(content[i]))
    return out


coord = st.integers(-2, 14)
point = st.tuples(coord, coord, coord)
coefficient = st.one_of(st.sampled_from([0.1, 0.25, 0.5, 0.6, 0.75, 1.0, 1.25, 1.5, 2.0]),
                        st.floats(0.05, 3.0))


@st.composite
def muscles(draw):
    a, b = draw(point), draw(point)
    m = tuple(draw(st.integers(min(x, y), max(x, y))) for x, y in zip(a, b))
    return a, b, m


@st.composite
def objects(draw, around=None):
    """A dict object; with ``around`` (A, B) it also holds part of the muscle's line."""
    cells = draw(st.lists(point, max_size=40, unique=True))
    if around is not None:
        line = [tuple(p) for p in segment_cells(*around).tolist()]
        cells = list(dict.fromkeys(cells + draw(st.lists(st.sampled_from(line),
                                                         max_size=len(line)))))
    g, n = {}, 0
    for p in cells:
        size = draw(st.integers(1, 2))
        g[p] = [float(n + i) for i in range(size)]
        n += size
    return g


@st.composite
def scenes(draw):
    a, b, m = draw(muscles())
    return draw(objects(around=(a, b))), (a, b, m), draw(coefficient)


@FAST
@given(scenes())
def test_line_rule_numpy_equals_the_reference(scene):
    g, (a, b, m), l = scene
    pos, level, content = to_arrays(g)
    new_pos, new_level = mc.contract_line(pos, level, np.array(a), np.array(b), np.array(m), l)
    assert to_dict(new_pos, new_level, content) == contract(g, a, b, m, l)


@FAST
@given(st.lists(scenes(), min_size=1, max_size=3))
def test_muscles_one_after_the_other_numpy_with_blocks_equals_the_reference(scenes_):
    g = {}
    for obj, _, _ in scenes_:  # one object holding every muscle's line
        for p, stack in obj.items():
            g.setdefault(p, []).extend(stack)
    g = {p: [float(i) for i in range(j * 10, j * 10 + len(s))] for j, (p, s) in
         enumerate(sorted(g.items()))}
    muscle_list = [(a, b, m, l) for _, (a, b, m), l in scenes_]
    expected = g
    for a, b, m, l in muscle_list:
        expected = contract(expected, a, b, m, l)
    pos, level, content = to_arrays(g)
    blocks = mc.Blocks.of(pos, size=4)
    got = mc.contract_lines(pos, level, muscle_list, blocks)
    assert to_dict(got[0], got[1], content) == expected
    assert to_dict(*mc.contract_lines(pos, level, muscle_list), content) == expected


@FAST
@given(scenes())
def test_in_place_ordered_transfer_equals_double_buffered(scene):
    g, (a, b, m), l = scene
    assert contract(g, a, b, m, l) == contract_double_buffered(g, a, b, m, l)


@FAST
@given(scenes())
def test_line_rule_conserves_mass_and_leaves_other_cells(scene):
    g, (a, b, m), l = scene
    out = contract(g, a, b, m, l)
    assert mass(out) == mass(g)
    touched = {p for _, _, s, t in rows(a, b, m, l) for p in (s, t)}
    assert {p: s for p, s in out.items() if p not in touched} == \
        {p: s for p, s in g.items() if p not in touched}


@FAST
@given(scenes())
def test_l_1_is_the_identity(scene):
    g, (a, b, m), _ = scene
    assert contract(g, a, b, m, 1.0) == g
    pos, level, content = to_arrays(g)
    new_pos, new_level = mc.contract_line(pos, level, np.array(a), np.array(b), np.array(m), 1)
    assert to_dict(new_pos, new_level, content) == g


@FAST
@given(muscles(), coefficient)
def test_destinations_scale_the_distance_to_m_by_l(muscle, l):
    a, b, m = muscle
    for half, k, _, t in rows(a, b, m, l):
        d = np.subtract((a, b)[half], m)
        ideal = np.array(m) + k * l * d / np.abs(d).max()
        assert np.abs(np.array(t) - ideal).max() <= 0.5 + 1e-9


@st.composite
def shell_scenes(draw):
    ms = draw(st.lists(muscles(), min_size=1, max_size=3))
    reach = [tuple(sorted((draw(st.floats(0, 4)), draw(st.floats(0, 6))))) for _ in ms]
    muscle_list = [(a, b, m, r0, r1) for (a, b, m), (r0, r1) in zip(ms, reach)]
    ls = [draw(coefficient) for _ in ms]
    return draw(objects(around=ms[0][:2])), muscle_list, ls


def shell_numpy(g: dict, muscle_list, ls) -> dict:
    pos, level, content = to_arrays(g)
    infl = mc.influence(pos, muscle_list, mc.Blocks.of(pos, size=4))
    return to_dict(mc.shell_pose(pos, infl, ls), level, content)


def multisets(g: dict) -> dict:
    return {p: sorted(s) for p, s in g.items()}


@FAST
@given(shell_scenes())
def test_shell_numpy_equals_the_reference(scene):
    g, muscle_list, ls = scene
    assert multisets(shell_numpy(g, muscle_list, ls)) == multisets(shell(g, muscle_list, ls))


@FAST
@given(shell_scenes())
def test_shell_conserves_mass_and_l_1_is_the_identity(scene):
    g, muscle_list, ls = scene
    assert mass(shell_numpy(g, muscle_list, ls)) == mass(g)
    assert shell_numpy(g, muscle_list, [1.0] * len(ls)) == g


def test_shell_leaves_cells_far_from_every_muscle():
    rest = np.array([[x, y, z] for x in range(0, 30, 3) for y in range(0, 30, 3)
                     for z in range(0, 30, 3)], np.int64)
    muscle_list = [((2, 2, 2), (20, 2, 2), (11, 2, 2), 1.0, 3.0),
                   ((25, 5, 25), (25, 25, 25), (25, 15, 25), 2.0, 4.0)]
    pose = mc.shell_pose(rest, mc.influence(rest, muscle_list), [0.5, 0.3])
    moved = (pose != rest).any(axis=1)
    assert moved.any()
    far = np.ones(len(rest), bool)  # w = 0 for every half: outside its reach, or behind M
    for a, b, m, _, r1 in muscle_list:
        for end in (a, b):
            far &= _out_of_reach(rest, np.array(m), np.array(end) - np.array(m), r1)
    assert far.any() and not moved[far].any()


def _out_of_reach(p: np.ndarray, m: np.ndarray, d: np.ndarray, r1: float) -> np.ndarray:
    t = (p - m) @ d / (d @ d)
    return (t <= 0) | (np.linalg.norm(p - m - t[:, None] * d, axis=1) >= r1)


def test_shell_moves_the_end_to_m_plus_l_d_and_cells_past_it_follow():
    rest = np.array([[x, 0, 0] for x in range(0, 31)], np.int64)
    pose = mc.shell_pose(rest, mc.influence(rest, [((0, 0, 0), (20, 0, 0), (0, 0, 0), 1, 2)]),
                         [0.5])
    assert pose[20].tolist() == [10, 0, 0]
    assert pose[30].tolist() == [20, 0, 0]      # past the end: moved like the end
    assert pose[0].tolist() == [0, 0, 0]        # M stays
    assert pose[5].tolist() == [3, 0, 0]        # 2.5 rounds away from M


@pytest.mark.parametrize("mode", ["shell", "line"])
def test_contract_then_relax_restores_the_rest_shape_exactly(mode):
    body = Body("arm")
    body.add_part(Part("capsule", (0, 0, 0), (30, 0, 0), 4))
    body.add_part(Part("box", (10, -2, -2), (14, 2, 9)))
    body.mode = mode
    body.add_muscle(Muscle("m1", (0, 0, 0), (30, 0, 0), (10, 0, 0), r0=2, r1=6))
    body.add_muscle(Muscle("m2", (12, 0, -4), (12, 0, 9), (12, 0, -4), r0=1, r1=3))
    rest = body.rest()[0].copy()
    for l1, l2 in ((0.6, 0.8), (0.3, 1.7), (1.4, 0.5)):
        body.muscles["m1"].l, body.muscles["m2"].l = l1, l2
        pos, _ = body.pose()
        assert len(pos) == len(rest) and stacks(pos)[1].sum() == len(rest)
        assert (pos != rest).any()
    body.muscles["m1"].l = body.muscles["m2"].l = 1.0
    assert np.array_equal(body.pose()[0], rest)


def test_muscles_need_m_between_a_and_b():
    with pytest.raises(ValueError):
        mc.check_muscle(np.array([0, 0, 0]), np.array([10, 0, 0]), np.array([11, 0, 0]))
    mc.check_muscle(np.array([0, 0, 0]), np.array([10, 4, 0]), np.array([0, 0, 0]))
    assert mc.default_fixed_point(np.array([37, 297, 460]),
                                  np.array([45, 313, 464])).tolist() == [41, 305, 462]
