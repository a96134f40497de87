"""The toolbar (Stop, Pause, Step, New, Open, Lessons, Info (the lesson's task), Save, PNG,
SVG, Undo, Redo, the Add-a-widget menu, the procedures pane, the speed) and the status line.

The controls are laid out left to right and wrap onto a second (third...) row when the
window is too narrow for one, so every one of them is on the window at any size and
in either language; :attr:`Toolbar.height` is then the rows' height."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import style

ACTIONS = ("stop", "pause", "step", "new", "open", "lessons", "info", "save", "png", "svg",
           "undo", "redo", "add", "flip")
SPEED_W = 150
MIN_SPEED_W = 100
SIZE = 14  # the buttons' letters
PAD = 10  # a button's width beyond its label
GAP = 4
END_SIZE = 11  # the slow/fast marks under the speed slider's ends


class Toolbar:
    """Buttons laid out in rows, the speed slider last (at the right of its row)."""

    def __init__(self, words: Callable[..., str]) -> None:
        self.words = words
        self.rects: dict[str, pygame.Rect] = {}
        self.speed = 100.0
        self.speed_rect = pygame.Rect(0, 0, SPEED_W, 20)
        self.sliding = False
        self.flipped = False
        self.height = style.TOOLBAR_H
        self.width = 0

    def label(self, action: str) -> str:
        if action == "flip":
            return self.words("page" if self.flipped else "procedures")
        if action == "add":
            return self.words("add") + " \u25be"
        return self.words(action)

    def layout(self, width: int) -> None:
        """Place the controls for a window ``width`` pixels wide (wrapping as needed)."""
        self.width = width
        f = style.font(SIZE)
        row_h = style.TOOLBAR_H
        x, row = style.MARGIN, 0
        right = width - style.MARGIN
        for action in ACTIONS:
            w = max(40, f.size(self.label(action))[0] + PAD)
            if x + w > right and x > style.MARGIN:
                x, row = style.MARGIN, row + 1
            self.rects[action] = pygame.Rect(x, row * row_h + 5, w, row_h - 10)
            x += w + GAP
        label_w = style.font().size(self.words("speed"))[0] + 8
        need = label_w + MIN_SPEED_W + 10
        if x + need > right and x > style.MARGIN:
            x, row = style.MARGIN, row + 1
        slider_w = max(MIN_SPEED_W, min(SPEED_W, right - x - label_w - 10))
        self.speed_rect = pygame.Rect(right - 8 - slider_w, row * row_h + 5, slider_w, 16)
        self.height = (row + 1) * row_h

    # --- the mouse ------------------------------------------------------------------
    def mouse_down(self, pos: tuple[int, int]) -> str | None:
        """The action of the button under the mouse, "speed" for the slider, or None."""
        if self.speed_rect.inflate(12, 10).collidepoint(pos):
            self.sliding = True
            self._slide(pos)
            return "speed"
        return next((a for a, r in self.rects.items() if r.collidepoint(pos)), None)

    def mouse_move(self, pos: tuple[int, int]) -> bool:
        """True when the speed changed."""
        if self.sliding:
            self._slide(pos)
        return self.sliding

    def mouse_up(self) -> None:
        self.sliding = False

    def _slide(self, pos: tuple[int, int]) -> None:
        r = self.speed_rect
        self.speed = round(100 * min(1.0, max(0.0, (pos[0] - r.x) / r.w)))

    # --- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, busy: bool, paused: bool = False,
             stepping: bool = False) -> None:
        bar = pygame.Rect(0, 0, surface.get_width(), self.height)
        pygame.draw.rect(surface, style.PANEL, bar)
        pygame.draw.line(surface, style.BORDER, bar.bottomleft, bar.bottomright)
        for action, rect in self.rects.items():
            hot = (action == "stop" and busy) or (action == "flip" and self.flipped) or \
                (action == "pause" and busy) or (action == "step" and stepping)
            style.button(surface, rect, self.label(action), hot=hot,
                         on=action == "pause" and paused, size=SIZE)
        self._draw_speed(surface)

    def _draw_speed(self, surface: pygame.Surface) -> None:
        """The slider, "slow" under its left end and "fast" under its right end."""
        r = self.speed_rect
        f = style.font()
        label = self.words("speed")
        style.text(surface, label, (r.x - f.size(label)[0] - 10, r.y + 4))
        ends = style.font(END_SIZE)
        fast = self.words("fast")
        style.text(surface, self.words("slow"), (r.x - 4, r.bottom), style.MUTED, END_SIZE)
        style.text(surface, fast, (r.right + 4 - ends.size(fast)[0], r.bottom), style.MUTED,
                   END_SIZE)
        y = r.centery
        pygame.draw.line(surface, style.BORDER, (r.x, y), (r.right, y), 3)
        knob = r.x + r.w * self.speed / 100
        pygame.draw.circle(surface, style.ACCENT, (round(knob), y), 7)


def draw_status(surface: pygame.Surface, rect: pygame.Rect, left: str, right: str) -> None:
    pygame.draw.rect(surface, style.PANEL, rect)
    pygame.draw.line(surface, style.BORDER, rect.topleft, rect.topright)
    style.text(surface, left, (rect.x + style.MARGIN, rect.y + 4), style.MUTED, 13)
    f = style.font(13)
    style.text(surface, right, (rect.right - f.size(right)[0] - style.MARGIN, rect.y + 4),
               style.MUTED, 13)
