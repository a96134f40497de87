"""The lessons opened and saved lately, for the Open dialog: one path a line in
recent.txt beside the window's recovery file (the user's cache folder), newest first,
written atomically (a crash never leaves half a list)."""

from __future__ import annotations

import os

from ..session.safefile import atomic_write
from .recovery import default_path

KEEP = 10


def recent_path() -> str:
    return os.path.join(os.path.dirname(default_path()), "recent.txt")


def recent_files(path: str | None = None) -> list[str]:
    """The recent files that still exist, newest first."""
    try:
        with open(path or recent_path(), encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    return [line for line in lines if line and os.path.isfile(line)][:KEEP]


def remember(file: str, path: str | None = None) -> None:
    """Put ``file`` first in the list (never fails: the list is only a convenience)."""
    full = os.path.abspath(file)
    files = [full] + [f for f in recent_files(path) if f != full]
    target = path or recent_path()
    try:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        atomic_write(target, "".join(f + "\n" for f in files[:KEEP]))
    except OSError:
        pass
