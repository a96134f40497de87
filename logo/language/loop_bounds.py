"""The bounds of loops compiled inline: REPEAT's count and FOR's values.

A count typed is the count; a whole number not below 0 computed is the count, else
``runtime.count`` says what it is (3.0, "3) or the error.  FOR's values are a Python
``range`` made in the line when start and end are whole numbers, the end not before
the start, and the step (if any) a whole number typed above 0; else
``loop_locals.for_values`` decides (floats, words that are numbers, a step counting
down, the errors).  Logo's whole numbers stay within 64 bits, so the range is the one
``for_values`` would make.
"""

from __future__ import annotations

from typing import Any

from . import loop_locals, runtime
from .emitter import wrap
from .nodes import Call, Const, Node


def repeat_count(st: Any, node: Call) -> str:
    """REPEAT's count, computed once."""
    em, arg = st.em, node.args[0]
    text = st.x.expr(arg, node.name)
    if isinstance(arg, Const) and type(arg.value) is int and arg.value >= 0 and \
            text == repr(arg.value):
        return text
    c = em.fresh("_c")
    count = wrap(f"{em.site(runtime.count, node.name)}({c})")
    return f"({c} if type({c} := {text}) is int and {c} >= 0 else {count})"


def for_range(st: Any, node: Call, exprs: list[Node]) -> str:
    """FOR's values (:func:`_values`), also named for the loop (``em.for_values``: a
    loop that only fills an array looks at them, ``loop_fills``)."""
    em = st.em
    text = _values(st, node, exprs)
    em.for_values = name = em.fresh("_fr")
    return f"({name} := {text})"


def _values(st: Any, node: Call, exprs: list[Node]) -> str:
    """FOR's values: a ``range`` made here when start and end are whole numbers, the end
    not before the start, and the step (if any) a whole number typed above 0; else
    ``for_values`` decides (every bound computed once, in order)."""
    em = st.em
    texts = [st.x.expr(e, node.name) for e in exprs]
    values = em.site(loop_locals.for_values, node.name)
    step = exprs[2].value if len(exprs) == 3 and isinstance(exprs[2], Const) else 1
    if len(exprs) == 3 and not (type(step) is int and step > 0 and texts[2] == repr(step)):
        return f"{values}({', '.join(texts)})"
    names, tests = [], []
    for bound, text in zip(exprs, texts):  # (a whole number typed needs no test)
        if isinstance(bound, Const) and type(bound.value) is int and text == repr(bound.value):
            names.append(text)
        else:
            names.append(em.fresh("_fb"))
            tests.append(f"(type({names[-1]} := {text}) is int)")
    a, e = names[0], names[1]
    rest = "" if len(exprs) == 2 else f", {step}"
    order = [] if a.lstrip("-").isdigit() and e.lstrip("-").isdigit() else [f"{e} >= {a}"]
    test = " and ".join(([" & ".join(tests)] if tests else []) + order)  # (all computed first)
    if not order and int(e) < int(a):
        return f"{values}({a}, {e}{rest})"
    made = f"range({a}, {e} + 1{rest})"
    return f"({made} if {test} else {wrap(f'{values}({a}, {e}{rest})')})" if test else made
