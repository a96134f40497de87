"""The ATsPU-128 frames: 128 columns of drum glyphs, overprinting, a golden frame."""

from __future__ import annotations

import numpy as np
import pytest

from microworlds.cat import film, printer, scene
from microworlds.cat import gait as G
from tests.support import GOLDEN as GOLDENS
from tests.support import compare_golden_text

GOLDEN = GOLDENS / "cat_frame.txt"
TOLERANCE = 0.01  # share of the frame's cells that may differ


@pytest.fixture(scope="module")
def walked():
    return G.walk(G.new_herd(1), 1.5)


def test_a_frame_is_128_columns_of_drum_glyphs(walked):
    for look in ("dense", "levels"):
        lines = printer.frame_lines(walked, look=look)
        assert len(lines) == printer.Sheet().rows
        assert {len(line) for line in lines} == {128}
        assert printer.on_drum("".join(lines))
    dense = "".join(printer.frame_lines(walked))
    assert set(dense) == {" ", "Ж"}
    assert len(printer.DRUM) == 96 and not any(c.islower() for c in printer.DRUM)


def test_golden_printed_frame(walked):
    lines = printer.frame_lines(walked)
    text = "\n".join(line.rstrip() for line in lines) + "\n"

    def cells_differ(golden: str, actual: str) -> str | None:
        want = [line.ljust(128) for line in golden.splitlines()]
        got = [line.ljust(128) for line in actual.splitlines()]
        share = (np.array([list(line) for line in got]) != np.array([list(line) for line in want])).mean()
        return f"{share:.2%} of the cells differ" if share > TOLERANCE else None

    compare_golden_text(GOLDEN, text, cells_differ)


def test_overprinting_strikes_a_line_again_after_a_carriage_return(walked):
    levels = printer.frame_levels(walked)
    assert set(np.unique(levels)) == {0, 1, 2, 3, 4}
    text = printer.overprint_text(levels)
    lines = text.rstrip("\n").split("\n")
    assert len(lines) == len(levels)
    for row, line in zip(levels, lines, strict=True):
        strikes = line.split("\r")
        assert all(len(s) == 128 for s in strikes)
        assert len(strikes) == (2 if (row == 4).any() else 1)
        for col in np.nonzero(row == 4)[0]:
            assert (strikes[0][col], strikes[1][col]) == ("Ж", "Ш")


def test_levels_follow_the_covered_share_of_each_cell(walked):
    sheet = printer.Sheet()
    shadow = scene.frame_shadow(walked, sheet.view())
    coarse = scene.coverage(shadow, printer.COLUMNS, sheet.rows, sub=3)
    fine = scene.coverage(shadow, printer.COLUMNS, sheet.rows, sub=9)
    assert coarse.sum() == pytest.approx(fine.sum(), rel=0.03)
    lv = printer.levels(coarse)
    assert (lv[coarse == 0] == 0).all() and (lv[coarse >= 0.7] == 4).all()


def test_the_printed_film_has_a_header_and_a_form_feed_a_frame():
    chunks = []
    n = film.print_film(G.new_herd(1), chunks.append, seconds=0.25, fps=12)
    text = "".join(chunks)
    assert n == 3 and text.count("\f") == 2 and text.count("КАДР") == 3
    frames = text.split("\f")
    assert all(len(f.splitlines()) == 1 + printer.Sheet().rows for f in frames)
    assert printer.on_drum(text.replace("\f", ""))
