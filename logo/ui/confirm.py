"""The question asked before unsaved work would be dropped (New, Open, a lesson from the
gallery, Quit, the window's close button): Save / Don't save / Cancel.

Keys, shown on the buttons: Enter saves, D chooses Don't save, Esc cancels.  ``done``
gets "save", "discard" or None (cancelled), once."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import style

WIDTH = 520
BUTTON_H = 30
KEYS = {pygame.K_RETURN: "save", pygame.K_KP_ENTER: "save", pygame.K_d: "discard",
        pygame.K_ESCAPE: None}
CHOICES = (("save", "save_key"), ("discard", "discard_key"), (None, "cancel_key"))


class SaveChanges:
    """One Save / Don't save / Cancel question over the window."""

    kind = "confirm"

    def __init__(self, message: str, done: Callable[[str | None], None]) -> None:
        self.message = message
        self.done = done
        self.closed = False
        self.rect = pygame.Rect(0, 0, WIDTH, 0)
        self.buttons: list[tuple[pygame.Rect, str | None]] = []

    def finish(self, choice: str | None) -> None:
        if not self.closed:
            self.closed = True
            self.done(choice)

    def key(self, key: int) -> None:
        if key in KEYS:
            self.finish(KEYS[key])

    def text_input(self, s: str) -> None:
        """D as text: on a Russian layout the key D types "в" (its key may not be K_d)."""
        if s.lower() in ("d", "в"):
            self.finish("discard")

    def click(self, pos: tuple[int, int]) -> None:
        for rect, choice in self.buttons:
            if rect.collidepoint(pos):
                self.finish(choice)
                return

    def draw(self, surface: pygame.Surface, words: Callable[..., str]) -> None:
        style.shade(surface)
        sw, _ = surface.get_size()
        width = min(WIDTH, sw - 16)
        f = style.font()
        labels = [(choice, words(key)) for choice, key in CHOICES]
        widths = [f.size(label)[0] + 24 for _, label in labels]
        one_row = sum(widths) + 8 * (len(widths) - 1) <= width - 28
        lines = style.message_lines(self.message, width - 32)
        rows = 1 if one_row else len(labels)
        height = 40 + 20 * len(lines) + rows * (BUTTON_H + 8)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = surface.get_rect().center
        style.panel(surface, self.rect)
        style.draw_lines(surface, lines, self.rect.x + 16, self.rect.y + 14)
        self.buttons = []
        right, bottom = self.rect.right - 14, self.rect.bottom - 10
        for (choice, label), w in reversed(list(zip(labels, widths, strict=True))):
            if not one_row:
                w = width - 28
            rect = pygame.Rect(0, 0, w, BUTTON_H)
            rect.bottomright = (right, bottom)
            style.button(surface, rect, label, hot=choice == "save")
            self.buttons.append((rect, choice))
            if one_row:
                right = rect.x - 8
            else:
                bottom = rect.y - 8
