"""A button's properties, found by a learner: its clicks run it (a double click runs it
twice, never opens the dialog), Ctrl+click, Alt+click or a right click opens its
properties without running it, and the tooltip of a button the mouse rests on says so,
in English and Russian (logo/ui/widget_tools.py, widget_views.py)."""

from __future__ import annotations

import pygame
import pytest

from logo.ui import widget_views
from logo.ui.app import App
from logo.ui.widget_dialog import WidgetDialog
from tests.ui.ui_driver import SIZE, click, idle, post, type_line


def _button(app) -> tuple[int, int]:
    type_line(app, 'make "n 0')
    type_line(app, 'newbutton "go [20 20] [make "n :n + 1]')
    idle(app)
    return app.widget_views.screen_rect(app.session.widgets.get("go")).center


def _count(app) -> str:
    type_line(app, "print :n")
    idle(app)
    lines = [t for k, t in app.command.lines if k == "out"]
    return lines[-1].strip()


def test_a_double_click_runs_a_button_twice_and_opens_nothing(app):
    centre = _button(app)
    click(app, centre)
    idle(app)
    click(app, centre)
    idle(app)
    assert app.dialog is None
    assert _count(app) == "2"


@pytest.mark.parametrize("mod", [pygame.KMOD_LCTRL, pygame.KMOD_LALT])
def test_ctrl_or_alt_click_opens_the_properties_without_running(app, mod):
    centre = _button(app)
    pygame.key.set_mods(mod)
    try:
        click(app, centre)
    finally:
        pygame.key.set_mods(pygame.KMOD_NONE)
    idle(app)
    dialog = app.dialog
    assert isinstance(dialog, WidgetDialog) and dialog.edits["name"].text == "go"
    assert "make" in dialog.edits["instructions"].text
    app.dialog = None
    assert _count(app) == "0"


def test_ctrl_click_opens_a_sliders_properties_too(app):
    type_line(app, '(newslider "level [20 80] 0 10 5 1)')
    idle(app)
    centre = app.widget_views.screen_rect(app.session.widgets.get("level")).center
    pygame.key.set_mods(pygame.KMOD_LCTRL)
    try:
        click(app, centre)
    finally:
        pygame.key.set_mods(pygame.KMOD_NONE)
    assert isinstance(app.dialog, WidgetDialog)
    assert app.session.widgets.get("level").value == 5  # not slid by the click


@pytest.mark.parametrize("lang,words", [("en", "Ctrl+click"), ("ru", "Ctrl+щелчок")])
def test_the_tooltip_of_a_resting_mouse_says_how(lang, words, monkeypatch):
    a = App(size=SIZE, lang=lang)
    try:
        centre = _button(a)
        views = a.widget_views
        assert words in views.button_hint
        drawn: list[str] = []
        real = widget_views.style.text

        def spy(surface, text, pos, *args, **kw):
            drawn.append(text)
            return real(surface, text, pos, *args, **kw)

        monkeypatch.setattr(widget_views.style, "text", spy)
        post(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))
        a.step()
        assert views.hovered[0] is a.session.widgets.get("go")
        assert views.button_hint not in drawn  # not at once
        views.hovered = (views.hovered[0], views.hovered[1] - 2 * widget_views.HINT_AFTER)
        a.step()
        assert any(words in t for t in drawn)
        drawn.clear()
        click(a, centre)  # a click dismisses it (the button runs) till the mouse leaves
        idle(a)
        views.hovered = (views.hovered[0], views.hovered[1] - 10)
        a.step()
        assert not any(words in t for t in drawn)
        post(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0))
        a.step()
        a.step()
        assert not any(words in t for t in drawn)  # the mouse left: gone
    finally:
        a.close()
