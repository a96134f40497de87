"""Widgets made by hand (logo/ui/widget_tools.py): the Add menu, a click on the page,
the properties dialog by keys, double and right clicks, Undo, Save, Russian."""

from __future__ import annotations

import pygame

from logo.ui.widget_dialog import WidgetDialog
from tests.ui.ui_driver import click, errors, idle, output, press, type_line, type_text, world


def choose_tool(app, kind: str) -> None:
    click(app, app.toolbar.rects["add"].center)
    menu = app.dialog
    keys = [k for k, _ in menu.items]
    for _ in range(keys.index(kind)):
        press(pygame.K_DOWN)
    press(pygame.K_RETURN)
    app.step()
    assert app.tools.placing == kind


def fill(app, values: dict[str, str]) -> None:
    """Type into the dialog's fields by Tab, as a learner would."""
    dialog = app.dialog
    assert isinstance(dialog, WidgetDialog)
    click(app, dialog.hits[dialog.keys[0]].center)  # the first field
    for key in dialog.keys:
        if key in values:
            for _ in dialog.edits[key].text:
                press(pygame.K_BACKSPACE)
            type_text(values[key])
        app.step()
        press(pygame.K_TAB)
        app.step()


def make(app, kind: str, at_page: tuple[int, int], values: dict[str, str]) -> None:
    choose_tool(app, kind)
    click(app, app.page_view.to_screen(*at_page))
    fill(app, values)
    press(pygame.K_RETURN)  # focus is on OK after the last field: OK
    idle(app)
    app.step()


def test_a_slider_made_by_hand_works_at_once_in_a_command(app):
    make(app, "slider", (40, 30), {"name": "size", "minimum": "10", "maximum": "90",
                                   "value": "30", "step": "5"})
    assert app.dialog is None and not errors(app)
    s = app.session.widgets.get("size")
    assert (s.x, s.y, s.minimum, s.maximum, s.value, s.step) == (40, 30, 10, 90, 30, 5)
    type_line(app, "fd size print size")
    idle(app)
    assert output(app)[-1] == "30" and world(app).pos() == (0.0, 30.0)


def test_a_forever_button_by_hand_and_its_instructions(app):
    choose_tool(app, "button")
    click(app, app.page_view.to_screen(100, 100))
    dialog = app.dialog
    fill(app, {"name": "go", "instructions": "fd 1 rt 1"})
    dialog.focus = dialog.ring.index("mode")
    type_text(" ")  # Space chooses forever
    press(pygame.K_RETURN)
    idle(app)
    b = app.session.widgets.get("go")
    assert b.forever and b.label == "go" and list(b.instructions) == ["fd", "1", "rt", "1"]


def test_a_mistake_keeps_the_dialog_open_with_its_message(app):
    type_line(app, "to size\nend")
    idle(app)
    choose_tool(app, "slider")
    click(app, app.page_view.to_screen(10, 10))
    fill(app, {"name": "size"})
    press(pygame.K_RETURN)
    idle(app)
    assert isinstance(app.dialog, WidgetDialog) and "size" in app.dialog.error
    fill(app, {"minimum": "9", "maximum": "1"})
    press(pygame.K_RETURN)
    idle(app)
    assert app.dialog.error.startswith("The minimum must be less")
    press(pygame.K_ESCAPE)
    app.step()
    assert app.dialog is None and app.session.widgets.get("size") is None


def test_double_click_changes_a_slider_and_keeps_its_place(app):
    type_line(app, '(newslider "level [20 20] 0 10 5 1)')
    idle(app)
    centre = app.widget_views.screen_rect(app.session.widgets.get("level")).center
    click(app, centre)
    click(app, centre)
    dialog = app.dialog
    assert isinstance(dialog, WidgetDialog) and dialog.edits["name"].text == "level"
    fill(app, {"step": "0.5", "width": "220"})
    press(pygame.K_RETURN)
    idle(app)
    s = app.session.widgets.get("level")
    assert (s.x, s.y, s.step, s.w) == (20, 20, 0.5, 220)


def test_right_click_menu_deletes_and_undo_brings_it_back(app, tmp_path):
    type_line(app, 'newbutton "go [20 20] [fd 10]')
    idle(app)
    centre = app.widget_views.screen_rect(app.session.widgets.get("go")).center
    click(app, centre, button=3)
    assert [k for k, _ in app.dialog.items] == ["edit", "delete"]
    press(pygame.K_DOWN)
    press(pygame.K_RETURN)
    idle(app)
    assert app.session.widgets.get("go") is None
    press(pygame.K_z, pygame.KMOD_CTRL)
    idle(app)
    assert app.session.widgets.get("go") is not None


def test_widgets_made_by_hand_are_saved_and_undone(app, tmp_path):
    make(app, "monitor", (300, 10), {"name": "where", "instructions": "xcor"})
    make(app, "plot", (10, 200), {"name": "p", "width": "250", "height": "120"})
    make(app, "text", (10, 400), {"name": "notes"})
    path = tmp_path / "page.lgo"
    app.session.save(str(path))
    idle(app)
    text = path.read_text()
    assert 'newmonitor "where [300 10] [xcor]' in text
    assert '(newplot "p [10 200] [250 120])' in text and 'newtext "notes [10 400]' in text
    press(pygame.K_z, pygame.KMOD_CTRL)
    idle(app)
    assert app.session.widgets.get("notes") is None
    assert app.session.widgets.get("p") is not None


def test_moving_a_widget_is_a_level_of_undo(app):
    from tests.ui.ui_driver import drag

    type_line(app, 'newslider "a [20 20] 0 10 5')
    idle(app)
    centre = app.widget_views.screen_rect(app.session.widgets.get("a")).center
    drag(app, centre, (centre[0] + 80, centre[1] + 40), button=3)
    idle(app)
    assert app.session.widgets.get("a").x > 60
    press(pygame.K_z, pygame.KMOD_CTRL)
    idle(app)
    assert app.session.widgets.get("a").rect()[:2] == (20, 20)


def test_esc_cancels_placing(app):
    choose_tool(app, "plot")
    press(pygame.K_ESCAPE)
    app.step()
    assert app.tools.placing is None and app.dialog is None


def test_the_dialog_in_russian():
    from logo.ui.app import App

    a = App(size=(640, 480), lang="ru")
    try:
        a.tools.open("slider", None, (10, 10))
        a.step()
        d = a.dialog
        assert d.title == "Новый бегунок" and d.labels["minimum"] == "Наименьшее"
        assert d.rect.w <= 640 and d.rect.bottom <= 480
    finally:
        a.close()
