"""End to end: STEP in the real ``logo`` window on a private X server (Xvfb), typed into
with xdotool and photographed with ImageMagick's ``import``: the procedures pane shows,
its highlighted line moves down one line at each F10.  Skipped where the X tools are
missing (``.ci/run`` installs them)."""

from __future__ import annotations

import sys

import numpy as np

from tests.tools.xdisplay import NEEDS_X_TOOLS, real_window

pytestmark = NEEDS_X_TOOLS

LINES = ("to g :n", "print :n", "print :n + 1", "print :n + 2", "end", 'step "g', "g 1")
HIGHLIGHT = (255, 190, 60)  # logo.ui.style.SELECTED


def highlighted_rows(pixels) -> list[int]:
    """The screen rows painted in the highlight's colour (most of the pane's width)."""
    pixels = pixels.astype(int)
    match = (np.abs(pixels - np.array(HIGHLIGHT)).max(axis=2) < 8).sum(axis=1)
    return [y for y, n in enumerate(match) if n > 400]


def test_stepping_in_the_real_window_moves_the_highlight_line_by_line(tmp_path):
    from logo.ui.app import layout_rects, window_size

    page = layout_rects(window_size(960))["page"]
    with real_window([sys.executable, "-m", "logo", "--lang", "en"], tmp_path) as w:
        w.wait_drawn((page.x, page.y, page.w, page.h))
        w.point(300, 760)
        for line in LINES:
            w.type_line(line)
        # each capture waits (up to the deadline) for the highlight to show or to move
        bands = [highlighted_rows(w.wait_shot("s1", highlighted_rows))]
        for name in ("s2", "s3"):
            w.key("F10")
            bands.append(highlighted_rows(w.wait_shot(
                name, lambda p: highlighted_rows(p)[:1] not in ([], bands[-1][:1]))))
        w.key("F10")
        bands.append(highlighted_rows(w.wait_shot("s4", lambda p: not highlighted_rows(p))))
    assert all(bands[:3]), f"no highlighted line: {[len(b) for b in bands]} {w.said()}"
    tops = [b[0] for b in bands[:3]]
    step = tops[1] - tops[0]
    assert step > 8 and tops[2] - tops[1] == step, tops  # one line down, twice
    assert bands[3] == []  # the program ended: no highlight, the page is back
