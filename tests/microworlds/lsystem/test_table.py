"""The engine against the validation table of shared/spec/lsystems.md: segments drawn,
string lengths, the seed's stage-2 Koch word, closure, where open curves end."""

from __future__ import annotations

import math

import numpy as np
import pytest

from microworlds.lsystem import engine as E
from microworlds.lsystem import rules as R
from microworlds.lsystem import walk as W


def system(axiom: str, productions: dict[str, str], angle: float) -> R.System:
    return R.System(axiom=R.tokenize(axiom),
                    rules=tuple(R.Rule(k, R.tokenize(v)) for k, v in productions.items()),
                    angle=angle)


KOCH = system("F", {"F": "F-F++F-F"}, 60)
# name, system, stage, segments drawn, symbols in the string
TABLE = [
    *[("koch", KOCH, n, 4 ** n, length) for n, length in enumerate([1, 8, 36, 148, 596])],
    *[("snowflake", system("F--F--F", {"F": "F+F--F+F"}, 60), n, 3 * 4 ** n, length)
      for n, length in [(0, 7), (4, 1792)]],
    *[("abop 1.6", system("F-F-F-F", {"F": "F-F+F+FF-F-F+F"}, 90), n, 4 * 8 ** n, length)
      for n, length in [(0, 7), (1, 59), (2, 475), (3, 3803)]],
    ("abop 1.7a", system("F-F-F-F", {"F": "F+FF-FF-F-F+F+FF-F-F+F+FF+FF-F"}, 90), 2, 1296,
     2211),
    ("abop 1.7b", system("-F", {"F": "F+F-F-F+F"}, 90), 4, 625, 1250),
    ("abop 1.24a", system("F", {"F": "F[+F]F[-F]F"}, 25.7), 5, 3125, 7811),
    ("abop 1.24b", system("F", {"F": "F[+F]F[-F][F]"}, 20), 5, 3125, 9373),
    ("abop 1.24c", system("F", {"F": "FF-[-F+F+F]+[+F-F-F]"}, 22.5), 4, 4096, 11116),
    ("abop 1.24d", system("X", {"X": "F[+X]F[-X]+X", "F": "FF"}, 20), 7, 4118, 13956),
    ("abop 1.24e", system("X", {"X": "F[+X][-X]FX", "F": "FF"}, 25.7), 7, 4118, 12863),
    ("abop 1.24f", system("X", {"X": "F-[[X]+X]+F[+FX]-X", "F": "FF"}, 22.5), 5, 1488, 6263),
    *[("brush", system("---F", {"F": "F[+F]F[-F]F"}, 30), n, 5 ** n, length)
      for n, length in enumerate([4, 14, 64, 314, 1564])],
]


def walked(sys_: R.System, n: int, abop: bool = False, heading: float = 90.0):
    s, table = E.expand(sys_, n)
    return s, table, W.walk(s, W.actions_for(table.names, sys_.angle, abop), heading=heading)


@pytest.mark.parametrize("name,sys_,n,segments,length", TABLE,
                         ids=[f"{row[0]}-{row[2]}" for row in TABLE])
def test_segments_and_lengths_match_the_table(name, sys_, n, segments, length):
    s, _, w = walked(sys_, n)
    assert len(s) == length
    assert len(w.segments) == segments
    assert R.segment_count(sys_, n) == segments  # closed form, no string
    assert R.string_length(sys_, n) == length


def test_the_seeds_stage_2_koch_word():
    s, table = E.expand(KOCH, 2)
    assert E.to_text(s, table.names) == "F-F++F-F-F-F++F-F++F-F++F-F-F-F++F-F"


@pytest.mark.parametrize("n", range(6))
def test_koch_ends_at_3_to_the_n_on_the_start_line(n):
    *_, w = walked(KOCH, n)
    assert w.x == pytest.approx(3 ** n, abs=1e-9)
    assert w.y == pytest.approx(0, abs=1e-9)
    assert w.heading == pytest.approx(90)


def test_koch_stage_1_turns_counter_clockwise_first_with_fractree_signs():
    *_, w = walked(KOCH, 1)
    assert w.segments[1, 3] > 0  # "-" turns left: the second segment goes up
    *_, w = walked(KOCH, 1, abop=True)
    assert w.segments[1, 3] < 0  # ABOP's mirror


@pytest.mark.parametrize("row", [r for r in TABLE if r[0] in
                                 ("snowflake", "abop 1.6", "abop 1.7a")],
                         ids=lambda r: f"{r[0]}-{r[2]}")
def test_closed_figures_close(row):
    _, sys_, n, *_ = row
    *_, w = walked(sys_, n)
    assert math.hypot(w.x, w.y) < 1e-9
    seg = w.segments
    assert np.allclose(seg[1:, :2], seg[:-1, 2:], atol=1e-9)  # one unbroken line
    assert np.allclose(seg[0, :2], seg[-1, 2:], atol=1e-9)  # that ends where it began


def test_quadratic_snowflake_ends_3_to_the_n_along_the_start_line():
    sys_ = TABLE[[r[0] for r in TABLE].index("abop 1.7b")][1]
    for n in range(5):
        *_, w = walked(sys_, n, heading=90.0)
        # the axiom's "-" turns the start line north
        assert (w.x, w.y) == pytest.approx((0, 3 ** n), abs=1e-9)


def test_brush_grows_north():
    *_, w = walked(system("---F", {"F": "F[+F]F[-F]F"}, 30), 3)
    top = w.segments[:, [1, 3]].max()
    assert top == pytest.approx(27)
    assert w.segments[:, [0, 2]].min() < 0 < w.segments[:, [0, 2]].max()


def test_koch_stage_30_is_counted_without_the_string():
    assert R.segment_count(KOCH, 30) == 4 ** 30
    assert R.string_length(KOCH, 30) == 1 + 7 * (4 ** 30 - 1) // 3
