"""FOR's variable known to be a whole number in a fast loop (``loop_locals``).

Where FOR's values are a Python ``range`` (whole bounds and step: ``loop_bounds``), every
value the loop gives its variable is a whole number.  Only a process, at an interrupt
check, can give the variable another value meanwhile (``loop_locals.sync`` reads it
again there).  So a flag per fast FOR says whether its variable is whole: set as the
loop starts (its values are a range) and again after each interrupt check (its value
is whole); a form whose input is that variable (ITEM's and SETITEM's index,
REMAINDER's dividend) tests the flag, not the value's type.  A flag made false by a
process's value stays false until the next check: those turns test the type, as
before.
"""

from __future__ import annotations

from typing import Any

from . import whole_inputs
from .inline_inputs import In
from .nodes import Node, VarRef


def start(em: Any, region: Any, for_var: str | None, values: str | None) -> Any:
    """Before a fast FOR's loop: its flag made and set (where its values were named);
    what :func:`end` restores."""
    if region is None or for_var is None or values is None:
        return None
    old = region.wholes.get(for_var)
    region.wholes[for_var] = flag = em.fresh("_W")
    em.emit(f"{flag} = type({values}) is range")
    return (for_var, old)


def end(region: Any, started: Any) -> None:
    if started is None:
        return
    for_var, old = started
    if old is None:
        region.wholes.pop(for_var, None)
    else:
        region.wholes[for_var] = old


def resync(region: Any) -> list[str]:
    """After an interrupt check: each open FOR's flag set again from its variable."""
    latest = dict(region.for_vars)  # (the innermost FOR of a name is the last)
    return [f"{flag} = type({latest[name]}) is int" for name, flag in region.wholes.items()
            if name in latest]


def whole(x: Any, node: Node) -> tuple[str, str] | None:
    """(the flag, the local) where ``node`` reads an open fast FOR's variable."""
    region = x.em.region
    if region is None or not isinstance(node, VarRef):
        return None
    name = node.name.lower()
    flag = region.wholes.get(name)
    latest = dict(region.for_vars)
    if flag is None or name not in latest or region.local(node.name) != latest[name]:
        return None
    return flag, latest[name]


def input_of(x: Any, node: Node, v: In) -> tuple[In, str | None]:
    """The input ``v`` (compiled from ``node``) as the FOR variable's local, and the flag
    to test instead of its type (a direct body's input proven whole: no test at all,
    ``whole_inputs``); else ``v`` and None."""
    found = whole(x, node)
    if found is None:
        if v.known is None and isinstance(node, VarRef) and \
                whole_inputs.read(x.em, node, text := x.em.inputs.get(node.name, "")):
            return In(text, text, None, None, f"_t{text}"), "True"
        return v, None
    flag, local = found
    return In(local, local, None, None, f"_t{local}"), flag
