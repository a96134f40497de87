"""Whether the lesson changed since it was opened or saved: the window marks its title
and asks before New, Open or Quit would drop the changes.

The lesson's text as Save would write it (``Interpreter.workspace_source``: procedures,
variables, widgets with their values and places) is compared with the text of the last
open or save.  It is made on the interpreter's thread: after every command (with the
recovery file's autosave), and, at most every :data:`PERIOD` seconds, between turns
when something may have changed (a widget dragged, a button's run, a definition).
Before dropping work the window asks :meth:`Changes.unsaved_now`, which looks again when
the interpreter is idle and answers "changed" while a program still runs.
"""

from __future__ import annotations

import time
from typing import Any

PERIOD = 0.5  # seconds between two looks while the window runs


class Changes:
    """The lesson's saved text and whether the workspace still matches it."""

    def __init__(self, interp: Any) -> None:
        self.interp = interp
        self.saved_text = ""  # an empty workspace writes nothing
        self.unsaved = False
        self.touched = False  # a job, a turn or a drag since the last look
        self.wanted = False  # a look asked for, at the next turn (Session.between)
        self._seen: Any = None
        self._at = 0.0

    def mark_saved(self, text: str | None = None) -> None:
        """The workspace now is the file (opened or saved): no unsaved changes."""
        self.saved_text = self.interp.workspace_source() if text is None else text
        self.unsaved = False
        self.touched = False
        self._seen = self._versions()

    def mark_unsaved(self) -> None:
        """Work that no file holds (a recovered workspace)."""
        self.saved_text = "\0"
        self.unsaved = True

    def compare(self, text: str) -> None:
        """The lesson's text now (interpreter thread)."""
        self.unsaved = text != self.saved_text

    def look(self) -> None:
        """Make the text and compare it (the interpreter's thread, or an idle one)."""
        self.touched = False
        self._seen = self._versions()
        self.compare(self.interp.workspace_source())

    def _versions(self) -> tuple[Any, ...]:
        widgets = self.interp.page_widgets
        return (getattr(self.interp, "generation", None),
                widgets.version if widgets is not None else None)

    def due(self) -> bool:
        """Called every frame: True when a look is wanted now (throttled)."""
        now = time.monotonic()
        if now - self._at < PERIOD:
            return False
        if self.touched or self._versions() != self._seen:
            self._at = now
            return True
        return False

    def unsaved_now(self, busy: bool) -> bool:
        """Before dropping the work: look again if the interpreter is idle; while a
        program runs, anything it may have changed counts."""
        if busy:
            return self.unsaved or self.touched or self._versions() != self._seen
        if self.touched or self._versions() != self._seen:
            self.look()
        return self.unsaved
