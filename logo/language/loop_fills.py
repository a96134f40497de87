"""A FOR loop that only fills an array: ``for [j :from :to :step] [setitem :j :a 0]``.

In a fast loop (``loop_locals``) whose whole body is one SETITEM of a number or a word
typed, at FOR's variable, in an array variable the loop around hoists
(``inline_arrays``), the loop's work is known as it starts: where its values are a
``range`` counting up, the variable holds the hoisted array and every value is one
of the array's indices, each turn would store the same item at the next index and
nothing else (SETITEM of a number or a word cannot fail then, and the body makes no
variable).  The items are then stored in one slice assignment instead of one turn
each.  Anything else (no range, a range counting down or empty, an index out of
bounds, no array, an interrupt pending: Stop, a process's turn) runs the loop as it
was compiled, turn by turn, with its checks and errors.  A slice of an array's items
is no longer than the array: one quick step, as a primitive's is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import depth
from .inline_inputs import literal_type
from .loop_scope import safe_prim
from .nodes import Call, Const, VarRef
from .values import LogoList


def fill(st: Any, region: Any, lists: list[LogoList], for_var: str | None,
         values: str | None) -> tuple[str, str] | None:
    """(the test, the slice assignment) for a loop that only fills an array, else None."""
    if for_var is None or values is None or len(lists) != 1 or \
            st.em.depth > depth.QUICK_DEPTH - 3:
        return None
    body = st.c.parse(lists[0], 0)
    node = body[0] if len(body) == 1 else None
    if not (isinstance(node, Call) and safe_prim(node) and node.target.name == "setitem"
            and len(node.args) == 3):
        return None
    index, array, value = node.args
    if not (isinstance(index, VarRef) and index.name.lower() == for_var and
            isinstance(array, VarRef) and array.name.lower() != for_var and
            array.name in region.arrays and isinstance(value, Const)):
        return None
    text = st.x.expr(value, node.name)
    if literal_type(value, text) is None:
        return None
    held, items, origin, length = region.arrays[array.name]
    local, r = region.names[array.name], values
    test = (f"type({r}) is range and {r}.step > 0 and {local} is {held} and "
            f"{items} is not {held} and "  # (a word held for ITEM is no array)
            f"{origin} <= {r}.start < {r}.stop and {r}[-1] < {origin} + {length} "
            f"and not I.interrupt")
    store = f"{items}[{r}.start - {origin}:{r}[-1] - {origin} + 1:{r}.step] = [{text}] * len({r})"
    return test, store


def either(st: Any, region: Any, lists: list[LogoList], for_var: str | None,
           values: str | None, emit: Callable[[], None]) -> None:
    """The loop (``emit``), or the slice assignment where :func:`fill` applies."""
    made = fill(st, region, lists, for_var, values)
    if made is None:
        emit()
        return
    em = st.em
    em.emit(f"if {made[0]}:")
    em.emit(f"    {made[1]}")
    em.emit("else:")
    em.depth += 1
    try:
        emit()
    finally:
        em.depth -= 1
