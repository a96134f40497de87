"""The terminal REPL: ``?`` prompt, ``>`` inside a ``to`` definition, ``~`` while a line goes on,
line editing and history (readline), Ctrl-C stops the running instruction, Ctrl-\\ pauses
it (PAUSE: ``name?`` prompt, CONTINUE goes on), ``bye`` or Ctrl-D leaves.  Errors print
UCBLogo's message and the REPL goes on."""

from __future__ import annotations

import atexit
import contextlib
import os
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
from typing import Any

from ..messages import text
from ..messages import text as say
from ..session.host import ConsoleHost
from ..session.interpreter import Interpreter
from ..session.runner import Runner
from ..session.streams import read_text
from ..session.workspace import defined_names, more_prompt

PROMPT = "? "


HISTORY_FILE = "~/.logo_history"
HISTORY_LINES = 1000  # the lines kept between sessions
HISTORY_MOST = 4 * 2**20  # bytes: a larger history file is not read


def _setup_readline(history: str | None = None) -> None:
    """Line editing, and the history kept in ``~/.logo_history``: read only when it is a
    regular file of a sane size (a device or a FIFO there is never read), written at
    exit as every file is (:func:`save_history`)."""
    try:
        import readline  # lazy: it changes the terminal
    except ImportError:
        return
    path = os.path.expanduser(history or HISTORY_FILE)
    with contextlib.suppress(OSError):
        st = os.stat(path)
        if stat.S_ISREG(st.st_mode) and st.st_size <= HISTORY_MOST:
            readline.read_history_file(path)
    readline.set_history_length(HISTORY_LINES)
    atexit.register(save_history, readline, path)


def save_history(readline: Any, path: str) -> None:
    """Write readline's history to ``path`` through safefile: readline writes it in its
    own format into a private temporary folder, and the bytes go to ``path`` as every
    save goes (a regular file replaced by a rename, a link's target written, a device
    written through, a shipped path refused); a failure is silent, as readline's own."""
    from ..session.safefile import atomic_write  # lazy: at exit only

    with contextlib.suppress(OSError), tempfile.TemporaryDirectory() as folder:
        own = os.path.join(folder, "history")
        readline.write_history_file(own)
        with open(own, "rb") as fh:
            data = fh.read()
        atomic_write(path, data, 0o600)


def needs_more(text: str) -> bool:
    """True while ``text`` is an unfinished ``to`` definition, has an open ``[`` or
    ``(``, or ends with ``~``."""
    return more_prompt(text) is not None


class TerminalHost(ConsoleHost):
    """The REPL's terminal: EDIT opens the procedures in $VISUAL or $EDITOR (else nano or
    vi, when the REPL has a terminal) and defines what the editor saves."""

    def __init__(self) -> None:
        self.last_edited: list[str] = []  # what EDIT with no input edits again
        self.interp: Any = None
        self.pause_wanted = False  # Ctrl-\ (UCBLogo's quit character): PAUSE
        self.busy = False  # an instruction runs (a Ctrl-\ at the prompt is ignored)

    def poll(self) -> bool:
        """Ctrl-\\ pauses the running program where it is (at its next procedure call or
        loop turn), as UCBLogo's quit character does."""
        if self.pause_wanted and self.interp is not None:
            self.pause_wanted = False
            from ..session.debugger import debugger  # lazy: only when asked

            debugger(self.interp).pause()
        return False

    def ask_pause(self, *_: Any) -> None:
        """The SIGQUIT handler (the main thread)."""
        if self.interp is not None and self.busy:
            self.pause_wanted = True
            self.interp.interrupt = True

    def edit(self, interp: Any, names: list[str] | None) -> None:
        names = self.last_edited if names is None else names
        editor = _editor()
        if editor is None:
            super().edit(interp, names)  # the error: nothing to edit with
        self.last_edited = list(names)
        text = "".join(_procedure_text(interp, n) for n in names) or "to \nend\n"
        from ..session.sandbox import temporary_folder  # lazy: EDIT only

        fd, path = tempfile.mkstemp(suffix=".lgo", prefix="logo-edit-",
                                    dir=temporary_folder(interp))  # in the sandbox
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            subprocess.call([*shlex.split(editor), path])
            with open(path, encoding="utf-8") as fh:
                edited = fh.read()
        finally:
            os.unlink(path)
        if edited != text:
            interp.load_source(edited, "")


def _editor() -> str | None:
    chosen = os.environ.get("VISUAL") or os.environ.get("EDITOR")
    if chosen:
        return chosen
    if not sys.stdin.isatty():
        return None
    return next((e for e in ("nano", "vi") if shutil.which(e)), None)


def _procedure_text(interp: Any, name: str) -> str:
    proc = interp.procedures.get(name.lower())
    return proc.text() + "\n" if proc is not None else f"to {name}\nend\n"


class Repl:
    """Reads instruction lines and runs them in one interpreter on a worker thread."""

    def __init__(self, interp: Any = None, read: Any = None):
        self.interp = interp if interp is not None else Interpreter(host=TerminalHost())
        self.runner = Runner()
        self.read = read if read is not None else input
        self.page_noted = False  # the note on seeing the page, said at the first drawing

    def read_instruction(self) -> str | None:
        """One complete instruction (several lines for a definition); None at EOF."""
        text = self.read(PROMPT)
        prompt = more_prompt(text)
        while prompt is not None:
            try:
                text += "\n" + self.read(prompt)
            except EOFError:
                break
            prompt = more_prompt(text)
        return text

    def execute(self, text: str, typed: bool = True) -> bool:
        """Run one instruction text; False when the user said BYE.  A typed ``to``
        definition is answered "square defined", as UCBLogo does."""
        host: Any = self.interp.host
        try:
            host.busy = True
            ran = self.runner.call(lambda: self.interp.run_source(text, ""),
                                   on_interrupt=self.interp.request_stop)
        except SystemExit:
            return False
        finally:
            host.busy = False
        if ran and typed:
            for name in defined_names(text):
                print(say("repl.defined", name=name))
        if not self.page_noted and self.interp.turtle_world is not None:
            self.page_noted = True  # once: the drawing is in memory only
            print(say("repl.page_note"))
        return True

    def loop(self) -> int:
        while True:
            try:
                text = self.read_instruction()
            except EOFError:
                print()
                return 0
            except KeyboardInterrupt:
                print()
                continue
            if text is None:
                return 0
            if not self.execute(text):
                return 0


def repl(files: list[str] | None = None, sandbox: Any = None) -> int:
    """``logo repl``: load ``files``, then read and run lines until BYE or Ctrl-D;
    with ``sandbox`` (a session.sandbox.Sandbox) the program's files are confined."""
    _setup_readline()
    r = Repl()
    if sandbox is not None:
        sandbox.apply(r.interp)
    host = r.interp.host
    if isinstance(host, TerminalHost) and hasattr(signal, "SIGQUIT"):
        host.interp = r.interp
        signal.signal(signal.SIGQUIT, host.ask_pause)
    print(text("repl.welcome"))
    for path in files or []:
        try:
            r.execute(read_text(path), typed=False)
        except (OSError, ValueError) as exc:
            print(text("repl.cant_read", path=path,
                       reason=getattr(exc, "strerror", None) or exc), file=sys.stderr)
    return r.loop()
