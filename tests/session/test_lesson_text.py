"""A saved lesson is the learner's text (logo/session/lesson_text.py): opened, saved
elsewhere and opened again, every shipped lesson draws the same page; an edit changes
only what it changed, and the comments, blank lines, order and closing lines stay."""

from __future__ import annotations

import numpy as np
import pytest

from logo.primitives.files import load, read_text
from logo.session.lesson_text import MARKER, lesson_source, open_document
from logo.session.lessons import shipped_lessons
from logo.session.plots import save_picture
from tests.support import new_interpreter, read_png

LESSONS = {lesson.name: lesson.lgo_path for lesson in shipped_lessons()}


def opened(path: str):
    """An interpreter with the lesson opened as the window opens it."""
    interp = new_interpreter()
    interp.run_source("(rerandom 21)")  # the lessons that use RANDOM draw alike
    load(interp, path)
    open_document(interp, read_text(path))
    return interp


def picture(interp, path) -> np.ndarray:
    save_picture(interp, str(path), "png")  # the page with its widgets' plots, monitors
    return read_png(path).astype(int)


def same_page(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and int((np.abs(a - b).max(axis=2) > 40).sum()) <= 0.001 * \
        a.shape[0] * a.shape[1]


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_every_shipped_lesson_saved_and_opened_again_draws_the_same_page(name, tmp_path):
    original = LESSONS[name]
    before = read_text(original)
    first = opened(original)
    copy = tmp_path / f"{name}.lgo"
    copy.write_text(lesson_source(first) or "", encoding="utf-8")
    assert copy.read_text(encoding="utf-8") == before  # unchanged: the file as written
    again = opened(str(copy))
    assert same_page(picture(first, tmp_path / "a.png"), picture(again, tmp_path / "b.png"))
    assert read_text(original) == before  # the shipped file is only read


TREE_EDIT = """to tree "n
  ; a shorter tree, and a leaf at each tip
  if :n < 5 [leaf stop]
  fd :n rt 10 tree (0.75 * :n) lt 20 tree (0.75 * :n) rt 10 bk :n
end"""


def test_an_edited_lesson_keeps_its_text_and_draws_what_was_changed(tmp_path):
    interp = opened(LESSONS["tree"])
    interp.run_source('to leaf\n  ; a dot\n  fd 1 bk 1\nend\n' + TREE_EDIT + "\n")
    interp.run_source("setsize 60")
    interp.widgets.get("grow").x = 300  # moved with the mouse
    interp.run_source('make "mine [my words]')
    text = lesson_source(interp) or ""
    original = read_text(LESSONS["tree"])
    for line in original.splitlines():  # every comment and the closing BEGIN stay
        if line.startswith(";") or line == "begin":
            assert line in text.splitlines()
    assert text.rstrip().endswith(MARKER + '\nmake "mine [my words]')
    assert "; a shorter tree, and a leaf at each tip" in text
    assert text.index("to leaf") < text.index("\nbegin\n")  # defined before BEGIN runs it
    assert 'newslider "size [8 8] 5 150 60' in text and "[300 60]" in text
    path = tmp_path / "mytree.lgo"
    path.write_text(text, encoding="utf-8")
    interp.run_source("begin")  # the page the saved file should open to
    again = opened(str(path))
    assert again.widgets.get("size").value == 60 and again.widgets.get("grow").x == 300
    assert again.vars["mine"] == interp.vars["mine"]
    assert same_page(picture(interp, tmp_path / "a.png"), picture(again, tmp_path / "b.png"))
    assert lesson_source(again) == text  # saved again: the same file, no second block


def test_erased_and_deleted_things_leave_the_file(tmp_path):
    interp = opened(LESSONS["tree"])
    interp.run_source("erase \"grow\nremovewidget \"grow")
    text = lesson_source(interp) or ""
    assert "to grow" not in text and "newbutton" not in text
    assert "to tree" in text and "to begin" in text


def test_without_a_document_save_writes_the_workspace():
    interp = new_interpreter()
    interp.run_source('to sq\n  repeat 4 [fd 10 rt 90] ; a square\nend\nmake "n 3')
    text = interp.workspace_source()
    assert "; a square" in text and 'make "n 3' in text


def test_after_erall_the_lessons_lines_are_not_written():
    interp = opened(LESSONS["tree"])
    interp.run_source("erall\nto mine\n  fd 10\nend")
    text = interp.workspace_source()
    assert "to mine" in text and "begin" not in text and "; Lesson 5" not in text


RUSSIAN = """; Урок: квадрат (ЛогоМиры)

это квадрат :сторона
  повтори 4 [вперёд :сторона направо 90]   ; четыре стороны
конец

нов_бегунок "сторона [10 10] 10 200 50
квадрат сторона
"""


def test_a_russian_lesson_keeps_its_words(tmp_path):
    path = tmp_path / "квадрат.lgo"
    path.write_text(RUSSIAN, encoding="utf-8")
    interp = opened(str(path))
    assert lesson_source(interp) == RUSSIAN
    interp.run_source("setсторона 80")
    text = lesson_source(interp) or ""
    assert "; четыре стороны" in text and text.endswith("квадрат сторона\n")
    assert '(нов_бегунок "сторона [10 10] 10 200 80 1)' in text and MARKER not in text
    path.write_text(text, encoding="utf-8")
    assert opened(str(path)).widgets.get("сторона").value == 80
