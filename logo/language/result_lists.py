"""RUNRESULT's literal lists that are one operation (``runresult [2 * 3]``).

Such a list's value is computed where RUNRESULT stands (run_forms.reporter_runresult),
inside a fast loop's locals too (loop_scope walks its one expression as the body's own):
arithmetic, a word, or one of the operations that output a value or complain
(operations.OPERATIONS) at its top, no parse error, no macro; not a lone variable
(its no-value error is RUNRESULT's list's own).
"""

from __future__ import annotations

from typing import Any

from .nodes import Call, Node, VarRef
from .operations import OPERATIONS, plain
from .procedures import Procedure


def lone_operation(nodes: list[Node]) -> Any:
    """The one operation of a list's parsed ``nodes``, or None."""
    if len(nodes) != 1 or not plain(nodes[0], True):
        return None
    top = nodes[0]
    if type(top) is Call and (type(top.target) is Procedure or top.target.name not in OPERATIONS):
        return None
    return None if type(top) is VarRef else top
