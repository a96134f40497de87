"""The turtle seen moving when the Speed slider is below full speed.

A program's ``fd 100`` draws its line in one step; slowed, the interpreter then waits
(``window_host.speed_delay`` seconds for each turtle change).  Over that wait the
window shows the step happen: the turtle glides from where it was to where it is, and
the pixels the step changed appear behind it, in the order the turtle passes them (each
changed pixel shows once the turtle has gone past its projection on the way).

    motion = Motion(old_frame, new_frame, page, seconds)
    pixels, turtles = motion.at(now)      # None once it is over
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

MAX_SECONDS = 1.0  # (window_host.MAX_PAUSE: the longest wait at one boundary)


class Motion:
    """The passage from one shown frame to the next."""

    def __init__(self, old: Any, new: Any, page: Any, seconds: float) -> None:
        self.new = new
        self.start = time.monotonic()
        self.seconds = min(MAX_SECONDS, seconds)
        self.turtles = _pairs(old.turtles, new.turtles)
        self._old = old.pixels
        self._progress: np.ndarray | None = None
        self._box: tuple[slice, slice] | None = None
        if old.pixels.shape == new.pixels.shape:
            self._prepare(old.pixels, new.pixels, page)

    def _prepare(self, old: np.ndarray, new: np.ndarray, page: Any) -> None:
        changed = (old != new).any(axis=2)
        rows, cols = np.nonzero(changed)
        if not len(rows):
            return
        box = (slice(rows.min(), rows.max() + 1), slice(cols.min(), cols.max() + 1))
        a, b = self._path(page)
        rr, cc = np.mgrid[box]
        d = b - a
        length = float(d @ d)
        if length < 1:  # no move (a turn, a colour): everything at once, halfway
            progress = np.full(rr.shape, 0.5)
        else:
            progress = ((cc - a[0]) * d[0] + (rr - a[1]) * d[1]) / length
        self._box = box
        self._progress = np.where(changed[box], progress, -np.inf)

    def _path(self, page: Any) -> tuple[np.ndarray, np.ndarray]:
        """Where the first moving turtle was and is, in page pixels (column, row)."""
        for before, after in self.turtles:
            a, b = _centre(before, page), _centre(after, page)
            if float(((b - a) ** 2).sum()) >= 1:
                return a, b
        centre = np.array([page.cx, page.cy], float)
        return centre, centre

    def at(self, now: float | None = None) -> tuple[np.ndarray, list[tuple]] | None:
        """The pixels and turtles to show now; None once the motion is over."""
        t = ((now if now is not None else time.monotonic()) - self.start) / \
            max(1e-6, self.seconds)
        if t >= 1:
            return None
        pixels = self.new.pixels
        if self._box is not None and self._progress is not None:
            pixels = self._old.copy()
            shown = self._progress <= t
            pixels[self._box][shown] = self.new.pixels[self._box][shown]
        turtles = [(tuple((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
                          for (x0, y0), (x1, y1) in zip(p0, p1, strict=True)), rgb)
                   for (p0, _), (p1, rgb) in self.turtles]
        return pixels, turtles


def _pairs(old: tuple, new: tuple) -> list[tuple]:
    """The turtles of two frames side by side, when they can be (same count, shapes)."""
    if len(old) != len(new) or any(len(a[0]) != len(b[0]) for a, b in zip(old, new,
                                                                            strict=True)):
        return [(t, t) for t in new]
    return list(zip(old, new, strict=True))


def _centre(turtle: tuple, page: Any) -> np.ndarray:
    points = np.array(turtle[0], float)
    x, y = points.mean(axis=0)
    return np.array([page.cx + x * page.scale, page.cy - y * page.scale])
