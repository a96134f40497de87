"""Putting a walk on the page: the turtles, fit-to-page, and the step-by-step mode.

The fast path hands the page one batch of segments per turtle (``draw_batch``: one
numpy raster pass, one ``Segments`` record in the drawing log) and puts the turtle where
the walk ends.  Segments past the page edge are clipped (as in ``window`` mode); in
``wrap`` and ``fence`` mode the turtle itself is brought back onto the page.

``animate`` walks the string through the turtle's own moves (``forward``, ``right``),
one symbol at a time with a pause, so that a window shows the turtle walking.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from logo.primitives.graphics import world as world_of
from logo.turtle import geometry as geo

from . import rules as R
from .walk import Walk, actions_for, fit, placed, walk


def rng_for(I: Any, seed: int | None = None) -> np.random.Generator:
    """A numpy generator: from ``seed``, else from the interpreter's RANDOM (so that
    ``rerandom`` makes stochastic systems repeat)."""
    return np.random.default_rng(seed if seed is not None else I.random.getrandbits(32))


def draw_codes(I: Any, s: np.ndarray, names: list[str], angle: float, step: float | None,
               abop: bool = False, heading: float | None = None,
               rng: np.random.Generator | None = None) -> int:
    """Walk the codes ``s`` with every current turtle and draw; ``step`` None fits the
    picture to the page (FracTree: measure, scale, draw).  Outputs the number of
    segments drawn (none while the pen is up)."""
    world = world_of(I)
    act = actions_for(names, angle, abop)
    drawn = 0
    for t in world.each():
        start = t.heading if heading is None else heading
        if step is None:
            w = walk(s, act, 1.0, 0.0, 0.0, start, rng, world.xs, world.ys)
            w = placed(w, *fit(w, world.page.width, world.page.height))
        else:
            w = walk(s, act, step, t.x, t.y, start, rng, world.xs, world.ys)
        drawn += _put(world, t, w)
    return drawn


def _put(world: Any, t: Any, w: Walk) -> int:
    n = 0
    if t.pen_down and len(w.segments):
        world.draw_batch(w.segments, t.rgb, t.pen_size, t.pen_mode)
        n = len(w.segments)
    t.x = t.wanna_x = w.x
    t.y = t.wanna_y = w.y
    t.heading = w.heading
    t.out_of_bounds = False
    if world.mode != geo.WINDOW:
        geo.fold_into_page(t, world.bounds)
    world.changes += 1
    return n


def measure(s: np.ndarray, names: list[str], angle: float, abop: bool = False,
            heading: float = 90.0) -> tuple[float, float, float, float]:
    """The bounding box (xmin ymin xmax ymax) of what the string draws with step 1 from
    (0, 0) facing ``heading``: FracTree's measuring pass."""
    w = walk(s, actions_for(names, angle, abop), 1.0, 0.0, 0.0, heading)
    pts = w.segments.reshape(-1, 2) if len(w.segments) else w.points
    if not len(pts):
        return 0.0, 0.0, 0.0, 0.0
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    return float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])


# --- the step-by-step mode ------------------------------------------------------------
POLL_EVERY = 64


def animate(I: Any, symbols: R.Symbols, angle: float, step: float, abop: bool = False,
            delay: float = 1.0, rng: np.random.Generator | None = None) -> int:
    """Walk the symbols with the turtle's own moves, pausing ``delay`` sixtieths of a
    second after each segment; outputs the segments drawn."""
    world = world_of(I)
    sign = -1.0 if abop else 1.0
    stack: list[tuple] = []
    drawn = 0
    for i, sym in enumerate(symbols):
        if R.draws(sym) or R.moves(sym):
            drawn += _animated_move(world, sym, step)
            if delay > 0:
                _pause(I, delay / 60.0)
        elif sym in R.TURNS:
            world.right(sign * R.TURNS[sym] * angle)
        elif sym == R.REVERSE:
            world.right(180.0)
        elif sym == R.PUSH:
            t = world.first()  # exact place (POS would round it to 6 decimals)
            stack.append((t.x / world.xs, t.y / world.ys, t.heading, t.color, step,
                          t.pen_down))
        elif sym == R.POP and stack:
            step = _restore(world, stack.pop())
        elif sym in R.STEP_FACTORS:
            step *= R.STEP_FACTORS[sym]
        elif sym == R.STEP_RANDOM:
            step *= float((rng or np.random.default_rng()).uniform(0.5, 1.5))
        if i % POLL_EVERY == 0:
            I.check_stop()
    return drawn


def _pause(I: Any, seconds: float) -> None:
    """Wait ``seconds`` of the host's clock, looking at Stop every 50 ms."""
    end = I.host.now() + seconds
    while (left := end - I.host.now()) > 0:
        I.host.sleep(min(left, 0.05))
        I.check_stop()


def _animated_move(world: Any, sym: str, step: float) -> int:
    t = world.first()
    if R.draws(sym):
        world.forward(step)
        return int(t.pen_down)
    down = t.pen_down
    world.set_pen(down=False)
    try:
        world.forward(step)
    finally:
        world.set_pen(down=down)
    return 0


def _restore(world: Any, state: tuple) -> float:
    x, y, heading, color, step, down = state
    world.set_pen(down=False)
    world.set_pos(x, y)
    world.set_heading(heading)
    world.set_pen_color(color)
    world.set_pen(down=down)
    return step
