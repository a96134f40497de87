"""Names a loop body computes from a word typed first: a family the loop can tell apart.

``thing word "v :i`` reads a variable whose name WORD makes from the typed word ``v``
and whatever follows: every name it can make starts with ``v`` (in lower case, as the
table keeps names), so it can read no variable whose name does not.  A loop body whose
only computed names are such (THING, NAMEP or MAKE of WORD of a plain word typed first,
or of such a WORD) can still keep its other variables in Python locals
(``loop_scope``/``loop_locals``), as long as none of those starts with a family's
prefix: the family's names are read and made in the table, where they always are.
Only ASCII prefixes count (``str.lower`` of other letters can depend on what follows,
as a Greek final sigma does).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .nodes import Call, Const, Node
from .procedures import Procedure

NAMED = frozenset(("thing", "namep"))  # operations that look a computed name up


def prefix(node: Node, safe: Callable[[Call], bool]) -> str | None:
    """The lower-case text every name ``node`` can compute starts with: WORD (the
    primitive, ``safe``: not traced) whose first input is a plain ASCII word typed, or
    such a WORD; None for anything else."""
    if not (isinstance(node, Call) and not isinstance(node.target, Procedure) and
            node.target.name == "word" and node.args and safe(node)):
        return None
    first = node.args[0]
    if isinstance(first, Const):
        v = first.value
        return v.lower() if type(v) is str and v and v.isascii() else None
    return prefix(first, safe)


def looked_up(node: Node, safe: Callable[[Call], bool]) -> str | None:
    """THING or NAMEP (the primitives, not traced) of a name of a family: its prefix."""
    if not (isinstance(node, Call) and not isinstance(node.target, Procedure) and
            node.target.name in NAMED and len(node.args) == 1 and
            not hasattr(node.target.fn, "__wrapped__") and
            getattr(node.target.fn, "__module__", "") == "logo.primitives.management"):
        return None
    return prefix(node.args[0], safe)


def apart(prefixes: Iterable[str], names: Iterable[str]) -> bool:
    """Does no name (a loop's local: read, made, a FOR's) start with one of the
    prefixes?"""
    ps = tuple(prefixes)
    return not ps or not any(n.lower().startswith(ps) for n in names)


def computed_make(name: str, args: list[Any], safe: Callable[[Call], bool]) -> str | None:
    """MAKE (``name``) of a name of a family: its prefix."""
    return prefix(args[0], safe) if name == "make" and len(args) == 2 else None
