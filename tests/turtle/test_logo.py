"""Turtle graphics driven from Logo text through the real interpreter.

The graphics chapter and the many-turtles primitives are in every interpreter: a missing
one fails these tests.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.support import run_logo, run_python

TREE = """
to tree "n
  if :n < 2.5 [stop]
  fd :n rt 10 tree (0.75 * :n) lt 20 tree (0.75 * :n) rt 10 bk :n
end
"""


def test_moves_print_like_ucblogo():
    ran = run_logo("fd 100 rt 90 fd 50 show pos show heading "
                  "rt 30 fd 10 show pos show heading show towards [-30 40]")
    # UCBLogo 6.2.2 prints exactly this
    assert ran.output == "[50 100]\n90\n[58.660254 95]\n120\n238.186785432014\n"


def test_tree_comes_home():
    ran = run_logo(TREE + "setpos [0 -200] tree 100 show pos show heading")
    assert ran.output == "[0 -200]\n0\n"
    ink = (ran.pixels != 255).any(axis=2)
    assert 5000 < ink.sum() < 40000


def test_fill_and_colorunder_lesson_style():
    ran = run_logo("setc 5 fill print colorunder pu fd 100 print colorunder "
                  "pd setc 9 repeat 4 [fd 40 rt 90] pu rt 45 fd 10 setc 9 fill "
                  "print colorunder bk 20 print colorunder")
    assert ran.output == "5\n5\n9\n5\n"


def test_fence_error_is_reported():
    ran = run_logo('fence catch "error [fd 1000] show first error show pos')
    assert ran.output == "3\n[0 300]\n"


def test_many_turtles_from_logo():
    ran = run_logo('newturtle "t2 talkto [t1 t2] fd 10 ask "t2 [rt 90 fd 5] '
                  'show who show turtles talkto "t2 show pos tto "t1 show pos '
                  'everyone [fd 1] show pos нов_черепаха "t3 скажи "t3 вп 20 покажи место')
    assert ran.output == "[t1 t2]\n[t1 t2]\n[5 10]\n[0 10]\n[0 11]\n[0 20]\n"


def test_colours_by_name_number_and_list():
    ran = run_logo('setc "red show color setc "синий show pencolor setc [1 2 3] show color '
                  'setc 4.4 show color setbg "black show bg')
    # [r g b] is UCBLogo's percentages, reported as UCBLogo reports them
    assert ran.output == "15\n105\n[0.781261921110857 1.95315480277714 2.734416723888]\n4.4\n0\n"


def test_saving_pictures(tmp_path):
    png, svg = tmp_path / "p.png", tmp_path / "p.svg"
    run_logo(f'repeat 36 [fd 100 bk 100 rt 10] savepict "{png} savesvg "{svg}')
    assert png.read_bytes()[:4] == b"\x89PNG" and svg.read_text().startswith("<svg")


def test_square_spiral_from_logo():
    ran = run_logo("repeat 60 [fd repcount * 5 rt 90]")
    ink = (ran.pixels != 255).any(axis=2)
    rows, cols = np.nonzero(ink)
    assert ink.sum() == pytest.approx(sum(5 * i for i in range(1, 61)), rel=0.03)
    assert cols.max() - cols.min() == pytest.approx(rows.max() - rows.min(), abs=6)


def test_print_1_loads_neither_numpy_nor_pygame():
    done = run_python("-X", "importtime", "-m", "logo", "run", "-e", "print 1")
    assert done.stdout == "1\n"
    modules = {line.split("|")[-1].strip() for line in done.stderr.splitlines()}
    assert not any(m.split(".")[0] in ("numpy", "pygame") for m in modules)
