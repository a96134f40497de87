"""The library's index and its reading of one procedure: what a program pays the first
time it calls a library procedure is a scan of the ``to`` lines and the text of that
procedure alone, and what it gets is what the whole file read line by line gives (the
same definitions, text as typed and line numbers, the same help texts, the same names,
ЛогоМиры ones too)."""

from __future__ import annotations

import pytest

from logo.language.reader import read_lines
from logo.primitives.name_tables import load_russian_names
from logo.session import library
from logo.session.workspace import Definition, split_definitions
from tests.support import run_ok


def _whole_file(path):
    text = path.read_text(encoding="utf-8")
    return {str(item.title.butfirst().first()).lower(): item
            for item in split_definitions(read_lines(text, path.name, blank=True), text)
            if isinstance(item, Definition)}


def _help_by_lines(path):
    """The help texts as the comment lines just above each ``to``, line by line."""
    helps, comments = {}, []
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith(";"):
            comments.append(stripped[1:].removeprefix(" "))
            continue
        words = line.split(None, 2)
        if len(words) > 1 and words[0].lower() == "to":
            helps[words[1].lower()] = "\n".join(comments)
        comments = []
    return helps


def _files():
    return sorted(p for p in library.folder().iterdir() if p.suffix == ".lgo")


def test_a_procedure_read_alone_is_the_one_the_whole_file_defines():
    for path in _files():
        whole = _whole_file(path)
        assert whole
        for name, expected in whole.items():
            alone: dict = {}
            library._read_one(name, library.entry(name), alone)
            got = alone[name]
            assert got.source == expected.source, name
            assert got.title.src == expected.title.src, name  # (errors name its lines)
            assert [b.src for b in got.body] == [b.src for b in expected.body], name
            assert repr(got.title) == repr(expected.title), name
            assert [repr(b) for b in got.body] == [repr(b) for b in expected.body], name


def test_the_index_names_every_procedure_with_its_help_text():
    helps = {}
    for path in _files():
        helps.update(_help_by_lines(path))
    assert library.names() == list(helps)
    for name, text in helps.items():
        assert library.help_text(name) == text, name


def test_a_slice_that_holds_no_whole_definition_reads_the_whole_file(tmp_path):
    path = tmp_path / "odd.lgo"
    path.write_text("to odd.one\nprint [a\nto b]\nend\nto odd.two\nprint 2\nend\n",
                    encoding="utf-8")
    index: dict = {}
    library._scan(path, index)
    assert set(index) == {"odd.one", "b]", "odd.two"}  # (as a line by line scan finds)
    read: dict = {}
    library._read_one("odd.one", index["odd.one"], read)  # (cut inside its list)
    assert [repr(b) for b in read["odd.one"].body] == [repr(b) for b in _whole_file(path)[
        "odd.one"].body]


def test_a_file_with_other_line_ends_is_scanned_line_by_line(tmp_path):
    path = tmp_path / "cr.lgo"
    path.write_text("; Help one\r\nto cr.one\r\nprint 1\r\nend\r\n", encoding="utf-8",
                    newline="")
    index: dict = {}
    library._scan(path, index)
    assert index["cr.one"].help == "Help one"
    read: dict = {}
    library._read_one("cr.one", index["cr.one"], read)
    assert "cr.one" in read


def test_russian_names_are_never_ascii():
    """The ЛогоМиры names join the index when a name that is not ASCII is looked up."""
    table = load_russian_names()
    assert table and not [ru for ru in table if ru.isascii()]


def test_a_russian_name_is_found_in_a_fresh_index(monkeypatch):
    monkeypatch.setattr(library, "_index", None)
    monkeypatch.setattr(library, "_english", {})
    monkeypatch.setattr(library, "_russian_added", False)
    names = library.names()
    assert "pick" in names and not [n for n in names if not n.isascii()]
    assert library.entry("сл_элемент") is library.entry("pick")
    assert library.names() == names
    assert run_ok("print сл_элемент [x]\nshow без_повторов [a b a]\n").output == "x\n[b a]\n"


@pytest.mark.parametrize("name", ["cascade", "reduce", "pick"])
def test_an_error_in_a_library_procedure_names_its_line(name):
    """Read alone, a procedure keeps its lines' numbers in the file."""
    entry = library.entry(name)
    alone: dict = {}
    library._read_one(name, entry, alone)
    assert alone[name].title.src[1] == entry.line + 1
