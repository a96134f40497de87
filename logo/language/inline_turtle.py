"""The turtle's steps compiled inline: FORWARD, BACK, RIGHT and LEFT of a number.

``fd :n`` in compiled code is the world's own step (``TurtleMoves.forward``) called on
the interpreter's turtle world, with the test the primitive makes on its input (a
number within a screen coordinate's range, an angle that is finite) done in the line;
anything else (a word, a list, an infinite angle) goes to the primitive at a call site
of its own, which gives its result or UCBLogo's error.  A number typed in the line is
tested when compiling.  So a step costs one Python call, not two, and no test of a value
the primitive never outputs.  The forms are statements (STATEMENTS in inline_prims.py):
a turtle step outputs nothing.  Errors inside the step (a fence, no turtle talked to)
pass through the step's own call site, which names what was typed and the line.
"""

from __future__ import annotations

from typing import Any

from . import whole_inputs
from .inline_inputs import In, inputs, only_slow, slow_of
from .nodes import Call, VarRef

MAXLOGOINT = 0x7FFFFFFF  # coerce.MAXLOGOINT: the farthest a distance may go
ANGLE = 2 ** 53  # graphics.ANGLE: an integer angle up to this passes as it is


def forward(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    return _step(x, node, args, "forward", 1.0)


def back(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    return _step(x, node, args, "forward", -1.0)


def right(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    return _step(x, node, args, "right", 1)


def left(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    return _step(x, node, args, "right", -1)


def _step(x: Any, node: Call, args: list[str], method: str, sign: float) -> str | None:
    if getattr(x.c.I, "recover", None) is not None:  # ERRACT: the primitive's own call
        return None
    from ..primitives.graphics import world
    from ..turtle.moves import TurtleMoves

    (v,) = ins = inputs(x, node, args)
    slow = slow_of(x, node, ins)
    step = x.em.site(getattr(TurtleMoves, method), node.name)
    on = f"I.turtle_world or {x.em.site(world, node.name)}(I)"
    if v.known is not None:  # a number typed: tested now
        ok = _passes(method, v.value) if v.known is not str else None
        if ok is None:
            return only_slow(ins, slow)
        return f"{step}({on}, {(ok if sign > 0 else -ok)!r})"
    fast = f"{step}({on}, {_value(method, v, sign)})"
    if isinstance(node.args[0], VarRef) and whole_inputs.is_float(x.em, node.args[0]):
        return f"({fast} if {_float_test(method, v)} else {slow})"  # (a float: no type test)
    return f"({fast} if {_test(method, v)} else {slow})"


def _passes(method: str, value: Any) -> Any:
    """The step's input for a number typed (before BACK's and LEFT's sign), or None
    when the primitive must decide."""
    if method == "forward":
        return float(value) if -MAXLOGOINT <= value <= MAXLOGOINT else None
    if type(value) is float:
        return value if value - value == 0.0 else None
    return value if -ANGLE <= value <= ANGLE else None


def _value(method: str, v: In, sign: float) -> str:
    """The step's input: the number itself (a whole number within a screen coordinate's
    range is exactly its float in every product the step makes, and ``-0`` moves as
    ``-0.0`` does: a step that small is no step)."""
    return v.name if sign > 0 else f"-{v.name}"


def _float_test(method: str, v: In) -> str:
    """The test of an input proven a float (``whole_inputs``: a direct body's typed copy)."""
    if method == "forward":
        return f"{-MAXLOGOINT}.0 <= {v.first} <= {MAXLOGOINT}.0"
    return f"{v.first} - {v.name} == 0.0"


def _test(method: str, v: In) -> str:
    t = v.t
    if method == "forward":
        return (f"((({t} := type({v.first})) is float or {t} is int) "
                f"and {-MAXLOGOINT} <= {v.name} <= {MAXLOGOINT})")
    return (f"((({t} := type({v.first})) is float and {v.name} - {v.name} == 0.0) "
            f"or ({t} is int and {-ANGLE} <= {v.name} <= {ANGLE}))")
