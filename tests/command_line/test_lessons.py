"""The shipped lessons from the command line: ``logo lessons``, ``logo run NAME --png``,
``--set`` (issue: a learner's first hour)."""

from __future__ import annotations

import pytest

from tests.support import read_png, run_cli

LESSONS = ("tree", "koch", "fractree", "brush", "superformula", "cat", "muscle")


def test_logo_lessons_lists_all_seven_one_line_each(tmp_path):
    r = run_cli("lessons", cwd=tmp_path)
    assert r.returncode == 0
    names = [line.split()[0] for line in r.stdout.splitlines()[:len(LESSONS)]]
    assert names == list(LESSONS)
    assert "logo run tree" in r.stdout


@pytest.mark.parametrize("name", LESSONS)
def test_every_lesson_draws_headless_by_name(tmp_path, name):
    """From an empty folder, by name: the lesson's STARTUP runs as on LOAD."""
    r = run_cli("run", name, "--png", "out.png", cwd=tmp_path, timeout=120)
    assert r.returncode == 0, r.stderr
    pixels = read_png(tmp_path / "out.png")
    assert (pixels.min(axis=2) < 200).sum() > 500  # something drawn on the white page


def test_set_starts_a_slider_at_a_value(tmp_path):
    run_cli("run", "tree", "--png", "a.png", cwd=tmp_path)
    run_cli("run", "tree", "--set", "size=40", "--png", "b.png", cwd=tmp_path)
    heights = []
    for name in ("a.png", "b.png"):
        rows = (read_png(tmp_path / name).min(axis=2) < 200).any(axis=1).nonzero()[0]
        heights.append(rows[-1] - rows[0])
    assert heights[1] < 0.6 * heights[0]  # the tree of size 40 is smaller than of 100


@pytest.mark.parametrize("setting, status, said", [
    ("nosuch=3", 2, "no slider named nosuch"), ("size=151", 2, "goes from 5 to 150"),
    ("size", 2, "NAME=VALUE"),
    ("size=nan", 2, "NAME=VALUE"), ("size=inf", 2, "NAME=VALUE")])
def test_a_bad_set_is_refused(tmp_path, setting, status, said):
    r = run_cli("run", "tree", "--set", setting, cwd=tmp_path)
    assert r.returncode == status and said in r.stderr
