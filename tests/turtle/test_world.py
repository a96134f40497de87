"""The turtle world: colours under the turtle, fill, many turtles, records and pictures."""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from logo.language.errors import LogoError
from logo.turtle import palette
from logo.turtle.records import Segment, segment_count
from logo.turtle.world import TurtleWorld, resolve_color


def tree(w: TurtleWorld, n: float) -> None:
    """The seed's tree (lessons.md, task 1a)."""
    if n < 2.5:
        return
    w.forward(n)
    w.right(10)
    tree(w, 0.75 * n)
    w.right(-20)
    tree(w, 0.75 * n)
    w.right(10)
    w.forward(-n)


def ink(w: TurtleWorld) -> np.ndarray:
    bg = np.array(w.page.bg, np.uint8)
    return (w.page.pixels != bg).any(axis=2)


def test_new_world_defaults():
    w = TurtleWorld()
    t = w.first()
    assert t.name == "t1" and (t.x, t.y, t.heading) == (0, 0, 0)
    assert t.pen_down and t.pen_mode == "paint" and t.color == 0 and t.shown
    assert w.page.bg == (255, 255, 255) and w.bg_color == 9.9
    assert w.mode == "wrap" and w.color_under() == 9.9


def test_setc_5_fill_makes_colorunder_5_everywhere():
    w = TurtleWorld()
    w.set_pen_color(5)
    w.fill()
    w.set_pen(down=False)
    for x, y in [(0, 0), (399, 299), (-400, -300), (123.4, -56.7)]:
        w.set_pos(x, y)
        assert w.color_under() == 5


def test_polygon_in_colour_9_confines_the_fill_and_the_edge_is_seen():
    """The Koch lesson's fence: page colour 5, a rectangle drawn in 9 and filled with 9."""
    w = TurtleWorld()
    w.set_pen_color(5)
    w.fill()
    w.set_pen_color(9)
    for _ in range(2):
        w.forward(100)
        w.right(90)
        w.forward(200)
        w.right(90)
    w.set_pen(down=False)
    w.set_pos(50, 50)
    w.fill()
    assert w.color_under() == 9
    w.set_pos(-50, 50)
    assert w.color_under() == 5
    # walk east out of the rectangle one step at a time: the colour changes at the edge
    w.set_pos(190, 50)
    w.set_heading(90)
    seen = []
    for _ in range(20):
        w.forward(1)
        seen.append((w.pos()[0], w.color_under()))
    assert (200, 9) in seen and (201, 5) in seen
    assert [c for x, c in seen if x <= 200] == [9] * 10
    assert [c for x, c in seen if x > 200] == [5] * 10


def test_colorunder_of_an_rgb_colour_is_the_nearest_palette_number():
    w = TurtleWorld()
    w.set_pen_color((98, 0, 0))  # UCBLogo's percentages
    w.fill()
    assert w.color_under() == palette.nearest_number((249, 0, 0))
    assert 10 <= w.color_under() < 20


def test_colour_values_report_what_was_set():
    assert resolve_color("red") == (15, (215, 50, 41))
    assert resolve_color("Красный")[0] == 15
    assert resolve_color(4.4) == (4.4, palette.number_to_rgb(4.4))
    assert resolve_color((100, 0, 50)) == ((255 * 25600 / 65535, 0, 127 * 25600 / 65535),
                                           (255, 0, 127))  # percent, as UCBLogo keeps it
    with pytest.raises(LogoError):
        resolve_color("nosuchcolour")
    with pytest.raises(LogoError):
        resolve_color((1, 2))


def test_tree_returns_home_and_draws_its_segments():
    w = TurtleWorld()
    w.set_pos(0, -200)
    tree(w, 100)
    assert w.pos() == (0, -200) and w.first().heading == 0  # as UCBLogo prints it
    calls = 0
    level = [100.0]
    while level:
        calls += sum(1 for n in level if n >= 2.5)
        level = [0.75 * n for n in level if n >= 2.5 for _ in range(2)]
    assert segment_count(w.log) == 2 * calls + 1  # fd and bk for each call, plus setpos
    cols = np.nonzero(ink(w).any(axis=0))[0] - 400
    rows = 300 - np.nonzero(ink(w).any(axis=1))[0]
    assert cols.min() > -250 and cols.max() < 250
    assert rows.min() == -200 and 150 < rows.max() < 250
    assert np.array_equal(w.render().pixels, w.page.pixels)


def test_square_spiral_picture():
    w = TurtleWorld()
    for i in range(1, 60):
        w.forward(5 * i)
        w.right(90)
    mask = ink(w)
    assert mask.sum() == pytest.approx(sum(5 * i for i in range(1, 60)), rel=0.02)
    rows, cols = np.nonzero(mask)
    xs = [x for r in w.log if isinstance(r, Segment) for x in (r.x0, r.x1)]
    ys = [y for r in w.log if isinstance(r, Segment) for y in (r.y0, r.y1)]
    assert (cols.min() - 400, cols.max() - 400) == (round(min(xs)), round(max(xs)))
    assert (300 - rows.max(), 300 - rows.min()) == (round(min(ys)), round(max(ys)))


def test_filled_polygon_stamped_and_labelled_page(tmp_path):
    w = TurtleWorld()
    w.set_pen_color("blue")
    for _ in range(5):
        w.forward(120)
        w.right(144)
    w.set_pen(down=False)
    w.set_pos(0, 40)
    w.set_pen_color("yellow")
    w.fill()
    assert w.color_under() == 45
    w.set_pos(-200, 100)
    w.set_shape("star")
    w.set_pen_color("red")
    w.stamp()
    assert w.color_under() == 15
    w.set_pos(-200, -200)
    w.label("Черепаха")
    assert ink(w)[480:501, 200:300].any()
    w.save_png(str(tmp_path / "page.png"))
    w.save_svg(str(tmp_path / "page.svg"))
    assert (tmp_path / "page.png").stat().st_size > 1000
    assert np.array_equal(w.render().pixels, w.page.pixels)


def test_records_replay_undo_and_resize():
    w = TurtleWorld()
    w.forward(50)
    w.right(90)
    w.forward(50)
    before = w.page.pixels.copy()
    w.forward(50)
    w.undo()
    assert np.array_equal(w.page.pixels, before)
    big = w.render(scale=2)
    assert big.pixels.shape == (1201, 1601, 3)
    assert tuple(big.pixels[600 - 60, 800]) == (0, 0, 0)
    w.set_page_size(400, 300)
    assert w.page.pixels.shape == (301, 401, 3) and w.bounds.xmax == 200
    assert tuple(w.page.pixels[150 - 50, 200 + 20]) == (0, 0, 0)


def test_draw_batch_is_one_record():
    w = TurtleWorld()
    xy = np.array([[0, 0, 100, 0], [0, 0, 0, 100], [0, 0, -50, -50]], float)
    w.draw_batch(xy, (215, 50, 41))
    assert segment_count(w.log) == 3 and len(w.log) == 2
    assert w.page.color_at(50, 0) == (215, 50, 41)


def test_clean_and_clear_screen():
    w = TurtleWorld()
    w.forward(100)
    w.clean()
    assert not ink(w).any() and w.pos() == (0, 100)
    w.forward(10)
    w.clear_screen()
    assert not ink(w).any() and w.pos() == (0, 0)
    assert segment_count(w.log) == 0


def test_setbg_keeps_the_drawing():
    w = TurtleWorld()
    w.forward(100)
    w.set_background("black")
    assert w.page.bg == (0, 0, 0) and w.bg_color == 0
    assert w.page.color_at(0, 50) == (0, 0, 0)
    assert w.page.color_at(50, 50) == (0, 0, 0)
    w.set_pen_color("white")
    w.forward(10)
    assert w.page.color_at(0, 105) == (255, 255, 255)


def test_many_turtles():
    w = TurtleWorld()
    w.new_turtle("t2")
    with pytest.raises(LogoError):
        w.new_turtle("T2")
    w.talk_to(["t1", "t2"])
    w.right(90)
    w.forward(10)
    assert w.turtle("t1").x == 10 and w.turtle("t2").x == 10
    w.talk_to(["t2"])
    w.set_pen_color("red")
    w.forward(10)
    assert w.turtle("t2").x == 20 and w.turtle("t1").x == 10
    assert w.turtle("t1").color == 0 and w.turtle("t2").color == 15
    w.remove_turtle("t2")
    assert list(w.turtles) == ["t1"]
    with pytest.raises(LogoError):
        w.forward(1)  # talking to nobody
    with pytest.raises(LogoError):
        w.talk_to(["nobody"])


def test_shapes_and_pen():
    w = TurtleWorld()
    w.set_shape("circle")
    assert w.first().shape == "circle"
    w.set_shape("Квадрат")
    assert w.first().shape == "square"
    with pytest.raises(LogoError):
        w.set_shape("dragon")
    w.set_pen_size(5)
    w.forward(20)
    assert w.page.color_at(2, 10) == (0, 0, 0) and w.page.color_at(3, 10) == (255, 255, 255)
    w.set_pen(mode="erase")
    w.forward(-20)
    assert not ink(w).any()


def test_pen_up_moves_leave_no_record():
    w = TurtleWorld()
    w.set_pen(down=False)
    w.forward(100)
    w.arc(360, 30)
    assert not any(isinstance(r, Segment) for r in w.log)


def test_no_window_is_opened():
    w = TurtleWorld()
    w.label("x")
    import pygame

    assert not pygame.display.get_init()
    assert not pygame.display.get_surface()


def test_long_logs_are_packed_and_replay_the_same(monkeypatch):
    import logo.turtle.runs as moves_module

    monkeypatch.setattr(moves_module, "PACK_EVERY", 100)
    w = TurtleWorld()
    for i in range(450):
        w.set_pen_color(15 + 10 * (i // 37 % 5))
        w.set_pen_size(1 + i // 150)
        w.forward(3 + i % 50)
        w.right(97)
    assert len(w.log) < 120  # 13 packed runs + at most 100 lines not yet packed
    assert segment_count(w.log) == 450
    assert np.array_equal(w.render().pixels, w.page.pixels)


def test_clearing_restarts_the_log():
    w = TurtleWorld()
    w.forward(10)
    w.clear_screen()
    assert len(w.log) == 1
