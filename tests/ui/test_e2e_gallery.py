"""End to end: the real window on a private X server (Xvfb), driven with xdotool: the toolbar's
Lessons opens the gallery (the lessons' pictures), a click on the tree's picture opens
the tree lesson, which draws its tree.  Skipped where the X tools are missing."""

from __future__ import annotations

import os
import shutil
import sys

import numpy as np

from tests.tools.xdisplay import NEEDS_X_TOOLS, real_window, wait_until

pytestmark = NEEDS_X_TOOLS


def brown(pixels: np.ndarray) -> int:
    """Pixels of the tree's brown (red well above blue)."""
    p = pixels.astype(int)
    return int(((p[..., 0] - p[..., 2] > 50) & (p[..., 0] > 100)).sum())


def test_the_gallery_opens_the_tree_lesson_with_a_click(tmp_path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from logo.ui.app import layout_rects, window_size
    from logo.ui.gallery import Gallery
    from logo.ui.i18n import Words
    from logo.ui.toolbar import Toolbar

    pygame.display.init()
    pygame.font.init()
    size = window_size(960)
    toolbar = Toolbar(Words("en"))
    toolbar.layout(size[0])
    gallery = Gallery(Words("en"), lambda path: None)
    gallery.layout(size)
    first = pygame.Rect(gallery.rect.x + 16, gallery.rect.y + 48, 190, 184)  # the tree's card
    lx, ly = toolbar.rects["lessons"].center
    page = layout_rects(size)["page"]
    env = dict(os.environ, LOGO_RECOVERY_FILE=str(tmp_path / "cache" / "recovery.lgo"))
    recent = tmp_path / "cache" / "recent.txt"
    shaded = lambda p: min(p[page.top + 100, page.right - 60]) < 200  # noqa: E731
    with real_window([sys.executable, "-m", "logo", "--lang", "en"], tmp_path, env) as w:
        w.wait_drawn((page.x, page.y, page.w, page.h))
        w.click(lx, ly)
        shown = w.wait_shot("gallery", lambda p: shaded(p) and brown(
            p[first.y:first.bottom, first.x:first.right]) > 200)
        w.click(first.centerx, first.y + 60)
        opened = w.wait_shot("tree", lambda p: min(p[page.top + 100, page.right - 60]) > 245
                             and brown(
            p[page.top:page.bottom, page.left:page.right]) > 2000)
        wait_until(lambda: recent.exists() and recent.read_text().strip().endswith("tree.lgo"))
    shots = (tmp_path / "gallery.png", tmp_path / "tree.png")
    assert all(s.exists() for s in shots), w.said()
    card = shown[first.y:first.bottom, first.x:first.right]
    assert brown(card) > 200  # the tree's picture on its card
    assert min(shown[page.top + 100, page.right - 60]) < 200  # the gallery shades the page
    assert min(opened[page.top + 100, page.right - 60]) > 245  # gone: the page is white
    assert brown(opened[page.top:page.bottom, page.left:page.right]) > 2000  # the tree drawn
    if os.environ.get("KEEP_SHOTS"):
        for s in shots:
            shutil.copy(s, os.environ["KEEP_SHOTS"])
    assert recent.read_text().strip().endswith("tree.lgo")  # opened like Open does
