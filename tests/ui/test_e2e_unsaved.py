"""End to end, as a learner: the real window on a private X server, driven with xdotool.
New, Quit (Ctrl+Q) and the close button (the WM_DELETE_WINDOW a window manager sends)
each ask before dropping unsaved work; Esc keeps it, D drops it and the action happens;
Save of an opened shipped lesson leaves the installed file byte for byte and writes the
learner's folder.  Every file it writes is in the test's temporary folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from logo.session.lessons import shipped_lessons
from tests.tools.xdisplay import NEEDS_X_TOOLS, OPEN_WINDOW, virtual_display

pytestmark = NEEDS_X_TOOLS

TREE = next(lesson.lgo_path for lesson in shipped_lessons() if lesson.name == "tree")

# what a window manager's close button does: WM_PROTOCOLS / WM_DELETE_WINDOW to the window
CLOSE = r"""
import ctypes, os, sys
x = ctypes.cdll.LoadLibrary("libX11.so.6")
x.XOpenDisplay.restype = ctypes.c_void_p
x.XOpenDisplay.argtypes = [ctypes.c_char_p]
x.XInternAtom.restype = ctypes.c_ulong
x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long,
                         ctypes.c_void_p]
x.XFlush.argtypes = x.XCloseDisplay.argtypes = [ctypes.c_void_p]

class ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong),
                ("send_event", ctypes.c_int), ("display", ctypes.c_void_p),
                ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5),
                ("pad", ctypes.c_long * 24)]

dpy = x.XOpenDisplay(os.environ["DISPLAY"].encode())
wid = int(sys.argv[1], 16)
event = ClientMessage(type=33, send_event=1, display=dpy, window=wid, format=32,
                      message_type=x.XInternAtom(dpy, b"WM_PROTOCOLS", 0))
event.data[0] = x.XInternAtom(dpy, b"WM_DELETE_WINDOW", 0)
x.XSendEvent(dpy, wid, 0, 0, ctypes.byref(event))
x.XFlush(dpy)
x.XCloseDisplay(dpy)
"""

ASK = OPEN_WINDOW + r"""
set -u
PY=$1; OUT=$2; LAST=$3
export SDL_VIDEODRIVER=x11 SDL_VIDEO_WINDOW_POS=0,0
open_window "$OUT/log.txt" 200 "$PY" -m logo --lang en
quit_by() { if [ "$1" = close ]; then "$PY" "$OUT/close.py" "$WID"; else xdotool key ctrl+q; fi; }
sleep 1.5
xdotool mousemove 300 760
say() { xdotool type --delay 10 "$1"; xdotool key Return; sleep 0.5; }
say 'to sq repeat 4 [fd 10 rt 90] end'
sleep 0.7
xdotool key ctrl+n; sleep 0.7; import -window root "$OUT/new-asks.png"
xdotool key Escape; sleep 0.4
say 'save "kept.lgo'
xdotool key ctrl+n; sleep 0.7; xdotool key d; sleep 0.7
say 'save "after-new.lgo'
say 'make "x 1'
sleep 0.7
xdotool key ctrl+q; sleep 0.7; import -window root "$OUT/quit-asks.png"
xdotool key Escape; sleep 0.4
"$PY" "$OUT/close.py" "$WID"; sleep 0.7; import -window root "$OUT/close-asks.png"
xdotool key Escape; sleep 0.4
say 'save "after-close.lgo'
quit_by "$LAST"; sleep 0.7; xdotool key d
for i in $(seq 50); do kill -0 $PID 2>/dev/null || break; sleep 0.1; done
if kill -0 $PID 2>/dev/null; then echo "still open"; kill $PID; fi
wait $PID; echo "exit $?"
"""

SAVE = OPEN_WINDOW + r"""
set -u
PY=$1; OUT=$2; LESSON=$3
export SDL_VIDEODRIVER=x11 SDL_VIDEO_WINDOW_POS=0,0
open_window "$OUT/log.txt" 300 "$PY" -m logo --lang en "$LESSON"
sleep 2.5
xdotool mousemove 300 760
xdotool type --delay 10 'to leaf fd 1 end'; xdotool key Return; sleep 0.7
xdotool key ctrl+s; sleep 0.7; import -window root "$OUT/save-where.png"
xdotool key Return
for i in $(seq 100); do [ -f "$OUT/Documents/tree.lgo" ] && break; sleep 0.1; done
sleep 0.7
xdotool key ctrl+q; sleep 0.3
for i in $(seq 50); do kill -0 $PID 2>/dev/null || break; sleep 0.1; done
if kill -0 $PID 2>/dev/null; then echo "still open"; kill $PID; fi
wait $PID; echo "exit $?"
"""


def _drive(tmp_path: Path, script: str, *args: str, cwd: Path | None = None
           ) -> tuple[subprocess.CompletedProcess, Path]:
    work = cwd or tmp_path / "work"
    work.mkdir(exist_ok=True)
    (tmp_path / "drive.sh").write_text(script)
    (tmp_path / "close.py").write_text(CLOSE)
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    env.update(HOME=str(tmp_path / "home"), XDG_CACHE_HOME=str(tmp_path / "cache"),
               XDG_CONFIG_HOME=str(tmp_path / "config"),
               LOGO_DOCUMENTS=str(tmp_path / "Documents"),
               LOGO_RECOVERY_FILE=str(tmp_path / "cache" / "recovery.lgo"))
    with virtual_display() as env["DISPLAY"]:
        result = subprocess.run(["bash", str(tmp_path / "drive.sh"), sys.executable,
                                 str(tmp_path), *args], env=env, cwd=work,
                                capture_output=True, text=True, timeout=120)
    return result, work


@pytest.mark.parametrize("last", ["close", "quit"])
def test_new_quit_and_the_close_button_ask_before_dropping_work(tmp_path, last):
    """New: asked, Esc keeps, D drops; Ctrl+Q and the close button: asked, Esc keeps;
    then D at the close button's (or Quit's) question ends the window."""
    result, work = _drive(tmp_path, ASK, last)
    log = (tmp_path / "log.txt").read_text() if (tmp_path / "log.txt").exists() else ""
    said = result.stdout + result.stderr + log
    assert "to sq" in (work / "kept.lgo").read_text(), said  # Esc kept the work
    assert "to sq" not in (work / "after-new.lgo").read_text(), said  # D: New went on
    assert 'make "x 1' in (work / "after-close.lgo").read_text(), said  # Esc: still open
    assert "exit 0" in result.stdout and "still open" not in result.stdout, said  # D: closed
    for shot in ("new-asks", "quit-asks", "close-asks"):
        assert (tmp_path / f"{shot}.png").exists(), said


def test_save_of_a_shipped_lesson_writes_the_learners_folder(tmp_path):
    installed = Path(TREE).read_bytes()
    result, _ = _drive(tmp_path, SAVE, TREE, cwd=Path(TREE).parent)  # started in the package
    said = result.stdout + result.stderr
    assert Path(TREE).read_bytes() == installed
    saved = tmp_path / "Documents" / "tree.lgo"
    assert saved.exists(), said
    text = saved.read_text(encoding="utf-8")
    assert "to leaf" in text and text.endswith("begin\n")
    assert "exit 0" in result.stdout, said  # saved: Quit asked nothing
