"""Numbers that stay numbers in a fast loop: their arithmetic without type tests.

In a loop whose variables live in Python locals (``loop_locals``) and whose body holds
no loop of its own, a variable read as an operand of ``+ - * < = ...`` is *proven* when
every MAKE of it in the body gives a number: a number typed, REPCOUNT, the loop's FOR
variable, a proven variable, or ``+ - *`` of such (op_add and op_mul output numbers of
numbers).  One flag says whether the proven variables (and the FOR variable) all hold
numbers: it is computed as the loop starts and again after each interrupt check (where
processes may read and set the variables: the only point of the body where anything
but the body itself could change them).  The body is emitted twice, where at least a
quarter of its parts are proven operands (else the second copy costs more to compile
than it saves): where the flag is true, a proven operand is used without its type test
(``s = s + rc``, the 64-bit range check kept: a sum past it is op_add's float); else the
body as it always was.  A word
that is a number (``"3``) is no number here: the flag is false and the general body
runs it, as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .inline_numbers import outputs
from .loop_scope import Scope, closed, safe_prim
from .nodes import Call, Const, Node, VarRef
from .values import LogoList

DENSE = 8  # (typed)


def proven(em: Any, scope: Scope, for_var: str | None) -> set[str]:
    """The variables of ``scope`` (and the loop's FOR variable) that hold numbers all
    along the body, given they hold numbers as it starts and after each interrupt check."""
    if scope.loops:
        return set()
    names = set(scope.operands)
    changed = True
    while changed:
        changed = False
        for var, value in scope.assigns:
            if var in names and not _numeric(em, value, names):
                names.discard(var)
                changed = True
    return names


def typed(em: Any, scope: Scope, for_var: str | None) -> set[str]:
    """The proven variables, where the body's typed copy pays for its compiling: at
    least one in :data:`DENSE` of the body's parts is an operand they save a test on
    (a body mostly of other work would run hardly faster typed)."""
    names = proven(em, scope, for_var)
    if sum(scope.uses.get(n, 0) for n in names) * DENSE < scope.size:
        return set()
    return names


def _numeric(em: Any, node: Node, names: set[str]) -> bool:
    """Does ``node`` output a number (or fail), given ``names`` hold numbers?  Arithmetic
    outputs a number of any inputs it accepts (``"3 + 1``), as do REMAINDER, INT, SQRT...
    (``inline_numbers`` knows them: not while ERRACT is set, nor a traced primitive)."""
    if isinstance(node, Const):
        return type(node.value) in (int, float)
    if isinstance(node, VarRef):
        return node.name in names
    if isinstance(node, Call) and safe_prim(node) and node.target.name == "repcount":
        return not node.args
    return outputs(em, node) is not None


def check(locals_: list[str]) -> str:
    """The test that the locals ``locals_`` all hold numbers."""
    return " and ".join(f"type({py}) in NUM" for py in locals_) or "True"


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


def inner(st: Any, region: Any, lists: list[LogoList], emit: Callable[[], None],
          for_var: str | None, condition: Node | None) -> None:
    """A loop inside a fast loop: its own proof, flag and typed copy where its body
    holds no loop (the loop around, which holds this one, has none)."""
    saved = (region.proven, region.numbers, region.flag, region.counters,
             region.accumulators, region.turns,
             region.turns_test, region.steady_for, region.small_for)
    scope = closed(st, lists, for_var, condition, False) if region.flag is None else None
    try:
        if scope is not None:
            region.prove(st.em, scope, for_var)
            if region.flag is not None:
                st.em.emit(region.entry_check())
        emit()
    finally:
        (region.proven, region.numbers, region.flag, region.counters,
         region.accumulators, region.turns,
         region.turns_test, region.steady_for, region.small_for) = saved
