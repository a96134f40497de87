"""Logo primitives of the muscle microworld: transfer tables, octal addresses, the page.

    show muscle.transfers [37 297 460] [45 313 464] [41 305 462] 0.6
    show (muscle.transfers [045 451 714] [055 471 720] [051 461 716] 0.6 "octal)
    muscle.setview "side  muscle.showmuscles  muscle.draw "cat

Like ``prims.py`` this module does not import numpy when it is imported.
"""

from __future__ import annotations

from typing import Any

from logo.language.values import LogoList, logo_bool
from logo.primitives.coerce import bad, finite, lst, word
from logo.primitives.registry import primitive

from .prims import _address, _body, checked_address, coefficient_of, redraw, state

VIEW_NAMES = ("iso", "side", "front", "top")


def _octal_address(x: Any) -> tuple[int, int, int]:
    items = lst(x)
    try:
        if len(items) == 3 and all(len(word(v)) < 12 for v in items):
            return checked_address([int(word(v), 8) for v in items], x)
    except ValueError:
        pass
    raise bad(x)


@primitive("muscle.transfers", max_inputs=5)
def transfers(I, a, b, m, l, notation="decimal"):
    """MUSCLE.TRANSFERS A B M l   or   (MUSCLE.TRANSFERS A B M l "octal)
    Outputs the transfer table of contracting the muscle A-B with fixed point M by l:
    [k source destination] items, half M-A (k = 1..|dA|) then half M-B.  With "octal, A B
    M are read and k and the addresses written in octal, as the book prints them."""
    from .contraction import transfer_table

    octal = word(notation).lower() == "octal"
    if not octal and word(notation).lower() != "decimal":
        raise bad(notation)
    read = _octal_address if octal else _address
    pa, pb, pm = read(a), read(b), read(m)
    value = coefficient_of(l)
    import numpy as np  # lazy: the primitives' modules load without numpy

    _, ks, src, dst = transfer_table(np.array(pa), np.array(pb), np.array(pm), value)
    fmt = _octal_word if octal else int
    return LogoList([LogoList([format(int(k), "o") if octal else int(k),
                               LogoList([fmt(int(v)) for v in s]),
                               LogoList([fmt(int(v)) for v in d])])
                     for k, s, d in zip(ks, src, dst)])


def _octal_word(v: int) -> str:
    return ("-" if v < 0 else "") + format(abs(v), "03o")


@primitive("muscle.fromoctal")
def fromoctal(I, address):
    """MUSCLE.FROMOCTAL [x y z]
    Outputs the address written in octal as decimal numbers: [051 461 716] -> [41 305 462]."""
    return LogoList(_octal_address(address))


@primitive("muscle.tooctal")
def tooctal(I, address):
    """MUSCLE.TOOCTAL [x y z]
    Outputs the address in octal, three digits each: [41 305 462] -> [051 461 716]."""
    return LogoList([_octal_word(v) for v in _address(address)])


# --- the page --------------------------------------------------------------------------


@primitive("muscle.draw")
def draw(I, names):
    """MUSCLE.DRAW name   or   MUSCLE.DRAW [name name ...]
    Wipes the page (like CLEAN) and draws the objects as they are now, projected as
    MUSCLE.SETVIEW says and shaded by depth; animations redraw them."""
    items = [word(n) for n in (names if isinstance(names, LogoList) else [names])]
    for n in items:
        _body(I, n)
    state(I).shown = items
    redraw(I)


@primitive("muscle.setview")
def setview(I, view):
    """MUSCLE.SETVIEW view
    "iso (default), "side (from -y), "front (from +x) or "top: how MUSCLE.DRAW projects."""
    v = word(view).lower()
    if v not in VIEW_NAMES:
        raise bad(view)
    state(I).view = v


@primitive("muscle.view")
def view(I):
    """MUSCLE.VIEW
    Outputs the view MUSCLE.DRAW uses."""
    return state(I).view


@primitive("muscle.setarea")
def setarea(I, box):
    """MUSCLE.SETAREA [xmin ymin xmax ymax]   or   MUSCLE.SETAREA []
    MUSCLE.DRAW then centres the picture on that part of the page (turtle steps) and
    fits it there, leaving the rest to the page's widgets; [] is the whole page."""
    values = [float(finite(v)) for v in lst(box)]
    if not values:
        state(I).area = None
        return
    if len(values) != 4 or values[0] >= values[2] or values[1] >= values[3]:
        raise bad(box)
    state(I).area = (values[0], values[1], values[2], values[3])


@primitive("muscle.setcellsize")
def setcellsize(I, steps):
    """MUSCLE.SETCELLSIZE steps
    Draws each cell that many turtle steps wide; 0 (the default) fits the page."""
    value = float(finite(steps))
    if value < 0:
        raise bad(steps)
    state(I).step = value


@primitive("muscle.showmuscles")
def showmuscles(I, flag="true"):
    """MUSCLE.SHOWMUSCLES   or   (MUSCLE.SHOWMUSCLES "false)
    MUSCLE.DRAW then draws the muscles too, as red lines with their fixed points."""
    from logo.primitives.coerce import boolean

    state(I).show_muscles = boolean(flag)


@primitive("muscle.musclesshownp", "muscle.musclesshown?")
def musclesshownp(I):
    """MUSCLE.MUSCLESSHOWNP
    Outputs true when MUSCLE.DRAW draws the muscles."""
    return logo_bool(state(I).show_muscles)
