"""Picture tests: Logo programs drawn headless and compared with golden pictures.

Each picture is a Logo program run by the real interpreter; its page is compared with
``tests/golden/turtle/NAME.png`` with a tolerance (a few pixels may flip where a line
passes exactly between two pixels), and its drawing records with ``NAME.records.txt``, a
text snapshot that says what changed when a picture does (which record, which colour,
which coordinates).  On a mismatch the actual picture and a diff (changed pixels red on
a faded copy of the golden) are written to ``$TMPDIR/logo-golden/`` and their
paths are in the failure message (tests/support.py).  ``LOGO_REGEN_GOLDENS=1 python -m pytest
tests/turtle/test_pictures.py`` rewrites the goldens: look at every PNG before committing it.

The SVG export of each picture has exactly the page's segments: the same lines, in the
same colours, that drawn again on a page give the same pixels.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from collections import Counter

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from logo.turtle.export import svg_text
from logo.turtle.page import Page
from logo.turtle.palette import rgb_to_hex
from logo.turtle.records import (
    Background,
    Clear,
    Fill,
    Label,
    Segment,
    Segments,
    Stamp,
    segment_count,
    since_last_clear,
)
from tests.support import GOLDEN as GOLDENS
from tests.support import compare_golden_picture, run_ok

GOLDEN = GOLDENS / "turtle"
MIN_TOLERANCE = 16  # pixels that may differ in any picture...
TOLERANCE = 0.01  # ...or this share of the pixels drawn, if more
FULL_LISTING = 400  # records listed one per line up to this many; a summary beyond

# The seed's tree, as printed in shared/spec/lessons.md (task 1a), inputs declared "n.
TREE = """
to tree "n
  if :n < 2.5 [stop]          ; shortest segment: 2.5 turtle steps
  fd :n rt 10 tree (0.75 * :n) lt 20 tree (0.75 * :n) rt 10 bk :n
end
"""

PICTURES = {
    # tree 100 from the bottom of the page, in window mode as the benchmark draws it
    "tree": TREE + "cs window pu setpos [0 -250] pd tree 100 ht",
    # a square spiral in blue, 2 steps wide, around the centre
    "spiral": 'cs setc "blue setpensize 2 repeat 70 [fd repcount * 4 rt 90] ht',
    # a hexagon drawn in colour 9 and filled yellow; the page around it filled sky blue
    "polygon": ("cs setc 9 pu setpos [-60 -104] pd seth 90 repeat 6 [fd 120 lt 60] "
                "pu home setc 45 fill setpos [-300 200] setc 96 fill ht"),
    # every shape stamped on a row, turned and coloured; labels in English and Russian
    "stamps": ("cs setbg 8 setlabelheight 16 pu setpos [-330 150] "
               'foreach [turtle triangle arrow square circle dot star diamond] '
               '[setsh ? setc 10 * # + 5 seth 30 * # stamp setx xcor + 80] '
               'setsh "turtle setc 0 seth 0 setpos [-330 60] label [Hello, turtle!] '
               'setc "red setpos [-330 0] setlabelheight 30 label "Привет '
               'setc 105 setpos [60 -60] repeat 36 [stamp fd 18 rt 10] ht'),
}


def run_picture(program: str):
    """The turtle world of a fresh interpreter that ran ``program``."""
    return run_ok(program, "picture").world


# --- the records as text ------------------------------------------------------------------
def _num(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _rgb(rgb) -> str:
    return " ".join(str(int(c)) for c in np.asarray(rgb).reshape(-1)[:3])


def record_line(rec) -> str:
    if isinstance(rec, Segment):
        pen = "" if (rec.width, rec.mode) == (1, "paint") else f" width {_num(rec.width)} {rec.mode}"
        return (f"segment {_num(rec.x0)} {_num(rec.y0)} -> {_num(rec.x1)} {_num(rec.y1)} "
                f"rgb {_rgb(rec.rgb)}{pen}")
    if isinstance(rec, Segments):
        return f"segments {len(rec.xy)} rgb {_rgb(rec.rgb)} width {_num(rec.width)} {rec.mode}"
    if isinstance(rec, Fill):
        cells = 0 if rec.spans is None else int((rec.spans[:, 2] - rec.spans[:, 1] + 1).sum())
        return f"fill at {_num(rec.x)} {_num(rec.y)} rgb {_rgb(rec.rgb)}: {cells} pixels"
    if isinstance(rec, Stamp):
        return (f"stamp {rec.shape} at {_num(rec.x)} {_num(rec.y)} heading "
                f"{_num(rec.heading)} rgb {_rgb(rec.rgb)}")
    if isinstance(rec, Label):
        return f"label {rec.text!r} at {_num(rec.x)} {_num(rec.y)} rgb {_rgb(rec.rgb)} height {_num(rec.height)}"
    if isinstance(rec, Clear):
        return f"clear rgb {_rgb(rec.rgb)}"
    if isinstance(rec, Background):
        return f"background rgb {_rgb(rec.old)} -> {_rgb(rec.new)}"
    return type(rec).__name__


def records_text(log) -> str:
    """The drawing records, one per line; a long log is summarised: records by kind,
    lines by pen with their total length and bounding box, then the first records."""
    log = since_last_clear(log)
    lines = [f"records: {len(log)}, segments: {segment_count(log)}"]
    if len(log) > FULL_LISTING:
        kinds = Counter(type(r).__name__ for r in log)
        lines.append("kinds: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
        pens: dict[str, list] = {}
        for rec in log:
            if isinstance(rec, Segment):
                pens.setdefault(f"rgb {_rgb(rec.rgb)} width {_num(rec.width)} {rec.mode}",
                                []).append(rec[:4])
        for pen, segs in sorted(pens.items()):
            xy = np.array(segs, np.float64)
            length = np.hypot(xy[:, 2] - xy[:, 0], xy[:, 3] - xy[:, 1]).sum()
            xs, ys = xy[:, 0::2], xy[:, 1::2]
            lines.append(f"{pen}: {len(xy)} lines, length {length:.1f}, x {_num(xs.min())}.."
                         f"{_num(xs.max())}, y {_num(ys.min())}..{_num(ys.max())}")
        lines.append(f"first {FULL_LISTING // 4}:")
        log = log[:FULL_LISTING // 4]
    lines += [record_line(rec) for rec in log]
    return "\n".join(lines) + "\n"


# --- the golden pictures -------------------------------------------------------------
def compare_picture(name: str, world) -> None:
    """The page must match the golden picture (with tolerance) and the records their
    snapshot."""
    pixels = world.page.pixels
    drawn = (pixels != np.array(world.page.bg, np.uint8)).any(axis=2).sum()
    compare_golden_picture(GOLDEN / f"{name}.png", pixels,
                           allowed=max(MIN_TOLERANCE, int(TOLERANCE * drawn)),
                           records=records_text(world.log))


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_picture_matches_its_golden(name):
    compare_picture(name, run_picture(PICTURES[name]))


# --- SVG ----------------------------------------------------------------------------------
NUMBER = r"-?\d+(?:\.\d+)?(?:e-?\d+)?"


def svg_segments(text: str, width: int, height: int) -> list[tuple]:
    """The stroked lines of an SVG written by ``export.svg_text``, as (x0, y0, x1, y1,
    '#rrggbb', stroke width) in turtle coordinates."""
    root = ET.fromstring(text)
    out = []
    for path in root.iter("{http://www.w3.org/2000/svg}path"):
        if path.get("fill") != "none":
            continue  # fills: rectangles of pixel runs
        colour, pen = path.get("stroke"), float(path.get("stroke-width"))
        here = None
        for op, x, y in re.findall(rf"([ML])({NUMBER}),({NUMBER})", path.get("d")):
            point = (float(x) - width / 2, height / 2 - float(y))
            if op == "L":
                out.append((*here, *point, colour, pen))
            here = point
    return out


def log_segments(log) -> list[tuple]:
    out = []
    for rec in since_last_clear(log):
        if isinstance(rec, Segment):
            out.append((rec.x0, rec.y0, rec.x1, rec.y1, rgb_to_hex(rec.rgb), max(rec.width, 1)))
    return out


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_svg_has_the_segments_of_the_page(name):
    world = run_picture(PICTURES[name])
    page = world.page
    text = svg_text(world.log, page.width, page.height)
    ours, theirs = log_segments(world.log), svg_segments(text, page.width, page.height)
    assert len(theirs) == len(ours) == segment_count(world.log)
    for a, b in zip(ours, theirs, strict=True):
        assert a[4:] == b[4:] and np.allclose(a[:4], b[:4], atol=1e-3), (a, b)
    # the SVG's lines drawn again give the page's lines, pixel for pixel (but for the
    # 6 significant digits of the SVG numbers: a point exactly between pixels may move)
    again, lines_only = Page(page.width, page.height), Page(page.width, page.height)
    for x0, y0, x1, y1, colour, pen in theirs:
        again.draw_segment(x0, y0, x1, y1, tuple(bytes.fromhex(colour[1:])), pen)
    for x0, y0, x1, y1, colour, pen in ours:
        lines_only.draw_segment(x0, y0, x1, y1, tuple(bytes.fromhex(colour[1:])), pen)
    assert (again.pixels != lines_only.pixels).any(axis=2).sum() <= MIN_TOLERANCE
    if name in ("tree", "spiral"):  # nothing but lines: that is the page itself
        assert np.array_equal(lines_only.pixels, page.pixels)
