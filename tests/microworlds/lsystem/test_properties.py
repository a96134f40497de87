"""Property tests of the engine: the numpy walk equals a plain symbol-by-symbol walk,
and stage counts follow their closed forms (matrix powers) for any system."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from microworlds.lsystem import engine as E
from microworlds.lsystem import rules as R
from microworlds.lsystem import walk as W

SYMBOLS = "FfG+-|[]*/X"


def reference_walk(text: str, angle: float, heading: float = 90.0):
    """FracTree's turtle, one symbol at a time (the definition the engine must meet)."""
    x = y = 0.0
    h, step = heading, 1.0
    stack, segs = [], []
    for c in text:
        if c in "FGf":
            nx = x + step * math.sin(math.radians(h))
            ny = y + step * math.cos(math.radians(h))
            if c != "f":
                segs.append((x, y, nx, ny))
            x, y = nx, ny
        elif c == "+":
            h += angle
        elif c == "-":
            h -= angle
        elif c == "|":
            h += 180
        elif c == "*":
            step *= 1.1
        elif c == "/":
            step *= 0.9
        elif c == "[":
            stack.append((x, y, h, step))
        elif c == "]" and stack:  # a "]" with nothing saved is ignored
            x, y, h, step = stack.pop()
    return np.array(segs).reshape(-1, 4), x, y, h % 360


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=SYMBOLS, max_size=80), st.sampled_from([60.0, 90.0, 25.7, 22.5, 7.0]))
def test_the_numpy_walk_equals_the_plain_walk(text, angle):
    s, names = E.from_text(text) if text else (np.zeros(0, np.uint8), [])
    w = W.walk(s, W.actions_for(names, angle))
    segs, x, y, h = reference_walk(text, angle)
    assert w.segments.shape == segs.shape
    assert np.allclose(w.segments, segs, atol=1e-9)
    assert math.isclose(w.x, x, abs_tol=1e-9) and math.isclose(w.y, y, abs_tol=1e-9)
    assert math.isclose(math.cos(math.radians(w.heading)), math.cos(math.radians(h)),
                        abs_tol=1e-9)


def test_brackets_keep_position_heading_and_step():
    text = "F[+F*F[-F/F]F]F"
    s, names = E.from_text(text)
    w = W.walk(s, W.actions_for(names, 30))
    segs, *_ = reference_walk(text, 30)
    assert np.allclose(w.segments, segs)
    assert np.allclose((w.x, w.y, w.heading), (2.0, 0.0, 90.0))
    assert np.isclose(np.hypot(*(w.segments[4, 2:] - w.segments[4, :2])), 1.1 * 0.9)


rule_text = st.text(alphabet="FGX+-", min_size=1, max_size=6)


@settings(max_examples=60, deadline=None)
@given(axiom=st.text(alphabet="FGX+-", min_size=1, max_size=4),
       f_rule=rule_text, x_rule=rule_text, n=st.integers(0, 4))
def test_counts_follow_the_closed_form(axiom, f_rule, x_rule, n):
    sys_ = R.System(axiom=tuple(axiom),
                    rules=(R.Rule("F", tuple(f_rule)), R.Rule("X", tuple(x_rule))))
    s, table = E.expand(sys_, n)
    text = E.to_text(s, table.names)
    assert R.string_length(sys_, n) == len(text)
    assert R.segment_count(sys_, n) == text.count("F") + text.count("G")


def test_koch_lengths_follow_their_formula():
    koch = R.System(axiom=("F",), rules=(R.Rule("F", R.tokenize("F-F++F-F")),))
    for n in range(12):
        assert R.string_length(koch, n) == 1 + 7 * (4 ** n - 1) // 3
        assert R.segment_count(koch, n) == 4 ** n
