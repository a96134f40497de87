"""End to end: the real window on a private X server (Xvfb) opens the cat lesson,
xdotool clicks its WALK button, and captures (ImageMagick's ``import``) 1.2 s apart show
the gait plot and the legs' monitors changing (the last two are compared: on a loaded
machine the walk may start late).  Skipped where the X tools
are missing (``.ci/run`` installs them)."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.support import ROOT, read_png
from tests.tools.xdisplay import NEEDS_X_TOOLS, OPEN_WINDOW, virtual_display
from tests.ui.test_e2e import page_rect

pytestmark = NEEDS_X_TOOLS

WALK = (10 + 50, 60 + 15)  # the middle of the lesson's WALK button (page pixels)
GAIT = (10, 250, 500, 92)  # the gait plot: x y w h (cat.lgo)
MONITORS = (530, 250, 230, 61)  # the four legs' monitors, two by two

DRIVE = OPEN_WINDOW + r"""
set -u
PY=$1; OUT=$2; LESSON=$3; BX=$4; BY=$5
export SDL_VIDEODRIVER=x11 SDL_VIDEO_WINDOW_POS=0,0
open_window "$OUT/log.txt" 300 "$PY" -m logo --lang en "$LESSON"
sleep 4
xdotool mousemove "$BX" "$BY" click 1
sleep 1.5
for i in 1 2 3 4 5 6 7 8; do import -window root "$OUT/s$i.png"; sleep 1.2; done
kill $PID; wait $PID
"""


def crop(shot, rect, box):
    x, y, w, h = box
    return shot[rect.y + y:rect.y + y + h, rect.x + x:rect.x + x + w].astype(int)


def test_the_gait_plot_and_the_monitors_move_while_the_cat_walks(tmp_path):
    from logo.ui.app import window_size

    rect = page_rect(window_size(960))
    script = tmp_path / "drive.sh"
    script.write_text(DRIVE)
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    with virtual_display() as env["DISPLAY"]:
        result = subprocess.run(
            ["bash", str(script), sys.executable, str(tmp_path),
             str(ROOT / "microworlds" / "cat" / "cat.lgo"),
             str(rect.x + WALK[0]), str(rect.y + WALK[1])],
            env=env, capture_output=True, text=True, timeout=120)
    log = tmp_path / "log.txt"
    shots = sorted(tmp_path.glob("s*.png"), key=lambda s: int(s.stem[1:]))
    assert len(shots) >= 2, (result.stdout, result.stderr,
                             log.read_text() if log.exists() else "")
    # On a loaded machine the walk may start late: the last two captures are compared.
    a, b = (read_png(s) for s in shots[-2:])
    plot_a, plot_b = crop(a, rect, GAIT), crop(b, rect, GAIT)
    coloured = [int(((p.max(axis=2) - p.min(axis=2)) > 80).sum()) for p in (plot_a, plot_b)]
    assert max(coloured) > 60, f"the gait plot shows no pens' lines: {coloured}"
    assert (abs(plot_a - plot_b).max(axis=2) > 40).sum() > 50, "the plot did not move"
    mon_a, mon_b = crop(a, rect, MONITORS), crop(b, rect, MONITORS)
    assert (mon_a < 100).any(), "no monitor text"
    assert (abs(mon_a - mon_b).max(axis=2) > 40).any(), "no monitor changed"
