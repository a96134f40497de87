"""ERRACT's value in place of a bad input: ``make "erract [pause]``, then ``continue 5``
at the pause makes 5 the input that was not liked, and the primitive runs again with it.

UCBLogo asks ERRACT for a new input inside the primitive, while the instruction is
still running.  A compiled procedure cannot be resumed once its Python exception has
left it, so while ERRACT is set (not empty) code is compiled in a *recovering*
variant: each call of a primitive goes through :func:`recovering`'s wrapper, which
catches the primitive's recoverable error (``doesn't like ... as input``, code 7) where
it happens, inside the procedure (its variables still bound), runs ERRACT there and, if
it gives a value, calls the primitive again with that value in place of the input the
error names (the first such input, as UCBLogo checks its inputs in order); an input
still not liked asks again.  An error ERRACT gives no value for goes on as before
(``debugger.erract``).  Setting or clearing ERRACT with MAKE (:func:`erract_changed`)
changes the definitions' generation, so the code is made again; code made while ERRACT
is empty has no wrapper at all.
"""

from __future__ import annotations

import sys
from typing import Any

from ..language import runtime
from ..language.errors import LogoError, no_value
from ..language.values import LogoList
from ..messages import text as say

RECOVERABLE = ("doesnt_like",)
_INFIX = {"op_add": "+", "op_sub": "-", "op_mul": "*", "op_div": "/", "op_eq": "=",
          "op_lt": "<", "op_gt": ">", "op_le": "<=", "op_ge": ">=", "op_ne": "<>",
          "op_neg": "-"}


def erract_changed(I: Any) -> None:
    """MAKE "ERRACT: code is compiled recovering while it is set, plainly once it is
    empty or unset (the generation changes when that does).  Code running now (the
    procedure that said MAKE, its callers, the line) gets the wrappers in place."""
    action = I.vars.get("erract")
    on = bool(action) and action != LogoList()
    if on != (getattr(I, "recover", None) is not None):
        I.recover = recovering if on else None
        I.generation += 1
        if on:
            _wrap_running(I, sys._getframe(1))


def recovering(I: Any, fn: Any, typed: str) -> Any:
    """The function a call site of generated code calls for ``fn`` (the name ``typed``):
    a primitive's (an infix operation's, a control structure's check) wrapped as
    above, any other as it is."""
    spec = I.registry.get(typed) if typed else None
    if fn is no_value:
        return _wrapped(I, fn, None, typed)
    if spec is not None and spec.fn is fn:
        return _wrapped(I, fn, {typed.lower(), *spec.names}, typed)
    if _infix(fn):
        return _wrapped(I, fn, {typed}, typed)
    if _control(I, fn):
        return _wrapped(I, fn, None, typed)
    return fn


def _control(I: Any, fn: Any) -> bool:
    """The helpers of the control structures compiled inline that check an input:
    REPEAT's count, IF's (IFELSE's, WHILE's ...) condition."""
    return fn is runtime.count or fn is I.compiler.truth


def _infix(fn: Any) -> bool:
    """An infix operation's helper (``op_add`` ...) of the arithmetic chapter."""
    from ..primitives import arithmetic  # lazy: loaded already, the compiler imports it

    name = getattr(fn, "__name__", "")
    return name in _INFIX and getattr(arithmetic, name, None) is fn


def _wrapped(I: Any, fn: Any, names: set[str] | None, typed: str = "") -> Any:
    """``fn`` called again with ERRACT's value for its bad input (``names``: the names
    the error may give as who complained; None: any; ``typed``: the name typed at the
    call, where no site map tells it: the interpreting tier's calls)."""

    def call(*args: Any, **options: Any) -> Any:
        while True:
            try:
                return fn(*args, **options)
            except LogoError as err:
                if err.kind == "no_value" and not getattr(err, "erract_done", False):
                    return _ask(I, err, sys._getframe(1), typed)  # a variable: ERRACT's
                args = _again(I, err, args, names, sys._getframe(1), typed)

    call.__name__ = getattr(fn, "__name__", "call")
    return call


def _wrap_running(I: Any, frame: Any) -> None:
    """The call sites of the generated code running now (found on the Python stack)
    call the primitives through the wrapper: each site is a global of its function
    (``C12``), looked up at each call, so the running code takes it at its next call."""
    done: set[int] = set()
    while frame is not None:
        names = frame.f_globals
        if frame.f_code in I.sitemaps and id(names) not in done:
            done.add(id(names))
            for key, fn in list(names.items()):
                if key[:1] != "C" or not key[1:].isdigit():
                    continue
                if _infix(fn):
                    names[key] = _wrapped(I, fn, {_INFIX[fn.__name__]})
                elif _control(I, fn) or getattr(fn, "__module__", "").startswith(
                        "logo.primitives."):
                    names[key] = _wrapped(I, fn, None)
        frame = frame.f_back


def _again(I: Any, err: LogoError, args: tuple, names: set[str] | None,
           site: Any, typed: str = "") -> tuple:
    """The inputs to call the primitive with again, after ERRACT gave a value for the
    bad one; raises ``err`` (ERRACT run or not) when there is none."""
    at = _bad_input(err, args, names)
    if at is None:
        raise err
    return (*args[:at], _ask(I, err, site, typed), *args[at + 1:])


def _ask(I: Any, err: LogoError, site: Any, typed: str = "") -> Any:
    """ERRACT's value for the error ``err`` (run where it happened: ``site`` is the frame
    of the generated code that made the call); raises ``err`` when ERRACT gives none."""
    if not I.vars.get("erract"):
        raise err
    from .debugger import _in_catch_error, debugger, erract  # lazy: it imports primitives

    if _in_catch_error(I):  # CATCH "ERROR catches it: no ERRACT
        raise err

    if err.who is None:  # the name typed at the call site (the caller's line)
        sitemap = I.sitemaps.get(site.f_code)
        err.who = (sitemap.at(site.f_lineno)[0] if sitemap is not None else typed) or ""
    I.locate_caught(err)
    dbg = debugger(I)
    if dbg.recovered is not None and dbg.recovered == (err.kind, dbg.lines_read):
        I.host.error(say("debug.erract_loop") + "\n")  # no line typed since: a loop
        dbg.recovered = None
        from .debugger import toplevel

        raise toplevel() from None
    dbg.recovered = (err.kind, dbg.lines_read)
    value = erract(I, err, recoverable=True)
    if value is None:
        raise err
    return value


def _bad_input(err: LogoError, args: tuple, names: set[str] | None) -> int | None:
    """Which input the recoverable error names (its position), or None: not this
    primitive's error, not recoverable, or already through ERRACT."""
    if (err.kind not in RECOVERABLE or getattr(err, "erract_done", False)
            or (names is not None and err.who is not None and err.who.lower() not in names)):
        return None
    what = err.what
    for i, arg in enumerate(args):
        if arg is what:
            return i
    for i, arg in enumerate(args):
        if type(arg) is type(what) and arg == what:
            return i
    return None
