"""Communication and file primitives against a tiny fake interpreter."""

from __future__ import annotations

import os
from types import SimpleNamespace

import pytest

from logo.language.error_text import message
from logo.language.errors import LogoError
from logo.language.values import EMPTY, LogoList
from logo.primitives import communication as com
from logo.primitives import files
from logo.primitives.registry import Registry
from logo.session import streams as streams_mod
from logo.session.streams import streams


def _parse(text: str) -> LogoList:
    """Just enough of READLIST's parsing: words split on blanks, nested brackets."""
    stack: list[list] = [[]]
    for tok in text.replace("[", " [ ").replace("]", " ] ").split():
        if tok == "[":
            stack.append([])
        elif tok == "]":
            inner = stack.pop()
            stack[-1].append(LogoList(inner))
        else:
            stack[-1].append(tok)
    return LogoList(stack[0])


class FakeI:
    """The parts of the interpreter the I/O primitives use."""

    def __init__(self, root: str, console: list[str] | None = None):
        self.root = os.path.realpath(root)
        self.out: list[str] = []
        self.console = list(console or [])
        self.loaded: list[tuple[str, str]] = []
        self.source = "to sq\nrepeat 4 [fd 10 rt 90]\nend\n"
        self.cleared = 0
        self.host = SimpleNamespace(clear_text=self._clear)
        self.procedures: dict = {}  # load looks for a lesson's STARTUP here
        self.parts: dict = {}  # the streams are made here on first use
        self.vars: dict = {}  # PRINT looks at the printing variables (none set)
        self.page_widgets = None  # LOAD replaces a page's widgets (none here)
        self.file_prefix = None  # SETPREFIX
        self.registry = Registry()  # load tells the microworlds (none loaded)

    def _clear(self) -> None:
        self.cleared += 1

    def check_stop(self) -> None:
        """A long read's look at Stop (nothing asks these calls to stop)."""

    def _console_read(self) -> str | None:
        return self.console.pop(0) if self.console else None

    def write(self, text: str) -> None:
        streams(self).write(self.out.append, text)

    def read_line(self) -> str | None:
        return streams(self).read_line(self._console_read)

    def parse(self, text: str) -> LogoList:
        return _parse(text)

    def resolve_path(self, name: str) -> str:
        path = os.path.normpath(os.path.join(self.root, name))
        if path != self.root and not path.startswith(self.root + os.sep):
            raise LogoError("sandbox", what=name)
        return path

    def workspace_source(self) -> str:
        return self.source

    def load_source(self, text: str, filename: str) -> None:
        self.loaded.append((text, filename))

    @property
    def text(self) -> str:
        return "".join(self.out)


@pytest.fixture
def I(tmp_path):  # noqa: E743 - the interpreter is I throughout the project
    return FakeI(str(tmp_path))


def write_file(I, name, *things, show=False):
    files.openwrite(I, name)
    files.setwrite(I, name)
    for t in things:
        (com.show if show else com.print_)(I, t)
    files.setwrite(I, EMPTY)
    files.close(I, name)


def start_reading(I, name):
    files.openread(I, name)
    files.setread(I, name)


# --- transmitters ----------------------------------------------------------------------
def test_print_type_show_to_console(I):
    com.print_(I, LogoList(["a", LogoList(["b", 2])]))
    com.print_(I, "x", 1, LogoList(["y"]))
    com.type_(I, "ab", 1, LogoList(["c", "d"]))
    com.show(I, LogoList(["a"]), "b")
    com.print_(I)
    com.show(I, EMPTY)
    assert I.text == "a [b 2]\nx 1 y\nab1c d[a] b\n\n[]\n"


def test_arity_like_ucblogo():
    assert (com.print_.__logo__.min_inputs, com.print_.__logo__.default_inputs,
            com.print_.__logo__.max_inputs) == (0, 1, -1)
    spec = files.save.__logo__
    assert (spec.min_inputs, spec.default_inputs, spec.max_inputs) == (0, 1, 1)
    assert com.readchars.__logo__.default_inputs == 1
    assert com.readlist.__logo__.aliases == ("rl",)
    assert com.print_.__logo__.doc.startswith("PRINT thing")


# --- writing and reading back ------------------------------------------------------------
def test_write_then_read_back(I, tmp_path):
    write_file(I, "f.txt", LogoList(["hello", LogoList(["world"]), 3]), "a b", 42)
    assert I.text == ""
    assert (tmp_path / "f.txt").read_text() == "hello [world] 3\na b\n42\n"
    start_reading(I, "f.txt")
    assert files.reader(I) == "f.txt"
    assert com.readlist(I) == LogoList(["hello", LogoList(["world"]), "3"])
    assert com.readword(I) == "a b"
    assert files.eofp(I) == "false"
    assert com.readrawline(I) == "42"
    assert files.eofp(I) == "true"
    assert com.readword(I) == EMPTY          # the empty list at end of file
    assert com.readlist(I) == ""             # the empty word at end of file
    assert com.readrawline(I) == EMPTY
    files.setread(I, EMPTY)
    assert files.reader(I) == EMPTY
    files.close(I, "f.txt")


def test_readchar_and_readchars(I, tmp_path):
    (tmp_path / "c.txt").write_text("123 4\nxy")
    start_reading(I, "c.txt")
    assert com.readchar(I) == "1"
    assert com.readchars(I, 3) == "23 "
    assert com.readchars(I, 0) == ""
    assert com.readchars(I, 2) == "4\n"
    assert com.readchars(I, 5) == "xy"        # fewer than asked at the end
    assert com.readchar(I) == EMPTY
    assert com.readchars(I, 2) == EMPTY
    with pytest.raises(LogoError) as err:
        com.readchars(I, -1)
    assert err.value.kind == "doesnt_like"
    with pytest.raises(LogoError):
        com.readchars(I, "a")


def test_readlist_continuation_and_readword_escapes(I, tmp_path):
    (tmp_path / "r.txt").write_text("a~\nb c\n[x\ny] z\nq\\ r |s  t| u;v\n")
    start_reading(I, "r.txt")
    assert com.readword(I) == "a~\nb c"
    assert com.readword(I) == "[x"
    assert com.readword(I) == "y] z"
    assert com.readword(I) == "q r |s  t| u;v"
    files.close(I, "r.txt")
    start_reading(I, "r.txt")
    assert com.readlist(I) == LogoList(["ab", "c"])
    assert com.readlist(I) == LogoList([LogoList(["x", "y"]), "z"])
    files.close(I, "r.txt")
    assert files.reader(I) == EMPTY
    start_reading(I, "r.txt")
    for line in ("a~", "b c", "[x", "y] z", "q\\ r |s  t| u;v"):
        assert com.readrawline(I) == line


def test_console_reading(tmp_path):
    I = FakeI(str(tmp_path), console=["ab", "[1 2] 3", "word"])
    assert com.readchar(I) == "a"
    assert com.readlist(I) == LogoList(["b"])      # the rest of the typed line
    assert com.readlist(I) == LogoList([LogoList(["1", "2"]), "3"])
    assert com.readchars(I, 6) == "word\n"
    assert com.readlist(I) == ""
    assert files.eofp(I) == "false"


def test_reader_writer_allopen_close(I):
    assert (files.reader(I), files.writer(I), files.allopen(I)) == (EMPTY, EMPTY, EMPTY)
    files.openwrite(I, "a")
    files.openwrite(I, "b")
    files.setwrite(I, "a")
    assert files.writer(I) == "a"
    assert files.allopen(I) == LogoList(["b", "a"])
    files.setwrite(I, "b")            # switching does not close the other file
    assert files.allopen(I) == LogoList(["b", "a"])
    files.close(I, "b")               # closing the writer makes the screen the writer
    assert files.writer(I) == EMPTY
    com.print_(I, "screen")
    assert I.text == "screen\n"
    files.closeall(I)
    assert files.allopen(I) == EMPTY


def test_file_errors_read_like_ucblogo(I, tmp_path):
    with pytest.raises(LogoError) as err:
        files.openread(I, "missing")
    assert "I can't open file missing" in message(err.value)
    files.openwrite(I, "f")
    with pytest.raises(LogoError) as err:
        files.openread(I, "f")
    assert "File f already open" in message(err.value)
    for prim in (files.setread, files.setwrite, files.close):
        with pytest.raises(LogoError) as err:
            prim(I, "nope")
        assert "File nope not open" in message(err.value)
    with pytest.raises(LogoError) as err:
        files.openread(I, LogoList(["a", "b"]))
    assert err.value.kind == "doesnt_like"
    with pytest.raises(LogoError) as err:
        files.setread(I, LogoList(["a"]))
    assert err.value.kind == "doesnt_like"
    with pytest.raises(LogoError):
        files.openupdate(I, "missing")      # OPENUPDATE needs an existing file
    with pytest.raises(LogoError):
        files.openread(I, ".")              # a folder is not a file
    with pytest.raises(LogoError) as err:
        files.openread(I, "../outside")
    assert err.value.kind == "sandbox"
    assert files.filep(I, "../outside") == "false"


def test_wrong_direction(I):
    files.openwrite(I, "w")
    files.setread(I, "w")
    with pytest.raises(LogoError) as err:
        com.readlist(I)
    assert "not open for reading" in message(err.value)


def test_append_and_update(I, tmp_path):
    (tmp_path / "log").write_text("one\n")
    files.openappend(I, "log")
    files.setwrite(I, "log")
    com.print_(I, "two")
    files.close(I, "log")
    files.openupdate(I, "log")
    files.setread(I, "log")
    assert com.readlist(I) == ""       # positioned at the end
    files.setwrite(I, "log")
    com.print_(I, "three")
    files.close(I, "log")
    assert (tmp_path / "log").read_text() == "one\ntwo\nthree\n"


def test_erasefile_and_filep(I, tmp_path):
    (tmp_path / "gone").write_text("x")
    assert files.filep(I, "gone") == "true"
    files.erasefile(I, "gone")
    assert not (tmp_path / "gone").exists()
    assert files.filep(I, "gone") == "false"
    files.erasefile(I, "gone")         # erasing a missing file is no error
    assert files.erasefile.__logo__.aliases == ("erf",)


def test_dribble_copies_console_only(tmp_path):
    I = FakeI(str(tmp_path), console=["typed"])
    files.dribble(I, "d.txt")
    with pytest.raises(LogoError) as err:
        files.dribble(I, "d2.txt")
    assert message(err.value) == "Already dribbling"
    assert files.allopen(I) == EMPTY
    com.print_(I, "to-screen")
    files.openwrite(I, "f")
    files.setwrite(I, "f")
    com.print_(I, "to-file")
    files.setwrite(I, EMPTY)
    assert com.readword(I) == "typed"
    files.nodribble(I)
    files.nodribble(I)
    com.print_(I, "after")
    assert (tmp_path / "d.txt").read_text() == "to-screen\ntyped\n"


def test_save_writes_workspace(I, tmp_path):
    files.save(I, "ws.lg")
    assert (tmp_path / "ws.lg").read_text() == I.source
    I.source = "make \"x 1\n"
    files.save(I)                       # (SAVE) reuses the last file name
    assert (tmp_path / "ws.lg").read_text() == "make \"x 1\n"
    with pytest.raises(LogoError):
        files.save(I, "no/such/dir/ws.lg")


def test_save_without_previous_file(I):
    with pytest.raises(LogoError) as err:
        files.save(I)
    assert err.value.kind == "not_enough_inputs"


def test_save_is_atomic(I, tmp_path, monkeypatch):
    target = tmp_path / "ws.lg"
    target.write_text("old contents\n")

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(streams_mod.os, "fsync", broken_fsync)
    with pytest.raises(LogoError) as err:
        files.save(I, "ws.lg")
    assert "No space left on device" in message(err.value)
    assert target.read_text() == "old contents\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ws.lg"]


def test_save_fails_midway_on_bad_text(I, tmp_path):
    target = tmp_path / "ws.lg"
    target.write_text("old\n")
    I.source = "x" * 100_000 + "\ud800"  # cannot be written as UTF-8
    with pytest.raises(LogoError):
        files.save(I, "ws.lg")
    assert target.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ws.lg"]


def test_load_utf8_and_cp1251(I, tmp_path):
    (tmp_path / "u.lgo").write_bytes("\ufeffпокажи 1\r\n".encode())
    (tmp_path / "w.lgo").write_bytes("это квадрат\nвперёд 10\n".encode("cp1251"))
    files.load(I, "u.lgo")
    files.load(I, "w.lgo")
    assert I.loaded == [("покажи 1\n", "u.lgo"), ("это квадрат\nвперёд 10\n", "w.lgo")]
    (tmp_path / "bad.lgo").write_bytes(b"\x98\xff")
    with pytest.raises(LogoError) as err:
        files.load(I, "bad.lgo")
    assert err.value.code == 18 and "bad.lgo" in message(err.value)
    with pytest.raises(LogoError) as err:
        files.load(I, "missing.lgo")
    assert "I can't open file missing.lgo" in message(err.value)


def test_cleartext(I):
    com.cleartext(I)
    assert I.cleared == 1
    com.cleartext(SimpleNamespace())   # a host without a text window: nothing happens


def test_streams_cache_and_shutdown(I):
    s = streams(I)
    assert streams(I) is s
    files.openwrite(I, "f")
    files.setwrite(I, "f")
    files.dribble(I, "d")
    s.shutdown()
    assert (s.files, s.writer, s.dribble) == ({}, None, None)
