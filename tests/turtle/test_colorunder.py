"""``colorunder`` and ``fill`` from Logo, as the issue's "What it must show" lists them:

- after ``setc 5 fill``, ``colorunder`` reports 5 anywhere on the page;
- a closed polygon drawn in colour 9 and filled confines the fill;
- a turtle walking out of a filled region sees the colour change at the edge pixel.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from logo.turtle import raster
from logo.turtle.palette import number_to_rgb
from tests.support import Ran, run_ok


def pixels_of(ran: Ran, number: float) -> np.ndarray:
    """Where the page has exactly the palette colour ``number``."""
    return (ran.pixels == np.array(number_to_rgb(number), np.uint8)).all(axis=2)


SPOTS = ("[0 0] [-400 -300] [400 300] [-400 300] [400 -300] [0 300] [-400 0] "
         "[123.4 -56.7] [-0.49 0.49] [399.6 -299.6] [250 150] [-17 -281]")


def test_setc_5_fill_then_colorunder_is_5_anywhere():
    ran = run_ok(f"setc 5 fill pu foreach [{SPOTS}] [setpos ? print colorunder]")
    assert ran.words == ["5"] * 12
    assert pixels_of(ran, 5).all()  # every pixel of the page


def test_setc_5_fill_on_a_page_with_pictures_fills_only_the_background():
    ran = run_ok("setc 15 repeat 4 [fd 50 rt 90] pu setpos [-200 -200] setc 5 fill "
                         "home print colorunder setpos [25 25] print colorunder "
                         "setpos [300 -250] print colorunder")
    assert ran.words == ["15", "9.9", "5"]  # on the square's line, inside it, outside it
    inside = pixels_of(ran, 9.9)  # the inside of the square is a region of its own
    assert inside.sum() == 49 * 49


@pytest.mark.parametrize("shape", [
    "repeat 5 [fd 120 rt 72]",  # a pentagon
    "repeat 3 [fd 200 rt 120]",  # a triangle
    "repeat 36 [fd 10 rt 10]",  # a circle
    "repeat 4 [fd 150 rt 90]",  # a square
])
def test_a_polygon_drawn_in_9_confines_the_fill(shape):
    """The Koch lesson's fence: the page filled with 5, a polygon drawn in 9, filled
    inside with 9 (and, on another page, with 45): the fill covers the polygon's inside
    and nothing outside it changes."""
    outline = f"setc 5 fill pu setpos [-60 -60] pd setc 9 {shape} pu setpos [-50 -40] "
    before = run_ok(outline)
    page = before.world.page
    corners = np.array([rec[:2] for rec in before.world.log if type(rec).__name__ == "Segment"])
    cols = page.cx + corners[:, 0] * page.scale
    rows = page.cy - corners[:, 1] * page.scale
    r0, c0, inside = raster.polygon_mask(cols, rows, page.w, page.h)
    polygon = np.zeros((page.h, page.w), bool)
    polygon[r0:r0 + inside.shape[0], c0:c0 + inside.shape[1]] = inside
    near = polygon.copy()  # the polygon and one pixel around it
    near[1:] |= polygon[:-1]
    near[:-1] |= polygon[1:]
    near[:, 1:] |= polygon[:, :-1]
    near[:, :-1] |= polygon[:, 1:]
    for fill in (9, 45):
        after = run_ok(outline + f"setc {fill} fill print colorunder "
                            "setpos [-300 250] print colorunder setpos [-70 -70] print colorunder")
        assert after.words == [f"{fill}", "5", "5"]
        changed = (after.world.page.pixels != page.pixels).any(axis=2)
        assert not (changed & ~near).any()  # nothing outside the polygon
        assert changed.sum() > 0.9 * polygon.sum()  # ...and its inside, all of it
        assert (pixels_of(after, fill) | ~changed).all()  # what changed took the pen colour


def test_fill_stops_at_a_diagonal_line():
    """A one-pixel diagonal line (8-connected pixels) is a wall for the 4-connected fill."""
    ran = run_ok("setc 5 fill setc 9 pu setpos [-300 -300] pd setpos [300 300] "
                         "pu setpos [100 -100] setc 45 fill print colorunder "
                         "setpos [-100 100] print colorunder")
    assert ran.words == ["45", "5"]
    assert 150_000 < pixels_of(ran, 45).sum() < 250_000


WALKS = {  # heading: (start, the last position on the edge pixel)
    0: ("[10 0]", 40),  # north to the top edge at y = 40
    90: ("[0 10]", 60),  # east to the right edge at x = 60
    180: ("[10 0]", -40),
    270: ("[0 10]", -60),
}


@pytest.mark.parametrize("heading", sorted(WALKS))
def test_walking_out_of_a_filled_region_sees_the_edge_pixel(heading):
    start, edge = WALKS[heading]
    ran = run_ok(
        "setc 5 fill pu setpos [-60 -40] pd setc 9 repeat 2 [fd 80 rt 90 fd 120 rt 90] "
        f"pu home setc 45 fill setpos {start} seth {heading} "
        "repeat 70 [fd 1 print (list ifelse or heading = 0 heading = 180 [ycor] [xcor] "
        "colorunder)]")
    seen = [(float(a.strip("[")), float(b.strip("]"))) for a, b in zip(ran.words[::2], ran.words[1::2])]
    sign = 1 if edge > 0 else -1
    where = {abs(at): colour for at, colour in seen}
    assert all(where[d] == 45 for d in range(11, abs(edge)))  # inside, filled
    assert where[abs(edge)] == 9  # the edge pixel: the outline's colour
    assert where[abs(edge) + 1] == 5  # one step more: outside
    changes = [i for i in range(1, len(seen)) if seen[i][1] != seen[i - 1][1]]
    assert [seen[i][0] * sign for i in changes] == [abs(edge), abs(edge) + 1]


def test_colorunder_reads_the_end_pixel_of_every_fd_1():
    """``fd 1`` then ``colorunder``: the pixel just drawn, in the pen colour."""
    ran = run_ok("setc 15 rt 33 repeat 200 [fd 1 if not colorunder = 15 [print pos]] "
                    "pu repeat 5 [fd 1 if colorunder = 15 [print pos]]")
    assert ran.words == []
