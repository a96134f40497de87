"""Many turtles, as in MicroWorlds: named turtles, talkto, ask, everyone, shapes.

Every turtle has its own position, heading, pen and shape.  Turtle commands act on the
turtles being talked to (``talkto``); reporters (``pos``, ``heading``...) read the first
of them.  The first turtle is called ``t1``.

MicroWorlds removes a turtle with ``remove``, but UCBLogo's ``remove`` is a data
primitive (``remove thing list``); here the turtle one is ``removeturtle``.
"""

from __future__ import annotations

from typing import Any

from ..language.values import LogoList
from .coerce import bad, word
from .graphics import world
from .microworld import talkto_text
from .registry import primitive


def names(x: Any) -> list[str]:
    """A turtle name or a list of names."""
    if type(x) is LogoList:
        out = [word(n) for n in x]
        if not out:
            raise bad(x)
        return out
    return [word(x)]


def _names_output(turtles: list[Any]) -> Any:
    return LogoList([t.name for t in turtles])


@primitive("newturtle")
def newturtle(I, name):
    """NEWTURTLE name
    Make a new turtle with that name, at home, facing north, pen down, black."""
    world(I).new_turtle(word(name))


@primitive("removeturtle")
def removeturtle(I, name):
    """REMOVETURTLE name
    Remove the turtle with that name (MicroWorlds' REMOVE)."""
    world(I).remove_turtle(word(name))


@primitive("talkto", "tto")
def talkto(I, who_):
    """TALKTO name   or   TALKTO [name1 name2 ...]
    Turtle commands from now on go to these turtles.  TALKTO a text box's name makes
    PRINT write into that text box (TALKTO a turtle gives PRINT back)."""
    if talkto_text(I, who_):
        return
    world(I).talk_to(names(who_))


@primitive("who")
def who(I):
    """WHO
    Output the name of the turtle being talked to (a list when several are)."""
    current = world(I).current
    if len(current) == 1:
        return current[0].name
    return _names_output(current)


@primitive("turtles")
def turtles(I):
    """TURTLES
    Output a list of the names of all turtles."""
    return _names_output(list(world(I).turtles.values()))


def _run_as(I: Any, turtle_names: list[str], instructions: Any) -> None:
    w = world(I)
    chosen = [w.turtle(n) for n in turtle_names]
    saved = w.current
    try:
        for t in chosen:
            w.current = [t]
            I.run(instructions)
    finally:
        w.current = [t for t in saved if t.name.lower() in w.turtles]


@primitive("ask")
def ask(I, who_, instructions):
    """ASK name instructionlist   or   ASK [name1 name2 ...] instructionlist
    Run the instructions once for each of these turtles, as if talking to it alone;
    then go back to the turtles talked to before."""
    _run_as(I, names(who_), instructions)


@primitive("everyone")
def everyone(I, instructions):
    """EVERYONE instructionlist
    Run the instructions once for each turtle, as ASK does."""
    _run_as(I, [t.name for t in world(I).turtles.values()], instructions)


@primitive("setshape", "setsh")
def setshape(I, shape):
    """SETSHAPE shapename
    Give the turtle a shape: turtle, triangle, arrow, square, circle, dot, star, diamond."""
    world(I).set_shape(word(shape))


@primitive("shape")
def shape(I):
    """SHAPE
    Output the name of the turtle's shape."""
    return world(I).first().shape

