"""The inputs of direct calls, bound in the variable table wherever it can be seen.

A direct procedure (``input_scope.py``) runs with its inputs in Python locals; its entry
in ``I.frames`` is its :class:`Mark` (the same object for every call of it) and nothing
is bound in ``I.vars``.  Nothing the call runs can see the difference: nothing it calls
names those inputs.  But a few things run while it runs that the analysis cannot see:
a turn of the processes and waiting jobs (``Interpreter.check_interrupt``: a ``when``
condition, a line typed in the window, the monitors) and ERRACT's action (a PAUSE
prompt).  :func:`around` runs them with every direct call's inputs bound as a plain
call would have them: found on the Python stack (the body's locals, each body's code
knows its inputs' names), innermost first, each value put where the innermost binding
of its name lives (the table, or the save record of a call further in that binds the
name too, which then restores it).  After, a value changed there is written back into
the body's local; then the bindings are undone, unless the definitions changed (a
procedure now called may read the inputs: the bindings stay for the rest of the call,
whose entry becomes a :class:`Lifted` frame that restores them when it returns) or a
LOCAL made there joined the call's record.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Any

from .binding import held_in_error
from .errors import LogoError
from .runtime import UNBOUND, Frame, restore


class Mark(Frame):
    """The entry in ``I.frames`` of a call of a direct procedure (``saved`` None: it
    binds nothing)."""

    __slots__ = ()

    def __init__(self, proc: Any):
        self.proc = proc
        self.saved = None  # type: ignore[assignment]


class Lifted(Frame):
    """A direct call whose inputs are bound in the table: ``saved`` restores what they
    hid; ``values`` are the values bound; ``body`` the Python frame running it."""

    __slots__ = ("body", "values")
    body: Any
    values: dict[str, Any]


def _direct_bodies(I: Any, frame: Any, tb: Any, count: int) -> list[Any] | None:
    """The Python frames of the direct bodies running (innermost first), one for each
    of ``count`` entries; when ERRACT runs as an error leaves a call (``tb``: the
    error's traceback), the innermost one is found there."""
    from .direct_entry import PROLOGUE_END  # lazy: there are direct bodies, so it is loaded

    codes = I.direct_codes
    found = []
    while frame is not None:  # (an entry in its prologue has not begun: no Mark)
        if frame.f_code in codes and frame.f_lineno > PROLOGUE_END:
            found.append(frame)
        frame = frame.f_back
    tb = tb or sys.exc_info()[2]  # (an error being handled: its traceback)
    if len(found) == count - 1 and tb is not None:
        while tb is not None and (tb.tb_frame.f_code not in codes
                                  or tb.tb_lineno <= PROLOGUE_END):
            tb = tb.tb_next
        if tb is not None:
            found.insert(0, tb.tb_frame)
    return found if len(found) == count else None


def around(I: Any, work: Callable[[], Any], tb: Any = None) -> Any:
    """``work()`` with the inputs of the direct calls running bound in the table."""
    if not I.direct_codes:  # (no direct body was made: nothing to look for)
        return work()
    frames = I.frames
    count = sum(1 for e in frames if e.saved is None or type(e) is Lifted)
    if not count:
        return work()
    bodies = _direct_bodies(I, sys._getframe(1), tb, count)
    if bodies is None:  # (never expected: then the table is as it is)
        return work()
    gen = I.generation
    done = _lift(I, bodies)
    try:
        return work()
    finally:
        _settle(I, done, I.generation != gen)


def lifted_catch(I: Any, catch: Callable[..., Any], tag: Any, instructions: Any) -> Any:
    """CATCH's primitive run by a direct body (a tag computed as ERROR or TRUE: its
    list is run as a list), with the direct calls' inputs bound: the list may name them."""
    return around(I, lambda: catch(I, tag, instructions, want_value=False))


def _lift(I: Any, bodies: list[Any]) -> list[tuple[int, Any, Lifted, str, dict | None]]:
    """Bind the direct calls' inputs (innermost first); what :func:`_settle` needs."""
    frames, V, codes = I.frames, I.vars, I.direct_codes
    holder: dict[str, dict] = {}  # name -> the record of the nearest call further in binding it
    done: list[tuple[int, Any, Lifted, str, dict | None]] = []
    k = 0
    for i in range(len(frames) - 1, -1, -1):
        entry = frames[i]
        if entry.saved is not None and type(entry) is not Lifted:
            for name in entry.saved:
                holder[name] = entry.saved
            continue
        body = bodies[k]
        k += 1
        if type(entry) is Lifted:
            lifted = entry
        else:
            lifted = frames[i] = Lifted()
            lifted.proc, lifted.saved, lifted.values, lifted.body = entry.proc, {}, {}, body
        local = body.f_locals
        for name, py in codes[body.f_code]:
            value = local.get(py, UNBOUND)
            where = holder.get(name)
            if entry is not lifted:  # bound now: what it hides
                lifted.saved[name] = V.get(name, UNBOUND) if where is None else where[name]
            if entry is not lifted or value is not lifted.values[name]:  # (a self tail
                _bind(V, where, name, value)                       # call's new inputs)
            lifted.values[name] = value
            holder[name] = lifted.saved
            done.append((i, entry, lifted, name, where))
    return done


def _bind(V: dict, where: dict | None, name: str, value: Any) -> None:
    if where is not None:
        where[name] = value
    elif value is UNBOUND:
        V.pop(name, None)
    else:
        V[name] = value


def _settle(I: Any, done: list[tuple[int, Any, Lifted, str, dict | None]],
            keep: bool) -> None:
    """After: write changed values back into the bodies' locals, then undo the bindings
    (outermost first), unless ``keep``ing them all or a LOCAL joined a call's record."""
    V, frames = I.vars, I.frames
    for i, entry, lifted, name, where in reversed(done):
        now = V.get(name, UNBOUND) if where is None else where.get(name, UNBOUND)
        if now is not lifted.values[name]:
            lifted.values[name] = now
            set_local(lifted.body, dict(I.direct_codes[lifted.body.f_code])[name], now)
        stays = keep or entry is lifted or len(lifted.saved) != len(lifted.values)
        if not stays:
            _bind(V, where, name, lifted.saved[name])
            frames[i] = entry


def set_local(frame: Any, name: str, value: Any) -> None:
    """Set a local of a running Python frame (a value changed at a pause or a turn).
    Python 3.13 writes through ``f_locals``; before it, the frame's dict is copied
    back into its locals (an input erased is then unset: its read is the error)."""
    if sys.version_info >= (3, 13):
        if value is not UNBOUND:
            frame.f_locals[name] = value
        return
    import ctypes  # lazy: only here

    local = frame.f_locals
    if value is UNBOUND:
        local.pop(name, None)
    else:
        local[name] = value
    ctypes.pythonapi.PyFrame_LocalsToFast(ctypes.py_object(frame),
                                          ctypes.c_int(1 if value is UNBOUND else 0))


def register(I: Any, code: Any, inputs: dict[str, str]) -> None:
    """A direct body's code and its inputs (Logo name, Python local), for :func:`around`."""
    I.direct_codes[code] = tuple(inputs.items())


class DirectCode:
    """A direct body as ``proc.code``, for the callers that bind the inputs first and
    call ``code(I, V)`` (the interpreting tier's first compiled call): its Mark goes on
    top of the call's own entry while it runs, so the inputs' bindings in the table
    stay in their record.  ``__code__`` and ``sitemap`` are the body's (errors are
    located in it)."""

    def __init__(self, proc: Any, body: Any):
        self.mark = proc.mark
        self.body = body
        self.names = proc.required
        self.__code__, self.__globals__ = body.__code__, body.__globals__
        self.sitemap = body.sitemap
        self.tags = body.tags

    def __call__(self, I: Any, V: dict) -> Any:
        frames = I.frames
        frames.append(mark := self.mark)
        try:
            return self.body(I, V, *[V[name] for name in self.names])
        except LogoError as err:
            held_in_error(I, err, frames[-2].saved)
            raise
        finally:
            if (top := frames.pop()) is not mark:
                restore(V, top.saved)


def direct_code(I: Any, proc: Any, body: Any, generation: int) -> DirectCode:
    """Make ``body`` (compiled with its inputs as arguments) ``proc``'s direct code for
    the definitions of ``generation``; its V-style form is the result."""
    if proc.mark is None:
        proc.mark = Mark(proc)
    proc.direct, proc.fast = body, generation
    return DirectCode(proc, body)


_ERASED = re.compile(r"'(_in_\d+)'")


def erased_read(I: Any, exc: BaseException) -> BaseException:
    """A direct body's read of an input erased at a pause or a turn (its local unset
    by :func:`set_local`): the KeyError a read of the table would have raised, with the
    read's traceback; any other exception as it is."""
    m = _ERASED.search(str(exc)) if isinstance(exc, UnboundLocalError) else None
    tb = exc.__traceback__
    names: dict[str, str] = {}
    while m is not None and tb is not None:
        for name, py in I.direct_codes.get(tb.tb_frame.f_code, ()):
            names[py] = name
        tb = tb.tb_next
    if m is None or m.group(1) not in names:
        return exc
    return KeyError(names[m.group(1)]).with_traceback(exc.__traceback__)
