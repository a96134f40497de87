"""Turtle geometry with UCBLogo's semantics, as pure math on a :class:`Pose`.

Headings are degrees clockwise from north (0 = up, 90 = right); positions are turtle
steps with the origin at the centre of the page and y up.  The page spans
``-xmax..xmax`` by ``-ymax..ymax`` (:class:`Bounds`).  The three edge modes are UCBLogo's:

- ``wrap``: a move that leaves the page re-enters on the opposite side;
- ``window``: the turtle may wander off the page (lines there are simply not seen);
- ``fence``: a move that would leave the page stops the turtle at the edge and raises
  :class:`OutOfBounds` ("Turtle out of bounds").

The arithmetic follows UCBLogo 6.2.2's ``graphics.c`` step by step (screen coordinates,
rounding of the end point to decide whether it is on the page, the distance left after
each wrap), so positions agree with UCBLogo to the last digit that ``pos`` shows: ``pos``
truncates to 6 decimals (:func:`cut_error`), ``heading`` does not.  One known difference:
a ``setpos`` that leaves the page in wrap mode, from a point reached by earlier wrapping,
can differ from UCBLogo's binary in the last bit, which ``pos`` may show as a 6th-decimal
difference (``-19.2`` against ``-19.199999``); ``fd``/``bk`` and ``setpos`` on the page
agree exactly in every case tried.  Moves append the line segments they pass over
(turtle coordinates, pen state ignored) to a list.
"""

import math
from typing import ClassVar, NamedTuple

DEGRAD = math.pi / 180.0
ARC_PI = 3.141592654  # UCBLogo's arc uses this rounded pi
ARC_MAX_STEPS = 100_000.0  # UCBLogo draws angle * radius / 200 lines; here no more than this
MAX_CROSSINGS = 20_000  # a wrapping move that crosses the edges more often is out of bounds

WRAP, WINDOW, FENCE = "wrap", "window", "fence"

Segment = tuple[float, float, float, float]


class OutOfBounds(Exception):
    """A move in fence mode tried to leave the page (the pose is left at the edge)."""


class Bounds(NamedTuple):
    """The page: x in -xmax..xmax, y in -ymax..ymax (whole turtle steps)."""

    xmax: int = 400
    ymax: int = 300


class Pose:
    """Where a turtle is and where it wanted to be (UCBLogo's ``wanna`` point, used in
    wrap mode when ``setpos`` aims off the page).  ``xs``/``ys`` are the scrunch factors;
    ``x``/``y`` are in scrunched (screen) steps, as UCBLogo keeps them.  Poses compare
    by these values and show them as a dataclass would (a plain class: ``dataclasses``
    costs a drawing program several milliseconds to import and build)."""

    FIELDS: ClassVar[tuple[str, ...]] = ("x", "y", "heading", "wanna_x", "wanna_y",
                                         "out_of_bounds")
    __hash__ = None  # type: ignore[assignment]  # (mutable, compared by value)

    def __init__(self, x: float = 0.0, y: float = 0.0, heading: float = 0.0,
                 wanna_x: float = 0.0, wanna_y: float = 0.0, out_of_bounds: bool = False):
        self.x, self.y, self.heading = x, y, heading
        self.wanna_x, self.wanna_y, self.out_of_bounds = wanna_x, wanna_y, out_of_bounds

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _values(self, Pose.FIELDS) == _values(other, Pose.FIELDS)

    def __repr__(self) -> str:
        shown = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.FIELDS)
        return f"{type(self).__qualname__}({shown})"


def _values(obj: object, names: tuple[str, ...]) -> tuple:
    return tuple(getattr(obj, f) for f in names)


def pfmod(x: float, y: float) -> float:
    """fmod with a non-negative result (UCBLogo's ``pfmod``)."""
    t = math.fmod(x, y)
    return t + y if t < 0 else t


def cut_error(n: float) -> float:
    """Truncate toward zero at 6 decimals, as UCBLogo's ``pos`` reports coordinates."""
    n *= 1000000
    n = math.floor(n) if n > 0 else math.ceil(n)
    n /= 1000000
    return 0.0 if n == 0 else n


MAXLOGOINT = 0x7FFFFFFF


def g_round(n: float) -> int:
    """Round half away from zero (UCBLogo's ``g_round``); a coordinate beyond 2**31 is
    "Turtle out of bounds" there too."""
    n += -0.5 if n < 0.0 else 0.5
    if not -MAXLOGOINT <= n <= MAXLOGOINT:
        raise OutOfBounds()
    return math.ceil(n) if n < 0.0 else math.floor(n)


def towards(x: float, y: float, from_x: float, from_y: float,
            xs: float = 1.0, ys: float = 1.0) -> float:
    """The heading from the screen point (from_x, from_y) to the turtle point (x, y)."""
    tx = from_x / xs
    ty = from_y / ys
    if x == tx and y == ty:
        return 0.0
    if x == tx:
        a = -90.0 if y < ty else 90.0
    else:
        a = math.atan((y - ty) / (x - tx)) / DEGRAD
        if x < tx:
            a = math.fmod(a + 180.0, 360.0)
    a = -(a - 90.0)
    return 360.0 + a if a < 0 else a


def distance(x: float, y: float, from_x: float, from_y: float) -> float:
    return math.sqrt((x - from_x) ** 2 + (y - from_y) ** 2)


class _Mover:
    """One ``forward_helper`` of UCBLogo: a move that may wrap several times."""

    __slots__ = ("b", "bottom", "cx", "cy", "mode", "p", "right", "segs")

    def __init__(self, pose: Pose, b: Bounds, mode: str, segs: list[Segment]):
        self.p, self.b, self.mode, self.segs = pose, b, mode, segs
        self.cx, self.cy = float(b.xmax), float(b.ymax)
        self.right, self.bottom = 2 * b.xmax, 2 * b.ymax

    def run(self, d: float, heading: float, xs: float, ys: float) -> None:
        p, right, bottom = self.p, self.right, self.bottom
        real = (-heading + 90.0) * DEGRAD
        cos_r, sin_r = math.cos(real), math.sin(real)
        newd = 0.0
        crossings = 0
        while True:
            crossings += 1
            if crossings > MAX_CROSSINGS:  # the page is long since covered; UCBLogo hangs
                raise OutOfBounds()
            if newd != 0.0:
                d = newd
            x1 = self.cx + p.x
            y1 = self.cy - p.y
            dx = cos_r * d * xs
            dy = sin_r * d * ys
            if -0.000001 < dx < 0.000001:
                dx = 0.0
            if -0.000001 < dy < 0.000001:
                dy = 0.0
            x2 = x1 + dx
            y2 = y1 - dy
            rx2, ry2 = g_round(x2), g_round(y2)
            if self.mode == WINDOW or (0 <= rx2 <= right and 0 <= ry2 <= bottom):
                nx, ny = p.x + dx, p.y + dy
                self.segs.append((p.x, p.y, nx, ny))
                p.x, p.y = nx, ny
                return
            if self._jump_from_edge(x1, y1, rx2, ry2):
                continue
            newd = self._cross_edge(d, x1, y1, x2, y2)
            if newd == 0.0:
                return

    def _jump_from_edge(self, x1: float, y1: float, rx2: int, ry2: int) -> bool:
        """A turtle sitting on an edge and moving out of it jumps to the opposite edge."""
        p = self.p
        if rx2 > self.right and g_round(x1) == self.right:
            p.x = -self.cx
        elif ry2 < 0 and g_round(y1) == 0:
            p.y = -self.cy
        elif rx2 < 0 and g_round(x1) == 0:
            p.x = self.cx
        elif ry2 > self.bottom and g_round(y1) == self.bottom:
            p.y = self.cy
        else:
            return False
        return True

    def _cross_edge(self, d: float, x1: float, y1: float, x2: float, y2: float) -> float:
        """Draw to the edge the move crosses; return the distance left (0: stop)."""
        for side in (self._right, self._left, self._up, self._down):
            newd = side(d, x1, y1, x2, y2)
            if newd != 0.0:
                return newd
        return 0.0

    def _edge_line(self, sx: float, sy: float, nx: float, ny: float) -> None:
        """Line to the screen point (sx, sy); the turtle then stands at (nx, ny)."""
        p = self.p
        self.segs.append((p.x, p.y, sx - self.cx, self.cy - sy))
        p.x, p.y = nx, ny

    def _finish(self, newd: float, d: float, fence_xy: tuple[float | None, float | None]
                ) -> float:
        if self.mode == WRAP:
            return newd if newd * d > 0 else 0.0
        fx, fy = fence_xy
        if fx is not None:
            self.p.x = fx
        if fy is not None:
            self.p.y = fy
        raise OutOfBounds()

    def _right(self, d: float, x1: float, y1: float, x2: float, y2: float) -> float:
        if not x2 > self.right + 0.5:
            return 0.0
        yi = ((y2 - y1) / (x2 - x1)) * (self.right + 1 - x1) + y1
        if not 0 <= g_round(yi) <= self.bottom:
            return 0.0
        self._edge_line(self.right, yi, -self.cx, self.cy - yi)
        return self._finish(d * ((x2 - self.right - 1) / (x2 - x1)), d, (self.cx, None))

    def _left(self, d: float, x1: float, y1: float, x2: float, y2: float) -> float:
        if not x2 < -0.5:
            return 0.0
        yi = ((y1 - y2) / (x2 - x1)) * (x1 + 1) + y1
        if not 0 <= g_round(yi) <= self.bottom:
            return 0.0
        self._edge_line(0, yi, self.cx, self.cy - yi)
        return self._finish(d * ((x2 + 1) / (x2 - x1)), d, (-self.cx, None))

    def _vertical_edge_x(self, xi: float) -> float | None:
        """Where a move crossing the top or bottom edge meets it (None: not on the page)."""
        rxi = g_round(xi)
        if 0 <= rxi <= self.right:
            return xi
        if -1 <= rxi <= self.right + 1:
            return self.right if rxi > self.right else 0
        return None

    def _up(self, d: float, x1: float, y1: float, x2: float, y2: float) -> float:
        if not y2 < -0.5:
            return 0.0
        xi = ((x2 - x1) / (y1 - y2)) * (y1 + 1) + x1
        rxi = self._vertical_edge_x(xi)
        if rxi is None:
            return 0.0
        self._edge_line(rxi, 0, xi - self.cx, -self.cy)
        return self._finish(d * ((y2 + 1) / (y2 - y1)), d, (None, self.cy))

    def _down(self, d: float, x1: float, y1: float, x2: float, y2: float) -> float:
        if not y2 > self.bottom + 0.5:
            return 0.0
        xi = ((x2 - x1) / (y2 - y1)) * (self.bottom + 1 - y1) + x1
        rxi = self._vertical_edge_x(xi)
        if rxi is None:
            return 0.0
        self._edge_line(rxi, self.bottom, xi - self.cx, self.cy)
        return self._finish(d * ((y2 - self.bottom - 1) / (y2 - y1)), d, (None, -self.cy))


def forward(pose: Pose, d: float, b: Bounds, mode: str, segs: list[Segment],
            xs: float = 1.0, ys: float = 1.0) -> None:
    """``forward d``: move along the heading, appending the segments passed over.

    Raises :class:`OutOfBounds` in fence mode (the pose is then at the edge)."""
    try:
        _Mover(pose, b, mode, segs).run(d, pose.heading, xs, ys)
    finally:
        pose.wanna_x, pose.wanna_y = pose.x, pose.y
        pose.out_of_bounds = False


def forward_fast(pose: Pose, d: float, b: Bounds, mode: str, segs: list[Segment],
                 xs: float = 1.0, ys: float = 1.0) -> None:
    """:func:`forward`, with a shortcut for the common move that stays on the page.

    ``v - 0.5 > -1 and v + 0.5 < edge + 1`` is exactly ``0 <= g_round(v) <= edge``."""
    real = (-pose.heading + 90.0) * DEGRAD
    dx = math.cos(real) * d * xs
    dy = math.sin(real) * d * ys
    if -0.000001 < dx < 0.000001:
        dx = 0.0
    if -0.000001 < dy < 0.000001:
        dy = 0.0
    x, y = pose.x, pose.y
    sx = b.xmax + x + dx
    sy = b.ymax - y - dy
    if (sx - 0.5 > -1.0 and sx + 0.5 < 2 * b.xmax + 1 and sy - 0.5 > -1.0
            and sy + 0.5 < 2 * b.ymax + 1) or (mode == WINDOW and -MAXLOGOINT < sx < MAXLOGOINT
                                                and -MAXLOGOINT < sy < MAXLOGOINT):
        nx, ny = x + dx, y + dy
        segs.append((x, y, nx, ny))
        pose.x = pose.wanna_x = nx
        pose.y = pose.wanna_y = ny
        pose.out_of_bounds = False
        return
    forward(pose, d, b, mode, segs, xs, ys)


def setpos(pose: Pose, tx: float, ty: float, b: Bounds, mode: str, segs: list[Segment],
           xs: float = 1.0, ys: float = 1.0) -> None:
    """``setpos [tx ty]`` (turtle coordinates, before scrunch), as UCBLogo does it."""
    sx, sy = tx * xs, ty * ys
    outside = sx > b.xmax or sx < -b.xmax or sy > b.ymax or sy < -b.ymax
    if mode == FENCE and outside:
        raise OutOfBounds()
    if mode == WRAP and (outside or pose.out_of_bounds):
        heading = towards(tx, ty, pose.wanna_x, pose.wanna_y, xs, ys)
        dist = distance(tx, ty, pose.wanna_x / xs, pose.wanna_y / ys)
        _Mover(pose, b, mode, segs).run(dist, heading, xs, ys)
        pose.wanna_x, pose.wanna_y = sx, sy
        pose.out_of_bounds = outside
        return
    pose.out_of_bounds = False
    segs.append((pose.x, pose.y, sx, sy))
    pose.x = pose.wanna_x = sx
    pose.y = pose.wanna_y = sy


def fold_into_page(pose: Pose, b: Bounds) -> None:
    """What ``wrap`` and ``fence`` do to a turtle that wandered off the page in window mode."""
    w, h = 2 * b.xmax, 2 * b.ymax
    if abs(pose.x) > 10 * w:  # far away: jump most of the way at once
        pose.x = math.fmod(pose.x, w)
    if abs(pose.y) > 10 * h:
        pose.y = math.fmod(pose.y, h)
    while pose.x > b.xmax:
        pose.x -= w
    while pose.x < -b.xmax:
        pose.x += w
    while pose.y > b.ymax:
        pose.y -= h
    while pose.y < -b.ymax:
        pose.y += h


def arc_points(heading: float, angle: float, radius: float) -> list[tuple[float, float]]:
    """The points (relative to the centre) UCBLogo's ``arc angle radius`` visits: the first
    is where the pen goes down, the rest are joined by lines; clockwise for angle > 0."""
    if angle > 360.0:
        angle = 360.0 + math.fmod(angle, 360.0)
    if angle < -360.0:
        angle = -(360.0 + math.fmod(-angle, 360.0))
    count = min(abs(angle * radius / 200.0), ARC_MAX_STEPS) or 1.0
    delta = angle / count

    def at(a: float) -> tuple[float, float]:
        return (math.sin(a * ARC_PI / 180.0) * radius, math.cos(a * ARC_PI / 180.0) * radius)

    points = [at(heading)]
    ang = heading + delta
    i = 1.0
    while i <= count:
        points.append(at(ang))
        ang += delta
        i += 1.0
    points.append(at(heading + angle))
    return points
