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
from .quick_text import quick_cell
from .safefile import ShippedFile, open_text, refuse_shipped

ConsoleWrite = Callable[[str], Any]
ConsoleRead = Callable[[], "str | None"]
READ_PIECE = 1 << 20  # characters read from a file between looks at Stop
MAX_READ = 50_000_000  # a line longer than this is "Out of space" (coerce.MAX_ITEMS)

MODES = {"read": "r", "write": "w", "append": "a", "update": "r+"}

def _opened(path: str, mode: str) -> int:
    """A descriptor of ``path`` open for reading (or reading and writing), opened
    without waiting for a FIFO's writer; reads then wait as usual."""
    import fcntl  # lazy: files only (POSIX)

    flags = os.O_RDONLY if mode == "read" else os.O_RDWR
    fd = os.open(path, flags | os.O_NONBLOCK)
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
    return fd


def file_error(kind: str, name: str) -> LogoError:
    """The UCBLogo error ``kind`` (cant_open, already_open, not_open) about file ``name``."""
    return LogoError(kind, what=name)


def shipped_error(name: str) -> LogoError:
    """The error of a write among the files installed with Logo, naming ``name`` as the
    program gave it."""
    return LogoError("shipped_file", what=name)


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
        self.quick: list[Any] = [None]  # the interpreter's quick_text cell (streams())

    # --- opening and closing ---------------------------------------------------------
    def open(self, name: str, path: str, mode: str) -> OpenFile:
        """Open ``path`` under ``name``; mode is read, write, append or update."""
        if name in self.files:
            raise file_error("already_open", name)
        newline = None if mode in ("read", "update") else "\n"
        try:
            if os.path.isdir(path):
                raise IsADirectoryError(path)
            if mode in ("write", "append"):  # a link's target, a device: written through
                fh: IO[str] = open_text(path, append=mode == "append")
            else:  # (a FIFO with no writer yet is opened, not waited for)
                if mode == "update":
                    refuse_shipped(path)
                fh = open(_opened(path, mode), MODES[mode], encoding="utf-8",  # noqa: SIM115
                          errors="replace", newline=newline)
            if mode == "update":
                fh.seek(0, io.SEEK_END)
        except ShippedFile:
            raise shipped_error(name) from None
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
            self.quick[0] = None  # (writes take the whole way, to the file)
        self.writer = name

    def start_dribble(self, name: str, path: str) -> None:
        if self.dribble is not None:
            raise LogoError("already_dribbling")
        self.quick[0] = None  # (writes take the whole way, copied to the dribble)
        try:
            self.dribble = open_text(path)  # (NODRIBBLE closes it)
        except ShippedFile:
            raise shipped_error(name) from None
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
    if "streams" not in I.parts:  # (SETWRITE and DRIBBLE empty the quick_text cell)
        part(I, "streams", Streams).quick = quick_cell(I)
    return part(I, "streams", Streams)


MAX_SOURCE_BYTES = 64 * 1024 * 1024  # the largest source file Logo reads (64 MB)


class NotText(UnicodeDecodeError):
    """A file that is not text: binary, or neither UTF-8 (UTF-16 with its BOM) nor
    Windows-1251 Russian text; ``line`` and ``byte`` say where (1-based, ``0xE9``)."""

    def __init__(self, line: int = 0, byte: str = "", binary: bool = False) -> None:
        super().__init__("utf-8", b"", 0, 1, "not a text file")
        self.line = line
        self.byte = byte
        self.binary = binary  # a NUL byte: no text at all

    def __str__(self) -> str:
        where = f": byte {self.byte} on line {self.line}" if self.line else ""
        return "not a text file" + where


class NotRegularFile(OSError):
    """A source name that is a device, a FIFO, a folder... (never read: it may not end),
    or a file larger than the limit; ``reason`` is the catalogue key saying which."""

    reason = "cli.not_regular"


def read_text(path: str, limit: int = MAX_SOURCE_BYTES) -> str:
    """A source file's text, read only when the name is a regular file of at most
    ``limit`` bytes (else :class:`NotRegularFile`, an OSError saying why).  UTF-8 (a BOM
    is dropped), UTF-16 or UTF-32 with a BOM, else Windows-1251 when it reads as Russian
    text (ЛогоМиры files); anything else is :class:`NotText` naming the first byte that
    is not UTF-8 and its line."""
    import stat  # lazy: files only

    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise _not_regular(path, "cli.a_folder" if stat.S_ISDIR(st.st_mode) else "")
    if st.st_size > limit:
        raise _not_regular(path, "cli.too_big")
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with open(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):  # (changed since the stat)
            raise _not_regular(path, "")
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise _not_regular(path, "cli.too_big")
    return decode_source(data).replace("\r\n", "\n").replace("\r", "\n")


def _not_regular(path: str, key: str) -> NotRegularFile:
    from ..messages import text as say  # lazy: errors only

    exc = NotRegularFile(22, "", path)
    exc.reason = key or NotRegularFile.reason
    exc.strerror = say(exc.reason, most=MAX_SOURCE_BYTES // 2**20)
    return exc


_BOMS = ((b"\xff\xfe\0\0", "utf-32"), (b"\0\0\xfe\xff", "utf-32"),
         (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))


def decode_source(data: bytes) -> str:
    """The text of a source file's bytes (see :func:`read_text`)."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(codec)
            except UnicodeDecodeError:
                raise NotText(1, f"0x{data[0]:02X}") from None
    if b"\0" in data:  # a binary file
        raise NotText(data.count(b"\n", 0, data.index(b"\0")) + 1, "0x00", binary=True)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        text = data.decode("cp1251", errors="replace")
        if not _reads_as_russian(text):
            line = data.count(b"\n", 0, exc.start) + 1
            raise NotText(line, f"0x{data[exc.start]:02X}") from None
        return text


_RUSSIAN = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")
_MARKS = set("«»—–№…„“”‘’•\u00a0\u00b0")


def _reads_as_russian(text: str) -> bool:
    """Windows-1251 text of an old Russian lesson: every letter outside ASCII is Cyrillic
    (no control characters, no ``\ufffd``) and no word mixes Cyrillic with Latin letters
    (``café`` in Latin-1 would read ``cafй``)."""
    import re  # lazy: the fallback only

    for ch in set(text):
        if ord(ch) >= 128 and ch.lower() not in _RUSSIAN and ch not in _MARKS:
            return False
        if ord(ch) < 32 and ch not in "\t\n\r\f":
            return False
    mixed = re.compile(r"[A-Za-z][а-яёА-ЯЁ]|[а-яёА-ЯЁ][A-Za-z]")
    return mixed.search(text) is None
