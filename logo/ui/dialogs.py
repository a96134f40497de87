"""Small modal dialogs drawn over the window: ``announce`` (a message and OK, and
Cancel when asked for) and ``question`` (a message and a line to type the answer).
Open, Save and the picture exports have their own dialog (``file_dialog.py``)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import style
from .command_center import LineEdit

WIDTH = 460


class Dialog:
    """One dialog; ``done(reply)`` is called once: the text, or None when cancelled."""

    def __init__(self, kind: str, message: str, done: Callable[[str | None], None],
                 initial: str = "", cancel: bool = False) -> None:
        self.kind = kind  # "announce" or "question"
        self.message = message
        self.done = done
        self.edit = LineEdit(initial)
        self.cancel = cancel  # a Cancel button (Esc: None) beside OK
        self.rect = pygame.Rect(0, 0, WIDTH, 0)
        self.ok_rect = pygame.Rect(0, 0, 90, 28)
        self.cancel_rect = pygame.Rect(0, 0, 90, 28)
        self.closed = False

    def finish(self, reply: str | None) -> None:
        if not self.closed:
            self.closed = True
            self.done(reply)

    def text_input(self, s: str) -> None:
        if self.kind != "announce":
            self.edit.insert(s)

    def key(self, key: int) -> None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.finish(self.edit.text if self.kind != "announce" else "")
        elif key == pygame.K_ESCAPE:
            self.finish(None if self.cancel else "")
        elif self.kind != "announce":
            self.edit.key(key)

    def click(self, pos: tuple[int, int]) -> None:
        if self.ok_rect.collidepoint(pos):
            self.finish(self.edit.text if self.kind != "announce" else "")
        elif self.cancel and self.cancel_rect.collidepoint(pos):
            self.finish(None)

    def draw(self, surface: pygame.Surface, words: Callable[..., str]) -> None:
        style.shade(surface)
        lines = style.message_lines(self.message, WIDTH - 32)
        height = 70 + 20 * len(lines) + (34 if self.kind != "announce" else 0)
        self.rect = pygame.Rect(0, 0, WIDTH, height)
        self.rect.center = surface.get_rect().center
        style.panel(surface, self.rect)
        y = style.draw_lines(surface, lines, self.rect.x + 16, self.rect.y + 14)
        if self.kind != "announce":
            field = pygame.Rect(self.rect.x + 14, y + 4, WIDTH - 28, 26)
            pygame.draw.rect(surface, (255, 255, 255), field)
            pygame.draw.rect(surface, style.ACCENT, field, 1)
            self.edit.draw(surface, (field.x + 5, field.y + 4))
            y += 38
        self.ok_rect.bottomright = (self.rect.right - 14, self.rect.bottom - 10)
        style.button(surface, self.ok_rect, words("ok"))
        if self.cancel:
            self.cancel_rect.bottomright = (self.ok_rect.x - 8, self.ok_rect.bottom)
            style.button(surface, self.cancel_rect, words("cancel"))
