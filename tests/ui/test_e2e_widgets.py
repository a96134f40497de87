"""End to end: the real window on a private X server (Xvfb), driven with xdotool as a
learner: a slider made by hand (Add, Slider, a click on the page, its dialog by keys)
is used in a command; ``cs fd 50 rt 90 fd 60``, two Ctrl+Z and the turtle is at [0 50]
heading 0, one Ctrl+Y and it heads 90.  Skipped where the X tools are missing."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.tools.xdisplay import NEEDS_X_TOOLS, OPEN_WINDOW, virtual_display

pytestmark = NEEDS_X_TOOLS

DRIVE = OPEN_WINDOW + r"""
set -u
PY=$1; OUT=$2; AX=$3; AY=$4; PX=$5; PY2=$6
export SDL_VIDEODRIVER=x11 SDL_VIDEO_WINDOW_POS=0,0
open_window "$OUT/log.txt" 200 "$PY" -m logo --lang en
sleep 3  # (generous: the test must hold on a loaded machine)
say() { xdotool type --delay 15 "$1"; xdotool key Return; sleep 0.8; }
report() { say "openwrite \"$OUT/$1 setwrite \"$OUT/$1 print pos print heading print size setwrite [] close \"$OUT/$1"; }
xdotool mousemove "$AX" "$AY" click 1
sleep 0.8
xdotool key Return
sleep 0.5
xdotool mousemove "$PX" "$PY2" click 1
sleep 1
xdotool key --delay 30 BackSpace BackSpace BackSpace BackSpace BackSpace BackSpace BackSpace
xdotool type --delay 15 "size"
xdotool key Tab Tab Tab
xdotool key --delay 30 BackSpace BackSpace
xdotool type --delay 15 "30"
sleep 0.3
import -window root "$OUT/dialog.png"
xdotool key Return
sleep 1
xdotool mousemove 300 760
say "fd size"
report a.txt
say "cs fd 50 rt 90 fd 60"
xdotool key ctrl+z; sleep 0.5; xdotool key ctrl+z; sleep 0.8
report b.txt
xdotool key ctrl+y; sleep 0.8
report c.txt
import -window root "$OUT/after.png"
kill $PID; wait $PID
"""


def test_a_slider_by_hand_and_undo_redo_in_the_real_window(tmp_path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from logo.ui.app import layout_rects, window_size
    from logo.ui.i18n import Words
    from logo.ui.page_view import PageView
    from logo.ui.toolbar import Toolbar

    pygame.display.init()
    pygame.font.init()
    size = window_size(960)
    toolbar = Toolbar(Words("en"))
    toolbar.layout(size[0])
    view = PageView()
    view.layout(layout_rects(size, toolbar.height)["page"],
                type("P", (), {"w": 801, "h": 601})())
    ax, ay = toolbar.rects["add"].center
    px, py = view.to_screen(60, 60)
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    env["LOGO_RECOVERY_FILE"] = str(tmp_path / "cache" / "recovery.lgo")
    with virtual_display() as env["DISPLAY"]:  # (a free display, no race)
        result = subprocess.run(
            ["bash", "-c", DRIVE, "drive", sys.executable, str(tmp_path), str(ax), str(ay),
             str(round(px)), str(round(py))], env=env, capture_output=True, text=True,
            timeout=150)
    log = tmp_path / "log.txt"
    reports = [tmp_path / name for name in ("a.txt", "b.txt", "c.txt")]
    assert all(r.exists() for r in reports), (result.stdout, result.stderr,
                                              log.read_text() if log.exists() else "")
    a, b, c = (r.read_text().split("\n")[:3] for r in reports)
    assert a == ["0 30", "0", "30"]  # the slider made by hand, used in a command
    assert b[:2] == ["0 50", "0"]  # two undos
    assert c[:2] == ["0 50", "90"]  # one redo
    if os.environ.get("KEEP_SHOTS"):
        import shutil

        for shot in ("dialog.png", "after.png"):
            shutil.copy(tmp_path / shot, os.environ["KEEP_SHOTS"])
