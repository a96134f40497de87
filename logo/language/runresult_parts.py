"""FIRST and EMPTYP of RUNRESULT: the list's value taken apart without making its list.

``first runresult :x`` asks RUNRESULT for a list of one item only to take the item out,
and ``emptyp runresult :x`` only to ask whether there is one.  Compiled (the inline forms
of FIRST and EMPTYP, inline_prims, call :func:`first_of` and :func:`emptyp_of`), the
list's kept value code is called as RUNRESULT's would be called (:func:`kept_value`:
its errors handled as ``Interpreter.run`` handles them, OUTPUT and STOP inside it
RUNRESULT's error in a procedure) and its value is the answer itself: FIRST's is the
value, EMPTYP's whether there was none.  FIRST of a list that output nothing is FIRST's
own complaint about ``[]``, raised by the primitive on a line of its own.  A list with no
kept code (never run for its value, a word, a definition made since) is run by
``Interpreter.run`` as RUNRESULT's primitive runs it, no list made of its value.  A literal list of one operation is its value computed where
it stands (result_lists.first_of_runresult); not compiled this way: a traced RUNRESULT,
ERRACT's recovering call sites, a direct body's or a fast loop's locals.

``failed`` and ``translated`` are how every compiled call of a list's kept code takes
its errors (run_forms uses them too).
"""

from __future__ import annotations

from typing import Any

from .emitter import wrap
from .errors import LogoError
from .lists import LogoList
from .nodes import Call, Const, Node
from .print_forms import plain as plain_primitive
from .procedures import Procedure
from .result_lists import first_of_runresult
from .signals import OutputSignal, StopSignal

INTERNAL = (KeyError, RecursionError, MemoryError, OSError)  # Interpreter.run's


def failed(I: Any, err: LogoError) -> None:
    """A Logo error from the list's code, as ``Interpreter.run`` takes it (the caller
    raises it again)."""
    I.locate_error(err, None, err.__traceback__)
    if "erract" in I.vars:
        I.erract(err)


def translated(I: Any, err: BaseException) -> BaseException:
    """An internal Python error from the list's code, as ``Interpreter.run`` gives it."""
    return I.translate_internal(err, None)


def kept_value(I: Any, instructions: Any) -> Any:
    """What RUNRESULT's list outputs, None where it outputs nothing: its kept value
    code called at once, else ``Interpreter.run``'s value, as RUNRESULT's primitive
    takes it (its list left unmade)."""
    if type(instructions) is LogoList:
        cache = instructions.compiled
        if cache[2] == I.generation and (code := cache[1]) is not None:
            try:
                return code(I, I.vars)
            except LogoError as err:
                failed(I, err)
                raise
            except (StopSignal, OutputSignal):
                if not I.frames:
                    raise
                raise LogoError("runresult_stop") from None
            except INTERNAL as err:
                raise translated(I, err) from None
    try:
        return I.run(instructions)
    except (StopSignal, OutputSignal):
        if not I.frames:
            raise
        raise LogoError("runresult_stop") from None


def _kept_call(x: Any, node: Node, literal: bool = False) -> str | None:
    """``node`` a plain RUNRESULT of anything but a literal list: the call of
    :func:`kept_value` on its input, or None; with ``literal``, "" for RUNRESULT of
    the empty literal list (None for anything else)."""
    if type(node) is not Call or type(node.target) is Procedure or \
            node.target.name != "runresult" or len(node.args) != 1 or x.em.inputs or \
            x.em.region is not None or getattr(x.c.I, "recover", None) is not None or \
            not plain_primitive(node, "control", "runresult"):  # (not traced)
        return None
    arg = node.args[0]
    if type(arg) is Const and type(arg.value) is LogoList:
        return "" if literal and not arg.value else None  # (result_lists, or RUNRESULT's)
    if literal:
        return None
    fn = x.em.site(kept_value, node.name)
    return wrap(f"{fn}(I, {x.expr(arg, node.name)})")


def first_of(x: Any, first: Call) -> str | None:
    """FIRST of RUNRESULT (``first`` the FIRST call): the value itself, or None."""
    one = first_of_runresult(x, first.args[0])
    if one is not None:
        return one
    call = _kept_call(x, first.args[0])
    if call is None:
        return None
    spec, v = first.target, x.em.fresh("_rv")
    fn = x.em.site(spec.fn, first.name)
    empty = wrap(f"{fn}(I, LL())" if spec.needs_interp else f"{fn}(LL())")
    return f"({v} if ({v} := {call}) is not None else {empty})"


def emptyp_of(x: Any, emptyp: Call) -> str | None:
    """EMPTYP of RUNRESULT as a Python bool (whether the list output nothing), or None."""
    arg = emptyp.args[0]
    if _kept_call(x, arg, literal=True) == "":
        return "True"  # (RUNRESULT [] is [] and calls nothing)
    call = _kept_call(x, arg)
    return None if call is None else f"({call} is None)"
