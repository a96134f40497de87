"""The turtle's fast steps (``moves.py``) do exactly what the general path does.

FD/BK, RT/LT and SETXY for one turtle on the page are done in one call, with the geometry
inlined; here every such step is also made by the general path (``geometry``'s moves
through the world's ``_move``) on a twin world, and the two must agree to the last bit:
positions, headings, the wrap point, the records, the pixels, the change counter and a
FILLED path.  Random walks cover every edge mode, scrunch, pen modes and sizes, tiny,
zero, negative and huge steps, words and big integers from Logo.
"""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from logo.language.errors import LogoError
from logo.turtle import geometry as geo
from logo.turtle.records import Clear, Segment
from logo.turtle.world import TurtleWorld
from tests.support import run_logo


def general_forward(w: TurtleWorld, d: float) -> None:
    for t in w.each():
        w._move(t, geo.forward_fast, d)


def general_right(w: TurtleWorld, a: float) -> None:
    for t in w.each():
        t.heading = geo.pfmod(t.heading + a, 360.0)
    w.changes += 1


def general_set_pos(w: TurtleWorld, x: float, y: float) -> None:
    for t in w.each():
        w._move(t, geo.setpos, x, y)


def pose(w: TurtleWorld) -> tuple:
    return (w.changes, *((t.x, t.y, t.heading, t.wanna_x, t.wanna_y, t.out_of_bounds)
                         for t in w.turtles.values()))


def state(w: TurtleWorld) -> tuple:
    log = [tuple(v.tolist() if isinstance(v, np.ndarray) else v for v in rec) for rec in w.log]
    return pose(w), log, None if w.path is None else list(w.path)


def twins(mode: str, scrunch: tuple[float, float], turtles: int = 1
          ) -> tuple[TurtleWorld, TurtleWorld]:
    pair = TurtleWorld(), TurtleWorld()
    for w in pair:
        w.set_mode(mode)
        w.set_scrunch(*scrunch)
        for i in range(2, turtles + 1):  # many turtles, apart and turned
            w.new_turtle(f"t{i}")
            w.talk_to([f"t{i}"])
            w.set_pos(17.0 * i, -11.0 * i)
            w.right(33 * i)
        w.talk_to([f"t{i}" for i in range(1, turtles + 1)])
    return pair


def step(rng: random.Random) -> tuple[str, tuple]:
    """One random move: what it is and its inputs."""
    kind = rng.choice(["fd", "fd", "fd", "rt", "rt", "setxy", "pen"])
    if kind == "fd":
        d = rng.choice([rng.uniform(-60, 60), rng.uniform(-3, 3), 0.0, -0.0, 1e-7,
                        float(rng.randrange(-900, 900)), rng.uniform(-2e4, 2e4)])
        return kind, (d,)
    if kind == "rt":
        return kind, (rng.choice([rng.uniform(-400, 400), rng.randrange(-720, 720), 90, 1e-9,
                                  1e12, -0.0]),)
    if kind == "setxy":
        return kind, (rng.uniform(-500, 500), rng.uniform(-400, 400))
    return kind, (rng.choice([True, True, False]), rng.choice(["paint", "erase", "reverse"]),
                  rng.choice([1, 1, 3]), rng.choice([(0, 0, 0), (200, 30, 40)]))


def do(w: TurtleWorld, kind: str, args: tuple, fast: bool) -> str:
    """Make the move on ``w``; its Logo error's kind (fence), or ''."""
    try:
        if kind == "fd":
            (w.forward if fast else lambda d: general_forward(w, d))(*args)
        elif kind == "rt":
            (w.right if fast else lambda a: general_right(w, a))(*args)
        elif kind == "setxy":
            (w.set_pos if fast else lambda x, y: general_set_pos(w, x, y))(*args)
        else:
            down, mode, size, rgb = args
            w.set_pen(down=down, mode=mode)
            w.set_pen_size(size)
            for t in w.each():
                t.rgb = rgb
    except LogoError as err:
        return err.kind
    return ""


@pytest.mark.parametrize("mode", [geo.WRAP, geo.WINDOW, geo.FENCE])
@pytest.mark.parametrize(("scrunch", "turtles"), [((1.0, 1.0), 1), ((2.0, 0.5), 1),
                                                  ((1.0, 1.0), 3)])
def test_random_walks_agree_with_the_general_path(mode, scrunch, turtles):
    rng = random.Random(f"{mode}{scrunch}{turtles}")
    fast, general = twins(mode, scrunch, turtles)
    for i in range(700):
        kind, args = step(rng)
        assert do(fast, kind, args, True) == do(general, kind, args, False), (i, kind, args)
        assert pose(fast) == pose(general), (i, kind, args)
        assert fast.log[-1] == general.log[-1] and len(fast.log) == len(general.log)
    assert state(fast) == state(general)
    assert np.array_equal(fast.page.pixels, general.page.pixels)
    assert len(fast.log) > 100


@pytest.mark.parametrize("mode", [geo.WRAP, geo.WINDOW, geo.FENCE])
def test_moves_to_the_very_edge_agree_with_the_general_path(mode):
    """Moves ending exactly on, half a step inside or outside the page's edges."""
    ends = [0.0, 0.5, -0.5, 299.5, 300.0, 300.5, 399.5, 400.0, 400.5, 401.0, 700.5]
    if mode != geo.WRAP:  # (wrapping, it would cross the page 20,000 times)
        ends.append(2**31 - 0.5)
    fast, general = twins(mode, (1.0, 1.0))
    for heading in (0, 90, 180, 270, 45):
        for start in ((0.0, 0.0), (400.0, 300.0), (-399.5, -299.5), (0.5, 299.5)):
            for d in ends:
                for w, is_fast in ((fast, True), (general, False)):
                    w.clear_screen()
                    do(w, "setxy", start, is_fast)
                    do(w, "rt", (heading,), is_fast)
                    do(w, "fd", (d,), is_fast)
                    do(w, "setxy", (start[1], start[0] + d), is_fast)
                assert state(fast) == state(general), (heading, start, d)
                assert np.array_equal(fast.page.pixels, general.page.pixels)


@pytest.mark.parametrize("mode", [geo.WRAP, geo.WINDOW, geo.FENCE])
def test_arcs_agree_with_the_general_path(mode):
    rng = random.Random(mode)
    fast, general = twins(mode, (1.0, 1.0), 2)
    # ARC as it was: every point through geometry.setpos
    general._go_to = lambda t, x, y: general._move(t, geo.setpos, x, y)  # type: ignore[method-assign]
    for _ in range(40):
        args = rng.uniform(-400, 400), rng.choice([rng.uniform(0, 400), 5.0, 0.0])
        start = rng.uniform(-420, 420), rng.uniform(-320, 320)
        for w in (fast, general):
            err = do(w, "setxy", start, True)
            try:
                w.arc(*args)
            except LogoError as e:
                err += e.kind
            w.right(37)
        assert state(fast) == state(general), (start, args)
    assert np.array_equal(fast.page.pixels, general.page.pixels)


def test_a_filled_path_and_undo_see_the_fast_steps():
    fast, general = twins(geo.WRAP, (1.0, 1.0))
    for w, is_fast in ((fast, True), (general, False)):
        w.path = []
        mark = w.checkpoint()
        for _ in range(5):
            do(w, "fd", (80.0,), is_fast)
            do(w, "rt", (144,), is_fast)
        do(w, "setxy", (10.0, -20.0), is_fast)
        assert w.undo_to(mark)
    assert state(fast) == state(general)
    assert len(fast.path or []) == 6
    assert np.array_equal(fast.page.pixels, general.page.pixels)
    assert np.array_equal(fast.page.pixels, TurtleWorld().page.pixels)  # all taken back


def test_the_page_redrawn_from_the_records_is_the_page():
    rng = random.Random(7)
    w = TurtleWorld()
    w.set_mode(geo.WINDOW)
    for _ in range(2000):
        kind, args = step(rng)
        do(w, kind, args, True)
    again = w.render()
    if any(rec[-1] == "reverse" for rec in w.log if type(rec).__name__ == "Segment"):
        assert again.pixels.shape == w.page.pixels.shape
    else:
        assert np.array_equal(again.pixels, w.page.pixels)


# --- from Logo: inputs, errors and printed numbers through the fast primitives ---------
@pytest.mark.parametrize(("text", "printed"), [
    # words that are numbers, ints and floats, as inputs of the fast primitives
    ('fd "30 rt "45 bk "1e1 lt "3.5 print pos print heading',
     "-7.071067 22.928932\n41.5\n"),
    ("window rt 20 fd 1000 print pos bk 2000 print pos",  # UCBLogo prints the same
     "342.020143 939.69262\n-342.020143 -939.69262\n"),
    ("rt 1e10 print heading lt 0.1 print heading rt -720.5 print heading seth -30 "
     "print heading lt 3 print heading", "280\n279.9\n279.4\n330\n327\n"),
    # big integers: an angle beyond a float's exact integers, a distance at the limit
    ("rt 123456789012345678901234567890 print heading", "16\n"),
    ("window rt 2e9 print heading fd 2147483647 print pos",
     "200\n-734482664.736469 -2017974536.34431\n"),
    ("rt 2 * 2e307 print heading", "232\n"),
    ('catch "error [fence rt 45 repeat 20 [fd 30]] print pos', "301 300\n"),
    ("fd -0.0 print pos bk 0 print pos rt -0.0 print heading", "0 0\n0 0\n0\n"),
    ("fence fd 299 print pos fd 1 print pos fd 1 print pos", "0 299\n0 300\n0 -299\n"),
])
def test_steps_print_what_they_printed(text, printed):
    assert run_logo(text).output == printed


@pytest.mark.parametrize(("text", "report"), [
    ("fd 1e400", "turtle out of bounds"),
    ("bk 3000000000", "turtle out of bounds"),
    ("fd (sqrt -1)", "turtle out of bounds"),
    ('fd "abc', "fd doesn't like abc as input"),
    ("rt 1e400", "rt doesn't like inf as input"),
    ("lt [1]", "lt doesn't like [1] as input"),
    ("fence rt 45 repeat 20 [fd 30]", "turtle out of bounds"),
])
def test_errors_in_the_fast_primitives(text, report):
    assert run_logo(text + "\nprint pos").output == report + "\n"  # (the line after: not run)


# --- the open run of lines: the log reads the same whenever it is read ----------------
def test_the_log_lists_each_line_as_a_segment_record():
    w = TurtleWorld()
    w.forward(10.0)
    w.right(90)
    w.set_pen_color(15)
    w.forward(5.0)
    w.set_pen(mode="reverse")
    w.set_pos(-3.0, 4.0)
    red = w.first().rgb
    assert w.log == [Clear((255, 255, 255)), Segment(0.0, 0.0, 0.0, 10.0, (0, 0, 0), 1, "paint"),
                     Segment(0.0, 10.0, 5.0, 10.0, red, 1, "paint"),
                     Segment(5.0, 10.0, -3.0, 4.0, red, 1, "reverse")]


@pytest.mark.parametrize("pack_every", [1, 3, 50, 50_000])
def test_reading_the_log_midway_changes_nothing(monkeypatch, pack_every):
    """Reading the log closes the open run; a world read after every step and one read
    only at the end hold the same records (packed alike), pixels and poses."""
    import logo.turtle.runs as moves_module

    monkeypatch.setattr(moves_module, "PACK_EVERY", pack_every)
    rng = random.Random(pack_every)
    steps = [step(rng) for _ in range(600)]
    read, unread = TurtleWorld(), TurtleWorld()
    for i, (kind, args) in enumerate(steps):
        do(read, kind, args, True)
        do(unread, kind, args, i % 2 == 0)
        if i % 7 == 0:
            assert len(read.log) >= 1
        if i == 300:
            for w in (read, unread):
                w.fill()  # a record of another kind between the lines
    assert state(read) == state(unread)
    assert np.array_equal(read.page.pixels, unread.page.pixels)
    assert np.array_equal(read.render().pixels, unread.render().pixels)


# --- thin lines in pure Python: the numpy kernels' pixels -----------------------------
def _ends(rng: random.Random) -> tuple[float, float, float, float]:
    """A line anywhere near the page: on it, across an edge, along one, off it."""
    def coord(limit: float) -> float:
        return rng.choice([rng.uniform(-2 * limit, 2 * limit), rng.uniform(-limit, limit),
                           rng.randrange(-limit - 3, limit + 3) + rng.choice([0, 0.5, -0.5]),
                           limit + 0.5, -limit - 0.5, limit, -limit])
    return coord(400), coord(300), coord(400), coord(300)


@pytest.mark.parametrize("mode", ["paint", "erase"])
def test_thin_lines_have_the_pixels_of_the_numpy_path(mode):
    from logo.turtle.page import Page

    rng = random.Random(mode)
    python, numpy_path = Page(), Page()
    for page in (python, numpy_path):
        page.clear((250, 250, 250))
    for i in range(1500):
        x0, y0, x1, y1 = _ends(rng)
        if i % 3 == 0:  # long lines on the page too
            x0, y0, x1, y1 = x0 / 2.01, y0 / 2.01, x1 / 2.01, y1 / 2.01
        rgb = (i % 251, (7 * i) % 253, 40)
        python.draw_segment(x0, y0, x1, y1, rgb, 1, mode)
        numpy_path.draw_segments(np.array([[x0, y0, x1, y1]]), rgb, 1, mode)
        if mode == "erase":
            python.draw_segment(-x1, y0, x0, -y1, rgb, 1, "paint")
            numpy_path.draw_segments(np.array([[-x1, y0, x0, -y1]]), rgb, 1, "paint")
        if i % 50 == 0:
            assert np.array_equal(python.pixels, numpy_path.pixels), (i, x0, y0, x1, y1)
    assert np.array_equal(python.pixels, numpy_path.pixels)
    assert (python.pixels != 250).any()
