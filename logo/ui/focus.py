"""Which part of the window has the keyboard: one small rule the key and text routing
of ``actions`` and the drawing of the panels both follow.

    owner(app) -> "dialog" | "widget" | "pane" | "command"

A dialog takes every key while it is open; then a text box of the page being typed in;
then the procedures pane while it is shown and was last clicked (or just opened); else
the command center, which a click focuses whatever else is shown.  Ctrl+Z and Ctrl+Y
undo the pane's edits when the owner is "pane", the page's changes otherwise.
"""

from __future__ import annotations

from typing import Any


def owner(app: Any) -> str:
    if app.dialog is not None:
        return "dialog"
    if app.widget_views.focused is not None:
        return "widget"
    if app.flipped and app.pane.focused:
        return "pane"
    return "command"


def command_focused(app: Any) -> bool:
    """The command center has the keys once no dialog is open (its frame shows it)."""
    return app.widget_views.focused is None and not (app.flipped and app.pane.focused)


def focus_command(app: Any) -> None:
    """A click on the command center: it takes the keyboard (the pane stays shown)."""
    app.widget_views.focused = None
    if app.pane.focused:
        app.pane.focused = False
        app.pane.version += 1
    app.command.version += 1
