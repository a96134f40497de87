"""The cat's Logo primitives, its lesson with sliders and buttons, and the command line."""

from __future__ import annotations

import pytest

from logo.language.values import LogoList
from logo.session.interpreter import Interpreter
from microworlds.cat import printer
from tests.support import ROOT, new_interpreter, run_cli, run_python

LESSON = ROOT / "microworlds" / "cat" / "cat.lgo"


def value(I: Interpreter, expr: str):
    I.run_source(f"make \"result.value {expr}", "expr")
    assert not I.host.errors, "".join(I.host.errors)
    return I.get_var("result.value")


def test_the_issue_forms_work_exactly_so():
    I = new_interpreter()
    assert I.run_source("cat.new cat.setspeed 1.2 cat.walk 2", "forms")
    assert value(I, "cat.time") == 2
    assert value(I, "cat.const \"M1") == pytest.approx(6.75)  # 3 (1.2/0.8)^2
    assert value(I, "cat.const \"M2") == pytest.approx(135)
    assert value(I, "cat.const \"M") == pytest.approx(1.5)
    paw = value(I, "cat.paw \"LF")
    assert isinstance(paw, LogoList) and len(paw) == 4
    assert all(isinstance(v, (int, float)) for v in paw)
    for leg in ("LH", "LF", "RH", "RF", "lf", "ЛП"):
        assert value(I, f"cat.regime \"{leg}") in range(1, 7)
    frame = value(I, "cat.printframe")
    assert isinstance(frame, LogoList) and len(frame) == printer.Sheet().rows
    assert all(isinstance(w, str) and len(w) == 128 for w in frame)
    assert value(I, "cat.speed") == pytest.approx(1.2)


def test_a_planted_paw_moves_back_at_the_cats_speed():
    I = new_interpreter()
    I.run_source("cat.new cat.walk 0.7", "t")
    for leg in ("LH", "LF", "RH", "RF"):
        if value(I, f"cat.regime \"{leg}") == 1:
            _x, y, vx, vy = value(I, f"cat.paw \"{leg}")
            assert (y, vy) == (0, 0) and vx == pytest.approx(0.8)


def test_a_herd_and_cat_numbers():
    I = new_interpreter()
    I.run_source("(cat.herd 3 7) cat.walk 0.5 cat.new", "t")
    assert value(I, "cat.count") == 1
    I.run_source("cat.use 1", "t")
    assert value(I, "cat.count") == 3 and value(I, "cat.time") == 0.5
    assert value(I, "(cat.paw \"LF 2)") != value(I, "(cat.paw \"LF 3)")
    I.run_source("(cat.setspeed 0 2) cat.walk 3", "t")
    assert value(I, "(cat.speed 2)") == 0 and value(I, "(cat.speed 3)") == pytest.approx(0.8)
    assert value(I, "(cat.regimes 2)") == LogoList([1, 1, 1, 1])


def test_constants_and_phases_can_be_set():
    I = new_interpreter()
    I.run_source("cat.new cat.setconst \"M1 4 (cat.setphase \"LF 0.15) (cat.setphase \"RF 0.65)"
                 " cat.walk 12", "t")
    assert value(I, "cat.const \"M1") == 4
    phases = value(I, "cat.phases")
    assert phases[1] == pytest.approx(0.15, abs=0.02) and phases[3] == pytest.approx(0.65,
                                                                                     abs=0.02)


@pytest.mark.parametrize("source, message", [
    ("cat.walk 1", "There is no cat yet (use cat.new)"),
    ("cat.new print cat.regime \"XX", "cat.regime doesn't like XX as input"),
    ("cat.new cat.walk -1", "cat.walk doesn't like -1 as input"),
    ("cat.new (cat.paw \"LF 2)", "cat.paw doesn't like 2 as input"),
    ("cat.new cat.setconst \"Q 1", "cat.setconst doesn't like Q as input"),
    ("cat.new cat.setphase \"LH 0.3", "cat.setphase doesn't like LH as input"),
])
def test_errors_are_logo_errors(source, message):
    I = new_interpreter()
    assert not I.run_source(source, "t")
    assert message in "".join(I.host.errors)


def test_the_lesson_makes_its_sliders_and_buttons_and_walks():
    I = new_interpreter()
    assert I.run_source(LESSON.read_text(encoding="utf-8"), str(LESSON))
    assert I.run_source("setup", "t"), "".join(I.host.errors)
    names = {w.name for w in I.widgets.items.values()}
    assert names == {"speed", "m1", "m2", "lfphase", "progress", "walk", "stop", "reset", "film",
                     "printer", "gait", "LH", "LF", "RH", "RF"}
    assert I.widgets.get("walk").forever
    assert I.run_source("repeat 3 [walking]", "t")
    assert value(I, "cat.time") == pytest.approx(3 / 24)
    # the gait plot: each leg's pen has a point a frame, its paw's height plus its band
    gait = I.widgets.get("gait")
    assert list(gait.pens) == ["lh", "lf", "rh", "rf"]
    for band, leg in enumerate(("LH", "LF", "RH", "RF")):
        t, y = gait.pens[leg.lower()].points[-1]
        assert t == value(I, "cat.time")
        assert y == pytest.approx(value(I, f'item 2 cat.paw "{leg}') + 0.15 * band)
    assert "Ж" in I.widgets.get("printer").text
    I.run_source("setspeed 1.6 repeat 24 [walking]", "t")
    assert value(I, "cat.speed") == pytest.approx(1.6)
    assert value(I, "m1") == pytest.approx(12.0) and value(I, "cat.const \"M1") == 12
    I.run_source("setm1 5 walking", "t")
    assert value(I, "cat.const \"M1") == 5
    I.run_source("halt repeat 48 [walking]", "t")
    assert value(I, "cat.regimes") == LogoList([1, 1, 1, 1])


def test_film_from_logo_moves_the_progress_slider(tmp_path):
    I = new_interpreter()
    I.run_source(LESSON.read_text(encoding="utf-8"), str(LESSON))
    gif, txt = tmp_path / "c.gif", tmp_path / "c.txt"
    assert I.run_source(f"setup (cat.film 0.25 \"{gif} 12)", "t"), "".join(I.host.errors)
    assert gif.read_bytes()[:6] == b"GIF89a" and value(I, "progress") == 100
    assert value(I, "cat.time") == pytest.approx(2 / 12, abs=1e-3)  # at the last frame
    assert I.run_source(f"(cat.printfilm 0.25 \"{txt} 12)", "t")
    assert txt.read_text(encoding="utf-8").count("КАДР") == 3


def test_printfilm_prints_to_the_screen():
    I = new_interpreter()
    assert I.run_source("cat.new (cat.printfilm 0.125)", "t")
    lines = I.host.output.splitlines()
    assert sum(line.startswith("КАДР") for line in lines) == 3
    assert {len(line) for line in lines if line and not line.startswith("КАДР")} == {128}


def test_logo_run_prints_the_film_and_shows_progress(tmp_path):
    out = run_cli("run", "-e", "cat.new (cat.printfilm 0.125)", timeout=120)
    assert out.returncode == 0 and out.stdout.count("КАДР") == 3
    gif = tmp_path / "f.gif"
    out = run_cli("run", "-e", f"cat.new (cat.film 0.25 \"{gif} 12)", timeout=120)
    assert out.returncode == 0 and gif.exists()
    assert "100% 3/3" in out.stderr  # the terminal's progress bar


def test_the_command_line_films_and_prints(tmp_path):
    gif = tmp_path / "cli.gif"
    out = run_cli("film", str(gif), "--seconds", "0.25", module="microworlds.cat",
                  timeout=120)
    assert out.returncode == 0 and gif.read_bytes()[:6] == b"GIF89a"
    assert "100% 6/6" in out.stderr
    out = run_cli("print", "-", "--seconds", "0.125", "--look", "levels",
                  module="microworlds.cat", timeout=120)
    assert out.returncode == 0 and out.stdout.count("КАДР") == 3


@pytest.mark.parametrize("args, said", [
    (("frame", "frame.txt"), "frame writes .png files"),
    (("frame", "-"), "needs a file"),
    (("film", "x.png"), "numbered name"),
    (("print", "out.png"), "print writes .txt files")])
def test_the_command_line_refuses_a_file_of_the_wrong_kind(tmp_path, args, said):
    out = run_cli(*args, module="microworlds.cat", cwd=tmp_path)
    assert out.returncode == 2 and said in out.stderr and not list(tmp_path.iterdir())


def test_starting_an_interpreter_imports_neither_numpy_nor_the_cat():
    out = run_python("-c", "import sys; from logo.session.interpreter import Interpreter; "
                     "Interpreter(); print('numpy' in sys.modules, 'microworlds.cat.prims' in sys.modules)")
    assert out.stdout.split() == ["False", "False"]  # the cat is loaded by its first name
