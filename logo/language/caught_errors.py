"""CATCH "ERROR with a literal instruction list, compiled inline (``catch_forms``): what
ended the list is answered here as the primitive's run of it answers it.

The primitive (primitives/control.py) runs its list with ``Interpreter.run``, whose code
locates an error (who complained, from the traceback) and turns a Python error of
running Logo (a variable with no value, deep recursion, memory) into its Logo error
(ERRACT is not asked inside CATCH "ERROR: ``#E{`` and ``#E}`` mark the inline list for
``debugger.in_catch_error``); CATCH then keeps the error for ERROR, naming
the procedure and line that ran the CATCH.  Compiled inline, the list is a Python
``try`` in the code around it, and its ``except`` calls :func:`caught_error` with what
ended it: each step is the same call, in the same order, so ERROR outputs the same list.  What CATCH "ERROR does not catch (a THROW of another
tag, the Stop button's error, STOP or OUTPUT inside a procedure) is raised again.
"""

from __future__ import annotations

from typing import Any

from .errors import LogoError
from .signals import OutputSignal, StopSignal, ThrowSignal

INTERNAL = (KeyError, RecursionError, MemoryError, OSError)  # (as Interpreter.run's)
# what CATCH "ERROR answers (:func:`answer`); the inline ``except`` catches these and
# the Python errors of running Logo too (Interpreter.run translates them for the primitive)
SIGNALS = (LogoError, ThrowSignal, StopSignal, OutputSignal)
ENDINGS = (*SIGNALS, *INTERNAL)


def user_error(sig: ThrowSignal) -> LogoError:
    """The error that THROW "ERROR makes: (THROW "ERROR value) names its value."""
    if not sig.has_value:  # THROW "ERROR alone: UCBLogo's error 21
        return LogoError("throw_error")
    return LogoError("user", what=sig.value)


def caught_error(I: Any, exc: BaseException) -> None:
    """``exc`` ended the list of an inline CATCH "ERROR: first what the list's run does
    with it (``Interpreter.run``), then what the primitive CATCH does."""
    if isinstance(exc, LogoError):  # (no ERRACT: it never runs inside CATCH "ERROR)
        I.locate_error(exc, None, exc.__traceback__)
    elif isinstance(exc, INTERNAL):
        exc = I.translate_internal(exc, None)
    answer(I, exc)


def answer(I: Any, exc: BaseException) -> None:
    """CATCH "ERROR's answer to what ended its list (the primitive's, control.catch, and
    the inline form's): an error kept for ERROR, or ``exc`` raised again."""
    if isinstance(exc, ThrowSignal):
        if exc.tag.lower() != "error":
            raise exc
        I.last_error = user_error(exc)
    elif isinstance(exc, LogoError) and exc.kind != "stopped":
        I.locate_caught(exc)
        I.last_error = exc
    elif isinstance(exc, (StopSignal, OutputSignal)) and not I.frames:
        who = "stop" if isinstance(exc, StopSignal) else "output"
        I.last_error = LogoError("only_in_procedure", who=who)
    else:
        raise exc
