"""OR and AND of comparisons of small whole numbers, their types tested once.

``or (:col = first :board) (:col = (first :board) + :dist) (:col = (first :board) - :dist)``
compiles, input by input, to comparisons and sums that each test the types of their
own inputs and keep a sum within 64 bits.  When every input of the OR (or AND) is a
comparison of sums and differences of *leaves* (variables, whole numbers typed, FIRST
of a variable), :func:`fast_path` reads each leaf once, in the order the inputs read
them, and when all are whole numbers, those that are terms of a sum or difference
within 2**30 (so no sum of them leaves 64 bits), answers with plain Python arithmetic
on them; otherwise the inputs' own code (the general path) answers, from the start.
A leaf only compared needs no bound: the general path compares two whole numbers with
Python's own operators too (exactly, at any size).

Why that is the same answer, error for error: reading a leaf runs no Logo code and
changes nothing, so reading it again on the general path gives the same value; the
leaves are tested as they are read (``and``), so the general path is taken at the first
leaf that is not a small whole number, and every leaf read before it was one: the
general path's sums and comparisons of those cannot fail, and it reads the same
leaves in the same order, so a leaf that fails (FIRST of an empty list, a variable with
no value) fails at the same point with the same error.
"""

from __future__ import annotations

from typing import Any

from .nodes import Call, Const, Infix, Node, VarRef

SMALL = 2**30 - 1  # a one-digit Python int: its comparisons are the fast ones
OPS = {"=": "==", "<>": "!=", "<": "<", ">": ">", "<=": "<=", ">=": ">=", "+": "+", "-": "-"}
COMPARE = frozenset(("=", "<>", "<", ">", "<=", ">="))


def fast_path(x: Any, node: Call, any_: bool, general: str, first_form: Any) -> str:
    """``(answer on the leaves if they are small whole numbers else general)``, or
    ``general`` alone when an input is not a comparison of sums of leaves."""
    leaves: dict[Any, str] = {}  # a leaf's key -> its temporary
    reads: list[tuple[str, str]] = []  # (temporary, the text reading it), in reading order
    summed: set[str] = set()  # the leaves that are terms of a sum or difference
    parts = []
    for arg in node.args:
        if not (isinstance(arg, Infix) and arg.op in COMPARE):
            return general
        text = _text(x, arg, (leaves, reads, summed), first_form, False)
        if text is None:
            return general
        parts.append(text)
    if not reads:
        return general
    tests = [f"type({name} := {read}) is int" + (
        f" and -{SMALL} <= {name} <= {SMALL}" if name in summed else "") for name, read in reads]
    answer = " | ".join(parts) if any_ else " & ".join(parts)
    return f"(({answer}) if {' and '.join(tests)} else {general})"


def _text(x: Any, node: Node, found: tuple[dict[Any, str], list[tuple[str, str]], set[str]],
          first_form: Any, term: bool) -> str | None:
    """The Python text of ``node`` on the leaves' temporaries (a new leaf's read appended
    to ``found``'s reads, in reading order; a leaf that is a ``term`` of a sum or
    difference noted as summed), or None if it is not made of leaves."""
    if isinstance(node, Const):
        value = node.value
        return repr(value) if type(value) is int and -SMALL <= value <= SMALL else None
    if isinstance(node, Infix):
        if node.op not in OPS:
            return None
        term = node.op in ("+", "-")
        left = _text(x, node.left, found, first_form, term)
        right = _text(x, node.right, found, first_form, term) if left is not None else None
        return None if right is None else f"({left} {OPS[node.op]} {right})"
    key = _key(x, node, first_form)
    if key is None:
        return None
    leaves, reads, summed = found
    if key not in leaves:
        leaves[key] = name = x.em.fresh("_n")
        reads.append((name, x.expr(node, "or")))
    if term:
        summed.add(leaves[key])
    return leaves[key]


def _key(x: Any, node: Node, first_form: Any) -> Any:
    """What names a leaf: a variable read (by its compiled text), or FIRST of one."""
    if isinstance(node, VarRef):
        return x.expr(node, "or")
    if isinstance(node, Call) and len(node.args) == 1 and isinstance(node.args[0], VarRef) \
            and x.inline_form(node) is first_form:
        return ("first", x.expr(node.args[0], "first"))
    return None
