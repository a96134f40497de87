"""A program on standard input, as the README says: `logo run /dev/stdin < prog.lgo`
runs a redirected file (a regular file through the link, looked at first), a pipe to
`logo run /dev/stdin` is a FIFO and refused (exit 1), `logo run` with neither a file nor
-e is a usage error (2), and `logo repl` runs piped lines as typed."""

from __future__ import annotations

import subprocess
import sys

from tests.support import CHILD_ENV, ROOT

PROGRAM = 'to twice :x\noutput 2 * :x\nend\nprint twice 21\n'


def _logo(*args: str, stdin) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "logo", *args], cwd=ROOT, env=CHILD_ENV,
                          stdin=stdin, capture_output=True, text=True, timeout=60)


def test_a_redirected_file_runs_through_dev_stdin(tmp_path):
    prog = tmp_path / "prog.lgo"
    prog.write_text(PROGRAM, encoding="utf-8")
    with open(prog, "rb") as fh:
        done = _logo("run", "/dev/stdin", stdin=fh)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "42\n"


def test_a_pipe_to_dev_stdin_is_refused_in_one_line():
    done = subprocess.run(
        f"printf '%s' {PROGRAM!r} | {sys.executable} -m logo run /dev/stdin",
        shell=True, cwd=ROOT, env=CHILD_ENV, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "not a regular file" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_run_without_a_program_is_a_usage_error_even_with_input(tmp_path):
    prog = tmp_path / "prog.lgo"
    prog.write_text(PROGRAM, encoding="utf-8")
    with open(prog, "rb") as fh:
        done = _logo("run", stdin=fh)
    assert done.returncode == 2 and "needs a file to run" in done.stderr
    assert done.stdout == ""


def test_the_repl_runs_piped_lines_as_typed():
    done = subprocess.run([sys.executable, "-m", "logo", "repl"], cwd=ROOT, env=CHILD_ENV,
                          input=PROGRAM, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "42" in done.stdout
