"""The lessons' pictures as a teacher exports them with no window: monitors in every GIF
frame show their values, SVG fills are areas (not stacks of one-pixel lines), and a
monitor that never finishes does not hold ``--png``."""

from __future__ import annotations

import re
import time

import numpy as np

from tests.microworlds.cat.cat_gif_decode import decode
from tests.support import read_png, run_cli


def test_gif_frames_show_the_monitors_values(tmp_path):
    prog = tmp_path / "count.lgo"
    prog.write_text('make "n 0\nnewmonitor "n [300 10] [:n]\n'
                    'repeat 4 [make "n :n + 1 fd 20 wait 6]\n', encoding="utf-8")
    gif, png = tmp_path / "c.gif", tmp_path / "c.png"
    out = run_cli("run", str(prog), "--gif", str(gif), "--png", str(png), timeout=120)
    assert out.returncode == 0, out.stderr
    frames, palette = decode(str(gif))
    colours = np.array(palette, np.uint8)
    boxes = [colours[f][10:36, 300:410] for f, _delay in frames]
    distinct = {b.tobytes() for b in boxes}
    assert len(distinct) >= 4  # n: 1, 2, 3, 4 (not one empty box in every frame)
    assert (boxes[-1] == read_png(png)[10:36, 300:410]).all()  # as the PNG shows it


def test_the_cats_gif_monitors_are_filled(tmp_path):
    gif = tmp_path / "x.gif"
    out = run_cli("run", "cat", "-e", "repeat 5 [walking]", "--gif", str(gif), timeout=120)
    assert out.returncode == 0, out.stderr
    frames, palette = decode(str(gif))
    colours = np.array(palette, np.uint8)
    empty = None
    for f, _delay in frames[1:]:
        box = colours[f][252:274, 560:636]  # right of "LH:" in the first monitor
        dark = (box.astype(int).sum(axis=2) < 300).sum()
        assert dark > 5, "the LH monitor shows no value"
        empty = dark
    assert empty is not None


def test_svg_fills_are_areas(tmp_path):
    svg, png = tmp_path / "cat.svg", tmp_path / "cat.png"
    out = run_cli("run", "cat", "-e", "repeat 10 [walking]", "--svg", str(svg),
                  "--png", str(png), timeout=120)
    assert out.returncode == 0, out.stderr
    text = svg.read_text(encoding="utf-8")
    ink = [m for m in re.finditer(r'<path d="([^"]*)" ([^>]*)/>', text)
           if 'stroke="#000000"' in m.group(2) or 'fill="#000000"' in m.group(2)]
    assert ink and all('fill="#000000"' in m.group(2) for m in ink)  # no black strokes
    pixels = read_png(png)
    black = pixels.astype(int).sum(axis=2) == 0
    painted = np.zeros_like(black)  # the rectangles, pixel by pixel (centres at integers)
    for m in ink:
        for x, y, w, h in re.findall(r"M([-\d.e]+),([-\d.e]+)h([-\d.e]+)v([-\d.e]+)",
                                     m.group(1)):
            c0, r0 = round(float(x) + 0.5), round(float(y) + 0.5)
            painted[r0:r0 + round(float(h)), c0:c0 + round(float(w))] = True
    assert (painted != black).sum() <= 0.02 * black.sum()  # the shadow, pixel for pixel
    rects = sum(len(re.findall("z", m.group(1))) for m in ink)
    rows = int(black.any(axis=1).sum())
    assert rects < 6 * rows  # merged runs, not one line per run and row


def test_a_monitor_that_never_finishes_does_not_hold_the_png(tmp_path):
    prog = tmp_path / "slow.lgo"
    prog.write_text('to slow\nforever [make "a 1]\nend\nnewmonitor "m [10 10] [slow]\n'
                    'newmonitor "n [10 60] [3 + 4]\nfd 100\n', encoding="utf-8")
    png = tmp_path / "slow.png"
    start = time.monotonic()
    out = run_cli("run", str(prog), "--png", str(png), timeout=60)
    assert out.returncode == 0, out.stderr
    assert time.monotonic() - start < 30  # about a second; no time limit was given
    pixels = read_png(png)
    assert (pixels[60:86, 10:120].astype(int).sum(axis=2) < 300).sum() > 10  # "n: 7"
