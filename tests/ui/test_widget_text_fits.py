"""Every widget's text inside its box at every scale (logo/ui/widget_views.py): each
shipped lesson opened in the window at 800x600 and 640x480, in English and Russian,
each widget drawn alone into a surface of its box's size (synthetic events, SDL's dummy
driver), and every line of text it draws measured: it lies inside the box, fitted by
smaller letters or cut with an ellipsis, never spilling out.  The same over a range of
boxes far smaller than any lesson's, with long and Cyrillic names."""

from __future__ import annotations

import contextlib
import itertools

import pygame
import pytest

from logo.session.lessons import shipped_lessons
from logo.session.plots import Monitor
from logo.session.widgets import Button, Slider, TextBox
from logo.ui import style, widget_views
from logo.ui.app import App
from tests.ui.ui_driver import idle, run_until

LESSONS = shipped_lessons()


@pytest.fixture
def measured(monkeypatch):
    """The text rectangles drawn, with the size of the surface each went into."""
    drawn: list[tuple[str, tuple[int, int], pygame.Rect]] = []
    real_text, real_centred = style.text, style.text_centred

    def text(surface, words, pos, colour=style.TEXT, size=15, mono=False):
        if words:
            rect = pygame.Rect(pos, style.font(size, mono).size(words))
            drawn.append((words, surface.get_size(), rect))
        return real_text(surface, words, pos, colour, size, mono)

    def centred(surface, words, rect, colour=style.TEXT, size=15):
        if words:
            box = pygame.Rect((0, 0), style.font(size).size(words))
            box.center = rect.center
            drawn.append((words, surface.get_size(), box))
        return real_centred(surface, words, rect, colour, size)

    monkeypatch.setattr(style, "text", text)
    monkeypatch.setattr(style, "text_centred", centred)
    return drawn


def _spills(views, widgets, drawn, seen: list[str]) -> list[str]:
    """Each widget alone into a surface of its box's size: the texts outside it (every
    text drawn is added to ``seen``)."""
    bad = []
    for w in [w for w in widgets if w.visible]:
        box = views.screen_rect(w)
        surface = pygame.Surface(box.size, pygame.SRCALPHA)
        drawn.clear()
        views.draw_widget(surface, w, surface.get_rect())
        seen += [words for words, _, _ in drawn]
        for words, size, rect in drawn:
            if not pygame.Rect((0, 0), size).contains(rect):
                bad.append(f"{type(w).__name__} {w.name} {box.size}: {words!r} at {rect}")
    return bad


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (640, 480)])
def test_every_shipped_lessons_widgets_keep_their_text_inside(size, lang, measured):
    a = App(size=size, lang=lang)
    bad: list[str] = []
    seen: list[str] = []
    try:
        for lesson in LESSONS:
            path = lesson.lgo_path
            a.actions.open_lesson(path)
            run_until(a, lambda path=path: a.session.file == path, 30)
            with contextlib.suppress(AssertionError):  # a startup that keeps running
                idle(a, 20)
            a.step()
            assert a.page_view.scale < 1  # the page is shown smaller at these sizes
            widgets = list(a.session.widgets.items.values())
            bad += [f"{lesson.name}: {b}" for b in _spills(a.widget_views, widgets, measured,
                                                                 seen)]
    finally:
        a.close()
    assert bad == []
    assert len(seen) > 3 * len(LESSONS)  # (the lessons' names, values, labels were measured)


def test_boxes_far_smaller_than_any_lessons(measured):
    a = App(size=(640, 480), lang="ru")
    try:
        views = a.widget_views
        made = []
        for w, h in itertools.product((12, 30, 60, 140), (6, 12, 18, 26, 44)):
            made += [
                Slider("очень_длинное_имя_бегунка", 0, 0, w, h, minimum=0, maximum=10,
                       step=1 / 6),
                Button("кнопка", 0, 0, w, h, label="Нарисовать дерево", forever=True),
                Monitor("монитор", 0, 0, w, h),
                TextBox("заметки", 0, 0, w, h),
            ]
        for box in (m for m in made if isinstance(m, TextBox)):
            box.text = "КАДР 1  " + "Ж" * 140 + "\nвторая строка\nтретья"
        for m in (m for m in made if isinstance(m, Monitor)):
            m.text = "значение = 4.833333333333333"
        bad = []
        for w in made:
            rect = pygame.Rect(0, 0, w.w, w.h)
            surface = pygame.Surface(rect.size, pygame.SRCALPHA)
            measured.clear()
            views.draw_widget(surface, w, rect)
            bad += [f"{type(w).__name__} {rect.size}: {t!r} at {r}" for t, s, r in measured
                    if not rect.contains(r)]
        assert bad == []
    finally:
        a.close()


def test_the_default_sizes_keep_their_letters(measured):
    """At scale 1 the fitting changes nothing: a default slider's letters are 14 px."""
    s = Slider("level", 0, 0, 150, 44, minimum=0, maximum=10, step=1)
    assert widget_views.slider_parts(s, pygame.Rect(0, 0, 150, 44))["size"] == 14
