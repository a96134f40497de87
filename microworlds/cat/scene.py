"""Where the cats are seen: views onto the ground, their shadows, and filling them.

The cats walk toward -X.  A :class:`View` shows a stretch of ground ``width`` H wide
that wraps around: a cat leaving on the left comes back on the right, as on a turtle
page in wrap mode.  It maps the world (X, Y in H) to output coordinates (turtle steps on
the page, or character cells for the printer): ``out_x = x0 + scale * u``,
``out_y = y0 + scale * aspect * Y`` with u = X wrapped into [0, width); cat i walks on
its own lane, ``lane`` H below cat i - 1.

A frame is the shadow of every bar, projected along z (the light falls square on the
page): :func:`frame_halfplanes` gives each bar's shadow as half-planes in output
coordinates, :func:`frame_spans` the horizontal runs that fill them on a grid of rows,
and :func:`coverage` how much of each cell of a grid the shadow covers.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import body
from .bars import hull_halfplanes, row_spans
from .law import walked

START_BACK = 0.8  # a cat starts with its hips at this fraction of the view's width


@dataclass(frozen=True)
class View:
    """A wrapping window onto the ground (see the module docstring): ``width`` H of
    ground, output x = x0 + scale * u, output y = y0 + scale * aspect * Y (aspect is the
    height of a unit of output y relative to a unit of output x, 1 on the page); lanes
    ``lane`` H apart for a herd."""

    width: float = 10.0
    scale: float = 80.0
    x0: float = -400.0
    y0: float = -150.0
    aspect: float = 1.0
    lane: float = 2.2

    def place(self, model: np.ndarray, hips: np.ndarray, shift: float) -> np.ndarray:
        """Output points (..., 2) of model points (cats, ..., 2) of cats whose hips are at
        ground position ``hips`` (cats,), shifted by ``shift`` views."""
        cats = model.shape[0]
        extra = (1,) * (model.ndim - 2)
        u = np.mod(hips, self.width).reshape((cats, *extra)) + shift * self.width
        lane = (np.arange(cats) * -self.lane).reshape((cats, *extra))
        x = self.x0 + self.scale * (u - model[..., 0])
        y = self.y0 + self.scale * self.aspect * (model[..., 1] + lane)
        return np.stack([x, y], axis=-1)


def page_view(width: int = 800, height: int = 600, ground: float = 2.2,
              across: float = 10.0, ground_y: float | None = None) -> View:
    """The page's view: ``across`` H of ground across a page ``width`` turtle steps
    wide, the ground ``ground`` H above the page's bottom (or at turtle y ``ground_y``)."""
    scale = width / across
    y0 = -height / 2 + ground * scale if ground_y is None else ground_y
    return View(width=across, scale=scale, x0=-width / 2, y0=y0)


def hips_position(g, view: View) -> np.ndarray:
    """Each cat's hips on the ground (cats,): they start at START_BACK of the view and
    walk toward -X."""
    return START_BACK * view.width - walked(g.speed, g.t)


def gait_phase(g) -> np.ndarray:
    """Each cat's phase in its LH cycle (cats,), 0 at LH's lift-off."""
    with np.errstate(invalid="ignore"):
        phase = np.mod((g.t - g.t_lift[:, 0]) / g.period, 1.0)
    return np.nan_to_num(phase)


@dataclass(frozen=True)
class Shadow:
    """The shadows of all bars of all cats as half-planes (cats, bars, 56, 3) in output
    coordinates (see ``bars.hull_halfplanes``), and their bounding box (low, high: (2,))."""

    halfplanes: np.ndarray
    low: np.ndarray
    high: np.ndarray


def frame_shadow(g, view: View) -> Shadow:
    """The frame of the herd ``g`` in ``view``; a cat near the view's edge is there
    twice, one view-width apart."""
    model = body.corners(g.s, gait_phase(g))[..., :2]  # (cats, 25, 8, 2)
    hips = hips_position(g, view)
    copies = [view.place(model, hips, shift) for shift in (-1, 0, 1)]
    lo, hi = view.x0, view.x0 + view.scale * view.width
    seen = [c for c in copies if c[..., 0].max() >= lo and c[..., 0].min() <= hi]
    points = np.concatenate(seen, axis=1)
    flat = points.reshape(-1, 2)
    return Shadow(hull_halfplanes(points), flat.min(axis=0), flat.max(axis=0))


def frame_spans(shadow: Shadow, step: float = 1.0) -> np.ndarray:
    """Runs (N, 3) = (y, first x, last x) filling the shadow on a grid of points ``step``
    apart (a page's pixel centres): rows y = k * step inside the shadow's box, each run
    from the first grid point inside a shadow to the last (a point is ink when it lies
    inside)."""
    rows = np.arange(np.ceil(shadow.low[1] / step), np.floor(shadow.high[1] / step) + 1)
    lo, hi = row_spans(shadow.halfplanes, rows * step)  # (cats, bars, rows)
    lo, hi = np.ceil(lo / step - 1e-9), np.floor(hi / step + 1e-9)
    ok = lo <= hi
    ys = np.broadcast_to(rows, lo.shape)
    return np.stack([ys[ok], lo[ok], hi[ok]], axis=-1) * step


def coverage(shadow: Shadow, cols: int, rows: int, sub: int = 3) -> np.ndarray:
    """The share (rows, cols) of each cell of a grid covered by the shadow, sampled at
    sub x sub points a cell; output coordinates are cells, x from 0 at the left edge, y
    from 0 at the bottom edge; row 0 of the result is the top row."""
    ys = (np.arange(rows * sub) + 0.5) / sub
    keep = (ys >= shadow.low[1]) & (ys <= shadow.high[1])
    lo, hi = row_spans(shadow.halfplanes, ys[keep])  # (..., kept rows)
    first = np.ceil(lo * sub - 0.5 - 1e-9)
    last = np.floor(hi * sub - 0.5 + 1e-9) + 1
    width = cols * sub
    first = np.clip(np.nan_to_num(first, posinf=width, neginf=0), 0, width).astype(np.int64)
    last = np.clip(np.nan_to_num(last, posinf=width, neginf=0), 0, width).astype(np.int64)
    ok = first < last
    row = np.broadcast_to(np.nonzero(keep)[0], first.shape)[ok]
    diff = np.zeros((rows * sub, width + 1), np.int32)
    np.add.at(diff, (row, first[ok]), 1)
    np.add.at(diff, (row, last[ok]), -1)
    ink = np.cumsum(diff[:, :width], axis=1) > 0
    share = ink.reshape(rows, sub, cols, sub).mean(axis=(1, 3))
    return share[::-1]
