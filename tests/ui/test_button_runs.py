"""A once button's work runs as a typed line does (logo/ui/buttons.py): the monitors
and plots on the page stay live while it runs, STOP in it ends it quietly, and a click
while it runs does nothing more."""

from __future__ import annotations

import time

from tests.ui.ui_driver import click, errors, idle, run_until, type_line, widget_centre


def test_a_monitor_and_a_plot_change_while_a_buttons_loop_counts(app):
    type_line(app, 'make "n 0 newmonitor "m [400 20] [:n] (newplot "p [20 100] [200 100])')
    type_line(app, 'newbutton "go [20 20] [repeat 60 [make "n :n + 1 plotxy "p :n :n '
                   'wait 1]]')  # a second
    idle(app)
    monitor = app.session.widgets.get("m")
    click(app, widget_centre(app, "go"))
    run_until(app, lambda: app.session.busy)
    seen = set()
    end = time.monotonic() + 30
    while app.session.busy and time.monotonic() < end:
        app.step()
        seen.add(monitor.text)
        time.sleep(0.005)
    idle(app)
    assert len(seen - {"", "0", "60"}) >= 2, seen  # values seen while it counted
    assert len(app.session.widgets.get("p").pens["default"].points) == 60
    assert not errors(app)


def test_a_monitor_follows_a_variable_that_a_tight_loop_keeps_in_a_local(app):
    """``forever [make "n :n + 1]`` keeps :n in a Python local (loop_locals.py): the
    monitor still sees it count, as the turns write it back."""
    type_line(app, 'make "n 0 newmonitor "m [400 20] [:n]')
    idle(app)
    monitor = app.session.widgets.get("m")
    type_line(app, 'forever [make "n :n + 1]')
    run_until(app, lambda: app.session.busy)
    seen = set()
    end = time.monotonic() + 30
    while len(seen - {"", "0"}) < 3 and time.monotonic() < end:
        app.step()
        seen.add(monitor.text)
        time.sleep(0.005)
    click(app, app.toolbar.rects["stop"].center)
    idle(app)
    assert len(seen - {"", "0"}) >= 3, seen
    assert app.session.interp.get_var("n") >= max(int(v) for v in seen - {""})


def test_stop_in_a_button_ends_it_quietly_and_a_second_click_waits(app):
    type_line(app, 'make "k 0 newbutton "go [20 20] [make "k :k + 1 wait 30 stop fd 10]')
    idle(app)
    b = app.session.widgets.get("go")
    click(app, widget_centre(app, "go"))
    run_until(app, lambda: b.running)
    click(app, widget_centre(app, "go"))  # still at work: nothing more
    idle(app)
    assert app.session.interp.get_var("k") == 1 and not b.running
    assert app.session.interp.world.pos() == (0.0, 0.0) and not errors(app)
