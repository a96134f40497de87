"""End to end: the procedures pane and the command center with the X clipboard, on a
private X server, keys sent with xdotool, the clipboard filled and read with xclip.
A 60-line program pasted into the pane defines all its procedures; Ctrl+A Ctrl+C in
the pane puts its text on the X clipboard; with the pane open, a click on the command
center focuses it, and three lines pasted there run in order (a SAVE pasted after them
finds what all three made).  Skipped where the X tools
or xclip are missing."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from tests.tools.xdisplay import NEEDS_X_TOOLS, real_window, wait_until
from tests.ui.test_editor import sixty_lines

pytestmark = [NEEDS_X_TOOLS, pytest.mark.skipif(shutil.which("xclip") is None,
                                                reason="needs xclip (apt-get install xclip)")]

MARK = "; typed in the pane"
THREE = 'make "trail "a\nmake "trail word :trail "b\nmake "trail word :trail "c\n'

def changed(shot, before, pixels: int) -> bool:
    """More than ``pixels`` pixels differ between two screenshots (the window moved on)."""
    return shot.shape != before.shape or int((shot != before).any(axis=2).sum()) > pixels


def clip(window, path) -> None:
    """Put the file's text on the X clipboard (xclip serves it from the background)."""
    subprocess.run(["xclip", "-selection", "clipboard", "-i", str(path)], env=window.env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)


def test_the_x_clipboard_pastes_into_the_pane_copies_out_and_runs_in_order(tmp_path):
    from logo.ui.app import layout_rects, window_size

    program, names = sixty_lines()
    (tmp_path / "program.lgo").write_text(program, encoding="utf-8")
    command = layout_rects(window_size(960))["command"]
    page = layout_rects(window_size(960))["page"]
    saved = tmp_path / "saved.lgo"
    copied = tmp_path / "copied.txt"
    with real_window([sys.executable, "-m", "logo", "--lang", "en"], tmp_path) as w:
        w.wait_drawn((page.x, page.y, page.w, page.h))
        ready = w.shot("ready")
        w.point(300, 300)
        w.key("F2")
        empty = w.wait_shot("pane-open", lambda p: changed(p, ready, 5000))
        clip(w, tmp_path / "program.lgo")
        w.key("ctrl+v")
        pasted = w.wait_shot("pasted", lambda p: changed(p, empty, 5000))
        w.key("ctrl+End")
        w.type(MARK)
        w.wait_shot("marked", lambda p: changed(p, pasted, 300))
        w.key("ctrl+a", "ctrl+c")

        def copied_out() -> bool:  # the window has the clipboard: the marker typed in it
            copied.write_text(w.x("timeout", "5", "xclip", "-o", "-selection", "clipboard"),
                              encoding="utf-8")
            return MARK in copied.read_text(encoding="utf-8")

        wait_until(copied_out, every=0.3)
        w.key("ctrl+Return")
        w.shot("pane")
        w.click(command.centerx, command.centery)
        # the three lines and a save after them, pasted: they run one after another
        (tmp_path / "four.txt").write_text(THREE + f'save "{saved}\n', encoding="utf-8")
        clip(w, tmp_path / "four.txt")
        w.key("ctrl+v")
        wait_until(lambda: saved.exists() and "trail" in saved.read_text(encoding="utf-8"))
    assert saved.exists(), w.said()
    assert copied.read_text(encoding="utf-8") == program + MARK  # the pane's text, Cyrillic too
    workspace = saved.read_text(encoding="utf-8").lower()
    missing = [n for n in names if f"to {n.lower()}" not in workspace]
    assert not missing, workspace
    assert '"abc' in workspace or "abc" in workspace.split("trail")[-1], workspace
    assert "make" not in workspace.split("to ")[1]  # no command typed into the pane
