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
from tests.tools.xdisplay import NEEDS_X_TOOLS, real_window, wait_until

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

def _window(tmp_path: Path, *files: str, cwd: Path | None = None):
    """The window, its files and folders all in the test's temporary folder."""
    work = cwd or tmp_path / "work"
    work.mkdir(exist_ok=True)
    (tmp_path / "close.py").write_text(CLOSE)
    env = dict(os.environ, HOME=str(tmp_path / "home"), XDG_CACHE_HOME=str(tmp_path / "cache"),
               XDG_CONFIG_HOME=str(tmp_path / "config"),
               LOGO_DOCUMENTS=str(tmp_path / "Documents"),
               LOGO_RECOVERY_FILE=str(tmp_path / "cache" / "recovery.lgo"))
    return real_window([sys.executable, "-m", "logo", "--lang", "en", *files], tmp_path,
                       env, cwd=work)


def _ready(w, tmp_path: Path) -> None:
    from logo.ui.app import layout_rects, window_size

    page = layout_rects(window_size(960))["page"]
    w.wait_drawn((page.x, page.y, page.w, page.h))
    w.point(300, 760)


def _ran(tmp_path: Path, text: str) -> None:
    """Wait until a typed line has run: the window autosaves the workspace after each."""
    recovery = tmp_path / "cache" / "recovery.lgo"
    wait_until(lambda: recovery.exists() and text in recovery.read_text(encoding="utf-8"))


def _asked(w, name: str, key: str) -> None:
    """Press ``key`` and photograph the question it asks (the screen changes)."""
    before = w.shot(f"{name}-before")
    w.key(key)
    w.wait_shot(name, lambda p: p.shape != before.shape or (p != before).any())


def _saved(w, path: Path) -> None:
    w.type_line(f'save "{path.name}')
    wait_until(path.exists)


@pytest.mark.parametrize("last", ["close", "quit"])
def test_new_quit_and_the_close_button_ask_before_dropping_work(tmp_path, last):
    """New: asked, Esc keeps, D drops; Ctrl+Q and the close button: asked, Esc keeps;
    then D at the close button's (or Quit's) question ends the window."""
    work = tmp_path / "work"
    with _window(tmp_path) as w:
        _ready(w, tmp_path)
        w.type_line("to sq repeat 4 [fd 10 rt 90] end")
        _ran(tmp_path, "to sq")
        _asked(w, "new-asks", "ctrl+n")
        w.key("Escape")
        _saved(w, work / "kept.lgo")
        w.key("ctrl+n", "d")
        _saved(w, work / "after-new.lgo")
        w.type_line('make "x 1')
        _ran(tmp_path, '"x')
        _asked(w, "quit-asks", "ctrl+q")
        w.key("Escape")
        before = w.shot("close-before")
        subprocess.run([sys.executable, str(tmp_path / "close.py"), w.wid], env=w.env,
                       timeout=30)
        w.wait_shot("close-asks", lambda p: (p != before).any())
        w.key("Escape")
        _saved(w, work / "after-close.lgo")
        if last == "close":
            subprocess.run([sys.executable, str(tmp_path / "close.py"), w.wid], env=w.env,
                           timeout=30)
        else:
            w.key("ctrl+q")
        w.key("d")
        status = w.wait_exit()
    said = w.said()
    assert "to sq" in (work / "kept.lgo").read_text(), said  # Esc kept the work
    assert "to sq" not in (work / "after-new.lgo").read_text(), said  # D: New went on
    assert 'make "x 1' in (work / "after-close.lgo").read_text(), said  # Esc: still open
    assert status == 0, said  # D: closed
    for shot in ("new-asks", "quit-asks", "close-asks"):
        assert (tmp_path / f"{shot}.png").exists(), said


def test_save_of_a_shipped_lesson_writes_the_learners_folder(tmp_path):
    installed = Path(TREE).read_bytes()
    saved = tmp_path / "Documents" / "tree.lgo"
    with _window(tmp_path, str(TREE), cwd=Path(TREE).parent) as w:  # started in the package
        _ready(w, tmp_path)
        w.type_line("to leaf fd 1 end")
        _ran(tmp_path, "to leaf")
        w.key("ctrl+s")
        w.shot("save-where")
        w.key("Return")
        wait_until(saved.exists)
        w.key("ctrl+q")
        status = w.wait_exit()
    said = w.said()
    assert Path(TREE).read_bytes() == installed
    assert saved.exists(), said
    text = saved.read_text(encoding="utf-8")
    assert "to leaf" in text and text.endswith("begin\n")
    assert status == 0, said  # saved: Quit asked nothing
