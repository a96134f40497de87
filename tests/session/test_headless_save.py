"""SAVE from ``logo run LESSON`` keeps the lesson's text: the copy of every shipped lesson,
run again from its own folder with the same seed, draws the same page (the window's own
save and reopen is tests/ui/test_unsaved.py's and tests/session/test_lesson_text.py's)."""

from __future__ import annotations

import numpy as np
import pytest

from microworlds import LESSON_ORDER
from tests.support import ROOT, read_png, run_cli


@pytest.mark.parametrize("lesson", LESSON_ORDER)
def test_a_lesson_saved_headless_draws_the_same_page(lesson: str, tmp_path) -> None:
    seed = tmp_path / "seed.lgo"
    seed.write_text("(rerandom 7)\n", encoding="utf-8")
    saved = run_cli("run", lesson, "-e", 'save "copy.lgo', cwd=tmp_path, timeout=120)
    assert saved.returncode == 0, saved.stderr
    shipped = ROOT / "microworlds" / lesson / f"{lesson}.lgo"  # unchanged: its own text
    assert (tmp_path / "copy.lgo").read_text(encoding="utf-8") == shipped.read_text("utf-8")
    for name, source in (("original.png", lesson), ("copy.png", "copy.lgo")):
        ran = run_cli("run", "seed.lgo", source, "--png", name, cwd=tmp_path, timeout=120)
        assert ran.returncode == 0, ran.stderr
    original, again = (read_png(tmp_path / n).astype(int) for n in ("original.png", "copy.png"))
    assert original.shape == again.shape
    assert np.abs(original - again).max(axis=2).astype(bool).mean() < 0.001


def test_a_saved_workspace_that_redefines_a_primitive_loads_again(tmp_path) -> None:
    saved = run_cli("run", "-e", 'make "redefp "true', "-e", "to fence\nprint \"mine\nend",
                    "-e", 'save "w.lgo', cwd=tmp_path)
    assert saved.returncode == 0, saved.stderr
    text = (tmp_path / "w.lgo").read_text(encoding="utf-8")
    assert text.index('make "redefp "true') < text.index("to fence")
    again = run_cli("run", "w.lgo", "-e", "fence", cwd=tmp_path)
    assert again.returncode == 0 and again.stdout == "mine\n", again.stderr
