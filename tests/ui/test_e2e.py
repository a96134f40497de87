"""End to end: the real ``logo`` window on a private X server (Xvfb), typed into and clicked
with xdotool, photographed with ImageMagick's ``import``; its page must match the page
the same commands draw headless, within a tolerance.  Skipped where the X tools are
missing (``.ci/run`` installs them)."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np

from tests.support import ROOT, read_png, run_ok
from tests.tools.xdisplay import NEEDS_X_TOOLS, OPEN_WINDOW, virtual_display

pytestmark = NEEDS_X_TOOLS

BUTTON = (20, 20)  # where the typed NEWBUTTON puts its button (page pixels)
COMMANDS = ('newbutton "go [20 20] [rt 90 fd 100]', "ht fd 100")

DRIVE = OPEN_WINDOW + r"""
set -u
PY=$1; OUT=$2; LOG=$3; BX=$4; BY=$5; shift 5
export SDL_VIDEODRIVER=x11 SDL_VIDEO_WINDOW_POS=0,0
open_window "$LOG" 200 "$PY" -m logo --lang en
xwininfo -id "$WID" | grep -E "Width|Height"
sleep 1.5
xdotool mousemove 300 760
for line in "$@"; do xdotool type --delay 10 "$line"; xdotool key Return; sleep 0.3; done
sleep 1
xdotool mousemove "$BX" "$BY" click 1
sleep 1.5
import -window root "$OUT"
kill $PID; wait $PID
"""


def expected_page() -> np.ndarray:
    return run_ok("\n".join(COMMANDS) + "\nrt 90 fd 100").pixels


def page_rect(size: tuple[int, int]):
    from logo.ui.app import layout_rects
    from logo.ui.page_view import PageView

    view = PageView()
    view.layout(layout_rects(size)["page"], type("P", (), {"w": 801, "h": 601})())
    return view.rect


def test_the_real_window_types_clicks_and_draws(tmp_path):
    shot, log = tmp_path / "shot.png", tmp_path / "logo.log"
    script = tmp_path / "drive.sh"
    script.write_text(DRIVE)
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    from logo.ui.app import window_size

    size = window_size(960)
    rect = page_rect(size)
    bx, by = rect.x + BUTTON[0] + 50, rect.y + BUTTON[1] + 15
    with virtual_display() as env["DISPLAY"]:  # (a free display, no race)
        result = subprocess.run(
            ["bash", str(script),
             sys.executable, str(shot), str(log), str(bx), str(by), *COMMANDS],
            env=env, capture_output=True, text=True, timeout=90)
    assert shot.exists(), (result.stdout, result.stderr, log.read_text())
    assert f"Width: {size[0]}" in result.stdout, result.stdout
    got = read_png(shot)[rect.y:rect.bottom, rect.x:rect.right].astype(int)
    want = expected_page().astype(int)
    mask = np.ones(want.shape[:2], bool)
    mask[BUTTON[1] - 2:BUTTON[1] + 34, BUTTON[0] - 2:BUTTON[0] + 104] = False  # the button
    differ = (np.abs(got - want).max(axis=2) > 40) & mask
    drawn = (want.max(axis=2) < 60) & mask
    assert drawn.sum() > 150  # the L the commands and the click drew
    assert differ.sum() <= 0.001 * mask.sum(), (
        f"{differ.sum()} pixels differ; screenshot kept at {shot}")


ANIMATE = OPEN_WINDOW + r"""
set -u
PY=$1; OUT=$2; LESSON=$3; CMD=$4
export SDL_VIDEODRIVER=x11 SDL_VIDEO_WINDOW_POS=0,0
open_window "$OUT/log.txt" 300 "$PY" -m logo --lang en "$LESSON"
sleep 3
xdotool mousemove 300 760
xdotool type --delay 10 "$CMD"; xdotool key Return
sleep 0.5
for i in $(seq 16); do import -window root "$OUT/s$(printf %02d $i).png"; sleep 0.05; done
kill $PID; wait $PID
"""


def test_an_animation_shows_whole_frames(tmp_path):
    """Screenshots while the muscle lesson stretches the cat: the page is never caught
    wiped and not yet redrawn (before whole frames, about half the captures were)."""
    script = tmp_path / "animate.sh"
    script.write_text(ANIMATE)
    lesson = ROOT / "microworlds" / "muscle" / "muscle.lgo"
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    with virtual_display() as env["DISPLAY"]:  # (a free display, no race)
        result = subprocess.run(
            ["bash", str(script),
             sys.executable, str(tmp_path), str(lesson), "repeat 5 [stretch]"],
            env=env, capture_output=True, text=True, timeout=120)
    shots = sorted(tmp_path.glob("s*.png"))
    log = tmp_path / "log.txt"
    assert len(shots) == 16, (result.stdout, result.stderr,
                              log.read_text() if log.exists() else "")
    from logo.ui.app import window_size

    rect = page_rect(window_size(960))
    inked = []
    for shot in shots:
        page = read_png(shot)[rect.y:rect.bottom, rect.x + 120:rect.right].astype(int)
        colour = (page.max(axis=2) - page.min(axis=2)) > 60
        inked.append(int(colour.sum()))
    # on a loaded machine the lesson may still be opening at the first captures: from the
    # first capture that shows the cat on, none may show the page without it
    drawn = [i for i, n in enumerate(inked) if n > 10_000]
    assert drawn and len(inked) - drawn[0] >= 4, f"the lesson never showed: {inked}"
    after = inked[drawn[0]:]
    assert min(after) > 10_000, f"a capture shows the page without the cat: {inked}"
