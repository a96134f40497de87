"""The turtle's walk along an L-system string, in numpy: prefix sums with branches.

Without brackets the heading after each symbol is the running sum of the turns, the
step the running product of the step factors and the position the running sum of the
moves.  A ``]`` must bring back the state of its ``[``: it gets the increment that
cancels everything done inside the pair at the pair's own level (what nested pairs do
cancels already).  Sorting the symbols by their bracket level (stable) puts each pair's
own-level contents between its ``[`` and ``]``, so one cumulative sum over the sorted
order gives every pair's content sum at once.  A ``]`` with no ``[`` is ignored (as
FracTree's ``from`` does with an empty stack); a ``[`` never closed just stays open.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from . import rules as R

NONE, DRAW, MOVE, PUSH, POP = 0, 1, 2, 3, 4
RANDOM_LOW, RANDOM_HIGH = 0.5, 1.5  # "," multiplies the step by a factor in this range


@dataclass
class Actions:
    """What each symbol code does: kind, clockwise turn in degrees, log step factor,
    random step; ``busy`` (does anything at all) and, when every turn is a whole number
    of ``unit`` degrees and ``unit`` divides 360, the turns in units (exact integer
    sums, sines from a table)."""

    kind: np.ndarray
    turn: np.ndarray
    scale: np.ndarray
    random: np.ndarray
    busy: np.ndarray
    units: np.ndarray | None = None
    unit: float = 0.0


def actions_for(names: list[str], angle: float, abop: bool = False) -> Actions:
    """The FracTree meaning of each symbol name; ``abop``: "+" turns left."""
    sign = -1.0 if abop else 1.0
    k = len(names)
    kind = np.zeros(k, np.uint8)
    turn = np.zeros(k, np.float64)
    scale = np.zeros(k, np.float64)
    random = np.zeros(k, bool)
    for i, s in enumerate(names):
        if R.draws(s):
            kind[i] = DRAW
        elif R.moves(s):
            kind[i] = MOVE
        elif s == R.PUSH:
            kind[i] = PUSH
        elif s == R.POP:
            kind[i] = POP
        elif s in R.TURNS:
            turn[i] = sign * R.TURNS[s] * angle
        elif s == R.REVERSE:
            turn[i] = 180.0
        elif s in R.STEP_FACTORS:
            scale[i] = math.log(R.STEP_FACTORS[s])
        elif s == R.STEP_RANDOM:
            random[i] = True
    busy = (kind != NONE) | (turn != 0) | (scale != 0) | random
    act = Actions(kind, turn, scale, random, busy)
    unit = _turn_unit(turn)
    if unit:
        act.units, act.unit = np.rint(turn / unit).astype(np.int32), unit
    return act


def _turn_unit(turn: np.ndarray) -> float:
    """The angle every turn is a whole multiple of, when it divides 360 (else 0)."""
    nonzero = np.abs(turn[turn != 0])
    if not nonzero.size:
        return 360.0
    unit = float(nonzero.min())
    count = 360.0 / unit
    if not 1 <= count <= 1 << 20 or abs(count - round(count)) > 1e-9:  # (inf, nan too)
        return 0.0
    ratios = turn / unit
    return unit if np.all(np.abs(ratios - np.rint(ratios)) < 1e-9) else 0.0


class Brackets:
    """The bracket structure of a string, for :meth:`scan` of any number of channels."""

    def __init__(self, push: np.ndarray, pop: np.ndarray) -> None:
        raw = np.cumsum(push.astype(np.int32) - pop.astype(np.int32))
        floor = np.minimum.accumulate(np.minimum(raw, 0))
        if floor.size and floor[-1] < 0:  # some "]" close nothing: ignore them
            before = np.concatenate([[0], floor[:-1]])
            pop = pop & ~(floor < before)
        self.pop = pop
        self.simple = not pop.any()
        if self.simple:
            return
        depth = np.cumsum(push.astype(np.int32) - pop.astype(np.int32))
        level = depth + pop  # a "]" belongs to the level inside it
        small = level.max() < 1 << 16
        self.order = np.argsort(level.astype(np.uint16) if small else level, kind="stable")
        ranks = np.arange(len(level))
        opened = np.maximum.accumulate(np.where(push[self.order], ranks, 0))
        self.pop_ranks = np.flatnonzero(pop[self.order])
        self.open_ranks = opened[self.pop_ranks]
        self.pop_at = self.order[self.pop_ranks]

    def scan(self, v: np.ndarray) -> np.ndarray:
        """Running sums of ``v`` (zero at brackets), a ``]`` restoring its ``[``'s value.
        ``v`` may have several columns."""
        if self.simple:
            return np.cumsum(v, axis=0)
        sums = np.cumsum(v[self.order], axis=0)
        e = v.copy()
        e[self.pop_at] = sums[self.open_ranks] - sums[self.pop_ranks]
        return np.cumsum(e, axis=0)


@dataclass
class Walk:
    """The result of a walk: drawn segments (N, 4: x0 y0 x1 y1), every move's end
    point, and where the turtle ends."""

    segments: np.ndarray
    points: np.ndarray
    x: float
    y: float
    heading: float


def walk(s: np.ndarray, act: Actions, step: float = 1.0, x: float = 0.0, y: float = 0.0,
         heading: float = 90.0, rng: np.random.Generator | None = None,
         xs: float = 1.0, ys: float = 1.0) -> Walk:
    """Walk the string ``s`` (codes) from (x, y) facing ``heading`` (0 north, clockwise)
    with steps of ``step``; ``xs``/``ys`` stretch the moves (Logo's scrunch)."""
    busy = act.busy[s]
    if not busy.all():
        s = s[busy]
    if not len(s):
        return Walk(np.zeros((0, 4)), np.zeros((0, 2)), x, y, heading)
    kind = act.kind[s]
    pops = kind == POP
    br = Brackets(kind == PUSH, pops) if pops.any() else None
    if br is not None:
        kind = np.where(pops & ~br.pop, NONE, kind)
    moving = np.flatnonzero((kind == DRAW) | (kind == MOVE))
    sin, cos, end_heading = _directions(s, act, br, heading, moving)
    steps = _steps(s, act, br, step, rng)
    d = steps[moving] if isinstance(steps, np.ndarray) else steps
    dx, dy = d * sin * xs, d * cos * ys
    rows = np.empty((len(moving), 4))  # x0 y0 x1 y1 of every move, filled in place
    if br is None:  # no branches: the ends are running sums over the moves alone
        np.cumsum(dx, out=rows[:, 2])
        np.cumsum(dy, out=rows[:, 3])
        rows[:, 2] += x
        rows[:, 3] += y
        end = (float(rows[-1, 2]), float(rows[-1, 3])) if len(rows) else (x, y)
    else:
        rows[:, 2], rows[:, 3], end = _branched_ends(br, len(s), moving, dx, dy, x, y)
    np.subtract(rows[:, 2], dx, out=rows[:, 0])
    np.subtract(rows[:, 3], dy, out=rows[:, 1])
    drawn = kind[moving] == DRAW
    segments = rows if drawn.all() else rows[drawn]
    return Walk(segments, rows[:, 2:], end[0], end[1], end_heading)


def _branched_ends(br: Brackets, n: int, moving: np.ndarray, dx: np.ndarray,
                   dy: np.ndarray, x: float, y: float
                   ) -> tuple[np.ndarray, np.ndarray, tuple[float, float]]:
    """The end point of every move, and where the turtle stands after the last symbol
    (a final "]" may take it back)."""
    out = []
    for d, start in ((dx, x), (dy, y)):
        full = np.zeros(n)
        full[moving] = d
        run = br.scan(full)
        run += start
        out.append(run)
    return out[0][moving], out[1][moving], (float(out[0][-1]), float(out[1][-1]))


def _directions(s: np.ndarray, act: Actions, br: Brackets | None, heading: float,
                moving: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """sin and cos of the heading at every move, and the heading after the walk."""
    scan = np.cumsum if br is None else br.scan
    if act.units is not None:
        units = act.units[s]  # int32; sums stay exact (and in int32 up to 2e9 turns)
        turns = np.cumsum(units, dtype=np.int32) if br is None else br.scan(units)
        count = round(360.0 / act.unit)
        table = np.radians(heading + act.unit * np.arange(count))
        k = turns[moving] % count
        end = (heading + act.unit * int(turns[-1])) % 360.0
        return np.sin(table)[k], np.cos(table)[k], end
    turns = scan(act.turn[s])
    rad = np.radians((heading + turns[moving]) % 360.0)
    return np.sin(rad), np.cos(rad), float((heading + turns[-1]) % 360.0)


def _steps(s: np.ndarray, act: Actions, br: Brackets | None, step: float,
           rng: np.random.Generator | None) -> np.ndarray | float:
    """The step length at each symbol (a number when nothing changes it)."""
    logs = act.scale[s]
    rand = act.random[s]
    if not logs.any() and not rand.any():
        return step
    if rand.any():
        logs = logs.copy()
        rng = rng or np.random.default_rng()
        logs[rand] = np.log(rng.uniform(RANDOM_LOW, RANDOM_HIGH, int(rand.sum())))
    return step * np.exp(np.cumsum(logs) if br is None else br.scan(logs))


def fit(w: Walk, width: float, height: float, margin: float = 0.05
        ) -> tuple[float, float, float]:
    """FracTree's fit to the page: the scale and the offset (dx, dy) that put the
    measured picture in the middle of a ``width`` x ``height`` page, filling it but for
    ``margin`` on each side."""
    pts = w.segments.reshape(-1, 2) if len(w.segments) else w.points
    if not len(pts):
        return 1.0, 0.0, 0.0
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    size = hi - lo
    room = np.array([width, height]) * (1 - 2 * margin)
    with np.errstate(divide="ignore"):
        ratios = np.where(size > 1e-12, room / np.maximum(size, 1e-300), np.inf)
    scale = float(ratios.min())
    if not math.isfinite(scale):
        scale = 1.0
    mid = (lo + hi) / 2
    return scale, float(-mid[0] * scale), float(-mid[1] * scale)


def placed(w: Walk, scale: float, dx: float, dy: float) -> Walk:
    """The walk scaled by ``scale`` about the origin and moved by (dx, dy)."""
    shift = np.array([dx, dy, dx, dy])
    return Walk(w.segments * scale + shift, w.points * scale + shift[:2],
                w.x * scale + dx, w.y * scale + dy, w.heading)
