"""FD, BK, RT and LT compiled inline (language/inline_turtle.py) do what the primitives
do: on every kind of input (typed in the line, whose type is known when compiling, or
held in a variable: whole numbers, floats, big integers, words that are numbers, words
that are not, lists, infinities), in every edge mode, the compiled tier leaves the same
turtles, pixels and drawing log and prints the same values and errors, naming the same
procedure and line, as the interpreting tier, which calls the primitives."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from logo.language import inline_prims, inline_turtle
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.support import run_logo

SETUP = """make "n0 0 make "n3 3 make "nm2 -2 make "f25 2.5 make "fneg -3.7 make "z -0.0
make "big 2147483647 make "past 2147483648 make "huge 9007199254740993 make "w "abc
make "d3 "3 make "d30 "3.0e1 make "l [1 2] make "e " make "inf 1e308 * 10
"""
INPUTS = ["0", "3", "-2", "2.5", "-0.0", "2147483647", "2147483648", "9007199254740993",
          "1e10", '"3', '"x', "[]", "[1]", ":n0", ":n3", ":nm2", ":f25", ":fneg", ":z",
          ":big", ":past", ":huge", ":w", ":d3", ":d30", ":l", ":e", ":inf", "(- :inf)",
          "(sqrt -1)"]
STEPS = ["fd", "bk", "rt", "lt", "forward", "back", "right", "left"]
MOVES = {"fd", "bk", "forward", "back"}


def _program(mode: str, steps: list[str]) -> str:
    lines = "\n".join(f'catch "error [{s}] show error show (list xcor ycor heading)'
                      for s in steps)
    return f"to t\n{lines}\nend\n{SETUP}cs {mode} pd\nt\n"


def _state(ran) -> tuple:
    w = ran.interp.turtle_world
    log = [tuple(v.tolist() if isinstance(v, np.ndarray) else v for v in rec) for rec in w.log]
    turtles = [(t.x, t.y, t.heading, t.wanna_x, t.wanna_y, t.out_of_bounds)
               for t in w.turtles.values()]
    return w.page.pixels.tobytes(), log, turtles, w.changes


def _same_in_both_tiers(text: str) -> None:
    compiled = run_logo(text, tiers="compile")
    interpreted = run_logo(text, tiers="interpret")
    assert compiled.errors == interpreted.errors
    got, want = compiled.printed.splitlines(), interpreted.printed.splitlines()
    for k, (a, b) in enumerate(zip(got, want, strict=True)):
        assert a == b, f"line {k}: compiled {a!r}, primitive {b!r}"
    assert _state(compiled) == _state(interpreted)


FAR = {"2147483647", "2147483648", "9007199254740993", "1e10", ":big", ":past", ":huge"}


@pytest.mark.parametrize("mode", ["wrap", "window", "fence"])
def test_every_step_on_every_input_agrees_with_its_primitive(mode: str) -> None:
    steps = [f"{s} {a}" for s, a in itertools.product(STEPS, INPUTS)
             if not (mode == "wrap" and a in FAR and s in MOVES)]  # (slow to wrap)
    _same_in_both_tiers(_program(mode, steps))


@pytest.mark.parametrize("mode", ["wrap", "window", "fence"])
def test_walks_off_the_edges_agree(mode: str) -> None:
    walk = [f"{s} {a}" for a in ("137", ":f25 * 61", "420.5", ":n3 * 200") for s in
            ("fd", "rt", "bk", "lt")] * 3
    _same_in_both_tiers(_program(mode, walk))


def test_an_error_inside_a_step_names_the_procedure_and_line() -> None:
    text = ("to walk :d\nrt 10\nfd :d\nend\nto turn :a\nlt :a\nend\n"
            "cs fence\nwalk 10\nwalk 1000\nprint pos")
    for tiers in ("compile", "interpret"):
        ran = run_logo(text + "\nturn \"x\nturn 1e400", tiers=tiers)
        assert ran.errors == ("turtle out of bounds\n  in walk (line 3)\n  [fd :d]\n"), tiers
        ran = run_logo("to turn :a\nrt 1\nlt :a\nend\nturn 5\nturn \"x", tiers=tiers)
        assert ran.errors == "lt doesn't like x as input\n  in turn (line 3)\n  [lt :a]\n"
        ran = run_logo("to far\nbk 1e400\nend\nfar", tiers=tiers)
        assert ran.errors == "bk doesn't like 1e400 as input\n  in far (line 2)\n  [bk 1e400]\n" \
            or ran.errors.startswith("turtle out of bounds\n  in far (line 2)")


def test_the_steps_are_statements_of_the_registry() -> None:
    from logo.primitives import graphics

    for fn in (graphics.forward, graphics.back, graphics.right, graphics.left):
        form = inline_prims.form_of(fn)
        assert form in inline_prims.STATEMENTS
        assert inline_prims.takes(form, 1) and not inline_prims.takes(form, 2)
        assert hasattr(inline_turtle, fn.__name__)


def test_a_step_redefined_or_traced_is_not_inlined() -> None:
    text = ("to walk\nrepeat 4 [fd 10 rt 90]\nend\nwalk\ntrace \"fd\nwalk\nuntrace \"fd\n"
            "print pos print heading")
    for tiers in ("compile", "interpret"):
        ran = run_logo(text, tiers=tiers)
        assert ran.printed.endswith("0 0\n0\n"), ran.printed + ran.errors


def test_erract_continue_gives_the_step_its_value() -> None:
    text = 'to walk :d\nfd :d\nprint pos\nend\nmake "erract [pause]\nwalk "x\nprint "after'
    outputs = []
    for tiers in ("compile", "interpret"):
        host = BufferHost(["continue 5"])
        Interpreter(host, tiers=tiers).run_source(text)
        outputs.append(host.output)
    assert outputs[0] == outputs[1]
    assert "Pausing..." in outputs[0] and outputs[0].endswith("0 5\nafter\n")


# --- a thin paint pen's lines (Page.paint_thin) ----------------------------------------
def _ends(rng) -> tuple[float, float, float, float]:
    """A line near the page: short or long, on it, across an edge, wholly off it."""
    x0, y0 = rng.uniform(-480, 480), rng.uniform(-380, 380)
    reach = rng.choice([0.0, 0.4, 1.0, 3.0, 47.0, 49.0, 150.0, 700.0])
    return x0, y0, x0 + rng.uniform(-reach, reach), y0 + rng.uniform(-reach, reach)


@pytest.mark.parametrize("width", [0, 0.5, 1, 1.5])
@pytest.mark.parametrize("scale", [1, 2])
def test_a_thin_paint_pen_draws_the_pixels_of_draw_segment(width: float, scale: int) -> None:
    import random

    from logo.turtle.page import Page

    rng = random.Random(f"{width} {scale}")
    fast, general = Page(scale=scale), Page(scale=scale)
    for i in range(1200):
        x0, y0, x1, y1 = _ends(rng)
        if i % 97 == 0:
            x1 = float("inf") if i % 2 else float("nan")
        rgb = (i % 251, (7 * i) % 253, 40)
        fast.paint_thin(x0, y0, x1, y1, bytes(rgb), rgb, width)
        general.draw_segment(x0, y0, x1, y1, rgb, width, "paint")
        if i % 100 == 0:
            assert (fast.pixels == general.pixels).all(), (i, x0, y0, x1, y1)
    assert (fast.pixels == general.pixels).all()
    assert (fast.pixels == 40).any()


def test_steps_through_every_pen_leave_the_pictures_of_the_general_path() -> None:
    """The fast steps pick paint_thin for a thin paint pen only: a walk changing pens
    (sizes, erase, reverse, colours) and the page's background draws as before."""
    walk = ("cs setbg 3 repeat 40 [fd 17 rt 31 setpensize (remainder repcount 4) / 2 "
            "if 0 = remainder repcount 7 [pe] if 0 = remainder repcount 11 [px] "
            "if 0 = remainder repcount 5 [ppt setpc repcount] bk 3 lt 7]")
    ran = [run_logo(f"to walk\n{walk}\nend\nwalk", tiers=tiers) for tiers in
           ("compile", "interpret")]
    assert _state(ran[0]) == _state(ran[1])
    w = ran[0].interp.turtle_world
    w.log = list(w.log)  # (settled)
    assert np.array_equal(w.render().pixels, w.page.pixels)  # the log replays the page


FLOAT_INPUTS = """to walk :n
  if :n < 2.5 [stop]
  fd :n rt :n bk :n * 2 lt :n - 1 fd :n / 3 rt :n * 0.5
  walk :n * 0.75
end
to far :n
  fd :n rt :n
end
"""


@pytest.mark.parametrize("mode", ["wrap", "window", "fence"])
def test_steps_of_an_input_proven_a_float_agree(mode: str) -> None:
    """A direct body's typed copy for a float input (whole_inputs): FD/BK/RT/LT of the
    input test only its range (or, turning, that it is finite); steps of arithmetic on
    it are compiled as ever."""
    runs = ['catch "error [far 1e10] show error', 'catch "error [far 2147483647.5] show error',
            'catch "error [far 1e308 * 10] show error', 'catch "error [far -0.0] show error',
            'catch "error [far 2147483646.5] show error']
    text = (f"{FLOAT_INPUTS}{SETUP}cs {mode} pd\nwalk 100.5\nwalk 60.25\n"
            + "\n".join(f"{r} show (list xcor ycor heading)" for r in runs) + "\n")
    _same_in_both_tiers(text)
