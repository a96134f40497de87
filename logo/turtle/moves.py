"""The turtle's moves on the world: FORWARD/BACK, RIGHT/LEFT, SETHEADING, SETPOS, HOME,
ARC, and the log of the lines they draw.

:class:`TurtleMoves` is the moving part of :class:`~logo.turtle.world.TurtleWorld` (a
base class of it).  A step is the hot path of every drawing program, so the common case
is done here in one call: one turtle talked to, a move that stays on the page (or, in
window mode, anywhere a screen coordinate can be), its line added to the log's open run
(``runs.py``: a thin paint pen's lines are painted late, any other's now).  It is
the very arithmetic of ``geometry.forward_fast`` and ``geometry.setpos`` (the same
floating-point operations in the same order), so a position, a pixel and a record are
the same whichever path made them; anything else (many turtles, a move that wraps or
meets the fence, no turtle) takes the general path through ``geometry``
(:meth:`TurtleMoves._move`).
"""

from __future__ import annotations

from math import cos, fmod, sin
from typing import Any

from ..language.errors import LogoError
from . import geometry as geo
from .runs import LineRuns
from .turtle import Turtle

_ON_SCREEN = geo.MAXLOGOINT  # window mode: the farthest a screen coordinate may be
_MARGIN = 0.001  # the fast path's steps end this far inside the page (see fast_box)
_DEGRAD = geo.DEGRAD


_TRIG: dict[float, tuple[float, float]] = {}  # heading -> the cosine and sine of a step


def _trig(heading: float) -> tuple[float, float]:
    """``cos`` and ``sin`` of a step's direction, as ``geo.forward_fast`` computes them
    (remembered: a drawing turns to the same few headings again and again)."""
    real = (-heading + 90.0) * _DEGRAD
    if len(_TRIG) >= 4096:
        _TRIG.clear()
    c_s = _TRIG[heading] = (cos(real), sin(real))
    return c_s


def fast_box(b: geo.Bounds, mode: str) -> tuple[float, float, float, float]:
    """Where a step may end, as x and y ranges in screen steps, to be made by the fast
    path: a little inside the page (``geo.forward_fast`` keeps it on the page too; the
    margin covers the rounding of its sums), in window mode inside the screen
    coordinates (there the general path makes the very same step anyway)."""
    if mode == geo.WINDOW:
        x, y = _ON_SCREEN - b.xmax - 2.0, _ON_SCREEN - b.ymax - 2.0
    else:
        x, y = b.xmax + 0.5 - _MARGIN, b.ymax + 0.5 - _MARGIN
    return -x, x, -y, y


class TurtleMoves(LineRuns):
    """Moving the turtles talked to.  The world provides the attributes declared here;
    ``_xmax`` and ``_ymax`` are its bounds, ``_box`` is :func:`fast_box` of the bounds and
    the edge mode, set with either."""

    current: list[Turtle]
    xs: float
    ys: float
    path: list[tuple[float, float]] | None
    changes: int
    check_stop: Any
    _bounds: geo.Bounds
    _mode: str
    _xmax: int
    _ymax: int
    _box: tuple[float, float, float, float]

    @property
    def bounds(self) -> geo.Bounds:
        """The page's extent (a move's edges)."""
        return self._bounds

    @bounds.setter
    def bounds(self, b: geo.Bounds) -> None:
        self._bounds = b
        self._xmax, self._ymax = b.xmax, b.ymax
        self._box = fast_box(b, getattr(self, "_mode", geo.WRAP))

    @property
    def mode(self) -> str:
        """The edge mode: ``wrap``, ``window`` or ``fence``."""
        return self._mode

    @mode.setter
    def mode(self, mode: str) -> None:
        self._mode = mode
        self._box = fast_box(self._bounds, mode)

    def each(self) -> list[Turtle]:
        if not self.current:
            raise LogoError("no_turtle")
        return self.current

    # --- the general path -----------------------------------------------------------
    def _move(self, t: Turtle, step: Any, *args: float) -> None:
        """Run a geometry step (``geo.forward_fast`` or ``geo.setpos``) on ``t``, draw what
        it passed over, turn fence errors into Logo's "Turtle out of bounds"."""
        segs: list[geo.Segment] = []
        try:
            step(t, *args, self.bounds, self.mode, segs, self.xs, self.ys)
        except geo.OutOfBounds:
            raise LogoError("out_of_bounds") from None
        finally:
            if t.pen_down and segs:
                self._draw(t, segs)
            if self.path is not None:
                self.path.append((t.x, t.y))
            self.changes += 1

    def _draw(self, t: Turtle, segs: list[geo.Segment]) -> None:
        """Draw a move's lines: add them to the open run (``runs.py``), a thin paint pen's
        to be painted late, any other pen's drawn now."""
        rgb, width, mode = t.rgb, t.pen_size, t.pen_mode
        if rgb is not self._run_rgb or width is not self._run_width or mode is not self._run_mode:
            self._open_run(rgb, width, mode)
        run = self._run
        for seg in segs:
            if not self._late:
                self._now(*seg)
            run.extend(seg)
        if len(run) > self._run_limit:
            self._pack()

    def _now(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """Draw a line of the open run at once (a run not painted late)."""
        if self._run_ink is not None:
            self._page.paint_thin(x0, y0, x1, y1, self._run_ink, self._run_rgb,
                                  self._run_width)
        else:
            self._page.draw_segment(x0, y0, x1, y1, self._run_rgb, self._run_width,
                                    self._run_mode)

    def _line(self, t: Turtle, x: float, y: float, nx: float, ny: float) -> None:
        """The fast paths' end: the turtle moved from (x, y) to (nx, ny) on the page."""
        if t.pen_down:
            self._draw(t, [(x, y, nx, ny)])
        if self.path is not None:
            self.path.append((nx, ny))
        self.changes += 1

    # --- moving ---------------------------------------------------------------------
    def forward(self, d: float) -> None:
        """``forward d`` for every turtle talked to (``d`` a float, or a whole number
        within a screen coordinate's range: its products are its float's)."""
        for t in self.current or self.each():  # (each: "no turtle" when none is talked to)
            h = t.heading
            c_s = _TRIG.get(h) or _trig(h)  # geo.forward_fast, inlined
            dx = c_s[0] * d * self.xs
            dy = c_s[1] * d * self.ys
            if -0.000001 < dx < 0.000001:
                dx = 0.0
            if -0.000001 < dy < 0.000001:
                dy = 0.0
            x, y = t.x, t.y
            nx, ny = x + dx, y + dy
            x0, x1, y0, y1 = self._box
            if not (x0 < nx < x1 and y0 < ny < y1):
                self._move(t, geo.forward_fast, d)  # wraps, meets the fence or flies off
                continue
            t.x = t.wanna_x = nx
            t.y = t.wanna_y = ny
            t.out_of_bounds = False
            if t.pen_down:  # self._line(t, x, y, nx, ny), inlined
                if (t.rgb is not self._run_rgb or t.pen_size is not self._run_width
                        or t.pen_mode is not self._run_mode):
                    self._open_run(t.rgb, t.pen_size, t.pen_mode)
                if self._late:  # (a thin paint pen's line is painted late)
                    pass
                elif self._run_ink is not None:
                    self._page.paint_thin(x, y, nx, ny, self._run_ink, t.rgb, t.pen_size)
                else:
                    self._page.draw_segment(x, y, nx, ny, t.rgb, t.pen_size, t.pen_mode)
                run = self._run
                run.extend((x, y, nx, ny))
                if len(run) > self._run_limit:
                    self._pack()
            if self.path is not None:
                self.path.append((nx, ny))
            self.changes += 1

    def right(self, a: float) -> None:
        """``right a`` (``a`` a finite number of degrees; ``left a`` is ``right -a``)."""
        for t in self.current or self.each():
            h = t.heading + a  # geo.pfmod(heading + a, 360), inlined (fmod of 0..360 is itself)
            if not 0.0 <= h < 360.0:
                h = fmod(h, 360.0)
                if h < 0:
                    h += 360.0
            t.heading = h
        self.changes += 1

    def set_heading(self, h: float) -> None:
        current = self.current or self.each()
        h = geo.pfmod(h, 360.0)
        for t in current:
            t.heading = h
        self.changes += 1

    def set_pos(self, x: float | None, y: float | None) -> None:
        """``setpos``/``setxy``; ``None`` keeps that coordinate (``setx``, ``sety``)."""
        xs, ys = self.xs, self.ys
        for t in self.current or self.each():
            self._go_to(t, t.x / xs if x is None else x, t.y / ys if y is None else y)

    def _go_to(self, t: Turtle, x: float, y: float) -> None:
        """``geo.setpos`` for one turtle, inlined where the point is on the page."""
        sx, sy = x * self.xs, y * self.ys
        xmax, ymax = self._xmax, self._ymax
        if t.out_of_bounds or sx > xmax or sx < -xmax or sy > ymax or sy < -ymax:
            self._move(t, geo.setpos, x, y)
            return
        px, py = t.x, t.y
        t.x = t.wanna_x = sx
        t.y = t.wanna_y = sy
        self._line(t, px, py, sx, sy)

    def home(self) -> None:
        for t in self.each():
            t.out_of_bounds = False
            self._move(t, geo.setpos, 0.0, 0.0)
            t.heading = 0.0

    def arc(self, angle: float, radius: float) -> None:
        """Draw an arc of ``radius`` around each turtle, from its heading, clockwise for
        angle > 0; the turtle does not move (UCBLogo's ``arc``)."""
        for t in self.each():
            self._arc(t, angle, radius)

    def _arc(self, t: Turtle, angle: float, radius: float) -> None:
        cx, cy, down = t.x / self.xs, t.y / self.ys, t.pen_down
        try:
            for i, (px, py) in enumerate(geo.arc_points(t.heading, angle, radius)):
                t.pen_down = down and i > 0
                self._go_to(t, cx + px, cy + py)
                if i & 1023 == 1023 and self.check_stop is not None:
                    self.check_stop()  # (a huge arc: up to 100,000 lines)
        finally:
            t.pen_down, t.out_of_bounds = False, False
            self._move(t, geo.setpos, cx, cy)
            t.pen_down = down
            t.wanna_x, t.wanna_y = t.x, t.y
