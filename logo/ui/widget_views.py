"""Sliders, buttons, text boxes, plots and monitors on the page: drawn from their state in
``logo/widgets.py``, and the mouse on them.

- a button: a click runs its instructions (a forever button: click again to stop); its
  tooltip (the mouse resting on it) says that Ctrl+click, Alt+click or a right click
  opens its properties (``widget_tools.py``);
- a slider: press or drag along it to set the value (a running program sees it at once);
- a text box: a click puts the typing cursor in it;
- any widget: drag with the right mouse button (or Shift and the left one) to move it,
  drag its bottom-right corner to resize it.

Positions and sizes are page pixels from the page's top-left corner.
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from ..session.plots import Monitor, Plot
from ..session.widgets import Button, Slider, TextBox, Widget, slider_value_text
from . import plot_view, style
from .page_history import copy_widgets

TRACK_PAD = 10
HINT_AFTER = 0.6  # seconds the mouse rests on a button before its tooltip shows
MIN_SIZE = (40, 24)
TEXT_SIZES = range(13, 6, -1)  # a text box's font: 13 px, smaller while its lines are wider
SLIDER_SIZES = (14, 13, 12, 11, 10)  # a slider's letters: 14 px, smaller only if it is low
LEAST_TEXT = 6  # px: the smallest letters of a widget shown small (a small window)


class WidgetViews:
    """Draws the widgets and turns mouse events into changes of their state."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.drag: tuple[str, Widget, tuple[int, int], tuple[int, int, int, int]] | None = None
        self.pressed: Button | None = None
        self.focused: TextBox | None = None
        self._layer: pygame.Surface | None = None
        self._key: Any = None
        self._text_sizes: dict[tuple[int, int, int], int] = {}  # (box, w, h) -> font size
        self.on_hand_change: Any = None  # called with the widgets before a move or resize
        self._before: list[Widget] = []
        self.button_hint = ""  # the tooltip under a button the mouse rests on
        self.hovered: tuple[Widget | None, float] = (None, 0.0)  # (widget, since when)

    # --- geometry -------------------------------------------------------------------
    def screen_rect(self, w: Widget) -> pygame.Rect:
        x, y = self.view.to_screen(w.x, w.y)
        s = self.view.scale
        return pygame.Rect(round(x), round(y), max(1, round(w.w * s)), max(1, round(w.h * s)))

    def widget_at(self, widgets: Any, pos: tuple[int, int]) -> Widget | None:
        for w in reversed(list(widgets.items.values())):
            if w.visible and self.screen_rect(w).collidepoint(pos):
                return w
        return None

    # --- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, widgets: Any) -> None:
        """Blit the widgets' layer over the page, drawn again only when they changed
        (one blit a frame keeps the window quick while Logo holds the GIL)."""
        with widgets.lock:
            items = [w for w in widgets.items.values() if w.visible]
            current = widgets.current_text
        if self.focused is not None and self.focused not in items:  # a new page replaced it
            self.focused = None
        key = (widgets.version, tuple(self.view.rect), id(self.focused), id(self.pressed),
               id(current), tuple(getattr(w, "running", False) for w in items))
        if key != self._key or self._layer is None:
            self._key = key
            self._layer = pygame.Surface(self.view.rect.size, pygame.SRCALPHA)
            self._draw_items(self._layer, items, current)
        surface.blit(self._layer, self.view.rect)
        self._draw_hint(surface, items)

    def _draw_hint(self, surface: pygame.Surface, items: list[Widget]) -> None:
        """Under a button the mouse has rested on (not pressed, nothing dragged, not
        clicked since it came): how to run it and how to change it, inside the page."""
        w, since = self.hovered
        if not (self.button_hint and isinstance(w, Button) and w in items) or \
                self.pressed is not None or self.drag is not None or \
                time.monotonic() - since < HINT_AFTER:
            return
        size = 12
        f = style.font(size)
        room = self.view.rect.inflate(-4, -4)
        lines = [plot_view.fit(line, room.w - 8, size)
                 for line in style.wrap(self.button_hint, room.w - 8, size)]
        box = pygame.Rect(0, 0, max(f.size(t)[0] for t in lines) + 8,
                          len(lines) * f.get_linesize() + 4)
        button = self.screen_rect(w)
        box.topleft = (button.x, button.bottom + 3)
        if box.bottom > room.bottom:
            box.bottom = button.y - 3
        box = box.clamp(room)
        pygame.draw.rect(surface, style.PANEL, box, border_radius=3)
        pygame.draw.rect(surface, style.BORDER, box, 1, border_radius=3)
        for i, text in enumerate(lines):
            style.text(surface, text, (box.x + 4, box.y + 2 + i * f.get_linesize()), size=size)

    def _draw_items(self, surface: pygame.Surface, items: list[Widget], current: Any) -> None:
        origin = self.view.rect.topleft
        for w in items:
            self.draw_widget(surface, w, self.screen_rect(w).move(-origin[0], -origin[1]),
                             current)

    def draw_widget(self, surface: pygame.Surface, w: Widget, rect: pygame.Rect,
                    current: Any = None) -> None:
        """One widget into ``rect`` of ``surface``: its text fitted inside the box (a
        smaller font, then an ellipsis) at every scale of the page."""
        if isinstance(w, Slider):
            self._draw_slider(surface, w, rect)
        elif isinstance(w, Button):
            size = plot_view.fitting_size(15, rect.h - 2, LEAST_TEXT)
            label = plot_view.fit(w.label + (" \u221e" if w.forever else ""),
                                  rect.w - 6, size)
            style.button(surface, rect, label if _fits_height(size, rect) else "",
                         hot=w is self.pressed, on=w.running, size=size)
        elif isinstance(w, TextBox):
            self._draw_text(surface, w, rect, selected=w is current)
        elif isinstance(w, Plot | Monitor):
            plot_view.draw(surface, w, rect)
        pygame.draw.line(surface, style.BORDER, (rect.right - 5, rect.bottom - 2),
                         (rect.right - 2, rect.bottom - 5))

    def _draw_slider(self, surface: pygame.Surface, s: Slider, rect: pygame.Rect) -> None:
        """The name at the left and the value at the right of the top line, the track
        and its knob below them (never over them)."""
        pygame.draw.rect(surface, style.PANEL, rect, border_radius=4)
        pygame.draw.rect(surface, style.BORDER, rect, 1, border_radius=4)
        parts = slider_parts(s, rect)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-2, -2).clip(clip) if clip else rect.inflate(-2, -2))
        size = parts["size"]
        style.text(surface, parts["value"], parts["value_rect"].topleft, style.INPUT, size)
        style.text(surface, parts["name"], parts["name_rect"].topleft, size=size)
        (x0, x1), y = parts["track"], parts["knob"][1]
        pygame.draw.line(surface, style.BORDER, (x0, y), (x1, y), 3)
        pygame.draw.circle(surface, style.ACCENT, parts["knob"], parts["radius"])
        surface.set_clip(clip)

    def _draw_text(self, surface: pygame.Surface, box: TextBox, rect: pygame.Rect,
                   selected: bool) -> None:
        pygame.draw.rect(surface, (255, 255, 255), rect)
        edge = style.ACCENT if box is self.focused else style.SELECTED if selected \
            else style.BORDER
        pygame.draw.rect(surface, edge, rect, 2 if edge != style.BORDER else 1)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-4, -4).clip(clip) if clip else rect.inflate(-4, -4))
        lines = box.text.split("\n")
        if box is self.focused:
            lines[-1] += "|"
        size = self.text_size(box, rect, lines)
        while size > LEAST_TEXT and style.font(size, mono=True).get_height() + 6 > rect.h:
            size -= 1  # a box shown low (a small window): smaller letters, then none
        f = style.font(size, mono=True)
        line_h = f.get_linesize()
        visible = (rect.h - 6 - f.get_height()) // line_h + 1 if f.get_height() + 6 <= rect.h \
            else 0
        columns = max(0, (rect.w - 8) // max(1, f.size("M")[0]))
        for i, line in enumerate(lines[-visible:] if visible else []):
            if len(line) > columns:  # wider than the box even in the least letters
                line = line[:columns - 1] + "\u2026" if columns > 1 else ""
            style.text(surface, line, (rect.x + 4, rect.y + 3 + i * line_h), size=size,
                       mono=True)
        surface.set_clip(clip)

    def text_size(self, box: TextBox, rect: pygame.Rect, lines: list[str]) -> int:
        """The font size at which the widest line fits the box (a 128-column printer
        frame fits its box): 13 px at most, 7 at least.  It only shrinks while
        the box keeps its size, so a frame a few letters wider or narrower than the last
        does not make the text jump."""
        widest = max(map(len, lines), default=0)
        room = rect.w - 8
        fit = next((n for n in TEXT_SIZES
                    if style.font(n, mono=True).size("M")[0] * widest <= room), TEXT_SIZES[-1])
        key = (id(box), rect.w, rect.h)
        size = min(fit, self._text_sizes.get(key, fit)) if box.text else TEXT_SIZES[0]
        self._text_sizes[key] = size
        return size

    # --- the mouse ------------------------------------------------------------------
    def mouse_down(self, widgets: Any, pos: tuple[int, int], button: int,
                   shift: bool = False) -> Widget | None:
        """Start a press, slide, move or resize; the widget under the mouse, if any."""
        w = self.widget_at(widgets, pos)
        self.hovered = (w, float("inf"))  # a click dismisses the tooltip till the mouse leaves
        if w is None:
            self.focused = None
            return None
        rect = self.screen_rect(w)
        start = (pos, w.rect())
        if button == 3 or (button == 1 and shift):
            self.drag = ("move", w, *start)
            self._before = copy_widgets(widgets)
        elif button == 1 and rect.right - pos[0] <= style.CORNER and \
                rect.bottom - pos[1] <= style.CORNER:
            self.drag = ("resize", w, *start)
            self._before = copy_widgets(widgets)
        elif button == 1 and isinstance(w, Slider):
            self.drag = ("slide", w, *start)
            self._slide(widgets, w, pos)
        elif button == 1 and isinstance(w, Button):
            self.pressed = w
        elif button == 1 and isinstance(w, TextBox):
            self.focused = w
        return w

    def mouse_move(self, widgets: Any, pos: tuple[int, int]) -> None:
        if self.drag is None:
            w = self.widget_at(widgets, pos)
            if w is not self.hovered[0]:
                self.hovered = (w, time.monotonic())
            return
        mode, w, (mx, my), (x, y, width, height) = self.drag
        s = self.view.scale
        dx, dy = round((pos[0] - mx) / s), round((pos[1] - my) / s)
        with widgets.lock:
            if mode == "move":
                w.x, w.y = x + dx, y + dy
            elif mode == "resize":
                w.w, w.h = max(MIN_SIZE[0], width + dx), max(MIN_SIZE[1], height + dy)
            widgets.changed()
        if mode == "slide":
            assert isinstance(w, Slider)
            self._slide(widgets, w, pos)

    def mouse_up(self, widgets: Any, pos: tuple[int, int]) -> Button | None:
        """End a drag; the button clicked (pressed and released on it), if any."""
        drag, self.drag = self.drag, None
        if drag is not None and drag[0] in ("move", "resize") and drag[1].rect() != drag[3] \
                and self.on_hand_change is not None:
            self.on_hand_change(self._before)  # a level of the page's Undo
        pressed, self.pressed = self.pressed, None
        if pressed is not None and self.screen_rect(pressed).collidepoint(pos):
            return pressed
        return None

    def _slide(self, widgets: Any, s: Slider, pos: tuple[int, int]) -> None:
        rect = self.screen_rect(s)
        x0, x1 = rect.x + TRACK_PAD, rect.right - TRACK_PAD
        frac = min(1.0, max(0.0, (pos[0] - x0) / max(1, x1 - x0)))
        with widgets.lock:
            s.set_value(s.minimum + frac * (s.maximum - s.minimum))
            widgets.changed()

    # --- typing into a text box -----------------------------------------------------
    def type_text(self, widgets: Any, text: str) -> None:
        if self.focused is not None:
            with widgets.lock:
                self.focused.text += text
                widgets.changed()

    def key(self, widgets: Any, key: int) -> bool:
        """Backspace, Enter, Esc in the focused text box; False if none is focused."""
        box = self.focused
        if box is None:
            return False
        with widgets.lock:
            if key == pygame.K_BACKSPACE:
                box.text = box.text[:-1]
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                box.text += "\n"
            elif key == pygame.K_ESCAPE:
                self.focused = None
            widgets.changed()
        return True


def _fits_height(size: int, rect: pygame.Rect, mono: bool = False) -> bool:
    """True when a line of ``size`` letters is no taller than ``rect``."""
    return style.font(size, mono).get_height() <= rect.h


def slider_parts(s: Slider, rect: pygame.Rect) -> dict[str, Any]:
    """Where a slider's parts go in ``rect``: its letters' size, the name and the value
    (shown to the step's precision) with their rectangles on the top line, the track's
    ends and the knob's centre and radius below that line."""
    size = next((n for n in SLIDER_SIZES if style.font(n).get_height() + 12 <= rect.h),
                None)
    if size is None:  # a slider shown small: the largest letters its height holds
        size = plot_view.fitting_size(SLIDER_SIZES[-1], rect.h - 4, LEAST_TEXT)
    f = style.font(size)
    value = plot_view.fit(slider_value_text(s), rect.w - 12, size)
    value_w = f.size(value)[0]
    name = plot_view.fit(s.name, rect.w - value_w - 18, size)
    if not _fits_height(size, rect.inflate(0, -4)):  # not even the least: no letters
        value, value_w, name = "", 0, ""
    top = rect.y + 2
    text_bottom = top + f.get_height()
    radius = max(3, min(7, (rect.bottom - text_bottom - 2) // 2))
    y = max(text_bottom + radius, rect.bottom - 4 - radius)
    x0, x1 = rect.x + TRACK_PAD, rect.right - TRACK_PAD
    span = s.maximum - s.minimum
    frac = 0.0 if span == 0 else (s.value - s.minimum) / span
    return {"size": size, "name": name, "value": value,
            "name_rect": pygame.Rect(rect.x + 6, top, f.size(name)[0], f.get_height()),
            "value_rect": pygame.Rect(rect.right - 6 - value_w, top, value_w, f.get_height()),
            "track": (x0, x1), "knob": (round(x0 + frac * (x1 - x0)), y), "radius": radius}
