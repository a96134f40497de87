"""End to end: the real window on a private X server (Xvfb), driven with xdotool: the toolbar's
Lessons opens the gallery (the lessons' pictures), a click on the tree's picture opens
the tree lesson, which draws its tree.  Skipped where the X tools are missing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import numpy as np

from tests.support import read_png
from tests.tools.xdisplay import NEEDS_X_TOOLS, OPEN_WINDOW, virtual_display

pytestmark = NEEDS_X_TOOLS

DRIVE = OPEN_WINDOW + r"""
set -u
PY=$1; OUT=$2; LX=$3; LY=$4; TX=$5; TY=$6
export SDL_VIDEODRIVER=x11 SDL_VIDEO_WINDOW_POS=0,0
open_window "$OUT/log.txt" 200 "$PY" -m logo --lang en
sleep 3  # (generous: the test must hold on a loaded machine)
xdotool mousemove "$LX" "$LY" click 1
sleep 2
import -window root "$OUT/gallery.png"
xdotool mousemove "$TX" "$TY" click 1
sleep 5
import -window root "$OUT/tree.png"
kill $PID; wait $PID
"""


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
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    env["LOGO_RECOVERY_FILE"] = str(tmp_path / "cache" / "recovery.lgo")
    with virtual_display() as env["DISPLAY"]:  # (a free display, no race)
        result = subprocess.run(
            ["bash", "-c", DRIVE, "drive",
             sys.executable, str(tmp_path), str(lx), str(ly), str(first.centerx),
             str(first.y + 60)], env=env, capture_output=True, text=True, timeout=120)
    shots = (tmp_path / "gallery.png", tmp_path / "tree.png")
    log = tmp_path / "log.txt"
    assert all(s.exists() for s in shots), (result.stdout, result.stderr,
                                            log.read_text() if log.exists() else "")
    shown = read_png(shots[0])
    card = shown[first.y:first.bottom, first.x:first.right]
    assert brown(card) > 200  # the tree's picture on its card
    page = layout_rects(size)["page"]
    opened = read_png(shots[1])
    assert min(shown[page.top + 100, page.right - 60]) < 200  # the gallery shades the page
    assert min(opened[page.top + 100, page.right - 60]) > 245  # gone: the page is white
    assert brown(opened[page.top:page.bottom, page.left:page.right]) > 2000  # the tree drawn
    if os.environ.get("KEEP_SHOTS"):
        for s in shots:
            shutil.copy(s, os.environ["KEEP_SHOTS"])
    recent = (tmp_path / "cache" / "recent.txt").read_text()
    assert recent.strip().endswith("tree.lgo")  # opened like Open does
