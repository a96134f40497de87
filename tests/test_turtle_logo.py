"""Turtle graphics driven from Logo text through the real interpreter.

These need the interpreter core (``logo.session.interpreter``) and the graphics chapter in the
registry; they skip when either is missing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[1]

interpreter = pytest.importorskip("logo.session.interpreter")
host_module = pytest.importorskip("logo.session.host")


def logo(text: str):
    """Run Logo text; return (printed output, interpreter).  The many-turtles chapter is
    added to the registry when the core does not list it yet."""
    from logo.primitives.registry import build_registry

    registry = build_registry()
    if registry.get("newturtle") is None:
        registry = build_registry((("logo.primitives.microworld_turtles", "graphics"),))
    host = host_module.BufferHost()
    interp = interpreter.Interpreter(host=host, registry=registry)
    if interp.registry.get("fd") is None:
        pytest.skip("graphics primitives are not registered")
    interp.run_source(text)
    return host.output, interp


TREE = """
to tree "n
  if :n < 2.5 [stop]
  fd :n rt 10 tree (0.75 * :n) lt 20 tree (0.75 * :n) rt 10 bk :n
end
"""


def test_moves_print_like_ucblogo():
    out, _ = logo("fd 100 rt 90 fd 50 show pos show heading "
                  "rt 30 fd 10 show pos show heading show towards [-30 40]")
    # UCBLogo 6.2.2 prints exactly this
    assert out == "[50 100]\n90\n[58.660254 95]\n120\n238.186785432014\n"


def test_tree_comes_home():
    out, interp = logo(TREE + "setpos [0 -200] tree 100 show pos show heading")
    assert out == "[0 -200]\n0\n"
    ink = (interp.world.page.pixels != 255).any(axis=2)
    assert 5000 < ink.sum() < 40000


def test_fill_and_colorunder_lesson_style():
    out, _ = logo("setc 5 fill print colorunder pu fd 100 print colorunder "
                  "pd setc 9 repeat 4 [fd 40 rt 90] pu rt 45 fd 10 setc 9 fill "
                  "print colorunder bk 20 print colorunder")
    assert out == "5\n5\n9\n5\n"


def test_fence_error_is_reported():
    out, _ = logo('fence catch "error [fd 1000] show first error show pos')
    assert out == "3\n[0 300]\n"


def test_many_turtles_from_logo():
    out, _ = logo('newturtle "t2 talkto [t1 t2] fd 10 ask "t2 [rt 90 fd 5] '
                  'show who show turtles talkto "t2 show pos tto "t1 show pos '
                  'everyone [fd 1] show pos нов_черепаха "t3 скажи "t3 вп 20 покажи место')
    assert out == "[t1 t2]\n[t1 t2]\n[5 10]\n[0 10]\n[0 11]\n[0 20]\n"


def test_colours_by_name_number_and_list():
    out, _ = logo('setc "red show color setc "синий show pencolor setc [1 2 3] show color '
                  'setc 4.4 show color setbg "black show bg')
    assert out == "15\n105\n[1 2 3]\n4.4\n0\n"


def test_saving_pictures(tmp_path):
    png, svg = tmp_path / "p.png", tmp_path / "p.svg"
    logo(f'repeat 36 [fd 100 bk 100 rt 10] savepict "{png} savesvg "{svg}')
    assert png.read_bytes()[:4] == b"\x89PNG" and svg.read_text().startswith("<svg")


def test_square_spiral_from_logo():
    _, interp = logo("repeat 60 [fd repcount * 5 rt 90]")
    ink = (interp.world.page.pixels != 255).any(axis=2)
    rows, cols = np.nonzero(ink)
    assert ink.sum() == pytest.approx(sum(5 * i for i in range(1, 61)), rel=0.03)
    assert cols.max() - cols.min() == pytest.approx(rows.max() - rows.min(), abs=6)


def test_print_1_loads_neither_numpy_nor_pygame():
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "logo", "run", "-e",
                           "print 1"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.stdout == "1\n"
    modules = {line.split("|")[-1].strip() for line in done.stderr.splitlines()}
    assert not any(m.split(".")[0] in ("numpy", "pygame") for m in modules)
