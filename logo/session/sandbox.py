"""The sandbox: one folder that every file a program names must lie in.

``--sandbox DIR`` makes one :class:`Sandbox` on the command line, and every mode applies
that same object to its interpreter (:meth:`Sandbox.apply`): ``logo run``, ``logo repl``,
the window (``logo``, ``logo window``, ``logo LESSON``), the REPL that stands in for the
window where there is no display, and each file of ``logo check`` in its own process.
Under it the file primitives (OPENREAD..., LOAD, SAVE, SAVEPICT, DRIBBLE, ERASEFILE,
after SETPREFIX too), the window's Open, Save and Export and the terminal editor's
temporary files stay inside the folder (symbolic links followed), and SHELL is refused.

Without a sandbox, file names are only made absolute (:func:`resolve_path`).
"""

from __future__ import annotations

import os
from typing import Any

from ..language.errors import LogoError


class SandboxError(ValueError):
    """A sandbox folder that does not exist or is not a folder (a usage error)."""


class Sandbox:
    """A folder (its real path, links resolved) the program's files are confined to."""

    def __init__(self, folder: str):
        self.root = os.path.realpath(os.path.expanduser(folder))
        self.granted: set[str] = set()  # files outside it that the session may use

    def grant(self, files: list[str]) -> None:
        """Let the program use these files (the window's lessons named on the command
        line: loaded, and written back by Save) though they lie outside the folder."""
        self.granted.update(os.path.realpath(f) for f in files)

    @classmethod
    def of_option(cls, folder: str | None) -> Sandbox | None:
        """The sandbox of ``--sandbox FOLDER`` (None without one); a folder that does not
        exist, or a name that is not a folder, is a :class:`SandboxError`."""
        if folder is None:
            return None
        from ..messages import text as say  # lazy: start-up time

        if not os.path.exists(folder):
            raise SandboxError(say("cli.sandbox_missing", path=folder))
        if not os.path.isdir(folder):
            raise SandboxError(say("cli.sandbox_not_folder", path=folder))
        return cls(folder)

    def apply(self, interp: Any) -> None:
        """Confine ``interp``: its file names (``I.resolve_path``), LOAD's search and
        SHELL (refused) all look at ``interp.sandbox``."""
        interp.sandbox = self

    def resolve(self, path: str) -> str:
        """The absolute path of ``path`` (relative names are in the sandbox); a name that
        resolves outside it (``..``, an absolute path, a link out) is a LogoError."""
        full = os.path.realpath(os.path.join(self.root, os.path.expanduser(path)))
        if full in self.granted:
            return full
        if full != self.root and not full.startswith(self.root.rstrip(os.sep) + os.sep):
            raise LogoError("sandbox", what=path)
        return full

    def temporary_folder(self) -> str:
        """Where the program's temporary files (the terminal editor's) are made."""
        return self.root

    def __str__(self) -> str:
        return self.root

    def __fspath__(self) -> str:
        return self.root

    def __repr__(self) -> str:
        return f"Sandbox({self.root!r})"


def resolve_path(path: str, sandbox: Sandbox | str | None) -> str:
    """The absolute path of ``path``; with ``sandbox`` set (a :class:`Sandbox`, or its
    folder), it must resolve (symlinks followed) inside that folder, else a LogoError."""
    if sandbox is None:
        return os.path.abspath(os.path.expanduser(path))
    box = sandbox if isinstance(sandbox, Sandbox) else Sandbox(sandbox)
    return box.resolve(path)


def temporary_folder(interp: Any) -> str | None:
    """The folder for ``interp``'s temporary files: its sandbox's, else None (the
    system's)."""
    box = getattr(interp, "sandbox", None)
    if box is None:
        return None
    return box.temporary_folder() if isinstance(box, Sandbox) else os.path.realpath(box)
