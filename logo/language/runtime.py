"""What compiled Logo code calls at run time: procedure calls with shallow-bound dynamic
scope and a tail-call trampoline, the control signals, truth tests, loop helpers.

Dynamic scope is *shallow binding*: ``I.vars`` holds every variable's current value;
a procedure call saves the values its inputs and locals shadow and restores them when it
returns.  A chain of tail calls shares one save record, so a tail-recursive procedure
runs in constant Python stack and constant memory.
"""

from __future__ import annotations

from typing import Any

from ..primitives.coerce import count as _count
from .binding import UNBOUND as UNBOUND
from .binding import bind_general as _bind_general
from .binding import bind_held, held_in_error
from .binding import restore as restore
from .conditions import condition_test as condition_test  # (their home was here)
from .conditions import truth as truth
from .conditions import truth_run as truth_run
from .errors import LogoError
from .procedures import Procedure, make_procedure
from .signals import Frame as Frame
from .signals import GotoSignal as GotoSignal
from .signals import OutputSignal as OutputSignal
from .signals import StopSignal as StopSignal
from .signals import TailCall as TailCall
from .signals import ThrowSignal as ThrowSignal
from .values import LogoList


def call_proc(I: Any, proc: Any, args: tuple) -> Any:
    """Run a user procedure; its output or None.  The path of every call but those
    of compiled call sites (call_sites.py: the same, one caller per number of inputs):
    the inputs are bound (one or two without a loop) and the values they hide restored
    here, inline; tail calls go on in :func:`tail_calls`."""
    frames = I.frames
    if len(frames) >= I.max_depth:
        raise LogoError("stack_overflow")
    if I.interrupt:
        I.check_interrupt()
    return enter(I, proc, args)


def enter(I: Any, proc: Any, args: tuple) -> Any:
    """:func:`call_proc` past its checks (the callers of call_sites come here after
    theirs): a direct procedure's call binds nothing (input_scope.py)."""
    if proc.fast == I.generation and len(args) == proc.arity:
        return call_direct(I, proc, args)
    if proc.arity < 0 and (t := getattr(proc.code, "takes", None)) and t[2] == I.generation \
            and t[0] <= len(args) <= t[1] and I.debugger is None and not I.interrupt:
        return proc.code(I, proc, *args)  # its optional entry (optional_entry.py)
    frames, V = I.frames, I.vars
    frames.append(frame := Frame())
    saved: dict[str, Any] = {}
    frame.proc, frame.saved = proc, saved
    try:
        n = len(args)
        if n != proc.nfixed:
            _bind(I, proc, args, saved)
        elif n == 1:
            name = proc.fixed[0]
            saved[name] = V.get(name, UNBOUND)
            V[name] = args[0]
        elif n:  # every value hidden is read before any input is set: `to f :a :a`
            names = proc.fixed
            saved[names[1]] = V.get(names[1], UNBOUND)
            saved[names[0]] = V.get(names[0], UNBOUND)
            V[names[0]] = args[0]
            V[names[1]] = args[1]
        code = proc.code if proc.gen == I.generation else I.compile_procedure(proc)
        try:
            r = code(I, V)
        except StopSignal:
            r = None
        except OutputSignal as sig:
            r = sig.value
        return tail_calls(I, frame, r) if type(r) is TailCall else r
    except LogoError as err:
        failed(I, frame, err)
        raise
    except (KeyError, UnboundLocalError, RecursionError, MemoryError, OSError) as err:
        raise I.translate_internal(err, frame.proc) from None
    finally:
        frames.pop()
        for name, old in saved.items():
            if old is UNBOUND:
                V.pop(name, None)
            else:
                V[name] = old


def call_direct(I: Any, proc: Any, args: tuple) -> Any:
    """A call of a direct procedure: its inputs are the body's Python arguments, its
    entry in ``I.frames`` its Mark (call_sites' callers do the same inline)."""
    frames = I.frames
    frames.append(mark := proc.mark)
    I.direct_live += 1
    try:
        r = proc.direct(I, I.vars, *args)
        return tail_calls(I, mark, r) if type(r) is TailCall else r
    except StopSignal:
        return None
    except OutputSignal as sig:
        return sig.value
    except LogoError as err:
        failed(I, frames[-1], err)
        raise
    except (KeyError, UnboundLocalError, RecursionError, MemoryError, OSError) as err:
        raise I.translate_internal(err, frames[-1].proc) from None
    finally:
        I.direct_live -= 1
        if (top := frames.pop()) is not mark:
            restore(I.vars, top.saved)


def failed(I: Any, frame: Frame, err: LogoError) -> None:
    """A Logo error leaving the call of ``frame``: name its procedure and line, and run
    ERRACT here, the procedure's variables still bound."""
    I.locate_error(err, frame.proc, err.__traceback__)
    if "erract" in I.vars:
        I.erract(err)


def _bind(I: Any, proc: Any, args: tuple, saved: dict) -> None:
    """Bind ``proc``'s inputs to ``args`` in ``I.vars``, remembering hidden values
    (once per name: a tail call shares its caller's record)."""
    names = proc.fixed
    if names is None or len(args) != len(names):
        _bind_general(I, proc, args, saved)
        return
    V = I.vars
    for name, val in zip(names, args):
        if name not in saved:
            saved[name] = V.get(name, UNBOUND)
        V[name] = val


def tail_calls(I: Any, frame: Frame, tail: TailCall, prev: TailCall | None = None) -> Any:
    """Run a chain of tail calls in ``frame`` (of the procedure that made the first);
    the last one's output, checked against how each call of the chain was made.  A
    direct link runs unbound; the inputs of one that makes a tail call (``held``) are
    bound for the rest of the chain, as a plain link's are.  ``prev``: the link that
    ran before ``tail`` (call_sites' callers run a chain's first link themselves)."""
    frames = I.frames
    if type(frame) is not Frame:  # a direct call's entry: the chain needs a record
        top, chain = frames[-1], Frame()  # (top: its Mark, or Lifted by a turn: what it hid)
        chain.proc, chain.saved = frame.proc, top.saved if top.saved is not None else {}
        frames[-1] = chain
        frame = chain
    V, saved = I.vars, frame.saved
    command = output = after = None  # the last command link, output link, and the
    if prev is not None:             # first output link after the last command link
        if prev.command:
            command = prev
        else:
            output = after = prev
    while True:
        if tail.command:
            command, after = tail, None
        else:
            output = tail
            after = after or tail
        if tail.held is not None:
            bind_held(V, saved, tail.names, tail.held)
        if I.interrupt:
            I.check_interrupt()
        proc = frame.proc = tail.proc
        args = tail.args
        if proc.fast == I.generation and len(args) == proc.arity:
            r = _direct_link(I, frame, proc, args)
        else:
            r = run_link(I, tail, proc, args, saved)
        if type(r) is not TailCall:
            if r is not None and command is not None:  # a command's callee output:
                check_tail_result(I, after or command, r, True)  # where it OUTPUT
            elif r is None and output is not None:
                check_tail_result(I, output, r)
            return r
        tail = r


def _direct_link(I: Any, frame: Frame, proc: Any, args: tuple) -> Any:
    """A direct procedure's link of a chain, its Mark the entry while it runs; an error
    leaving it finds its inputs bound in the chain's record (as ERRACT expects)."""
    frames, V = I.frames, I.vars
    frames[-1] = mark = proc.mark
    I.direct_live += 1
    try:
        return proc.direct(I, V, *args)
    except StopSignal:
        return None
    except OutputSignal as sig:
        return sig.value
    except LogoError as err:
        held_in_error(I, err, frame.saved)
        raise
    finally:
        I.direct_live -= 1
        if (top := frames[-1]) is not mark:
            restore(V, top.saved)
        frames[-1] = frame


def run_link(I: Any, tail: TailCall, proc: Any, args: tuple, saved: dict) -> Any:
    """A plain link of a chain: its inputs bound in the chain's record."""
    V = I.vars
    if len(args) != proc.arity:
        _bind_general(I, proc, args, saved)
    elif args:  # as _bind does, inline
        for name, val in zip(proc.fixed, args):
            if name not in saved:
                saved[name] = V.get(name, UNBOUND)
            V[name] = val
    code = proc.code if proc.gen == I.generation else _tail_code(I, tail)
    try:
        return code(I, V)
    except StopSignal:
        return None
    except OutputSignal as sig:
        return sig.value


def check_tail_result(I: Any, tail: TailCall, r: Any, unwanted: bool = False) -> None:
    """After a chain of tail calls: an instruction that output, or an OUTPUT of a
    procedure that did not, is an error of the procedure that made the call
    (``unwanted``: an OUTPUT in a procedure whose own caller wanted no value)."""
    if (tail.command or unwanted) and r is not None:
        err = LogoError("dont_say_output", what=r)
    elif not tail.command and r is None:
        err = LogoError("didnt_output", who=tail.proc.name, caller="output")
    else:
        return
    raise _in_caller(err, tail)


_check_tail_result = check_tail_result  # (its name before call_sites used it)


def _tail_code(I: Any, tail: TailCall) -> Any:
    """The code of a tail call's procedure, made again; a procedure erased since the
    call was compiled is the error of the procedure that made the call, at its line."""
    try:
        return I.compile_procedure(tail.proc)
    except LogoError as err:
        if err.in_caller:
            err.in_caller = False
            raise _in_caller(err, tail) from None
        raise


def _in_caller(err: LogoError, tail: TailCall) -> LogoError:  # (at the call's line)
    caller = tail.caller
    if caller is not None:
        err.proc = caller.name
        if 0 <= tail.line < len(caller.lines):
            err.line = caller.lines[tail.line]
            err.file, err.lineno = err.line.src or (caller.file, None)
    return err


def loop_check(I: Any, proc: Any, k: int, r: Any) -> None:
    """The check of :func:`check_tail_result` for a self tail call compiled as a loop:
    ``k`` is the Logo line of the call plus one, negated when OUTPUT made it."""
    check_tail_result(I, TailCall(proc, (), k > 0, proc, abs(k) - 1), r)


def call_command(I: Any, proc: Any, args: tuple) -> None:
    """A procedure called as an instruction: an output is an error."""
    r = call_proc(I, proc, args)
    if r is not None:
        raise LogoError("dont_say_output", what=r)


def didnt_output(proc: Any, caller: str) -> Any:
    """A procedure called for its output gave none: UCBLogo's error."""
    raise LogoError("didnt_output", who=proc.name, caller=caller)


def call_reporter(I: Any, proc: Any, args: tuple, caller: str) -> Any:
    """A procedure called for its output: no output is an error."""
    r = call_proc(I, proc, args)
    if r is None:
        raise LogoError("didnt_output", who=proc.name, caller=caller)
    return r


def call_macro(I: Any, proc: Any, args: tuple, want_value: bool, caller: str = "") -> Any:
    """A ``.macro``: its output, an instruction list, is run where the macro was called
    (in the caller's scope: its ``output`` and ``stop`` are the caller's)."""
    expansion = call_proc(I, proc, args)
    if type(expansion) is not LogoList:
        raise _macro_returned(proc, "nothing" if expansion is None else expansion)
    value = I.run(expansion, want_value)
    if want_value and value is None and caller:
        raise LogoError("didnt_output", who=proc.name, caller=caller)
    return value


def _macro_returned(proc: Any, what: Any) -> LogoError:
    """UCBLogo's error 29, placed in the macro at its last line (where its STOP or
    OUTPUT usually is)."""
    err = LogoError("macro_returned", what=what)
    err.proc = proc.name
    if proc.lines:
        err.line = proc.lines[-1]
        err.file, err.lineno = err.line.src or (proc.file, None)
    return err


def count(x: Any) -> int:
    """A repeat count: a non-negative integer (3.0 counts; see ``coerce.count``)."""
    if type(x) is int and x >= 0:
        return x
    return _count(x)


def dont_say(x: Any) -> LogoError:
    return LogoError("dont_say", what=x)


def need_value(x: Any, caller: str, who: str) -> Any:
    """The output of a primitive used as an input: None means it output nothing."""
    if x is None:
        raise LogoError("didnt_output", who=who, caller=caller)
    return x


def dont_say_output(x: Any) -> LogoError:
    return LogoError("dont_say_output", what=x)


def call_named(I: Any, name: str, args: list[Any]) -> Any:
    """Call the procedure or primitive named ``name`` with ``args``; its output or None."""
    target = I.resolve(name.lower())
    if target is None or (getattr(target, "name", None) in ("to", ".macro")
                          and not isinstance(target, Procedure)):  # no procedures, as UCBLogo
        raise LogoError("dont_know_named", who=name)
    if len(args) < target.min_inputs:
        raise LogoError("not_enough_inputs", who=name)
    if 0 <= target.max_inputs < len(args):
        raise LogoError("too_many_inputs", who=name)
    if isinstance(target, Procedure):
        if target.macro:
            return call_macro(I, target, tuple(args), True)
        return call_proc(I, target, tuple(args))
    if target.needs_interp:
        return target.fn(I, *args)
    try:
        return target.fn(*args)
    except LogoError as err:  # a primitive's complaint names it, not APPLY or MAP
        if err.who is None:
            err.who = name
        raise


def getset(I: Any, name: str, args: tuple) -> Any:
    """A name that was no procedure when its line was read (UCBLogo's ALLOWGETSET,
    while the variable ``allowgetset`` is "true): ``foo`` outputs the variable foo and
    ``setfoo value`` sets it, when that variable exists; either way a buried procedure
    ``foo`` (``setfoo :value``) is defined, as UCBLogo does.  Otherwise "I don't know
    how to"."""
    low = name.lower()
    if I.resolve(low) is not None:  # defined since the line was read
        return call_named(I, name, list(args))
    V = I.vars
    if str(V.get("allowgetset", "")).lower() != "true":
        raise LogoError("dont_know", who=getattr(name, "shown", name))
    if not args:
        value = V.get(low, UNBOUND)
        if value is UNBOUND:
            raise LogoError("dont_know", who=getattr(name, "shown", name))
        _define_buried(I, [name], [["output", ":" + name]])
        return value
    var = low[3:]
    if var not in V and var not in I.workspace.globals \
            and not any(var in (frame.saved or ()) for frame in I.frames):
        raise LogoError("dont_know", who=getattr(name, "shown", name))
    _define_buried(I, [name, ":value"], [["make", '"' + name[3:], ":value"]])
    V[var] = args[0]
    return None


def getset_value(I: Any, name: str, args: tuple, caller: str) -> Any:
    """:func:`getset` where a value is wanted."""
    value = getset(I, name, args)
    if value is None:
        raise LogoError("didnt_output", who=name, caller=caller)
    return value


def _define_buried(I: Any, title: list[str], lines: list[list[str]]) -> None:
    proc = make_procedure(title, [LogoList(line) for line in lines])
    proc.buried = True  # the window's procedures pane leaves it out
    I.define(proc)
    I.workspace.buried.add(proc.name)
