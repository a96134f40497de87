"""One long primitive can be stopped (Stop, Ctrl-C, the time limit: Interpreter.check_stop
between chunks, primitives/chunks.py), its error names it, and a stop that comes too late
for a command never stops the next one; a lesson's STARTUP errors are Logo errors."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from logo.language.values import LogoArray, LogoList, print_form
from logo.primitives.chunks import CHUNK, printed
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.support import CHILD_ENV, ROOT, run_logo

# each runs for many seconds unless it is stopped on the way (a stop is asked 0.2 s in);
# :words is ten million two-letter words; what comes before a | is run first, unstopped
# (so that a loaded machine's slow setup never takes the stop meant for the primitive)
LONG = [
    ("iseq", 'make "b iseq 1.5 3e7'),
    ("rseq", 'make "b rseq 0 1 1e7'),
    ("show", 'make "a array 1e7|show :a'),
    ("memberp", 'print memberp "x :words'),
    ("firsts", 'make "b firsts :words'),
    ("equalp", 'make "c bf :words make "d butlast :words|print equalp :c :d'),
    ("cat.walk", "cat.new|cat.walk 1e9"),
    ("cat.printfilm", "cat.new|cat.printfilm 1e9"),
    ("lsystem.animate", '(lsystem.animate "FFFFFFFF 60 1 1e6)'),
    ("arc", "arc 30 1e7"),
]


@pytest.mark.parametrize("name,text", LONG, ids=[n for n, _ in LONG])
def test_a_long_primitive_stops_when_asked_and_its_error_names_it(name, text):
    host = BufferHost()
    interp = Interpreter(host=host)
    if ":words" in text:
        interp.vars["words"] = LogoList(["ab"] * 10_000_000)
    setup, _, text = text.rpartition("|")
    assert not setup or interp.run_source(setup)
    gc.collect()  # (the last test's ten million words: not freed while this one runs)
    timer = threading.Timer(0.2, interp.request_stop)
    timer.start()
    try:
        assert not interp.run_source(text)
    finally:
        timer.cancel()
        interp.vars.clear()
    assert interp.last_error is not None and interp.last_error.kind == "stopped"
    assert f"(stopped inside {name})" in host.output
    assert interp.run_source("print 6*7") and host.output.endswith("42\n")


class LateStop(BufferHost):
    """Ctrl-C pressed just as a command ends (while it prints its last line)."""

    def __init__(self) -> None:
        super().__init__()
        self.interp: Interpreter | None = None

    def write(self, text: str) -> None:
        super().write(text)
        if text == "late\n" and self.interp is not None:
            self.interp.request_stop()


def test_a_stop_that_comes_too_late_for_a_command_never_stops_the_next():
    host = LateStop()
    interp = host.interp = Interpreter(host=host)
    assert interp.run_source('print "late')
    assert interp.run_source('repeat 3 [print repcount]'), host.output
    assert host.output.endswith("1\n2\n3\n")


def test_sigint_ends_logo_run_inside_one_long_primitive_with_exit_130():
    child = subprocess.Popen([sys.executable, "-m", "logo", "run", "-e",
                              'print "go make "b iseq 1 3e7 make "c iseq 1.5 3e7'],
                             cwd=ROOT, env=CHILD_ENV, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline() == "go\n"
        time.sleep(0.3)
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        rc = child.wait(timeout=60)
        took = time.monotonic() - sent
    finally:
        child.kill()
        child.wait()
    assert rc == 130
    assert took < 30  # (unstopped it runs for tens of seconds; measured: well under 2 s)


# --- the microworlds' inputs -----------------------------------------------------------
@pytest.mark.parametrize("text", [
    "cat.new cat.walk 1e308", "cat.new cat.animate 1e308", "cat.new cat.printfilm 1e308",
    'cat.new (cat.film 1 "f.gif 1e-9)', 'muscle.setcell "x [1e20 0 0] 1',
    'muscle.box "x [0 0 0] [2 2 2] muscle.add "x "m [0 1 1] [2 1 1] '
    'muscle.contract "x "m 1e308',
    '(muscle.box "x [-9000 -9000 -9000] [9000 9000 9000] 25 "solid)',
    'muscle.sphere "x [0 0 0] 1e300', "show muscle.tooctal [1e20 0 0]",
    'show muscle.fromoctal [777777777777777777777 0 0]',
])
def test_extreme_microworld_inputs_are_logo_errors_that_catch_catches(text, tmp_path):
    os.chdir(tmp_path)
    ran = run_logo(f'catch "error [{text}] show first error')
    assert ran.ok, ran.output
    assert ran.printed in ("7\n", "35\n"), ran.output  # doesn't like (or a microworld's)


def test_a_range_error_says_the_range():
    ran = run_logo("cat.new cat.walk 1e308")
    assert "cat.walk doesn't like 1e+308 as input" in ran.output
    assert "from 0 to 1000000000" in ran.output


# --- STARTUP ---------------------------------------------------------------------------
def test_a_throw_from_startup_is_a_logo_error_naming_startup(tmp_path):
    lesson = tmp_path / "lesson.lgo"
    lesson.write_text('to startup\n(throw "error [bad start])\nend\n', encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "logo", "run", str(lesson)], cwd=ROOT,
                         env=CHILD_ENV, capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert out.stderr.splitlines()[:2] == ["bad start", "  in startup"]
    ran = run_logo(f'catch "error [load "{lesson}] show item 2 error')
    assert ran.ok and ran.printed == "bad start\n"


def test_a_throw_to_a_tag_from_startup_reaches_the_catch_around_load(tmp_path):
    lesson = tmp_path / "tagged.lgo"
    lesson.write_text('to startup\nthrow "done\nend\n', encoding="utf-8")
    ran = run_logo(f'catch "done [load "{lesson}] print "caught')
    assert ran.ok and ran.printed == "caught\n"


# --- what the chunked primitives give is what they gave ----------------------------------
def test_chunked_printing_is_print_form():
    interp = Interpreter()
    long = LogoList([*range(CHUNK + 5), LogoList(["a", LogoList([])]), "w"])
    arr = LogoArray(long.items(), 0)
    for x in (long, arr, LogoList(range(3))):
        assert printed(interp, x) == print_form(x)
        assert printed(interp, x, False) == print_form(x, False)


def test_sentence_and_reverse_share_their_last_list_as_fput_does():
    ran = run_logo('make "t bf [o p q] make "s (se [a] [b c] :t) make "r (reverse [x y] :t) '
                   '.setfirst :t "z show :s show :r show :t')
    assert ran.printed == "[a b c z q]\n[y x z q]\n[z q]\n"


def test_an_error_about_a_huge_datum_shows_its_start():
    ran = run_logo("array 200000")
    assert ran.output.startswith("You don't say what to do with {[] []")
    assert ran.output.rstrip().endswith("[] ...}") and len(ran.output) < 400_000


def test_a_long_text_of_quick_lines_stops_between_its_lines():
    """Stop reaches a file of many top-level lines, none of which loops or waits."""
    host = BufferHost()
    interp = Interpreter(host=host)
    text = 'make "x 0\n' + 'make "x :x + 1\n' * 300_000 + "print :x\n"
    timer = threading.Timer(0.2, interp.request_stop)
    timer.start()
    try:
        assert not interp.run_source(text)
    finally:
        timer.cancel()
    assert interp.last_error is not None and interp.last_error.kind == "stopped"
    assert "300000" not in host.output
    assert interp.run_source("print 6*7") and host.output.endswith("42\n")
