"""Direct procedures compiled: whether a procedure is one now (its inputs' Python
locals), and its body compiled with them as arguments (input_scope.py says what a direct
procedure is; direct_entry.py makes its function its own entry; lifting.py binds its
inputs where something the analysis cannot see may read them)."""

from __future__ import annotations

from typing import Any

from . import direct_entry, lifting
from .input_scope import INLINE, TESTED, scopes
from .loop_scope import SPECIAL
from .procedures import Procedure


class NotDirect(Exception):
    """Compiling a direct body met a form that would run one of its lists as a list
    (past a depth budget): the body is compiled as an ordinary one."""


def direct_inputs(I: Any, proc: Procedure) -> dict[str, str] | None:
    """The Python locals of a direct procedure's inputs (Logo name -> local), or None
    where its body must bind them in the table."""
    names = proc.required
    if proc.fixed is None or not names or proc.macro or len(set(names)) != len(names) \
            or SPECIAL & set(names) or getattr(I, "recover", None) is not None \
            or getattr(I.scheduler, "processes", None):  # (turns at every call: lifting
        return None                                       # would cost them the stack)
    sc = scopes(I)
    s = sc.summary(proc)
    if s is None or not s.plain or not all(sc.outputs_words(t) for t in s.tests):
        return None
    for callee in s.calls:
        free = sc.free_names(callee)
        if free is None or free & set(names):
            return None
    return {name: f"_in_{i}" for i, name in enumerate(names)}


def check_inline(em: Any, spec: Any) -> None:
    """Called for each primitive call a body compiles: in a direct body, IF or IFELSE
    left to its primitive (past a depth budget) would run its list as a list, which
    reads the table (CATCH's list too): compile the body again as an ordinary one."""
    if em.inputs and (spec.name in INLINE or spec.name in TESTED or spec.name == "catch"):
        raise NotDirect


def compile_direct(compiler: Any, proc: Procedure) -> Any:
    """``proc``'s code as a direct procedure (``lifting.DirectCode``, its body taking
    the inputs as arguments and its own entry: direct_entry.py), or None where it is
    not one."""
    I = compiler.I
    inputs = direct_inputs(I, proc)
    if inputs is None:
        return None
    generation = I.generation
    if proc.mark is None:
        proc.mark = lifting.Mark(proc)
    try:
        body = direct_entry.compile_entry(compiler, proc, inputs)
    except NotDirect:
        return None
    if body is None:
        return None
    lifting.register(I, body.__code__, inputs)
    code = lifting.direct_code(I, proc, body, generation)
    direct_entry.settle(I, scopes(I).waiting, proc, body)
    return code
