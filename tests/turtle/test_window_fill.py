"""FILL searches its region in a window around the seed that doubles while the region
reaches the window's sides (``raster.window_region``): the pixels filled must be exactly
those of the 4-connected component over the whole page, on any picture."""

from __future__ import annotations

import numpy as np
import pytest

from logo.turtle import raster
from tests.support import run_ok


def _picture(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """A random (h, w) uint8 picture: a few colours of circles, rings, lines and open
    strokes (arcs with gaps) over a background of 0."""
    rows, cols = np.mgrid[0:h, 0:w]
    cells = np.zeros((h, w), np.uint8)
    for _ in range(int(rng.integers(3, 25))):
        cr, cc = rng.integers(-20, h + 20), rng.integers(-20, w + 20)
        rad = rng.integers(2, max(h, w))
        d = np.hypot(rows - cr, cols - cc)
        kind = rng.integers(0, 3)
        if kind == 0:  # a ring, open where the angle is in a gap
            gap = np.arctan2(rows - cr, cols - cc) > rng.uniform(-np.pi, np.pi)
            cells[(np.abs(d - rad) < 0.8) & gap] = rng.integers(1, 4)
        elif kind == 1:  # a disk
            cells[d < rad / 6] = rng.integers(1, 4)
        else:  # a line
            a = rng.uniform(0, np.pi)
            dist = np.abs((rows - cr) * np.cos(a) - (cols - cc) * np.sin(a))
            cells[dist < 0.6] = rng.integers(1, 4)
    return cells


@pytest.mark.parametrize("seed", range(12))
def test_windowed_region_is_the_whole_page_component(seed: int) -> None:
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(1, 400)), int(rng.integers(1, 400))
    cells = _picture(rng, h, w)
    for _ in range(8):
        row, col = int(rng.integers(0, h)), int(rng.integers(0, w))
        whole = raster.region(cells == cells[row, col], row, col)
        r0, c0, mask = raster.window_region(cells, row, col, reach=int(rng.integers(1, 40)))
        placed = np.zeros_like(whole)
        placed[r0:r0 + mask.shape[0], c0:c0 + mask.shape[1]] = mask
        assert np.array_equal(placed, whole)
        assert np.array_equal(raster.mask_spans(mask) + np.array([r0, c0, c0]), raster.mask_spans(whole))


def test_a_seed_on_a_line_fills_the_line() -> None:
    cells = np.zeros((300, 300), np.uint8)
    cells[150, :] = 1
    r0, c0, mask = raster.window_region(cells, 150, 7)
    assert int(mask.sum()) == 300 and mask[150 - r0].all() and c0 == 0


def _fill_everywhere(mode: str) -> tuple[np.ndarray, list[np.ndarray]]:
    """The page after a picture that crosses the page's edges in ``mode``, filled inside
    and outside, and every Fill record's spans."""
    ran = run_ok(f"""{mode} pu setxy 380 280 pd seth 30
        repeat 40 [fd 97 rt 83] pu home pd repeat 5 [fd 300 rt 144]
        pu setxy 399 0 setpc 4 fill setxy 0 -299 setpc 6 fill setxy 10 10 setpc 2 fill""")
    spans = [rec.spans for rec in ran.world.log if type(rec).__name__ == "Fill"]
    return ran.pixels.copy(), spans


@pytest.mark.parametrize("mode", ["wrap", "window"])
def test_fills_reaching_the_page_edge_match_the_whole_page(mode: str,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    ours, our_spans = _fill_everywhere(mode)

    def whole_page(cells: np.ndarray, row: int, col: int, reach: int = 0):
        return 0, 0, raster.region(cells == cells[row, col], row, col)

    monkeypatch.setattr(raster, "window_region", whole_page)
    theirs, their_spans = _fill_everywhere(mode)
    assert len(our_spans) == len(their_spans) >= 2
    assert all(np.array_equal(a, b) for a, b in zip(our_spans, their_spans, strict=True))
    assert np.array_equal(ours, theirs)
    assert (ours != 255).any(axis=2).mean() > 0.2  # big regions were filled
