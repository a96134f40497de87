"""End to end: STEP in the real ``logo`` window on a private X server (Xvfb), typed into
with xdotool and photographed with ImageMagick's ``import``: the procedures pane shows,
its highlighted line moves down one line at each F10.  Skipped where the X tools are
missing (``.ci/run`` installs them)."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np

from tests.support import read_png
from tests.tools.xdisplay import NEEDS_X_TOOLS, OPEN_WINDOW, virtual_display

pytestmark = NEEDS_X_TOOLS

LINES = ("to g :n", "print :n", "print :n + 1", "print :n + 2", "end", 'step "g', "g 1")
HIGHLIGHT = (255, 190, 60)  # logo.ui.style.SELECTED

DRIVE = OPEN_WINDOW + r"""
set -u
PY=$1; OUT=$2; shift 2
export SDL_VIDEODRIVER=x11 SDL_VIDEO_WINDOW_POS=0,0
open_window "$OUT/log.txt" 200 "$PY" -m logo --lang en
sleep 1.5
xdotool mousemove 300 760
for line in "$@"; do xdotool type --delay 10 "$line"; xdotool key Return; sleep 0.3; done
sleep 1.5
import -window root "$OUT/s1.png"
xdotool key F10; sleep 1
import -window root "$OUT/s2.png"
xdotool key F10; sleep 1
import -window root "$OUT/s3.png"
xdotool key F10; sleep 1.5
import -window root "$OUT/s4.png"
kill $PID; wait $PID
"""


def highlighted_rows(path) -> list[int]:
    """The screen rows painted in the highlight's colour (most of the pane's width)."""
    pixels = read_png(path)[:, :, :3].astype(int)
    match = (np.abs(pixels - np.array(HIGHLIGHT)).max(axis=2) < 8).sum(axis=1)
    return [y for y, n in enumerate(match) if n > 400]


def test_stepping_in_the_real_window_moves_the_highlight_line_by_line(tmp_path):
    script = tmp_path / "drive.sh"
    script.write_text(DRIVE)
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    with virtual_display() as env["DISPLAY"]:  # (a free display, no race)
        result = subprocess.run(["bash", str(script), sys.executable, str(tmp_path), *LINES],
                                env=env, capture_output=True, text=True, timeout=120)
    shots = [tmp_path / f"s{i}.png" for i in range(1, 5)]
    log = tmp_path / "log.txt"
    assert all(s.exists() for s in shots), (result.stdout, result.stderr,
                                            log.read_text() if log.exists() else "")
    bands = [highlighted_rows(s) for s in shots]
    assert all(bands[:3]), f"no highlighted line: {[len(b) for b in bands]}"
    tops = [b[0] for b in bands[:3]]
    step = tops[1] - tops[0]
    assert step > 8 and tops[2] - tops[1] == step, tops  # one line down, twice
    assert bands[3] == []  # the program ended: no highlight, the page is back
