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


def _contents(x: Any) -> tuple[list[str], list[str], list[str]]:
    """A name, a list of names (procedures), or a contents list [[procs] [vars] [plists]]."""
    x = word_or_list(x)
    if isinstance(x, LogoList):
        if len(x) and isinstance(x.first(), LogoList):
            parts = [[word(n).lower() for n in word_or_list(p)] for p in x] + [[], [], []]
            return parts[0], parts[1], parts[2]
        return [word(n).lower() for n in x], [], []
    return [word(x).lower()], [], []


def _mark(I: Any, contents: Any, traced: bool, on: bool) -> None:
    dbg = debugger(I)
    procs, variables, plists = _contents(contents)
    if traced:
        sets = (dbg.traced, dbg.traced_vars, dbg.traced_plists)
    else:
        sets = (dbg.stepped, dbg.stepped_vars, dbg.stepped_plists)
    for names, which in zip((procs, variables, plists), sets):
        dbg.mark(names, which, on)


def _procedures(x: Any) -> list[str]:
    return _contents(x)[0]


@primitive("trace")
def trace(I, contents):
    """TRACE contentslist
    Each call of the named procedures (or primitives) prints its inputs, ( f 5 ),
    and how it ends: f outputs 6, or f stops; calls inside calls are indented.  A MAKE of a traced
    variable prints Make "x 2, a PPROP on a traced property list Pprop "pl "k 3."""
    _mark(I, contents, True, True)


@primitive("untrace")
def untrace(I, contents):
    """UNTRACE contentslist
    Stops tracing the named procedures."""
    _mark(I, contents, True, False)


@primitive("step")
def step(I, contents):
    """STEP contentslist
    Each line of the named procedures is shown before it runs, and waits: for a line
    of input (the terminal) or for the Step button (the window, which shows the line in
    the procedures pane; Go on runs on at the speed of the Speed slider)."""
    _mark(I, contents, False, True)


@primitive("unstep")
def unstep(I, contents):
    """UNSTEP contentslist
    Stops stepping the named procedures."""
    _mark(I, contents, False, False)


def _listed(*parts: set[str]) -> LogoList:
    return LogoList([LogoList(sorted(names)) for names in parts])


@primitive("traced")
def traced(I):
    """TRACED
    Outputs a contents list [[procedures] [variables] [property lists]] of what is
    traced."""
    dbg = I.debugger
    if dbg is None:
        return _listed(set(), set(), set())
    return _listed(dbg.traced, dbg.traced_vars, dbg.traced_plists)


@primitive("stepped")
def stepped(I):
    """STEPPED
    Outputs a contents list [[procedures] [variables] [property lists]] of what is
    stepped."""
    dbg = I.debugger
    if dbg is None:
        return _listed(set(), set(), set())
    return _listed(dbg.stepped, dbg.stepped_vars, dbg.stepped_plists)


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
