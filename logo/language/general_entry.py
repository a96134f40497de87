"""A procedure that is not direct, compiled as its own entry: one Python call per call.

A procedure whose inputs its callees may read (dynamic scope: not direct, input_scope.py)
binds them in the table ``I.vars``.  Its compiled function is also its entry, as a
direct one's is (direct_entry.py): called by a call site as ``body(I, proc, *inputs)``
(``V is proc``, the *entry* call), it does what call_sites' callers do for it (the
depth limit, the Stop/turn check, its Frame and save record pushed, the inputs bound
with their names as constants, an error located and given to ERRACT, Python's internal
errors translated, STOP and OUTPUT of a list run, tail calls, the hidden values
restored, unrolled for the inputs) around its body; a tail call's first link to a
plain procedure runs here, as the callers run one.  Called as the plain body
``body(I, V)`` (runtime.enter, the callers, a tail chain, the debugger's paths), it
runs only the body, as an ordinary one.

The prologue is guarded: when the definitions changed since the function was made
(``I.generation``), a debugger watches (TRACE, STEP), the depth limit is reached or
``I.interrupt`` is set, the call goes to :func:`runtime.call_proc` (the same checks and
errors; the procedure as it is now).  An error raised there is the caller's, at its
call site: :func:`failed` leaves the entry's frame, still in its prologue, out of the
traceback it locates an error with.
"""

from __future__ import annotations

import re
from typing import Any

from . import depth, direct_entry, input_scope, optional_entry, runtime
from .errors import LogoError
from .procedures import Procedure

_PROLOGUE = """def body(I, V{params}):
    if (_E_ := V is _ME_):
        if I.generation != _G_ or len(_F_ := I.frames) >= I.max_depth or I.interrupt or I.debugger is not None:
            return _SLOW_(I, _ME_, ({inputs}))
        V = I.vars
{saves}
        _F_.append(_FR_ := _FRAME_())
        _FR_.proc = _ME_
        _FR_.saved = _SV_ = {{{record}}}
{binds}
    try:
"""
PROLOGUE_END = 4  # the entry's lines up to its call of _SLOW_ (failed)
_EPILOGUE = """    except _STOP_:
        if _E_: return None
        raise
    except _OUTPUT_ as _X_:
        if _E_: return _X_.value
        raise
    except _ERR_ as _X_:
        _FAILED_(I, _E_, _ME_, _X_)
        raise
    except (KeyError, UnboundLocalError, RecursionError, MemoryError, OSError) as _X_:
        if _E_:
            raise I.translate_internal(_X_, _FR_.proc) from None
        raise
    finally:
        if _E_:
            _F_.pop()
            if len(_SV_) == {n}:
{restores}
{locals}            else:
                for _n_, _o_ in _SV_.items():
                    if _o_ is _UNB_: V.pop(_n_, None)
                    else: V[_n_] = _o_
"""
# a tail call's return in the entry call: its first link run here (call_sites' callers)
_LINK = """if not _E_: return {k}
if (_p_ := {k}.proc).gen != I.generation or _p_.fast == _p_.gen \\
        or len(_a_ := {k}.args) != _p_.arity or I.interrupt:  # (no held: not direct)
    return _TAILS_(I, _FR_, {k})
_FR_.proc = _p_
if _a_:
    for _n_, _v_ in zip(_p_.fixed, _a_):
        if _n_ not in _SV_: _SV_[_n_] = V.get(_n_, _UNB_)
        V[_n_] = _v_
try: _v_ = _p_.code(I, V)
except _STOP_: _v_ = None
except _OUTPUT_ as _s_: _v_ = _s_.value
if type(_v_) is _TAIL_: return _TAILS_(I, _FR_, _v_, {k})
if (_v_ is None) is not {k}.command: _CHECK_(I, {k}, _v_)
return _v_"""


def eligible(proc: Procedure) -> bool:
    """Whether ``proc`` takes exactly its fixed inputs (no optional or rest input)."""
    fixed = proc.fixed
    return fixed is not None and not proc.optional and not proc.rest \
        and len(fixed) == proc.arity == proc.nfixed


def compile_entry(compiler: Any, proc: Procedure) -> Any:
    """``proc``'s body compiled as its own entry too; None where that cannot be made
    (then it is compiled as an ordinary body)."""
    optional = not eligible(proc)
    if optional and not optional_entry.eligible(proc):
        return None
    I = compiler.I
    try:
        em = compiler._emit(proc.lines, "proc", proc, False, None, True)
        if em.self_loops:  # again, with the checks a loop's returns need
            em = compiler._emit(proc.lines, "proc", proc, True, None, True)
        if em.tags or em.inputs:
            return None
        lines = _with_tails(em)
        if lines is None:
            return None
        if optional:  # (its inputs given as far as the call gives them: optional_entry)
            head, names, olds, consts = optional_entry.prologue(proc)
            em.globals.update(consts)
            source = head + "\n".join("    " + line for line in lines) + "\n" \
                + epilogue(names, olds, lines)
        else:
            source = _source(proc, lines)
        code = direct_entry._compile_code(compiler)(source, f"<logo {proc.name}>",
                                                    I.sandbox is None)
    except (SyntaxError, RecursionError, MemoryError):  # (the ordinary compile's guards
        return None                                      # deal with deep nesting)
    namespace = compiler.namespace()
    namespace.update(em.globals)
    namespace.update(__name__=__name__, _ME_=proc, _G_=I.generation, _FRAME_=runtime.Frame,
                     _SLOW_=runtime.call_proc, _ERR_=LogoError, _FAILED_=failed,
                     _TAILS_=runtime.tail_calls,
                     _STOP_=runtime.StopSignal, _OUTPUT_=runtime.OutputSignal,
                     _TAIL_=runtime.TailCall, _UNB_=runtime.UNBOUND,
                     _CHECK_=runtime.check_tail_result)
    exec(code, namespace)
    fn = namespace["body"]
    namespace[_ENTRY] = fn.__code__
    fn.tags = em.tags
    fn.entry = True
    fn.sitemap = em.sitemap(source)
    if optional:
        optional_entry.finish(fn, proc, head)
    I.register_code(fn.__code__, fn.sitemap)
    depth.register_nested(I, fn.__code__, fn.sitemap)  # (out-of-line parts share the map)
    for names, site in input_scope.scopes(I).waiting.pop(proc, ()):  # (direct bodies'
        names[site] = fn                                               # sites: settle)
    return fn


_ENTRY = "_GENERAL_ENTRY_"  # an entry's code, in its namespace (failed)


def _source(proc: Procedure, lines: list[str]) -> str:
    names = [repr(name) for name in proc.fixed or ()]
    params = [f"_a{i}_" for i in range(len(names))]
    olds = [f"_o{i}_" for i in range(len(names))]
    text = "\n".join("    " + line for line in lines)
    return _PROLOGUE.format(
        params="".join(", " + p + "=None" for p in params),
        inputs="".join(p + ", " for p in params),
        saves="\n".join(f"        {o} = V.get({m}, _UNB_)" for o, m in zip(olds, names)),
        record=", ".join(f"{m}: {o}" for o, m in zip(olds, names)),
        binds="\n".join(f"        V[{m}] = {p}" for m, p in zip(names, params)),
    ) + text + "\n" + epilogue(names, olds, lines)


def epilogue(names: list[str], olds: list[str], lines: list[str]) -> str:
    """The entry's end after its body's ``lines``: STOP, OUTPUT, errors, the frame popped
    and the record restored (unrolled from the locals ``olds`` of the inputs ``names``,
    their texts, and of the names the body's LOCALMAKEs save)."""
    local_names = sorted({m.group(1) for line in lines for m in _LOCAL_SAVE.finditer(line)}
                         - set(names))
    return _EPILOGUE.format(
        n=len(names), locals=_restore_locals(names, olds, local_names),
        restores="\n".join(f"                if {o} is _UNB_: V.pop({m}, None)\n"
                           f"                else: V[{m}] = {o}"
                           for o, m in zip(olds, names)) or "                pass")


_LOCAL_SAVE = re.compile(r"if ('\w[^']*') not in _lf\d+:")  # LOCALMAKE's (loop_locals)
_FRAME_SAVED = re.compile(r"^(\s*_lf\d+ = )I\.frames\[-1\]\.saved$")


def _restore_locals(names: list[str], olds: list[str], local_names: list[str]) -> str:
    """The restore, unrolled, of a record holding the inputs and each name the body's
    LOCALMAKEs save (and no other: a tail call's inputs, a LOCAL of a list run)."""
    if not local_names or len(set(names)) != len(names):
        return ""
    text = [f"            elif len(_SV_) == {len(names) + len(local_names)}"
            f"{''.join(f' and {m} in _SV_' for m in local_names)}:"]
    text += [f"                if {o} is _UNB_: V.pop({m}, None)\n"
             f"                else: V[{m}] = {o}" for o, m in zip(olds, names)]
    text += [f"                if (_o_ := _SV_[{m}]) is _UNB_: V.pop({m}, None)\n"
             f"                else: V[{m}] = _o_" for m in local_names]
    return "\n".join(text) + "\n"


def _with_tails(em: Any) -> list[str] | None:
    """The body's lines as direct_entry.with_tails makes them, from the entry's frame,
    a tail call's first link inline (_LINK) and LOCALMAKE saving into the entry call's
    own record."""
    return direct_entry.with_tails(em, "_FR_", lambda k: _LINK.format(k=k).split("\n"),
                                   _own_record)


def _own_record(text: str) -> str:
    m = _FRAME_SAVED.match(text)
    return f"{m.group(1)}_SV_ if _E_ else I.frames[-1].saved" if m else text


def failed(I: Any, entry: bool, proc: Any, err: LogoError) -> None:
    """A Logo error leaving the body: located (the procedure of the frame on top of
    ``I.frames`` in the entry call, ``proc`` otherwise) in the traceback without the
    frames of entries still in their prologue (the call had not begun), and given to
    ERRACT when this is the entry call (a plain call's caller does that)."""
    direct_entry.locate_failed(I, entry, proc, err, _in_prologue)


def _in_prologue(I: Any, t: Any) -> bool:
    """Whether ``t`` is an entry made here in its prologue."""
    frame = t.tb_frame
    return frame.f_globals.get(_ENTRY) is frame.f_code and t.tb_lineno <= PROLOGUE_END


