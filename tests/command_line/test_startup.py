"""``logo run -e "print 1"`` starts fast (issue 15: within 2.5 times a bare Python start;
``bench/startup.py`` measures it): it imports only what the program uses.  Times are not
tested here (a loaded machine would fail them); what is imported is, and so is what the
worker thread's big stack is for (deep recursion is a Logo error, not a crash)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
before = set(sys.modules)  # (what Python's start brought: site, .pth files)
from logo.command_line.main import main
from logo import messages
status = main(['run', *sys.argv[1:]])
print('STATUS', status)
print('CATALOGUE', messages._table is not None)
print('MODULES', ' '.join(sorted(set(sys.modules) - before)))
"""

# never imported by a program that prints a number
UNUSED = ("lark", "numpy", "pygame", "logging", "inspect", "dataclasses", "queue", "secrets",
          "subprocess", "shutil", "logo.turtle", "logo.ui", "logo.session.streams",
          "logo.session.library", "logo.session.internal_log", "logo.language.reader_grammar",
          "logo.language.error_text", "logo.primitives.graphics", "logo.primitives.files",
          "logo.primitives.microworld", "logo.primitives.management", "logo.primitives.help",
          # the compiler and its forms: code that runs once is interpreted (issue 25)
          "logo.language.compiler", "logo.language.control_forms", "logo.language.leaf_calls",
          "logo.language.input_scope", "logo.language.direct_entry", "logo.language.inline_prims",
          "logo.language.invoke_forms")


def probe(*args: str, cache: Path) -> dict[str, str]:
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    for _ in range(2):  # the first run of a checkout makes the primitives' index
        out = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return dict(line.split(" ", 1) for line in out.stdout.splitlines() if " " in line
                and line.split(" ", 1)[0].isupper())


def imported(modules: str, name: str) -> bool:
    return any(m == name or m.startswith(name + ".") for m in modules.split())


def test_print_1_imports_nothing_it_does_not_use(tmp_path):
    seen = probe("-e", "print 1", cache=tmp_path)
    assert seen["STATUS"] == "0" and seen["CATALOGUE"] == "False"
    loaded = [name for name in UNUSED if imported(seen["MODULES"], name)]
    assert not loaded, loaded


def test_what_a_program_uses_is_still_there(tmp_path):
    seen = probe("-e", "fd 10 print 1 / 0", cache=tmp_path)
    assert seen["STATUS"] == "1" and seen["CATALOGUE"] == "True"
    for name in ("logo.turtle", "logo.primitives.graphics", "logo.language.error_text"):
        assert imported(seen["MODULES"], name), name
    seen = probe("-e", 'repeat 3000 [make "x repcount] print :x', cache=tmp_path)  # (hot)
    assert seen["STATUS"] == "0" and imported(seen["MODULES"], "logo.language.compiler")


DEEP = "to d :n\nif :n = 0 [output 0]\noutput 1 + d :n - 1\nend\nprint d {n}\n"


def test_deep_recursion_runs_and_too_deep_is_a_logo_error(tmp_path):
    for n, status, text in ((5000, 0, "5000"), (100000, 1, "Stack overflow")):
        path = tmp_path / f"deep{n}.lgo"
        path.write_text(DEEP.format(n=n))
        done = subprocess.run([sys.executable, "-m", "logo", "run", str(path)], cwd=ROOT,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == status, (n, done.stderr[-500:])
        assert text in done.stdout + done.stderr


# never imported by ``logo run FILE`` of a program with no page (LOAD's widget handling
# and the lesson's document for a later SAVE are made only when something needs them)
FILE_UNUSED = ("inspect", "dataclasses", "logo.session.widgets", "logo.primitives.microworld",
               "logo.session.lesson_text", "logo.turtle", "logo.primitives.graphics")


def test_a_file_imports_no_widgets_and_no_document(tmp_path):
    path = tmp_path / "square.lgo"
    path.write_text("to sq :n\noutput :n * :n\nend\nprint sq 7\n")
    seen = probe(str(path), cache=tmp_path)
    assert seen["STATUS"] == "0"
    loaded = [name for name in FILE_UNUSED if imported(seen["MODULES"], name)]
    assert not loaded, loaded
    # a later SAVE (an -e line) still writes into the lesson's document
    seen = probe(str(path), "-e", "print 1", cache=tmp_path)
    assert imported(seen["MODULES"], "logo.session.lesson_text")


def test_help_is_as_wide_as_the_terminal():
    """The parsers find the width as shutil does (COLUMNS, else the terminal, else 80)."""
    for columns, widest in (("50", 48), ("70", 68), ("", 78)):
        env = dict(os.environ, COLUMNS=columns)
        out = subprocess.run([sys.executable, "-m", "logo", "run", "--help"], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        usage = out.stdout.split("\n\n", 1)[0].splitlines()  # (wrapped; the epilog is not)
        width = max(map(len, usage))
        assert widest - 12 < width <= widest, (columns, width)
