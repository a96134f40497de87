"""The engine's features: stochastic rules, ABOP's multi-character symbols, symbols
defined through others, fit-to-page, and the Logo primitives."""

from __future__ import annotations

import numpy as np
import pytest

from microworlds.lsystem import engine as E
from microworlds.lsystem import rules as R
from microworlds.lsystem import walk as W
from tests.support import Ran, run_logo, run_ok, run_python


def segments_drawn(ran: Ran) -> np.ndarray:
    from logo.turtle.records import Segment, Segments

    rows = []
    for rec in ran.world.log:
        if isinstance(rec, Segment):
            rows.append(np.array([rec[:4]]))
        elif isinstance(rec, Segments):
            rows.append(rec.xy)
    return np.concatenate(rows) if rows else np.zeros((0, 4))


# --- stochastic rules -----------------------------------------------------------------
STOCHASTIC = R.System(axiom=("F",), rules=(
    R.Rule("F", R.tokenize("F[+F]F[-F]F"), 1), R.Rule("F", R.tokenize("F[+F]F"), 1),
    R.Rule("F", R.tokenize("F[-F]F"), 2)), seed=7)


def test_a_seed_repeats_a_stochastic_system_and_another_seed_differs():
    a, _t = E.expand(STOCHASTIC, 4, rng=np.random.default_rng(7))
    b, _ = E.expand(STOCHASTIC, 4, rng=np.random.default_rng(7))
    c, _ = E.expand(STOCHASTIC, 4, rng=np.random.default_rng(8))
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)


def test_stochastic_choices_follow_the_weights():
    big = R.System(axiom=("F",) * 40000, rules=STOCHASTIC.rules)
    s, t = E.expand(big, 1, rng=np.random.default_rng(1))
    text = E.to_text(s, t.names)
    # each F becomes one of three words; count the words by their first branch sign
    plus_only = text.count("F[+F]F") - text.count("F[+F]F[-F]F")
    shares = np.array([text.count("F[+F]F[-F]F"), plus_only,
                       text.count("F[-F]F") - text.count("F[+F]F[-F]F")]) / 40000
    assert np.allclose(shares, [0.25, 0.25, 0.5], atol=0.02)


def test_counting_a_stochastic_system_is_refused():
    with pytest.raises(R.LSystemError):
        R.segment_count(STOCHASTIC, 2)


# --- ABOP's multi-character symbols ---------------------------------------------------
GOSPER = R.System(axiom=("Fl",), rules=(
    R.Rule("Fl", R.tokenize("Fl+Fr++Fr-Fl--FlFl-Fr+", ["Fl", "Fr"])),
    R.Rule("Fr", R.tokenize("-Fl+FrFr++Fr+Fl--Fl-Fr", ["Fl", "Fr"]))), angle=60)


def test_fl_and_fr_are_two_drawing_symbols():
    assert R.tokenize("F_l+Fr", ["Fl", "Fr"]) == ("Fl", "+", "Fr")
    for n in range(4):
        s, t = E.expand(GOSPER, n)
        w = W.walk(s, W.actions_for(t.names, 60))
        assert len(w.segments) == 7 ** n == R.segment_count(GOSPER, n)
        assert len(s) == R.string_length(GOSPER, n)


def test_symbols_defined_through_known_ones_are_drawn_as_their_definition():
    sys_ = R.System(axiom=R.tokenize("AB"), rules=(R.Rule("A", ("A", "B")),),
                    symbols={"A": R.tokenize("F+F"), "B": R.tokenize("A-")})
    s, t = E.expand(sys_, 1)
    s, names = E.apply_definitions(s, t.names, sys_)
    assert E.to_text(s, names) == "F+FF+F-F+F-"
    assert R.segment_count(sys_, 1) == 6
    circle = R.System(axiom=("A",), symbols={"A": ("B",), "B": ("A",)})
    with pytest.raises(R.LSystemError):
        E.apply_definitions(*E.from_text("A"), circle)


# --- fit to the page ------------------------------------------------------------------
def test_fit_centres_the_picture_and_fills_the_page():
    s, t = E.expand(R.System(axiom=R.tokenize("---F"), rules=(
        R.Rule("F", R.tokenize("F[+F]F[-F]F")),), angle=30), 4)
    w = W.walk(s, W.actions_for(t.names, 30))
    scale, dx, dy = W.fit(w, 800, 600)
    placed = W.placed(w, scale, dx, dy).segments.reshape(-1, 2)
    lo, hi = placed.min(axis=0), placed.max(axis=0)
    assert np.allclose((lo + hi) / 2, 0, atol=1e-9)
    assert hi[1] - lo[1] == pytest.approx(600 * 0.9)  # the tall brush fills the height
    assert hi[0] - lo[0] < 800 * 0.9


# --- the Logo primitives --------------------------------------------------------------
def test_rules_written_in_every_form_mean_the_same():
    out = run_ok("""
print lsystem.expand "X [[X |F[+X]F[-X]+X|] [F FF]] 2
print lsystem.expand "X [[X [F [+X] F [-X] +X]] [F FF]] 2
print lsystem.expand "X [X -> F[+X]F[-X]+X F -> FF] 2
print lsystem.expand "X [[X -> F[+X]F[-X]+X] [F -> FF]] 2
""").lines
    assert len(set(out)) == 1
    assert out[0] == "FF[+F[+X]F[-X]+X]FF[-F[+X]F[-X]+X]+F[+X]F[-X]+X"


def test_draw_outputs_the_segments_drawn_and_moves_the_turtle():
    ran = run_ok("""
pu setpos [-100 0] seth 90 pd
print lsystem.draw lsystem.expand "F [[F F-F++F-F]] 3 60 2
print pos print heading
pu print lsystem.draw "FFF 90 10 print pos
""")
    assert ran.lines == ["64", "-46 0", "90", "0", "-16 0"]
    assert len(segments_drawn(ran)) == 64


def test_count_answers_stage_30_at_once():
    out = run_ok('print lsystem.count "F [[F F-F++F-F]] 30 '
                  'print lsystem.length "X [X -> F[+X]F[-X]+X F -> FF] 7').lines
    assert out == [str(4 ** 30), "13956"]


def test_animate_draws_what_draw_draws():
    word = 'lsystem.expand "X [[X |F[+X]F[-X]+X|] [F FF]] 3'
    a = run_ok(f"setc 15 print lsystem.draw {word} 25 9 print pos print heading")
    b = run_ok(f"setc 15 print (lsystem.animate {word} 25 9 0) print pos print heading")
    assert np.allclose([float(v) for v in " ".join(a.lines).split()],
                       [float(v) for v in " ".join(b.lines).split()], atol=2e-6)
    assert np.allclose(segments_drawn(a), segments_drawn(b), atol=1e-6)
    assert color_of(a) == color_of(b)


def color_of(ran: Ran) -> tuple:
    return ran.world.first().color, ran.world.first().rgb


def test_a_defined_system_plots_fitted_and_repeats_with_its_seed():
    prog = """
lsystem.define "bush [axiom F rules [[F 1 F[+F]F[-F]F] [F 1 F[+F]F] [F 2 F[-F]F]]
                      angle 25.7 seed 3]
print lsystem.plot "bush 4
print lsystem.stage "bush 1
"""
    a = run_ok(prog)
    b = run_ok(prog)
    assert a.lines == b.lines
    box = segments_drawn(a).reshape(-1, 2)
    assert np.all(np.abs(box) <= (400, 300))


def test_abop_signs_mirror_fractree_signs():
    prog = 'lsystem.define "k [axiom F rules [F -> F-F++F-F] angle 60 step 10 {}] ' \
           'cs seth 90 print lsystem.plot "k 1'
    a = run_ok(prog.format(""))
    b = run_ok(prog.format("signs abop"))
    sa, sb = segments_drawn(a), segments_drawn(b)
    assert np.allclose(sa[:, [0, 2]], sb[:, [0, 2]])
    assert np.allclose(sa[:, [1, 3]], -sb[:, [1, 3]])


def test_measure_reports_the_box_of_the_word():
    out = run_ok('print lsystem.measure "F-F++F-F 60').lines
    assert out == ["0 0 3 0.866025404"]


@pytest.mark.parametrize("text,message", [
    ('print lsystem.expand "F [[F]] 2', "doesn't like"),
    ('print lsystem.expand "F [-> F] 2', "doesn't like"),
    ('print lsystem.expand "F [[F F]] -1', "doesn't like"),
    ('print lsystem.count "F [[F 1 F+] [F 1 F-]] 3', "deterministic"),
    ('print lsystem.plot "nothing 2', "doesn't like"),
    ('lsystem.define "x [rules [F -> FF]]', "doesn't like"),
])
def test_mistakes_are_logo_errors(text, message):
    ran = run_logo(text)
    assert not ran.ok and message in ran.errors


def test_the_primitives_module_does_not_import_numpy():
    code = ("import sys, microworlds.lsystem.prims; "
            "print('numpy' in sys.modules)")
    out = run_python("-c", code).stdout.strip()
    assert out == "False"
