"""The terminal REPL: ``?`` prompt, ``>`` inside a ``to`` definition or an open ``[``,
line editing and history (readline), Ctrl-C stops the running instruction, ``bye`` or
Ctrl-D leaves.  Errors print UCBLogo's message and the REPL goes on."""

from __future__ import annotations

import os
import sys
from typing import Any

PROMPT = "? "
MORE = "> "


def _setup_readline() -> None:
    try:
        import readline
    except ImportError:
        return
    history = os.path.expanduser("~/.logo_history")
    try:
        readline.read_history_file(history)
    except OSError:
        pass
    import atexit

    def save() -> None:
        try:
            readline.write_history_file(history)
        except OSError:
            pass

    atexit.register(save)


def needs_more(text: str) -> bool:
    """True while ``text`` is an unfinished ``to`` definition or has an open ``[``."""
    from .errors import LogoError
    from .reader import read_lines
    from .workspace import split_definitions

    try:
        split_definitions(read_lines(text))
    except LogoError as err:
        return err.kind in ("no_end", "missing_bracket")
    return text.rstrip().endswith("~")


class Repl:
    """Reads instruction lines and runs them in one interpreter on a worker thread."""

    def __init__(self, interp: Any = None, read: Any = None):
        from .host import ConsoleHost
        from .interpreter import Interpreter
        from .runner import Runner

        self.interp = interp if interp is not None else Interpreter(host=ConsoleHost())
        self.runner = Runner()
        self.read = read if read is not None else input

    def read_instruction(self) -> str | None:
        """One complete instruction (several lines for a definition); None at EOF."""
        text = self.read(PROMPT)
        while needs_more(text):
            try:
                text += "\n" + self.read(MORE)
            except EOFError:
                break
        return text

    def execute(self, text: str) -> bool:
        """Run one instruction text; False when the user said BYE."""
        try:
            self.runner.call(lambda: self.interp.run_source(text, ""),
                             on_interrupt=self.interp.request_stop)
        except SystemExit:
            return False
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


def repl(files: list[str] | None = None) -> int:
    """``logo repl``: load ``files``, then read and run lines until BYE or Ctrl-D."""
    from .streams import read_text

    _setup_readline()
    r = Repl()
    print("Welcome to Logo (Berkeley Logo semantics; MicroWorlds extras). BYE leaves.")
    for path in files or []:
        try:
            r.execute(read_text(path))
        except (OSError, ValueError) as exc:
            print(f"logo: can't read {path}: {getattr(exc, 'strerror', None) or exc}",
                  file=sys.stderr)
    return r.loop()
