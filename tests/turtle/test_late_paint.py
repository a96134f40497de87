"""A thin paint pen's lines are painted late (``logo/turtle/runs.py``): whenever anything
looks at the page (a picture exported, COLORUNDER, FILL, a frame of the window, another
pen's line, SETBG, STAMP, LABEL, undo) it sees exactly the pixels that painting every
line at once gives.  Each program here runs twice, the second time with every line
drawn at once (no pen counted as thin paint), and the two must agree on what they print
and on every pixel, at every look."""

from __future__ import annotations

import contextlib
import random
import threading

import numpy as np
import pytest

from logo.language.errors import LogoError
from logo.turtle import runs
from logo.turtle.palette import number_to_rgb
from logo.turtle.world import TurtleWorld
from tests.support import read_png, run_logo

TREE = """to tree :n
  if :n < 2.5 [stop]
  fd :n rt 10 tree (0.75 * :n) lt 20 tree (0.75 * :n) rt 10 bk :n
end
"""

PROGRAMS = {
    "colorunder after a line": "pd setpc 15 fd 50 bk 20 show colorunder rt 90 fd 1 show colorunder",
    "colorunder in a loop": "pd setpc 25 repeat 200 [fd 1 if colorunder = 25 [rt 1]] show heading",
    "looked at each line, then filled": ("pd setpc 15 repeat 4 [repeat 30 [fd 2 show colorunder] "
                                         "rt 90] rt 45 fd 20 fill pu bk 40 pd setpc 105 fill "
                                         "repeat 10 [fd 5 rt 20] show colorunder"),
    "pen colours between moves": "pd repeat 36 [setpc repcount fd 40 bk 40 rt 10] show colorunder",
    "pen sizes between moves": "pd repeat 12 [setpensize 1 + remainder repcount 4 fd 60 bk 60 rt 30]",
    "erase and reverse": ("pd setpc 105 repeat 20 [fd 80 rt 170] pe fd 40 rt 45 fd 40 "
                          "px repeat 8 [fd 70 rt 135] ppt fd 10 show colorunder"),
    "fill after lines": ("pd setpc 55 repeat 4 [fd 80 rt 90] pu rt 45 fd 20 setpc 95 fill "
                         "show colorunder pd fd 100"),
    "setbg keeps the lines": "pd setpc 0 repeat 5 [fd 100 rt 144] setbg 45 show colorunder fd 30",
    "stamp and label": 'pd fd 60 stamp rt 90 fd 30 label "hello fd 20 show colorunder',
    "clean and cs": "pd fd 100 rt 90 fd 50 clean fd 20 show colorunder cs pd bk 40",
    "wrap": "cs wrap pd setpc 125 repeat 30 [fd 170 rt 97]",
    "fence": "cs fence pd repeat 10 [fd 50 rt 37] catch \"error [fd 1000] show error",
    "window": "cs window pd repeat 40 [fd 300 rt 151] show pos",
    "a tree": TREE + "cs window pd tree 60 show colorunder",
    "arcs": "pd arc 270 80 rt 90 fd 30 arc 90 40 show colorunder",
    "setpos": "pd setpos [100 100] setxy -50 80 setx 0 sety -200 show colorunder",
}


def _log(w: TurtleWorld) -> list[tuple]:
    return [tuple(v.tolist() if isinstance(v, np.ndarray) else v for v in rec) for rec in w.log]


def _both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple:
    late = run_logo(text)
    with monkeypatch.context() as m:
        m.setattr(runs, "thin_ink", lambda rgb, width, mode: None)  # every line at once
        now = run_logo(text)
    return late, now


@pytest.mark.parametrize("text", PROGRAMS.values(), ids=PROGRAMS.keys())
def test_every_look_at_the_page_sees_the_lines_painted_at_once(text, monkeypatch):
    late, now = _both(text, monkeypatch)
    assert late.output == now.output
    assert (late.pixels == now.pixels).all()
    assert _log(late.world) == _log(now.world)


def test_a_picture_exported_right_after_drawing(tmp_path, monkeypatch):
    text = (TREE + 'cs pd setpc 15 tree 40 savepict "DIR/a.png '
            'setpc 105 rt 45 fd 80 savepict "DIR/b.png')
    (tmp_path / "late").mkdir()
    (tmp_path / "now").mkdir()
    late = run_logo(text.replace("DIR", str(tmp_path / "late")))
    with monkeypatch.context() as m:
        m.setattr(runs, "thin_ink", lambda rgb, width, mode: None)  # every line at once
        run_logo(text.replace("DIR", str(tmp_path / "now")))
    for name in ("a.png", "b.png"):
        got = read_png(tmp_path / "late" / name)
        assert (got != 255).any() and (got == read_png(tmp_path / "now" / name)).all()
    a, b = read_png(tmp_path / "late" / "a.png"), read_png(tmp_path / "late" / "b.png")
    assert (b == late.pixels).all()
    added = (a != b).any(axis=2)
    assert added.any() and (b[added] == number_to_rgb(105)).all()  # b: a and the blue line


def _random_step(w: TurtleWorld, rng: random.Random) -> None:
    kind = rng.random()
    if kind < 0.1:
        w.set_pen_size(rng.choice([1, 1, 1, 3]))
        w.set_pen_color(rng.choice([0, 15, 105]))
        w.set_pen(mode=rng.choice(["paint"] * 6 + ["erase", "reverse"]))
    with contextlib.suppress(LogoError):  # (the fence)
        w.forward(rng.uniform(-120, 120))
    w.right(rng.uniform(-180, 180))
    if kind > 0.95:
        w.color_under()


def test_the_page_seen_between_moves_is_the_page_painted_at_once(monkeypatch):
    """Random walks changing pens, the page looked at now and then."""
    for mode in ("wrap", "window", "fence"):
        late, now = TurtleWorld(), TurtleWorld()
        for w in (late, now):
            w.set_mode(mode)
        rngs = random.Random(7), random.Random(7)
        for step in range(400):
            _random_step(late, rngs[0])
            with monkeypatch.context() as m:
                m.setattr(runs, "thin_ink", lambda rgb, width, mode: None)
                _random_step(now, rngs[1])
            if step % 25 == 0:
                assert (late.page.pixels == now.page.pixels).all(), (mode, step)
        assert (late.page.pixels == now.page.pixels).all()
        assert _log(late) == _log(now)


def test_undo_and_a_resized_page_see_the_late_lines():
    w = TurtleWorld()
    w.set_pen_color(15)
    w.forward(100)
    w.right(90)
    w.forward(50)
    before = w.page.pixels.copy()
    w.set_pen_color(105)
    w.forward(30)
    w.undo()
    assert (w.page.pixels == before).all()
    w.set_page_size(400, 400)
    assert (w.page.pixels == w.render().pixels).all()
    w.forward(20)  # a new run, on the new page
    assert (w.page.pixels != w.render(upto=len(w.log) - 1).pixels).any()
    assert (w.page.pixels == w.render().pixels).all()


def test_a_page_read_from_another_thread_while_drawing():
    """The window's thread takes frames while the program draws: every frame shows a
    page some prefix of the lines made, and the end the whole drawing."""
    w = TurtleWorld()
    w.set_mode("window")
    done = threading.Event()
    seen: list[int] = []

    def look() -> None:
        while not done.is_set():
            seen.append(int((w.page.pixels != 255).any(axis=2).sum()))

    reader = threading.Thread(target=look)
    reader.start()
    try:
        for i in range(20000):
            w.forward(37 + i % 11)
            w.right(121)
    finally:
        done.set()
        reader.join()
    ink = int((w.page.pixels != 255).any(axis=2).sum())
    assert seen == sorted(seen) and seen[-1] <= ink
    assert (w.page.pixels == w.render().pixels).all()


def test_a_run_looked_at_after_each_line_draws_at_once_and_agrees():
    w = TurtleWorld()
    for _ in range(5):
        w.forward(3)
        assert w.color_under() == 0
    assert not w._late and w.page.pending is None  # (drawn at once from now on)
    w.forward(3)
    assert w.color_under() == 0
    assert (w.page.pixels == w.render().pixels).all()


def test_nothing_is_painted_when_nobody_looks():
    w = TurtleWorld()
    w.forward(100)
    assert w._painted == 0 and len(w._run) == 4  # (painted only when looked at)
    assert w.color_under() == 0
    assert w._painted == 4
    assert np.asarray(w.page.pixels)[200, 400].tolist() == [0, 0, 0]
