"""Guards: the core never opens a window, and a program that draws nothing loads no graphics.

- Nothing in ``logo/`` outside ``logo/ui`` touches ``pygame.display`` or ``pygame.event``
  (however it is imported or named); the page is drawn headless and only the window
  (``logo/ui``) shows it.
- ``logo run`` of a program that draws nothing imports neither pygame nor numpy; one that
  draws lines, fills and stamps imports numpy but not pygame (labels need pygame's font).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support import ROOT, run_python

WINDOW_MODULES = ("display", "event")


def window_uses(source: str) -> list[str]:
    """Where ``source`` touches pygame.display / pygame.event: imports of them, attributes
    of any name bound to the pygame module, and the dotted names in strings
    (``importlib.import_module("pygame.display")``)."""
    tree = ast.parse(source)
    found, aliases = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "pygame":
                    if alias.name.split(".")[1:2] and alias.name.split(".")[1] in WINDOW_MODULES:
                        found.append(f"line {node.lineno}: import {alias.name}")
                    aliases.add(alias.asname or "pygame")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "pygame":
            parts = (node.module or "").split(".")
            names = {a.name for a in node.names}
            if (parts[1:2] and parts[1] in WINDOW_MODULES) or names & {*WINDOW_MODULES, "*"}:
                found.append(f"line {node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and any(f"pygame.{m}" in node.value for m in WINDOW_MODULES):
            found.append(f"line {node.lineno}: {node.value[:40]!r}")
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr in WINDOW_MODULES
                and isinstance(node.value, ast.Name) and node.value.id in aliases):
            found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_the_guard_sees_every_way_in():
    for bad in ["import pygame\npygame.display.set_mode((1, 1))",
                "import pygame as pg\nfor e in pg.event.get(): pass",
                "import pygame.font\npygame.event.pump()",
                "from pygame import display", "from pygame.event import get",
                "import pygame.display", "from pygame import *",
                "import importlib\nimportlib.import_module('pygame.event')"]:
        assert window_uses(bad), bad
    assert not window_uses("import pygame.surfarray\nimport pygame.font\n"
                           "pygame.font.init()\ndisplay = 1\nevent = display")


def test_nothing_outside_the_ui_touches_the_display_or_events():
    core = [p for p in sorted((ROOT / "logo").rglob("*.py"))
            if "ui" not in p.relative_to(ROOT / "logo").parts[:1]]
    assert len(core) > 30 and ROOT / "logo" / "turtle" / "page.py" in core
    offenders = {str(p.relative_to(ROOT)): uses for p in core
                 if (uses := window_uses(p.read_text("utf-8")))}
    assert offenders == {}


def imported_by_logo_run(tmp_path: Path, program: str, *options: str) -> set[str]:
    """The top-level modules ``logo run`` imports for ``program`` (``-X importtime``)."""
    path = tmp_path / "prog.lgo"
    path.write_text(program, "utf-8")
    done = run_python("-X", "importtime", "-m", "logo", "run", str(path), *options, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines()
            if line.startswith("import time:")}


def test_logo_run_of_a_program_that_draws_nothing_loads_no_graphics(tmp_path):
    program = """
to fact :n
  if :n = 0 [output 1]
  output :n * fact :n - 1
end
make "words map [word ? "!] [a b c]
print fact 10
print :words
print sentence (list 1 2) "three
repeat 3 [type repcount]
print []
"""
    modules = imported_by_logo_run(tmp_path, program)
    assert "logo" in modules
    assert not modules & {"numpy", "pygame"}


def test_logo_run_of_a_drawing_without_labels_loads_no_pygame(tmp_path):
    program = "repeat 4 [fd 50 rt 90] pu rt 45 fd 10 setc 15 fill stamp setpensize 5 fd 30\n"
    png = tmp_path / "out.png"
    modules = imported_by_logo_run(tmp_path, program, "--png", str(png), "--svg",
                                   str(tmp_path / "out.svg"))
    assert "numpy" in modules and "pygame" not in modules
    assert png.exists()
