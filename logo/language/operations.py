"""The operations a compiled template or RUNRESULT list may have at its top.

:data:`OPERATIONS` are primitives that output a value or complain and run no list;
:data:`STEP_OPERATIONS` and :data:`LEAF_OPERATIONS` the ones of them a pure procedure's
body may call to be computed at its callers (inlined_steps, leaf_calls);
:data:`SETTINGS` the variables primitives read;
:func:`plain` tells whether one parsed expression compiles where it stands as in its
own list.  Shared by template_forms (MAP, FILTER... steps) and result_lists
(RUNRESULT of a literal list), which import nothing of each other.
"""

from __future__ import annotations

from .nodes import Call, Const, Fail, Infix, Neg, Node, VarRef
from .procedures import Procedure

# primitives that output a value or complain, and run no list (the top of a template)
OPERATIONS = frozenset([
    "sum", "difference", "product", "quotient", "remainder", "modulo", "minus",
    "int", "round", "sqrt", "power", "exp", "log10", "ln", "sin", "cos", "arctan",
    "random", "word", "list", "sentence", "fput", "lput", "first", "last", "butfirst",
    "butlast", "item", "count", "memberp", "member", "equalp", "notequalp", "lessp",
    "greaterp", "lessequalp", "greaterequalp", "wordp", "listp", "numberp", "emptyp",
    "not", "and", "or", "uppercase", "lowercase", "char", "ascii", "reverse", "thing",
    "gprop", "firsts", "butfirsts", "iseq", "bitand", "bitor", "bitxor"])

# operations that read more than their inputs: a variable by its name, a property list,
# the random generator's state (a step computed twice would see it move)
READS_STATE = frozenset(("thing", "gprop", "random"))
# what MAP/FILTER/REDUCE may compute of a pure procedure's body in its step (inlined_steps)
STEP_OPERATIONS = OPERATIONS - READS_STATE
# what a leaf's body may call (leaf_calls): not AND/OR, which run list inputs, nor
# MEMBER/MEMBERP, whose searches keep a memo between calls; the list and bit operations
# FIRSTS, BUTFIRSTS, ISEQ, REVERSE, BITAND, BITOR, BITXOR stay calls (never measured there)
LEAF_OPERATIONS = STEP_OPERATIONS - frozenset((
    "and", "or", "member", "memberp", "firsts", "butfirsts", "iseq", "reverse", "bitand",
    "bitor", "bitxor"))

# variables primitives read (CASEIGNOREDP's EQUALP, ERRACT...): an input or local so
# named, bound, is what they see, so a procedure binding one is not computed at its
# callers with its names as Python locals (inlined_steps, leaf_calls)
SETTINGS = frozenset(("caseignoredp", "erract", "fullprintp", "printdepthlimit",
                      "printwidthlimit", "redefp", "loadnoisily", "usealternatenames",
                      "allowgetset"))


def plain(node: Node, top: bool) -> bool:
    """Whether a template's (or a RUNRESULT list's) one expression compiles where it
    stands as in its own list: no parse error in it; at its top arithmetic, a word or
    variable, a procedure's call or one of the operations that output a value or
    complain (:data:`OPERATIONS`)."""
    if type(node) is Fail:
        return False
    if type(node) is Infix:
        return plain(node.left, False) and plain(node.right, False)
    if type(node) is Neg:
        return plain(node.operand, False)
    if type(node) is Call:
        target = node.target
        if type(target) is Procedure:
            if target.macro:
                return False
        elif top and target.name not in OPERATIONS:
            return False
        return all(plain(a, False) for a in node.args)
    return type(node) in (Const, VarRef)
