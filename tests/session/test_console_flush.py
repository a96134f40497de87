"""Console output to a pipe is flushed in batches (session/host.py, Host.write), yet
nothing is lost or reordered: an error written to the same pipe comes after the lines
printed before it, and a line READLIST reads comes after what was typed before it."""

from __future__ import annotations

import subprocess
import sys

from tests.support import CHILD_ENV, ROOT


def test_an_error_comes_after_the_lines_printed_before_it(tmp_path) -> None:
    path = tmp_path / "p.lgo"
    path.write_text("repeat 3000 [print repcount]\ntype \"half\nprint first []\n")
    ran = subprocess.run([sys.executable, "-m", "logo", "run", str(path)], cwd=ROOT,
                         env=CHILD_ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         stdin=subprocess.DEVNULL, text=True, timeout=60)
    lines = ran.stdout.split("\n")
    assert lines[:3000] == [str(i) for i in range(1, 3001)]
    assert lines[3000].startswith("halffirst doesn't like [] as input"), ran.stdout[-200:]


def test_typed_output_then_a_read_then_more(tmp_path) -> None:
    path = tmp_path / "q.lgo"
    path.write_text("repeat 500 [type \"x]\nprint \"|?|\nmake \"l readlist\n"
                    "repeat 500 [type \"y]\nprint :l\n")
    ran = subprocess.run([sys.executable, "-m", "logo", "run", str(path)], cwd=ROOT,
                         env=CHILD_ENV, input="a b\n", capture_output=True, text=True,
                         timeout=60)
    assert ran.stdout == "x" * 500 + "?\n" + "y" * 500 + "a b\n"
