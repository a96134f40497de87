"""The page raster: line pixels, pen modes, flood fill, PNG and SVG export."""

from __future__ import annotations

import os
import time
import xml.etree.ElementTree as ET
import zlib

import numpy as np

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools

from logo.turtle import raster
from logo.turtle.export import png_bytes, svg_text, write_png
from logo.turtle.page import Page
from logo.turtle.world import TurtleWorld
from tests.support import read_png

BLACK, WHITE, RED = (0, 0, 0), (255, 255, 255), (215, 50, 41)


def drawn(page: Page, bg=WHITE) -> set[tuple[int, int]]:
    """(column, row) of every pixel that is not the background."""
    rows, cols = np.nonzero((page.pixels != np.array(bg, np.uint8)).any(axis=2))
    return set(zip(cols.tolist(), rows.tolist(), strict=True))


def test_default_page_geometry():
    p = Page()
    assert p.pixels.shape == (601, 801, 3) and p.pixels.dtype == np.uint8
    assert p.pixels.flags["C_CONTIGUOUS"]
    assert p.to_pixel(0, 0) == (400, 300)
    assert p.to_pixel(-400, 300) == (0, 0) and p.to_pixel(400, -300) == (800, 600)
    assert p.to_turtle(400, 300) == (0, 0) and p.to_turtle(0, 0) == (-400, 300)
    assert (p.pixels == 255).all()


def test_horizontal_vertical_diagonal_lines():
    p = Page()
    p.draw_segment(0, 0, 10, 0, BLACK)
    assert drawn(p) == {(400 + k, 300) for k in range(11)}
    p.clear(WHITE)
    p.draw_segment(0, 0, 0, 5, BLACK)
    assert drawn(p) == {(400, 300 - k) for k in range(6)}
    p.clear(WHITE)
    p.draw_segment(0, 0, 7, 7, BLACK)
    assert drawn(p) == {(400 + k, 300 - k) for k in range(8)}


def test_line_pixels_are_a_thin_connected_path():
    for x1, y1 in [(13, 5), (-4, 11), (9, -9), (-17, -3), (0, 0), (50, 1)]:
        pts = list(raster.line_pixels(0, 0, x1, y1))
        assert pts[0] == (0, 0) and pts[-1] == (x1, y1)
        assert len(pts) == max(abs(x1), abs(y1)) + 1
        for (a, b), (c, d) in itertools.pairwise(pts):
            assert max(abs(a - c), abs(b - d)) == 1


def test_batch_and_single_paths_draw_the_same_pixels():
    rng = np.random.default_rng(7)
    n = 400
    xy = np.column_stack([rng.uniform(-380, 380, n), rng.uniform(-280, 280, n),
                          rng.uniform(-380, 380, n), rng.uniform(-280, 280, n)])
    xy[: n // 2, 2:] = xy[: n // 2, :2] + rng.uniform(-30, 30, (n // 2, 2))  # short ones
    one, many = Page(), Page()
    for x0, y0, x1, y1 in xy:
        one.draw_segment(x0, y0, x1, y1, RED)
    many.draw_segments(xy, RED)
    assert np.array_equal(one.pixels, many.pixels)


def _random_segments(rng, n: int, spread: float = 450) -> np.ndarray:
    """Short segments (1-50 steps) anywhere, some leaving the page, a few long ones."""
    start = np.column_stack([rng.uniform(-spread, spread, n), rng.uniform(-spread, spread, n)])
    length, angle = rng.uniform(0, 50, n), rng.uniform(0, 2 * np.pi, n)
    end = start + np.column_stack([length * np.cos(angle), length * np.sin(angle)])
    xy = np.hstack([start, end])
    xy[:20, 2:] = rng.uniform(-2000, 2000, (20, 2))  # long, most of them crossing the page
    xy[20:30, 2:] = xy[20:30, :2]  # dots
    return xy


def test_big_batches_draw_the_same_pixels_as_single_lines(monkeypatch):
    """A batch covering much of the page goes through the mask kernel
    (``raster.index_chunks``); each of its segments drawn alone takes the pure-Python or
    the small numpy path: the pixels are the same, in every pen mode."""
    rng = np.random.default_rng(11)
    xy = _random_segments(rng, 6000, spread=130)  # on a 200 x 150 page: 6 times its pixels
    masked = []
    original = Page._paint_mask
    monkeypatch.setattr(Page, "_paint_mask", lambda self, *a: masked.append(1) or original(self, *a))
    triangle = [(-80, -60), (80, -60), (0, 70)]
    for mode in ("paint", "erase", "reverse"):
        one, many = Page(200, 150), Page(200, 150)
        for p in (one, many):
            p.fill_polygon(triangle, (0, 0, 255))
        if mode == "reverse":  # a batch inverts each pixel once, however many lines cross it
            covered = Page(200, 150)
            for x0, y0, x1, y1 in xy:
                covered.draw_segment(x0, y0, x1, y1, BLACK)
            hit = (covered.pixels == 0).all(axis=2)
            one.pixels[hit] = 255 - one.pixels[hit]
        else:
            for x0, y0, x1, y1 in xy:
                one.draw_segment(x0, y0, x1, y1, RED, mode=mode)
        many.draw_segments(xy, RED, mode=mode)
        assert np.array_equal(one.pixels, many.pixels), mode
    assert len(masked) == 3


def test_big_batches_of_thick_lines_and_scaled_pages(monkeypatch):
    rng = np.random.default_rng(12)
    xy = _random_segments(rng, 8000, spread=130)
    masked = []
    original = Page._paint_mask
    monkeypatch.setattr(Page, "_paint_mask", lambda self, *a: masked.append(1) or original(self, *a))
    for width, scale in ((5, 1), (1, 2.5), (3, 2)):
        one, many = Page(200, 150, scale), Page(200, 150, scale)
        for x0, y0, x1, y1 in xy:
            one.draw_segment(x0, y0, x1, y1, RED, width)
        many.draw_segments(xy, RED, width)
        assert np.array_equal(one.pixels, many.pixels), (width, scale)
    assert len(masked) == 3


def test_batches_skip_what_cannot_be_drawn():
    p = Page()
    inf, nan = float("inf"), float("nan")
    xy = np.array([[0, 0, inf, 0], [nan, 0, 10, 10], [0, 0, 10, 0], [1e300, 0, -1e300, 5]])
    p.draw_segments(np.repeat(xy, 50000, axis=0), BLACK)  # the mask path
    q = Page()
    q.draw_segments(xy, BLACK)
    q.draw_segment(1e300, 0, -1e300, 5, BLACK)
    assert drawn(p) == drawn(q) and {(400 + k, 300) for k in range(11)} <= drawn(p)


def test_per_segment_colours_in_a_batch():
    p = Page()
    xy = np.array([[0, 0, 10, 0], [0, 5, 10, 5]], float)
    p.draw_segments(xy, np.array([RED, (0, 0, 255)], np.uint8))
    assert tuple(p.pixels[300, 405]) == RED and tuple(p.pixels[295, 405]) == (0, 0, 255)


def test_lines_leaving_the_page_are_clipped():
    p = Page()
    p.draw_segments(np.array([[-5000, 0, 5000, 0], [0, -1e6, 0, 1e6]]), BLACK)
    assert (p.pixels[300] == 0).all() and (p.pixels[:, 400] == 0).all()
    p.draw_segment(1e9, 1e9, 2e9, 2e9, BLACK)  # entirely outside: nothing, no error
    p.draw_segment(0, 0, float("inf"), 0, BLACK)  # not drawable: ignored
    assert len(drawn(p)) == 801 + 601 - 1


def test_thick_lines_have_round_ends():
    p = Page()
    p.draw_segment(-20, 0, 20, 0, BLACK, width=9)
    px = drawn(p)
    assert all((400 + dx, 300 + dy) in px for dx in range(-20, 21) for dy in range(-4, 5))
    assert (424, 300) in px and (425, 300) not in px  # the cap reaches radius 4.5
    assert (424, 296) not in px  # ...but its corner is rounded off
    assert (422, 297) in px


def test_reverse_pen_twice_restores_and_erase_draws_background():
    p = Page()
    p.draw_segment(-50, -50, 50, 30, RED)
    before = p.pixels.copy()
    for _ in range(2):
        p.draw_segment(-60, 0, 60, 0, BLACK, mode="reverse")
    assert np.array_equal(p.pixels, before)
    p.draw_segment(-60, 0, 60, 0, BLACK, mode="reverse")
    assert tuple(p.pixels[300, 380]) == (0, 0, 0)  # white inverted
    p.draw_segment(-50, -50, 50, 30, RED, mode="erase")
    assert tuple(p.pixels[350, 350]) == WHITE


def test_reverse_polyline_corners_are_inverted_once():
    p = Page()
    p.draw_segment(0, 0, 10, 0, BLACK, mode="reverse")
    p.draw_segment(10, 0, 10, 10, BLACK, mode="reverse")
    assert tuple(p.pixels[300, 410]) == (0, 0, 0)


def test_color_at():
    p = Page()
    p.draw_segment(0, 0, 10, 0, RED)
    assert p.color_at(3, 0) == RED and p.color_at(3, 1) == WHITE
    assert p.color_at(3.4, 0.4) == RED
    assert p.color_at(1000, 0) is None


def test_fill_whole_page_and_nothing_when_same_colour():
    p = Page()
    start = time.process_time()  # (CPU time: other work on the machine does not count)
    spans = p.fill(0, 0, (141, 141, 141))
    elapsed = time.process_time() - start
    assert (p.pixels == 141).all()
    assert spans is not None and len(spans) == 601
    assert p.fill(0, 0, (141, 141, 141)) is None
    assert elapsed < 0.25, f"fill of an empty page took {elapsed:.3f} s"


def test_fill_is_confined_by_a_closed_outline():
    p = Page()
    square = [(-50, -50), (50, -50), (50, 50), (-50, 50), (-50, -50)]
    for (x0, y0), (x1, y1) in itertools.pairwise(square):
        p.draw_segment(x0, y0, x1, y1, BLACK)
    p.fill(0, 0, RED)
    assert p.color_at(49, 49) == RED and p.color_at(0, 0) == RED
    assert p.color_at(50, 0) == BLACK and p.color_at(51, 0) == WHITE
    assert p.color_at(-300, 200) == WHITE


def test_fill_does_not_leak_through_diagonal_lines():
    p = Page()
    tri = [(0, 60), (55, -40), (-55, -40), (0, 60)]
    for (x0, y0), (x1, y1) in itertools.pairwise(tri):
        p.draw_segment(x0, y0, x1, y1, BLACK)
    p.fill(0, 0, RED)
    assert p.color_at(0, 100) == WHITE and p.color_at(100, 0) == WHITE
    inside = (p.pixels == np.array(RED, np.uint8)).all(axis=2).sum()
    assert 4500 < inside < 6000  # about the triangle's area, 110 * 100 / 2


def test_fill_time_on_a_busy_page():
    rng = np.random.default_rng(3)
    n = 20000
    a = np.column_stack([rng.uniform(-390, 390, n), rng.uniform(-290, 290, n)])
    p = Page()
    p.draw_segments(np.hstack([a, a + rng.uniform(-20, 20, (n, 2))]), BLACK)
    start = time.process_time()  # (CPU time: other work on the machine does not count)
    p.fill(-399, 299, RED)
    assert time.process_time() - start < 0.5


def test_polygon_and_text():
    p = Page()
    p.fill_polygon([(-10, -10), (10, -10), (10, 10), (-10, 10)], RED)
    assert p.color_at(0, 0) == RED and p.color_at(10, 10) == RED
    assert p.color_at(12, 0) == WHITE
    p.draw_text(-100, -100, "Привет", BLACK, 20)
    text = {(c, r) for c, r in drawn(p) if r > 350}
    assert len(text) > 50
    cols = [c for c, _ in text]
    rows = [r for _, r in text]
    assert min(cols) >= 300 and max(rows) <= 400 and min(rows) >= 375


def test_png_round_trip(tmp_path):
    p = Page(40, 30)
    p.draw_segment(-20, -15, 20, 15, RED)
    path = tmp_path / "pic.png"
    write_png(str(path), p.pixels)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    # decode by hand: IHDR then one IDAT, filter byte 0 on every row
    assert data[12:16] == b"IHDR"
    idat = data.index(b"IDAT")
    length = int.from_bytes(data[idat - 4:idat], "big")
    raw = zlib.decompress(data[idat + 4:idat + 4 + length])
    rows = np.frombuffer(raw, np.uint8).reshape(31, 1 + 41 * 3)
    assert (rows[:, 0] == 0).all()
    assert np.array_equal(rows[:, 1:].reshape(31, 41, 3), p.pixels)
    assert np.array_equal(read_png(path), p.pixels)  # as any PNG reader reads it
    assert tuple(read_png(path)[30, 0]) == RED
    assert not list(tmp_path.glob(".tmp-*"))  # the temporary file was renamed


def test_svg_is_well_formed_and_has_every_segment():
    w = TurtleWorld(200, 200)
    for i in range(12):
        w.forward(40 + i)
        w.right(150)
    w.set_pen_color(15)
    w.fill()
    w.stamp()
    w.label("a < b & Ж")
    text = svg_text(w.log, 200, 200)
    root = ET.fromstring(text)
    ns = "{http://www.w3.org/2000/svg}"
    strokes = [e.get("d") for e in root.iter(ns + "path") if e.get("stroke")]
    segments = [r for r in w.log if type(r).__name__ == "Segment"]
    assert sum(d.count("L") for d in strokes) == len(segments) == 12
    assert root.find(ns + "polygon") is not None
    assert root.find(ns + "text").text == "a < b & Ж"
    filled = [e for e in root.iter(ns + "path") if e.get("fill") not in (None, "none")]
    assert filled and filled[0].get("fill") == "#d73229"


def test_png_bytes_size_is_small_for_a_blank_page():
    assert len(png_bytes(Page().pixels)) < 10000


def test_the_memory_is_made_when_first_used_and_let_go_by_a_clear():
    p = Page(20, 10)
    assert p._buffer is None  # (nothing drawn: nothing filled)
    p.clear((1, 2, 3))
    assert p._buffer is None and p.bg == (1, 2, 3)
    assert p.color_at(0, 0) == (1, 2, 3)  # made now, in the background colour
    p.draw_segment(-5, 0, 5, 0, BLACK)
    p.clear((9, 9, 9))  # no array handed out: let go, made again in the new colour
    assert p.color_at(0, 0) == (9, 9, 9)
    p.set_background((7, 7, 7))
    assert p.color_at(3, 3) == (7, 7, 7)


def test_an_array_handed_out_stays_the_page_across_clears():
    p = Page(20, 10)
    view = p.pixels
    p.draw_segment(-5, 0, 5, 0, BLACK)
    assert tuple(view[5, 10]) == BLACK
    p.clear((1, 2, 3))
    assert (view == (1, 2, 3)).all() and p.pixels is view
    view[0, 0] = (4, 5, 6)  # writing it draws
    assert p.color_at(-10, 5) == (4, 5, 6)
