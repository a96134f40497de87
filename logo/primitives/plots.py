"""Plots and monitors on the page (state: ``session/plots.py``).

    newplot "name [x y]                  (newplot "name [x y] [width height])
    plotxy "name x y                     adds a point to the current pen
    plotpen "name "pen                   (plotpen "name "pen color)   chooses or makes a pen
    plotclear "name                      plotpoints "name  -> [[x y] ...]
    newmonitor "name [x y] [instructions]

A plot's axes stretch to hold all its points; its points are kept exactly as given.  A
monitor shows its instructions' value, evaluated several times a second in the window
(between turns) and once when a picture is exported.
"""

from __future__ import annotations

from typing import Any

from ..language.errors import LogoError
from ..language.values import LogoList
from ..session.plots import DEFAULT_PEN, MONITOR_SIZE, PLOT_SIZE, Monitor, Pen, Plot
from .coerce import bad, finite, lst, word
from .graphics import color_input
from .microworld import _position, widgets
from .registry import primitive

MAX_PLOT_SIZE = 4000  # pixels: a plot's width or height
MAX_POINTS = 200_000  # points in one plot (all its pens): a redraw stays under 0.1 s
PEN_COLORS = (0, 15, 105, 55, 25, 125, 85, 35)  # new pens without a colour, in turn


def _add(I: Any, widget: Any) -> None:
    ws = widgets(I)
    if isinstance(ws.get(widget.name), Plot | Monitor) or ws.get(widget.name) is None:
        ws.add(widget)
    else:  # a slider's or text box's name stays theirs
        raise LogoError("already_defined", who=widget.name.lower())


def _plot(I: Any, name: Any) -> Plot:
    p = widgets(I).get(word(name))
    if not isinstance(p, Plot):
        raise bad(name)
    return p


def _number(x: Any) -> Any:
    """A point's coordinate: a finite number, kept as given (a numeric word stays the
    word, so PLOTPOINTS gives back exactly what PLOTXY was given)."""
    finite(x)
    return x if type(x) is int or type(x) is float else str(x)


@primitive("newplot", inputs=2, min_inputs=2, max_inputs=3)
def newplot(I, name, at, size=None):
    """NEWPLOT name [x y]   or   (NEWPLOT name [x y] [width height])
    Makes a plot on the page (300 x 160 unless given); PLOTXY adds points to it."""
    x, y = _position(at)
    w, h = PLOT_SIZE
    if size is not None:
        w, h = _position(size)
        if not (40 <= w <= MAX_PLOT_SIZE and 30 <= h <= MAX_PLOT_SIZE):
            raise bad(size)
    _add(I, Plot(word(name), x, y, w, h))


@primitive("plotxy")
def plotxy(I, name, x, y):
    """PLOTXY plotname x y
    Adds the point (x, y) to the plot's current pen; the axes stretch to show it."""
    p = _plot(I, name)
    point = (_number(x), _number(y))
    if sum(len(pen.points) for pen in p.pens.values()) >= MAX_POINTS:
        raise LogoError("out_of_space")
    p.pen().points.append(point)
    widgets(I).changed()


@primitive("plotpen", inputs=2, min_inputs=2, max_inputs=3)
def plotpen(I, name, pen, color=None):
    """PLOTPEN plotname penname   or   (PLOTPEN plotname penname color)
    Makes the pen current (made if new); a colour is a number, a name or [r g b]."""
    from ..turtle.palette import resolve_color  # lazy: only once a pen gets a colour

    p = _plot(I, name)
    pen_name = word(pen)
    if pen_name == "" or len(pen_name) > 100:
        raise bad(pen)
    key = pen_name.lower()
    if key not in p.pens:
        if len(p.pens) >= 100:
            raise bad(pen)
        first = p.pens.get(DEFAULT_PEN)
        if len(p.pens) == 1 and first is not None and not first.points:
            del p.pens[DEFAULT_PEN]  # a plot's own pen, never used: the new pen replaces it
        default = PEN_COLORS[len(p.pens) % len(PEN_COLORS)]
        p.pens[key] = Pen(pen_name, default, resolve_color(default)[1])
    if color is not None:
        value, rgb = resolve_color(color_input(color))
        p.pens[key].color, p.pens[key].rgb = value, rgb
    p.current = key
    widgets(I).changed()


@primitive("plotclear")
def plotclear(I, name):
    """PLOTCLEAR plotname
    Takes every point off the plot (its pens stay)."""
    p = _plot(I, name)
    for pen in p.pens.values():
        pen.points.clear()
    widgets(I).changed()


@primitive("plotpoints")
def plotpoints(I, name):
    """PLOTPOINTS plotname
    Outputs the current pen's points as [[x y] ...], each number as PLOTXY was given it."""
    return LogoList([LogoList([x, y]) for x, y in _plot(I, name).pen().points])


@primitive("newmonitor")
def newmonitor(I, name, at, instructions):
    """NEWMONITOR name [x y] instructionlist
    Makes a monitor: it shows the instructions' value, several times a second."""
    x, y = _position(at)
    _add(I, Monitor(word(name), x, y, *MONITOR_SIZE, instructions=lst(instructions)))

