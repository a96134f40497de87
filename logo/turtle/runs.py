"""The lines a turtle world drew: the log's open run, and its thin lines painted late.

:class:`LineRuns` is the part of :class:`~logo.turtle.world.TurtleWorld` that keeps the
drawing log (``records.py``) of the lines the turtles draw.  The lines' records wait in
an *open run*: a flat list of x0 y0 x1 y1 drawn with one pen (a list, not an ``array``:
extending an array by four floats costs six times as much), which becomes
:class:`Segment` records, the very ones a line would have made at once, when
:attr:`LineRuns.log` is read (and an array of :class:`Segments` when the log is packed).
So drawing makes no Python object per line but its end point: records are NamedTuples,
which the garbage collector never untracks, and its full passes walked every one.

A thin paint pen's lines (one pixel wide, the usual pen) are not painted when drawn
either: the open run holds them, and they are painted on the page (``Page.paint_lines``,
the very pixels ``Page.paint_thin`` gives each) the next time anything reads or changes
the page's pixels, which calls the world back first (``Page.pending``): a frame the
window takes, COLORUNDER, FILL, a picture exported, a line of another pen, SETBG,
STAMP, LABEL.  Painting the same colour in another order gives the same pixels, and a
run holds one pen, so every look at the page sees what painting each line at once would
have shown.  The run is painted before it ends (a pen change, the log read or packed,
the page replaced); CLEAN forgets it unpainted.  A run looked at after almost every line
(COLORUNDER in the loop that draws) draws its next lines at once, as any other pen's
(decided by the drawing thread only: a look from the window's thread never changes how
the program's next line is drawn).  The window's thread may be the one that
looks: painting and ending a run hold a lock.
"""

from __future__ import annotations

import threading
from typing import Any

from .records import PAINT, REVERSE, Record, Segment, Segments

PACK_EVERY = 50_000  # lines logged one by one before the log is packed
EAGER = 8  # floats (two lines) or fewer painted at a look, LOOKS times running: the run
LOOKS = 3  # draws its next lines at once
_new_record = tuple.__new__  # a record made without NamedTuple's Python-level __new__


def thin_ink(rgb: Any, width: Any, mode: str) -> bytes | None:
    """The pixel bytes of a thin paint pen (its lines are painted late, by
    ``Page.paint_lines``), else None (each line drawn at once, ``Page.draw_segment``)."""
    if mode != PAINT or not width <= 1.5:
        return None
    try:
        return bytes(rgb)
    except (TypeError, ValueError):
        return None


class LineRuns:
    """The log of lines and the open run (see the module docstring).  ``_run_page`` is
    the page the open run's thin lines are painted on; ``_painted`` counts the floats of
    ``_run`` already painted there."""

    _page: Any
    _packed: int
    _log: list[Record]
    _run: list[float]  # the open run: lines drawn since the log was last read, x0 y0 x1 y1 each
    _run_rgb: Any  # its pen (the turtle's own objects); _run_mode None: no run is open
    _run_width: Any
    _run_mode: str | None
    _run_ink: bytes | None  # the open run's pixel bytes when its pen is thin paint
    _late: bool  # the open run's new lines are painted late (its pen is thin paint)
    _drawer: int  # the thread that opened the run (the one that draws its lines)
    _looks: int  # the looks in a row that found at most EAGER floats to paint
    _run_limit: int  # len(_run) past which the log is packed (PACK_EVERY lines unpacked)
    _run_page: Any
    _painted: int
    _paint_lock: threading.RLock
    _painting: bool  # lines are being painted (by the thread holding the lock)

    def _start_runs(self, page: Any, log: list[Record]) -> None:
        self._paint_lock = threading.RLock()
        self._painting = self._late = False
        self._run_page = None
        self._page = page
        self._log = log
        self._packed = 0
        self._drop_run()

    @property
    def page(self) -> Any:
        """The page (``page.py``): its pixels show every line drawn so far."""
        return self._page

    @page.setter
    def page(self, page: Any) -> None:
        if self._run_mode is not None:
            self._settle()  # (painted on the page they were drawn on)
        self._page = page

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

    # --- painting late ------------------------------------------------------------------
    def _paint_pending(self) -> None:
        """Paint the open run's lines not painted yet (the page's ``pending`` call: the
        page is about to be read or changed; another thread painting them is waited
        for: ``_painted`` moves on once they are painted)."""
        if self._painted >= len(self._run):
            return
        with self._paint_lock:
            self._paint_new()

    def _paint_new(self) -> None:
        """:meth:`_paint_pending`, the lock held."""
        run, start = self._run, self._painted
        end = len(run)
        if start >= end or not self._late or self._painting:
            return  # (_painting: a page call made while painting them)
        self._painting = True
        try:
            self._run_page.paint_lines(run, start, end, self._run_ink, self._run_rgb,
                                       self._run_width)
        finally:
            self._painting = False
        self._painted = end
        self._looks = self._looks + 1 if end - start <= EAGER else 0
        if self._looks >= LOOKS and threading.get_ident() == self._drawer:
            self._late = False  # looked at after almost every line (COLORUNDER in the
            self._run_page.pending = None  # loop): the next lines are drawn at once

    def _drop_run(self, paint: bool = True) -> None:
        """End the open run, its lines forgotten (the log is being wiped or has taken
        them), painted first unless ``paint`` is False (the page is being wiped)."""
        with self._paint_lock:
            if paint and self._late and self._painted < len(self._run):
                self._paint_new()
            if self._run_page is not None:
                self._run_page.pending = None
            self._run = []
            self._painted = 0
            self._run_page = None
            self._run_rgb = self._run_width = self._run_mode = self._run_ink = None
            self._late = False
            self._looks = 0

    def _open_run(self, rgb: Any, width: Any, mode: str) -> None:
        """Start a run of lines drawn with this pen (the open one ends as records)."""
        if self._run_mode is not None:
            self._settle()
        self._run_rgb, self._run_width, self._run_mode = rgb, width, mode
        ink = self._run_ink = thin_ink(rgb, width, mode)
        self._late = ink is not None
        if ink is not None:
            self._drawer = threading.get_ident()  # (only the drawing thread stops painting late)
            self._run_page = self._page
            self._page.pending = self._paint_pending
        self._run_limit = 4 * (PACK_EVERY - (len(self._log) - self._packed))

    def _settle(self) -> None:
        """The open run's lines become :class:`Segment` records at the end of the log (the
        very records a line made at once would be); the run is closed."""
        run, rgb, width, mode = self._run, self._run_rgb, self._run_width, self._run_mode
        self._drop_run()
        if run:
            it = iter(run)
            self._log.extend([_new_record(Segment, (x0, y0, x1, y1, rgb, width, mode))
                              for x0, y0, x1, y1 in zip(it, it, it, it)])

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

        run, pen = self._run, (self._run_rgb, self._run_width, self._run_mode)
        self._drop_run()
        return np.array(run, np.float64).reshape(-1, 4), pen

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
