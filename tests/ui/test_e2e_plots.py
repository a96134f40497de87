"""End to end: the real window on a private X server (Xvfb) opens the cat lesson,
xdotool clicks its WALK button, and captures (ImageMagick's ``import``) about a second
apart show the gait plot and the legs' monitors changing (captures go on until two in a
row do, up to a deadline: on a loaded machine the walk may start late).  Skipped where the X tools
are missing (``.ci/run`` installs them)."""

from __future__ import annotations

import sys
import time

from tests.support import ROOT
from tests.tools.xdisplay import DEADLINE, NEEDS_X_TOOLS, real_window
from tests.ui.test_e2e import page_rect

pytestmark = NEEDS_X_TOOLS

WALK = (10 + 50, 60 + 15)  # the middle of the lesson's WALK button (page pixels)
GAIT = (10, 250, 500, 92)  # the gait plot: x y w h (cat.lgo)
MONITORS = (530, 250, 230, 61)  # the four legs' monitors, two by two

def crop(shot, rect, box):
    x, y, w, h = box
    return shot[rect.y + y:rect.y + y + h, rect.x + x:rect.x + x + w].astype(int)


def moved(a, b, rect) -> bool:
    """Between captures a and b, the gait plot moved and a leg's monitor changed."""
    plot_a, plot_b = crop(a, rect, GAIT), crop(b, rect, GAIT)
    mon_a, mon_b = crop(a, rect, MONITORS), crop(b, rect, MONITORS)
    return bool((abs(plot_a - plot_b).max(axis=2) > 40).sum() > 50
                and (abs(mon_a - mon_b).max(axis=2) > 40).any())


def test_the_gait_plot_and_the_monitors_move_while_the_cat_walks(tmp_path):
    from logo.ui.app import window_size

    rect = page_rect(window_size(960))
    lesson = ROOT / "microworlds" / "cat" / "cat.lgo"
    with real_window([sys.executable, "-m", "logo", "--lang", "en", str(lesson)],
                     tmp_path) as w:
        w.wait_drawn((rect.x, rect.y, rect.w, rect.h))
        w.wait_shot("s0", lambda p: (crop(p, rect, MONITORS) < 100).any())  # the lesson is up
        w.click(rect.x + WALK[0], rect.y + WALK[1])
        # captures about a second apart until two in a row show the walk (it may start
        # late on a loaded machine): the last two are compared
        shots = [w.shot("s1")]
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end and w.alive():
            time.sleep(1.0)
            shots = [shots[-1], w.shot(f"s{len(shots) + 1}")]
            if moved(shots[0], shots[1], rect):
                break
    assert len(shots) >= 2, w.said()
    a, b = shots
    plot_a, plot_b = crop(a, rect, GAIT), crop(b, rect, GAIT)
    coloured = [int(((p.max(axis=2) - p.min(axis=2)) > 80).sum()) for p in (plot_a, plot_b)]
    assert max(coloured) > 60, f"the gait plot shows no pens' lines: {coloured}"
    assert (abs(plot_a - plot_b).max(axis=2) > 40).sum() > 50, "the plot did not move"
    mon_a, mon_b = crop(a, rect, MONITORS), crop(b, rect, MONITORS)
    assert (mon_a < 100).any(), "no monitor text"
    assert (abs(mon_a - mon_b).max(axis=2) > 40).any(), "no monitor changed"
