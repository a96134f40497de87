"""MicroWorlds page objects made from Logo: sliders, buttons, text boxes, dialogs.

    newslider "name [x y] min max value        (newslider "name [x y] min max value step)
    newbutton "name [x y] [instructions]       (newbutton "name [x y] [instructions] "forever)
    newtext "name [x y] [width height]

A slider's name then reports its value and ``set<name> value`` sets it (``setlevel
level + 1``); a text box's name reports its text.  [x y] is in page pixels from the
page's top-left corner.  The window draws and drags them; headless they are values.
"""

from __future__ import annotations

from typing import Any

from ..language.errors import LogoError
from ..language.values import LogoList, parse_number, print_form
from ..session.quick_text import disarm
from ..session.widgets import BUTTON_SIZE, SLIDER_SIZE, TEXT_SIZE, Button, Slider, TextBox, Widgets
from .coerce import bad, finite, integer, lst, num, word
from .registry import PrimSpec, primitive


def widgets(I: Any) -> Widgets:
    """The interpreter's widgets (made on first use)."""
    ws = I.page_widgets
    if ws is None:
        disarm(I)  # (a text box may be selected now: every write looks: quick_text.py)
        ws = I.page_widgets = Widgets()
    return ws


MAX_WIDGET_POS = 100_000  # pixels from the page's centre


def _position(at: Any) -> tuple[int, int]:
    at = lst(at)
    if len(at) != 2:
        raise bad(at)
    x, y = integer(at[0]), integer(at[1])
    if not (-MAX_WIDGET_POS <= x <= MAX_WIDGET_POS and -MAX_WIDGET_POS <= y <= MAX_WIDGET_POS):
        raise bad(at)  # (the window's rectangles are C ints)
    return x, y


def _new(I: Any, widget: Any) -> None:
    name = widget.name.lower()
    # a button's name is only its label (the fractal lesson has a button and a
    # procedure both named kokh); sliders and text boxes become reporters
    names_a_reporter = not isinstance(widget, Button)
    if names_a_reporter and (I.procedures.get(name) is not None
                             or I.registry.get(name) is not None):
        raise LogoError("already_defined", who=name)
    widgets(I).add(widget)
    I.generation += 1  # the name now means something: recompile


@primitive("newslider", max_inputs=6)
def newslider(I, name, at, minimum, maximum, value, step=1):
    """NEWSLIDER name [x y] min max value   or   (NEWSLIDER name [x y] min max value step)
    Makes a slider; its name reports its value and SETname sets it."""
    x, y = _position(at)
    if finite(step) < 0:
        raise bad(step)
    if finite(minimum) > finite(maximum):  # (a slider from 10 to 5 has no value)
        raise bad(maximum)
    s = Slider(word(name), x, y, *SLIDER_SIZE, minimum=finite(minimum),
               maximum=finite(maximum), step=finite(step))
    s.set_value(finite(value))
    _new(I, s)


@primitive("newbutton", max_inputs=4)
def newbutton(I, name, at, instructions, mode="once"):
    """NEWBUTTON name [x y] instructionlist   or   (NEWBUTTON name [x y] list "forever)
    Makes a button that runs the instructions once (or again and again) when clicked."""
    x, y = _position(at)
    forever = word(mode).lower() in ("forever", "всегда")
    _new(I, Button(word(name), x, y, *BUTTON_SIZE, label=word(name),
                   instructions=lst(instructions), forever=forever))


@primitive("newtext", inputs=3, min_inputs=2, max_inputs=3)
def newtext(I, name, at, size=None):
    """NEWTEXT name [x y] [width height]   or   (NEWTEXT name [x y])
    Makes a text box; PRINT writes into it after TALKTO name; its name reports its text."""
    x, y = _position(at)
    w, h = _position(size) if size is not None else TEXT_SIZE
    _new(I, TextBox(word(name), x, y, w, h))


@primitive("settext")
def settext(I, name, text):
    """SETTEXT textboxname text
    Replaces the text box's text."""
    box = _widget(I, name, TextBox)
    box.text = print_form(text)
    widgets(I).changed()


@primitive("removewidget")
def removewidget(I, name):
    """REMOVEWIDGET name
    Removes a slider, button, text box, plot or monitor from the page."""
    if not widgets(I).remove(word(name)):
        raise bad(name)
    I.generation += 1


@primitive("widgets")
def widget_names(I):
    """WIDGETS
    Outputs the names of the page's widgets (sliders, buttons, text boxes, plots...)."""
    return LogoList([w.name for w in widgets(I).items.values()])


@primitive("setwidgetpos")
def setwidgetpos(I, name, at):
    """SETWIDGETPOS name [x y]
    Moves a widget on the page."""
    w = _widget(I, name, object)
    w.x, w.y = _position(at)
    widgets(I).changed()


@primitive("announce")
def announce(I, text):
    """ANNOUNCE text
    Shows the text in a small dialog (printed when there is no window)."""
    if I.host.has_dialogs:
        I.host.announce(print_form(text))
    else:
        I.write(print_form(text) + "\n")


@primitive("question")
def question(I, text):
    """QUESTION text
    Asks the question in a dialog; ANSWER then outputs what was typed."""
    if I.host.has_dialogs:
        reply = I.host.question(print_form(text))
    else:
        I.write(print_form(text) + "\n")
        reply = I.read_line()
    I.answer = reply if reply is not None else ""


@primitive("answer")
def answer(I):
    """ANSWER
    Outputs the reply to the last QUESTION."""
    return I.answer


def select_text(ws: Widgets, box: TextBox | None) -> None:
    """Make ``box`` the current text box (PRINT writes into it); None: the console."""
    ws.current_text = box
    ws.changed()


def talkto_text(I: Any, who_: Any) -> bool:
    """TALKTO with a text box's name selects that text box (True); with a turtle's name
    it gives PRINT back to the console (False: the turtles are talked to)."""
    ws = I.page_widgets
    if ws is None:
        return False
    box = ws.get(who_) if isinstance(who_, str) else None
    select_text(ws, box if isinstance(box, TextBox) else None)
    return isinstance(box, TextBox)


def _widget(I: Any, name: Any, kind: Any) -> Any:
    w = widgets(I).get(word(name))
    if w is None or not isinstance(w, kind):
        raise bad(name)
    return w


def widget_spec(I: Any, name: str) -> PrimSpec | None:
    """What a widget's name means as a procedure: a slider or text box reports its
    value, ``set<slider>`` sets it; None when the name is no widget's."""
    ws = I.page_widgets
    if ws is None or not ws.items:
        return None
    if name.endswith(",") and isinstance(ws.get(name[:-1]), TextBox):
        box = ws.get(name[:-1])
        return PrimSpec(name=name, fn=lambda: select_text(ws, box), chapter="microworld",
                        doc=f"{name.upper()}\nPRINT now writes into the text box {name[:-1]}.")
    w = ws.get(name)
    if isinstance(w, Slider):
        return PrimSpec(name=name, fn=lambda: w.value, chapter="microworld",
                        doc=f"{name.upper()}\nOutputs the value of the slider {name}.")
    if isinstance(w, TextBox):
        return PrimSpec(name=name, fn=lambda: w.text, chapter="microworld",
                        doc=f"{name.upper()}\nOutputs the text of the text box {name}.")
    if name.startswith("set") and isinstance(ws.get(name[3:]), Slider):
        slider = ws.get(name[3:])
        assert isinstance(slider, Slider)

        def set_slider(value: Any) -> None:
            n = num(value) if not isinstance(value, str) else parse_number(value)
            if n is None:
                raise bad(value)
            slider.set_value(n)
            ws.changed()

        return PrimSpec(name=name, fn=set_slider, min_inputs=1, default_inputs=1,
                        max_inputs=1, chapter="microworld",
                        doc=f"SET{name[3:].upper()} value\nSets the slider {name[3:]}.")
    return None
