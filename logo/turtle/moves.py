"""The turtle's moves on the world: FORWARD/BACK, RIGHT/LEFT, SETHEADING, SETPOS, HOME,
ARC, and the log of the lines they draw.

:class:`TurtleMoves` is the moving part of :class:`~logo.turtle.world.TurtleWorld` (a
base class of it).  A step is the hot path of every drawing program, so the common case
is done here in one call: one turtle talked to, a move that stays on the page (or, in
window mode, anywhere a screen coordinate can be), drawn straight onto the page.  It is
the very arithmetic of ``geometry.forward_fast`` and ``geometry.setpos`` (the same
floating-point operations in the same order), so a position, a pixel and a record are
the same whichever path made them; anything else (many turtles, a move that wraps or
meets the fence, no turtle) takes the general path through ``geometry``
(:meth:`TurtleMoves._move`).

The lines' records wait in an *open run*: a flat list of x0 y0 x1 y1 drawn with one
pen (a list, not an ``array``: extending an array by four floats costs six times as
much), which becomes :class:`Segment` records, the very ones a line would have made at
once, when :attr:`TurtleMoves.log` is read (and an array of :class:`Segments` when the
log is packed).  So drawing makes no Python object per line but its end point: records
are NamedTuples, which the garbage collector never untracks, and its full passes walked
every one.
"""

from __future__ import annotations

from math import cos, fmod, sin
from typing import Any

from ..language.errors import LogoError
from . import geometry as geo
from .records import PAINT, REVERSE, Record, Segment, Segments
from .turtle import Turtle

PACK_EVERY = 50_000  # lines logged one by one before the log is packed
_ON_SCREEN = geo.MAXLOGOINT  # window mode: the farthest a screen coordinate may be
_new_record = tuple.__new__  # a record made without NamedTuple's Python-level __new__
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


def _thin_ink(rgb: Any, width: Any, mode: str) -> bytes | None:
    """The pixel bytes of a thin paint pen (``Page.paint_thin`` draws its lines), else
    None (``Page.draw_segment``)."""
    if mode != PAINT or not width <= 1.5:
        return None
    try:
        return bytes(rgb)
    except (TypeError, ValueError):
        return None


class TurtleMoves:
    """Moving the turtles talked to.  The world provides the attributes declared here;
    ``_xmax``, ``_ymax``, ``_wide`` and ``_tall`` are its bounds as the fast paths test
    them (``xmax``, ``ymax``, ``2 * xmax + 1``, ``2 * ymax + 1``), set with the bounds."""

    current: list[Turtle]
    mode: str
    xs: float
    ys: float
    page: Any
    path: list[tuple[float, float]] | None
    changes: int
    check_stop: Any
    _packed: int
    _log: list[Record]
    _run: list[float]  # the open run: lines drawn since the log was last read, x0 y0 x1 y1 each
    _run_rgb: Any  # its pen (the turtle's own objects); _run_mode None: no run is open
    _run_width: Any
    _run_mode: str | None
    _run_ink: bytes | None  # the open run's pixel bytes when its pen is thin paint
    _run_limit: int  # len(_run) past which the log is packed (PACK_EVERY lines unpacked)
    _bounds: geo.Bounds
    _xmax: int
    _ymax: int
    _wide: int
    _tall: int

    @property
    def bounds(self) -> geo.Bounds:
        """The page's extent (a move's edges)."""
        return self._bounds

    @bounds.setter
    def bounds(self, b: geo.Bounds) -> None:
        self._bounds = b
        self._xmax, self._ymax = b.xmax, b.ymax
        self._wide, self._tall = 2 * b.xmax + 1, 2 * b.ymax + 1

    # --- the log of lines -------------------------------------------------------------
    @property
    def log(self) -> list[Record]:
        """The drawing records (``records.py``), in order, every line drawn so far among
        them as a :class:`Segment` (the lines of the open run become records now)."""
        if self._run_mode is not None:
            self._settle()
        return self._log

    @log.setter
    def log(self, records: list[Record]) -> None:
        self._drop_run()
        self._log = records

    def _drop_run(self) -> None:
        """Forget the open run's lines (the log is being wiped)."""
        self._run = []
        self._run_rgb = self._run_width = self._run_mode = self._run_ink = None

    def _open_run(self, rgb: Any, width: Any, mode: str) -> None:
        """Start a run of lines drawn with this pen (the open one ends as records)."""
        if self._run_mode is not None:
            self._settle()
        self._run_rgb, self._run_width, self._run_mode = rgb, width, mode
        self._run_ink = _thin_ink(rgb, width, mode)
        self._run_limit = 4 * (PACK_EVERY - (len(self._log) - self._packed))

    def _settle(self) -> None:
        """The open run's lines become :class:`Segment` records at the end of the log (the
        very records a line made at once would be); the run is closed."""
        run, rgb, width, mode = self._run, self._run_rgb, self._run_width, self._run_mode
        if run:
            it = iter(run)
            self._log.extend([_new_record(Segment, (x0, y0, x1, y1, rgb, width, mode))
                              for x0, y0, x1, y1 in zip(it, it, it, it)])
        self._drop_run()

    def _take_run(self) -> tuple[Any, tuple] | None:
        """For packing: the open run's lines as an (N, 4) array and its pen, the run
        closed; None when there is none (a reverse pen's lines are settled: they stay
        records)."""
        if self._run_mode is None:
            return None
        if self._run_mode == REVERSE or not self._run:
            self._settle()
            return None
        import numpy as np  # lazy: numpy

        xy = np.array(self._run, np.float64).reshape(-1, 4)
        pen = (self._run_rgb, self._run_width, self._run_mode)
        self._drop_run()
        return xy, pen

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
        """Draw a move's lines and add them to the open run (see :attr:`log`)."""
        page = self.page
        rgb, width, mode = t.rgb, t.pen_size, t.pen_mode
        if rgb is not self._run_rgb or width is not self._run_width or mode is not self._run_mode:
            self._open_run(rgb, width, mode)
        run, ink = self._run, self._run_ink
        for x0, y0, x1, y1 in segs:
            if ink is not None:
                page.paint_thin(x0, y0, x1, y1, ink, rgb, width)
            else:
                page.draw_segment(x0, y0, x1, y1, rgb, width, mode)
            run.extend((x0, y0, x1, y1))
        if len(run) > self._run_limit:
            self._pack()

    def _line(self, t: Turtle, x: float, y: float, nx: float, ny: float) -> None:
        """The fast paths' end: the turtle moved from (x, y) to (nx, ny) on the page."""
        if t.pen_down:
            self._draw(t, [(x, y, nx, ny)])
        if self.path is not None:
            self.path.append((nx, ny))
        self.changes += 1

    def _pack(self) -> None:
        """Keep the log small: runs of lines of one pen (colour, size, paint or erase)
        become one :class:`Segments` record of arrays (32 bytes a line instead of ~150).
        Replaying a run draws the same pixels; ``undo`` then takes back a run at once."""
        import numpy as np  # lazy: numpy

        tail = self._take_run()  # (the open run comes last: packed straight from its list)
        out = self._log[:self._packed]
        rows: list[tuple[float, ...]] = []
        key: tuple = ()
        for rec in self._log[self._packed:]:
            if type(rec) is Segment and rec.mode != REVERSE:
                if rows and (rec.rgb, rec.width, rec.mode) != key:
                    out.append(Segments(np.array(rows), *key))
                    rows = []
                key = (rec.rgb, rec.width, rec.mode)
                rows.append(rec[:4])
                continue
            if rows:
                out.append(Segments(np.array(rows), *key))
                rows = []
            out.append(rec)
        if tail is not None:
            xy, pen = tail
            if rows and pen == key:
                xy = np.concatenate([np.array(rows), xy])
            elif rows:
                out.append(Segments(np.array(rows), *key))
            rows = []
            out.append(Segments(xy, *pen))
        if rows:
            out.append(Segments(np.array(rows), *key))
        self._log[:] = out
        self._packed = len(out)

    # --- moving ---------------------------------------------------------------------
    def forward(self, d: float) -> None:
        """``forward d`` for every turtle talked to (``d`` a float)."""
        for t in self.current or self.each():  # (each: "no turtle" when none is talked to)
            c_s = _TRIG.get(t.heading) or _trig(t.heading)  # geo.forward_fast, inlined
            dx = c_s[0] * d * self.xs
            dy = c_s[1] * d * self.ys
            if -0.000001 < dx < 0.000001:
                dx = 0.0
            if -0.000001 < dy < 0.000001:
                dy = 0.0
            x, y = t.x, t.y
            sx = self._xmax + x + dx
            sy = self._ymax - y - dy
            if not ((sx - 0.5 > -1.0 and sx + 0.5 < self._wide and sy - 0.5 > -1.0
                     and sy + 0.5 < self._tall)
                    or (self.mode == geo.WINDOW and -_ON_SCREEN < sx < _ON_SCREEN
                        and -_ON_SCREEN < sy < _ON_SCREEN)):
                self._move(t, geo.forward_fast, d)  # wraps, meets the fence or flies off
                continue
            nx, ny = x + dx, y + dy
            t.x = t.wanna_x = nx
            t.y = t.wanna_y = ny
            t.out_of_bounds = False
            if t.pen_down:  # self._line(t, x, y, nx, ny), inlined
                rgb, width, mode = t.rgb, t.pen_size, t.pen_mode
                if (rgb is not self._run_rgb or width is not self._run_width
                        or mode is not self._run_mode):
                    self._open_run(rgb, width, mode)
                if self._run_ink is not None:  # a thin paint pen
                    self.page.paint_thin(x, y, nx, ny, self._run_ink, rgb, width)
                else:
                    self.page.draw_segment(x, y, nx, ny, rgb, width, mode)
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
            h = fmod(t.heading + a, 360.0)  # geo.pfmod(heading + a, 360), inlined
            t.heading = h + 360.0 if h < 0 else h
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
