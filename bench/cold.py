"""The cold-code benchmarks: programs most of whose code runs once, made at run time.

What a learner types and what a lesson file holds mostly runs once, so the first run's
cost (reading, parsing, the first tier) is what counts there.  ``bench/run.py`` writes
these programs into a temporary folder and times them beside the hot ones, with plain
Python versions of the same work (also made here), under the heading "cold code".

- ``cold_lines``: a file of 100,000 top-level lines (``make "x :x + 3``,
  ``if :x > 7 [make "y :x]``, alternately);
- ``cold_procs``: 3,000 procedures defined, each called once;
- ``cold_line``: one line of 100,000 ``fd 1`` (the turtle's walk; a checksum of where it
  ends).
"""

from __future__ import annotations

from pathlib import Path

LINES = 100_000
PROCS = 3_000
STEPS = 100_000


def cold_lines() -> tuple[str, str]:
    """The Logo text and the plain Python text of ``cold_lines``."""
    logo = ["make \"x 0", "make \"y 0"]
    python = ["x = 0", "y = 0"]
    for _ in range(LINES // 2):
        logo += ["make \"x :x + 3", "if :x > 7 [make \"y :x]"]
        python += ["x = x + 3", "if x > 7: y = x"]
    logo.append("print :x + :y")
    python.append("print(x + y)")
    return "\n".join(logo) + "\n", "\n".join(python) + "\n"


def cold_procs() -> tuple[str, str]:
    """``cold_procs``: each procedure adds to a sum and tests it, called once."""
    logo, python = ["make \"s 0"], ["s = 0"]
    for i in range(PROCS):
        logo += [f"to p{i} :a", "make \"s :s + :a * 2", "if :s > 100 [make \"s :s - 1]",
                 "end"]
        python += [f"def p{i}(a):", "    global s", "    s = s + a * 2",
                   "    if s > 100: s = s - 1"]
    for i in range(PROCS):
        logo.append(f"p{i} {i}")
        python.append(f"p{i}({i})")
    logo.append("print :s")
    python.append("print(s)")
    return "\n".join(logo) + "\n", "\n".join(python) + "\n"


def cold_line() -> tuple[str, str]:
    """``cold_line``: one instruction line of 100,000 ``fd 1`` (in WINDOW mode: the walk
    leaves the screen without wrapping, the same in every Logo)."""
    logo = "window rt 30 " + " ".join(["fd 1"] * STEPS) + "\nprint round ycor\n"
    python = ("import math\nx = y = 0.0\nh = math.radians(60)\n"
              "def fd(n):\n    global x, y\n    x += n * math.cos(h)\n    y += n * math.sin(h)\n"
              + "; ".join(["fd(1)"] * STEPS) + "\nprint(round(y))\n")
    return logo, python


PROGRAMS = {"cold_lines": cold_lines, "cold_procs": cold_procs, "cold_line": cold_line}


def write(folder: Path) -> list[Path]:
    """Write every cold program (``NAME.lgo`` and ``NAME.py``) into ``folder``; the Logo
    files."""
    paths = []
    for name, make in PROGRAMS.items():
        logo, python = make()
        (folder / f"{name}.lgo").write_text(logo, "utf-8")
        (folder / f"{name}.py").write_text(python, "utf-8")
        paths.append(folder / f"{name}.lgo")
    return paths
