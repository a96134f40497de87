"""End to end: the real window on a private X server (Xvfb), driven with xdotool as a
learner: a slider made by hand (Add, Slider, a click on the page, its dialog by keys)
is used in a command; ``cs fd 50 rt 90 fd 60``, two Ctrl+Z and the turtle is at [0 50]
heading 0, one Ctrl+Y and it heads 90.  Skipped where the X tools are missing."""

from __future__ import annotations

import os
import sys

from tests.tools.xdisplay import NEEDS_X_TOOLS, real_window, wait_until

pytestmark = NEEDS_X_TOOLS

def report(out, name: str) -> str:
    """A line that writes the turtle's position, heading and the slider's value to a file."""
    path = f'"{out}/{name}'
    return (f"openwrite {path} setwrite {path} print pos print heading print size "
            f"setwrite [] close {path}")


def by_hand(w, page, add, at, out) -> None:
    """Make the slider by hand (Add, Slider, a click at ``at``, its dialog by keys), use it,
    draw, undo twice and redo once, writing a report after each step."""
    # input goes in order (the X server's queue, then the interpreter's: Undo and Redo
    # are jobs after the line before them); waited for: the window, the last report
    w.wait_drawn((page.x, page.y, page.w, page.h))
    w.click(*add)
    w.key("Return")
    w.click(*at)
    w.key(*["BackSpace"] * 7)
    w.type("size", delay=15)
    w.key("Tab", "Tab", "Tab", "BackSpace", "BackSpace")
    w.type("30", delay=15)
    w.shot("dialog")
    w.key("Return")
    w.point(300, 760)
    w.type_line("fd size")
    w.type_line(report(out, "a.txt"))
    w.type_line("cs fd 50 rt 90 fd 60")
    w.key("ctrl+z", "ctrl+z")
    w.type_line(report(out, "b.txt"))
    w.key("ctrl+y")
    w.type_line(report(out, "c.txt"))


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
    page = layout_rects(size, toolbar.height)["page"]
    env = dict(os.environ, LOGO_RECOVERY_FILE=str(tmp_path / "cache" / "recovery.lgo"))
    reports = [tmp_path / name for name in ("a.txt", "b.txt", "c.txt")]
    with real_window([sys.executable, "-m", "logo", "--lang", "en"], tmp_path, env) as w:
        by_hand(w, page, (ax, ay), (px, py), tmp_path)
        wait_until(lambda: len(reports[2].read_text().split("\n")) > 3
                   if reports[2].exists() else False)
        w.shot("after")
    assert all(r.exists() for r in reports), w.said()
    a, b, c = (r.read_text().split("\n")[:3] for r in reports)
    assert a == ["0 30", "0", "30"]  # the slider made by hand, used in a command
    assert b[:2] == ["0 50", "0"]  # two undos
    assert c[:2] == ["0 50", "90"]  # one redo
    if os.environ.get("KEEP_SHOTS"):
        import shutil

        for shot in ("dialog.png", "after.png"):
            shutil.copy(tmp_path / shot, os.environ["KEEP_SHOTS"])
