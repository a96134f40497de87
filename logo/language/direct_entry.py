"""A direct procedure's compiled function is its own entry: one Python call per call.

A direct procedure (input_scope.py) binds nothing, so all a call of it must do is what
every call does: the depth limit, the Stop/turn check, its Mark pushed on ``I.frames``,
an error leaving it located and given to ERRACT, Python's internal errors translated,
tail calls run, a frame made since (a turn that changed the definitions: lifting.py)
restored, and STOP or OUTPUT of a list its body runs as a list (a list condition:
``Interpreter.run_condition``; CATCH's primitive: ``lifting.lifted_catch``) made its
own.  Its function does all that itself around its body, when a call site calls it
as ``body(I, proc, *inputs)`` (``V is proc``, the *entry* call); called as the plain
body, ``body(I, V, *inputs)`` (runtime's direct paths, the callers' direct branch,
``lifting.DirectCode``, which do that work), it runs only the body.

The prologue is guarded: when the definitions changed since the function was made
(``I.generation``), the procedure is no longer direct (``proc.fast``), the depth limit
is reached or ``I.interrupt`` is set, the call goes to :func:`runtime.call_proc`, which
makes the checks (the same errors, the turn) and calls the procedure as it is now.  The
entry's frame waits in its prologue then, its Mark not pushed: lifting skips such a
frame and :func:`failed` leaves it out of the traceback it locates an error with (the
error is the caller's, at its call site).

A call site (call_sites.call_text) whose callee is direct when the site is compiled
calls the callee's function itself (:func:`bind_site`); in a direct body, a site of a
callee not compiled yet (or the body's own recursion) is bound when the callee's
function is made in the same generation (:func:`settle`).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from types import TracebackType
from typing import Any

from . import depth, direct_tails, optional_entry, runtime, sure_outputs
from .errors import LogoError
from .procedures import Procedure

_PROLOGUE = """def body(I, V{params}):
    if (_E_ := V is _ME_):
        if I.generation != _G_ or len(_F_) >= _MAX_ or I.interrupt:
            return _SLOW_(I, _ME_, ({inputs}))
        _F_.append(_MARK_){vars}
    try:
"""
PROLOGUE_END = 4  # the entry's lines up to its call of _SLOW_ (lifting, failed)
_EPILOGUE = """    except _STOP_:
        return None
    except _OUTPUT_ as _X_:
        return _X_.value
    except _LE_ as _X_:
        _FAILED_(I, _E_, _ME_, _X_)
        raise
    except (KeyError, UnboundLocalError, RecursionError, MemoryError, OSError) as _X_:
        if _E_:
            raise I.translate_internal(_X_, I.frames[-1].proc) from None
        raise
    finally:
        if _E_ and (_T_ := _F_.pop()) is not _MARK_:
            _RESTORE_(I.vars, _T_.saved)
"""
_TAIL_RETURN = re.compile(r"^(\s*)return (K\d+)$")
_AGAIN_RETURN = re.compile(  # (call_sites.emit_again's line)
    r"^(\s*if \(I\.interrupt or K\d+\.gen != I\.generation\) and \(_t := K\d+\(.*\)\)): return _t$")
_READS_V = re.compile(r"\bV\b")
WAITING = "_WAITING_"  # a body's sites waiting for their callee's entry (its globals)


def compile_entry(compiler: Any, proc: Procedure, inputs: dict[str, str]) -> Any:
    """``proc``'s body, compiled with its inputs as arguments, as its own entry; None
    where that cannot be made (then it is compiled as an ordinary body)."""
    I = compiler.I
    try:
        em = compiler._emit(proc.lines, "proc", proc, False, None, True, inputs)
        if em.self_loops:  # again, with the checks a loop's returns need
            em = compiler._emit(proc.lines, "proc", proc, True, None, True, inputs)
        lines = with_tails(em, "_MARK_")
        if lines is None:
            return None
        params = "".join(", " + p for p in em.inputs.values())
        text = "\n".join("    " + line for line in lines)
        source = _PROLOGUE.format(  # (V, the table, read only where the body reads it)
            params=params, inputs="".join(p + ", " for p in em.inputs.values()),
            vars="\n        V = I.vars" if _READS_V.search(text) else "") + text + "\n" + _EPILOGUE
        code = _compile_code(compiler)(source, f"<logo {proc.name}>", I.sandbox is None)
    except (SyntaxError, RecursionError, MemoryError):  # (the ordinary compile's guards
        return None                                      # deal with deep nesting)
    sure = em.globals.pop(sure_outputs.SURE, None)
    namespace = compiler.namespace()
    namespace.update(em.globals)
    namespace.update(__name__=__name__, _ME_=proc, _G_=I.generation, _MARK_=proc.mark,
                     _F_=I.frames, _MAX_=I.max_depth,  # (neither changes)
                     _SLOW_=sure_outputs.slow if sure or sure_outputs.always_outputs(I, proc)
                     else runtime.call_proc, _LE_=LogoError, _FAILED_=failed,
                     _RESTORE_=runtime.restore, _TAILS_=direct_tails.chain,
                     _STOP_=runtime.StopSignal, _OUTPUT_=runtime.OutputSignal)
    if sure:  # (its sites that do not test their output: sure_outputs.py)
        sure_outputs.register(namespace, source, sure)
    exec(code, namespace)
    fn = namespace["body"]
    fn.tags = em.tags
    fn.sitemap = em.sitemap(source)
    I.register_code(fn.__code__, fn.sitemap)
    depth.register_nested(I, fn.__code__, fn.sitemap)  # (out-of-line parts share the map)
    return fn


def _compile_code(compiler: Any) -> Any:
    """The compiler's own ``compile_code`` (code_cache's, as its module holds it)."""
    return sys.modules[type(compiler).__module__].compile_code


def with_tails(em: Any, record: str, tail_lines: Callable[[str], list[str]] | None = None,
               also: Callable[[str], str] | None = None) -> list[str] | None:
    """The body's lines, each return of a tail call (call_sites.emit_tail, emit_again)
    running the chain from ``record`` (the entry's Mark or frame) when the call is an
    entry call; None if one was not found.  ``tail_lines(k)``: the lines a ``return k``
    of a tail call becomes instead (general_entry.py's inline first link); ``also``: any
    other rewriting of the other lines."""
    tails = sum(type(v) is runtime.TailCall for v in em.globals.values())
    agains = sum(text.endswith("return _t") for text in em.out)
    out: list[str] = []
    for text in em.out:
        m = _TAIL_RETURN.match(text)
        if m and type(em.globals.get(k := m.group(2))) is runtime.TailCall:
            tails -= 1
            lines = (tail_lines(k) if tail_lines is not None
                     else [f"return (_TAILS_(I, {record}, {k}) if _E_ else {k})"])
            out.extend(m.group(1) + line for line in lines)
            continue
        m = _AGAIN_RETURN.match(text)
        if m:
            agains -= 1
            text = f"{m.group(1)}: return (_TAILS_(I, {record}, _t) if _E_ else _t)"
        out.append(text if also is None else also(text))
    return out if tails == agains == 0 else None


def failed(I: Any, entry: bool, proc: Any, err: LogoError) -> None:
    """A Logo error leaving a direct body: located (the procedure of the entry on top
    of ``I.frames``, as the callers' FAILED does) in the traceback without the frames
    of entries still in their prologue (the call had not begun), and given to ERRACT
    when this is the entry call (a plain call's caller does that)."""
    locate_failed(I, entry, proc, err, _in_prologue)


def locate_failed(I: Any, entry: bool, proc: Any, err: LogoError,
                  waiting: Callable[[Any, Any], bool]) -> None:
    """:func:`failed` for entries of any kind: ``waiting(I, t)`` tells whether the
    traceback entry ``t`` is of an entry of its kind (general_entry.py's too) still in
    its prologue; those are left out of the traceback the error is located with."""
    if not entry and err.in_caller:  # (the caller that made the call clears it)
        return
    tb = err.__traceback__
    if err.proc is None and not err.in_caller:
        tb = _begun(I, tb, waiting)
    I.locate_error(err, I.frames[-1].proc if entry else proc, tb)
    if entry and "erract" in I.vars:
        I.erract(err)


def _in_prologue(I: Any, t: Any) -> bool:
    """Whether ``t`` is a direct body's entry in its prologue."""
    return t.tb_frame.f_code in I.direct_codes and t.tb_lineno <= PROLOGUE_END


def _begun(I: Any, tb: Any, waiting: Callable[[Any, Any], bool]) -> Any:
    """``tb`` without the entries waiting in their prologue (``waiting`` tells them)."""
    kept, dropped = [], False
    t = tb
    while t is not None:
        if waiting(I, t):
            dropped = True
        else:
            kept.append(t)
        t = t.tb_next
    if not dropped:
        return tb
    new = None
    for t in reversed(kept):
        new = TracebackType(new, t.tb_frame, t.tb_lasti, t.tb_lineno)
    return new


def bind_site(em: Any, site: str, target: Any, n: int) -> None:
    """A call site ``site`` (``site(I, target, *inputs)``) just made: where ``target``
    is direct now, the site calls its function; in a direct body being compiled, a
    site of a callee that is not (yet) waits for the callee's function (:func:`settle`);
    elsewhere, a site of a callee not compiled yet in this generation calls it through
    :func:`_waiting` until it is."""
    I = em.I
    if type(target) is not Procedure or I.recover is not None \
            or em.globals[site] is runtime.call_proc:  # (more inputs: it takes a tuple)
        return
    if target.arity < 0:  # optional or rest inputs: its entry, if the call fits it
        _bind_optional(em, site, target, n)
        return
    if n != target.arity or not n:
        return
    if target.fast == I.generation and target.direct is not None:
        em.globals[site] = target.direct
    elif target.gen == I.generation and is_general_entry(target.code):  # (general_entry.py)
        em.globals[site] = target.code
    elif em.inputs:
        em.globals.setdefault(WAITING, []).append((site, target))
    elif target.gen != I.generation or getattr(target.code, "tree", None) is not None:
        em.globals[site] = _waiting(site, em.globals[site])


def _bind_optional(em: Any, site: str, target: Procedure, n: int) -> None:
    """:func:`bind_site` for a callee with optional or rest inputs (optional_entry.py):
    its entry where it is made now and takes ``n`` inputs, else (not compiled yet)
    the site waits for it as any other."""
    I = em.I
    if target.macro or not (len(target.required) <= n and (
            target.rest is not None or n <= len(target.required) + len(target.optional))):
        return  # (too few or too many: the caller's error, as call_proc makes it)
    if target.gen == I.generation and optional_entry.takes(target, n):
        em.globals[site] = target.code
    elif em.inputs:
        em.globals.setdefault(WAITING, []).append((site, target))
    elif target.gen != I.generation or getattr(target.code, "tree", None) is not None:
        em.globals[site] = _waiting(site, em.globals[site])


def _waiting(site: str, caller: Any) -> Any:
    """The function of a site ``site`` (its global name) in code that is no direct body,
    whose callee is not compiled yet: it calls ``caller`` (call_sites') until the
    callee is compiled, then the site calls the callee's entry if it is direct, else
    ``caller`` itself (the definitions as they are now; a site of code made for older
    ones only calls what ``caller`` would)."""
    def waiting(I: Any, proc: Any, *args: Any) -> Any:
        if proc.fast == I.generation:
            fn: Any = proc.direct
        elif proc.gen == I.generation and getattr(proc.code, "tree", None) is None:
            fn = proc.code if is_general_entry(proc.code) and (
                proc.arity == len(args) or optional_entry.takes(proc, len(args))) else caller
        else:
            return caller(I, proc, *args)
        names = sys._getframe(1).f_globals  # (the code that made the call)
        if names.get(site) is waiting:
            names[site] = fn
        return fn(I, proc, *args)
    return waiting


def is_general_entry(code: Any) -> bool:
    """Whether a procedure's code is its own entry though not direct (general_entry.py
    makes them and marks them ``entry``)."""
    return getattr(code, "entry", False) is True


def settle(I: Any, waiting: dict, proc: Procedure, fn: Any) -> None:
    """``fn``, made ``proc``'s direct function in this generation: its waiting sites
    are bound to their callees' functions, or wait in ``waiting`` (the generation's:
    input_scope.Scopes), and the sites that waited for ``proc`` are bound to ``fn``."""
    namespace = fn.__globals__
    for site, target in namespace.pop(WAITING, ()):
        if target.fast == I.generation and target.direct is not None:
            namespace[site] = target.direct
        else:
            waiting.setdefault(target, []).append((namespace, site))
    for ns, site in waiting.pop(proc, ()):
        ns[site] = fn
