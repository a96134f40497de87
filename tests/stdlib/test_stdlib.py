"""The library written in Logo (stdlib/*.lgo): how many procedures it holds, that none is
also a primitive, that PO prints its Logo text, and that the procedures pane and the
command center accept or refuse a redefinition alike.  What each procedure does is
checked by the self-checking files of tests/lgo/stdlib/."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

from logo.language.error_text import message
from logo.language.errors import LogoError
from logo.session import library
from logo.session.interpreter import Interpreter
from logo.session.workspace import LIBRARY_PROCEDURES
from tests.support import ROOT, new_interpreter, run_ok

STDLIB = ROOT / "stdlib"


def test_stdlib_holds_at_least_30_procedures_none_a_primitive():
    names = [m.group(1).lower() for path in STDLIB.glob("*.lgo")
             for m in re.finditer(r"^to\s+(\S+)", path.read_text(), re.M)]
    assert len(names) >= 30 and len(set(names)) == len(names)
    assert set(names) == set(library.names())
    registry = Interpreter().registry.by_name
    assert not [n for n in names if n in registry or n in LIBRARY_PROCEDURES]


def test_the_package_finds_the_library_where_a_wheel_puts_it():
    assert library.folder().resolve() == STDLIB.resolve()
    assert (Path(library.__file__).resolve().parents[1] / "stdlib" / "control.lgo").is_file()


def test_po_prints_a_library_procedure_in_logo_and_help_tells_what_it_does():
    out = run_ok('po "cascade\nhelp "cascade\n').output
    assert out.startswith("to cascade :cascade.test [:cascade.inputs] 3\n")
    assert "\nend\n" in out and "output cascade.loop" in out
    assert "CASCADE endtest template startvalue" in out


def test_a_library_procedure_is_loaded_once_buried_and_runs_compiled():
    I = new_interpreter()
    assert "cascade" not in I.procedures
    I.load_source("print cascade 3 [? * 2] 1\nprint cascade 4 [? * 2] 1\n")
    assert I.host.output == "8\n16\n"
    proc = I.procedures["cascade"]
    assert proc.buried and "cascade" in I.workspace.buried and proc.code is not None


def _pane_error(text: str, redefp: bool = False) -> str | None:
    """What the procedures pane says when ``text`` is defined there (None: defined)."""
    from logo.ui.i18n import Words
    from logo.ui.session import Session

    session = Session(Words("en"))
    try:
        if redefp:
            session.interp.vars["redefp"] = "true"
        answer: list[str | None] = []
        done = threading.Event()

        def finished(error: str | None, *where: object) -> None:  # (line, workspace)
            answer.append(error)
            done.set()

        session.define_procedures(text, [], finished)
        assert done.wait(10)
        return answer[0]
    finally:
        session.close()


def _command_center_error(text: str, redefp: bool = False) -> str | None:
    I = new_interpreter()
    if redefp:
        I.vars["redefp"] = "true"
    try:
        I.load_source(text)
    except LogoError as err:
        return message(err)
    return None


@pytest.mark.parametrize("text, redefp, accepted", [
    ("to map :a :b\noutput :a\nend", False, True),       # UCBLogo's library: fine
    ("to cascade :a\noutput :a\nend", False, True),      # ours, in stdlib/: fine
    ("to fd :n\nprint :n\nend", False, False),           # a primitive: an error
    ("to fd :n\nprint :n\nend", True, True),             # ... unless REDEFP is true
])
def test_the_pane_and_the_command_center_agree_on_redefining(text, redefp, accepted):
    pane, center = _pane_error(text, redefp), _command_center_error(text, redefp)
    assert (pane is None) == (center is None) == accepted
    if not accepted:
        assert "fd is a primitive" in (pane or "") and "fd is a primitive" in (center or "")


def test_docs_stdlib_md_names_every_library_procedure():
    doc = (STDLIB.parent / "docs" / "stdlib.md").read_text(encoding="utf-8")
    assert not [n for n in library.names() if f"`{n}`" not in doc]


def test_each_interpreter_reads_its_own_library_text():
    """The lists of a body cache the code compiled for them by one interpreter."""
    first, second = new_interpreter(), new_interpreter()
    for I in (first, second):
        I.load_source("print cascade 2 [? + 1] 0\n")
    assert first.procedures["cascade"].lines[0] is not second.procedures["cascade"].lines[0]


def test_a_russian_name_calls_the_library_procedure_of_its_english_name():
    assert run_ok("show без_повторов [a b a]\nprint сл_элемент [x]\n").output == "[b a]\nx\n"
