"""The window's Undo and Redo: many levels, each taking the page and its turtles back
together (the drawing, every turtle's position, heading, pen, colours, shape and
visibility, the background, the page's size and edge mode) and the widgets when they
were changed by hand (made, edited, deleted, moved or resized).

One level is one top-level instruction typed in the command center (``cs fd 50 rt 90``
is three levels, the same as three lines), one click of a button, or one change of a
widget by hand.  The workspace (procedures, variables) is not undone: Undo takes back
what is seen on the page, as MicroWorlds' does.

Snapshots are taken and restored on the interpreter's thread (they are jobs, see
``session.py``); a widget's state is copied by the window's thread when the mouse
starts to move it, under ``Widgets.lock``.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from typing import Any

from ..session.plots import Pen, Plot
from ..session.widgets import Widget
from ..turtle import geometry

LEVELS = 100  # the deepest undo


@dataclass
class PageState:
    """What one level of Undo brings back."""

    log: list[Any]
    turtles: dict[str, Any]
    current: list[str]
    settings: tuple[Any, ...]  # bg_color, mode, xs, ys, label_height
    size: tuple[int, int]
    widgets: list[Widget] | None  # None: the widgets as they are


def copy_widget(w: Widget) -> Widget:
    """A copy that later plotting or typing does not change."""
    twin = dataclasses.replace(w)
    if isinstance(w, Plot) and isinstance(twin, Plot):
        twin.pens = {k: Pen(p.name, p.color, p.rgb, list(p.points)) for k, p in w.pens.items()}
    return twin


def copy_widgets(widgets: Any) -> list[Widget]:
    if widgets is None:
        return []
    with widgets.lock:
        return [copy_widget(w) for w in widgets.items.values()]


def widgets_key(items: list[Widget]) -> list[tuple]:
    """What a change by hand changes: names, kinds, places, sizes and properties
    (not a slider's value, a text box's text or a plot's points)."""
    live = {"value", "text", "pens", "current", "running"}
    return [(type(w).__name__, *(getattr(w, f.name) for f in dataclasses.fields(w)
                                 if f.name not in live)) for w in items]


def capture(interp: Any, widgets: list[Widget] | None = None) -> PageState:
    """The page and its turtles now (the interpreter's thread)."""
    world = interp.world
    world.checkpoint()  # packs the log: the snapshot holds a few records
    return PageState(
        log=list(world.log),
        turtles={k: copy.copy(t) for k, t in world.turtles.items()},
        current=[t.name.lower() for t in world.current],
        settings=(world.bg_color, world.mode, world.xs, world.ys, world.label_height),
        size=(world.page.width, world.page.height),
        widgets=widgets)


def restore(interp: Any, state: PageState) -> None:
    """Put the page, the turtles (and the widgets, if kept) back as they were."""
    world = interp.world
    _restore_turtles(world, state.turtles)
    world.current = [world.turtles[n] for n in state.current if n in world.turtles]
    world.bg_color, world.mode, world.xs, world.ys, world.label_height = state.settings
    w, h = state.size
    world.bounds = geometry.Bounds(w // 2, h // 2)
    world.log[:] = state.log
    world.page = world.render(width=w, height=h)
    world.changes += 1
    if state.widgets is not None:
        _restore_widgets(interp, state.widgets)


def _restore_turtles(world: Any, saved: dict[str, Any]) -> None:
    """The turtles as they were, the same objects where they still exist (processes
    keep the turtles they talk to)."""
    now = world.turtles
    world.turtles = {}
    for key, then in saved.items():
        t = now.get(key)
        if t is None:
            t = copy.copy(then)
        else:
            for name in then.FIELDS:  # (a turtle's state: turtle.Turtle.FIELDS)
                setattr(t, name, getattr(then, name))
        world.turtles[key] = t


def _restore_widgets(interp: Any, items: list[Widget]) -> None:
    ws = interp.widgets
    with ws.lock:
        now = list(ws.items.values())
        if widgets_key(now) == widgets_key(items):
            return
        ws.items = {w.name.lower(): copy_widget(w) for w in items}
        if ws.current_text is not None and ws.current_text not in ws.items.values():
            ws.current_text = None
        ws.changed()
    interp.generation += 1  # names of sliders and text boxes may mean something else


class PageHistory:
    """The undo and redo stacks of one session."""

    def __init__(self, interp: Any) -> None:
        self.interp = interp
        self.undos: list[PageState] = []
        self.redos: list[PageState] = []
        self._pending: tuple[int, list[tuple], list[PageState]] | None = None

    def record(self, widgets: list[Widget] | None = None) -> None:
        """A new level: the page as it is before the next change.  ``widgets``: the
        widgets before a change by hand (copied by :func:`copy_widgets`).  Without
        them, :meth:`settle` after the instruction drops the level again if the
        instruction changed nothing on the page (``print pos`` keeps the redos)."""
        hand = widgets is not None
        if widgets is None:
            widgets = copy_widgets(self.interp.widgets)
        self.undos.append(capture(self.interp, widgets))
        del self.undos[:-LEVELS]
        self._pending = None if hand else (self.interp.world.changes, widgets_key(widgets),
                                           self.redos)
        self.redos = []

    def settle(self) -> None:
        """After the instruction :meth:`record` was called for: a level that changed
        nothing is taken out, and the redos it dropped come back."""
        pending, self._pending = self._pending, None
        if pending is None or not self.undos:
            return
        changes, key, redos = pending
        if self.interp.world.changes == changes and \
                widgets_key(copy_widgets(self.interp.widgets)) == key:
            self.undos.pop()
            self.redos = redos

    def undo(self) -> bool:
        """Back one level; False when there is none."""
        return self._move(self.undos, self.redos)

    def redo(self) -> bool:
        return self._move(self.redos, self.undos)

    def _move(self, source: list[PageState], target: list[PageState]) -> bool:
        if not source:
            return False
        target.append(capture(self.interp, copy_widgets(self.interp.widgets)))
        restore(self.interp, source.pop())
        return True
