"""The library written in Logo (``stdlib/*.lgo``), loaded on first use by name.

As UCBLogo loads a procedure from its logolib folder when a name is neither a primitive
nor defined, a name the interpreter does not know is looked up in an index of the
library's ``to NAME`` lines (built once per process, by a line scan, when first needed);
the definition found is read, defined buried (so ``procedures``, ``pops``, ``erall`` and
``save`` leave it out, as UCBLogo's) and compiled by the compiler like any procedure.
A ``to`` or ``define`` of the same name replaces it and unburies it, as in UCBLogo.

The comment lines just above a ``to`` are its help text (``help "cascade``).  A ЛогоМиры
name of names_ru.tsv (``сл_элемент``) calls the procedure of its English name (``pick``).

The library's folder is ``stdlib/`` at the top of a checkout; the package holds it as
``logo/stdlib`` (a symbolic link to ``../stdlib`` in the checkout), so an installed wheel
carries the files as the package's data.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..language.reader import read_lines
from ..primitives.registry import load_russian_names
from .workspace import Definition, split_definitions


class Entry:
    """Where one library procedure is written, and its help text."""

    __slots__ = ("help", "path")

    def __init__(self, path: Path, help_text: str):
        self.path = path
        self.help = help_text


_index: dict[str, Entry] | None = None
_english: dict[str, str] = {}  # a ЛогоМиры name of a library procedure: its English name


def folder() -> Path:
    """The folder of the library's files: the package's ``stdlib`` (an installed wheel,
    or the checkout's link), else the checkout's top-level ``stdlib``."""
    here = Path(__file__).resolve().parent.parent  # the logo package
    inside = here / "stdlib"
    return inside if inside.is_dir() else here.parent / "stdlib"


def _scan(path: Path, index: dict[str, Entry]) -> None:
    comments: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith(";"):
            comments.append(stripped[1:].removeprefix(" "))
            continue
        words = line.split(None, 2)
        if len(words) > 1 and words[0].lower() == "to":
            index[words[1].lower()] = Entry(path, "\n".join(comments))
        comments = []


def index() -> dict[str, Entry]:
    """Every library procedure's name (lower case) and where it is written."""
    global _index
    if _index is None:
        found: dict[str, Entry] = {}
        for path in sorted(folder().glob("*.lgo")):
            _scan(path, found)
        for russian, english in load_russian_names().items():
            if english in found and russian not in found:
                found[russian] = found[english]
                _english[russian] = english
        _index = found
    return _index


def names() -> list[str]:
    """The library procedures' names as written in stdlib/ (no ЛогоМиры aliases)."""
    return [n for n in index() if n not in _english]


def _read(path: Path, into: dict[str, Any]) -> None:
    """Read a library file's definitions into ``into`` (name: Definition).  Each
    interpreter reads its own: the lists of a body cache the code compiled for them."""
    text = path.read_text(encoding="utf-8")
    for item in split_definitions(read_lines(text, path.name, blank=True), text):
        if isinstance(item, Definition):
            into[str(item.title.butfirst().first()).lower()] = item


def autoload(I: Any, name: str) -> Any:
    """The library procedure ``name`` (lower case), defined buried in I's workspace now;
    None if the library has no such procedure."""
    entry = index().get(name) if name else None
    if entry is None:
        return None
    english = _english.get(name)
    if english is not None:  # a ЛогоМиры name calls the procedure of the English name
        return I.procedures.get(english) or autoload(I, english)
    read = I.workspace.library_read
    if name not in read:
        _read(entry.path, read)
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
    entry = index().get(name.lower())
    return entry.help if entry is not None else None
