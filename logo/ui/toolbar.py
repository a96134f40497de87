"""The toolbar (Stop, New, Open, Lessons, Info (the lesson's task), Save, PNG, SVG, Undo,
the procedures pane, the speed) and the status line."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import style

ACTIONS = ("stop", "new", "open", "lessons", "info", "save", "png", "svg", "undo", "flip")
SPEED_W = 150
MIN_SPEED_W = 60


class Toolbar:
    """Buttons laid out left to right, the speed slider at the right end."""

    def __init__(self, words: Callable[..., str]) -> None:
        self.words = words
        self.rects: dict[str, pygame.Rect] = {}
        self.speed = 100.0
        self.speed_rect = pygame.Rect(0, 0, SPEED_W, 20)
        self.sliding = False
        self.flipped = False

    def label(self, action: str) -> str:
        if action == "flip":
            return self.words("page" if self.flipped else "procedures")
        return self.words(action)

    def layout(self, width: int) -> None:
        f = style.font()
        label_w = f.size(self.words("speed"))[0] + 8
        for pad, least in ((20, 52), (10, 40), (6, 30)):  # tighter in a narrow window
            x = style.MARGIN
            for action in ACTIONS:
                w = max(least, f.size(self.label(action))[0] + pad)
                self.rects[action] = pygame.Rect(x, 5, w, style.TOOLBAR_H - 10)
                x += w + 4
            if x + label_w + MIN_SPEED_W <= width - style.MARGIN - 10:
                break
        right = width - style.MARGIN - 10  # room for the knob
        slider_w = max(MIN_SPEED_W, min(SPEED_W, right - x - label_w))  # narrower if need be
        right = max(right, x + label_w + slider_w)
        self.speed_rect = pygame.Rect(right - slider_w, 9, slider_w, style.TOOLBAR_H - 18)

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
    def draw(self, surface: pygame.Surface, busy: bool) -> None:
        bar = pygame.Rect(0, 0, surface.get_width(), style.TOOLBAR_H)
        pygame.draw.rect(surface, style.PANEL, bar)
        pygame.draw.line(surface, style.BORDER, bar.bottomleft, bar.bottomright)
        for action, rect in self.rects.items():
            style.button(surface, rect, self.label(action),
                         hot=(action == "stop" and busy) or (action == "flip" and self.flipped))
        r = self.speed_rect
        f = style.font()
        label = self.words("speed")
        style.text(surface, label, (r.x - f.size(label)[0] - 8, r.y))
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
