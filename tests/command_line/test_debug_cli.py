"""PAUSE and STEP from the command line: ``logo run FILE`` and the REPL read the nested
level's lines (and STEP's Enter) from standard input, as UCBLogo does."""

from __future__ import annotations

import os
import select
import sys
import time

import pytest

from tests.support import CHILD_ENV, ROOT, run_cli

PAUSING = "to f :x\npause\nprint :x\nprint :x + 1\nend\nf 5\nprint \"after\n"


def test_run_pause_reads_standard_input_sees_and_changes_inputs(tmp_path):
    prog = tmp_path / "pausing.lgo"
    prog.write_text(PAUSING, encoding="utf-8")
    r = run_cli("run", str(prog), stdin='print :x\nmake "x 7\ncontinue\n')
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout == "Pausing...\nf? 5\nf? f? 7\n8\nafter\n"


def test_run_step_prints_each_line_and_waits_for_a_line(tmp_path):
    prog = tmp_path / "stepping.lgo"
    prog.write_text("to f :x\nprint :x\noutput :x * 2\nend\nstep \"f\nprint f 4\n",
                    encoding="utf-8")
    r = run_cli("run", str(prog), stdin="\n\n")
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout == "[print :x] >>> 4\n[output :x * 2] >>> 8\n"


def test_run_step_with_no_input_left_runs_on(tmp_path):
    prog = tmp_path / "stepping.lgo"
    prog.write_text("to f\nprint 1\nprint 2\nend\nstep \"f\nf\n", encoding="utf-8")
    r = run_cli("run", str(prog), stdin="")
    assert r.returncode == 0 and r.stdout.endswith("2\n")


def test_run_erract_pause_shows_the_error_then_the_procedures_prompt(tmp_path):
    prog = tmp_path / "erract.lgo"
    prog.write_text('to g :n\nprint 10 / :n\nend\nmake "erract [pause]\ng 0\n',
                    encoding="utf-8")
    r = run_cli("run", str(prog), stdin="print :n\nmake \"n 2\ncontinue\n")
    assert r.returncode == 1
    assert r.stderr == "/ doesn't like 0 as input\n  in g (line 2)\n  [print 10 / :n]\n"
    assert r.stdout == "Pausing...\ng? 0\ng? g? "


def test_repl_pause_and_continue():
    script = PAUSING + 'make "x 9\nco\nprint "back\nbye\n'
    r = run_cli("repl", stdin=script)
    assert (r.returncode, r.stderr) == (0, "")
    assert "? Pausing...\nf? after\nf? f? 9\n10\n? back\n? " in r.stdout


def _read_until(fd: int, text: str, seconds: float = 30) -> str:
    """What the terminal shows until ``text`` appears in it (or ``seconds`` pass: a loaded
    machine may take a while, but never a fixed time it must fit in)."""
    out, end = b"", time.monotonic() + seconds
    while text.encode() not in out and time.monotonic() < end:
        if select.select([fd], [], [], 0.05)[0]:
            try:
                out += os.read(fd, 4096)
            except OSError:
                break
    return out.decode(errors="replace")


def _pause_when_running(fd: int) -> str:
    """Ctrl-\\ once the program runs; again if it came before the program began."""
    seen = ""
    for _ in range(10):
        os.write(fd, b"\x1c")  # Ctrl-\
        seen += _read_until(fd, "Pausing...", 3)
        if "Pausing..." in seen:  # its prompt may have come in the same read
            after = seen[seen.index("Pausing..."):]
            return seen if "spin? " in after else seen + _read_until(fd, "spin? ", 10)
    return seen


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a pseudo-terminal")
def test_repl_ctrl_backslash_pauses_a_running_program_and_ctrl_c_stops_it():
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: the REPL on a terminal
        os.chdir(ROOT)
        os.execve(sys.executable, [sys.executable, "-m", "logo", "repl"], CHILD_ENV)
    try:
        _read_until(fd, "? ")
        os.write(fd, b'to spin :n forever [make "n :n + 1] end\r')
        _read_until(fd, "\n? ")
        os.write(fd, b"spin 0\r")
        _read_until(fd, "spin 0")
        time.sleep(0.3)
        assert "Pausing...\r\nspin? " in _pause_when_running(fd)
        os.write(fd, b"print :n > 10\r")
        assert "true" in _read_until(fd, "true")
        os.write(fd, b"co\r")
        _read_until(fd, "co\r\n")
        time.sleep(0.3)
        os.write(fd, b"\x03")  # Ctrl-C
        assert "Stopped!" in _read_until(fd, "Stopped!")
        os.write(fd, b"bye\r")
        _read_until(fd, "bye", 5)
    finally:
        os.close(fd)
        os.waitpid(pid, 0)


def test_run_continue_with_a_value_after_an_erract_pause_replaces_the_bad_input(tmp_path):
    prog = tmp_path / "recover.lgo"
    prog.write_text('to h\nprint sum 1 "x\nprint "after\nend\nmake "erract [pause]\nh\n'
                    'print "done\n', encoding="utf-8")
    r = run_cli("run", str(prog), stdin="continue 5\n")
    assert r.returncode == 0 and r.stdout == "Pausing...\nh? 6\nafter\ndone\n"
    assert r.stderr.startswith("sum doesn't like x as input")
