"""Sliders, buttons and text boxes: their state, with no drawing (the window draws them).

A lesson file declares them (``newslider "delta [10 10] 0 180 80``) and they exist
headless too: a slider's name is a reporter of its value and ``set<name> v`` sets it;
a text box's name reports its text.  ``Widgets.source()`` writes them back as the Logo
lines that make them again, so ``save`` and ``load`` round-trip a page.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from ..language.values import LogoList, format_number, print_form, show_form

SLIDER_SIZE = (150, 44)
BUTTON_SIZE = (100, 30)
TEXT_SIZE = (200, 100)


@dataclass
class Widget:
    """Common to every widget: a unique name and a rectangle in page pixels, where
    (0, 0) is the page's top-left corner."""

    name: str
    x: int
    y: int
    w: int
    h: int
    visible: bool = True

    def rect(self) -> tuple[int, int, int, int]:
        return self.x, self.y, self.w, self.h


@dataclass
class Slider(Widget):
    minimum: float = 0
    maximum: float = 100
    value: float = 50
    step: float = 1

    def set_value(self, v: float) -> None:
        """Clamp to [minimum, maximum] and snap to the step."""
        v = min(max(v, self.minimum), self.maximum)
        steps = (v - self.minimum) / self.step if self.step > 0 else 0.0
        if self.step > 0 and math.isfinite(steps):  # (a step of 1e-320 does not snap)
            v = self.minimum + round(steps) * self.step
            v = min(v, self.maximum)
            if float(v).is_integer() and float(self.step).is_integer() and \
                    float(self.minimum).is_integer():
                v = int(v)
        self.value = v

    def source(self) -> str:
        nums = " ".join(format_number(n) for n in (self.minimum, self.maximum, self.value,
                                                    self.step))
        return f'(newslider "{self.name} [{self.x} {self.y}] {nums})'


@dataclass
class Button(Widget):
    label: str = ""
    instructions: LogoList = field(default_factory=LogoList)
    forever: bool = False
    running: bool = False  # a forever button that is on

    def source(self) -> str:
        mode = ' "forever' if self.forever else ""
        return (f'(newbutton "{self.name} [{self.x} {self.y}] '
                f'{show_form(self.instructions)}{mode})')


@dataclass
class TextBox(Widget):
    text: str = ""

    def source(self) -> str:
        line = f'newtext "{self.name} [{self.x} {self.y}] [{self.w} {self.h}]'
        if self.text:
            line += f'\nsettext "{self.name} {show_form(LogoList([self.text]))}'
        return line


class Widgets:
    """The page's widgets, by lower-case name, in creation order.

    ``version`` grows on every change so a window knows when to redraw; ``lock`` guards
    changes made from the window's thread while a program runs on another."""

    def __init__(self) -> None:
        self.items: dict[str, Widget] = {}
        self.current_text: TextBox | None = None
        self.version = 0
        self.lock = threading.RLock()
        self.replaced: list[Widget] = []  # the page a file's page replaced (see opening)
        self._old: set[int] | None = None
        self._opening = 0
        # slider values given before the lesson makes its sliders (``logo run --set``):
        # a slider made with one of these names starts at it (the name is then taken out)
        self.presets: dict[str, float] = {}
        self.preset_check: Callable[[Slider, float], None] | None = None  # may refuse one

    def add(self, widget: Widget) -> None:
        with self.lock:
            if self._old:  # the first widget of a file being opened: a new page
                self._clear_old()
            self.items[widget.name.lower()] = widget
            if isinstance(widget, Slider) and widget.name.lower() in self.presets:
                value = self.presets.pop(widget.name.lower())
                if self.preset_check is not None:
                    self.preset_check(widget, value)
                widget.set_value(value)
            self.version += 1

    @contextmanager
    def opening(self) -> Iterator[None]:
        """While a file is loaded: if it makes a widget (it carries its own page, as a
        MicroWorlds project does), the widgets that were on the page before go first, so
        two lessons' pages never overlap; a file that makes none keeps them.  Only the
        outermost of nested loads counts.  The widgets removed are left in ``replaced``."""
        with self.lock:
            self._opening += 1
            if self._opening == 1:
                self._old = {id(w) for w in self.items.values()}
                self.replaced = []
        try:
            yield
        finally:
            with self.lock:
                self._opening -= 1
                if self._opening == 0:
                    self._old = None

    def _clear_old(self) -> None:
        old = self._old or set()
        for key, w in list(self.items.items()):
            if id(w) in old:
                self.replaced.append(w)
                del self.items[key]
                if w is self.current_text:
                    self.current_text = None
        self._old = None

    def remove(self, name: str) -> bool:
        with self.lock:
            w = self.items.pop(name.lower(), None)
            if w is self.current_text:
                self.current_text = None
            self.version += 1
            return w is not None

    def get(self, name: str) -> Widget | None:
        return self.items.get(name.lower())

    def source(self) -> str:
        """The Logo lines that make these widgets again (for ``save``)."""
        return "".join(w.source() + "\n" for w in self.items.values())  # type: ignore[attr-defined]

    def changed(self) -> None:
        self.version += 1


def slider_value_text(s: Slider) -> str:
    """The value as a slider shows it: with as many decimals as its step has (a step of
    0.25 shows 2, a step of 1/6 shows 2 too, never 4.83333333333333), at most 6
    (a smaller step: six significant digits)."""
    step = float(s.step)
    if not s.step or not math.isfinite(step) or isinstance(s.value, int) or \
            (step.is_integer() and float(s.minimum).is_integer()):
        return print_form(s.value)
    decimals = max(0, math.ceil(-math.log10(abs(step)) - 1e-9))
    if abs(round(step, decimals) - step) > 1e-9 * abs(step):
        decimals += 1  # a step that is no round decimal (1/6, 1/3): one digit more
    if decimals > 6:  # a tiny step: six significant digits
        return f"{s.value:.6g}"
    text = f"{s.value:.{decimals}f}"
    return "0" if decimals == 0 and text in ("-0", "0") else text
