"""Processes: what runs beside the command center (MicroWorlds' ``launch``, ``when``,
forever buttons), and the inbox through which a window hands work to the interpreter.

One interpreter thread runs everything, in turns.  A *turn* (:meth:`Scheduler.turn`)
first runs the jobs waiting in the inbox (command-center lines, button clicks, a
procedures-pane edit, saving...), then gives every process one step:

- ``launch [list]``: the list runs once, in one step (``launch [forever [...]]`` is
  a forever process: one step is one time through the inner list);
- a forever button: one step is one run of its instructions;
- ``when [condition] [list]``: one step tests the condition and runs the list each time
  the condition *becomes* true (false, or not yet tested, before).

A window's monitors (``session/plots.py``) are evaluated by ``between``, asked for
with :meth:`Scheduler.request_between` several times a second: it runs at the end of the
next turn that is no process's own (so between two steps, or at a boundary of a
command-center line), never inside a process's step.

Turns happen at the interpreter's boundaries (every procedure call and loop iteration:
``Interpreter.check_interrupt`` calls :meth:`Scheduler.turn` while there is work) and,
when nothing else runs, in :meth:`Scheduler.serve`'s loop on the worker thread.

The limits of this design, chosen because it is simple and cannot corrupt state:

- A step runs to its end before anything else of *that* process runs; other processes
  and jobs still get turns at its boundaries (a process is never re-entered).
- Work started at a boundary runs on top of the interrupted program, so Logo's dynamic
  scope lets it see that program's local variables.  Each process keeps its own
  ``talkto`` turtles and ``repcount``.
- Headless (``logo run``) processes get turns only while the program runs; what is
  left when it ends is dropped.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from ..language import runtime
from ..language.error_text import report
from ..language.errors import LogoError
from ..language.runtime import truth
from ..language.values import LogoList
from .top_level import signal_error

STOP_KINDS = ("stopped", "timeout", "memory")
IDLE_SLICE = 0.02  # seconds of back-to-back idle turns before a 1 ms rest


class Process:
    """One process: ``kind`` is ``"once"``, ``"forever"`` or ``"when"``."""

    def __init__(self, kind: str, instructions: LogoList, condition: Any = None,
                 button: Any = None) -> None:
        self.kind = kind
        self.instructions = instructions
        self.condition = condition
        self.button = button
        self.turtles: list[Any] | None = None
        self.was_true = False
        self.done = False
        self.repcount = 0  # REPCOUNT in a forever process: how many times it ran
        self.launched: Any = instructions  # the list as given to LAUNCH (for CANCEL)

    def matches(self, lst: Any) -> bool:
        """Is this the process ``cancel lst`` means (its list or its condition)?"""
        key = str(lst)
        return key in (str(self.instructions), str(self.launched)) or (
            self.condition is not None and key == str(self.condition))


class Scheduler:
    """The interpreter's processes and inbox (see the module docstring).

    ``submit`` and ``stop_all`` may be called from any thread; everything else runs
    on the interpreter's thread.  ``report(err)`` shows a Logo error (a window
    translates it); by default it goes to the host's error stream."""

    def __init__(self, interp: Any) -> None:
        self.I = interp
        self.processes: list[Process] = []
        self.inbox: deque[Callable[[], None]] = deque()
        self.lock = threading.Lock()
        self.wake = threading.Condition(self.lock)
        self.on_stack: set[int] = set()
        self.depth = 0  # jobs and steps running now, nested
        self.turns = 0  # turns running now, nested
        self.busy = False  # the worker is running something (see serve)
        self.quiet_stop = False  # the coming "stopped" came from STOPALL: no message
        self.report: Callable[[LogoError], None] = lambda err: interp.host.error(report(err))
        # a frame boundary (a window shows whole frames): True after a job (a command, a
        # button's pass), False after a turn of the processes
        self.on_boundary: Callable[[bool], None] = lambda after_job: None
        # work asked for between turns (the window's monitors): runs at the next turn
        # that is no process's, never inside a process's step
        self.between: Callable[[], None] | None = None
        self.between_due = False

    # --- from any thread ------------------------------------------------------------
    def submit(self, job: Callable[[], None]) -> None:
        """Run ``job()`` on the interpreter thread at the next turn."""
        with self.lock:
            self.inbox.append(job)
            self.wake.notify()
        self.I.interrupt = True

    def stop_all(self, quiet: bool = False) -> None:
        """Stop everything: waiting jobs, processes, forever buttons, the running program."""
        with self.lock:
            self.inbox.clear()
            for p in self.processes:
                p.done = True
                if p.button is not None:
                    p.button.running = False
            self.processes = []
            if self.busy:
                self.quiet_stop = self.quiet_stop or quiet
                self.I.request_stop()

    def pending(self) -> bool:
        return bool(self.inbox or self.processes or self.between_due)

    def request_between(self) -> None:
        """Ask for ``between`` to run at the next turn outside every process (any thread)."""
        with self.lock:
            self.between_due = True
            self.wake.notify()
        self.I.interrupt = True

    # --- processes ------------------------------------------------------------------
    def launch(self, kind: str, instructions: LogoList, condition: Any = None,
               button: Any = None) -> Process:
        launched = instructions
        if kind == "once" and _is_forever(instructions):
            kind, instructions = "forever", instructions[1]
        p = Process(kind, instructions, condition, button)
        p.launched = launched
        world = self.I.turtle_world
        if world is not None:
            p.turtles = list(world.current)
        with self.lock:
            self.processes.append(p)
            self.wake.notify()
        self.I.interrupt = True
        return p

    def cancel(self, lst: Any) -> bool:
        found = [p for p in self.processes if p.matches(lst)]
        for p in found:
            self.end(p)
        return bool(found)

    def end(self, p: Process) -> None:
        p.done = True
        if p.button is not None:
            p.button.running = False
        with self.lock:
            if p in self.processes:
                self.processes.remove(p)

    def button_process(self, button: Any) -> Process | None:
        return next((p for p in self.processes if p.button is button), None)

    # --- turns ----------------------------------------------------------------------
    def turn(self) -> None:
        """Run the waiting jobs, then one step of each process not already running."""
        self.turns += 1
        try:
            ran = False
            while True:
                with self.lock:
                    if not self.inbox:
                        break
                    job = self.inbox.popleft()
                self.run_job(job)
                ran = True
            if ran:
                self.on_boundary(True)
            stepped = False
            for p in list(self.processes):
                if not p.done and id(p) not in self.on_stack:
                    self.step(p)
                    stepped = True
            if stepped:
                self.on_boundary(False)
            if self.between_due and not self.on_stack:
                self.between_due = False
                if self.between is not None:
                    self.run_job(self.between)
        finally:
            self.turns -= 1
        if self.inbox or self.processes or self.between_due:
            self.I.interrupt = True

    def running(self) -> bool:
        """Something runs now or waits to run (any thread may ask)."""
        return self.turns > 0 or self.depth > 0 or bool(self.inbox or self.processes)

    def run_job(self, job: Callable[[], None]) -> None:
        """Run a job; only the outermost job reports a stop (the others pass it on)."""
        self.depth += 1
        old = self.I.repcount
        try:
            try:
                job()
            except (runtime.StopSignal, runtime.OutputSignal, runtime.ThrowSignal) as sig:
                # e.g. THROW "TOPLEVEL in a STARTUP: no command level to go back to
                raise signal_error(sig, at_command_level=False) from None
        except LogoError as err:
            if err.kind in STOP_KINDS and self.depth > 1:
                raise
            if err.kind in STOP_KINDS:
                self.I.stop_requested = False  # STOPALL both asks and raises
            self._report(err)
        except (SystemExit, KeyboardInterrupt):
            raise
        except Exception as exc:  # a bug: reported in one line, the thread lives on
            self.I.report_internal(exc)
        finally:
            self.I.repcount = old
            self.depth -= 1

    def step(self, p: Process) -> None:
        """One step of a process; an error ends it (and is shown), a stop ends all."""
        self.on_stack.add(id(p))
        self.depth += 1
        saved_turtles, saved_rep = self._enter(p)
        try:
            if p.kind == "when":
                self._step_when(p)
            else:
                self.I.repcount = p.repcount = p.repcount + 1 if p.kind == "forever" else -1
                self.I.run(p.instructions, False)
            if p.kind == "once":
                self.end(p)
        except (runtime.StopSignal, runtime.OutputSignal):
            self.end(p)
        except runtime.ThrowSignal as sig:
            self.end(p)
            self._report(signal_error(sig, at_command_level=False))
        except LogoError as err:
            self.end(p)
            if err.kind in STOP_KINDS:
                raise
            self._report(err)
        except (SystemExit, KeyboardInterrupt):
            raise
        except Exception as exc:  # a bug: reported in one line, the process ends
            self.end(p)
            self.I.report_internal(exc)
        finally:
            self._leave(p, saved_turtles, saved_rep)
            self.depth -= 1
            self.on_stack.discard(id(p))

    def _step_when(self, p: Process) -> None:
        value = self.I.run(p.condition)
        if value is None:
            raise LogoError("doesnt_like", who="when", what=p.condition)
        try:
            now = truth(value)
        except LogoError as err:
            err.who = err.who or "when"
            raise
        fire = now and not p.was_true
        p.was_true = now
        if fire:
            self.I.run(p.instructions, False)

    def _enter(self, p: Process) -> tuple[Any, int]:
        world = self.I.turtle_world
        saved = None
        if world is not None:
            saved = world.current
            if p.turtles is None:
                p.turtles = list(saved)
            world.current = [t for t in p.turtles if t.name.lower() in world.turtles]
        return saved, self.I.repcount

    def _leave(self, p: Process, saved: Any, rep: int) -> None:
        world = self.I.turtle_world
        if world is not None and saved is not None:
            p.turtles = world.current
            world.current = [t for t in saved if t.name.lower() in world.turtles]
        self.I.repcount = rep

    def _report(self, err: LogoError) -> None:
        if err.kind in STOP_KINDS and self.quiet_stop:
            return
        self.report(err)

    # --- the worker's loop ----------------------------------------------------------
    def serve(self, quit_event: threading.Event) -> None:
        """Run turns while there is work; sleep when there is none (the interpreter
        thread of a window).  Returns when ``quit_event`` is set; BYE raises SystemExit."""
        slice_end = time.monotonic() + IDLE_SLICE
        while not quit_event.is_set():
            if not self._wait_for_work(quit_event):
                continue
            try:
                if self.I.host.poll():
                    self.I.request_stop()
                if self.I.interrupt:
                    self.I.check_interrupt()  # a Stop pressed while idle turns ran
                self.turn()
            except LogoError as err:
                if err.kind not in STOP_KINDS or not self.quiet_stop:
                    self.report(err)
                self.I.stop_requested = False
            if not self.inbox and time.monotonic() > slice_end:
                time.sleep(0.001)  # only processes run: let the window breathe
                slice_end = time.monotonic() + IDLE_SLICE

    def _wait_for_work(self, quit_event: threading.Event) -> bool:
        with self.lock:
            if self.inbox or self.processes:
                self.busy = True
                return True
            self.busy = False
            self.quiet_stop = False
            self.I.stop_requested = False
            self.I.interrupt = False
            if self.between_due:  # only the monitors: the worker stays idle
                return True
            self.wake.wait(0.1)
            return False


def _is_forever(lst: Any) -> bool:
    """``[forever [...]]`` (or ``всегда``): a forever process."""
    return (isinstance(lst, LogoList) and len(lst) == 2 and isinstance(lst[0], str)
            and lst[0].lower() in ("forever", "всегда") and isinstance(lst[1], LogoList))


def scheduler(I: Any) -> Scheduler:
    """The interpreter's scheduler, made on first use."""
    s = getattr(I, "scheduler", None)
    if s is None:
        s = I.scheduler = Scheduler(I)
    return s
