"""What the lesson microworlds must show: the tree's and the Brush's segment counts, the
fences that stop the drawing (nothing drawn outside), the published FracTree figure in
reasonable time, the superformula's exact cases, and `logo run` on every lesson."""

from __future__ import annotations

import math
import subprocess
import sys
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from logo.turtle import palette
from tests.microworlds.lessons.lesson_support import (
    LESSONS,
    lesson_path,
    run_lesson,
    segment_rows,
)
from tests.support import CHILD_ENV, ROOT


def pixels_outside(world, xmin, xmax, ymin, ymax) -> np.ndarray:
    """The page's pixels outside the rectangle (turtle coordinates, edges inside)."""
    page = world.page
    cols = np.arange(page.w) - page.cx
    rows = page.cy - np.arange(page.h)
    inside = ((cols[None, :] >= xmin) & (cols[None, :] <= xmax)
              & (rows[:, None] >= ymin) & (rows[:, None] <= ymax))
    return page.pixels[~inside]


GREY = palette.number_to_rgb(5)


# --- tree -----------------------------------------------------------------------------
def tree_nodes(n: float) -> int:
    return 0 if n < 2.5 else 1 + 2 * tree_nodes(0.75 * n)


def test_the_tree_draws_its_expected_segments():
    interp = run_lesson("tree")
    # one call per branch of 2.5 steps or more (8191 for size 100), each FD and BK
    assert tree_nodes(100) == 2 ** 13 - 1
    assert segment_rows(interp.world) == 2 * tree_nodes(100) == 16382


@pytest.fixture(scope="module")
def tree_world():
    return run_lesson("tree")


@settings(max_examples=12, deadline=None)
@given(size=st.floats(2, 40), heading=st.floats(0, 359), x=st.integers(-100, 100))
def test_tree_leaves_position_and_heading_unchanged(tree_world, size, heading, x):
    interp = tree_world
    assert interp.run_source(f"cg pu setpos [{x} -50] seth {heading} pd tree {size}", "t")
    t = interp.world.first()
    assert math.hypot(t.x - x, t.y + 50) < 1e-6
    assert math.isclose(math.cos(math.radians(t.heading)), math.cos(math.radians(heading)),
                        abs_tol=1e-9)


# --- koch: the fence stops the drawing ------------------------------------------------
@pytest.mark.parametrize("side,angle", [(60, 30), (120, 45), (40, 20)])
def test_the_mountains_stop_at_the_fence(side, angle):
    interp = run_lesson("koch", after=f"scene setside {side} setangle {angle} mountains")
    outside = pixels_outside(interp.world, -300, 300, -165, 165)
    assert (outside == GREY).all()  # not one pixel drawn outside the fence
    blue = palette.number_to_rgb(105)
    drawn = (interp.world.page.pixels == blue).all(axis=2)
    cols = np.flatnonzero(drawn.any(axis=0))
    assert cols.max() >= 400 + 298  # the mountains reach the fence: it stopped them


# --- fractree: the published figure ---------------------------------------------------
def test_fractree_has_the_published_sliders_and_the_buttons():
    interp = run_lesson("fractree")
    widgets = interp.page_widgets
    values = {n: widgets.get(n).value for n in ("length", "delta", "smin")}
    assert values == {"length": 70, "delta": 80, "smin": 15}
    assert widgets.get("level") is not None
    assert [list(widgets.get(n).instructions) for n in ("reset", "kokh")] == [["reset"], ["kokh"]]


def test_the_published_values_draw_the_clipped_figure_in_reasonable_time():
    interp = run_lesson("fractree", after="reset")
    start = time.perf_counter()
    assert interp.run_source("kokh print level", "kokh")
    elapsed = time.perf_counter() - start
    assert elapsed < 20  # about 0.3 s on an idle machine
    assert interp.host.output.split()[-1] == "98"  # rules drawn (the level slider) before the fence
    outside = pixels_outside(interp.world, -300, 200, -115, 165)
    assert (outside == GREY).all()  # clipped: nothing outside the fence
    # and it was the fence that ended it: the figure touches the fence's top side
    top = interp.world.page.pixels[int(interp.world.page.cy - 163)]
    fence_colours = {palette.number_to_rgb(9), GREY}
    assert any(tuple(p) not in fence_colours for p in top[100:601])


# --- brush: the Logo procedures and the engine draw the same -------------------------
@pytest.mark.parametrize("stage", range(5))
def test_the_brush_draws_5_to_the_n_segments_both_ways(stage):
    interp = run_lesson("brush", after=f"cg setstage {stage} logo_brush")
    logo_segments = interp.world.log[1:]
    assert segment_rows(interp.world) == 5 ** stage
    assert interp.run_source("cg engine_brush print :drawn", "engine")
    assert interp.host.output.split()[-1] == str(5 ** stage)
    engine = interp.world.log[-1].xy
    logo = np.array([rec[:4] for rec in logo_segments])
    assert np.allclose(logo + np.array([315, 0, 315, 0]), engine, atol=1e-6)  # the strips


# --- superformula: the exact cases ----------------------------------------------------
def radius(interp, m, n1, n2, n3, phi) -> float:
    interp.run_source(f'make "m {m} make "n1 {n1} make "n2 {n2} make "n3 {n3} '
                      f'make "r radius {phi}', "r")
    return interp.get_var("r")


@pytest.fixture(scope="module")
def superformula():
    return run_lesson("superformula")


@pytest.mark.parametrize("phi", [0, 17, 45, 90, 133.3, 271])
def test_superformula_exact_cases(superformula, phi):
    a = math.radians(phi)
    assert abs(radius(superformula, 4, 2, 2, 2, phi) - 1) < 1e-15  # the unit circle
    assert abs(radius(superformula, 0, 3, 5, 7, phi) - 1) < 1e-15  # m = 0: r = 1
    r = radius(superformula, 4, 1, 1, 1, phi)  # |x| + |y| = 1
    assert abs(abs(r * math.cos(a)) + abs(r * math.sin(a)) - 1) < 1e-15
    r = radius(superformula, 4, 2.5, 2.5, 2.5, phi)  # the superellipse |x|^n + |y|^n = 1
    assert abs(abs(r * math.cos(a)) ** 2.5 + abs(r * math.sin(a)) ** 2.5 - 1) < 1e-14


def test_superformula_closes_its_curve(superformula):
    interp = superformula
    assert interp.run_source("figure", "figure")
    from logo.turtle.records import Segment

    segs = [r for r in interp.world.log if isinstance(r, Segment)]
    assert len(segs) == 720
    assert math.hypot(segs[0].x0 - segs[-1].x1, segs[0].y0 - segs[-1].y1) < 1e-6


# --- every lesson under `logo run` ----------------------------------------------------
def test_every_lesson_runs_with_logo_run():
    procs = {n: subprocess.Popen([sys.executable, "-m", "logo", "run", str(lesson_path(n))],
                                 cwd=ROOT, env=CHILD_ENV, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for n in LESSONS}
    for name, p in procs.items():
        _out, err = p.communicate(timeout=120)
        assert p.returncode == 0, f"{name}: {err}"
        assert err == ""


def test_no_lesson_name_is_taken_by_a_primitive():
    """A new primitive with a lesson's procedure or slider name would break the lesson
    (only FENCE is redefined on purpose, with REDEFP)."""
    import re

    from logo.primitives.registry import build_registry

    registry = build_registry()
    for name in LESSONS:
        text = lesson_path(name).read_text(encoding="utf-8")
        names = re.findall(r"(?m)^to (\S+)", text) + re.findall(r'newslider "(\S+)', text)
        taken = {n.lower() for n in names if registry.get(n.lower())} - {"fence"}
        assert not taken, f"{name}: {sorted(taken)} are primitives now"
