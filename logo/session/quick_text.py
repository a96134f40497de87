"""The quick way from a write to the text a host holds, while nothing else is due.

Each interpreter has a *cell*, a one-item list (``I.parts["quick_text"]``): ``None``, or
a function that takes a write's text as ``Interpreter.write`` would and is known to do
the same with it (the host's held text's own ``write``: a C call).  Compiled PRINT, TYPE
and SHOW (language/print_forms.py) and ``Interpreter.write`` call it when it is there;
otherwise they take the write's whole path, whose end arms the cell again when it may.

The cell is armed only while every write would go the same way: to the console (no
SETWRITE file, no DRIBBLE, no text boxes: the interpreter's rules) of a host that holds
text and has no flush due (the host's: ``Host.text_sink``).  Whatever changes one of
those empties the cell first: SETWRITE to a file and DRIBBLE (streams.py), the page's
widgets made (a text box may be selected then), and the host's flush time, for which a
:class:`FlushClock` empties it on a thread of its own; the next write then takes the
whole path, which flushes as it always did (at most every FLUSH_EVERY seconds, before
an error, a read, a sleep, a look at Stop and the end)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

QUICK = "quick_text"
Cell = list  # [None] or [a function of the text]


def quick_cell(I: Any) -> list[Any]:
    """The interpreter's cell, made on first use."""
    cell = I.parts.get(QUICK)
    if cell is None:
        cell = I.parts[QUICK] = [None]
    return cell


def disarm(I: Any) -> None:
    """Writes take the whole path again (the next one arms the cell when it may)."""
    cell = I.parts.get(QUICK)
    if cell is not None:
        cell[0] = None


def write_through(I: Any, text: str) -> None:
    """``Interpreter.write``'s whole path: the selected text box, the SETWRITE file (and
    the dribble), else the host; then the cell armed if the host may."""
    widgets = I.page_widgets
    box = widgets.current_text if widgets is not None else None
    if box is not None:
        box.text += text
        widgets.changed()
        return
    files = I.parts.get("streams")  # None until a file (or a dribble) is opened
    if files is not None and (files.writer is not None or files.dribble is not None):
        files.write(I.host.write, text)
        return
    I.host.write(text)
    sink = getattr(I.host, "text_sink", None)
    if sink is not None and widgets is None:
        sink(quick_cell(I))


class FlushClock:
    """Empties the cells a host armed when its flush time comes: a daemon thread waits
    for the time, and ends after IDLE seconds with none armed (the next arming starts
    another).  Where no thread can be started, cells are not armed at all."""

    IDLE = 1.0

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._cells: list[list[Any]] = []
        self._deadline: float | None = None  # (time.monotonic's clock)
        self._thread: threading.Thread | None = None

    def arm(self, cell: list[Any], write: Callable[[str], Any], deadline: float) -> None:
        """Put ``write`` in ``cell`` until ``deadline``."""
        with self._cond:
            if self._thread is None:
                thread = threading.Thread(target=self._run, name="logo-flush-clock",
                                          daemon=True)
                try:
                    thread.start()
                except RuntimeError:  # no thread can be had: every write goes the whole way
                    return
                self._thread = thread
            elif self._deadline != deadline:
                self._cond.notify()
            self._deadline = deadline
            if not any(c is cell for c in self._cells):
                self._cells.append(cell)
            cell[0] = write

    def _run(self) -> None:
        cond = self._cond
        with cond:
            while True:
                deadline = self._deadline
                if deadline is None:
                    if not cond.wait(self.IDLE) and self._deadline is None:
                        self._thread = None
                        return
                    continue
                left = deadline - time.monotonic()
                if left > 0:
                    cond.wait(left)  # (armed again meanwhile: look again)
                    continue
                for cell in self._cells:
                    cell[0] = None
                self._cells.clear()
                self._deadline = None
