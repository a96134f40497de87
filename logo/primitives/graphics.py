"""Turtle graphics primitives (UCBLogo manual chapter 6), with MicroWorlds colours: the
turtle's moves, where it is, how it looks and what it does at the edge.  The pen is in
``graphics_pen.py``, the page (clearing, background, fill, labels, saving) in
``graphics_page.py``.

The turtle world is made on first use by :func:`world` and kept as ``I.turtle_world``; this
module imports nothing heavy, so a program that draws nothing never loads numpy or
pygame.  Colours are MicroWorlds / NetLogo numbers 0-139, names (``"red``, ``"красный``)
or ``[r g b]`` lists (0-255).  Many turtles: see ``microworld_turtles.py``.
"""

from __future__ import annotations

from typing import Any

from ..language.errors import LogoError
from ..language.values import LogoList, logo_bool, parse_number
from .coerce import (
    MAX_PEN,
    MAX_SCRUNCH,
    MAXLOGOINT,
    bad,
    coordinate,
    finite,
    lst,
    num,
    size,
    word,
)
from .registry import primitive

ANGLE = 2 ** 53  # an integer angle up to this passes as it is (number() lets it through)


def world(I: Any) -> Any:
    """The interpreter's turtle world, made on first use (kept as ``I.turtle_world``, a
    plain attribute: every turtle step reads it)."""
    w = I.turtle_world
    if w is None:
        from ..turtle.world import TurtleWorld  # lazy: numpy

        w = I.turtle_world = TurtleWorld()
        w.check_stop = getattr(I, "check_stop", None)  # ARC's long drawings look at Stop
    return w


def number(x: Any) -> int | float:
    """A finite number input (an angle: ``rt 1e400`` is refused)."""
    return finite(x)


def scale(x: Any) -> float:
    """A scrunch factor: finite, not 0, at most a million either way."""
    n = float(finite(x))
    if not (0 < abs(n) <= MAX_SCRUNCH):
        raise bad(x)
    return n


def pen_size(x: Any, given: Any) -> int | float:
    """A pen width (0 to MAX_PEN steps); ``given`` is the input as typed, for the error."""
    try:
        n = size(x, MAX_PEN)
    except LogoError:
        raise bad(given) from None
    return int(n) if n.is_integer() else n


def logo_number(v: Any) -> int | float:
    """A number (numpy's too) as Logo shows it best: a plain float, or an int when
    whole."""
    v = float(v)
    return int(v) if v.is_integer() and abs(v) < 1e15 else v


def point(x: Any) -> tuple[float, float]:
    """A ``[x y]`` input."""
    items = lst(x)
    if len(items) != 2:
        raise bad(x)
    try:
        num(items[0]), num(items[1])
    except LogoError:
        raise bad(x) from None
    return coordinate(items[0]), coordinate(items[1])


def color_input(x: Any) -> Any:
    """A colour input: a number, a colour name, or ``[r g b]``."""
    if type(x) is LogoList:
        if len(x) != 3:
            raise bad(x)
        try:
            return tuple(finite(v) for v in x)
        except LogoError:
            raise bad(x) from None
    if type(x) is str:
        n = parse_number(x)
        return x if n is None else n
    return num(x)


def color_output(value: Any) -> Any:
    return LogoList(value) if isinstance(value, tuple) else value


def target_point(I: Any, x: Any) -> tuple[float, float]:
    """``[x y]`` or the name of a turtle (its position)."""
    if type(x) is LogoList:
        return point(x)
    w = world(I)
    return w.pos(w.turtle(word(x)))


# --- moving ----------------------------------------------------------------------------
@primitive("forward", "fd")
def forward(I, distance):
    """FORWARD distance
    Move the turtle forward, in the direction it faces, by distance turtle steps."""
    w = I.turtle_world or world(I)
    t = type(distance)  # a number in range: coordinate(distance), inlined
    if (t is float or t is int) and -MAXLOGOINT <= distance <= MAXLOGOINT:
        w.forward(float(distance))
    else:
        w.forward(coordinate(distance))


@primitive("back", "bk")
def back(I, distance):
    """BACK distance
    Move the turtle backward, opposite to the direction it faces."""
    w = I.turtle_world or world(I)
    t = type(distance)
    if (t is float or t is int) and -MAXLOGOINT <= distance <= MAXLOGOINT:
        w.forward(-float(distance))
    else:
        w.forward(-coordinate(distance))


@primitive("right", "rt")
def right(I, degrees):
    """RIGHT degrees
    Turn the turtle clockwise by degrees."""
    w = I.turtle_world or world(I)
    t = type(degrees)  # a finite number: number(degrees), inlined
    if (t is float and degrees - degrees == 0.0) or (t is int and -ANGLE <= degrees <= ANGLE):
        w.right(degrees)
    else:
        w.right(number(degrees))


@primitive("left", "lt")
def left(I, degrees):
    """LEFT degrees
    Turn the turtle counterclockwise by degrees."""
    w = I.turtle_world or world(I)
    t = type(degrees)
    if (t is float and degrees - degrees == 0.0) or (t is int and -ANGLE <= degrees <= ANGLE):
        w.right(-degrees)
    else:
        w.right(-number(degrees))


@primitive("setpos")
def setpos(I, pos):
    """SETPOS [x y]
    Move the turtle to the point (x, y), drawing a line if the pen is down."""
    if type(pos) is LogoList and len(pos) == 2:  # two numbers in range: point(pos), inlined
        x, y = pos[0], pos[1]
        tx, ty = type(x), type(y)
        if ((tx is float or tx is int) and (ty is float or ty is int)
                and -MAXLOGOINT <= x <= MAXLOGOINT and -MAXLOGOINT <= y <= MAXLOGOINT):
            (I.turtle_world or world(I)).set_pos(float(x), float(y))
            return
    x, y = point(pos)
    world(I).set_pos(x, y)


@primitive("setxy")
def setxy(I, x, y):
    """SETXY x y
    Move the turtle to the point (x, y)."""
    world(I).set_pos(coordinate(x), coordinate(y))


@primitive("setx")
def setx(I, x):
    """SETX x
    Move the turtle horizontally to x; its y stays."""
    world(I).set_pos(coordinate(x), None)


@primitive("sety")
def sety(I, y):
    """SETY y
    Move the turtle vertically to y; its x stays."""
    world(I).set_pos(None, coordinate(y))


@primitive("setheading", "seth")
def setheading(I, degrees):
    """SETHEADING degrees
    Turn the turtle to face degrees: 0 is north (up), 90 east, clockwise."""
    world(I).set_heading(number(degrees))


@primitive("home")
def home(I):
    """HOME
    Move the turtle to the centre (0, 0), facing north; draws if the pen is down."""
    world(I).home()


@primitive("arc")
def arc(I, angle, radius):
    """ARC angle radius
    Draw an arc of a circle of radius around the turtle, starting at its heading and
    going clockwise for a positive angle.  The turtle does not move."""
    world(I).arc(float(number(angle)), coordinate(radius))


# --- where is it -----------------------------------------------------------------------
@primitive("pos")
def pos(I):
    """POS
    Output the turtle's position as a list [x y]."""
    x, y = world(I).pos()
    return LogoList([logo_number(x), logo_number(y)])


@primitive("xcor")
def xcor(I):
    """XCOR
    Output the turtle's x coordinate."""
    return logo_number(world(I).pos()[0])


@primitive("ycor")
def ycor(I):
    """YCOR
    Output the turtle's y coordinate."""
    return logo_number(world(I).pos()[1])


@primitive("heading")
def heading(I):
    """HEADING
    Output the direction the turtle faces, in degrees: 0 north, 90 east (0 to 360)."""
    return logo_number(world(I).first().heading)


@primitive("towards")
def towards(I, target):
    """TOWARDS [x y]   or   TOWARDS turtlename
    Output the heading that would point the turtle at the point (or at that turtle)."""
    x, y = target_point(I, target)
    return logo_number(world(I).towards(x, y))


@primitive("distance")
def distance(I, target):
    """DISTANCE [x y]   or   DISTANCE turtlename
    Output the distance from the turtle to the point (or to that turtle)."""
    x, y = target_point(I, target)
    return logo_number(world(I).distance(x, y))


@primitive("scrunch")
def scrunch(I):
    """SCRUNCH
    Output [xscale yscale], the factors that stretch the turtle's steps."""
    w = world(I)
    return LogoList([logo_number(w.xs), logo_number(w.ys)])


@primitive("setscrunch")
def setscrunch(I, xscale, yscale):
    """SETSCRUNCH xscale yscale
    Stretch turtle steps: a step is xscale pixels across and yscale pixels up."""
    world(I).set_scrunch(scale(xscale), scale(yscale))


# --- the turtle's look and the edge ----------------------------------------------------
@primitive("showturtle", "st")
def showturtle(I):
    """SHOWTURTLE
    Make the turtle visible."""
    world(I).show(True)


@primitive("hideturtle", "ht")
def hideturtle(I):
    """HIDETURTLE
    Make the turtle invisible (it still draws)."""
    world(I).show(False)


@primitive("shownp", "shown?")
def shownp(I):
    """SHOWNP
    Output true if the turtle is visible."""
    return logo_bool(world(I).first().shown)


@primitive("wrap")
def wrap(I):
    """WRAP
    A turtle that leaves the page comes back on the other side (the default)."""
    world(I).set_mode("wrap")


@primitive("window")
def window(I):
    """WINDOW
    The turtle may leave the page; what it draws there is not seen."""
    world(I).set_mode("window")


@primitive("fence")
def fence(I):
    """FENCE
    The page has a fence: a move past the edge stops there with "Turtle out of bounds"."""
    world(I).set_mode("fence")


@primitive("turtlemode")
def turtlemode(I):
    """TURTLEMODE
    Output the edge mode: wrap, window or fence."""
    return world(I).mode
