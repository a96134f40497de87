"""The interpreter's input/output state: open files, the reader, the writer, the dribble.

Logo names an open file by the word given to OPENREAD etc. (``"data.txt`` and
``"./data.txt`` are two names, as in UCBLogo); the path behind a name was resolved (and
checked against the sandbox) by the primitive that opened it.  The reader and writer are
names of open files, or None for the console.  The interpreter routes its ``write`` and
``read_line`` through :meth:`Streams.write` and :meth:`Streams.read_line`, handing in its
own console functions; :func:`streams` gives an interpreter's one :class:`Streams`.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable
from typing import IO, Any, TextIO

from ..language.errors import LogoError
from .parts import part

ConsoleWrite = Callable[[str], Any]
ConsoleRead = Callable[[], "str | None"]
READ_PIECE = 1 << 20  # characters read from a file between looks at Stop
MAX_READ = 50_000_000  # a line longer than this is "Out of space" (coerce.MAX_ITEMS)

MODES = {"read": "r", "write": "w", "append": "a", "update": "r+"}

def file_error(kind: str, name: str) -> LogoError:
    """The UCBLogo error ``kind`` (cant_open, already_open, not_open) about file ``name``."""
    return LogoError(kind, what=name)


def io_error(name: str, exc: BaseException) -> LogoError:
    """A File system error about ``name`` from a Python I/O failure."""
    reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return LogoError("file_io", what=name, reason=reason)


class OpenFile:
    """One file opened by OPENREAD, OPENWRITE, OPENAPPEND or OPENUPDATE."""

    __slots__ = ("fh", "mode", "name", "path")

    def __init__(self, name: str, path: str, mode: str, fh: IO[str]):
        self.name = name
        self.path = path
        self.mode = mode
        self.fh = fh

    def readable(self) -> bool:
        return self.mode in ("read", "update")

    def writable(self) -> bool:
        return self.mode != "read"


class Streams:
    """Open files by name, the current reader and writer (None = console), the dribble
    file, and characters typed at the console but not yet read (after READCHAR)."""

    def __init__(self) -> None:
        self.files: dict[str, OpenFile] = {}
        self.reader: str | None = None
        self.writer: str | None = None
        self.dribble: TextIO | None = None
        self.console_pending = ""
        self.last_file: str | None = None  # the file of the latest LOAD or SAVE

    # --- opening and closing ---------------------------------------------------------
    def open(self, name: str, path: str, mode: str) -> OpenFile:
        """Open ``path`` under ``name``; mode is read, write, append or update."""
        if name in self.files:
            raise file_error("already_open", name)
        newline = None if mode in ("read", "update") else "\n"
        try:
            if os.path.isdir(path):
                raise IsADirectoryError(path)
            fh = open(path, MODES[mode], encoding="utf-8",  # noqa: SIM115  (open until CLOSE)
                      errors="replace", newline=newline)
            if mode == "update":
                fh.seek(0, io.SEEK_END)
        except OSError:
            raise file_error("cant_open", name) from None
        entry = OpenFile(name, path, mode, fh)
        self.files[name] = entry
        return entry

    def get(self, name: str) -> OpenFile:
        entry = self.files.get(name)
        if entry is None:
            raise file_error("not_open", name)
        return entry

    def close(self, name: str) -> None:
        """Close ``name``; if it was the reader or writer, that becomes the console."""
        entry = self.get(name)
        del self.files[name]
        if self.reader == name:
            self.reader = None
        if self.writer == name:
            self.writer = None
        try:
            entry.fh.close()
        except OSError as exc:
            raise io_error(name, exc) from None

    def close_all(self) -> None:
        for name in list(self.files):
            self.close(name)

    def names(self) -> list[str]:
        """The open files' names, most recently opened first (as UCBLogo lists them)."""
        return list(reversed(self.files))

    def set_reader(self, name: str | None) -> None:
        if name is not None:
            self.get(name)
        self.reader = name

    def set_writer(self, name: str | None) -> None:
        if name is not None:
            self.get(name)
        self.writer = name

    def start_dribble(self, name: str, path: str) -> None:
        if self.dribble is not None:
            raise LogoError("already_dribbling")
        try:
            self.dribble = open(path, "w", encoding="utf-8",  # noqa: SIM115  (NODRIBBLE closes)
                                newline="\n")
        except OSError:
            raise file_error("cant_open", name) from None

    def stop_dribble(self) -> None:
        fh, self.dribble = self.dribble, None
        if fh is not None:
            fh.close()

    def shutdown(self) -> None:
        """Close every file and the dribble (the interpreter is going away)."""
        for entry in self.files.values():
            with contextlib.suppress(OSError):
                entry.fh.close()
        self.files.clear()
        self.reader = self.writer = None
        self.stop_dribble()

    # --- writing -----------------------------------------------------------------------
    def write(self, console_write: ConsoleWrite, text: str) -> None:
        """Write ``text`` to the writer; console output is copied to the dribble file."""
        if self.writer is None:
            console_write(text)
            self._dribble(text)
            return
        entry = self.get(self.writer)
        if not entry.writable():
            raise LogoError("not_for_writing", what=entry.name)
        try:
            entry.fh.write(text)
        except (OSError, ValueError) as exc:
            raise io_error(entry.name, exc) from None

    def _dribble(self, text: str) -> None:
        if self.dribble is not None:
            try:
                self.dribble.write(text)
            except OSError as exc:
                self.dribble = None
                raise io_error("dribble", exc) from None

    # --- reading -----------------------------------------------------------------------
    def _reading(self) -> OpenFile:
        entry = self.get(self.reader)  # type: ignore[arg-type]
        if not entry.readable():
            raise LogoError("not_for_reading", what=entry.name)
        return entry

    def read_line(self, console_read: ConsoleRead,
                  check: Callable[[], None] | None = None) -> str | None:
        """A line (without its newline) from the reader; None at end of file.  A file's
        line is read a piece at a time, ``check()`` (the look at Stop) between pieces;
        one longer than MAX_READ characters is "Out of space"."""
        if self.reader is None:
            return self._console_line(console_read)
        entry = self._reading()
        pieces: list[str] = []
        size = 0
        try:
            while True:
                piece = entry.fh.readline(READ_PIECE)
                pieces.append(piece)
                size += len(piece)
                if not piece or piece.endswith("\n"):
                    break
                if size > MAX_READ:
                    raise LogoError("out_of_space")
                if check is not None:
                    check()
        except (OSError, ValueError) as exc:
            raise io_error(entry.name, exc) from None
        line = "".join(pieces)
        if not line:
            return None
        return line[:-1] if line.endswith("\n") else line

    def _console_line(self, console_read: ConsoleRead) -> str | None:
        if self.console_pending:
            text, _, self.console_pending = self.console_pending.partition("\n")
            return text
        line = console_read()
        if line is not None:
            self._dribble(line + "\n")
        return line

    def read_chars(self, n: int, console_read: ConsoleRead,
                   check: Callable[[], None] | None = None) -> str | None:
        """Up to ``n`` characters from the reader (fewer at the end); None at end of file.
        From a file they are read a piece at a time, ``check()`` between pieces.

        At the console whole lines are read with ``console_read`` (newline included in
        what READCHAR sees) and what is left over waits for the next read."""
        if self.reader is None:
            buf, self.console_pending = self.console_pending, ""
            while len(buf) < n:
                line = console_read()
                if line is None:
                    break
                buf += line + "\n"
            text, self.console_pending = buf[:n], buf[n:]
        else:
            entry = self._reading()
            pieces: list[str] = []
            left = n
            try:
                while left > 0:
                    piece = entry.fh.read(min(left, READ_PIECE))
                    pieces.append(piece)
                    left -= len(piece)
                    if not piece:
                        break
                    if left > 0 and check is not None:
                        check()
            except (OSError, ValueError) as exc:
                raise io_error(entry.name, exc) from None
            text = "".join(pieces)
        if not text and n > 0:
            return None
        return text

    def at_eof(self) -> bool:
        """True when the reader file has nothing more to read (never at the console)."""
        if self.reader is None:
            return False
        entry = self._reading()
        fh = entry.fh
        try:
            pos = fh.tell()
            more = fh.read(1)
            fh.seek(pos)
        except (OSError, ValueError) as exc:
            raise io_error(entry.name, exc) from None
        return not more


def streams(I: Any) -> Streams:
    """The interpreter's Streams, made on first use (kept as ``I.parts["streams"]``)."""
    return part(I, "streams", Streams)


class NotText(UnicodeDecodeError):
    """A file that is not text: binary, or neither UTF-8 nor Windows-1251."""

    def __init__(self) -> None:
        super().__init__("utf-8", b"", 0, 1, "not a text file")

    def __str__(self) -> str:
        return "not a text file"


def read_text(path: str) -> str:
    """A source file's text: UTF-8 (a BOM is dropped), else Windows-1251 (ЛогоМиры).
    Raises :class:`NotText` for a binary file (one with NUL bytes, or neither)."""
    with open(path, "rb") as fh:
        data = fh.read()
    if b"\0" in data:
        raise NotText()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1251")
        except UnicodeDecodeError:
            raise NotText() from None
    return text.replace("\r\n", "\n").replace("\r", "\n")
