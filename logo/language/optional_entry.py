"""The prologue of a procedure with optional or rest inputs compiled as its own entry.

general_entry.py makes a procedure that is not direct its own entry: called by a call
site as ``body(I, proc, *inputs)`` it makes the call's checks, pushes its Frame and save
record and binds its inputs, runs its body and restores what the inputs hid.  For a
procedure with optional inputs (``to opt :a [:b 5] [:c :b + 1]``) or a rest input
(``to r :a [:more]``) the inputs given are the entry's Python arguments, each missing
one the marker ``NO``, the rest input's values ``*_r_``; the prologue made here binds
them as :func:`binding.bind_general` does: the required inputs, then each optional
input in order, its default computed after the inputs before it are bound (a default
of one number is that number without running it; any other is run by ``I.run`` in the
procedure's frame, as today, its error located and given to ERRACT as enter's), the
value it hides saved after its default ran (what the default made is hidden too), and
the rest input's list last.  An error leaving a default pops the frame and restores the
record (a LOCAL the default ran included) before it goes on (:func:`run_default`).

The guards are the fixed entries': the generation, TRACE/STEP (``I.debugger``), the
depth limit, ``I.interrupt``, and a required input missing, all go to
:func:`runtime.call_proc` with the inputs given (a call with too many or too few for a
new definition: UCBLogo's errors, from ``bind_general``).
"""

from __future__ import annotations

import sys
from typing import Any

from . import binding, code_cache, runtime
from .errors import LogoError
from .procedures import Procedure
from .values import LogoList


class _Missing:
    """The value of an optional input's argument that the call did not give."""

    def __repr__(self) -> str:
        return "NO"


NO = _Missing()

_HEAD = """def body(I, V{params}):
    if (_E_ := V is _ME_):
        if I.generation != _G_ or len(_F_ := I.frames) >= I.max_depth or I.interrupt \
or I.debugger is not None{few}:
            return _SLOW_(I, _ME_, _GIVEN_(({inputs})){rest})
        V = I.vars
"""


def names_of(proc: Procedure) -> list[str]:
    """Every input name of ``proc`` in the order they are bound."""
    return [*proc.required, *(name for name, _ in proc.optional),
            *([proc.rest] if proc.rest else [])]


def eligible(proc: Procedure) -> bool:
    """Whether ``proc`` has optional or rest inputs, all of distinct names (a macro's
    calls are left to call_proc)."""
    names = names_of(proc)
    return bool(proc.optional or proc.rest) and not proc.macro and len(set(names)) == len(names)


def takes(proc: Any, n: int) -> bool:
    """Whether ``proc``'s code is an optional entry that a call of ``n`` inputs fits
    (the caller checks that the code is of this generation: ``proc.gen``)."""
    counts = getattr(proc.code, "takes", None)
    return counts is not None and counts[0] <= n <= counts[1]


def given(values: tuple) -> tuple:
    """The inputs a call gave (the missing ones are a suffix)."""
    return tuple(v for v in values if v is not NO)


def prologue(proc: Procedure) -> tuple[str, list[str], list[str], dict[str, Any]]:
    """The entry's prologue (up to its body's ``try:``), the input names (their texts),
    the locals holding what they hide, and the constants it needs in its namespace."""
    nreq = len(proc.required)
    params = [f"_a{i}_" for i in range(nreq + len(proc.optional))]
    names = [repr(name) for name in names_of(proc)]
    olds = [f"_o{i}_" for i in range(len(names))]
    consts: dict[str, Any] = {}
    runs = [i for i, (_, d) in enumerate(proc.optional, start=nreq) if binding.runs_default(d)]
    early = runs[0] if runs else len(names)  # saved before the frame is pushed
    head = _HEAD.format(
        params="".join(f", {p}=_NO_" for p in params) + (", *_r_" if proc.rest else ""),
        few=f" or _a{nreq - 1}_ is _NO_" if nreq else "",
        inputs="".join(p + ", " for p in params), rest=" + _r_" if proc.rest else "")
    out = [f"        {olds[i]} = V.get({names[i]}, _UNB_)" for i in range(early)]
    out += ["        _F_.append(_FR_ := _FRAME_())", "        _FR_.proc = _ME_",
            f"        _FR_.saved = _SV_ = {{{', '.join(f'{names[i]}: {olds[i]}' for i in range(early))}}}"]
    for i in range(len(names)):
        value = params[i] if i < len(params) else "_LIST_(_r_)"
        if nreq <= i < len(params):
            out.append(_default(proc.optional[i - nreq][1], params[i], consts))
        if i >= early:  # (after a default ran: a LOCAL of its own name, or a MAKE)
            out.append(f"        {olds[i]} = _SV_.setdefault({names[i]}, V.get({names[i]}, _UNB_))")
        out.append(f"        V[{names[i]}] = {value}")
    consts.update(_NO_=NO, _GIVEN_=given, _LIST_=_rest_list, _DEFAULT_=run_default,
                  _EMPTY_=LogoList)
    return head + "\n".join(out) + "\n    try:\n", names, olds, consts


def _default(default: LogoList, param: str, consts: dict[str, Any]) -> str:
    """The line that gives a missing optional input its default."""
    if not len(default):
        return f"        if {param} is _NO_: {param} = _EMPTY_()"
    const = f"_D{len(consts)}_"
    if binding.runs_default(default):
        consts[const] = default
        return f"        if {param} is _NO_: {param} = _DEFAULT_(I, _FR_, {const})"
    consts[const] = default.first()
    return f"        if {param} is _NO_: {param} = {const}"


def _rest_list(values: tuple) -> LogoList:
    return LogoList(list(values))


def run_default(I: Any, frame: Any, default: LogoList) -> Any:
    """An optional input's default list run in the entry's frame (``I.run``, as
    bind_general runs it); an error leaving it is the procedure's, as enter makes it
    (located, ERRACT run with the inputs before it bound), then the frame is popped
    and its record restored, the body not begun."""
    try:
        return I.run(default)
    except LogoError as err:
        runtime.failed(I, frame, err)
        _undo(I)
        raise
    except (KeyError, UnboundLocalError, RecursionError, MemoryError, OSError) as err:
        translated = I.translate_internal(err, frame.proc)
        _undo(I)
        raise translated from None
    except BaseException:
        _undo(I)
        raise


def _undo(I: Any) -> None:
    runtime.restore(I.vars, I.frames.pop().saved)


def finish(fn: Any, proc: Procedure, head: str) -> None:
    """Mark ``fn`` the optional entry of ``proc``, with its binder (:func:`binder`); the lines of its prologue (``head``) belong to no
    Logo line (an error of a default is placed in no line of the procedure, as when
    ``bind_general`` runs it)."""
    fn.takes = (len(proc.required),  # the fewest and most inputs a call may give, and
                sys.maxsize if proc.rest else len(proc.required) + len(proc.optional),
                fn.__globals__["_G_"])  # the generation it was made for
    fn.binder = binder(proc)
    fn.sitemap.unplace_head(head.count("\n"))


_BINDER = """def bind(I, proc, args, saved):
    if not {low} <= (n := len(args)){high}:
        return _GENERAL_(I, proc, args, saved)
    V = I.vars
"""


def binder(proc: Procedure) -> Any:
    """``bind_general`` unrolled for ``proc``'s inputs: ``bind(I, proc, args, saved)``
    binds a call's inputs in a record that may hold some already (a link of a chain of
    tail calls: runtime.run_link), each name's hidden value kept once, the defaults
    given as bind_general gives them (a count that does not fit: bind_general's error)."""
    nreq, nopt = len(proc.required), len(proc.optional)
    consts: dict[str, Any] = {"_GENERAL_": binding.bind_loop, "_UNB_": runtime.UNBOUND,
                              "_LIST_": LogoList}
    out = [_BINDER.format(low=nreq, high="" if proc.rest else f" <= {nreq + nopt}")]
    for i, name in enumerate(names_of(proc)):
        if i < nreq:
            value = f"args[{i}]"
        elif i < nreq + nopt:
            default = proc.optional[i - nreq][1]
            consts[const := f"_D{i}_"] = default if binding.runs_default(default) or not len(default) \
                else default.first()
            value = f"args[{i}] if n > {i} else " + (
                f"I.run({const})" if binding.runs_default(default) else
                f"{const}" if len(default) else "_LIST_()")
        else:
            value = f"_LIST_(list(args[{i}:]))"
        out.append(f"    _v_ = {value}\n    if {name!r} not in saved: "
                   f"saved[{name!r}] = V.get({name!r}, _UNB_)\n    V[{name!r}] = _v_\n")
    namespace = dict(consts, __name__=__name__)
    exec(code_cache.compile_code("".join(out), f"<logo binder {proc.name}>"), namespace)
    return namespace["bind"]
