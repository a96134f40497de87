"""End to end: the procedures pane and the command center with the X clipboard, on a
private X server, keys sent with xdotool, the clipboard filled and read with xclip.
A 60-line program pasted into the pane defines all its procedures; Ctrl+A Ctrl+C in
the pane puts its text on the X clipboard; with the pane open, a click on the command
center focuses it, and three lines pasted there run in order.  Skipped where the X tools
or xclip are missing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.tools.xdisplay import NEEDS_X_TOOLS, OPEN_WINDOW, virtual_display
from tests.ui.test_editor import sixty_lines

pytestmark = [NEEDS_X_TOOLS, pytest.mark.skipif(shutil.which("xclip") is None,
                                                reason="needs xclip (apt-get install xclip)")]

MARK = "; typed in the pane"
THREE = 'make "trail "a\nmake "trail word :trail "b\nmake "trail word :trail "c\n'

DRIVE = OPEN_WINDOW + r"""
set -u
PY=$1; OUT=$2; CX=$3; CY=$4; MARK=$5
export SDL_VIDEODRIVER=x11 SDL_VIDEO_WINDOW_POS=0,0
open_window "$OUT/log.txt" 300 "$PY" -m logo --lang en
sleep 1.5
xdotool mousemove 300 300
xdotool key F2; sleep 0.8
xclip -selection clipboard -i "$OUT/program.lgo" > /dev/null 2>&1  # (it serves the paste from the background)
xdotool key ctrl+v; sleep 0.8
xdotool key ctrl+End; xdotool type --delay 10 "$MARK"
xdotool key ctrl+a; xdotool key ctrl+c
for i in $(seq 50); do  # until the window has the clipboard (the marker typed in it)
  timeout 5 xclip -o -selection clipboard > "$OUT/copied.txt" 2>/dev/null
  grep -q "$MARK" "$OUT/copied.txt" && break; sleep 0.2
done
xdotool key ctrl+Return; sleep 1.5
import -window root "$OUT/pane.png"
xdotool mousemove "$CX" "$CY" click 1; sleep 0.3
xclip -selection clipboard -i "$OUT/three.txt" > /dev/null 2>&1
xdotool key ctrl+v; sleep 1.5
xdotool type --delay 10 "save \"$OUT/saved.lgo"; xdotool key Return
for i in $(seq 50); do [ -s "$OUT/saved.lgo" ] && break; sleep 0.2; done
sleep 0.5
kill $PID; wait $PID
"""


def test_the_x_clipboard_pastes_into_the_pane_copies_out_and_runs_in_order(tmp_path):
    from logo.ui.app import layout_rects, window_size

    program, names = sixty_lines()
    (tmp_path / "program.lgo").write_text(program, encoding="utf-8")
    (tmp_path / "three.txt").write_text(THREE, encoding="utf-8")
    script = tmp_path / "drive.sh"
    script.write_text(DRIVE)
    command = layout_rects(window_size(960))["command"]
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    with virtual_display() as env["DISPLAY"]:  # (a free display, no race)
        result = subprocess.run(
            ["bash", str(script), sys.executable, str(tmp_path),
             str(command.centerx), str(command.centery), MARK],
            env=env, capture_output=True, text=True, timeout=150)
    log = tmp_path / "log.txt"
    saved = tmp_path / "saved.lgo"
    assert saved.exists(), (result.stdout, result.stderr,
                            log.read_text() if log.exists() else "")
    copied = (tmp_path / "copied.txt").read_text(encoding="utf-8")
    assert copied == program + MARK  # the pane's text, Cyrillic too
    workspace = saved.read_text(encoding="utf-8").lower()
    missing = [n for n in names if f"to {n.lower()}" not in workspace]
    assert not missing, workspace
    assert '"abc' in workspace or "abc" in workspace.split("trail")[-1], workspace
    assert "make" not in workspace.split("to ")[1]  # no command typed into the pane
