"""The toolbar's Info: the open lesson's task text (what the page shows, what each
slider and button does, the homework) in a panel over the window, in the window's
language; the same text as ``logo lessons NAME`` (``logo/session/lessons.py``).
The wheel, the arrows and Page Up/Down scroll it; Esc, Enter or Close shuts it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..session.lessons import find_lesson, task_for_file
from . import style

PAD, HEAD_H, SIZE = 16, 48, 14
MAX_W = 760


class InfoPanel:
    """The task of the lesson in ``path`` (the session's file), or a line saying that
    the page is no shipped lesson."""

    kind = "info"

    def __init__(self, words: Callable[..., str], path: str | None) -> None:
        self.lang = getattr(words, "lang", "en")
        name, text = task_for_file(path, self.lang)
        lesson = find_lesson(name) if name else None
        title = lesson.title_in(self.lang) if lesson else name
        self.title = f"{words('info')}: {title}" if title else words("info")
        self.text = text or words("info_none")
        self.top = 0  # the first line shown
        self.visible = 1
        self.lines: list[str] = []
        self.closed = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.close_rect = pygame.Rect(0, 0, 100, 28)

    # --- keys and mouse -------------------------------------------------------------
    def text_input(self, s: str) -> None:
        pass

    def key(self, key: int) -> None:
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible,
                 pygame.K_PAGEDOWN: self.visible, pygame.K_HOME: -10 ** 6,
                 pygame.K_END: 10 ** 6}
        if key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.closed = True
        elif key in moves:
            self.scroll(moves[key])

    def click(self, pos: tuple[int, int]) -> None:
        if self.close_rect.collidepoint(pos) or not self.rect.collidepoint(pos):
            self.closed = True

    def wheel(self, dy: int) -> None:
        self.scroll(-3 * dy)

    def scroll(self, by: int) -> None:
        last = max(0, len(self.lines) - self.visible)
        self.top = max(0, min(last, self.top + by))

    # --- drawing --------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Wrap the text to the panel's width; the panel takes most of the window."""
        sw, sh = size
        w = max(200, min(MAX_W, sw - 40))
        h = max(150, sh - 40)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (sw // 2, sh // 2)
        self.lines = []
        for paragraph in self.text.split("\n"):
            indent = len(paragraph) - len(paragraph.lstrip(" "))
            wrapped = style.wrap(paragraph.strip(), w - 2 * PAD - 8 * indent, SIZE) or [""]
            self.lines += [" " * indent + line for line in wrapped]
        line_h = style.font(SIZE).get_linesize()
        self.rect.h = min(h, HEAD_H + PAD + line_h * len(self.lines))  # no taller than the text
        self.rect.center = (sw // 2, sh // 2)
        self.visible = max(1, (self.rect.h - HEAD_H - PAD) // line_h)
        self.scroll(0)

    def draw(self, surface: pygame.Surface, words: Callable[..., str]) -> None:
        style.shade(surface)
        self.layout(surface.get_size())
        r = self.rect
        style.panel(surface, r)
        style.text(surface, self.title, (r.x + PAD, r.y + 14), size=16)
        self.close_rect.topright = (r.right - PAD, r.y + 10)
        style.button(surface, self.close_rect, words("close"))
        line_h = style.font(SIZE).get_linesize()
        for i, line in enumerate(self.lines[self.top:self.top + self.visible]):
            style.text(surface, line, (r.x + PAD, r.y + HEAD_H + i * line_h), size=SIZE)
        if len(self.lines) > self.visible:  # where in the text: a thin bar on the right
            bar_h = max(20, (r.h - HEAD_H - PAD) * self.visible // len(self.lines))
            room = r.h - HEAD_H - PAD - bar_h
            y = r.y + HEAD_H + room * self.top // max(1, len(self.lines) - self.visible)
            pygame.draw.rect(surface, style.BORDER, (r.right - 8, y, 4, bar_h))
