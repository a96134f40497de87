"""Any size, readable, and Pause/Step/Stop on the toolbar: every toolbar control on the
window at 1280x960, 800x600 and 640x480 in English and Russian; a minimum window
size; the page at 1:1 when it fits; slider text never under its knob."""

from __future__ import annotations

import itertools

import pygame
import pytest

from logo.session.widgets import SLIDER_SIZE, Slider
from logo.ui import plot_view
from logo.ui.app import MIN_SIZE, App
from logo.ui.widget_views import slider_parts
from tests.ui.ui_driver import click, idle, run_until, type_line

SIZES = ((1280, 960), (800, 600), (640, 480))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_every_toolbar_control_is_on_the_window(lang, size):
    a = App(size=size, lang=lang)
    try:
        t = a.toolbar
        f = pygame.font.Font(None, 1)  # (fonts are initialised)
        del f
        speed_label = t.speed_rect.inflate(0, 0)
        speed_label.x -= 80  # the word "Speed" (or "Скорость") left of the track
        parts = [*t.rects.values(), speed_label.union(t.speed_rect)]
        for r in parts:
            assert r.left >= 0 and r.right <= size[0] and r.bottom <= t.height, r
        for r1, r2 in itertools.combinations(t.rects.values(), 2):
            assert not r1.colliderect(r2)
        assert a.rects["page"].top >= t.height
        assert a.rects["status"].bottom <= size[1]
        click(a, t.rects["add"].center)  # a click reaches the last buttons too
        assert a.dialog is not None
    finally:
        a.close()


def test_the_window_has_a_minimum_size(app):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert pygame.Window.from_display_module().minimum_size == MIN_SIZE


def test_the_page_is_shown_at_1_to_1_when_it_fits_and_smaller_otherwise():
    big, small = App(size=(1280, 960), lang="en"), App(size=(640, 480), lang="en")
    try:
        for a in (big, small):
            a.step()
        assert big.page_view.scale == 1.0 and big.page_view.rect.size == (801, 601)
        assert 0.2 < small.page_view.scale < 1
        assert small.rects["page"].contains(small.page_view.rect)
    finally:
        big.close()
        small.close()


def test_a_sliders_knob_never_covers_its_name_or_value():
    for w, h in itertools.product((60, 100, 150, 300), (24, 30, 44, 60)):
        for value in (0, 5, 10):
            s = Slider("a_long_slider_name", 0, 0, w, h, minimum=0, maximum=10, step=1 / 6)
            s.set_value(value)
            rect = pygame.Rect(0, 0, w, h)
            p = slider_parts(s, rect)
            r = p["radius"]
            knob = pygame.Rect(p["knob"][0] - r, p["knob"][1] - r, 2 * r, 2 * r)
            assert not knob.colliderect(p["name_rect"]) and not knob.colliderect(p["value_rect"])
            assert not p["name_rect"].colliderect(p["value_rect"])
            assert rect.contains(p["value_rect"])


def test_widget_text_is_at_least_12_px_and_a_sixth_step_shows_two_decimals():
    s = Slider("level", 0, 0, *SLIDER_SIZE, minimum=0, maximum=10, step=1 / 6)
    s.set_value(4.83)
    p = slider_parts(s, pygame.Rect(0, 0, *SLIDER_SIZE))
    assert p["size"] >= 12 and p["value"] == "4.83"
    assert plot_view.PLOT_TEXT >= 12 and plot_view.MONITOR_TEXT >= 12


def test_pause_step_and_stop_on_the_toolbar(app):
    type_line(app, 'make "n 0 forever [make "n :n + 1]')
    run_until(app, lambda: app.session.busy and "n" in app.session.interp.vars)
    click(app, app.toolbar.rects["pause"].center)
    run_until(app, lambda: app.session.host.wants_line)
    n = app.session.interp.get_var("n")
    idle_frames = 20
    for _ in range(idle_frames):
        app.step()
    assert app.session.interp.get_var("n") == n  # paused
    click(app, app.toolbar.rects["pause"].center)  # Pause again goes on

    def counting() -> bool:  # (a loop keeps :n in a local: it is written back at the
        app.session.scheduler.request_between()  # turns, where monitors read it too)
        return not app.session.host.wants_line and app.session.interp.get_var("n") > n

    run_until(app, counting)
    click(app, app.toolbar.rects["stop"].center)
    idle(app)
    assert not app.session.busy


def test_the_step_button_runs_one_stepped_line(app):
    type_line(app, "to two\nfd 10\nfd 20\nend")
    type_line(app, 'step "two')
    type_line(app, "two")
    run_until(app, lambda: app.pane.step_labels is not None)
    click(app, app.toolbar.rects["step"].center)
    run_until(app, lambda: app.session.interp.world.pos() == (0.0, 10.0))
    click(app, app.toolbar.rects["step"].center)
    idle(app)
    assert app.session.interp.world.pos() == (0.0, 30.0)
