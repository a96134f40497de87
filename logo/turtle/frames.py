"""Whole frames: what a window shows is a page that is not being redrawn.

The interpreter draws into the page's ``pixels`` on its own thread; a window that showed
that array as it is would now and then catch a scene half redrawn (wiped, then drawn
again).  :class:`Frames` keeps the *shown* frame, a copy of the page and the turtles
taken at a frame boundary, and the window draws only that.

Two modes, as FMSLogo's ``refresh``/``norefresh``:

- **refresh** (the default): the window takes a new frame whenever it draws (a time
  slice), so turtles drawing line by line look live, except while a *batch* is open: a
  microworld's redraw of a whole scene (``with frames.batch(): ...``) appears at once,
  when the batch closes.
- **norefresh**: frames are taken only at the program's boundaries: ``refresh``,
  ``wait``, the end of a command, a button's pass, a process's turn, a batch's end.

A frame is a fresh read-only copy (never written again), so the window may blit it while the
next one is taken.  The lock only keeps a frame from being taken in the middle of a
batch; the window never waits for it (it shows the previous frame instead).
"""

from __future__ import annotations

import threading
import time
from collections import namedtuple
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np


# boundaries closer than this to the last frame are skipped (``wait 0`` in a tight loop)
MIN_INTERVAL = 1 / 120


class Frame(namedtuple("Frame", "pixels turtles serial")):
    """One shown frame: ``pixels``, the page's pixels (rows x columns x RGB, uint8, a
    copy), ``turtles``, the shown turtles as (outline points in turtle steps, rgb), and
    ``serial``, its serial number.  (A ``collections.namedtuple``: ``typing.NamedTuple``
    costs a drawing program's start a millisecond to build its first class.)"""

    __slots__ = ()


def snapshot(pixels: np.ndarray) -> np.ndarray:
    """A read-only copy of the page's ``pixels`` made while holding the GIL: numpy's
    ``copy`` lets go of it for a large array, and the window's thread then waits out
    the running program's switch interval (5 ms, a third of a frame) to get it back;
    ``tobytes`` is one memcpy (0.1 ms for the 801 x 601 page) that keeps it."""
    import numpy as np  # lazy: numpy (a drawing program that shows no frame never loads it)

    return np.frombuffer(pixels.tobytes(), pixels.dtype).reshape(pixels.shape)


class Frames:
    """The shown frame of one turtle world (its ``page.pixels``, ``turtles`` and
    ``changes``, read when a frame is taken)."""

    def __init__(self, world: Any) -> None:
        self._world = world
        self._lock = threading.Lock()
        self._depth = 0  # open batches (interpreter thread only)
        self.auto = True  # refresh mode: the window takes frames as it draws
        self._frame: Frame | None = None
        self._serial = 0
        self._last = 0.0
        self._key: tuple[int, int] | None = None  # (id of the pixels, changes) shown
        self.listeners: list[Any] = []  # called with each new Frame (a GIF recorder)

    # --- the interpreter's side ---------------------------------------------------------
    @contextmanager
    def batch(self) -> Iterator[None]:
        """A whole redraw: no frame is taken inside; one is taken when it ends."""
        if self._depth == 0:
            self._lock.acquire()
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if self._depth == 0:
                self._lock.release()
                self.take(force=True)

    def boundary(self) -> None:
        """A boundary of the program (``wait``, a process's turn): a frame in
        norefresh mode (at most one per :data:`MIN_INTERVAL`)."""
        if not self.auto and self._depth == 0:
            self.take(force=False)

    def take(self, force: bool = True) -> None:
        """Take a frame now (``refresh``, the end of a command)."""
        now = time.monotonic()
        if not force and now - self._last < MIN_INTERVAL:
            return
        with self._lock:
            self._store(now)

    # --- the window's side --------------------------------------------------------------
    def shown(self) -> Frame:
        """The frame to draw: in refresh mode a new one when no batch is open, else the
        last one taken (the first call always has one)."""
        if (self.auto or self._frame is None) and self._lock.acquire(blocking=False):
            try:
                self._store(time.monotonic())
            finally:
                self._lock.release()
        if self._frame is None:  # a batch was open before any frame: show it as it is
            self._store(time.monotonic())
        assert self._frame is not None
        return self._frame

    def _read_world(self) -> tuple[np.ndarray, list[Any], int]:
        world = self._world
        while True:
            try:
                return world.page.pixels, list(world.turtles.values()), world.changes
            except RuntimeError:  # the turtles changed while copied (another thread)
                continue

    def _store(self, now: float) -> None:
        pixels, turtles, changes = self._read_world()
        key = (id(pixels), changes)
        if key == self._key and self._frame is not None:
            return  # nothing changed since the last frame
        shown = []
        for t in turtles:
            if t.shown:
                shown.append((tuple(t.outline()), tuple(t.rgb)))
        self._serial += 1
        self._frame = Frame(snapshot(pixels), tuple(shown), self._serial)
        self._last = now
        self._key = key
        for listener in self.listeners:
            listener(self._frame)
