"""``logo lessons NAME`` prints the lesson's task text (what the page shows, what each
slider and button does, the homework) in the session's language, and the window's Info
shows the same text for the open lesson."""

from __future__ import annotations

import re

import pytest

from logo.session.lessons import find_lesson, task_for_file
from tests.microworlds.lessons.lesson_support import lesson_path
from tests.support import CHILD_ENV, run_cli

ALL = ("tree", "koch", "fractree", "brush", "superformula", "cat", "muscle")
CYRILLIC = re.compile("[а-яё]", re.I)


def widget_names(name: str) -> set[str]:
    text = lesson_path(name).read_text(encoding="utf-8")
    return set(re.findall(r'new(?:slider|button) "(\S+)', text))


@pytest.mark.parametrize("lesson", ALL)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_logo_lessons_name_prints_the_task(lesson, lang):
    out = run_cli("--lang", lang, "lessons", lesson, timeout=60)
    assert out.returncode == 0 and out.stderr == ""
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    assert len(lines) >= 8
    russian = sum(bool(CYRILLIC.search(line)) for line in lines)
    assert (russian >= 8) if lang == "ru" else (russian <= 2)  # (a Russian film title)
    words = set(re.findall(r"[\w.]+", out.stdout))
    missing = {n for n in widget_names(lesson) if n not in words}
    assert not missing, f"{lesson} ({lang}): the task does not say what {missing} do"


def test_the_locale_chooses_the_language():
    env_ru = {**CHILD_ENV, "LANG": "ru_RU.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    out = run_cli("lessons", "tree", timeout=60, env=env_ru)
    assert out.returncode == 0 and CYRILLIC.search(out.stdout)


def test_an_unknown_lesson_is_one_line_and_status_1():
    out = run_cli("lessons", "nosuch", timeout=60)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and "nosuch" in out.stderr


def test_a_saved_copy_elsewhere_still_has_its_task(tmp_path):
    copy = tmp_path / "fractree.lgo"
    copy.write_text(lesson_path("fractree").read_text(encoding="utf-8"), encoding="utf-8")
    lesson = find_lesson("fractree")
    assert lesson is not None
    assert task_for_file(str(copy), "ru") == ("fractree", lesson.task("ru"))
    assert task_for_file(str(tmp_path / "mine.lgo"), "en") == ("", "")
    assert task_for_file(None, "en") == ("", "")


def test_the_info_panel_shows_the_open_lessons_task():
    from logo.ui.app import App
    from tests.ui.ui_driver import SIZE, click, idle

    app = App(size=SIZE, lang="ru")
    try:
        app.session.load(str(lesson_path("brush")))
        idle(app, timeout=30)
        click(app, app.toolbar.rects["info"].center)
        from logo.ui.info_pane import InfoPanel

        panel = app.dialog
        assert isinstance(panel, InfoPanel)
        app.step()
        shown = "\n".join(panel.lines)
        assert "Домашнее задание" in shown and "Кисть" in panel.title
        click(app, panel.close_rect.center)
        app.step()
        assert app.dialog is None
    finally:
        app.close()
