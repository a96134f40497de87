"""File access: opening, closing, choosing the read and write streams, the dribble file,
LOAD and SAVE.  UCBLogo manual chapter 4.3 (and LOAD/SAVE from chapter 7).

A file is known by the word given to OPENREAD etc.; its path is that word resolved by
``I.resolve_path`` (relative to the working folder, inside the sandbox).  The state lives
in ``logo/streams.py``.
"""

from __future__ import annotations

import os
from typing import Any

from ..language.errors import LogoError
from ..language.values import EMPTY, LogoList, logo_bool, print_form
from ..session.loadpath import locate, run_startup
from ..session.page_opening import opening_page
from ..session.safefile import ShippedFile, atomic_write, remove
from ..session.streams import (
    NotText,
    file_error,
    io_error,
    read_text,
    shipped_error,
    streams,
)
from .coerce import bad, word
from .file_buffers import (
    buffer_list,
    buffer_name,
    buffer_spec,
    close_buffer,
    open_buffer,
    open_names,
    set_buffer_writer,
)
from .registry import primitive


def _open(I: Any, filename: Any, mode: str) -> None:
    name = word(filename)
    path = I.resolve_path(name)
    streams(I).open(name, path, mode)


def _stream_name(x: Any) -> str | None:
    """The input of SETREAD/SETWRITE: a file name, or [] for the console."""
    if type(x) is LogoList:
        if len(x) == 0:
            return None
        raise bad(x)
    return word(x)


@primitive("openread")
def openread(I: Any, filename: Any) -> None:
    """OPENREAD filename

    Opens the named file for reading, from its beginning.  Use SETREAD to read from it
    with READLIST, READWORD, READCHAR..."""
    _open(I, filename, "read")


@primitive("openwrite")
def openwrite(I: Any, filename: Any) -> None:
    """OPENWRITE filename

    Opens the named file for writing.  If the file already existed, the old version
    is deleted and a new, empty file created.  Use SETWRITE to print into it.  A list
    [varname size] opens a character buffer instead: see SETWRITE."""
    if buffer_spec(filename) is not None:
        open_buffer(I, filename)
        return
    _open(I, filename, "write")


@primitive("openappend")
def openappend(I: Any, filename: Any) -> None:
    """OPENAPPEND filename

    Opens the named file for writing.  If the file already exists, what is written
    goes after its old contents."""
    _open(I, filename, "append")


@primitive("openupdate")
def openupdate(I: Any, filename: Any) -> None:
    """OPENUPDATE filename

    Opens an existing file for reading and writing, positioned at its end."""
    _open(I, filename, "update")


@primitive("close")
def close(I: Any, filename: Any) -> None:
    """CLOSE filename

    Closes the named file.  If it was the read or write stream, the keyboard or screen
    becomes the stream again, as if SETREAD [] or SETWRITE [] had been done."""
    if buffer_spec(filename) is not None:
        close_buffer(I, buffer_name(filename), filename)
        return
    streams(I).close(word(filename))


@primitive("closeall")
def closeall(I: Any) -> None:
    """CLOSEALL

    Closes all open files (not the dribble file).  Abbreviates FOREACH ALLOPEN [CLOSE ?]"""
    streams(I).close_all()


@primitive("allopen")
def allopen(I: Any) -> LogoList:
    """ALLOPEN

    Outputs a list of the names of all files currently open, the most recently opened
    first.  The dribble file is not in it."""
    return LogoList(open_names(I, streams(I).names()))


@primitive("setread")
def setread(I: Any, filename: Any) -> None:
    """SETREAD filename

    Makes the named file, already opened with OPENREAD or OPENUPDATE, the read stream
    used by READLIST etc.  SETREAD [] reads from the keyboard again.  The file that was
    the read stream stays open."""
    streams(I).set_reader(_stream_name(filename))


@primitive("setwrite")
def setwrite(I: Any, filename: Any) -> None:
    """SETWRITE filename

    Makes the named file, already opened with OPENWRITE, OPENAPPEND or OPENUPDATE, the
    write stream used by PRINT, TYPE and SHOW.  SETWRITE [] writes to the screen again.
    The file that was the write stream stays open.  A list [varname size] writes into
    a buffer of size characters, which becomes the variable's value on CLOSE of the
    same list (a buffer not opened with OPENWRITE is closed by the next SETWRITE)."""
    name = set_buffer_writer(I, filename)
    streams(I).set_writer(name if name is not None else _stream_name(filename))


@primitive("reader")
def reader(I: Any) -> Any:
    """READER

    Outputs the name of the read stream file, or [] when reading from the keyboard."""
    name = streams(I).reader
    return EMPTY if name is None else name


@primitive("writer")
def writer(I: Any) -> Any:
    """WRITER

    Outputs the name of the write stream file, or [] when writing to the screen."""
    name = streams(I).writer
    return EMPTY if name is None else buffer_list(I, name) or name


@primitive("eofp", "eof?")
def eofp(I: Any) -> str:
    """EOFP
    EOF?

    Outputs TRUE if there are no more characters to read in the read stream file,
    FALSE otherwise (always FALSE when reading from the keyboard)."""
    return logo_bool(streams(I).at_eof())


@primitive("keyp", "key?")
def keyp(I: Any) -> str:
    """KEYP
    KEY?

    Outputs TRUE if there are characters waiting to be read from the read stream: a
    file not at its end, or typed input not read yet (FALSE when that is not known)."""
    s = streams(I)
    if s.reader is not None:
        return logo_bool(not s.at_eof())
    return logo_bool(bool(s.console_pending) or I.host.key_waiting())


@primitive("erasefile", "erf")
def erasefile(I: Any, filename: Any) -> None:
    """ERASEFILE filename
    ERF filename

    Erases (deletes) the named file, which should not be open.  Erasing a file that
    does not exist does nothing."""
    name = word(filename)
    path = I.resolve_path(name)
    try:
        remove(path)
    except ShippedFile:
        raise shipped_error(name) from None
    except OSError as exc:
        raise io_error(name, exc) from None


@primitive("filep", "file?")
def filep(I: Any, filename: Any) -> str:
    """FILEP filename
    FILE? filename

    Outputs TRUE if a file of that name exists and can be read, FALSE otherwise."""
    name = word(filename)
    try:
        path = I.resolve_path(name)
    except LogoError:
        return logo_bool(False)
    return logo_bool(os.path.isfile(path) and os.access(path, os.R_OK))


@primitive("dribble")
def dribble(I: Any, filename: Any) -> None:
    """DRIBBLE filename

    Creates the named file, like OPENWRITE, and records in it everything read from
    the keyboard or written to the screen from now on, a transcript of the session.
    NODRIBBLE stops it."""
    name = word(filename)
    streams(I).start_dribble(name, I.resolve_path(name))


@primitive("nodribble")
def nodribble(I: Any) -> None:
    """NODRIBBLE

    Stops copying into the dribble file and closes it."""
    streams(I).stop_dribble()


@primitive("load")
def load(I: Any, filename: Any) -> None:
    """LOAD filename

    Reads instructions from the named file and runs them; procedure definitions with
    TO in it replace procedures of the same names.  A bare name that is no file is
    looked for as NAME.lgo here, in the folders of LOGO_PATH and among the lessons
    shipped with Logo (LOAD "tree).  If the file defines a procedure
    named STARTUP (a MicroWorlds lesson), it runs after the file is loaded.  A file that
    makes sliders, buttons or text boxes carries its own page: they replace the widgets
    that were on the page (a file without widgets keeps them).  The file may
    be in UTF-8 (UTF-16 with its byte order mark too) or in the Windows Cyrillic
    encoding of old ЛогоМиры files; it must be a regular file of at most 64 MB."""
    name = word(filename)
    path = locate(I, name)
    try:
        text = read_text(path)
    except NotText as exc:
        raise LogoError("not_text", what=name, byte=exc.byte, where=exc.line) from None
    except OSError:
        raise file_error("cant_open", name) from None
    streams(I).last_file = name
    I.registry.notify(I, "load")
    load_lesson(I, text, name)


def load_lesson(I: Any, text: str, name: str) -> None:
    """Run a file's text as LOAD does: then, if it defined (or redefined) STARTUP, run it
    (``logo run`` too)."""
    before = I.procedures.get("startup")
    before_lines = before.lines if before is not None else None  # redefined in place
    with opening_page(I):  # a file with widgets replaces the page's widgets
        I.load_source(text, name)
        startup = I.procedures.get("startup")
        if startup is not None and startup.lines is not before_lines:  # the lesson's STARTUP
            run_startup(I)


# where UCBLogo's installation keeps the Computer Science Logo Style programs
CSLS_DEFAULT = "/usr/share/ucblogo/csls"


@primitive("cslsload")
def cslsload(I: Any, name: Any) -> None:
    """CSLSLOAD name

    Loads the named file, like LOAD, from the folder of the Computer Science Logo Style
    programs (from the folder SETCSLSLOC chose; by default where Debian's ucblogo installs them)."""
    folder = getattr(I, "csls_location", None) or CSLS_DEFAULT
    load(I, folder.rstrip("/") + "/" + word(name))


@primitive("setcslsloc")
def setcslsloc(I: Any, path: Any) -> None:
    """SETCSLSLOC path

    Tells CSLSLOAD which folder to load from."""
    I.csls_location = word(path)


@primitive("save", inputs=1, alone_ok=True)
def save(I: Any, filename: Any = None) -> None:
    """SAVE filename
    (SAVE)

    Saves the definitions of all unburied procedures, variables and property lists in
    the named file, replacing it.  (SAVE) with no input uses the file of the latest
    LOAD or SAVE.  If saving fails, the old file is left as it was."""
    s = streams(I)
    if filename is None:
        if s.last_file is None:
            raise LogoError("not_enough_inputs", who="save")
        name = s.last_file
    else:
        name = word(filename)
    write_whole_file(I, name, I.workspace_source())
    s.last_file = name


def write_whole_file(I: Any, name: str, text: str) -> None:
    """Replace the named file with ``text`` (the old file stays whole if this fails)."""
    path = I.resolve_path(name)
    try:
        atomic_write(path, text, 0o644)
    except ShippedFile:
        raise shipped_error(name) from None
    except (FileNotFoundError, PermissionError, IsADirectoryError, NotADirectoryError):
        raise file_error("cant_open", name) from None
    except (OSError, UnicodeError) as exc:
        raise io_error(name, exc) from None


@primitive("setprefix")
def setprefix(I: Any, prefix: Any) -> None:
    """SETPREFIX string

    Sets a folder that is put before the (relative) file names given to OPENREAD,
    OPENWRITE, OPENAPPEND, OPENUPDATE, LOAD, SAVE, FILEP, ERASEFILE and DRIBBLE, with a
    slash between.  SETPREFIX [] goes back to no prefix."""
    if type(prefix) is LogoList:
        if len(prefix):  # UCBLogo's own words for a non-empty list
            raise LogoError("doesnt_like_unrec", who="setprefix", what="nothing")
        I.file_prefix = None
        return
    I.file_prefix = word(prefix)


@primitive("prefix")
def prefix(I: Any) -> Any:
    """PREFIX

    Outputs the current file prefix (see SETPREFIX), or [] if there is none."""
    value = I.file_prefix
    return LogoList() if value is None else value


@primitive("shell", min_inputs=1, max_inputs=2, inputs=1)
def shell(I: Any, command: Any, wordflag: Any = None) -> LogoList:
    """SHELL command   or   (SHELL command wordflag)

    Runs the command (a word or a list) with /bin/sh and outputs what it printed: a
    list with one member per line, each line a list (as READLIST reads it), or, if a
    second input is given, a word (as READWORD).  A last line without a newline is
    left out, as in UCBLogo.  Not allowed under --sandbox."""
    if I.sandbox is not None:
        raise LogoError("no_shell")
    text = _run_shell(I, print_form(command))
    lines = text.split("\n")[:-1]
    if wordflag is not None:
        return LogoList(lines)
    return LogoList([_line_list(I, line) for line in lines])


def _run_shell(I: Any, command: str) -> str:
    """What ``command`` prints; the Stop button (or a time limit) kills it."""
    import subprocess  # lazy: start-up time (SHELL only)

    try:
        proc = subprocess.Popen(["/bin/sh", "-c", command], stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE)
    except OSError as exc:
        raise LogoError("file_io", what="shell", reason=exc.strerror or exc) from None
    while True:
        try:
            out, _ = proc.communicate(timeout=0.05)
            return out.decode("utf-8", errors="replace")
        except subprocess.TimeoutExpired:
            if I.interrupt:
                proc.kill()
                proc.communicate()
                I.check_interrupt()


def _line_list(I: Any, line: str) -> LogoList:
    try:
        return I.parse(line)
    except LogoError:  # an unbalanced bracket: the words as they are
        return LogoList(line.split())
