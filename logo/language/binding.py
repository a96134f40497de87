"""Binding a call's inputs in the variable table: the general case (optional and rest
inputs, a call made with an older definition's inputs) and restoring what they hid."""

from __future__ import annotations

from typing import Any

from .errors import LogoError
from .values import LogoList

UNBOUND = object()  # a saved value: the variable had none
_NUMBERS = (int, float)  # a default list of one of these outputs it as it is


def bind_general(I: Any, proc: Any, args: tuple, saved: dict) -> None:
    """Bind ``proc``'s inputs to ``args``, keeping in ``saved`` what each hides (once:
    a tail call shares its caller's record); a procedure compiled as an optional entry
    has this unrolled (optional_entry.binder), used while its code is current."""
    if (bind := getattr(proc.code, "binder", None)) is not None \
            and proc.code.takes[2] == I.generation:
        bind(I, proc, args, saved)
    else:
        bind_loop(I, proc, args, saved)


def bind_loop(I: Any, proc: Any, args: tuple, saved: dict) -> None:
    """:func:`bind_general`'s binding, input by input."""
    V = I.vars
    names, optional, rest = proc.required, proc.optional, proc.rest
    n = len(names)
    if len(args) < n or (not rest and len(args) > n + len(optional)):
        _stale_call(I, proc, len(args) < n)  # a call parsed before its procedure changed
    for name, val in zip(names, args):  # (each name's hidden value kept once: a tail
        if name not in saved:  # call shares its caller's record)
            saved[name] = V.get(name, UNBOUND)
        V[name] = val
    given = len(args)
    i = n
    for name, default in optional:
        if i < given:
            val = args[i]
            i += 1
        elif runs_default(default):
            val = I.run(default)
        else:  # ([:b 5]: what running [5] outputs, without running it; [] outputs [])
            val = default.first() if len(default) else LogoList()
        if name not in saved:  # (after the default ran: what it made is hidden too)
            saved[name] = V.get(name, UNBOUND)
        V[name] = val
    if rest:
        if rest not in saved:
            saved[rest] = V.get(rest, UNBOUND)
        V[rest] = LogoList(list(args[i:]))


def runs_default(default: LogoList) -> bool:
    """Whether binding an optional input runs its default list: not when the list is
    empty or one number (its value is known without running it)."""
    return len(default) > 0 and not (len(default) == 1 and type(default.first()) in _NUMBERS)


def _stale_call(I: Any, proc: Any, few: bool) -> None:
    """A call with the inputs of ``proc``'s old definition: UCBLogo's error, as the
    caller's (``define "q [[a] [output :a]] show q`` -> not enough inputs to q)."""
    err = LogoError("not_enough_inputs" if few else "too_many_inputs", who=proc.name)
    err.proc = I.frames[-2].proc.name if len(I.frames) > 1 else ""
    raise err


def restore(V: dict, saved: dict) -> None:
    for name, old in saved.items():
        if old is UNBOUND:
            V.pop(name, None)
        else:
            V[name] = old


def bind_held(V: dict, saved: dict, names: Any, values: tuple) -> None:
    """Bind a direct call's inputs in a chain of tail calls' record (``held``: their
    values when it made its tail call), as a plain call's were bound all along."""
    for name, value in zip(names, values):
        if name not in saved:
            saved[name] = V.get(name, UNBOUND)
        if value is UNBOUND:
            V.pop(name, None)
        else:
            V[name] = value


def held_in_error(I: Any, err: BaseException, saved: dict) -> None:
    """An error leaving a direct link of a chain: its inputs, as its body had them
    (found in the error's traceback), bound in the chain's record, so that ERRACT, run
    as the error leaves the call, sees them as a plain call's."""
    tb, codes = err.__traceback__, I.direct_codes
    while tb is not None and tb.tb_frame.f_code not in codes:
        tb = tb.tb_next
    if tb is not None:
        local = tb.tb_frame.f_locals
        names = [name for name, _ in codes[tb.tb_frame.f_code]]
        bind_held(I.vars, saved, names, tuple(local.get(py, UNBOUND)
                                              for _, py in codes[tb.tb_frame.f_code]))
