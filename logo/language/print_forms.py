"""PRINT of one input as an instruction, compiled as the line written (control_forms
registers it): a plain word, or a whole number of fewer than 19 digits, is its own text
(as ``print_form`` and ``format_number`` make it), handed to ``Interpreter.write`` at a
call site of PRINT's own, so that an error of the writer (a SETWRITE file) names PRINT
on that line as before; any other value (a list, a float, a word with bars) is
PRINT's own call.  Not compiled this way: PRINT traced (the debugger's function in its place) or redefined (the parser gives a
procedure then), with other than one input, last in a list run for its value, or while
ERRACT's recovering call sites are wanted."""

from __future__ import annotations

from typing import Any

from .emitter import wrap
from .nodes import Call

_SMALL = 10 ** 18  # (str() of such a whole number is format_number's text)


def plain(node: Call, chapter: str, name: str) -> bool:
    """Whether ``node`` calls the primitive function ``name`` of ``chapter`` itself (not
    the debugger's tracing one in its place, nor a wrapper)."""
    fn = node.target.fn
    return getattr(fn, "__module__", None) == "logo.primitives." + chapter and \
        getattr(fn, "__name__", None) == name and not hasattr(fn, "__wrapped__")


def form_print(st: Any, node: Call, tail: bool) -> bool:
    em = st.em
    fn = node.target.fn
    if len(node.args) != 1 or (tail and em.mode == "list") or \
            not plain(node, "communication", "print_") or \
            getattr(st.c.I, "recover", None) is not None:
        return False
    value, t, nl = em.fresh("_pv"), em.fresh("_pt"), em.const("\n")
    write = em.site(type(st.c.I).write, node.name)
    em.emit(f"{value} = {st.x.expr(node.args[0], node.name)}")
    em.emit(f"if ({t} := type({value})) is str or ({t} is int and "
            f"-{_SMALL} < {value} < {_SMALL}):")
    em.emit(f"    {wrap(f'{write}(I, ({value} if {t} is str else str({value})) + {nl})')}")
    em.emit("else:")
    em.emit(f"    {wrap(f'{em.site(fn, node.name)}(I, {value})')}")
    return True
