"""The Experiment dialog on the open lesson, driven by synthetic events: its sliders with
lines for their values, its monitors and variables as measures, Run from the keyboard,
the progress, then the contact sheet and the plot; in Russian too."""

from __future__ import annotations

import os

import pygame
import pytest

from tests.ui.ui_driver import (
    SIZE,
    click,
    idle,
    output,
    press,
    run_until,
    type_line,
    type_text,
)

LESSON = """to startup
  make "area a * b
  cs fd a * 20 rt 90 fd b
end
newslider "a [620 8] 0 10 1
newslider "b [620 60] 0 100 10
newmonitor "area [620 112] [:area]
"""


@pytest.fixture
def lesson(tmp_path):
    (tmp_path / "lesson").mkdir()
    path = tmp_path / "lesson" / "rect.lgo"
    path.write_text(LESSON, encoding="utf-8")
    return str(path)


def open_dialog(app):
    idle(app)
    press(pygame.K_F7)
    app.step()
    assert app.dialog is not None and app.dialog.kind == "experiment"
    return app.dialog


def test_the_dialog_runs_the_experiment_from_the_keyboard(lesson):
    from logo.ui.app import App

    app = App([lesson], size=SIZE, lang="en")
    try:
        d = open_dialog(app)
        assert [s[0] for s in d.sliders] == ["a", "b"]
        assert d.measures[0] == ":area" and d.ticked[0]
        type_text("1..2")  # the first line has the keyboard
        press(pygame.K_TAB)
        type_text("10,20")
        press(pygame.K_RETURN)  # Enter in a line: Run
        app.step()
        assert d.state in ("running", "done")
        run_until(app, lambda: d.state == "done", timeout=90)
        app.step()
        assert len(d.results.rows) == 4 and d.results.failures() == 0
        assert [r[":area"] for r in d.results.rows] == ["10", "20", "20", "40"]
        folder = os.path.dirname(lesson)
        assert sorted(os.listdir(folder)) == ["rect-experiment-1-plot.png",
                                              "rect-experiment-1-sheet.png",
                                              "rect-experiment-1.csv", "rect.lgo"]
        assert any(k[0] == "sheet" for k in d.pictures)  # the sheet is shown
        press(pygame.K_TAB)  # the plot
        app.step()
        assert d.showing == "plot" and any(k[0] == "plot" for k in d.pictures)
        keep = next(rect for rect, item in d.hits if item == ("keep", 0))
        click(app, keep.center)  # kept in the workspace: Save writes it in the lesson
        idle(app)
        assert "experiment1" in d.message
        press(pygame.K_ESCAPE)
        app.step()
        assert app.dialog is None
        type_line(app, 'show gprop "experiments "experiment1')
        idle(app)
        assert "[[vary a [1 2]] [vary b [10 20]] [measure [:area]]]" in output(app)
    finally:
        app.close()


def test_a_click_on_run_with_no_values_says_what_to_fill_in(app, lesson):
    app.session.load(lesson)
    d = open_dialog(app)
    app.step()  # drawn: the buttons' places are known
    run = next(rect for rect, item in d.hits if item == ("run", 0))
    click(app, run.center)
    assert d.state == "form" and "at least one slider" in d.message
    tick = next(rect for rect, item in d.hits if item == ("measure", 0))
    click(app, tick.center)
    assert not d.ticked[0]
    press(pygame.K_ESCAPE)
    app.step()
    assert app.dialog is None


def test_the_dialog_speaks_russian_and_fits_a_small_window(lesson, tmp_path):
    from logo.ui.app import App

    app = App([lesson], size=(640, 480), lang="ru")
    try:
        d = open_dialog(app)
        app.step()
        assert d.words("experiment_run") == "Запустить"
        title = d.words("experiment_title", lesson="rect")
        assert title.startswith("Опыт")
        screen = app.screen.get_rect()
        assert all(screen.contains(rect) for rect, _ in d.hits)
        pygame.image.save(app.screen, str(tmp_path / "dialog-ru.png"))
    finally:
        app.close()


def test_with_no_lesson_file_the_dialog_asks_to_save_first(app):
    d = open_dialog(app)
    assert "Save the lesson in a file first" in d.message
    press(pygame.K_RETURN)
    app.step()
    assert d.state == "form" and app.dialog is d
    press(pygame.K_ESCAPE)
    app.step()
    assert app.dialog is None
