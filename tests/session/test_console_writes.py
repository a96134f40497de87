"""Console writes' quick way (session/quick_text.py): while a cell is armed PRINT, TYPE
and SHOW go straight to the host's held text, and nothing a program shows changes: the
order of standard output and standard error, a SETWRITE file or a DRIBBLE opened and
closed in the middle of a loop, a text box selected in the middle, the flush at most
every FLUSH_EVERY seconds and at an error, a read and the end."""

from __future__ import annotations

import io
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.support import CHILD_ENV, ROOT, TIERS, run_logo

LOOP_FILES = """\
openwrite "inside.txt
repeat 9 [type repcount if repcount = 3 [setwrite "inside.txt] ~
  if repcount = 6 [setwrite []] (print "= repcount * 2)]
close "inside.txt
repeat 4 [if repcount = 2 [dribble "copy.txt] show repcount if repcount = 3 [nodribble]]
"""


def _logo_run(tmp_path: Path, text: str, tiers: str = "auto") -> str:
    """``logo run`` of ``text`` to a pipe, standard error into the same pipe."""
    program = tmp_path / "program.lgo"
    program.write_text(text)
    done = subprocess.run([sys.executable, "-m", "logo", "run", str(program)], cwd=tmp_path,
                          env=dict(CHILD_ENV, LOGO_TIERS=tiers, PYTHONPATH=str(ROOT)),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          stdin=subprocess.DEVNULL, text=True, timeout=120)
    return done.stdout


@pytest.mark.parametrize("tiers", ["compile", "interpret"])
def test_standard_error_comes_after_the_text_printed_before_it(tmp_path: Path,
                                                               tiers: str) -> None:
    text = ('repeat 3000 [type repcount if 0 = remainder repcount 10 [print "]]\n'
            'type "a type "b\n(print "c first [])\n')
    out = _logo_run(tmp_path, text, tiers)
    expected = "".join(f"{k}" + ("\n" if k % 10 == 0 else "") for k in range(1, 3001))
    assert out.startswith(expected + "ab"), out[-200:]
    assert "first doesn't like [] as input" in out[len(expected):], out[-200:]


@pytest.mark.parametrize("tiers", ["compile", "interpret"])
def test_a_file_and_a_dribble_opened_in_the_middle_of_a_loop(tmp_path: Path,
                                                             tiers: str) -> None:
    out = _logo_run(tmp_path, LOOP_FILES, tiers)
    assert out == "1= 2\n2= 4\n3= 12\n7= 14\n8= 16\n9= 18\n1\n2\n3\n4\n", out
    assert (tmp_path / "inside.txt").read_text() == "= 6\n4= 8\n5= 10\n6"
    assert (tmp_path / "copy.txt").read_text() == "2\n3\n"


@pytest.mark.parametrize("tiers", TIERS)
def test_a_text_box_selected_in_the_middle_of_a_loop(tiers: str) -> None:
    ran = run_logo('repeat 6 [print repcount if repcount = 3 [newtext "log [0 0] [100 100] '
                   'talkto "log]]\n', tiers=tiers)
    assert ran.ok, ran.errors
    assert ran.printed == "1\n2\n3\n"
    assert ran.interp.page_widgets.get("log").text == "4\n5\n6\n"


def _held_host(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, io.StringIO]:
    from logo.session.host import ConsoleHost

    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    host = ConsoleHost()
    host.holds_text = True
    host._terminal = False  # (a pipe)
    return host, out


def test_the_quick_way_ends_at_the_flush_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not armed by a write that flushed (one seldom written), armed by one held, the
    cell is emptied when the next flush is due; the next write then flushes all the
    text held, in order."""
    from logo.session.interpreter import Interpreter
    from logo.session.quick_text import quick_cell

    host, out = _held_host(monkeypatch)
    I = Interpreter(host)
    I.write("a")  # (the first write flushes: its flush time was long past)
    assert out.getvalue() == "a"
    cell = quick_cell(I)
    assert cell[0] is None
    I.write("b")
    assert cell[0] is not None
    cell[0]("c")
    assert out.getvalue() == "a"  # (held: no flush is due yet)
    deadline = time.monotonic() + 10
    while cell[0] is not None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert cell[0] is None
    I.write("d")
    assert out.getvalue() == "abcd"


def test_an_error_a_read_and_the_end_flush_what_the_quick_way_held(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from logo.session.interpreter import Interpreter
    from logo.session.quick_text import quick_cell

    host, out = _held_host(monkeypatch)
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdin", io.StringIO("typed\n"))
    I = Interpreter(host)
    I.write("1\n")
    I.write("2\n")
    quick_cell(I)[0]("3\n")
    host.error("oops")
    assert out.getvalue() == "1\n2\n3\n" and err.getvalue() == "oops\n"
    I.write("4\n")
    assert I.read_line() == "typed" and out.getvalue() == "1\n2\n3\n4\n"
    I.write("5\n")
    host.flush()
    assert out.getvalue() == "1\n2\n3\n4\n5\n"


def test_setwrite_dribble_and_widgets_take_the_quick_way_away(tmp_path: Path) -> None:
    from logo.session.quick_text import quick_cell

    for line in (f'openwrite "{tmp_path}/f.txt setwrite "{tmp_path}/f.txt',
                 f'dribble "{tmp_path}/d.txt', 'newslider "s [0 0] 0 10 5'):
        ran = run_logo('print 1\n')
        cell = quick_cell(ran.interp)
        assert cell[0] is not None, line
        run_logo(line + "\n", interp=ran.interp)
        assert cell[0] is None, line
        run_logo("print 2\n", interp=ran.interp)
        assert cell[0] is None, line
