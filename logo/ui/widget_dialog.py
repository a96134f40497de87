"""The properties dialog of a widget made or changed by hand: a form of named fields
(a widget's name, a slider's minimum, maximum, value and step, a button's instructions
and once/forever, the size), OK, Cancel and, for a widget already on the page, Delete.

Keys: Tab and Shift+Tab go from field to field (and to the buttons), Enter is OK (or
the button with the focus), Esc cancels, Space (or a click) chooses once/forever.
``done(values)`` gets the fields' texts by key, ``"delete"`` for Delete, None for
Cancel; the dialog stays open with ``error`` shown until the caller closes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from . import style
from .command_center import LineEdit

WIDTH = 440
ROW_H = 34
LABEL_W = 150
CHOICE = "mode"  # the key of the once/forever field


class WidgetDialog:
    """A modal form drawn over the window (the window's dialog protocol)."""

    def __init__(self, title: str, fields: list[tuple[str, str, str]],
                 done: Callable[[Any], None], words: Callable[..., str],
                 can_delete: bool = False) -> None:
        self.title = title
        self.keys = [key for key, _, _ in fields]
        self.labels = {key: label for key, label, _ in fields}
        self.edits = {key: LineEdit(value) for key, _, value in fields if key != CHOICE}
        self.forever = any(k == CHOICE and v == "forever" for k, _, v in fields)
        self.buttons = ["ok", "cancel"] + (["delete"] if can_delete else [])
        self.ring = self.keys + self.buttons  # what Tab goes through
        self.focus = 0
        self.done = done
        self.words = words
        self.error = ""
        self.closed = False
        self.rect = pygame.Rect(0, 0, WIDTH, 0)
        self.hits: dict[str, pygame.Rect] = {}

    # --- the protocol ---------------------------------------------------------------
    def values(self) -> dict[str, str]:
        out = {key: edit.text.strip() for key, edit in self.edits.items()}
        if CHOICE in self.keys:
            out[CHOICE] = "forever" if self.forever else "once"
        return out

    def finish(self, reply: Any) -> None:
        """Cancel closes at once; OK and Delete wait for the caller to close it."""
        if self.closed:
            return
        if reply is None:
            self.closed = True
        self.done(reply)

    @property
    def focused(self) -> str:
        return self.ring[self.focus]

    def text_input(self, s: str) -> None:
        edit = self.edits.get(self.focused)
        if edit is not None:
            edit.insert(s)
        elif self.focused == CHOICE and s == " ":
            self.forever = not self.forever

    def key(self, key: int) -> None:
        shift = pygame.key.get_mods() & pygame.KMOD_SHIFT
        if key == pygame.K_TAB:
            self.focus = (self.focus + (-1 if shift else 1)) % len(self.ring)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.press(self.focused if self.focused in self.buttons else "ok")
        elif key == pygame.K_ESCAPE:
            self.finish(None)
        elif self.focused == CHOICE and key in (pygame.K_LEFT, pygame.K_RIGHT,
                                                 pygame.K_UP, pygame.K_DOWN):
            self.forever = key in (pygame.K_RIGHT, pygame.K_DOWN)
        elif self.focused in self.edits:
            self.edits[self.focused].key(key)

    def press(self, button: str) -> None:
        self.error = ""
        self.finish({"ok": self.values(), "cancel": None, "delete": "delete"}[button])

    def click(self, pos: tuple[int, int]) -> None:
        for name, rect in self.hits.items():
            if rect.collidepoint(pos):
                if name in self.buttons:
                    self.press(name)
                    return
                self.focus = self.ring.index(name.split(":")[0])
                if name.startswith(CHOICE + ":"):
                    self.forever = name.endswith("forever")
                return

    # --- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, words: Callable[..., str]) -> None:
        style.shade(surface)
        width = min(WIDTH, surface.get_width() - 8)
        errors = style.wrap(self.error, width - 32) if self.error else []
        height = 48 + ROW_H * len(self.keys) + 20 * len(errors) + 52
        self.rect = pygame.Rect(0, 0, width, min(height, surface.get_height() - 4))
        self.rect.center = surface.get_rect().center
        style.panel(surface, self.rect)
        style.text(surface, self.title, (self.rect.x + 16, self.rect.y + 12), size=16)
        self.hits = {}
        y = self.rect.y + 44
        label_w = min(LABEL_W, width // 3)
        for key in self.keys:
            field = pygame.Rect(self.rect.x + 16 + label_w, y, width - 32 - label_w, ROW_H - 8)
            style.text(surface, self.labels[key], (self.rect.x + 16, y + 4), size=14)
            if key == CHOICE:
                self._draw_choice(surface, field)
            else:
                self._draw_field(surface, key, field)
            y += ROW_H
        for line in errors:
            style.text(surface, line, (self.rect.x + 16, y), style.ERROR, 14)
            y += 20
        self._draw_buttons(surface)

    def _draw_field(self, surface: pygame.Surface, key: str, field: pygame.Rect) -> None:
        self.hits[key] = field
        focused = self.focused == key
        pygame.draw.rect(surface, (255, 255, 255), field)
        pygame.draw.rect(surface, style.ACCENT if focused else style.BORDER, field,
                         2 if focused else 1)
        edit, f = self.edits[key], style.font(14, mono=True)
        caret = f.size(edit.text[:edit.cursor])[0]
        shift = max(0, caret - (field.w - 12))  # the caret stays in sight
        clip = surface.get_clip()
        surface.set_clip(field.inflate(-4, -2))
        style.text(surface, edit.text, (field.x + 5 - shift, field.y + 5), size=14, mono=True)
        if focused:
            x = field.x + 5 + caret - shift
            pygame.draw.line(surface, style.TEXT, (x, field.y + 4), (x, field.bottom - 5))
        surface.set_clip(clip)

    def _draw_choice(self, surface: pygame.Surface, field: pygame.Rect) -> None:
        half = field.w // 2
        for i, mode in enumerate(("once", "forever")):
            rect = pygame.Rect(field.x + i * half, field.y, half - 4, field.h)
            self.hits[f"{CHOICE}:{mode}"] = rect
            style.button(surface, rect, self.words(mode), on=(mode == "forever") == self.forever)
        if self.focused == CHOICE:
            pygame.draw.rect(surface, style.ACCENT, field.inflate(4, 4), 2, border_radius=6)

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        right = self.rect.right - 14
        for name in ("ok", "cancel"):
            label = self.words(name + "_key")
            w = max(90, style.font().size(label)[0] + 20)
            rect = pygame.Rect(right - w, self.rect.bottom - 40, w, 30)
            self._button(surface, name, rect, label)
            right = rect.x - 8
        if "delete" in self.buttons:
            label = self.words("delete")
            w = max(90, style.font().size(label)[0] + 20)
            self._button(surface, "delete", pygame.Rect(self.rect.x + 14, self.rect.bottom - 40,
                                                        w, 30), label)

    def _button(self, surface: pygame.Surface, name: str, rect: pygame.Rect,
                label: str) -> None:
        self.hits[name] = rect
        style.button(surface, rect, label, hot=self.focused == name)
        if self.focused == name:
            pygame.draw.rect(surface, style.ACCENT, rect.inflate(4, 4), 2, border_radius=6)
