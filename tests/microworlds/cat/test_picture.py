"""The cat on the page (a filled shadow, drawn in batches, walking right to left), its
golden picture, and the film (GIF and PNG frames)."""

from __future__ import annotations

import numpy as np
import pytest

from logo.turtle.records import Clear, Segments
from microworlds.cat import film, scene
from microworlds.cat import gait as G
from tests.microworlds.cat.cat_gif_decode import decode
from tests.microworlds.lessons.lesson_support import compare_golden
from tests.support import ROOT, run_ok


def test_golden_frame_on_the_page():
    interp = run_ok("cat.new cat.walk 1.5 cat.draw").interp
    compare_golden("cat", interp.world)


def test_the_frame_is_filled_and_drawn_in_two_batches():
    interp = run_ok("cat.new cat.walk 0.5 cat.draw").interp
    log = interp.world.log
    assert [type(r) for r in log] == [Clear, Segments, Segments]  # ground, then shadow
    ink = (interp.world.page.pixels == 0).all(axis=-1)
    g = interp.parts["cat"].herd
    view = scene.page_view()
    middle = view.place(np.array([[[0.8, 1.12]]]), scene.hips_position(g, view), 0)[0, 0]
    col, row = interp.world.page.to_pixel(*middle)  # the torso's middle
    assert ink[row - 12:row + 13, col - 40:col + 41].all()  # a silhouette, not an outline
    assert 8000 < ink.sum() < 20000


def test_walking_needs_no_page():
    interp = run_ok("cat.new cat.walk 3 print cat.time").interp
    assert interp.turtle_world is None
    assert interp.host.output == "3\n"


def test_the_cat_walks_right_to_left_head_first():
    g = G.new_herd(1)
    view = scene.page_view()
    before = scene.frame_shadow(g, view)
    after = scene.frame_shadow(G.walk(g, 2.0), view)
    assert after.low[0] == pytest.approx(before.low[0] - 2.0 * 0.8 * view.scale, abs=15)
    from microworlds.cat import body

    tree = body.cat_tree()
    pts = view.place(body.corners(g.s, np.zeros(1))[..., :2], scene.hips_position(g, view), 0)
    assert pts[0, tree.index("head"), :, 0].max() < pts[0, tree.index("tail4"), :, 0].min()


def test_the_cat_wraps_around_the_view():
    g = G.new_herd(1)
    g = G.walk(g, 8.0)  # hips 8 - 6.4 = 1.6 H from the left: the head is past the edge
    shadow = scene.frame_shadow(g, scene.page_view())
    assert shadow.halfplanes.shape[1] == 50  # two copies of the 25 bars
    assert shadow.low[0] < -400 < shadow.high[0]


def test_film_gif_frames_and_timing(tmp_path):
    g = G.new_herd(1)
    path = tmp_path / "cat.gif"
    seen = []
    n = film.write_film(g, str(path), seconds=0.5, fps=24, width=240, height=100,
                        progress=lambda done, total: seen.append((done, total)))
    frames, palette = decode(str(path))
    assert n == len(frames) == 12 and seen[-1] == (12, 12)
    assert sum(d for _, d in frames) == 50  # hundredths: 12 frames of 1/24 s
    assert palette[:3] == [film.PAPER, film.INK, film.GROUND]
    from logo.turtle.page import Page

    first = film.picture(Page(240, 100), g, film.film_view(240, 100))
    assert np.array_equal(frames[0][0], first)
    ink_x = [np.nonzero((f == 1).any(axis=0))[0] for f, _ in frames]
    assert ink_x[-1].min() < ink_x[0].min()  # moving left


def test_film_png_frames(tmp_path):
    pattern = str(tmp_path / "frames" / "cat%03d.png")
    film.frame_folder(pattern)
    n = film.write_film(G.new_herd(1), pattern, seconds=0.125, fps=24, width=160, height=80)
    assert n == 3 and sorted(p.name for p in (tmp_path / "frames").iterdir()) == [
        "cat000.png", "cat001.png", "cat002.png"]


def test_the_default_film_is_in_docs():
    gif = ROOT / "microworlds" / "cat" / "cat.gif"
    raw = gif.read_bytes()
    assert raw[:6] == b"GIF89a" and raw[-1:] == b"\x3b"
    assert raw.count(b"\x21\xf9\x04") >= 84 * 12  # a graphic control block a frame


def test_lzw_round_trips_past_a_full_code_table():
    from logo.turtle.gif import lzw_encode
    from tests.microworlds.cat.cat_gif_decode import lzw_decode

    rng = np.random.default_rng(0)
    for n, colours in ((1, 2), (7, 4), (30000, 4), (50000, 2)):
        data = bytes(rng.integers(0, colours, n, dtype=np.uint8))
        assert lzw_decode(lzw_encode(data, 2), 2, n) == list(data)
