"""Logo primitives of the muscle microworld (seed 003: voxel shells that contract).

    muscle.box "arm [0 0 0] [40 10 10]          make (or add to) an object
    muscle.add "arm "biceps [0 5 5] [40 5 5]    a muscle A-B (fixed point: the middle)
    muscle.contract "arm "biceps 0.6            its length times 0.6
    muscle.draw "arm                            the object on the page
    show muscle.transfers [37 297 460] [45 313 464] [41 305 462] 0.6

Addresses are ``[x y z]`` lists of integers from -10000 to 10000 (cells; z up).  The state (objects, view)
lives on the interpreter as ``I.parts["muscle"]``.  This module does not import numpy:
the registry imports it when a program first uses a ``muscle.`` name; the numpy core is
imported on first use (``voxels.py``, ``shapes.py``, ``contraction.py``, ``body.py``, ``view.py``).  The
transfer table and the page's primitives are in ``prims_page.py``.
"""

from __future__ import annotations

import math
from typing import Any

from logo.language.errors import LogoError
from logo.language.values import LogoList
from logo.primitives.coerce import bad, finite, in_range, integer, lst, word
from logo.primitives.coerce import seconds as coerce_seconds
from logo.primitives.graphics import logo_number
from logo.primitives.registry import primitive
from logo.session.extensions import Logo
from logo.session.extensions import state as extension_state

FPS = 25  # frames a second when a contraction is animated


class MuscleWorld:
    """One interpreter's objects and view settings."""

    def __init__(self) -> None:
        self.bodies: dict[str, Any] = {}
        self.view = "iso"
        self.step = 0.0  # turtle steps a cell; 0 = fit the page
        self.show_muscles = False
        self.area: tuple[float, float, float, float] | None = None  # MUSCLE.SETAREA
        self.shown: list[str] = []  # what muscle.draw showed last (redrawn by animations)


def state(I: Logo) -> MuscleWorld:
    """This interpreter's muscle world (made on first use: see ``__init__.py``)."""
    return extension_state(I, "muscle")




MAX_ADDRESS = 10_000  # an address's coordinates and a radius: -10000 to 10000 cells
MAX_PART_CELLS = 4_000_000  # cells a part may make (its box's surface; volume if solid)


def _address(x: Any) -> tuple[int, int, int]:
    """[x y z]: three whole numbers from -MAX_ADDRESS to MAX_ADDRESS."""
    items = lst(x)
    if len(items) != 3:
        raise bad(x)
    return checked_address([integer(v) for v in items], x)


def checked_address(xyz: list[int], x: Any) -> tuple[int, int, int]:
    """The address, if each coordinate is within MAX_ADDRESS (else doesn't like x)."""
    if not all(-MAX_ADDRESS <= v <= MAX_ADDRESS for v in xyz):
        raise LogoError("doesnt_like", what=x, hint="hint.range", low=-MAX_ADDRESS,
                        high=MAX_ADDRESS)
    return (xyz[0], xyz[1], xyz[2])


def _part_cells(part: Any) -> float:
    """About how many cells a part makes at most: the surface of its bounding box, or
    its volume when it is solid."""
    lo, hi = part.bbox()
    a, b, c = (float(v) + 1 for v in hi - lo)
    return a * b * c if part.solid else 2 * (a * b + b * c + c * a)


def _body(I: Any, name: Any, make: bool = False) -> Any:
    key = word(name).lower()
    body = state(I).bodies.get(key)
    if body is None:
        if not make:
            raise LogoError("doesnt_like", what=name, hint="hint.no_object_named")
        from .body import Body

        body = state(I).bodies[key] = Body(word(name))
    return body


def _muscle(I: Any, name: Any, mname: Any) -> Any:
    mus = _body(I, name).muscle(word(mname))
    if mus is None:
        raise LogoError("doesnt_like", what=mname, hint="hint.no_muscle", object=name)
    return mus


def _fill(fill: Any) -> bool:
    f = word(fill).lower()
    if f not in ("shell", "solid"):
        raise bad(fill)
    return f == "solid"


def _part(I: Any, name: Any, kind: str, a: Any, b: Any, radius: Any, content: Any,
          fill: Any) -> None:
    from .shapes import Part

    r = in_range(radius, 0, MAX_ADDRESS)
    part = Part(kind, a, b, r, _content(content), _fill(fill))
    if _part_cells(part) > MAX_PART_CELLS:
        raise LogoError("doesnt_like", what=radius if kind == "sphere" else b,
                        hint="hint.part_too_big", most=MAX_PART_CELLS)
    _body(I, name, make=True).add_part(part)


MAX_COEFFICIENT = 100.0  # a muscle stretched at most 100 times its rest length


def coefficient_of(x: Any) -> float:
    """A muscle's length coefficient l: more than 0, at most MAX_COEFFICIENT."""
    value = in_range(x, 0, MAX_COEFFICIENT)
    if not value > 0:
        raise bad(x)
    return value


def _content(x: Any) -> float:
    """A cell's content: a colour number (finite)."""
    return float(finite(x))


# --- making objects --------------------------------------------------------------------


@primitive("muscle.box", max_inputs=5)
def box(I, name, corner1, corner2, content=25, fill="shell"):
    """MUSCLE.BOX name [x y z] [x y z]   or   (MUSCLE.BOX name corner corner content "solid)
    Adds a box (corners included) to the object, made if new: its shell of cells, or all
    its cells with "solid.  Content is a colour number (default 25)."""
    _part(I, name, "box", _address(corner1), _address(corner2), 0, content, fill)


@primitive("muscle.sphere", max_inputs=5)
def sphere(I, name, centre, radius, content=25, fill="shell"):
    """MUSCLE.SPHERE name [x y z] radius   or   (MUSCLE.SPHERE name centre radius content fill)
    Adds a ball to the object (its shell, or solid with "solid)."""
    c = _address(centre)
    _part(I, name, "sphere", c, c, radius, content, fill)


@primitive("muscle.cylinder", max_inputs=6)
def cylinder(I, name, end1, end2, radius, content=25, fill="shell"):
    """MUSCLE.CYLINDER name [x y z] [x y z] radius   or   (... content fill)
    Adds a cylinder with flat ends around the axis end1-end2."""
    _part(I, name, "cylinder", _address(end1), _address(end2), radius, content, fill)


@primitive("muscle.cat", max_inputs=3)
def cat(I, name, content=25, fill="shell"):
    """MUSCLE.CAT name   or   (MUSCLE.CAT name content fill)
    Adds a cat-like body (about 97 x 25 x 69 cells, standing on z = 0, head toward +x)."""
    from .body import cat_parts

    body = _body(I, name, make=True)
    for part in cat_parts(_content(content), _fill(fill)):
        body.add_part(part)


@primitive("muscle.setcell")
def setcell(I, name, address, content):
    """MUSCLE.SETCELL name [x y z] content
    Puts one cell with that content on top of the stack at the address (at rest)."""
    _body(I, name, make=True).put(_address(address), _content(content))


@primitive("muscle.move")
def move(I, name, offset):
    """MUSCLE.MOVE name [dx dy dz]
    Moves the whole object, its muscles too, by that many cells."""
    _body(I, name).translate(_address(offset))


@primitive("muscle.objects")
def objects(I):
    """MUSCLE.OBJECTS
    Outputs the names of the objects."""
    return LogoList([b.name for b in state(I).bodies.values()])


@primitive("muscle.forget")
def forget(I, name):
    """MUSCLE.FORGET name
    Removes the object."""
    _body(I, name)
    del state(I).bodies[word(name).lower()]


@primitive("muscle.cells")
def cells(I, name):
    """MUSCLE.CELLS name
    Outputs how many cells the object has (the sum of its stack sizes)."""
    return len(_body(I, name).rest()[0])


# --- muscles ---------------------------------------------------------------------------


@primitive("muscle.add", max_inputs=5)
def add(I, name, mname, a, b, m=None):
    """MUSCLE.ADD name muscle [x y z] [x y z]   or   (MUSCLE.ADD name muscle A B M)
    Gives the object an invisible muscle from A to B with fixed point M (default: the
    middle; M must lie between A and B, and may be A or B)."""
    import numpy as np

    from .body import Muscle
    from .contraction import check_muscle, default_fixed_point

    pa, pb = _address(a), _address(b)
    if m is not None:
        pm = _address(m)
    else:
        fixed = default_fixed_point(np.array(pa), np.array(pb))
        pm = (int(fixed[0]), int(fixed[1]), int(fixed[2]))
    try:
        check_muscle(np.array(pa), np.array(pb), np.array(pm))
    except ValueError:  # check_muscle's one complaint
        raise LogoError("doesnt_like", what=m, hint="hint.fixed_point") from None
    _body(I, name).add_muscle(Muscle(word(mname), pa, pb, pm))


@primitive("muscle.remove")
def remove(I, name, mname):
    """MUSCLE.REMOVE name muscle
    Takes the muscle out of the object's list of muscles."""
    _muscle(I, name, mname)
    _body(I, name).remove_muscle(word(mname))


@primitive("muscle.muscles")
def muscles(I, name):
    """MUSCLE.MUSCLES name
    Outputs the names of the object's muscles."""
    return LogoList([m.name for m in _body(I, name).muscles.values()])


@primitive("muscle.info")
def info(I, name, mname):
    """MUSCLE.INFO name muscle
    Outputs [A B M l r0 r1]: the muscle's ends, fixed point, coefficient and reach."""
    m = _muscle(I, name, mname)
    return LogoList([LogoList(m.a), LogoList(m.b), LogoList(m.m),
                     *(logo_number(v) for v in (m.l, m.r0, m.r1))])


@primitive("muscle.setreach")
def setreach(I, name, mname, r0, r1):
    """MUSCLE.SETREACH name muscle r0 r1
    Cells within r0 of the muscle's line move fully, farther ones less, none past r1."""
    lo, hi = in_range(r0, 0, MAX_ADDRESS), in_range(r1, 0, MAX_ADDRESS)
    if hi < lo:
        raise bad(r1)
    mus = _muscle(I, name, mname)
    mus.r0, mus.r1 = lo, hi
    _body(I, name)._pose = None


@primitive("muscle.l")
def coefficient(I, name, mname):
    """MUSCLE.L name muscle
    Outputs the muscle's coefficient l (1 = at rest, 0.5 = half its length)."""
    return logo_number(_muscle(I, name, mname).l)


@primitive("muscle.contract", max_inputs=4)
def contract(I, name, mname, l, seconds=0):
    """MUSCLE.CONTRACT name muscle l   or   (MUSCLE.CONTRACT name muscle l seconds)
    Sets the muscle's length to l times its rest length (l > 0, up to 100; above 1
    stretches), at once or over that many seconds (0 to 1e9; Stop ends it), redrawing
    what MUSCLE.DRAW showed."""
    _animate(I, _muscle(I, name, mname), coefficient_of(l), coerce_seconds(seconds))


@primitive("muscle.relax", max_inputs=3)
def relax(I, name, mname, seconds=0):
    """MUSCLE.RELAX name muscle   or   (MUSCLE.RELAX name muscle seconds)
    Gives the muscle back its rest length (l = 1); the object takes back its rest shape."""
    _animate(I, _muscle(I, name, mname), 1.0, coerce_seconds(seconds))


def _animate(I: Any, mus: Any, target: float, seconds: float) -> None:
    """Move ``mus.l`` to ``target`` in ``seconds`` of the host's clock, redrawing at up
    to ``FPS`` frames a second (frames are skipped when drawing is slower)."""
    start, t0, frame = mus.l, I.host.now(), 0
    while seconds > 0:
        frame = max(frame + 1, math.floor((I.host.now() - t0) * FPS) + 1)
        I.host.sleep(max(0.0, t0 + frame / FPS - I.host.now()))
        I.check_stop()
        f = (I.host.now() - t0) / seconds
        if f >= 1:
            break
        mus.l = start + (target - start) * f
        redraw(I)
    mus.l = target
    redraw(I)


@primitive("muscle.setmode")
def setmode(I, name, mode):
    """MUSCLE.SETMODE name mode
    "shell (default): muscles move the cells near them;  "line: only the cells on the
    muscle's digital line move, exactly as the book's transfer table says."""
    from .body import MODES

    m = word(mode).lower()
    if m not in MODES:
        raise bad(mode)
    _body(I, name).mode = m


@primitive("muscle.mode")
def mode(I, name):
    """MUSCLE.MODE name
    Outputs "shell or "line."""
    return _body(I, name).mode


@primitive("muscle.bake")
def bake(I, name):
    """MUSCLE.BAKE name
    Makes the object's present shape its rest shape (muscles back to l = 1): the book's
    deforming an object while it is being made."""
    _body(I, name).bake()


# --- queries ---------------------------------------------------------------------------


@primitive("muscle.stack")
def stack(I, name, address):
    """MUSCLE.STACK name [x y z]
    Outputs the contents of the cells at the address now, bottom of the stack first."""
    import numpy as np

    from .voxels import stack_at

    body = _body(I, name)
    pos, level = body.pose()
    found = stack_at(pos, level, body.rest()[1], np.array(_address(address)))
    return LogoList([logo_number(v) for v in found])


@primitive("muscle.cell")
def cell(I, name, address):
    """MUSCLE.CELL name [x y z]
    Outputs the content of the top cell at the address, or [] when it is empty."""
    found = stack(I, name, address)
    return found.last() if len(found) else LogoList()


def redraw(I: Any) -> None:
    """Draw again what MUSCLE.DRAW showed last (nothing if it showed nothing)."""
    s = state(I)
    shown = [s.bodies[n.lower()] for n in s.shown if n.lower() in s.bodies]
    if shown:
        from .drawing import draw_bodies

        draw_bodies(I.world, shown, s.view, s.step, s.show_muscles, s.area)
