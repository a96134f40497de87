"""RUNRESULT's literal lists that are one operation (``runresult [2 * 3]``).

Such a list's value is computed where RUNRESULT stands (run_forms.reporter_runresult),
inside a fast loop's locals too (loop_scope walks its one expression as the body's own):
arithmetic, a word, or one of the operations that output a value or complain
(operations.OPERATIONS) at its top, no parse error, no macro; not a lone variable
(its no-value error is RUNRESULT's list's own).
"""

from __future__ import annotations

from typing import Any

from .lists import LogoList
from .nodes import Call, Const, Node, VarRef
from .operations import OPERATIONS, plain
from .print_forms import plain as plain_primitive
from .procedures import Procedure


def lone_operation(nodes: list[Node]) -> Any:
    """The one operation of a list's parsed ``nodes``, or None."""
    if len(nodes) != 1 or not plain(nodes[0], True):
        return None
    top = nodes[0]
    if type(top) is Call and (type(top.target) is Procedure or top.target.name not in OPERATIONS):
        return None
    return None if type(top) is VarRef else top


def first_of_runresult(x: Any, node: Node) -> str | None:
    """``first runresult [2 * 3]`` (``node`` FIRST's input): the one operation's value
    itself, computed as run_forms.reporter_runresult computes it (FIRST of that value's
    one-item list), or None (any other input, ERRACT's call sites, a direct body's)."""
    if type(node) is not Call or type(node.target) is Procedure or \
            node.target.name != "runresult" or len(node.args) != 1 or x.em.inputs or \
            getattr(x.c.I, "recover", None) is not None or \
            not plain_primitive(node, "control", "runresult"):  # (not traced)
        return None
    arg = node.args[0]
    if type(arg) is not Const or type(arg.value) is not LogoList or not arg.value:
        return None
    top = lone_operation(x.c.parse(arg.value, x.em.current_line()))
    return None if top is None else x.expr(top, node.name)  # type: ignore[no-any-return]
