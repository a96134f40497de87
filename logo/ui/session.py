"""One Logo session of the window: the interpreter, its host and scheduler, and the
worker thread that runs Logo so the event loop never waits for it.

The window's thread only *asks*: every action (a command-center line, a button click,
a procedures-pane edit, load, save, undo) becomes a job in the scheduler's inbox and
runs on the interpreter's thread at the next boundary (see logo/processes.py).  The
exceptions are Stop (``Interpreter.request_stop`` is thread-safe), the speed, and
widget state the user drags (guarded by ``Widgets.lock``).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from ..language.errors import LogoError
from ..language.reader import read_lines
from ..language.values import LogoList, print_form
from ..messages import text as say
from ..primitives.files import load, read_text, write_whole_file
from ..session.interpreter import Interpreter
from ..session.lesson_text import open_document
from ..session.plots import monitors_due, refresh_monitors, save_picture
from ..session.processes import scheduler
from ..session.runner import RECURSION_LIMIT, STACK_BYTES, in_room
from ..session.streams import streams
from ..session.workspace import Definition, defined_names, split_definitions
from .buttons import click_button
from .changes import Changes
from .folders import is_protected
from .i18n import Words
from .instructions import run_typed
from .page_history import PageHistory
from .recent import remember
from .recovery import Recovery
from .text_buffer import code_part
from .window_host import WindowHost

MONITOR_PERIOD = 0.2  # seconds between two evaluations of the monitors


class Session:
    """An interpreter on its own worker thread, driven by jobs."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self.host = WindowHost()
        self.interp = Interpreter(host=self.host)
        self.host.interp = self.interp
        self.world = self.interp.world  # made here, before two threads race to make it
        self.widgets = self.interp.widgets
        self.scheduler = scheduler(self.interp)
        self.scheduler.report = self.report
        self.scheduler.on_boundary = self._frame_boundary
        self.scheduler.between = self._refresh_monitors
        self._monitors_at = 0.0
        self.history = PageHistory(self.interp)  # Undo/Redo of the page (page_history.py)
        self.notices: list[str] = []  # status-line messages from jobs
        self.last_error: LogoError | None = None  # the last one reported (error_place)
        self.command_done = True  # the last command-center line's job has finished
        self.file: str | None = None
        self.recovery = Recovery()
        self.changes = Changes(self.interp)  # unsaved changes (the title's mark)
        self.ui_calls: list[Callable[[], object]] = []  # for the window's thread to run
        self.bye = False
        self._quit = threading.Event()
        self._thread = _big_stack_thread(self._serve)

    # --- the worker thread ----------------------------------------------------------
    def _serve(self) -> None:
        sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))
        try:
            self.scheduler.serve(self._quit)
        except SystemExit:
            self.bye = True

    def _frame_boundary(self, after_job: bool) -> None:
        """The end of a command or a button's pass shows its drawing; a process's turn
        does in norefresh mode (see logo/turtle/frames.py)."""
        frames = self.interp.world.frames
        self.changes.touched = True
        if after_job:
            frames.take()
        else:
            frames.boundary()

    def _refresh_monitors(self) -> None:
        refresh_monitors(self.interp)
        if self.changes.wanted:  # asked for by the window (changes.py)
            self.changes.wanted = False
            self.changes.look()

    def tick_monitors(self) -> None:
        """Called every frame: the page's monitors are evaluated several times a second,
        on the worker thread between turns (``Scheduler.between``)."""
        now = time.monotonic()
        if now - self._monitors_at >= MONITOR_PERIOD and monitors_due(self.interp):
            self._monitors_at = now
            self.scheduler.request_between()

    def close(self, timeout: float = 0.5) -> bool:
        """Stop everything and end the worker thread; False when it did not end within
        ``timeout`` seconds (a long primitive such as a huge ISEQ cannot be stopped)."""
        self._quit.set()  # first: no autosave from a program being stopped
        self.scheduler.stop_all(quiet=True)
        self._thread.join(timeout=timeout)
        return not self._thread.is_alive()

    @property
    def busy(self) -> bool:
        """Something runs or waits to run (a job, a process, a forever button)."""
        return self.scheduler.running()

    def report(self, err: LogoError) -> None:
        self.last_error = err  # the procedures pane marks the line it names
        self.host.error(self.words.error(err))

    def error_place(self) -> tuple[str, int, str] | None:
        """The procedure, the row of its text (its title is row 0) and the message of
        the last reported error, once (None when it named no line)."""
        err, self.last_error = self.last_error, None
        if err is None or not err.proc or not err.lineno:
            return None
        proc = self.interp.procedures.get(str(err.proc).lower())
        firsts = [line.src[1] for line in getattr(proc, "lines", ()) if line.src]
        if proc is None or not firsts or not firsts[0]:
            return None
        rows = proc.text().split("\n")
        first_row = next((r for r in range(1, len(rows)) if code_part(rows[r]).strip()), 1)
        return proc.name, first_row + err.lineno - firsts[0], self.words.error(err)

    def submit(self, job: Callable[[], None]) -> None:
        self.scheduler.submit(job)

    def notice(self, key: str, **fields: Any) -> None:
        self.notices.append(self.words(key, **fields))

    # --- what the user does ---------------------------------------------------------
    def run_command(self, text: str) -> None:
        """A command-center instruction (a line, or several lines of a ``to``); during
        a PAUSE, a line for its nested level."""
        if self.host.wants_line:
            self.host.give_line(text)
            return

        def job() -> None:
            try:
                run_typed(self.interp, self.history, text)  # a level of Undo each
                for name in defined_names(text):  # "square defined", as UCBLogo says
                    self.host.write(say("repl.defined", self.words.lang, name=name) + "\n")
            finally:
                self.command_done = True
                self.autosave()

        self.command_done = False
        self.submit(job)

    def ready_for_line(self) -> bool:
        """The last command-center line has finished (processes it launched may run on)
        or a PAUSE waits for one: the next pasted line may go."""
        return self.command_done or not self.busy or self.host.wants_line

    def autosave(self) -> None:
        """Keep the recovery file up to date (on the worker thread, after a command);
        never once the session is closing (a newer session may own the file by then)."""
        if self._quit.is_set():
            return
        text = self.interp.workspace_source()
        self.recovery.save(text)
        self.changes.compare(text)

    def stop(self) -> None:
        """Stop everything now (any thread): the program, processes, forever buttons."""
        self.scheduler.stop_all()

    def click_button(self, button: Any) -> None:
        """Once: run its instructions beside the command center; forever: start or stop
        (buttons.py: a once button runs as a job, as fast as typed)."""
        click_button(self, button)

    def undo(self) -> None:
        """Undo one level of the page and its turtles (page_history.py)."""
        self._undo_job(redo=False)

    def redo(self) -> None:
        self._undo_job(redo=True)

    def _undo_job(self, redo: bool) -> None:
        def job() -> None:
            if (self.history.redo if redo else self.history.undo)():
                self.notice("redone" if redo else "undone")
            else:
                self.notice("nothing_to_redo" if redo else "nothing_to_undo")

        self.submit(job)

    def load(self, path: str, recovered: bool = False) -> None:
        """Load a lesson file (its STARTUP runs) into this session; a ``recovered``
        workspace is unsaved work of no file (Save asks where)."""
        def job() -> None:
            try:
                load(self.interp, path)
            finally:  # the lesson's file, even if its STARTUP failed (Save goes back there)
                if os.path.isfile(path):
                    self._opened(path, recovered)
            self.notice("loaded", path=os.path.basename(path))

        self.submit(job)

    def _opened(self, path: str, recovered: bool) -> None:
        """The file's text is the lesson's document (saves keep it as written)."""
        with contextlib.suppress(OSError, UnicodeDecodeError):
            open_document(self.interp, read_text(path))
        if recovered:
            streams(self.interp).last_file = None  # never Save into the cache folder
            self.changes.mark_unsaved()
            return
        if is_protected(path):  # a shipped lesson: a typed (SAVE) never writes it back
            streams(self.interp).last_file = None
        self.file = path
        remember(path)  # for the Open dialog's recent files
        self.changes.mark_saved()

    def save(self, path: str, then: Callable[[], object] | None = None) -> None:
        """Write the lesson (its document with what changed, lesson_text.py) to a file;
        then ``then()`` on the window's thread (not if the save failed)."""
        def job() -> None:
            text = self.interp.workspace_source()
            write_whole_file(self.interp, path, text)  # raises: nothing else happens
            streams(self.interp).last_file = path
            open_document(self.interp, text)
            self.changes.mark_saved()
            self.file = path
            remember(path)
            self.notice("saved", path=os.path.basename(path))
            if then is not None:
                self.ui_calls.append(then)

        self.submit(job)

    def export(self, path: str, kind: str) -> None:
        def job() -> None:
            target = self.interp.resolve_path(path)  # (inside the sandbox, if any)
            try:  # the page with its plots and monitors
                save_picture(self.interp, target, kind)
            except OSError:  # as SAVE says it (no Python error text, no temporary name)
                raise LogoError("cant_open", what=path) from None
            self.notice("saved", path=os.path.basename(path))

        self.submit(job)

    def define_procedures(self, text: str, shown: list[str],
                          done: Callable[..., None]) -> None:
        """The procedures pane's text: define its procedures, erase those that were
        shown and are gone; ``done(None, None, the workspace's text now)`` or
        ``done(error text, its line)`` (nothing changes on an error)."""

        def job() -> None:
            try:
                defined = self._define_all(text)
            except LogoError as err:
                done(self.words.error(err), err.lineno)
                return
            for name in shown:
                if name not in defined:
                    self.interp.erase_procedure(name)
            done(None, None, self.procedures_text()[0])

        self.submit(job)

    def _define_all(self, text: str) -> list[str]:
        items = split_definitions(read_lines(text, "", blank=True), text)
        for item in items:
            if not isinstance(item, Definition):
                err = LogoError("only_definitions", what=_line_text(item))
                err.lineno = item.src[1] if item.src else None
                raise err
        procs = [item.procedure() for item in items]  # type: ignore[union-attr]
        for item, proc in zip(items, procs):  # checked first, as the command center
            # checks: on an error nothing is defined (a library procedure such as MAP may
            # be redefined)
            if self.interp.is_primitive(proc.name) and not self.interp.redefining():
                err = LogoError("is_primitive", who=proc.name)
                err.lineno = (item.title.src or ("", None))[1]  # type: ignore[union-attr]
                raise err
        for proc in procs:
            self.interp.define(proc)
        return [p.name for p in procs]

    def procedures_text(self) -> tuple[str, list[str]]:
        """The workspace's procedures as text, in the order they were defined, a blank
        line between two (as a lesson file sets them out)."""
        procs = [p for p in list(self.interp.procedures.values()) if not p.buried]
        return "\n\n".join(p.text() for p in procs), [p.name for p in procs]

def _line_text(line: Any) -> str:
    return print_form(line) if isinstance(line, LogoList) else str(line)


def _big_stack_thread(target: Callable[[], None]) -> threading.Thread:
    """A daemon thread with the stack deep Logo recursion needs (see logo/runner.py)."""
    old = threading.stack_size()
    threading.stack_size(STACK_BYTES)
    try:
        thread = threading.Thread(target=in_room, args=(target,), name="logo", daemon=True)
        thread.start()
    finally:
        threading.stack_size(old)
    return thread
