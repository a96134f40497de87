"""LOAD of a file that carries its own page (sliders, buttons, text boxes) replaces the
page's widgets, as MicroWorlds' open of a project does; a file without widgets keeps
them.  Every shipped lesson loaded over every other leaves only its own widgets."""

from __future__ import annotations

import pytest

from logo.session.interpreter import Interpreter
from logo.session.lessons import shipped_lessons
from logo.session.processes import scheduler
from tests.support import new_interpreter, run_logo

LESSONS = {ls.name: ls.lgo_path for ls in shipped_lessons()}


def widget_names(I: Interpreter) -> list[str]:
    return [w.name for w in I.widgets.items.values()]


@pytest.mark.parametrize("first,second", [("tree", "koch"), ("koch", "brush"),
                                          ("muscle", "cat"), ("cat", "superformula")])
def test_a_lesson_loaded_over_another_replaces_its_widgets(first, second):
    alone = new_interpreter()
    run_logo(f'load "{LESSONS[second]}', interp=alone)
    I = new_interpreter()
    out = run_logo(f'load "{LESSONS[first]}\nload "{LESSONS[second]}', interp=I).output
    assert "error" not in out.lower() and "don't" not in out
    assert widget_names(I) == widget_names(alone)
    rects = [w.rect() for w in I.widgets.items.values()]
    assert len(set(rects)) == len(rects)  # nothing on top of anything


def test_a_file_without_widgets_keeps_the_page_and_a_file_with_some_replaces_it(tmp_path):
    plain = tmp_path / "plain.lgo"
    plain.write_text("to twice :x\noutput 2 * :x\nend\n")
    page = tmp_path / "page.lgo"
    page.write_text('newslider "b [8 8] 0 10 3\nload "plain.lgo\nnewbutton "go [8 60] [fd b]\n')
    I = new_interpreter()
    out = run_logo(f'setprefix "{tmp_path}\nnewslider "a [8 8] 0 10 5\nnewtext "log [8 60] [50 50]\n'
                 'talkto "log\nload "plain.lgo\nprint widgets\n', interp=I).output
    assert widget_names(I) == ["a", "log"] and out == ""  # print still goes into the box
    assert I.widgets.get("log").text == "a log\n"
    out = run_logo('load "page.lgo\ntalkto "t1\nprint widgets\nprint b\n'
                 'catch "error [print a] print item 2 error\n', interp=I).output
    # the nested load of a file without widgets kept b; a and log went
    assert out.splitlines() == ["b go", "3", "I don't know how  to a"]
    assert I.widgets.current_text is None  # the text box selected is gone


def test_a_forever_button_of_the_page_replaced_stops(tmp_path):
    page = tmp_path / "page.lgo"
    page.write_text('newbutton "other [8 8] [fd 1]\n')
    I = new_interpreter()
    sched = scheduler(I)
    run_logo('(newbutton "spin [8 8] [rt 1] "forever)', interp=I)
    button = I.widgets.get("spin")
    sched.launch("forever", button.instructions, button=button)
    assert sched.button_process(button) is not None
    run_logo(f'load "{page}', interp=I)
    assert sched.button_process(button) is None and widget_names(I) == ["other"]
