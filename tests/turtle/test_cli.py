"""``logo run FILE --png out.png --svg out.svg``: the page saved after the run."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np

from tests.support import read_png, run_cli, run_logo

SVG = "{http://www.w3.org/2000/svg}"
PROGRAM = """to square :side
  repeat 4 [fd :side rt 90]
end
setc "blue square 100 pu rt 45 fd 20 setc 45 fill
"""


def test_png_and_svg_are_saved_after_the_run(tmp_path):
    prog = tmp_path / "square.lgo"
    prog.write_text(PROGRAM, "utf-8")
    png, svg = tmp_path / "out.png", tmp_path / "pictures" / "out.svg"
    svg.parent.mkdir()
    done = run_cli("run", str(prog), "-e", "print heading", "--png", str(png), "--svg", str(svg))
    assert (done.returncode, done.stdout, done.stderr) == (0, "45\n", "")
    pixels = read_png(png)
    assert np.array_equal(pixels, run_logo(PROGRAM).pixels)
    assert tuple(pixels[300 - 50, 400 + 50]) == (237, 237, 49)  # inside: yellow (45)
    root = ET.fromstring(svg.read_text("utf-8"))
    strokes = [p for p in root.iter(SVG + "path") if p.get("fill") == "none"]
    assert sum(p.get("d").count("L") for p in strokes) == 4
    assert {p.get("stroke") for p in strokes} == {"#345da9"}  # blue (105)
    assert not list(tmp_path.rglob("*.logo-tmp"))  # written through a temporary file


def test_relative_paths_and_a_picture_after_an_error(tmp_path):
    prog = tmp_path / "broken.lgo"
    prog.write_text("fd 100 rt 90 fd 50\nnosuchprocedure\nfd 1000\n", "utf-8")
    done = run_cli("run", str(prog), "--png", "broken.png", cwd=tmp_path)
    assert done.returncode == 1 and "nosuchprocedure" in done.stderr
    pixels = read_png(tmp_path / "broken.png")  # what was drawn before the error
    ink = (pixels != 255).any(axis=2)
    assert ink.sum() == 101 + 50 and ink[200, 400] and ink[200, 450]


def test_bye_still_saves_the_picture(tmp_path):
    done = run_cli("run", "-e", "fd 10 bye", "--svg", str(tmp_path / "bye.svg"))
    assert done.returncode == 0
    assert "L" in (tmp_path / "bye.svg").read_text("utf-8")


def test_a_program_that_draws_nothing_saves_nothing(tmp_path):
    done = run_cli("run", "-e", "print 1", "--png", str(tmp_path / "none.png"))
    assert (done.returncode, done.stdout) == (0, "1\n")
    assert "no picture saved" in done.stderr
    assert not (tmp_path / "none.png").exists()


def test_a_file_that_cannot_be_written_is_an_error(tmp_path):
    done = run_cli("run", "-e", "fd 10", "--png", str(tmp_path / "no" / "such" / "dir.png"))
    assert done.returncode == 1
    assert "can't save" in done.stderr and "Traceback" not in done.stderr
