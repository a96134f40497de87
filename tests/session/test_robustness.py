"""What a classroom throws at Logo: runaway programs, bad lesson files, crashes while
saving, lessons that try to leave their folder, and a teacher's batch of files."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from tests.support import CHILD_ENV, run_cli, run_logo, run_python


# --- runaway programs ---------------------------------------------------------------
@pytest.mark.parametrize("program", ["forever [make \"x 1]", "repeat 1e9 [make \"x 1]",
                                     "to f\nf\nend\nf"])
def test_runaway_programs_stop_at_the_time_limit(program, tmp_path):
    f = tmp_path / "runaway.lgo"
    f.write_text(program + "\n", encoding="utf-8")
    r = run_cli("run", "--timeout", "1", str(f))
    assert r.returncode == 124
    assert "time limit" in r.stderr and "Traceback" not in r.stderr


def test_unbounded_recursion_is_a_logo_error_and_the_workspace_survives():
    ran = run_logo("make \"kept 42\nto down :n\noutput 1 + down :n + 1\nend\n"
                   "print down 0\n")
    interp = ran.interp
    assert not ran.ok
    assert "Stack overflow" in ran.errors
    assert interp.vars["kept"] == 42 and "down" in interp.procedures
    assert interp.frames == []
    assert interp.run_source("print :kept")  # the interpreter goes on


def test_a_list_that_grows_without_end_is_out_of_space(tmp_path):
    f = tmp_path / "grow.lgo"
    f.write_text('make "w "ab\nforever [make "w word :w :w]\n', encoding="utf-8")
    r = run_cli("run", "--max-memory", "200", str(f))
    assert r.returncode == 1
    assert "Out of space" in r.stderr and "Traceback" not in r.stderr


# A child that runs Logo in process under an address-space limit alone (no memory watch,
# whose stop would race the MemoryError): a word doubled until it is out of space.
_OUT_OF_SPACE = """
import resource, sys
from logo.language import word_appends
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
if sys.argv[1] == "in-place":
    word_appends.IN_PLACE = 1 << 40  # (every join in place: the last one fails there)
host = BufferHost()
interp = Interpreter(host=host)
with open("/proc/self/statm") as fh:
    virtual = int(fh.read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (virtual + (300 << 20), resource.RLIM_INFINITY))
interp.run_source('make "w "ab\\ncatch "error [forever [make "w word :w :w]]\\n'
                  'print count :w\\nprint first error\\n')
print(host.output, end="")
"""


@pytest.mark.parametrize("joins, kept", [("copied", "big"), ("in-place", "before")])
def test_a_word_that_runs_out_of_space_keeps_a_value(joins, kept):
    # (the in-place join of a fast loop once left its variable with no value at all:
    # CPython frees the word when growing it fails; the variable then keeps the word it
    # held before the loop, and a longer word is copied, so it keeps the last one)
    r = run_python("-c", _OUT_OF_SPACE, joins)
    assert r.returncode == 0, r.stderr
    count, code = (int(n) for n in r.stdout.split())
    assert code == 1  # Out of space
    assert count == 2 if kept == "before" else (count >= 2 ** 20 and count & (count - 1) == 0)


def test_sigint_stops_logo_run_cleanly(tmp_path):
    f = tmp_path / "loop.lgo"
    f.write_text('print "started\nforever [make "x 1]\n', encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "logo", "run", str(f)], env=CHILD_ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline() == "started\n"
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=20)
    assert proc.returncode == 130  # interrupted (124 is the time limit's)
    assert "Stopped!" in err and "Traceback" not in err


# --- loading ------------------------------------------------------------------------
@pytest.mark.parametrize("bad, line", [
    ("print \"ran\nto half\nprint [a [b\nend\n", 3),
    ("print \"ran\nprint (sum 1 2\n", 2),
    ("print \"ran\nto nothing.after :x\nprint :x\n", 2),
    ("print \"ran\nnewslider \"s [a b] 0 10 5\n", 2),
])
def test_a_bad_lesson_is_reported_with_its_line_before_anything_runs(bad, line, tmp_path):
    f = tmp_path / "lesson.lgo"
    f.write_text(bad, encoding="utf-8")
    interp = run_logo("to mine\nend\nmake \"v 1").interp
    before = (dict(interp.procedures), dict(interp.vars))
    ran = run_logo(f'load "{f}', interp=interp)
    assert not ran.ok
    assert "ran" not in ran.output  # nothing in it ran
    assert (dict(interp.procedures), dict(interp.vars)) == before
    r = run_cli("run", str(f))
    assert r.returncode == 1 and r.stdout == ""
    assert f"lesson.lgo:{line}" in r.stderr, r.stderr


def test_cp1251_lessons_are_read_and_garbage_is_refused_clearly(tmp_path):
    ru = tmp_path / "ru.lgo"
    ru.write_bytes("это привет\nпиши \"здравствуй\nконец\nпривет\n".encode("cp1251"))
    r = run_cli("run", str(ru))
    assert r.stdout == "здравствуй\n"
    junk = tmp_path / "junk.lgo"
    junk.write_bytes(bytes(range(256)) * 4)
    r = run_cli("run", str(junk))
    assert "Traceback" not in r.stderr


# --- saving ---------------------------------------------------------------------------
# A save is killed at each point of its work (logo/session/safefile.py's LOGO_SAVE_FAULT hook, not
# timing luck): the old file stays whole, and the killed save's temporary file is gone
# after the next save, or the next start of Logo, in that folder.
SAVER = r"""
import sys
from logo.session.interpreter import Interpreter
from logo.session.host import BufferHost
i = Interpreter(host=BufferHost())
i.run_source('repeat 3000 [make word "v repcount (list repcount "abcdefghij)]')
i.run_source('make "generation ' + sys.argv[2] + ' save "' + sys.argv[1])
"""


def _save(target, generation: int, fault: str | None = None) -> int:
    env = dict(CHILD_ENV, LOGO_SAVE_FAULT=fault or "")
    return run_python("-c", SAVER, str(target), str(generation), env=env).returncode


def _generation(target) -> int:
    interp = run_logo(target.read_text(encoding="utf-8"), check=True).interp
    assert interp.vars["v3000"].items() in (["3000", "abcdefghij"], [3000, "abcdefghij"])
    return int(interp.vars["generation"])


@pytest.mark.parametrize("point", ["created", "half-written", "written", "synced",
                                   "replaced"])
def test_a_save_killed_at_any_point_loses_nothing_and_leaves_nothing(point, tmp_path):
    target = tmp_path / "work.lgo"
    assert _save(target, 1) == 0
    assert _save(target, 2, fault=point) == -signal.SIGKILL
    # the old file whole (or, killed after the rename, the new one whole)
    assert _generation(target) == (2 if point == "replaced" else 1)
    left = [p.name for p in tmp_path.iterdir() if p.name != "work.lgo"]
    assert len(left) == (0 if point == "replaced" else 1)
    assert all(name.startswith(".work.lgo.") and name.endswith(".logo-tmp") for name in left)
    assert _save(target, 3) == 0  # the next save cleans up after the dead one
    assert _generation(target) == 3
    assert [p.name for p in tmp_path.iterdir()] == ["work.lgo"]


def test_the_next_start_in_the_folder_cleans_a_killed_save(tmp_path):
    target = tmp_path / "work.lgo"
    assert _save(target, 1) == 0
    assert _save(target, 2, fault="half-written") == -signal.SIGKILL
    assert len(list(tmp_path.iterdir())) == 2
    r = run_cli("run", "-e", "print 1", cwd=str(tmp_path))
    assert r.returncode == 0
    assert [p.name for p in tmp_path.iterdir()] == ["work.lgo"]


def test_a_save_in_progress_is_not_cleaned_away(tmp_path):
    from logo.session.safefile import clean_stale, temp_name

    mine = temp_name(str(tmp_path / "work.lgo"))  # this (living) process's save
    open(mine, "w").close()
    assert clean_stale(str(tmp_path)) == []
    assert os.path.exists(mine)


# --- the sandbox ----------------------------------------------------------------------
@pytest.mark.parametrize("escape", [
    'openwrite "../outside.txt',
    'openwrite "{outside}',
    'save "link/outside.txt',
    'load "../secret.lgo',
    'openread "/etc/passwd',
    'savepict "../outside.png',
])
def test_the_sandbox_cannot_be_escaped(escape, tmp_path):
    box = tmp_path / "box"
    box.mkdir()
    (tmp_path / "secret.lgo").write_text('print "secret\n', encoding="utf-8")
    (box / "link").symlink_to(tmp_path, target_is_directory=True)
    program = escape.format(outside=tmp_path / "outside.txt")
    r = run_cli("run", "--sandbox", str(box), "-e", program, cwd=str(box))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "outside the sandbox" in r.stderr
    assert not (tmp_path / "outside.txt").exists()
    assert not (tmp_path / "outside.png").exists()
    assert "secret" not in r.stdout


def test_files_inside_the_sandbox_work(tmp_path):
    r = run_cli("run", "--sandbox", str(tmp_path), "-e",
             'openwrite "notes.txt setwrite "notes.txt print "hi close "notes.txt '
             'openread "notes.txt setread "notes.txt print readword close "notes.txt',
             cwd=str(tmp_path))
    assert (r.returncode, r.stdout) == (0, "hi\n"), r.stderr


# --- a teacher's batch --------------------------------------------------------------
def test_logo_check_reports_each_file_and_goes_on(tmp_path):
    files = {
        "ok.lgo": "print 1+1\n; expect: 2\n",
        "wrong.lgo": "print 3\n; expect: 2\n",
        "loop.lgo": "forever [make \"x 1]\n",
        "error.lgo": "foo\n",
        "assert.lgo": "(assert 1 = 2 [one is two])\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    r = run_cli("check", "--timeout", "2", *sorted(files), cwd=str(tmp_path), timeout=120)
    lines = r.stdout.splitlines()
    assert r.returncode == 1
    assert "PASSED    ok.lgo" in lines
    assert any(ln.startswith("FAILED    wrong.lgo") for ln in lines)
    assert any(ln.startswith("TIMED OUT loop.lgo") for ln in lines)
    assert "ERROR     error.lgo: I don't know how  to foo" in lines
    assert "FAILED    assert.lgo: Assertion failed: one is two" in lines  # a self-check
    assert lines[-1].startswith("5 files: 1 passed")
