"""Plots and monitors: two more page widgets, state only (the window and the picture
export draw them, ``logo/turtle/plot_picture.py``).

    (newplot "speed [10 100] [300 150])      plotxy "speed 1 0.5
    (plotpen "speed "right 15)                plotpoints "speed  -> [[1 0.5]]
    newmonitor "level [10 10] [:level]

A plot keeps its pens in order of making, each with its colour and its points exactly as
given (a number or a numeric word; ``plotpoints`` gives them back unchanged).  A monitor
keeps its instruction list and the text of its last value; the window evaluates it
several times a second between turns, and a picture export evaluates it once
(:func:`refresh_monitors`).  ``source()`` writes a plot back with its pens and every
point, and a monitor with its list, so ``save`` and ``load`` round-trip them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..language import error_text, runtime
from ..language.errors import LogoError
from ..language.values import BAR_SPECIAL, LogoList, print_form, show_form
from .widgets import Widget

PLOT_SIZE = (300, 160)
MONITOR_SIZE = (110, 26)
DEFAULT_PEN = "default"
POINTS_A_LINE = 8  # plotxy instructions on one saved line


@dataclass
class Pen:
    """One pen of a plot: its name, its colour as given (a number or an (r, g, b)
    tuple), the RGB it draws in, and its points as given."""

    name: str
    color: Any = 0
    rgb: tuple[int, int, int] = (0, 0, 0)
    points: list[tuple[Any, Any]] = field(default_factory=list)


@dataclass
class Plot(Widget):
    pens: dict[str, Pen] = field(default_factory=dict)  # by lower-case name
    current: str = DEFAULT_PEN

    def __post_init__(self) -> None:
        if not self.pens:
            self.pens[DEFAULT_PEN] = Pen(DEFAULT_PEN)

    def pen(self) -> Pen:
        return self.pens[self.current.lower()]

    def source(self) -> str:
        """``newplot``, then each pen with its points (the current pen last chosen)."""
        name = quoted(self.name)
        lines = [f'(newplot {name} [{self.x} {self.y}] [{self.w} {self.h}])']
        for pen in self.pens.values():
            if pen.name != DEFAULT_PEN or pen.color != 0:
                lines.append(f'(plotpen {name} {quoted(pen.name)} {_color_text(pen.color)})')
            elif len(self.pens) > 1:
                lines.append(f'plotpen {name} {quoted(pen.name)}')
            for i in range(0, len(pen.points), POINTS_A_LINE):
                lines.append(" ".join(f'plotxy {name} {exact(x)} {exact(y)}'
                                      for x, y in pen.points[i:i + POINTS_A_LINE]))
        if len(self.pens) > 1:
            lines.append(f'plotpen {name} {quoted(self.pen().name)}')
        return "\n".join(lines)


@dataclass
class Monitor(Widget):
    instructions: LogoList = field(default_factory=LogoList)
    text: str = ""  # the last value shown ("" before the first evaluation)

    def source(self) -> str:
        return (f'newmonitor {quoted(self.name)} [{self.x} {self.y}] '
                f'{show_form(self.instructions)}')


def quoted(name: str) -> str:
    """A name as a quoted word a lesson file reads back: in bars if it holds a space,
    a bracket or another delimiter (``"|two words|``)."""
    if name and not any(c in BAR_SPECIAL or c == "|" for c in name):
        return '"' + name
    return '"|' + name.replace("\\", "\\\\").replace("|", "\\|") + "|"


def exact(x: Any) -> str:
    """A point's number as a lesson file writes it: a float in full (Python's shortest
    text that reads back as the same float), an integer or a numeric word as it is."""
    if type(x) is str:
        return '"' + x
    return repr(x) if type(x) is float else str(x)


def _color_text(color: Any) -> str:
    if isinstance(color, tuple):
        return "[" + " ".join(exact(v) for v in color) + "]"
    return exact(color)


def refresh_monitors(I: Any) -> bool:
    """Evaluate every monitor's list now (on the interpreter's thread, between turns):
    its text becomes the value's print form, or the error's text; a stop passes on.
    True when a monitor's text changed."""
    ws = I.page_widgets
    if ws is None:
        return False
    changed = False
    for m in [w for w in ws.items.values() if isinstance(w, Monitor)]:
        text = monitor_text(I, m)
        if text != m.text:
            m.text = text
            changed = True
    if changed:
        ws.changed()
    return changed


def monitor_text(I: Any, m: Monitor) -> str:
    try:
        value = I.run(m.instructions)
    except LogoError as err:
        if err.kind in ("stopped", "timeout", "memory"):
            raise
        return error_text.text(err)
    except (runtime.StopSignal, runtime.OutputSignal, runtime.ThrowSignal):
        return "?"
    return "" if value is None else print_form(value)


def drawn_widgets(I: Any) -> list[Widget]:
    """The plots and monitors a picture of the page shows."""
    ws = I.page_widgets
    if ws is None:
        return []
    with ws.lock:
        return [w for w in ws.items.values() if isinstance(w, Plot | Monitor) and w.visible]


def save_picture(I: Any, path: str, kind: str, evaluate: bool = False) -> None:
    """Save the page (``kind`` "png" or "svg") with its plots and monitors; with
    ``evaluate`` (headless: nothing refreshed them) the monitors are evaluated first."""
    from ..turtle.plot_picture import save_page  # lazy: numpy

    if evaluate:
        refresh_monitors(I)
    save_page(I.world, drawn_widgets(I), path, kind)


def monitors_due(I: Any) -> bool:
    """Has the page a monitor (the window then refreshes them several times a second)?"""
    ws = I.page_widgets
    return ws is not None and any(isinstance(w, Monitor) for w in list(ws.items.values()))
