"""Plots and monitors in the window (synthetic events, SDL's dummy driver): they are
drawn on the page, and they change while the cat walks; a monitor is evaluated several
times a second with nothing running, and a plot and a monitor saved by the window come
back."""

from __future__ import annotations

import numpy as np
import pygame

from logo.session.lessons import shipped_lessons
from tests.ui.ui_driver import click, errors, frames_for, idle, run_until, type_line

LESSONS = {ls.name: ls for ls in shipped_lessons()}
LEGS = ("LH", "LF")  # two legs' monitors


def region(app, name: str) -> np.ndarray:
    """The screen's pixels where the widget ``name`` is drawn."""
    rect = app.widget_views.screen_rect(app.session.widgets.get(name))
    return pygame.surfarray.array3d(app.screen.subsurface(rect)).copy()


def test_a_plot_and_monitors_change_while_the_cat_walks(app):
    app.actions.open_lesson(LESSONS["cat"].lgo_path)
    idle(app)
    before = {name: region(app, name) for name in ("gait", "LH", "LF")}
    walk = app.widget_views.screen_rect(app.session.widgets.get("walk"))
    click(app, walk.center)  # the forever button: the cat walks
    gait = app.session.widgets.get("gait")
    run_until(app, lambda: len(gait.pens["rf"].points) >= 24, timeout=30)
    # the legs' monitors tick a few times a second: frames until one shows a change (on a
    # loaded machine few ticks fit in a fixed time)
    run_until(app, lambda: any((region(app, leg) != before[leg]).any() for leg in LEGS),
              timeout=30)
    middle = {name: region(app, name) for name in before}
    run_until(app, lambda: len(gait.pens["rf"].points) >= 40, timeout=30)
    frames_for(app, 0.5)
    click(app, walk.center)  # off
    idle(app)
    after = region(app, "gait")
    assert (before["gait"] != middle["gait"]).any() and (middle["gait"] != after).any()
    red = (middle["gait"][..., 0] > 180) & (middle["gait"][..., 1] < 90)
    assert red.sum() > 30  # LH's pen drew its line
    texts = {app.session.widgets.get(leg).text for leg in ("LH", "LF", "RH", "RF")}
    assert texts <= {str(n) for n in range(1, 7)}, texts
    assert any((before[leg] != middle[leg]).any() for leg in LEGS)
    assert not errors(app)


def test_a_monitor_follows_a_variable_with_nothing_running(app):
    type_line(app, 'make "n 1 newmonitor "n [10 10] [:n * 2]')
    idle(app)
    monitor = app.session.widgets.get("n")
    run_until(app, lambda: monitor.text == "2")
    shown = region(app, "n")
    app.session.interp.vars["n"] = 21  # (as a program would, with no command running)
    run_until(app, lambda: monitor.text == "42")
    app.step()
    assert (region(app, "n") != shown).any()
    assert not app.session.busy


def test_the_window_saves_a_plot_and_a_monitor(app, tmp_path):
    path = tmp_path / "p.lgo"
    type_line(app, '(newplot "p [10 10] [200 100]) plotxy "p 1 1e-300 plotxy "p 2 -3 '
                   'newmonitor "m [300 10] [count plotpoints "p]')
    idle(app)
    app.session.save(str(path))
    idle(app)
    text = path.read_text()
    assert 'plotxy "p 1 1e-300 plotxy "p 2 -3' in text and 'newmonitor "m' in text


def test_the_windows_png_and_svg_exports_show_the_plot_and_the_monitor(app, tmp_path):
    from tests.support import read_png

    type_line(app, '(newplot "p [10 10] [200 100]) (plotpen "p "up 15) plotxy "p 0 0 '
                   'plotxy "p 1 1 make "n 3 newmonitor "m [300 10] [:n]')
    idle(app)
    run_until(app, lambda: app.session.widgets.get("m").text == "3")
    app.session.export(str(tmp_path / "page.png"), "png")
    app.session.export(str(tmp_path / "page.svg"), "svg")
    idle(app)
    page = read_png(tmp_path / "page.png")
    plot = page[10:110, 10:210]
    assert ((plot[..., 0] > 180) & (plot[..., 1] < 90)).sum() > 50  # the red pen
    assert (page[10:36, 300:410] < 100).any()  # the monitor's text
    assert "m: 3" in (tmp_path / "page.svg").read_text()
