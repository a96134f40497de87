"""The lessons in the window (SDL's dummy driver): opened as files, driven by clicks on
their buttons, drawing what they draw headless."""

from __future__ import annotations

from logo.turtle import palette
from tests.microworlds.lessons.lesson_support import lesson_path, run_lesson
from tests.ui.ui_driver import SIZE, click, frames_for, idle, run_until, type_line, widget_centre


def open_lesson(name: str):
    """The window with the lesson loaded (after RERANDOM: its pen colours repeat)."""
    from logo.ui.app import App

    app = App(size=SIZE, lang="en")
    type_line(app, "(rerandom 3)")
    idle(app)
    app.session.load(str(lesson_path(name)))
    idle(app, timeout=30)
    return app


def test_fractree_buttons_in_the_window():
    app = open_lesson("fractree")
    try:
        interp = app.session.interp
        assert interp.get_var("level") == 98  # the opening picture was drawn
        click(app, widget_centre(app, "reset"))
        idle(app, timeout=30)
        page = interp.world.page
        assert interp.get_var("level") == 0
        inside = tuple(page.pixels[int(page.cy), int(page.cx)])
        assert inside == palette.number_to_rgb(9)  # the empty scene
        click(app, widget_centre(app, "kokh"))
        idle(app, timeout=30)
        assert interp.get_var("level") == 98
        app.step()
    finally:
        app.close()


def test_brush_buttons_draw_what_the_headless_lesson_draws():
    app = open_lesson("brush")
    try:
        click(app, widget_centre(app, "clear"))
        click(app, widget_centre(app, "engine"))
        idle(app, timeout=30)
        headless = run_lesson("brush", after="cg ht engine_brush")
        assert (app.session.interp.world.page.pixels == headless.world.page.pixels).all()
    finally:
        app.close()


def test_cat_stop_stops_every_button_and_reset_brings_the_cat_back():
    app = open_lesson("cat")
    try:
        interp, sched = app.session.interp, app.session.scheduler
        walk = interp.page_widgets.get("walk")
        click(app, widget_centre(app, "walk"))
        run_until(app, lambda: sched.button_process(walk) is not None, timeout=30)
        frames_for(app, 0.5)
        click(app, widget_centre(app, "stop"))
        run_until(app, lambda: sched.button_process(walk) is None and not walk.running
                  and not app.session.busy, timeout=30)
        assert not sched.processes  # every running button stopped, the walk too
        type_line(app, "setm1 20 setm2 5 setspeed 2.4 repeat 48 [walking]")
        idle(app, timeout=60)
        click(app, widget_centre(app, "reset"))
        idle(app, timeout=30)
        type_line(app, 'make "got (list m1 m2 speed cat.const "M1 cat.const "M2 cat.time)')
        idle(app, timeout=30)
        assert list(interp.get_var("got")) == [3, 60, 0.8, 3, 60, 0]
    finally:
        app.close()
