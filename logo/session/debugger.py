"""Seeing a program think: PAUSE and CONTINUE, ERRACT, STEP and TRACE.

* ``pause`` opens a nested command level *inside* the running procedure: shallow binding
  (see ``language/runtime``) leaves that procedure's inputs and locals in ``I.vars``, so the
  lines typed at the ``name?`` prompt see and change them.  ``continue`` (a
  :class:`ContinueSignal`) ends the level; ``throw "toplevel`` leaves every level.
* an error with ``erract`` set runs it where the error happened (``call_proc``'s error
  handler, before the procedure's variables are restored): ``[pause]`` pauses there.
* a traced or stepped procedure is compiled in a variant made here, only for it: a
  stepped body calls :meth:`Debugger.step_line` before each of its lines, a traced one
  is wrapped by :class:`Traced`, which prints ``( f 5 )`` and ``f outputs 6``.  Turning
  either on or off changes the definitions' generation, so the code is made again.

The lines of a nested level and STEP's waits come through the host
(``read_instruction``, ``step_line``): the terminal reads standard input, the window its
command center and its Step button.
"""

from __future__ import annotations

import sys
from typing import Any

from ..language import lifting, runtime
from ..language.error_text import report
from ..language.errors import LogoError
from ..language.values import LogoList, quoted_form, show_form
from ..messages import text as say
from .parts import part
from .workspace import more_prompt


class ContinueSignal(Exception):
    """``continue``: ends the innermost PAUSE, which outputs ``value`` if there is one."""

    def __init__(self, value: Any = None):
        super().__init__("continue")
        self.value = value


class Debugger:
    """What is traced and stepped, the trace's depth, the pauses open."""

    def __init__(self, interp: Any):
        self.I = interp
        self.traced: set[str] = set()
        self.stepped: set[str] = set()
        self.traced_vars: set[str] = set()  # MAKE of them prints Make "x 2
        self.traced_plists: set[str] = set()  # PPROP on them prints Pprop "pl "k 3
        self.stepped_vars: set[str] = set()  # (listed by STEPPED only)
        self.stepped_plists: set[str] = set()
        self.originals: dict[str, Any] = {}  # MAKE, LOCALMAKE, PPROP while data is traced
        self.level = 0  # the depth of traced calls (their indentation)
        self.pauses = 0  # nested PAUSE levels open
        self.pending: LogoError | None = None  # the error an ERRACT pause shows first
        self.lines_read = 0  # lines typed at pauses (a value ERRACT gives: recovery.py)
        self.recovered: tuple[str, int] | None = None  # the last recovery's (kind, lines_read)

    # --- compiling --------------------------------------------------------------------
    def watches(self, proc: Any) -> bool:
        """Whether ``proc`` is stepped or traced (its code has the debugger's hooks)."""
        return proc.name in self.stepped or proc.name in self.traced

    def compile_procedure(self, proc: Any) -> Any:
        """A procedure's code: the plain one, or with STEP's hook and TRACE's wrapper."""
        compiler = self.I.compiler
        stepped, traced = proc.name in self.stepped, proc.name in self.traced
        if not (stepped or traced):
            return compiler.compile_procedure(proc)
        code = compiler.compile_procedure(proc, step=self.step_line if stepped else None,
                                          tail_loops=False)
        return Traced(self, proc, code) if traced else code

    def mark(self, names: list[str], which: set[str], on: bool) -> None:
        """TRACE/UNTRACE, STEP/UNSTEP of procedure names: the code is made again."""
        for name in names:
            (which.add if on else which.discard)(name.lower())
        self.watch_data()
        self.I.generation += 1

    def watch_data(self) -> None:
        """This interpreter's primitives while something is traced: a traced primitive
        prints its calls; while a variable or a property list is traced MAKE, LOCALMAKE
        and PPROP print what they store (and the compiler stores no MAKE inline).  The
        others, and all of them once nothing is traced, are the plain primitives."""
        registry = self.I.registry
        data = bool(self.traced_vars or self.traced_plists)
        reports = {"make": self.made, "localmake": self.made, "pprop": self.propped}
        for prim in list(self.originals):  # back to the plain ones first
            spec = self.originals.pop(prim)
            for name in spec.names:
                registry.by_name[name] = spec
        wanted = {n for n in self.traced if self.I.names_primitive(n)}
        if data:
            wanted |= set(reports)
        for prim in wanted:
            spec = self.originals[prim] = registry.get(prim)
            fn = _watcher(spec.fn, reports[prim]) if data and prim in reports else spec.fn
            if prim in self.traced:
                fn = _tracer(self, spec, fn)
            watched = spec.with_fn(fn)
            for name in spec.names:
                registry.by_name[name] = watched

    def made(self, name: Any, value: Any) -> None:
        if str(name).lower() in self.traced_vars:
            self.I.write(f"Make {quoted_form(name)} {quoted_form(value)}{self.where()}\n")

    def propped(self, plist: Any, prop: Any, value: Any) -> None:
        if str(plist).lower() in self.traced_plists:
            self.I.write(f"Pprop {quoted_form(plist)} {quoted_form(prop)} {quoted_form(value)}"
                         f"{self.where()}\n")

    def where(self) -> str:
        """Inside a procedure, where the traced MAKE or PPROP was: ``  in f`` and the line."""
        if not self.I.frames:
            return ""
        err = LogoError("user")
        self.I.locate_caught(err)
        line = "" if err.line is None else "\n" + show_form(err.line)
        return f"  in {err.proc}{line}"

    # --- STEP ---------------------------------------------------------------------------
    def step_line(self, I: Any, proc: Any, index: int) -> None:
        """Before line ``index`` of a stepped procedure: show it and wait (the terminal:
        the line as UCBLogo prints it, `` >>> `` and a line of input)."""
        indent = " " * max(0, self.level - 1) if proc.name in self.traced else ""
        text = indent + show_form(proc.lines[index])
        I.host.step_line(proc.name, text_row(proc, index), text, self.idle)

    def idle(self) -> None:
        """Called while waiting for the user: Stop (or Ctrl-C) ends the wait."""
        if self.I.stop_requested:
            self.I.check_interrupt()

    # --- TRACE --------------------------------------------------------------------------
    def trace_call(self, proc: Any, args: tuple) -> None:
        words = [quoted_form(a) for a in args]
        self.I.write(" " * self.level + "( " + " ".join([proc.name, *words]) + " )\n")
        self.level += 1

    def trace_return(self, proc: Any, value: Any) -> None:
        if value is None:
            said = say("debug.stops", name=proc.name)
        else:
            said = say("debug.outputs", name=proc.name, value=quoted_form(value))
        self.I.write(" " * self.level + said + "\n")

    # --- PAUSE --------------------------------------------------------------------------
    def pause(self) -> Any:
        """A nested command level; its lines run where the pause is.  Outputs the value
        of CONTINUE's input, or None."""
        I = self.I
        if self.pending is not None:
            err, self.pending = self.pending, None
            I.host.error(report(err))
        name = I.frames[-1].proc.name if I.frames else ""
        I.host.write(say("debug.pausing") + "\n")
        self.pauses += 1
        try:
            while True:
                text = self.read(name + "? ")
                if text is None:  # the end of the input: as UCBLogo, Logo ends
                    raise SystemExit(0)
                try:
                    I.load_source(text, "")
                except ContinueSignal as sig:
                    return sig.value
                except LogoError as err:
                    if getattr(err, "silent", False) or err.kind in ("stopped", "timeout",
                                                                      "memory"):
                        raise
                    I.host.error(report(err))
        finally:
            self.pauses -= 1

    def read(self, prompt: str) -> str | None:
        """An instruction typed at a nested level: a ``to`` goes on to its ``end``, a
        line with an open bracket to its close."""
        text = self.I.host.read_instruction(prompt, self.idle)
        self.lines_read += 1
        while text is not None:
            more = more_prompt(text)
            if more is None:
                return text
            line = self.I.host.read_instruction(more, self.idle)
            if line is None:
                return text
            text += "\n" + line
        return None


class Traced:
    """The code of a traced procedure: the compiled body (whose ``__code__`` and site
    map it shows, so errors are located as in the body), between the trace's lines."""

    def __init__(self, dbg: Debugger, proc: Any, code: Any):
        self.dbg = dbg
        self.proc = proc
        self.code = code
        self.__code__ = code.__code__
        self.sitemap = code.sitemap
        self.tags = code.tags

    def __call__(self, I: Any, V: dict) -> Any:
        dbg = self.dbg
        args = sys._getframe(1).f_locals.get("args", ())  # call_proc's inputs
        dbg.trace_call(self.proc, args if isinstance(args, tuple) else ())
        try:
            value = self.run(I, V)
        finally:
            dbg.level -= 1
        dbg.trace_return(self.proc, value)
        return value

    def run(self, I: Any, V: dict) -> Any:
        """The body's output; a tail call is made here (traced calls are not tail calls)."""
        try:
            r = self.code(I, V)
        except runtime.StopSignal:
            return None
        except runtime.OutputSignal as sig:
            return sig.value
        if type(r) is runtime.TailCall:
            tail = r
            r = runtime.call_proc(I, tail.proc, tail.args)
            runtime._check_tail_result(I, tail, r)
        return r


def _watcher(fn: Any, report_it: Any) -> Any:
    """A data primitive that reports what it stored (its inputs but the interpreter)."""

    def watched(I: Any, *args: Any) -> Any:
        result = fn(I, *args)
        report_it(*args)
        return result

    return watched


def _tracer(dbg: Debugger, spec: Any, fn: Any) -> Any:
    """A traced primitive: ``( print 5 )`` before, ``print stops`` after, on the terminal
    (UCBLogo writes these to the screen, not to SETWRITE's file)."""

    def traced(*args: Any, **options: Any) -> Any:
        shown = args[1:] if spec.needs_interp else args
        pad = " " * dbg.level
        dbg.I.host.write(pad + "( " + " ".join([spec.name, *map(quoted_form, shown)]) + " )\n")
        value = fn(*args, **options)
        if value is None:
            said = say("debug.stops", name=spec.name)
        else:
            said = say("debug.outputs", name=spec.name, value=quoted_form(value))
        dbg.I.host.write(pad + said + "\n")
        return value

    return traced


def debugger(I: Any) -> Debugger:
    """The interpreter's debugger, made on first use (``I.debugger``, which compiling
    asks for each procedure once it exists)."""
    dbg = part(I, "debugger", lambda: Debugger(I))
    I.debugger = dbg
    return dbg


def text_row(proc: Any, index: int) -> int:
    """The row of line ``index`` in the procedure's text (its title is row 0)."""
    title = getattr(proc.title, "src", None) if proc.title is not None else None
    src = proc.lines[index].src
    if proc.source and title and src and src[1] >= title[1]:
        return src[1] - title[1]
    return index + 1


def erract(I: Any, err: LogoError, recoverable: bool = False) -> Any:
    """An error with ERRACT set: run it where the error happened (once per error, never
    inside CATCH "ERROR, never for Stop).  After a PAUSE that showed the error, the
    error goes on silently.  A value CONTINUE (or ERRACT) gives is the output, for a
    ``recoverable`` error (recovery.py puts it in place of the bad input); for another
    error it is "You don't say what to do with" and ends the program, as in UCBLogo."""
    action = I.vars.get("erract")
    if (getattr(err, "erract_done", False) or getattr(err, "silent", False)
            or err.kind in ("stopped", "timeout", "memory")
            or not action or action == LogoList() or _in_catch_error(I)):
        return None
    err.erract_done = True  # type: ignore[attr-defined]
    dbg = debugger(I)
    dbg.pending = err
    del I.vars["erract"]  # not run again for an error in its own run
    try:  # (the inputs of direct procedures running bound: language/lifting.py)
        value = lifting.around(I, lambda: I.run(action, True), err.__traceback__)
    except ContinueSignal as sig:
        value = sig.value
    finally:
        I.vars["erract"] = action
    if dbg.pending is None:
        err.silent = True  # type: ignore[attr-defined]
    dbg.pending = None
    if value is not None and recoverable:
        return value
    if value is not None:
        I.host.error(report(LogoError("dont_say", what=value)))
        raise toplevel()
    return None


def toplevel() -> LogoError:
    """``throw "toplevel``: back to the top level, silently."""
    err = LogoError("no_catch", what="toplevel")
    err.silent = True  # type: ignore[attr-defined]
    return err


def _in_catch_error(I: Any) -> bool:
    """Whether a CATCH "ERROR is running (it catches the error: no ERRACT): the
    primitive's, or one compiled inline (its lines marked in the code's site map)."""
    from ..primitives.control import catch  # lazy: the primitives import this module

    code, sitemaps = catch.__code__, I.sitemaps
    frame: Any = sys._getframe(2)
    while frame is not None:
        if frame.f_code is code and frame.f_locals.get("name") == "error":
            return True
        sm = sitemaps.get(frame.f_code)
        if sm is not None and sm.caught(frame.f_lineno):
            return True
        frame = frame.f_back
    return False
