"""The seam between the interpreter and whatever shows it.

A host prints text, reads lines, tells the time, sleeps and answers "should the running
program stop?".  The headless hosts here serve ``logo run``, the REPL and the tests; the
window (``logo/ui``) has its own.  ``BufferHost`` keeps everything in memory and has an
injected clock, so ``wait 60`` costs nothing in tests.
"""

from __future__ import annotations

import io
import os
import sys
import time
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from ..language.errors import LogoError
from .quick_text import FlushClock


@runtime_checkable
class HostProtocol(Protocol):
    """What the interpreter (and a primitive, through ``I.host``) may ask of a host.

    ``has_dialogs``: ``announce`` and ``question`` show dialogs (the window); else
    ANNOUNCE and QUESTION print and read through the interpreter.  ``shows_progress``:
    ``progress`` shows a long job's progress (the window); else a primitive shows it
    its own way (a bar on the terminal)."""

    has_dialogs: bool
    shows_progress: bool

    def write(self, text: str) -> None: ...
    def error(self, text: str) -> None: ...
    def read_line(self) -> str | None: ...
    def now(self) -> float: ...
    def sleep(self, seconds: float) -> None: ...
    def waiting(self, seconds: float) -> None: ...
    def poll(self) -> bool: ...
    def clear_text(self) -> None: ...
    def key_waiting(self) -> bool: ...
    def announce(self, text: str) -> None: ...
    def question(self, text: str) -> str | None: ...
    def progress(self, what: str, done: int, total: int) -> None: ...
    def edit(self, interp: Any, names: list[str] | None) -> None: ...
    def read_instruction(self, prompt: str, idle: Callable[[], None]) -> str | None: ...
    def step_line(self, proc: str, row: int, text: str, idle: Callable[[], None]) -> None: ...
    def mouse(self) -> tuple[bool, tuple[float, float], tuple[float, float]]: ...
    def take_button(self) -> int: ...
    def tone(self, frequency: float, seconds: float) -> None: ...
    def text_style(self, font: Any, size: int, colors: Any) -> None: ...


def quiet_stdout() -> None:
    """Standard output's reader has gone: what is still written goes nowhere (as a
    program that SIGPIPE ended), never an error at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


class Host:
    """The interface (:class:`HostProtocol`); the defaults print to stdout/stderr and
    read stdin, and have no dialogs and no progress bar."""

    has_dialogs = False
    shows_progress = False
    # Output to a terminal is flushed at each write; to a file or pipe at most every
    # FLUSH_EVERY seconds (a flush per PRINT cost more than the PRINT), and always
    # before an error, a read, a sleep, a look at Stop and the end of the process.
    FLUSH_EVERY = 0.05
    _flush_at = 0.0  # when the next write flushes (inf: never on its own; 0: at once)
    _unflushed = False
    _terminal: bool | None = None  # standard output is a terminal (looked at once)
    # With ``holds_text`` (``logo run``, which hands it over at each of its exits), text
    # for a file or pipe waits in a StringIO and goes to ``sys.stdout`` in one write when
    # flushed or when HELD_MOST characters wait (a write to a pipe's TextIOWrapper costs
    # about a microsecond, PRINT itself less); ``flush`` hands it all over.  Between two
    # flush times the interpreter's writes may go straight to that StringIO (text_sink,
    # quick_text.py).  Without it (the REPL, whose prompts and notes are written to
    # ``sys.stdout`` directly) each write goes to ``sys.stdout`` at once.
    holds_text = False
    HELD_MOST = 1 << 16
    _held: io.StringIO | None = None
    _clock: FlushClock | None = None

    def write(self, text: str) -> None:
        try:
            terminal = self._terminal
            if terminal is None:
                terminal = self._at_terminal()
            if terminal or not self.holds_text:
                sys.stdout.write(text)
                now = time.monotonic()
                if terminal or now >= self._flush_at:
                    sys.stdout.flush()
                    self._flush_at, self._unflushed = now + self.FLUSH_EVERY, False
                else:
                    self._unflushed = True
                return
            held = self._held
            if held is None:
                held = self._held = io.StringIO()
            held.write(text)
            now = time.monotonic()
            if now >= self._flush_at:
                self._hand_over(held)
                sys.stdout.flush()
                self._flush_at, self._unflushed = now + self.FLUSH_EVERY, False
            else:
                self._unflushed = True
                if held.tell() >= self.HELD_MOST:
                    self._hand_over(held)
        except BrokenPipeError:  # whoever read our output has gone (logo run ... | head)
            quiet_stdout()
            raise SystemExit(0) from None

    def text_sink(self, cell: list[Any]) -> None:
        """After a write: put in ``cell`` a function that does with a text what ``write``
        would, until the next flush time (a FlushClock empties the cell then), where
        the host holds text for a file or pipe and this write was held (a program that
        writes seldom flushes at each write, and starts no clock); else leave it."""
        held = self._held
        if held is None or not self._unflushed or type(self).write is not Host.write or \
                self._terminal is not False:
            return
        if self._flush_at - time.monotonic() <= 0:
            return
        clock = self._clock
        if clock is None:
            clock = self._clock = FlushClock()
        clock.arm(cell, held.write, self._flush_at)

    @staticmethod
    def _hand_over(held: io.StringIO) -> None:
        text = held.getvalue()
        held.__init__()  # type: ignore[misc]  # (emptied, the same object: its write stays armed)
        sys.stdout.write(text)

    def _at_terminal(self) -> bool:
        if self._terminal is None:
            try:
                self._terminal = sys.stdout.isatty()
            except (AttributeError, ValueError, OSError):
                self._terminal = False
        return self._terminal

    def flush(self) -> None:
        """Text written and not flushed yet goes out now."""
        held = self._held
        if self._unflushed or (held is not None and held.tell()):
            self._unflushed = False
            try:
                if held is not None and held.tell():
                    self._hand_over(held)
                sys.stdout.flush()
            except BrokenPipeError:
                quiet_stdout()
                raise SystemExit(0) from None

    def error(self, text: str) -> None:
        if not text:  # an error already shown (a PAUSE showed it), or THROW "TOPLEVEL
            return
        self.flush()
        sys.stderr.write(text if text.endswith("\n") else text + "\n")
        sys.stderr.flush()

    def read_line(self) -> str | None:
        self.flush()
        line = sys.stdin.readline()
        return line.rstrip("\n") if line else None

    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        self.flush()
        time.sleep(max(0.0, seconds))

    def waiting(self, seconds: float) -> None:
        """The program is about to wait ``seconds`` (WAIT, an animation's frame): a
        recording makes the page so far a frame shown that long."""

    def poll(self) -> bool:
        """Called every so often while a program runs; True asks it to stop."""
        self.flush()
        return False

    def clear_text(self) -> None:
        pass

    def key_waiting(self) -> bool:
        """Whether typed input waits to be read (KEYP); False where unknown."""
        return False

    def announce(self, text: str) -> None:
        """A message in a dialog (only where ``has_dialogs``)."""
        self.write(text + "\n")

    def question(self, text: str) -> str | None:
        """A question in a dialog; the reply (only where ``has_dialogs``)."""
        self.write(text + "\n")
        return self.read_line()

    def progress(self, what: str, done: int, total: int) -> None:
        """``done`` of ``total`` steps of a long job (only where ``shows_progress``)."""

    def edit(self, interp: Any, names: list[str] | None) -> None:
        """EDIT: let the user edit the named procedures (a name not defined yet starts
        as ``to name`` / ``end``; None: edit again what was edited last) and define
        what comes back.  The window shows its procedures pane at the first name; a
        terminal may run $EDITOR; here there is nothing to edit with."""
        raise LogoError("no_editor", who="edit")

    def read_instruction(self, prompt: str, idle: Callable[[], None]) -> str | None:
        """A line typed at PAUSE's nested level, after ``prompt``; None at the end of
        the input.  ``idle()``, called while waiting, raises if the program is stopped."""
        self.write(prompt)
        return self.read_line()

    def step_line(self, proc: str, row: int, text: str, idle: Callable[[], None]) -> None:
        """STEP: the line about to run (``text``, row ``row`` of procedure ``proc``'s
        text); wait until the user says go on (here: a line of input, as UCBLogo)."""
        self.read_instruction(text + " >>> ", idle)

    def mouse(self) -> tuple[bool, tuple[float, float], tuple[float, float]]:
        """The mouse on the page: (a button is down, where it is, where it was last
        pressed), in turtle coordinates.  Without a window: no button, [0 0]."""
        return False, (0.0, 0.0), (0.0, 0.0)

    def take_button(self) -> int:
        """The button (1 left, 2 right, 3 middle) last pressed on the page since the
        last call, 0 if none (BUTTON).  Without a window: 0."""
        return 0

    def tone(self, frequency: float, seconds: float) -> None:
        """TONE: a sine tone (the window, when there is audio); here silent, at once."""

    def text_style(self, font: Any, size: int, colors: Any) -> None:
        """SETFONT, SETTEXTSIZE, SETTEXTCOLOR: the text's font family, point size and
        (foreground, background) RGB or None; a host shows text with them if it can."""


class ConsoleHost(Host):
    """``logo run`` and the REPL: the terminal (or a file or pipe on standard input)."""

    _ahead: str | None = None  # a line KEYP read to see that it was there

    def key_waiting(self) -> bool:
        """At a terminal: typed input waits.  A file or pipe is readable at its end
        too, so a line is read ahead to tell: at the end KEYP is FALSE, as UCBLogo's."""
        if self._ahead is not None:
            return True
        self.flush()
        try:
            import select  # lazy: start-up time (KEYP only)

            if not select.select([sys.stdin], [], [], 0)[0]:
                return False
            if sys.stdin.isatty():
                return True
            line = sys.stdin.readline()
        except (OSError, ValueError, TypeError):  # no real stdin (or not selectable)
            return False
        if not line:
            return False
        self._ahead = line
        return True

    def text_style(self, font: Any, size: int, colors: Any) -> None:
        """At a terminal, SETTEXTCOLOR's colours become its 24-bit colour codes."""
        if colors is not None and sys.stdout.isatty():
            (fr, fg, fb), (br, bg, bb) = colors
            self.write(f"\x1b[38;2;{fr};{fg};{fb}m\x1b[48;2;{br};{bg};{bb}m")

    def _stdin_line(self) -> str:
        self.flush()
        line, self._ahead = self._ahead, None
        return line if line is not None else sys.stdin.readline()

    def read_line(self) -> str | None:
        line = self._stdin_line()
        return line.rstrip("\n") if line else None

    def read_instruction(self, prompt: str, idle: Callable[[], None]) -> str | None:
        """At a terminal, Ctrl-C (``idle``) stops the wait for the line."""
        self.write(prompt)
        self.flush()
        try:
            if sys.stdin.isatty() and self._ahead is None:
                import select  # lazy: start-up time

                while not select.select([sys.stdin], [], [], 0.05)[0]:
                    idle()
        except (OSError, ValueError, TypeError):  # not selectable: wait as it is
            pass
        line = self._stdin_line()
        idle()
        return line.rstrip("\n") if line else None


class BufferHost(Host):
    """Everything in memory: ``output`` holds what was printed (errors included,
    after the text printed before them), ``errors`` the error reports alone."""

    def __init__(self, input_lines: list[str] | None = None, clock: float = 0.0):
        self.chunks: list[str] = []
        self.errors: list[str] = []
        self.input_lines = list(input_lines or [])
        self.clock = clock

    @property
    def output(self) -> str:
        return "".join(self.chunks)

    def write(self, text: str) -> None:
        self.chunks.append(text)

    def text_sink(self, cell: list[Any]) -> None:
        if type(self).write is BufferHost.write:
            cell[0] = self.chunks.append

    def error(self, text: str) -> None:
        if not text:
            return
        text = text if text.endswith("\n") else text + "\n"
        self.errors.append(text)
        self.chunks.append(text)

    def read_line(self) -> str | None:
        return self.input_lines.pop(0) if self.input_lines else None

    def now(self) -> float:
        return self.clock

    def sleep(self, seconds: float) -> None:
        self.clock += max(0.0, seconds)

    def clear_text(self) -> None:
        self.chunks.clear()

    def key_waiting(self) -> bool:
        return bool(self.input_lines)
