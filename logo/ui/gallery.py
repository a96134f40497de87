"""The lessons gallery (the toolbar's Lessons): every shipped lesson as its picture and
title (``logo/session/lessons.py``); a click, or the arrows and Enter, opens one as
Open does (a new session); Esc or Close shuts the gallery."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pygame

from ..session.lessons import Lesson, shipped_lessons
from . import style

CARD_W, THUMB_H, TITLE_H = 190, 140, 44
GAP, PAD, HEAD_H, FOOT_H = 12, 16, 48, 30


@cache
def thumbnail(path: str, width: int, height: int) -> pygame.Surface | None:
    """The lesson's picture scaled to fit ``width`` x ``height`` (None if unreadable)."""
    try:
        image = pygame.image.load(path)
    except (pygame.error, OSError, FileNotFoundError):
        return None
    w, h = image.get_size()
    scale = min(width / w, height / h)
    return pygame.transform.smoothscale(image, (max(1, round(w * scale)),
                                                max(1, round(h * scale))))


class Gallery:
    """The gallery over the window; ``open_lesson(path)`` is called for the one chosen."""

    kind = "gallery"

    def __init__(self, words: Callable[..., str], open_lesson: Callable[[str], None],
                 lessons: list[Lesson] | None = None) -> None:
        self.words = words
        self.open_lesson = open_lesson
        self.lessons = shipped_lessons() if lessons is None else lessons
        self.lang = getattr(words, "lang", "en")
        self.selected = 0
        self.top_row = 0
        self.columns = 4
        self.rows = 2
        self.closed = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.close_rect = pygame.Rect(0, 0, 100, 28)
        self.cards: list[tuple[pygame.Rect, Lesson]] = []

    def finish(self, lesson: Lesson | None) -> None:
        if not self.closed:
            self.closed = True
            if lesson is not None:
                self.open_lesson(lesson.lgo_path)

    # --- keys and mouse -------------------------------------------------------------
    def text_input(self, s: str) -> None:
        pass

    def key(self, key: int) -> None:
        moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -self.columns,
                 pygame.K_DOWN: self.columns}
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.lessons:
            self.finish(self.lessons[self.selected])
        elif key == pygame.K_ESCAPE:
            self.finish(None)
        elif key in moves and self.lessons:
            self.selected = max(0, min(len(self.lessons) - 1, self.selected + moves[key]))
            row = self.selected // self.columns
            self.top_row = min(row, max(self.top_row, row - self.rows + 1))

    def click(self, pos: tuple[int, int]) -> None:
        if self.close_rect.collidepoint(pos):
            self.finish(None)
            return
        for rect, lesson in self.cards:
            if rect.collidepoint(pos):
                self.finish(lesson)
                return

    def wheel(self, dy: int) -> None:
        last = max(0, (len(self.lessons) - 1) // self.columns - self.rows + 1)
        self.top_row = max(0, min(last, self.top_row - dy))

    # --- drawing --------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """As many columns (4 at most) and rows as the window has room for."""
        sw, sh = size
        self.columns = max(1, min(4, (sw - 20 - 2 * PAD + GAP) // (CARD_W + GAP)))
        card_h = THUMB_H + TITLE_H
        self.rows = max(1, (sh - 20 - HEAD_H - FOOT_H + GAP) // (card_h + GAP))
        needed = -(-max(1, len(self.lessons)) // self.columns)
        rows = min(self.rows, needed)
        w = 2 * PAD + self.columns * CARD_W + (self.columns - 1) * GAP
        h = HEAD_H + FOOT_H + rows * card_h + (rows - 1) * GAP + PAD
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (sw // 2, sh // 2)

    def draw(self, surface: pygame.Surface, words: Callable[..., str]) -> None:
        style.shade(surface)
        self.layout(surface.get_size())
        r = self.rect
        style.panel(surface, r)
        style.text(surface, words("lessons_title"), (r.x + PAD, r.y + 14), size=16)
        self.close_rect.topright = (r.right - PAD, r.y + 10)
        style.button(surface, self.close_rect, words("close"))
        style.text(surface, words("lessons_keys"), (r.x + PAD, r.bottom - FOOT_H + 6),
                   style.MUTED, 12)
        if not self.lessons:
            style.text(surface, words("no_lessons"), (r.x + PAD, r.y + HEAD_H), style.MUTED)
        self.cards = []
        first = self.top_row * self.columns
        for i, lesson in enumerate(self.lessons[first:first + self.rows * self.columns]):
            row, col = divmod(i, self.columns)
            card = pygame.Rect(r.x + PAD + col * (CARD_W + GAP),
                               r.y + HEAD_H + row * (THUMB_H + TITLE_H + GAP),
                               CARD_W, THUMB_H + TITLE_H)
            self._draw_card(surface, card, lesson, first + i == self.selected)
            self.cards.append((card, lesson))

    def _draw_card(self, surface: pygame.Surface, card: pygame.Rect, lesson: Lesson,
                   selected: bool) -> None:
        pygame.draw.rect(surface, (255, 255, 255), card, border_radius=6)
        edge = style.ACCENT if selected else style.BORDER
        pygame.draw.rect(surface, edge, card, 2 if selected else 1, border_radius=6)
        image = thumbnail(lesson.picture_path, CARD_W - 10, THUMB_H - 8)
        if image is not None:
            at = image.get_rect(center=(card.centerx, card.y + THUMB_H // 2))
            surface.blit(image, at)
            pygame.draw.rect(surface, (225, 228, 234), at, 1)
        lines = style.wrap(lesson.title_in(self.lang), CARD_W - 12, 13)[:2]
        for j, line in enumerate(lines):
            style.text(surface, line, (card.x + 6, card.y + THUMB_H + 2 + j * 17), size=13)

