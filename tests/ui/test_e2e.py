"""End to end: the real ``logo`` window on a private X server (Xvfb), typed into and clicked
with xdotool, photographed with ImageMagick's ``import``; its page must match the page
the same commands draw headless, within a tolerance.  Skipped where the X tools are
missing (``.ci/run`` installs them)."""

from __future__ import annotations

import sys

import numpy as np

from tests.support import ROOT, run_ok
from tests.tools.xdisplay import NEEDS_X_TOOLS, real_window

pytestmark = NEEDS_X_TOOLS

BUTTON = (20, 20)  # where the typed NEWBUTTON puts its button (page pixels)
COMMANDS = ('newbutton "go [20 20] [rt 90 fd 100]', "ht fd 100")

def expected_page(clicked: bool = True) -> np.ndarray:
    return run_ok("\n".join(COMMANDS) + ("\nrt 90 fd 100" if clicked else "")).pixels


def page_rect(size: tuple[int, int]):
    from logo.ui.app import layout_rects
    from logo.ui.page_view import PageView

    view = PageView()
    view.layout(layout_rects(size)["page"], type("P", (), {"w": 801, "h": 601})())
    return view.rect


def differing(shot: np.ndarray, rect, want: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The page's pixels in ``shot`` far from ``want``, and the mask they are judged in
    (the button left out)."""
    got = shot[rect.y:rect.bottom, rect.x:rect.right].astype(int)
    mask = np.ones(want.shape[:2], bool)
    mask[BUTTON[1] - 2:BUTTON[1] + 34, BUTTON[0] - 2:BUTTON[0] + 104] = False  # the button
    if got.shape != want.shape:
        return mask, mask
    return (np.abs(got - want.astype(int)).max(axis=2) > 40) & mask, mask


def dark_share(shot: np.ndarray, rect, drawn: np.ndarray) -> float:
    """The share of the pixels ``drawn`` dark in ``shot``'s page too."""
    got = shot[rect.y:rect.bottom, rect.x:rect.right].astype(int)
    if got.shape[:2] != drawn.shape:
        return 0.0
    return float((got.max(axis=2)[drawn] < 100).mean())


def shows(shot: np.ndarray, rect, want: np.ndarray) -> bool:
    """The window's page in ``shot`` is ``want``: what it draws is there, little else."""
    differ, mask = differing(shot, rect, want)
    return (dark_share(shot, rect, (want.max(axis=2) < 60) & mask) > 0.9
            and differ.sum() <= 0.001 * mask.sum())


def test_the_real_window_types_clicks_and_draws(tmp_path):
    from logo.ui.app import window_size

    size = window_size(960)
    rect = page_rect(size)
    bx, by = rect.x + BUTTON[0] + 50, rect.y + BUTTON[1] + 15
    typed, want = expected_page(clicked=False), expected_page()
    with real_window([sys.executable, "-m", "logo", "--lang", "en"], tmp_path) as w:
        geometry = w.x("xwininfo", "-id", w.wid)
        w.wait_drawn((rect.x, rect.y, rect.w, rect.h))
        w.point(300, 760)
        for line in COMMANDS:
            w.type_line(line)
        w.wait_shot("typed", lambda p: shows(p, rect, typed))  # the lines ran: the button is up
        w.click(bx, by)
        shot = w.wait_shot("shot", lambda p: shows(p, rect, want))
    assert f"Width: {size[0]}" in geometry, (geometry, w.said())
    differ, mask = differing(shot, rect, want)
    drawn = (want.max(axis=2) < 60) & mask
    assert drawn.sum() > 150  # the L the commands and the click drew
    assert dark_share(shot, rect, drawn) > 0.9, "the window does not show the L"
    assert differ.sum() <= 0.001 * mask.sum(), (
        f"{differ.sum()} pixels differ; screenshot kept at {tmp_path / 'shot.png'}")


def inked(shot: np.ndarray, rect) -> int:
    """Coloured pixels on the page (right of its left strip): the cat drawn."""
    page = shot[rect.y:rect.bottom, rect.x + 120:rect.right].astype(int)
    return int(((page.max(axis=2) - page.min(axis=2)) > 60).sum())


def test_an_animation_shows_whole_frames(tmp_path):
    """Screenshots while the muscle lesson stretches the cat: the page is never caught
    wiped and not yet redrawn (before whole frames, about half the captures were).  The
    captures start once the lesson shows its cat (on a loaded machine it opens late)."""
    from logo.ui.app import window_size

    rect = page_rect(window_size(960))
    lesson = ROOT / "microworlds" / "muscle" / "muscle.lgo"
    with real_window([sys.executable, "-m", "logo", "--lang", "en", str(lesson)],
                     tmp_path) as w:
        shown = w.wait_shot("s00", lambda p: inked(p, rect) > 10_000)  # the lesson is up
        w.point(300, 760)
        w.type_line("repeat 5 [stretch]")
        shots = [w.shot(f"s{i:02d}") for i in range(1, 17)]
    assert inked(shown, rect) > 10_000, f"the lesson never showed: {w.said()}"
    counts = [inked(shot, rect) for shot in shots]
    assert min(counts) > 10_000, f"a capture shows the page without the cat: {counts}"
