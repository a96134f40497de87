"""The window's recovery file: the workspace is written after every command (atomically,
so a crash never leaves half a file); a clean exit removes it.  A recovery file found at
start-up means the last session ended unexpectedly: the window offers to load it."""

from __future__ import annotations

import contextlib
import os

from ..cache_folder import cache_folder
from ..session.safefile import atomic_write


def default_path() -> str:
    """``$LOGO_RECOVERY_FILE``, else recovery.lgo in the user's cache folder."""
    path = os.environ.get("LOGO_RECOVERY_FILE")
    if path:
        return path
    return os.path.join(cache_folder(), "recovery.lgo")


class Recovery:
    """Autosave of one window's workspace."""

    def __init__(self, path: str | None = None) -> None:
        self.path = path or default_path()
        self.previous = self.path[:-len(".lgo")] + "-previous.lgo"
        self._last = ""

    def take_previous(self) -> str | None:
        """At start-up: a crashed session's file, moved aside so that this session's
        autosaves do not overwrite it; None when the last session ended cleanly."""
        if not os.path.exists(self.path):
            return None
        try:
            os.replace(self.path, self.previous)
        except OSError:
            return None
        return self.previous

    def save(self, text: str) -> None:
        """Write the workspace if it changed since the last save (errors are ignored:
        autosave must never disturb the user)."""
        if text == self._last:
            return
        try:
            os.makedirs(os.path.dirname(self.path) or ".", exist_ok=True)
            atomic_write(self.path, text, 0o644)
            self._last = text
        except OSError:
            pass

    def clear(self) -> None:
        """A clean exit: nothing to recover."""
        for path in (self.path,):
            with contextlib.suppress(OSError):
                os.remove(path)
