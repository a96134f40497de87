"""Widgets made by hand, as in MicroWorlds: the toolbar's Add menu chooses a kind
(slider, button, text box, monitor, plot), a click on the page says where it goes, and
the properties dialog (``widget_dialog.py``) asks the rest; a double click on a widget
(or its context menu: a right click; or Ctrl+click, Alt+click) opens the same dialog to
change or delete it.  A button is the exception to the double click: its clicks run it
(twice, for a double click), so it opens by the right click, Ctrl+click or Alt+click,
which the tooltip under a button the mouse rests on says (``WidgetViews.button_hint``).

The widget is made by the same Logo instruction a lesson file uses (``newslider`` ...),
run on the interpreter's thread, so its name means the same as if typed and a mistake
(a name already a procedure's) is Logo's own message, shown in the dialog.  Every
change is a level of the page's Undo (``page_history.py``) and is saved with the
lesson, as the widgets' state is (``Widgets.source``).
"""

from __future__ import annotations

import contextlib
import math
import time
from typing import Any

import pygame

from ..language.errors import LogoError
from ..language.reader import read_list
from ..language.values import format_number, show_form
from ..session.plots import Monitor, Plot, quoted
from ..session.widgets import Button, Slider, TextBox, Widget, slider_value_text
from .page_history import copy_widgets
from .tool_menu import ToolMenu
from .widget_dialog import CHOICE, WidgetDialog

KINDS = ("slider", "button", "text", "monitor", "plot")
CLASSES = {Slider: "slider", Button: "button", TextBox: "text", Monitor: "monitor",
           Plot: "plot"}
FIELDS = {"slider": ("name", "minimum", "maximum", "value", "step", "width", "height"),
          "button": ("name", "instructions", CHOICE, "width", "height"),
          "text": ("name", "width", "height"),
          "monitor": ("name", "instructions", "width", "height"),
          "plot": ("name", "width", "height")}
DEFAULTS = {"slider": (0, 100, 50, 1, 150, 44), "button": (100, 30), "text": (200, 100),
            "monitor": (110, 26), "plot": (300, 160)}
MIN_SIZE = {"plot": (40, 30)}
MAX_SIZE = 4000
DOUBLE_CLICK = 0.4  # seconds
EDIT_MODS = pygame.KMOD_CTRL | pygame.KMOD_ALT  # held while clicking: the properties


class WidgetTools:
    """The window's tools for widgets; ``app`` holds the session, the views, dialogs."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.placing: str | None = None
        self._last: tuple[Any, float, tuple[int, int]] = (None, 0.0, (0, 0))
        self._down: tuple[tuple[int, int], Widget | None, int] | None = None
        app.widget_views.on_hand_change = self.hand_change
        app.widget_views.button_hint = self.words("button_hint")

    @property
    def words(self) -> Any:
        return self.app.words

    # --- the Add menu and placing ---------------------------------------------------
    def menu(self, at: tuple[int, int]) -> None:
        items = [(k, self.words("tool_" + k)) for k in KINDS]
        self.app.show_dialog(ToolMenu(items, at, self.choose))

    def choose(self, kind: str | None) -> None:
        """A kind chosen: the next click on the page places it (Esc cancels)."""
        self.placing = kind
        if kind is not None:
            self.app.notice = self.words("place_widget", kind=self.words("kind_" + kind))
        _cursor(pygame.SYSTEM_CURSOR_CROSSHAIR if kind else pygame.SYSTEM_CURSOR_ARROW)

    def toolbar(self, action: str) -> None:
        """The toolbar's Add, Redo, Pause and Step."""
        app = self.app
        host = app.session.host
        if action == "add":
            self.menu(app.toolbar.rects["add"].bottomleft)
        elif action == "redo":
            app.session.redo()
        elif action == "pause" and host.wants_line:  # paused: Pause again goes on
            host.give_line("continue")
        elif action == "pause" and app.session.busy:
            host.request_pause()
        elif action == "step":
            app.actions.step("step")

    def key(self, key: int) -> bool:
        """Esc while placing cancels it; False for every other key."""
        if self.placing is not None and key == pygame.K_ESCAPE:
            self.choose(None)
            self.app.notice = ""
            return True
        return False

    def mouse_down(self, pos: tuple[int, int], button: int) -> bool:
        """Placing, a double click, the start of a right click; True when consumed."""
        app = self.app
        if self.placing is not None:
            kind = self.placing
            self.choose(None)
            if button == 1 and app.page_view.rect.collidepoint(pos):
                x, y = app.page_view.to_page(*pos)
                self.open(kind, None, (round(x), round(y)))
            app.notice = ""
            return True
        w = app.widget_views.widget_at(app.session.widgets, pos)
        if button == 1 and w is not None and pygame.key.get_mods() & EDIT_MODS:
            self._last, self._down = (None, 0.0, pos), None  # Ctrl/Alt+click: properties
            self.open(CLASSES[type(w)], w, (w.x, w.y))
            return True
        self._down = (pos, w, button)
        last, at, where = self._last
        now = time.monotonic()
        self._last = (w, now, pos) if button == 1 else (None, 0.0, pos)
        near = abs(pos[0] - where[0]) <= 4 and abs(pos[1] - where[1]) <= 4
        if button == 1 and w is not None and w is last and now - at < DOUBLE_CLICK \
                and near and not isinstance(w, Button):
            self._last = (None, 0.0, pos)
            self.open(CLASSES[type(w)], w, (w.x, w.y))
            return True
        return False

    def mouse_up(self, pos: tuple[int, int]) -> None:
        """A right click that did not move: the widget's context menu."""
        down, self._down = self._down, None
        if down is None or down[2] != 3 or down[1] is None:
            return
        (x, y), w = down[0], down[1]
        if abs(pos[0] - x) <= 3 and abs(pos[1] - y) <= 3:
            items = [("edit", self.words("edit_widget")), ("delete", self.words("delete"))]
            self.app.show_dialog(ToolMenu(items, pos, lambda key: self._context(key, w)))

    def _context(self, key: str | None, w: Widget) -> None:
        if key == "edit":
            self.open(CLASSES[type(w)], w, (w.x, w.y))
        elif key == "delete":
            self.app.session.submit(lambda: self._delete_job(w, None))

    # --- the dialog -----------------------------------------------------------------
    def open(self, kind: str, old: Widget | None, at: tuple[int, int]) -> None:
        fields = [(k, self.words("field_" + k), v) for k, v in
                  zip(FIELDS[kind], initial_values(kind, old, self._new_name(kind)),
                      strict=True)]
        title = self.words("new_" + kind) if old is None else self.words(
            "widget_properties", kind=self.words("kind_" + kind), name=old.name)
        dialog: WidgetDialog

        def done(reply: Any) -> None:
            if reply == "delete" and old is not None:
                self.app.session.submit(lambda: self._delete_job(old, dialog))
            elif isinstance(reply, dict):
                self.apply(kind, reply, old, at, dialog)

        dialog = WidgetDialog(title, fields, done, self.words, can_delete=old is not None)
        self.app.show_dialog(dialog)

    def _new_name(self, kind: str) -> str:
        base = self.words("name_" + kind)
        names = {n.lower() for n in self.app.session.widgets.items}
        return next(f"{base}{n}" for n in range(1, 10_000) if f"{base}{n}".lower() not in names)

    def apply(self, kind: str, values: dict[str, str], old: Widget | None,
              at: tuple[int, int], dialog: WidgetDialog) -> None:
        try:
            line, size = widget_source(kind, values, at)
        except ValueError as exc:
            dialog.error = self.words(str(exc))
            return
        self.app.session.submit(lambda: self._make_job(kind, values, line, size, old, dialog))

    # --- on the interpreter's thread ------------------------------------------------
    def _make_job(self, kind: str, values: dict[str, str], line: str, size: tuple[int, int],
                  old: Widget | None, dialog: WidgetDialog) -> None:
        session = self.app.session
        interp, ws = session.interp, session.interp.widgets
        before = copy_widgets(ws)
        order = list(ws.items)
        if old is not None:
            ws.remove(old.name)
        try:
            interp.load_source(line, "")
        except LogoError as err:
            if old is not None:
                ws.add(old)
            interp.generation += 1
            dialog.error = session.words.error(err)
            return
        with ws.lock:
            w = ws.get(values["name"])
            if w is not None:
                w.w, w.h = size
                if isinstance(w, TextBox) and isinstance(old, TextBox):
                    w.text = old.text
                if old is not None and old.name.lower() in order:  # keep its place in order
                    order[order.index(old.name.lower())] = w.name.lower()
                    ws.items = {k: ws.items[k] for k in order if k in ws.items} | ws.items
            ws.changed()
        session.history.record(before)
        dialog.closed = True

    def _delete_job(self, w: Widget, dialog: WidgetDialog | None) -> None:
        session = self.app.session
        before = copy_widgets(session.widgets)
        running = session.scheduler.button_process(w)
        if running is not None:
            session.scheduler.end(running)
        session.widgets.remove(w.name)
        session.interp.generation += 1
        session.history.record(before)
        if dialog is not None:
            dialog.closed = True

    def hand_change(self, before: list[Widget]) -> None:
        """A widget moved or resized by the mouse: a level of Undo (the window's thread)."""
        self.app.session.submit(lambda: self.app.session.history.record(before))


def initial_values(kind: str, old: Widget | None, name: str) -> list[str]:
    """The fields' first texts: the widget's own, or a new one's defaults."""
    if old is None:
        d = DEFAULTS[kind]
        values: dict[str, Any] = {"name": name, "width": d[-2], "height": d[-1],
                                  "instructions": "", CHOICE: "once"}
        if kind == "slider":
            values.update(zip(("minimum", "maximum", "value", "step"), d[:4], strict=True))
    else:
        values = {"name": old.name, "width": old.w, "height": old.h,
                  "instructions": show_form(getattr(old, "instructions", ""))[1:-1],
                  CHOICE: "forever" if getattr(old, "forever", False) else "once"}
        for key in ("minimum", "maximum", "value", "step"):
            if hasattr(old, key):
                values[key] = format_number(getattr(old, key))
        if isinstance(old, Slider):  # as the slider shows it (4.83, not 4.83333333333333)
            values["value"] = slider_value_text(old)
    return [str(values[k]) for k in FIELDS[kind]]


def widget_source(kind: str, v: dict[str, str], at: tuple[int, int]
                  ) -> tuple[str, tuple[int, int]]:
    """The Logo instruction that makes the widget, and its size; ValueError(message
    key) for a field that is not right."""
    name = v["name"]
    if not name or any(c.isspace() for c in name):
        raise ValueError("bad_widget_name")
    x, y = at
    size = (_integer(v["width"], MIN_SIZE.get(kind, (20, 16))[0]),
            _integer(v["height"], MIN_SIZE.get(kind, (20, 16))[1]))
    where = f"{quoted(name)} [{x} {y}]"
    if kind == "slider":
        lo, hi, value, step = (_number(v[k]) for k in ("minimum", "maximum", "value", "step"))
        if not lo < hi or step < 0:
            raise ValueError("bad_slider_range")
        nums = " ".join(format_number(n) for n in (lo, hi, value, step))
        return f"(newslider {where} {nums})", size
    if kind in ("button", "monitor"):
        try:
            instructions = show_form(read_list(v["instructions"]))
        except LogoError:
            raise ValueError("bad_instructions") from None
        if kind == "monitor":
            return f"newmonitor {where} {instructions}", size
        return f'(newbutton {where} {instructions} "{v[CHOICE]})', size
    if kind == "text":
        return f"newtext {where} [{size[0]} {size[1]}]", size
    return f"(newplot {where} [{size[0]} {size[1]}])", size


def _number(text: str) -> int | float:
    try:
        n = float(text)
    except ValueError:
        raise ValueError("bad_widget_number") from None
    if not math.isfinite(n):
        raise ValueError("bad_widget_number")
    return int(n) if n.is_integer() and "." not in text and "e" not in text.lower() else n


def _integer(text: str, least: int) -> int:
    n = _number(text)
    if n != int(n) or not least <= n <= MAX_SIZE:
        raise ValueError("bad_widget_size")
    return int(n)


def _cursor(kind: int) -> None:
    with contextlib.suppress(pygame.error):  # no cursors under some video drivers
        pygame.mouse.set_cursor(kind)
