"""The callers compiled call sites use: one per number of inputs, made from one template.

A call site of generated code that calls a user procedure with ``n`` inputs calls
``caller(n)(I, proc, a0, ..., an-1)``.  After the checks every call makes (the depth,
Stop and the processes' turn), a direct procedure (input_scope.py) gets its inputs as
the body's Python arguments: its Mark is its entry in ``I.frames`` and nothing is bound
or restored.  Otherwise, when the procedure, as defined now, takes exactly
those ``n`` inputs and no debugger is watching, the caller does what
:func:`runtime.call_proc` does, with the inputs as Python arguments: no tuple is built,
the input names are unpacked once, the values they hide are read (all of them before any
input is set: ``to f :a :a``) into locals and into the frame's save record, and restored
from those locals (the record has more entries only when LOCAL, LOCALMAKE or a tail
call added some; then it is restored as a whole).  Anything else (a call of an older
definition's inputs, optional or rest inputs, TRACE's wrapper, which reads
``call_proc``'s ``args``) goes to :func:`runtime.enter` (``call_proc`` past its checks),
so results and errors are the same either way.
"""

from __future__ import annotations

import sys
from typing import Any

from . import code_cache, lifting, runtime
from .errors import LogoError

MAX_INPUTS = 6  # more inputs than this: call_proc with a tuple

_TEMPLATE = '''
def call{n}(I, proc, {args}):
    frames = I.frames
    if len(frames) >= I.max_depth:
        raise LogoError("stack_overflow")
    if I.interrupt:
        I.check_interrupt()
    if proc.fast == I.generation:
        frames.append(mark := proc.mark)
        try:
            r = proc.direct(I, I.vars{comma_args})
            return TAILS(I, mark, r) if type(r) is TAIL else r
        except LogoError as err:
            FAILED(I, frames[-1], err)
            raise
        except (KeyError, UnboundLocalError, RecursionError, MemoryError, OSError) as err:
            raise I.translate_internal(err, frames[-1].proc) from None
        finally:
            if (top := frames.pop()) is not mark:
                RESTORE(I.vars, top.saved)
    if proc.arity != {n} or I.debugger is not None:
        return ENTER(I, proc, {inputs})
    V = I.vars
{unpack}
{saves}
    frames.append(frame := Frame())
    frame.proc = proc
    frame.saved = saved = {{{record}}}
{binds}
    try:
        code = proc.code if proc.gen == I.generation else I.compile_procedure(proc)
        try:
            r = code(I, V)
        except STOP:
            r = None
        except OUTPUT as sig:
            r = sig.value
        if type(r) is not TAIL:
            return r
        p = r.proc  # a tail call: its first link here, as tail_calls runs one
        if p.gen != I.generation or p.fast == p.gen or r.held is not None \
                or len(a := r.args) != p.arity or I.interrupt:
            return TAILS(I, frame, r)
        frame.proc = p
        if a:
            for name, val in zip(p.fixed, a):
                if name not in saved:
                    saved[name] = V.get(name, UNBOUND)
                V[name] = val
        try:
            v = p.code(I, V)
        except STOP:
            v = None
        except OUTPUT as sig:
            v = sig.value
        if type(v) is TAIL:
            return TAILS(I, frame, v, r)
        if (v is None) is not r.command:
            CHECK(I, r, v)
        return v
    except LogoError as err:
        FAILED(I, frame, err)
        raise
    except (KeyError, UnboundLocalError, RecursionError, MemoryError, OSError) as err:
        raise I.translate_internal(err, frame.proc) from None
    finally:
        frames.pop()
        if len(saved) == {n}:
{restores}
        else:
            for name, old in saved.items():
                if old is UNBOUND: V.pop(name, None)
                else: V[name] = old
'''

_callers: dict[int, Any] = {}


def caller(n: int) -> Any:
    """The caller for a call site with ``n`` inputs (made on first use), or
    :func:`runtime.call_proc` itself past :data:`MAX_INPUTS` (it takes a tuple)."""
    fn = _callers.get(n)
    if fn is None:
        if n > MAX_INPUTS:
            return runtime.call_proc
        fn = _callers[n] = _make(n)
    return fn


def takes_tuple(fn: Any) -> bool:
    """Whether a caller from :func:`caller` takes its inputs as one tuple."""
    return fn is runtime.call_proc


def _make(n: int) -> Any:
    names = [f"n{i}" for i in range(n)]
    olds = [f"o{i}" for i in range(n)]
    args = ", ".join(f"a{i}" for i in range(n))
    source = _TEMPLATE.format(
        n=n, args=args, inputs=f"({args},)" if n else "()", comma_args=", " + args if n else "",
        unpack=f"    {', '.join(names)}, = proc.fixed" if n else "",
        saves="\n".join(f"    {o} = V.get({m}, UNBOUND)" for o, m in zip(olds, names)),
        record=", ".join(f"{m}: {o}" for o, m in zip(olds, names)),
        binds="\n".join(f"    V[{m}] = a{i}" for i, m in enumerate(names)),
        restores="\n".join(f"            if {o} is UNBOUND: V.pop({m}, None)\n"
                           f"            else: V[{m}] = {o}"
                           for o, m in zip(olds, names)) or "            pass")
    namespace: dict[str, Any] = {"__name__": __name__,  # (the callers' module)
        "ENTER": runtime.enter, "RESTORE": runtime.restore, "LogoError": LogoError,
        "Frame": runtime.Frame, "UNBOUND": runtime.UNBOUND, "STOP": runtime.StopSignal,
        "OUTPUT": runtime.OutputSignal, "TAIL": runtime.TailCall,
        "TAILS": runtime.tail_calls, "FAILED": runtime.failed,
        "CHECK": runtime.check_tail_result}
    exec(code_cache.compile_code(source, f"<logo caller {n}>"), namespace)
    return namespace[f"call{n}"]


def call_text(x: Any, node: Any, proc: str, inputs: list[str] | None = None) -> str:
    """The Python text of a call of the procedure ``node`` calls (``proc``: its
    constant's name) by its caller, for ``x``, the compiler's Expressions (``inputs``:
    the texts of the inputs, where they are computed already: leaf_calls.py)."""
    from . import direct_entry  # lazy: compiling only (a start loads callers, not this)

    fn = caller(len(node.args))
    site = x.em.site(fn, node.name)
    direct_entry.bind_site(x.em, site, node.target, len(node.args))  # (its entry, if direct)
    if inputs is None and takes_tuple(fn):
        return f"{site}(I, {proc}, {x.args_tuple(node)})"
    if inputs is None:
        inputs = [x.expr(a, node.name) for a in node.args]
    elif takes_tuple(fn):
        return f"{site}(I, {proc}, {tuple_text(inputs)})"
    return f"{site}(I, {proc}{''.join(', ' + t for t in inputs)})"


def rebind(em: Any, names: list[str], values: list[str]) -> list[tuple[str, str]]:
    """Emit the new inputs of a procedure calling itself in tail position (a loop),
    each computed into a temporary before any input is set; an input given its own
    value (``:n`` for ``n``) is only read (its "has no value" stays), not stored again.
    The inputs are bound after the turn (:func:`emit_again`), as any call's are: each
    input's place (a direct body's Python local, else the table's entry) and the text
    of its new value (its temporary, or the place itself)."""
    places = [em.inputs.get(name) or f"V[{name!r}]" for name in names]
    distinct = len(set(names)) == len(names)  # (`to f :a :a`: each value stored)
    out = []
    for place, value in zip(places, values):
        if value == place and distinct:
            em.emit(value)
            out.append((place, place))
        else:
            out.append((place, em.fresh("_a")))
            em.emit(f"{out[-1][1]} = {value}")
    return out


def emit_tail(x: Any, node: Any, command: bool, line: int) -> None:
    """Emit the return of a call in tail position to the trampoline
    (:func:`runtime.tail_calls`): each call site has one TailCall, made here, whose
    inputs are set before it is returned.  The trampoline reads a link's inputs before
    it runs the link, and of the links it keeps only what never changes, so a call
    of the same site further down the chain (or deeper down the stack) may set them
    again."""
    from . import leaf_calls  # lazy: compiling only

    em = x.em
    temps = None if command else leaf_calls.emit_tail(x, node)  # (a leaf's value first)
    tail = em.const(runtime.TailCall(node.target, (), command, em.proc_or_none(), line,
                                     None, tuple(em.inputs)))
    if node.args:
        em.emit(f"{tail}.args = {x.args_tuple(node) if temps is None else tuple_text(temps)}")
    if em.inputs:  # a direct body's inputs, bound for the rest of the chain
        em.emit(f"{tail}.held = ({', '.join(em.inputs.values())},)")
    em.emit(f"return {tail}")


def tuple_text(texts: list[str]) -> str:
    """The Python text of a tuple of the values ``texts``."""
    return f"({''.join(t + ', ' for t in texts)})"


def emit_again(em: Any, proc: Any, command: bool, line: int,
               inputs: list[tuple[str, str]]) -> None:
    """Emit the check at a self tail call compiled as a loop (a redefinition, a stop
    or a turn ends it: :func:`again`), then the binding of the new inputs (``inputs``:
    :func:`rebind`'s), so that a turn sees the inputs of the call that makes the tail
    call, as at any other call; a direct body says so (its inputs are its locals)."""
    args = tuple_text([text for _, text in inputs])
    direct = ", True" if em.inputs else ""
    me = em.const(proc)  # (a definition made since: its flag may have been taken by a
    # call further in; the generation still tells)
    em.emit(f"if (I.interrupt or {me}.gen != I.generation) and (_t := {em.const(again)}(I, "
            f"{me}, {command}, {line}, {args}{direct})): return _t")
    for place, text in inputs:
        if text != place:
            em.emit(f"{place} = {text}")


def again(I: Any, proc: Any, command: bool, line: int, args: tuple,
          direct: bool = False) -> Any:
    """At a self tail call compiled as a loop, when ``I.interrupt`` is set (a stop, a
    process's turn, or a definition made: ``Interpreter.define`` sets it), with the new
    inputs ``args`` computed and the old ones still bound: the check, then None to go
    on looping (an input the turn set is given its new value again, as the call binds
    it), or, when a definition changed (the procedure may have been redefined: its code
    is made again), the call as a TailCall of the procedure as it is now, as UCBLogo
    runs a tail call of a procedure that redefined itself.  ``direct``: the caller is a
    direct body, its inputs its Python locals (held for the rest of the chain)."""
    I.check_interrupt()
    if direct:
        return direct_again(I, sys._getframe(1), proc, command, line, args)
    if proc.gen != I.generation:
        return runtime.TailCall(proc, args, command, proc, line)
    V = I.vars
    for name, value in zip(proc.required, args):
        V[name] = value
    return None


def direct_again(I: Any, frame: Any, proc: Any, command: bool, line: int,
                 args: tuple) -> Any:
    """:func:`again` after the turn, for the direct body running in ``frame``."""
    pairs = I.direct_codes[frame.f_code]  # (the inputs' Logo names and locals)
    local = frame.f_locals
    if proc.gen != I.generation:  # (its inputs as they are now: a turn may set them)
        held = tuple(local.get(py, runtime.UNBOUND) for _, py in pairs)
        return runtime.TailCall(proc, args, command, proc, line, held,
                                tuple(name for name, _ in pairs))
    for (_, py), value in zip(pairs, args):
        if local.get(py, runtime.UNBOUND) is not value:
            lifting.set_local(frame, py, value)
    return None
