"""Colours, fonts and sizes of the window, in one place."""

from __future__ import annotations

from functools import cache

import pygame

BACKGROUND = (222, 226, 232)
PANEL = (248, 248, 250)
BORDER = (150, 156, 166)
TEXT = (20, 22, 26)
MUTED = (110, 116, 126)
ERROR = (196, 30, 30)
INPUT = (25, 70, 160)
ACCENT = (46, 110, 220)
BUTTON = (232, 234, 240)
BUTTON_HOT = (206, 222, 250)
BUTTON_ON = (120, 196, 120)
SELECTED = (255, 190, 60)
SHADE = (0, 0, 0, 110)
# the procedures pane's Logo colouring (logo_syntax's kinds) and its marks
SYNTAX = {"comment": (96, 128, 96), "quoted": (164, 84, 0), "number": (120, 40, 170),
          "variable": (0, 120, 130), "primitive": (25, 70, 180), "procedure": (176, 20, 96),
          "bracket": (20, 22, 26), "plain": (20, 22, 26)}
GUTTER = (236, 238, 242)
SELECTION = (190, 212, 250)
ERROR_LINE = (255, 222, 222)
MATCH = (160, 226, 160)

TOOLBAR_H = 38
STATUS_H = 24
COMMAND_H = 190
MARGIN = 6
CORNER = 8  # the resize handle of a widget (pixels)


@cache
def font(size: int = 15, mono: bool = False) -> pygame.font.Font:
    """DejaVu (Latin and Cyrillic) where installed, else pygame's own font."""
    name = "dejavusansmono" if mono else "dejavusans"
    path = pygame.font.match_font(name)
    return pygame.font.Font(path, size) if path else pygame.font.Font(None, size + 4)


def shade(surface: pygame.Surface) -> None:
    """Dim the whole window behind a dialog."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill(SHADE)
    surface.blit(veil, (0, 0))


def panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A dialog's panel: filled, with a rounded border."""
    pygame.draw.rect(surface, PANEL, rect, border_radius=8)
    pygame.draw.rect(surface, BORDER, rect, 1, border_radius=8)


def message_lines(message: str, width: int) -> list[str]:
    """A dialog's message, its own lines each wrapped to ``width`` pixels."""
    return [part for line in message.split("\n") for part in wrap(line, width)]


def draw_lines(surface: pygame.Surface, lines: list[str], x: int, y: int) -> int:
    """Lines of text one under another from (x, y), 20 pixels apart; the y below them."""
    for line in lines:
        text(surface, line, (x, y))
        y += 20
    return y


def text(surface: pygame.Surface, words: str, pos: tuple[int, int], colour=TEXT,
         size: int = 15, mono: bool = False) -> pygame.Rect:
    """Draw one line of text with its top-left corner at ``pos``."""
    image = font(size, mono).render(words, True, colour)
    return surface.blit(image, pos)


def text_centred(surface: pygame.Surface, words: str, rect: pygame.Rect, colour=TEXT,
                 size: int = 15) -> None:
    image = font(size).render(words, True, colour)
    surface.blit(image, image.get_rect(center=rect.center))


def button(surface: pygame.Surface, rect: pygame.Rect, label: str, hot: bool = False,
           on: bool = False, size: int = 15) -> None:
    """A flat push button."""
    colour = BUTTON_ON if on else BUTTON_HOT if hot else BUTTON
    pygame.draw.rect(surface, colour, rect, border_radius=5)
    pygame.draw.rect(surface, BORDER, rect, 1, border_radius=5)
    text_centred(surface, label, rect, size=size)


def wrap(words: str, width: int, size: int = 15) -> list[str]:
    """The words of one line of text in lines at most ``width`` pixels wide."""
    f = font(size)
    lines: list[str] = []
    for word in words.split(" "):
        if lines and f.size(lines[-1] + " " + word)[0] <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]
