"""The page on the screen: the core's raster shown as it is, turtles drawn on top.

The page's ``pixels`` array is wrapped by a pygame surface that shares its memory
(``pygame.image.frombuffer``), so what the interpreter draws is on the screen at the
next frame with no copy.  When the window is too small the page is shown smaller
(``scale`` < 1, smoothly scaled); widgets and mouse positions go through
:meth:`PageView.to_page` and :meth:`PageView.to_screen`.  Below full speed each step
a program makes is shown moving (``motion.py``).
"""

from __future__ import annotations

from typing import Any

import pygame

from . import style
from .motion import Motion
from .window_host import speed_delay


class PageView:
    """Where the page is on the screen, and how to draw it."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 801, 601)
        self.scale = 1.0
        self._frame: Any = None
        self._surface: pygame.Surface | None = None
        self._scaled: pygame.Surface | None = None
        self._scaled_key: Any = None
        self.speed = 100.0  # the toolbar's Speed slider (below 100: steps glide)
        self.motion: Motion | None = None
        self._moving: Any = None

    def layout(self, area: pygame.Rect, page: Any) -> None:
        """Fit the page into ``area`` (never larger than its own size)."""
        self.scale = min(1.0, area.w / page.w, area.h / page.h)
        w, h = round(page.w * self.scale), round(page.h * self.scale)
        self.rect = pygame.Rect(area.x + (area.w - w) // 2, area.y, w, h)

    # --- coordinates ----------------------------------------------------------------
    def to_screen(self, px: float, py: float) -> tuple[float, float]:
        """Page pixel (column, row) -> screen point."""
        return self.rect.x + px * self.scale, self.rect.y + py * self.scale

    def to_page(self, sx: float, sy: float) -> tuple[float, float]:
        """Screen point -> page pixel (column, row)."""
        return (sx - self.rect.x) / self.scale, (sy - self.rect.y) / self.scale

    def turtle_to_screen(self, page: Any, x: float, y: float) -> tuple[float, float]:
        return self.to_screen(page.cx + x * page.scale, page.cy - y * page.scale)

    # --- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, world: Any) -> None:
        """Draw the world's shown frame (``world.frames``: never a page half redrawn);
        below full speed, a step the program made glides into place (``motion.py``)."""
        page = world.page
        frame = world.frames.shown()
        if frame is not self._frame:
            if self._frame is not None and self.speed < 100:
                self.motion = Motion(self._frame, frame, page, speed_delay(self.speed))
            self._frame = frame
            self._surface = self._image(frame.pixels)
            self._scaled_key = None
        assert self._surface is not None
        source, turtles, key = self._surface, frame.turtles, frame.serial
        moving = self.motion.at() if self.motion is not None else None
        if moving is None:
            self.motion = None
        else:
            self._moving = moving[0]  # (the surface shares its memory)
            source, turtles, key = self._image(moving[0]), moving[1], None
        if self.scale == 1.0:
            surface.blit(source, self.rect)
        else:
            if key is None or (key, self.rect.size) != self._scaled_key or self._scaled is None:
                self._scaled = pygame.transform.smoothscale(source, self.rect.size)
                self._scaled_key = None if key is None else (key, self.rect.size)
            surface.blit(self._scaled, self.rect)
        pygame.draw.rect(surface, style.BORDER, self.rect.inflate(2, 2), 1)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        try:
            for points, rgb in turtles:
                draw_sprite(surface, [self.turtle_to_screen(page, x, y) for x, y in points],
                            rgb)
        finally:
            surface.set_clip(clip)

    @staticmethod
    def _image(pixels: Any) -> pygame.Surface:
        return pygame.image.frombuffer(pixels, (pixels.shape[1], pixels.shape[0]), "RGB")


def draw_sprite(surface: pygame.Surface, points: list[tuple[float, float]],
                rgb: tuple[int, int, int]) -> None:
    """A turtle: its shape filled with its pen colour, outlined so it shows on any page."""
    if len(points) < 3:
        return
    light = sum(rgb) > 3 * 150
    pygame.draw.polygon(surface, rgb, points)
    pygame.draw.polygon(surface, (40, 40, 40) if light else (235, 235, 235), points, 1)
