"""A small pop-up menu (the toolbar's Add menu, a widget's context menu): a list of
items under a point; Up/Down and Enter, or a click, choose; Esc or a click elsewhere
closes it.  ``done(key)`` gets the chosen item's key, or None."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import style

ITEM_H = 28


class ToolMenu:
    """A menu of ``items`` ((key, label) pairs) drawn from ``at`` (the window's
    dialog protocol: key, text_input, click, draw, closed)."""

    def __init__(self, items: list[tuple[str, str]], at: tuple[int, int],
                 done: Callable[[str | None], None]) -> None:
        self.items = items
        self.at = at
        self.done = done
        self.choice = 0
        self.closed = False
        self.rect = pygame.Rect(at, (0, 0))

    def finish(self, key: str | None) -> None:
        if not self.closed:
            self.closed = True
            self.done(key)

    def text_input(self, s: str) -> None:
        return None

    def key(self, key: int) -> None:
        if key in (pygame.K_DOWN, pygame.K_TAB):
            self.choice = (self.choice + 1) % len(self.items)
        elif key == pygame.K_UP:
            self.choice = (self.choice - 1) % len(self.items)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.finish(self.items[self.choice][0])
        elif key == pygame.K_ESCAPE:
            self.finish(None)

    def click(self, pos: tuple[int, int]) -> None:
        if not self.rect.collidepoint(pos):
            self.finish(None)
            return
        i = (pos[1] - self.rect.y - 4) // ITEM_H
        if 0 <= i < len(self.items):
            self.finish(self.items[i][0])

    def draw(self, surface: pygame.Surface, words: Callable[..., str]) -> None:
        f = style.font()
        w = max(f.size(label)[0] for _, label in self.items) + 32
        h = ITEM_H * len(self.items) + 8
        x = min(self.at[0], surface.get_width() - w - 2)
        y = min(self.at[1], surface.get_height() - h - 2)
        self.rect = pygame.Rect(max(0, x), max(0, y), w, h)
        pygame.draw.rect(surface, style.PANEL, self.rect, border_radius=6)
        pygame.draw.rect(surface, style.BORDER, self.rect, 1, border_radius=6)
        for i, (_, label) in enumerate(self.items):
            row = pygame.Rect(self.rect.x + 3, self.rect.y + 4 + i * ITEM_H, w - 6, ITEM_H)
            if i == self.choice:
                pygame.draw.rect(surface, style.BUTTON_HOT, row, border_radius=4)
            style.text(surface, label, (row.x + 12, row.y + 5))
