"""Whether a library procedure written in Logo runs as its Python body now.

library_bodies gives REDUCE and INVOKE Python bodies that run where nothing could tell
them from their Logo text (``stdlib/control.lgo``); the tests of when that holds are here,
apart from the bodies, so that the compiler's INVOKE form (invoke_forms.py) asks the same
question without importing what the bodies need.
"""

from __future__ import annotations

from typing import Any

from .procedures import Procedure

INVOKE_INPUTS, INVOKE_REST = ("invoke.template",), "invoke.inputs"
INVOKE_CALLS = (".maybeoutput", "apply")  # what INVOKE's text calls


def as_library(I: Any, proc: Procedure) -> bool:
    """Whether ``proc`` is the library's own, untraced and unstepped, and no ERRACT
    recovery is being compiled (recovery runs the Logo text)."""
    if proc.name not in I.workspace.library or I.recover is not None:
        return False
    debugger = I.debugger
    return debugger is None or not debugger.watches(proc)


def invoke_as_python(I: Any, proc: Procedure) -> bool:
    """Whether a call of ``proc`` (named INVOKE) runs INVOKE's Python body: the
    library's INVOKE as it was loaded, with none of the procedures its text calls
    defined in place of their primitives (REDEFP)."""
    return as_library(I, proc) and tuple(proc.required) == INVOKE_INPUTS \
        and proc.rest == INVOKE_REST and not proc.optional \
        and not any(n in I.procedures for n in INVOKE_CALLS)
