"""EDIT and EDALL: the user edits procedures in whatever the host has for it (the
window's procedures pane; in a terminal, an editor), through ``Host.edit``."""

from __future__ import annotations

from typing import Any

from ..language.errors import LogoError
from . import management  # (the module: its primitives are registered once, there)
from .registry import primitive


@primitive("edit", "ed", inputs=1, max_inputs=1, alone_ok=True)
def edit(I: Any, what: Any = None) -> None:
    """EDIT contentslist
    ED contentslist
    (EDIT)   or   EDIT alone on a line

    Opens the named procedures for editing: in the window, the procedures pane at the
    first of them (a name with no definition yet starts as TO name and END).  The
    definitions take effect when you leave the pane (or press Ctrl+Enter).  EDIT with
    no input edits again what was edited last."""
    names = None if what is None else management._contents_parts(what)[0]
    for n in names or ():
        if n not in I.procedures and I.is_primitive(n):
            raise LogoError("is_primitive", who=n)
    I.host.edit(I, names)


@primitive("edall")
def edall(I: Any) -> None:
    """EDALL

    Opens every procedure of the workspace for editing (in the window: the procedures
    pane, at the top)."""
    I.host.edit(I, list(management.procedures(I)))
