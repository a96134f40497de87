"""The interpreter: one Logo world's state and the ways to run Logo in it.

``Interpreter(host)`` is cheap and has no globals; every test makes its own.  It holds
the variables (``vars``, shallow-bound: see ``runtime``), the workspace, the call frames,
and the compiled-code caches, invalidated by ``generation`` whenever a definition
changes.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable
from typing import Any

from ..language import lifting, runtime, shape_code
from ..language.emitter import SiteMap
from ..language.errors import LogoError
from ..language.library_bodies import body_of
from ..language.procedures import Procedure
from ..language.reader import read_list
from ..language.runparse import runparse_line, token_word
from ..language.tree_cache import TreeCache
from ..language.tree_procedures import tree_procedure
from ..language.values import EscapedWord, LogoList, print_form
from ..primitives.random_numbers import CRandom
from ..primitives.registry import build_registry
from . import locating, text_lines, top_level
from .host import BufferHost, Host
from .quick_text import QUICK, write_through
from .runner import recursion_limit
from .workspace import LIBRARY_PROCEDURES, Workspace


class Interpreter:
    """A Logo interpreter with its own workspace, talking to ``host``."""

    def __init__(self, host: Host | None = None, registry: Any = None,
                 max_depth: int = 100000, tiers: str | None = None):
        self.host = host if host is not None else BufferHost()
        self.registry = registry if registry is not None else build_registry()
        self.workspace = Workspace()
        self.vars: dict[str, Any] = {}
        self.workspace.start_variables(self.vars)
        self.frames: list[runtime.Frame] = []
        # LOCALs made at top level, restored when their line ends (None: none yet);
        # a plain attribute: touching self.__dict__ would slow every attribute read
        self.line_locals: dict[str, Any] | None = None
        self.last_error: LogoError | None = None  # the last one run_guarded reported
        self.generation = 0
        self.max_depth = max_depth
        self.repcount = -1
        self.interrupt = False
        self.stop_requested = False
        self.stop_reason: tuple[str, Any] = ("stopped", None)
        self.random: random.Random = CRandom()
        self._compiler: Any = None  # made on first use (the property below)
        self.sitemaps: dict[Any, SiteMap] = {}
        self._word_lists: dict[str, LogoList] = {}
        self.sandbox: Any = None  # a session.sandbox.Sandbox (or its folder), or None
        self.test_result: dict[int, bool] = {}
        self.turtle_world: Any = None  # parts made on first use: graphics.world
        self.page_widgets: Any = None  # sliders, buttons, text boxes (microworld.widgets)
        self.parts: dict[str, Any] = {}  # the streams, the microworlds' states (parts.py)
        self.answer = ""  # the reply to the last QUESTION
        self.file_prefix: str | None = None  # SETPREFIX
        self.slots: list[Any] = []  # templates: the inputs of explicit-slot templates (?)
        self.lambda_cache: dict[Any, Any] = {}  # ...lambda templates parsed, names resolved
        self.template_lists: Any = None  # ...the data ?REST reads
        self.scheduler: Any = None  # processes and a window's jobs (logo/processes.py)
        self.debugger: Any = None  # TRACE, STEP, PAUSE (debugger.py), made on first use
        self.recover: Any = None  # ERRACT's call-site wrapper while it is set (recovery.py)
        # how instruction lists run (language/interpreting.py): "auto", "interpret", "compile"
        self.tiers = tiers or os.environ.get("LOGO_TIERS") or "auto"
        self.trees = TreeCache()  # parsed trees by the words of a list (tree_cache.py)
        self.input_scopes: Any = None  # inputs needing no binding (input_scope, lifting)
        self.direct_codes: dict[Any, tuple[tuple[str, str], ...]] = {}
        self.direct_live = 0  # direct calls running (none: a turn binds nothing)

    # --- names --------------------------------------------------------------------------
    def resolve(self, name: str) -> Any:
        """What a (lower-case) name calls: a procedure, a widget's reporter or setter,
        or a primitive; None if nothing."""
        proc = self.workspace.procedures.get(name)
        if proc is not None:
            return proc
        if self.page_widgets is not None:
            from ..primitives.microworld import widget_spec  # lazy: widgets only
            spec = widget_spec(self, name)
            if spec is not None:
                return spec
        target = self.registry.get(name)
        if target is None:  # a library procedure written in Logo, loaded on first use
            from .library import autoload  # lazy: start-up time
            return autoload(self, name)
        return target

    @property
    def procedures(self) -> dict[str, Procedure]:
        return self.workspace.procedures

    def define(self, proc: Procedure) -> None:
        if self.is_primitive(proc.name) and not self.redefining():
            raise LogoError("is_primitive", who=proc.name)
        self.workspace.define(proc)
        self.generation += 1
        self.interrupt = True  # a running loop looks (a procedure redefined while it runs)

    def is_primitive(self, name: str) -> bool:
        """One of UCBLogo's primitives, which TO may take only with REDEFP (others of ours
        yield to a definition, as UCBLogo's library: docs/dialect.md)."""
        return name not in LIBRARY_PROCEDURES and self.registry.is_ucblogo(name)

    def names_primitive(self, name: str) -> bool:
        """A primitive answers to ``name`` now (no procedure of the program took it)."""
        return name not in self.workspace.procedures and self.registry.get(name) is not None

    def redefining(self) -> bool:
        """UCBLogo's ``redefp``: when the variable is "true, a procedure may take a
        primitive's name (the fractal lesson defines its own ``fence``)."""
        return str(self.vars.get("redefp", "")).lower() == "true"

    def erase_procedure(self, name: str) -> None:
        if self.workspace.erase(name):
            self.generation += 1
            self.interrupt = True

    def get_var(self, name: str) -> Any:
        try:
            return self.vars[name.lower()]
        except KeyError:
            raise LogoError("no_value", what=name) from None

    def set_var(self, name: str, value: Any) -> None:
        self.vars[name.lower()] = value

    def has_var(self, name: str) -> bool:
        return name.lower() in self.vars

    # --- compiling ----------------------------------------------------------------------
    def compile_procedure(self, proc: Procedure) -> Any:
        """The code of ``proc`` until a definition changes: its trees to interpret for
        its first calls (language/interpreting.py), else compiled.  Code made before an
        ERASE still holds the procedure: its call is UCBLogo's error then (unless the
        name is a primitive's now: COPYDEF's forwarding body runs)."""
        if self.workspace.erased.get(proc.name) is proc and not self.registry.get(proc.name):
            err = LogoError("dont_know", who=proc.name)
            err.in_caller = True  # the caller's error, where it made the call (locating)
            raise err
        code = body_of(self, proc)  # a library procedure's own Python body, if it has one
        proc.fast = -1  # (until a direct body is made: input_scope.py)
        if code is None and self.tiers != "compile" and self.recover is None and (
                self.debugger is None or not self.debugger.watches(proc)):
            code = tree_procedure(self, proc)
        proc.code = code or (self.debugger or self.compiler).compile_procedure(proc)
        proc.gen = self.generation
        return proc.code

    @property
    def compiler(self) -> Any:
        """The compiler of hot code (language/compiler.py), loaded when first asked for."""
        if self._compiler is None:
            from ..language.compiler import Compiler  # lazy: most of the language's modules
            self._compiler = Compiler(self)
        return self._compiler

    def register_code(self, code: Any, sitemap: SiteMap) -> None:
        self.sitemaps[code] = sitemap

    def _list_code(self, lst: Any, want_value: bool) -> Any:
        """An instruction list's code: its last value returned (value mode) or an error."""
        if type(lst) is not LogoList:
            lst = self._as_list(lst)
        cache = lst.compiled  # [command-mode code, value-mode code, generation]
        if cache[2] != self.generation:
            cache = lst.compiled = [None, None, self.generation]
        code = cache[want_value]
        if code is None:
            mode = "list" if want_value else "cmd"
            if self.tiers == "compile" or self.recover is not None:
                code = self.compiler.compile_list([lst], mode)
            else:  # the interpreting tier first (language/interpreting.py)
                code = shape_code.list_code(self, lst, mode, want_value)  # (or its shape's)
            cache[want_value] = code
        return code

    def _as_list(self, word: Any) -> LogoList:
        """A word run as an instruction list: its escaped characters stay escaped
        (``run "|print 4|`` is one unknown name, as in UCBLogo)."""
        key = word.raw() if type(word) is EscapedWord else str(word)
        lst = self._word_lists.get(key)
        if lst is None:
            lst = self._word_lists[key] = read_list(key)
        return lst

    # --- running lists ------------------------------------------------------------------
    def run(self, instructions: Any, want_value: bool = True) -> Any:
        """Run an instruction list (or word) in the current scope; its value or None
        (with ``want_value`` false a value is the error "You don't say what to do")."""
        cache = instructions.compiled if type(instructions) is LogoList else None  # (a list
        code = cache[want_value] if cache and cache[2] == self.generation else None  # run
        code = code or self._list_code(instructions, want_value)  # before: its code at once)
        try:
            return code(self, self.vars)
        except LogoError as err:
            self.locate_error(err, None, err.__traceback__)
            if "erract" in self.vars:
                self.erract(err)
            raise
        except (KeyError, RecursionError, MemoryError, OSError) as err:
            raise self.translate_internal(err, None) from None

    def run_condition(self, condition: LogoList) -> Any:
        """A list given as a condition (IF, IFELSE, TEST) run, with the inputs of the
        direct calls running bound in the table: it may name them (lifting.py)."""
        return lifting.around(self, lambda: self.run(condition))

    def apply(self, template: Any, args: list[Any]) -> Any:
        """Apply a template (MAP, FILTER, REDUCE...): each application is a point where
        the program may be stopped, however little the template does."""
        if self.interrupt:
            self.check_interrupt()
        from ..language.templates import apply_template  # lazy: start-up time
        return apply_template(self, template, args)

    def parse(self, text: str) -> LogoList:
        """Read a word as a list (``parse``, ``readlist``): characters escaped in the
        word stay escaped."""
        return read_list(text.raw() if type(text) is EscapedWord else text, comments=False)

    def runparse(self, value: Any) -> LogoList:
        if isinstance(value, LogoList):
            items = value
        else:  # read as RUN reads a word: ; starts a comment
            text = value if isinstance(value, str) else print_form(value)
            items = read_list(text.raw() if type(text) is EscapedWord else text)
        toks = runparse_line(items)
        return LogoList([token_word(t) for t in toks])

    # --- errors -------------------------------------------------------------------------
    def locate_error(self, err: LogoError, proc: Procedure | None, tb: Any) -> None:
        """Fill in who complained, and the procedure and line, from the traceback."""
        locating.locate_error(self, err, proc, tb)

    def locate_caught(self, err: LogoError) -> None:
        """Name the running procedure and its line in an error that CATCH caught
        before it left the procedure (UCBLogo's ERROR names them too)."""
        locating.locate_caught(self, err, sys._getframe(1))

    def translate_internal(self, exc: BaseException, proc: Procedure | None) -> BaseException:
        """A Python exception from running Logo -> LogoError, if it is a Logo error."""
        return top_level.translate(self, lifting.erased_read(self, exc), proc)

    def check_interrupt(self) -> None:
        """Called by running code when ``interrupt`` is set."""
        self.interrupt = False
        if self.stop_requested or self.host.poll():
            raise self._stop_error()
        if self.scheduler is not None and self.scheduler.pending():
            # processes and waiting jobs get their turn here, the inputs of direct
            # procedures running bound in the table (language/lifting.py)
            lifting.around(self, self.scheduler.turn)

    def check_stop(self) -> None:
        """For a primitive that works in chunks (a long list, a walk, a film): the stop
        asked for (Stop, Ctrl-C, a time or memory limit) as an error naming the
        primitive.  Nothing else happens here (no process takes its turn)."""
        if self.stop_requested or self.host.poll():
            err = self._stop_error()
            err.hint = "hint.stopped_in"  # locating fills in who: the primitive
            raise err

    def _stop_error(self) -> LogoError:
        self.stop_requested = self.interrupt = False
        kind, detail = self.stop_reason
        self.stop_reason = ("stopped", None)
        return LogoError(kind, what=detail)

    def clear_stop(self) -> None:
        """Forget a stop asked for that came too late for the command it was meant for
        (called when a command ends), so that it never stops the next one."""
        self.stop_requested = False
        self.stop_reason = ("stopped", None)

    def request_stop(self, reason: str = "stopped", detail: Any = None) -> None:
        """Ask the running program to stop (Stop button, Ctrl-C, a time or memory
        limit: ``reason`` is the error kind): safe from any thread."""
        self.stop_reason = (reason, detail)
        self.stop_requested = True
        self.interrupt = True

    def erract(self, err: LogoError) -> None:
        """An error while the variable ERRACT is set (see debugger.erract)."""
        from .debugger import erract  # lazy: only with ERRACT

        erract(self, err)

    def python_depth(self) -> int:
        """The Python recursion limit that lets Logo recurse ``max_depth`` deep (each Logo
        call is a few Python frames; Python 3.11 keeps them off the C stack)."""
        return 10 * self.max_depth + 10000

    # --- files and text -----------------------------------------------------------------
    def load_source(self, text: str, filename: str = "") -> None:
        """Define the procedures of a text and run its other lines (raises LogoError):
        each line once, straight from its trees (text_lines.py)."""
        text_lines.load_source(self, text, filename)

    def run_line(self, line: LogoList) -> None:
        """Run one top-level instruction line."""
        with recursion_limit(self.python_depth()):
            self._run_line(line)

    def _run_line(self, line: LogoList) -> None:
        try:
            value = self.run(line, False)
        except top_level.SIGNALS as sig:
            raise top_level.signal_error(sig) from None
        finally:
            line_locals, self.line_locals = self.line_locals, None
            if line_locals:  # LOCAL at top level: the variables end with the line
                runtime.restore(self.vars, line_locals)
        if value is not None:
            raise LogoError("dont_say", what=value)

    def run_source(self, text: str, filename: str = "") -> bool:
        """Run a text as ``logo run`` does (``run_guarded``): True when it ran to the end."""
        return self.run_guarded(lambda: self.load_source(text, filename))

    def run_guarded(self, job: Callable[[], Any]) -> bool:
        """Run ``job()``, an uncaught (or internal) error told to the host: True at its end."""
        try:
            try:
                job()
            except top_level.SIGNALS as sig:  # (a lesson's STARTUP run by logo run's loader)
                raise top_level.signal_error(sig) from None
            return True
        except LogoError as err:
            self.last_error = err
            from ..language.error_text import report  # lazy: errors only
            self.host.error(report(err))
        except Exception as exc:  # an internal error: a bug, but never a traceback
            self.report_internal(exc)
        finally:
            if not self.frames:  # a command typed or run at top level has ended: a
                self.clear_stop()  # second Ctrl-C meant for it never stops the next
        return False

    def report_internal(self, exc: BaseException) -> None:
        """An internal error (a bug): logged with its traceback, reported in one line."""
        from ..messages import text as message_text  # lazy: errors only
        from .internal_log import internal_log
        internal_log().error("internal error", exc_info=exc)
        self.host.error(message_text("notice.internal_error",
                                     error=f"{type(exc).__name__}: {exc}"))

    def write(self, text: str) -> None:
        """Text from print/type/show: to the selected text box, the writer file, or the
        console (at once to the host's held text while the cell is armed: quick_text)."""
        cell = self.parts.get(QUICK)
        if cell is not None and (quick := cell[0]) is not None:
            quick(text)
        else:
            write_through(self, text)

    def read_line(self) -> str | None:
        from .streams import streams  # lazy: start-up time
        return streams(self).read_line(self.host.read_line, self.check_stop)

    def workspace_source(self) -> str:
        """The workspace as a loadable text: procedures, variables, widgets; written into
        the lesson file the window opened, when there is one (lesson_text.py)."""
        if "document" in self.parts:
            from .lesson_text import lesson_source  # lazy: the window's lessons only

            written = lesson_source(self)
            if written is not None:
                return written
        text = self.workspace.source(self.vars)
        if self.page_widgets is not None:
            text += self.page_widgets.source()
        return text

    @property
    def widgets(self) -> Any:
        from ..primitives.microworld import widgets  # lazy: widgets only
        return widgets(self)

    def resolve_path(self, path: str) -> str:
        prefix = self.file_prefix
        if prefix and not path.startswith(("/", "~")):  # SETPREFIX
            path = prefix.rstrip("/") + "/" + path
        from .sandbox import resolve_path  # lazy: start-up time (files only)
        return resolve_path(path, self.sandbox)

    @property
    def world(self) -> Any:
        from ..primitives.graphics import world  # lazy: turtles only
        return world(self)
