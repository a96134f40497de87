"""Plots and monitors in the window: the picture ``logo/turtle/plot_picture.py`` makes
(the same the PNG export pastes), scaled to the widget's rectangle on the screen."""

from __future__ import annotations

from typing import Any

import pygame

from ..turtle.plot_picture import picture


def draw(surface: pygame.Surface, widget: Any, rect: pygame.Rect) -> None:
    """Draw a plot or a monitor into ``rect`` of the widgets' layer."""
    pixels = picture(widget)
    h, w = pixels.shape[:2]
    image = pygame.image.frombuffer(pixels.tobytes(), (w, h), "RGB")
    if image.get_size() != rect.size:
        image = pygame.transform.smoothscale(image, rect.size)
    surface.blit(image, rect)
