"""OR and AND of comparisons of small whole numbers, their types tested once.

``or (:col = first :board) (:col = (first :board) + :dist) (:col = (first :board) - :dist)``
compiles, input by input, to comparisons and sums that each test the types of their
own inputs and keep a sum within 64 bits.  When every input of the OR (or AND) is a
comparison of sums and differences of *leaves* (variables, whole numbers typed, FIRST
of a variable), :func:`fast_path` reads each leaf once, in the order the inputs read
them, and when all are whole numbers within 2**30 (so no sum of them leaves 64 bits)
answers with plain Python arithmetic on them; otherwise the inputs' own code (the
general path) answers, from the start.

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
    tests: list[str] = []
    parts = []
    for arg in node.args:
        if not (isinstance(arg, Infix) and arg.op in COMPARE):
            return general
        text = _text(x, arg, leaves, tests, first_form)
        if text is None:
            return general
        parts.append(text)
    if not tests:
        return general
    answer = (" | " if any_ else " & ").join(parts)
    return f"(({answer}) if {' and '.join(tests)} else {general})"


def _text(x: Any, node: Node, leaves: dict[Any, str], tests: list[str],
          first_form: Any) -> str | None:
    """The Python text of ``node`` on the leaves' temporaries (new leaves' reads and
    tests appended to ``tests``, in reading order), or None if it is not made of leaves."""
    if isinstance(node, Const):
        value = node.value
        return repr(value) if type(value) is int and -SMALL <= value <= SMALL else None
    if isinstance(node, Infix):
        if node.op not in OPS:
            return None
        left = _text(x, node.left, leaves, tests, first_form)
        right = _text(x, node.right, leaves, tests, first_form) if left is not None else None
        return None if right is None else f"({left} {OPS[node.op]} {right})"
    key = _key(x, node, first_form)
    if key is None:
        return None
    if key not in leaves:
        leaves[key] = name = x.em.fresh("_n")
        tests.append(f"type({name} := {x.expr(node, 'or')}) is int and "
                     f"-{SMALL} <= {name} <= {SMALL}")
    return leaves[key]


def _key(x: Any, node: Node, first_form: Any) -> Any:
    """What names a leaf: a variable read (by its compiled text), or FIRST of one."""
    if isinstance(node, VarRef):
        return x.expr(node, "or")
    if isinstance(node, Call) and len(node.args) == 1 and isinstance(node.args[0], VarRef) \
            and x.inline_form(node) is first_form:
        return ("first", x.expr(node.args[0], "first"))
    return None
