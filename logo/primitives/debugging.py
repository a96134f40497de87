"""Seeing a program think (UCBLogo manual: PAUSE and CONTINUE in CONTROL STRUCTURES;
TRACE and STEP in WORKSPACE CONTROL).  The debugger itself is ``session/debugger.py``."""

from __future__ import annotations

from typing import Any

from ..language.errors import LogoError
from ..language.values import LogoList, logo_bool
from ..session.debugger import ContinueSignal, debugger
from .coerce import word, word_or_list
from .registry import primitive


@primitive("pause")
def pause(I):
    """PAUSE
    Stops for a moment and lets you type instructions, as at top level, with a
    prompt that names the procedure (f?); its inputs and local variables can be read and
    changed.  CONTINUE goes on; PAUSE outputs CONTINUE's input if it has one.
    With MAKE "ERRACT [PAUSE], an error pauses where it happened."""
    return debugger(I).pause()


@primitive("continue", "co", inputs=1, max_inputs=1, alone_ok=True)
def continue_(I, value=None):
    """CONTINUE value   or   (CONTINUE)
    Ends the PAUSE; the PAUSE outputs value if there is one.  Alone on its line,
    CONTINUE takes no input."""
    dbg = I.debugger
    if dbg is None or not dbg.pauses:
        raise LogoError("no_catch", what="pause")
    raise ContinueSignal(value)


def _procedures(x: Any) -> list[str]:
    """The procedure names of a name, a list of names or a contents list."""
    x = word_or_list(x)
    if isinstance(x, LogoList):
        if len(x) and isinstance(x.first(), LogoList):
            x = x.first()
        return [word(n).lower() for n in x]
    return [word(x).lower()]


@primitive("trace")
def trace(I, contents):
    """TRACE contentslist
    Each call of the named procedures prints its inputs, ( f 5 ), and how it ends:
    f outputs 6, or f stops; calls inside calls are indented."""
    dbg = debugger(I)
    dbg.mark(_procedures(contents), dbg.traced, True)


@primitive("untrace")
def untrace(I, contents):
    """UNTRACE contentslist
    Stops tracing the named procedures."""
    dbg = debugger(I)
    dbg.mark(_procedures(contents), dbg.traced, False)


@primitive("step")
def step(I, contents):
    """STEP contentslist
    Each line of the named procedures is shown before it runs, and waits: for a line
    of input (the terminal) or for the Step button (the window, which shows the line in
    the procedures pane; Go on runs on at the speed of the Speed slider)."""
    dbg = debugger(I)
    dbg.mark(_procedures(contents), dbg.stepped, True)


@primitive("unstep")
def unstep(I, contents):
    """UNSTEP contentslist
    Stops stepping the named procedures."""
    dbg = debugger(I)
    dbg.mark(_procedures(contents), dbg.stepped, False)


def _listed(names: set[str]) -> LogoList:
    return LogoList([LogoList(sorted(names)), LogoList(), LogoList()])


@primitive("traced")
def traced(I):
    """TRACED
    Outputs a contents list [[procedures] [] []] of what is traced."""
    return _listed(I.debugger.traced if I.debugger is not None else set())


@primitive("stepped")
def stepped(I):
    """STEPPED
    Outputs a contents list [[procedures] [] []] of what is stepped."""
    return _listed(I.debugger.stepped if I.debugger is not None else set())


@primitive("traced?", "tracedp")
def tracedp(I, contents):
    """TRACED? contentslist
    Outputs TRUE if every procedure named is traced."""
    names = I.debugger.traced if I.debugger is not None else set()
    return logo_bool(all(n in names for n in _procedures(contents)))


@primitive("stepped?", "steppedp")
def steppedp(I, contents):
    """STEPPED? contentslist
    Outputs TRUE if every procedure named is stepped."""
    names = I.debugger.stepped if I.debugger is not None else set()
    return logo_bool(all(n in names for n in _procedures(contents)))
