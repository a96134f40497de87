"""Which nodes output a number whatever happens (or fail): the compiler's knowledge of the
arithmetic primitives, for the inline forms (``inline_numbers``, ``number_facts``,
``loop_numbers``): arithmetic and the math functions' floats, not while ERRACT is set
(CONTINUE gives any value), nor a traced primitive (its wrapper)."""

from __future__ import annotations

from typing import Any

from . import whole_inputs
from .nodes import Call, Const, Infix, Neg, VarRef

FLOAT_OUTPUTS = frozenset(("sqrt", "power", "exp", "log10", "ln", "sin", "cos", "arctan",
                           "radsin", "radcos", "radarctan"))  # math_functions' floats
ARITHMETIC = frozenset(("+", "-", "*", "/"))
NUMBER_OUTPUTS = frozenset((  # (chapter, function) of primitives that output numbers
    ("predicates", "count"), ("predicates", "ascii_"), ("arithmetic", "remainder"),
    ("arithmetic", "modulo"), ("arithmetic", "int_"), ("arithmetic", "round_"),
    ("arithmetic", "sum_"), ("arithmetic", "difference"), ("arithmetic", "product"),
    ("arithmetic", "quotient"), ("arithmetic", "minus")))


def outputs(em: Any, node: Any) -> type | None:
    """float, or int for any number, when ``node`` outputs a number or fails: arithmetic
    and math_functions' floats (not while ERRACT is set: CONTINUE gives any value)."""
    if getattr(em.I, "recover", None) is not None:
        return None
    if isinstance(node, Infix) and node.op in ARITHMETIC:  # a float with a float side
        return float if float in (_side(em, node.left), _side(em, node.right)) else int
    if isinstance(node, Neg):
        return int
    fn = getattr(getattr(node, "target", None), "fn", None) if isinstance(node, Call) else None
    if fn is None or hasattr(fn, "__wrapped__"):
        return None
    chapter = getattr(fn, "__module__", "").rpartition(".")[2]
    name = getattr(fn, "__name__", "")
    if chapter == "math_functions" and name in FLOAT_OUTPUTS:
        return float
    return int if (chapter, name) in NUMBER_OUTPUTS else None


def _side(em: Any, node: Any) -> type | None:
    """float for a side of arithmetic that is a float typed or outputs a float."""
    if isinstance(node, Const):
        return float if type(node.value) is float else None
    if isinstance(node, VarRef):
        return float if whole_inputs.is_float(em, node) else None
    return outputs(em, node)
