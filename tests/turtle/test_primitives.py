"""The graphics primitives, called as the evaluator will call them (with a stand-in ``I``)."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from logo.language.errors import LogoError
from logo.language.values import LogoList, print_form
from logo.primitives import graphics, graphics_page, graphics_pen
from logo.primitives import microworld_turtles as mt
from logo.primitives.registry import Registry
from tests.support import ROOT, run_python

# the graphics chapter's three modules (the turtle, the pen, the page) as one
g = SimpleNamespace(**{**vars(graphics_pen), **vars(graphics_page), **vars(graphics)})


class FakeInterp:
    """What the graphics primitives use of the interpreter."""

    def __init__(self, base: Path | None = None):
        self.ran: list[tuple[str, LogoList]] = []
        self.base = base
        self.turtle_world = None  # made by the first turtle primitive
        self.page_widgets = None
        self.registry = Registry()  # (no microworld loaded: cs tells none)

    def run(self, instructions):
        self.ran.append((mt.who(self), instructions))
        g.forward(self, 10)

    def resolve_path(self, path: str) -> str:
        return str(self.base / path) if self.base else path


@pytest.fixture(name="I")
def interp():
    """Called ``I`` in the tests, as the evaluator's interpreter is."""
    return FakeInterp()


def test_registry_accepts_both_modules():
    reg = Registry()
    reg.add_module(g, "graphics")
    reg.add_module(mt, "microworld")
    for name in ["fd", "forward", "bk", "rt", "lt", "setpos", "setxy", "setx", "sety",
                 "seth", "setheading", "home", "arc", "pos", "xcor", "ycor", "heading",
                 "towards", "distance", "st", "ht", "shownp", "shown?", "wrap", "window",
                 "fence", "scrunch", "setscrunch", "setbg", "bg", "cg", "clearscreen", "cs",
                 "clean", "fill", "stamp", "label", "setlabelheight", "setpensize",
                 "pensize", "pu", "pd", "pe", "px", "penreverse", "pendownp", "pendown?",
                 "penmode", "setc", "setcolor", "setpc", "setpencolor", "color",
                 "pencolor", "colorunder", "newturtle", "talkto", "tto", "ask", "everyone",
                 "who", "turtles", "removeturtle", "setsh", "setshape", "shape",
                 "savepict", "savesvg"]:
        assert reg.get(name) is not None, name
    assert reg.get("remove") is None  # UCBLogo's data primitive keeps that name
    assert reg.get("fd").min_inputs == 1 and reg.get("fd").needs_interp
    assert reg.get("setxy").default_inputs == 2 and reg.get("ask").default_inputs == 2


def test_docstrings_start_with_usage():
    reg = Registry()
    reg.add_module(g, "graphics")
    reg.add_module(mt, "microworld")
    for spec in reg.specs:
        first = spec.doc.splitlines()[0]
        assert first.split()[0] == spec.name.upper(), spec.name


def test_graphics_module_imports_nothing_heavy():
    code = ("import sys; import logo.primitives.graphics, logo.primitives.microworld_turtles;"
            "print('numpy' in sys.modules, 'pygame' in sys.modules)")
    out = run_python("-c", code).stdout.split()
    assert out == ["False", "False"]


def test_drawing_without_labels_never_imports_pygame(tmp_path):
    picture = str(tmp_path / "page.png")  # (never a system path: saves replace files)
    code = ("import sys; from logo.turtle.world import TurtleWorld; w = TurtleWorld();"
            f"w.forward(10); w.fill(); w.stamp(); w.save_png({picture!r});"
            "print('pygame' in sys.modules)")
    out = run_python("-c", code).stdout.split()
    assert out == ["False"]


def test_no_window_or_event_code_in_the_core():
    for path in [*(ROOT / "logo" / "turtle").glob("*.py"),
                 *(ROOT / "logo" / "primitives").glob("graphics*.py"),
                 ROOT / "logo" / "primitives" / "microworld_turtles.py"]:
        text = path.read_text("utf-8")
        assert "pygame.display" not in text and "pygame.event" not in text, path


def test_moves_and_queries(I):
    g.forward(I, 100)
    g.right(I, 90)
    g.forward(I, "50")
    assert g.pos(I) == LogoList([50, 100]) and g.heading(I) == 90
    assert type(g.xcor(I)) is int and g.ycor(I) == 100
    g.left(I, 30)
    g.back(I, 10)
    g.setheading(I, -90)
    assert g.heading(I) == 270
    g.setxy(I, 3, 4)
    assert g.distance(I, LogoList([0, 0])) == 5
    assert g.towards(I, LogoList([3, 10])) == 0
    g.setpos(I, LogoList([-30, 40]))
    g.home(I)
    assert g.pos(I) == LogoList([0, 0]) and g.heading(I) == 0
    g.arc(I, 180, 30)
    assert g.pos(I) == LogoList([0, 0])
    g.setscrunch(I, 2, 1)
    assert g.scrunch(I) == LogoList([2, 1])


def test_bad_inputs(I):
    with pytest.raises(LogoError) as e:
        g.setpos(I, LogoList([1]))
    assert e.value.kind == "doesnt_like"
    with pytest.raises(LogoError):
        g.forward(I, "ten")
    with pytest.raises(LogoError):
        g.setpencolor(I, "nosuchcolour")
    with pytest.raises(LogoError):
        g.setpencolor(I, LogoList([1, 2]))
    with pytest.raises(LogoError):
        g.setlabelheight(I, 0)


def test_colours(I):
    g.setpencolor(I, "red")
    assert g.pencolor(I) == 15
    g.setpencolor(I, "4.4")
    assert g.pencolor(I) == 4.4
    g.setpencolor(I, LogoList([100, 0, 0]))  # UCBLogo's percentages: full red
    assert graphics.world(I).first().rgb == (255, 0, 0)
    assert print_form(g.pencolor(I)) == "99.6108949416342 0 0"  # as UCBLogo prints it
    g.setbg(I, "черный")
    assert g.bg(I) == 0
    g.setpencolor(I, 5)
    g.fill(I)
    assert g.colorunder(I) == 5


def test_pen(I):
    assert g.pendownp(I) == "true" and g.penmode(I) == "paint"
    g.penup(I)
    assert g.pendownp(I) == "false"
    g.penerase(I)
    assert g.pendownp(I) == "true" and g.penmode(I) == "erase"
    g.penreverse(I)
    assert g.penmode(I) == "reverse"
    g.penup(I)
    g.pendown(I)  # UCBLogo: PENDOWN keeps the mode
    assert g.penmode(I) == "reverse"
    g.penpaint(I)
    assert g.penmode(I) == "paint"
    g.setpensize(I, 3)
    assert g.pensize(I) == LogoList([3, 3])
    g.setpensize(I, LogoList([2, 2]))
    assert g.pensize(I) == LogoList([2, 2])
    g.hideturtle(I)
    assert g.shownp(I) == "false"
    g.showturtle(I)
    assert g.shownp(I) == "true"


def test_edge_modes(I):
    g.fence(I)
    assert g.turtlemode(I) == "fence"
    with pytest.raises(LogoError) as e:
        g.forward(I, 1000)
    assert e.value.kind == "out_of_bounds" and e.value.code == 3
    assert g.pos(I) == LogoList([0, 300])
    g.window(I)
    g.forward(I, 1000)
    assert g.pos(I) == LogoList([0, 1300])
    g.wrap(I)
    assert g.pos(I) == LogoList([0, 100])


def test_page_commands(I):
    g.forward(I, 50)
    g.clean(I)
    assert g.pos(I) == LogoList([0, 50])
    g.stamp(I)
    g.label(I, LogoList(["hello", "мир"]))
    g.setlabelheight(I, 20)
    assert g.world(I).label_height == 20
    g.clearscreen(I)
    assert g.pos(I) == LogoList([0, 0])


def test_many_turtles(I):
    mt.newturtle(I, "t2")
    mt.newturtle(I, "Bob")
    assert mt.turtles(I) == LogoList(["t1", "t2", "Bob"])
    assert mt.who(I) == "t1"
    mt.talkto(I, LogoList(["t1", "t2"]))
    assert mt.who(I) == LogoList(["t1", "t2"])
    g.forward(I, 5)
    mt.ask(I, "bob", LogoList(["fd", 10]))
    assert I.ran == [("Bob", LogoList(["fd", 10]))]
    assert mt.who(I) == LogoList(["t1", "t2"])
    world = g.world(I)
    assert world.turtle("bob").y == 10 and world.turtle("t1").y == 5
    I.ran.clear()
    mt.everyone(I, LogoList(["fd", 1]))
    assert [name for name, _ in I.ran] == ["t1", "t2", "Bob"]
    assert world.turtle("t2").y == 15
    mt.removeturtle(I, "t2")
    assert mt.who(I) == "t1" and mt.turtles(I) == LogoList(["t1", "Bob"])
    mt.setshape(I, "star")
    assert mt.shape(I) == "star"
    assert g.towards(I, "Bob") == 0 and g.distance(I, "bob") == 5


def test_saving(tmp_path):
    I = FakeInterp(tmp_path)
    g.forward(I, 50)
    g.savepict(I, "a.png")
    g.savepict(I, "b.svg")
    g.savesvg(I, "c.svg")
    assert (tmp_path / "a.png").read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "b.svg").read_text().startswith("<svg")
    assert (tmp_path / "c.svg").exists()
    with pytest.raises(LogoError) as e:
        g.savepict(I, "no/such/folder/x.png")
    assert e.value.code == 18  # File system error


def test_infinite_and_huge_moves(I):
    with pytest.raises(LogoError) as e:
        g.forward(I, float("inf"))
    assert e.value.kind == "out_of_bounds"  # UCBLogo: fd 1e400 is "turtle out of bounds"
    with pytest.raises(LogoError):
        g.right(I, float("nan"))
    g.window(I)
    with pytest.raises(LogoError) as e:
        g.forward(I, 1e10)  # beyond 2**31, as in UCBLogo
    assert e.value.kind == "out_of_bounds"
    g.arc(I, 360, 1e9)  # a huge arc wholly off the page draws nothing, quickly
    assert g.pos(I) == LogoList([0, 0])
