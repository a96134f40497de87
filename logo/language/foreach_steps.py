"""FOREACH steps whose template shows nothing of the template's state (``template_forms``).

A compiled FOREACH step sets the variable ``template.number`` (for ``#``) and the top
entry of ``I.slots`` (for a ``?`` read by a procedure the template calls, or by a list
something else runs) before its instructions.  Where the template's instructions are
only MAKE of a quoted name, PRINT, SHOW and TYPE, of expressions that read ``?`` only as
the loop's variable (``foreach :l [make "t :t + ?]``), nothing in the step can read
either: no procedure is called, no list is run, no variable is read by a name computed
at run time, and none of the settings primitives read (ERRACT...) is made.  Then a step
sets neither, as MAP's steps that read no ``#`` (``template_forms._emit_step``).

Only what could look from outside the step is left: a Stop or time limit pending (the
interpreter's look may run other processes' turns) and code running after the
definitions changed (ERRACT made by another process puts its wrappers in the running
code: a pause at an error there can read ``#`` and ``?``).  Such a step, and every step
after the generation changed, sets both as before (:func:`emit_head`).
"""

from __future__ import annotations

from typing import Any

from .nodes import Call, Const, Infix, Neg, Node, VarRef
from .operations import OPERATIONS, SETTINGS
from .procedures import Procedure
from .templates import NUMBER
from .values import LogoList

# commands a closed step may give (their inputs closed expressions)
_COMMANDS = frozenset(("make", "print", "show", "type"))
# operations that run a list given as an input (AND and OR run instruction lists)
_RUN_LISTS = frozenset(("and", "or"))


def closed(node: Node) -> bool:
    """Whether an expression reads nothing of the template's state but ``?`` (the
    loop's local): no procedure's call (it could read ``#`` or ``?`` by the stack of
    slots), no other slot, no read of ``template.number`` by name; its operations run
    no list (AND/OR of a list run it: ``[and ? [print #]]``).  MAP's and FILTER's steps
    (template_forms) and FOREACH's closed bodies ask it."""
    t = type(node)
    if t is Infix:
        return closed(node.left) and closed(node.right)  # type: ignore[attr-defined]
    if t is Neg:
        return closed(node.operand)  # type: ignore[attr-defined]
    if t is VarRef:
        return node.name.lower() != NUMBER  # type: ignore[attr-defined]
    if t is Const:
        return True
    if t is not Call or type(node.target) is Procedure:  # type: ignore[attr-defined]
        return False
    assert isinstance(node, Call)
    name = node.target.name
    if name == "?":
        return not node.args or (type(node.args[0]) is Const and node.args[0].value == 1)
    if name in _RUN_LISTS and any(type(a) is Const and type(a.value) is LogoList
                                  for a in node.args):
        return False
    return name in OPERATIONS and name != "thing" and all(closed(a) for a in node.args)


def closed_body(x: Any, body: LogoList) -> bool:
    """Whether FOREACH's template instructions ``body`` read nothing of the template's
    state but ``?`` (as above); only while no ERRACT wrapper or debugger is in place."""
    I = x.c.I
    if I.recover is not None or I.debugger is not None:
        return False
    nodes = x.c.parse(body, x.em.current_line())
    return bool(nodes) and all(_closed_command(n) for n in nodes)


def _closed_command(node: Node) -> bool:
    """MAKE of a quoted name that is no setting and not ``template.number``, or PRINT,
    SHOW or TYPE, of closed expressions."""
    if type(node) is not Call or type(node.target) is Procedure:
        return False
    name = node.target.name
    if name not in _COMMANDS or not all(closed(a) for a in node.args):
        return False
    if name == "make":
        if len(node.args) != 2 or type(node.args[0]) is not Const:
            return False
        var = node.args[0].value
        return type(var) is str and var.lower() != NUMBER and var.lower() not in SETTINGS
    return True


def emit_head(st: Any, names: tuple[str, str, str], closed_step: bool,
              interrupted: Any) -> None:
    """A step's start: ``#``'s variable and ``?``'s slot entry set (``n``, ``member``,
    the slot stack ``slots``), Stop looked at; for a closed step only while Stop is
    pending or after the definitions changed."""
    em = st.em
    n, member, slots = names
    pad = ""
    if closed_step:
        em.emit(f"if I.interrupt or I.generation != {st.x.c.I.generation}:")
        pad = "    "
    em.emit(f"{pad}V[{NUMBER!r}] = {n}")
    em.emit(f"{pad}if I.interrupt: {em.const(interrupted)}(I)")
    em.emit(f"{pad}{slots}[-1] = ({member},)")
