"""Putting objects on the turtle page: the glue between ``view.py`` and the page API.

The page is wiped (``world.clean()``) and the picture drawn with ``world.draw_batch``,
one batch of horizontal runs, so it is also kept in the page's drawing log (SVG export,
redrawing at another scale).  The view is centred on the middle of the objects' rest
shapes, so a contraction does not make the picture jump.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .view import muscle_lines, picture, project

MUSCLE_RGB = (215, 48, 39)  # colour 15, red
FIT = 0.85  # share of the page a fitted picture fills


def cell_colours(content: np.ndarray) -> np.ndarray:
    """Contents (colour numbers) -> ``(N, 3)`` uint8 rgb."""
    from logo.turtle.palette import number_to_rgb

    values, inverse = np.unique(content, return_inverse=True)
    table = np.array([number_to_rgb(float(v)) for v in values], np.uint8).reshape(-1, 3)
    return table[inverse.ravel()]


def fit_step(rest: np.ndarray, view: str, width: float, height: float) -> float:
    """Turtle steps a cell so that the rest shape fills ``FIT`` of the page."""
    lo, hi = rest.min(axis=0), rest.max(axis=0)
    corners = np.array([[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1])
                        for z in (lo[2], hi[2])], np.float64)
    uv = project(corners, view)[:, :2]
    du, dv = uv.max(axis=0) - uv.min(axis=0) + 1
    return float(FIT * min(width / du, height / dv))


def draw_bodies(world: Any, bodies: list[Any], view: str, step: float,
                show_muscles: bool, area: tuple[float, float, float, float] | None = None
                ) -> None:
    """Wipe the page and draw ``bodies`` (their present poses) together: one whole
    frame (a window never shows the page wiped and not yet redrawn).  ``area``
    (xmin, ymin, xmax, ymax in turtle steps): the part of the page the picture is
    centred on and fitted to (None: the whole page)."""
    with world.frames.batch():
        _redraw(world, bodies, view, step, show_muscles, area)


def _redraw(world: Any, bodies: list[Any], view: str, step: float,
            show_muscles: bool, area: tuple[float, float, float, float] | None) -> None:
    rests = [b.rest()[0] for b in bodies]
    world.clean()
    if not sum(len(r) for r in rests):
        return
    everything = np.concatenate(rests)
    centre = (everything.min(axis=0) + everything.max(axis=0)) / 2
    page = world.page
    x0, y0, x1, y1 = area or (-page.width / 2, -page.height / 2, page.width / 2,
                              page.height / 2)
    origin = ((x0 + x1) / 2, (y0 + y1) / 2)
    if step <= 0:
        step = fit_step(everything, view, x1 - x0, y1 - y0)
    pos = np.concatenate([b.pose()[0] for b in bodies])
    rgb = np.concatenate([cell_colours(b.rest()[1]) for b in bodies])
    xy, colours = picture(pos, rgb, view, step, centre, origin,
                          (page.cx, page.cy, page.scale, page.w, page.h))
    if len(xy):
        world.draw_batch(xy, colours)
    if show_muscles:
        _draw_muscles(world, bodies, view, step, centre, origin)


def _draw_muscles(world: Any, bodies: list[Any], view: str, step: float,
                  centre: np.ndarray, origin: tuple[float, float] = (0.0, 0.0)) -> None:
    lines = [b.muscle_lines() for b in bodies]
    pts = np.concatenate(lines) if lines else np.zeros((0, 3, 3))
    if not len(pts):
        return
    segments = muscle_lines(pts[:, :2], view, step, centre, origin)
    fixed = muscle_lines(pts[:, [2, 2]], view, step, centre, origin)[:, :2]
    r = 3.0
    cross = np.concatenate([np.hstack([fixed - (r, 0), fixed + np.array((r, 0))]),
                            np.hstack([fixed - (0, r), fixed + np.array((0, r))])])
    world.draw_batch(np.vstack([segments, cross]), MUSCLE_RGB, 2)
