"""Label text as a pixel mask, rendered with pygame-ce's bundled font (Cyrillic included)
on an off-screen surface: no window, no display, no anti-aliasing (so the page keeps
exact palette colours).  pygame is imported only when a label is drawn."""

from __future__ import annotations

import os
from functools import lru_cache

import numpy as np

MAX_TEXT_PX = 16_000  # SDL cannot make a surface much wider


def _quiet_sdl() -> None:
    """Before pygame is first imported: no display needed, no greeting printed."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@lru_cache(maxsize=16)
def _font(px: int):
    _quiet_sdl()
    import pygame.font  # lazy: pygame only once a label is drawn

    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, px)


def text_mask(text: str, px: int) -> np.ndarray:
    """A boolean (rows, cols) mask of ``text``, a line ``px`` pixels tall."""
    if not text:
        return np.zeros((0, 0), bool)
    _quiet_sdl()
    import pygame.surfarray  # lazy: pygame only once a label is drawn

    font = _font(max(1, round(px * 4 / 3)))
    width = font.size(text)[0]
    if width > MAX_TEXT_PX:  # a label this long runs far off any page: draw its start
        text = text[:max(1, len(text) * MAX_TEXT_PX // width)]
    try:
        surface = font.render(text, False, (255, 255, 255), (0, 0, 0))
    except pygame.error:  # still too large for SDL (a very tall label)
        return np.zeros((0, 0), bool)
    return pygame.surfarray.array_red(surface).T > 127
