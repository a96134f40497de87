"""The library written in Logo (``stdlib/*.lgo``), loaded on first use by name.

As UCBLogo loads a procedure from its logolib folder when a name is neither a primitive
nor defined, a name the interpreter does not know is looked up in an index of the
library's ``to NAME`` lines (built once per process, when first needed, by one look at
each line of its files); the definition found is read (its lines alone, from its ``to`` to
the file's next one, numbered as in the file), defined buried (so ``procedures``,
``pops``, ``erall`` and ``save`` leave it out, as UCBLogo's) and compiled by the compiler
like any procedure.  A ``to`` or ``define`` of the same name replaces it and unburies it,
as in UCBLogo.  A program's first call of a library procedure pays for that much only:
this is part of what its first run costs over a later one.

The comment lines just above a ``to`` are its help text (``help "cascade``, read from the
file when asked for).  A ЛогоМиры name of names_ru.tsv (``сл_элемент``) calls the
procedure of its English name (``pick``): the table is read the first time a name that
is not ASCII is looked up.

The library's folder is ``stdlib/`` at the top of a checkout; the package holds it as
``logo/stdlib`` (a symbolic link to ``../stdlib`` in the checkout), so an installed wheel
carries the files as the package's data.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..language.errors import LogoError
from ..language.reader import read_lines
from .workspace import Definition, split_definitions

# line ends that are not newlines (str.splitlines splits there): a file holding one is
# read line by line (_scan_lines)
_OTHER_LINE_ENDS = ("\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
_TO = frozenset(("to", "To", "tO", "TO"))


class Entry:
    """Where one library procedure is written: its file, the line of its ``to`` (from
    0) and the line of the next ``to`` of the file (None: the last, or not known), and
    its help text (read from the file when first asked for)."""

    __slots__ = ("_help", "end", "line", "path")

    def __init__(self, path: Path, line: int, end: int | None = None,
                 help_text: str | None = None):
        self.path, self.line, self.end, self._help = path, line, end, help_text

    @property
    def help(self) -> str:
        """The comment lines just above the ``to`` (each without its ``;``)."""
        if self._help is None:
            lines = self.path.read_text(encoding="utf-8").splitlines()
            k = self.line
            while k > 0 and lines[k - 1].strip().startswith(";"):
                k -= 1
            self._help = "\n".join(line.strip()[1:].removeprefix(" ")
                                   for line in lines[k:self.line])
        return self._help


_index: dict[str, Entry] | None = None
_english: dict[str, str] = {}  # a ЛогоМиры name of a library procedure: its English name
_russian_added = False  # the ЛогоМиры names are in _index (read when one is first asked)


def folder() -> Path:
    """The folder of the library's files: the package's ``stdlib`` (an installed wheel,
    or the checkout's link), else the checkout's top-level ``stdlib``."""
    here = Path(__file__).resolve().parent.parent  # the logo package
    inside = here / "stdlib"
    return inside if inside.is_dir() else here.parent / "stdlib"


def _scan(path: Path, index: dict[str, Entry]) -> None:
    """The ``to`` lines of a library file into ``index`` (name -> Entry)."""
    text = path.read_text(encoding="utf-8")
    if any(end in text for end in _OTHER_LINE_ENDS):
        _scan_lines(path, text, index)
        return
    found: list[tuple[str, int]] = []
    for k, text_line in enumerate(text.split("\n")):
        if text_line[:2] in _TO or text_line[:1].isspace():  # (others cannot be TO lines)
            words = text_line.split(None, 2)
            if len(words) > 1 and words[0].lower() == "to":
                found.append((words[1].lower(), k))
    for k, (name, line) in enumerate(found):
        index[name] = Entry(path, line, found[k + 1][1] if k + 1 < len(found) else None)


def _scan_lines(path: Path, text: str, index: dict[str, Entry]) -> None:
    """_scan line by line (a file with other line ends): no slices to read (``end``
    None and no line: the whole file is read)."""
    comments: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(";"):
            comments.append(stripped[1:].removeprefix(" "))
            continue
        words = line.split(None, 2)
        if len(words) > 1 and words[0].lower() == "to":
            index[words[1].lower()] = Entry(path, -1, None, "\n".join(comments))
        comments = []


def index() -> dict[str, Entry]:
    """Every library procedure's English name (lower case) and where it is written;
    the ЛогоМиры names join it when one is first looked up (:func:`entry`)."""
    global _index
    if _index is None:
        found: dict[str, Entry] = {}
        where = folder()
        try:
            files = sorted(n for n in os.listdir(where) if n.endswith(".lgo"))
        except OSError:
            files = []
        for name in files:
            path = where / name
            try:
                _scan(path, found)
            except IsADirectoryError:  # (a folder named *.lgo)
                continue
        _index = found
    return _index


def entry(name: str) -> Entry | None:
    """The library procedure called ``name`` (lower case; a ЛогоМиры name too)."""
    found = index().get(name)
    if found is None and not name.isascii() and not _russian_added:
        _add_russian()
        found = index().get(name)
    return found


def _add_russian() -> None:
    """The ЛогоМиры names of names_ru.tsv that name library procedures join the index
    (their names are never ASCII: the test of the table checks it)."""
    global _russian_added
    from ..primitives.name_tables import load_russian_names  # lazy: a Russian name only

    found = index()
    for russian, english in load_russian_names().items():
        if english in found and russian not in found:
            found[russian] = found[english]
            _english[russian] = english
    _russian_added = True


def names() -> list[str]:
    """The library procedures' names as written in stdlib/ (no ЛогоМиры aliases)."""
    return [n for n in index() if n not in _english]


def _read(path: Path, into: dict[str, Any]) -> None:
    """Read a library file's definitions into ``into`` (name: Definition).  Each
    interpreter reads its own: the lists of a body cache the code compiled for them."""
    text = path.read_text(encoding="utf-8")
    _definitions(text, path.name, into)


def _definitions(text: str, file: str, into: dict[str, Any]) -> None:
    for item in split_definitions(read_lines(text, file, blank=True), text):
        if isinstance(item, Definition):
            into[str(item.title.butfirst().first()).lower()] = item


def _read_one(name: str, found: Entry, into: dict[str, Any]) -> None:
    """Read the definition of ``name`` alone: the file's lines from its ``to`` to the
    next ``to`` (after as many empty lines as come before it, so that its lines have
    their numbers in the file), else the whole file (a slice that holds no whole
    definition of that name, or a file read line by line)."""
    if found.line >= 0:
        lines = found.path.read_text(encoding="utf-8").split("\n")
        part = "\n" * found.line + "\n".join(lines[found.line:found.end]) + "\n"
        one: dict[str, Any] = {}
        try:
            _definitions(part, found.path.name, one)
        except LogoError:  # (a slice cut inside a list: the whole file tells)
            one = {}
        if name in one:
            into[name] = one[name]
            return
    _read(found.path, into)


def autoload(I: Any, name: str) -> Any:
    """The library procedure ``name`` (lower case), defined buried in I's workspace now;
    None if the library has no such procedure."""
    found = entry(name) if name else None
    if found is None:
        return None
    english = _english.get(name)
    if english is not None:  # a ЛогоМиры name calls the procedure of the English name
        return I.procedures.get(english) or autoload(I, english)
    read = I.workspace.library_read
    if name not in read:
        _read_one(name, found, read)
    proc = read[name].procedure()
    proc.buried = True
    I.define(proc)
    I.workspace.buried.add(proc.name)
    I.workspace.library.add(proc.name)
    return proc


def procedure(I: Any, name: str) -> Any:
    """The procedure ``name`` (lower case): defined, or loaded from the library; None."""
    proc = I.procedures.get(name)
    if proc is None and I.registry.by_name.get(name) is None:
        proc = autoload(I, name)
    return proc


def help_text(name: str) -> str | None:
    """The help text of a library procedure, None if ``name`` is none."""
    found = entry(name.lower())
    return found.help if found is not None else None
