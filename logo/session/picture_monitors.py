"""The monitors of a picture made with no window (``logo run --png``, each frame of
``--gif``): each monitor is evaluated then, as the window would have shown it, but for
at most ``budget`` seconds: a monitor that never finishes keeps the text it had (or
shows "…") instead of holding the picture until the time limit, and is not evaluated
again for the later frames.

    monitors = PictureMonitors(interp)      # once per run
    monitors.refresh()                      # before each picture (interpreter's thread)

The budget works as the Stop button does: a timer asks the interpreter to stop with a
mark of its own, and only that stop is caught here; a real stop (Ctrl-C, the time or
memory limit) passes on.
"""

from __future__ import annotations

import threading
from typing import Any

from ..language.errors import LogoError

BUDGET = 0.5  # seconds one monitor may take for a picture
UNFINISHED = "…"  # a monitor's text when it never finished


class _Mark:
    """The detail of the stop this module asks for (told from every other stop)."""

    def __repr__(self) -> str:
        return "the picture's monitor budget"


class PictureMonitors:
    """Evaluates one interpreter's monitors for pictures, each within ``budget``."""

    def __init__(self, interp: Any, budget: float = BUDGET) -> None:
        self.interp = interp
        self.budget = budget
        self.mark = _Mark()
        self.busy = False  # a monitor's own WAIT makes a frame: not evaluated again inside
        self.slow: set[int] = set()  # monitors that overran once: not evaluated again

    def refresh(self) -> bool:
        """Evaluate every monitor of the page now; True when a text changed."""
        from .plots import Monitor  # lazy: pictures only

        ws = self.interp.page_widgets
        if ws is None or self.busy:
            return False
        self.busy = True
        changed = False
        try:
            for m in [w for w in list(ws.items.values()) if isinstance(w, Monitor)]:
                if id(m) in self.slow:
                    continue
                text = self._evaluate(m)
                if text != m.text:
                    m.text, changed = text, True
        finally:
            self.busy = False
        if changed:
            ws.changed()
        return changed

    def _evaluate(self, monitor: Any) -> str:
        from .plots import monitor_text

        I = self.interp
        if I.stop_requested:  # a real stop is on its way: leave the text as it is
            return str(monitor.text)
        timer = threading.Timer(self.budget, I.request_stop, ("stopped", self.mark))
        timer.daemon = True
        timer.start()
        try:
            return monitor_text(I, monitor)
        except LogoError as err:
            if err.what is not self.mark:
                raise
            self.slow.add(id(monitor))
            return str(monitor.text) or UNFINISHED
        finally:
            timer.cancel()
            timer.join()
            if I.stop_reason == ("stopped", self.mark):  # fired as the monitor ended
                I.stop_requested = False
                I.stop_reason = ("stopped", None)
