"""Numbers that stay numbers in a fast loop: their arithmetic without type tests.

In a loop whose variables live in Python locals (``loop_locals``) and whose body holds
no loop of its own, a variable read as an operand of ``+ - * < = ...`` is *proven* when
every MAKE of it in the body gives a number: a number typed, REPCOUNT, the loop's FOR
variable, a proven variable, or ``+ - *`` of such (op_add and op_mul output numbers of
numbers).  One flag says whether the proven variables (and the FOR variable) all hold
numbers: it is computed as the loop starts and again after each interrupt check (where
processes may read and set the variables: the only point of the body where anything
but the body itself could change them).  The body is emitted twice: where the flag is
true, a proven operand is used without its type test (``s = s + rc``, the 64-bit range
check kept: a sum past it is op_add's float); else the body as it always was.  A word
that is a number (``"3``) is no number here: the flag is false and the general body
runs it, as before.
"""

from __future__ import annotations

from typing import Any

from .loop_scope import Scope, safe_prim
from .nodes import Call, Const, Infix, Node, VarRef

# the operators whose inline path is sound for a proven operand named by its text
# (``/`` tests its divisor for zero by the operand's name: not these)
TYPED_OPS = frozenset(("+", "-", "*", "=", "<>", "<", ">", "<=", ">="))


def proven(scope: Scope, for_var: str | None) -> set[str]:
    """The variables of ``scope`` that hold numbers all along the body, given they hold
    numbers as it starts (and after each interrupt check)."""
    if scope.loops:
        return set()
    names = set(scope.operands)
    changed = True
    while changed:
        changed = False
        for var, value in scope.assigns:
            if var in names and not _numeric(value, names, for_var):
                names.discard(var)
                changed = True
    return names


def _numeric(node: Node, names: set[str], for_var: str | None) -> bool:
    if isinstance(node, Const):
        return type(node.value) in (int, float)
    if isinstance(node, VarRef):
        return node.name in names or node.name == for_var
    if isinstance(node, Infix):
        return node.op in ("+", "-", "*") and _numeric(node.left, names, for_var) and \
            _numeric(node.right, names, for_var)
    if isinstance(node, Call):
        return safe_prim(node) and node.target.name == "repcount" and not node.args
    return False


def check(locals_: list[str]) -> str:
    """The test that the locals ``locals_`` all hold numbers."""
    return " and ".join(f"type({py}) in NUM" for py in locals_) or "True"


def typed_side(em: Any, node: Infix, side: Node, text: str) -> bool:
    """Is ``side`` (compiled to ``text``) of ``node`` a proven number here?"""
    region = em.region
    if region is None or not region.typed or node.op not in TYPED_OPS or \
            not isinstance(side, VarRef):
        return False
    return text == region.proven_local(side.name)


def both(st: Any, region: Any, body: Any) -> None:
    """The loop's body twice: with proven operands where the flag holds, else as it was."""
    em = st.em
    em.emit(f"if {region.flag}:")
    em.depth += 1
    region.typed = True
    try:
        st.list_body(body, False)
    finally:
        region.typed = False
        em.depth -= 1
    em.emit("else:")
    em.depth += 1
    st.list_body(body, False)
    em.depth -= 1
