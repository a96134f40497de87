"""File names seen by Logo: made absolute and, with a sandbox, confined to it."""

from __future__ import annotations

import os

from ..language.errors import LogoError


def resolve_path(path: str, sandbox: str | None) -> str:
    """The absolute path of ``path``; with ``sandbox`` set, it must resolve (symlinks
    followed) inside that directory, else a LogoError."""
    if sandbox is None:
        return os.path.abspath(os.path.expanduser(path))
    root = os.path.realpath(sandbox)
    full = os.path.realpath(os.path.join(root, path))
    if full != root and not full.startswith(root + os.sep):
        raise LogoError("sandbox", what=path)
    return full
