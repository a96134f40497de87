"""The chain of tail calls a direct procedure's entry starts (direct_entry.py).

A direct body called as its own entry returns a tail call through :func:`chain`, which
runs the chain as :func:`runtime.tail_calls` does, the links of direct procedures (its
common case: one direct procedure ending with a call of another) without a Python call
of their own: each such link's body is called here, its Mark the chain's entry in
``I.frames`` while it runs, the inputs of the link that made the call bound in the
chain's record first (``held``, as a plain link's are bound all along: unless nothing
could see them, :func:`_covered`), the Stop/turn check before each link, an error
leaving a link finding its inputs bound in the record (ERRACT), and the last link's
output checked against how each call was made.  A link of a procedure that is not
direct (or not direct now: a redefinition) is :func:`runtime.tail_calls`' plain link.
The chain never grows the Python stack or ``I.frames``: the entry's one entry is
replaced, link by link.
"""

from __future__ import annotations

from typing import Any

from .binding import bind_held, held_in_error, restore
from .errors import LogoError
from .runtime import check_tail_result, run_link
from .signals import Frame, OutputSignal, StopSignal, TailCall


def _covered(I: Any, tail: TailCall) -> bool:
    """Whether the inputs ``tail.held`` of the link that made the call need no binding:
    its callee is direct now and has inputs of all their names.  Then nothing could see
    them: the callee's body reads its inputs as its locals and nothing it calls names
    them; a turn or ERRACT while it runs binds its inputs over them (lifting.py, and
    held_in_error here), and the callee's own tail call binds its inputs in their place.
    A turn before the link binds them (``I.interrupt``), as a callee not direct does."""
    proc = tail.proc
    if proc.fast != I.generation or len(tail.args) != proc.arity or proc.fixed is None \
            or not set(tail.names) <= set(proc.fixed):
        return False
    tail.covered = I.generation
    return True


def chain(I: Any, mark: Any, tail: TailCall) -> Any:
    """Run the chain of tail calls ``tail`` starts, made by the direct procedure whose
    entry ``mark`` is on top of ``I.frames``; the last link's output."""
    frames, V = I.frames, I.vars
    top, record = frames[-1], Frame()  # the chain's entry: its record of what it hides
    record.proc = mark.proc  # (what the Mark's inputs hid, where a turn bound them: Lifted)
    record.saved = top.saved if top.saved is not None else {}
    frames[-1] = record
    saved = record.saved
    command = output = after = None  # as tail_calls keeps them
    while True:
        if tail.command:
            command, after = tail, None
        else:
            output = tail
            after = after or tail
        held = tail.held
        if held is not None and (I.interrupt or (tail.covered != I.generation
                                                 and not _covered(I, tail))):
            bind_held(V, saved, tail.names, held)
        if I.interrupt:
            I.check_interrupt()
        proc = record.proc = tail.proc
        args = tail.args
        if proc.fast == I.generation and len(args) == proc.arity:
            frames[-1] = link = proc.mark  # (runtime._direct_link, inline)
            try:
                r = proc.direct(I, V, *args)
            except StopSignal:
                r = None
            except OutputSignal as sig:
                r = sig.value
            except LogoError as err:
                held_in_error(I, err, saved)
                raise
            finally:
                if (top := frames[-1]) is not link:
                    restore(V, top.saved)
                frames[-1] = record
        else:
            r = run_link(I, tail, proc, args, saved)
        if type(r) is not TailCall:
            if r is not None and command is not None:
                check_tail_result(I, after or command, r, True)
            elif r is None and output is not None:
                check_tail_result(I, output, r)
            return r
        tail = r
