"""The command center, driven with synthetic events: a paste of several lines runs them
in order, output wraps at word boundaries, the input line keeps its caret in view,
PageUp/PageDown move by what is visible and stop at the ends."""

from __future__ import annotations

import pygame

from logo.ui import clipboard
from logo.ui.command_center import CommandCenter, _wrap
from tests.ui.ui_driver import errors, idle, output, press, run_until, type_line, type_text

CTRL = pygame.KMOD_CTRL


def test_pasted_lines_run_one_by_one_in_order_as_typed(app):
    clipboard.put("print 1\r\nto twice :x\nprint :x * 2\nend\nrepeat 2 [print 3]\ntwice 4")
    press(pygame.K_v, CTRL)
    idle(app)
    run_until(app, lambda: not app.command.pasted and not app.session.busy)
    idle(app)
    assert output(app) == ["1", "twice defined", "3", "3", "8"], output(app)
    echoed = [text for kind, text in app.command.lines if kind == "in"]
    assert echoed[0] == "? print 1" and echoed[-1] == "? twice 4"
    assert app.command.history[-1] == "twice 4"


def test_one_pasted_line_waits_in_the_input_line(app):
    type_text("print ")
    clipboard.put("[привет мир]")
    press(pygame.K_v, CTRL)
    app.step()
    assert app.command.edit.text == "print [привет мир]"
    press(pygame.K_RETURN)
    idle(app)
    assert output(app) == ["привет мир"]


def test_esc_drops_the_rest_of_a_paste(app):
    clipboard.put("repeat 100000 [fd 0]\nprint 2\nprint 3\n")
    press(pygame.K_v, CTRL)
    app.step()
    run_until(app, lambda: app.session.busy)
    press(pygame.K_ESCAPE)
    idle(app)
    assert app.command.pasted == [] and "2" not in output(app)


def test_output_wraps_at_word_boundaries():
    assert _wrap("the quick brown fox jumps", 10) == ["the quick", "brown fox", "jumps"]
    assert _wrap("abcdefghijklmnop", 6) == ["abcdef", "ghijkl", "mnop"]  # one long word
    assert _wrap("short", 10) == ["short"]
    words = "print [" + " ".join(f"word{i}" for i in range(60)) + "]"
    rows = _wrap(words, 40)
    assert all(len(r) <= 40 for r in rows) and " ".join(rows) == words


def test_a_long_input_line_scrolls_and_keeps_the_caret_in_view(app):
    type_text('print "' + "x" * 300)
    app.step()
    edit = app.command.edit
    rect = app.rects["command"]
    assert edit.shift > 0
    caret_x = rect.x + 6 + app_font_width('? print "' + "x" * 300) - edit.shift
    assert rect.x < caret_x < rect.right - 6
    press(pygame.K_HOME)
    app.step()
    assert edit.shift == 0
    press(pygame.K_END)
    press(pygame.K_RETURN)
    idle(app)
    assert output(app) == ["x" * 300] and not errors(app)


def app_font_width(text: str) -> int:
    from logo.ui import style

    return style.font(14, mono=True).size(text)[0]


def test_page_up_and_down_move_by_what_is_visible_and_stop_at_the_ends(app):
    type_line(app, "repeat 120 [print repcount]")
    idle(app)
    command = app.command
    shown, total = command.rows_shown, command.rows_total
    assert total > 3 * shown
    press(pygame.K_PAGEUP)
    app.step()
    assert command.scroll == shown - 1
    for _ in range(50):
        press(pygame.K_PAGEUP)
    app.step()
    assert command.scroll == total - shown  # the first row at the top, no empty panel
    press(pygame.K_PAGEDOWN)
    app.step()
    assert command.scroll == total - shown - (shown - 1)
    for _ in range(50):
        press(pygame.K_PAGEDOWN)
    app.step()
    assert command.scroll == 0


def test_page_up_shows_every_row_once(app):
    """Paging back from the end and reading each page shows every row (none skipped)."""
    cc = CommandCenter()
    cc.feed([("out", "".join(f"line {i}\n" for i in range(100)))])
    surface = pygame.Surface((400, 200))
    rect = surface.get_rect()
    seen: set[int] = set()
    for _ in range(40):
        cc.draw(surface, rect, True)
        end = cc.rows_total - cc.scroll
        seen.update(range(max(0, end - cc.rows_shown), end))
        cc.key(pygame.K_PAGEUP)
    assert seen == set(range(100))


def test_a_pasted_line_after_a_launch_runs_beside_its_process(app):
    clipboard.put("launch [forever [wait 1]]\nprint 2\n")
    press(pygame.K_v, CTRL)
    run_until(app, lambda: "2" in output(app))
    assert app.session.busy  # the process runs on
    press(pygame.K_ESCAPE)
    idle(app)


def test_a_line_typed_while_a_paste_runs_runs_after_it(app):
    type_text("print ")
    clipboard.put("1\nwait 5 print 2\nprint 3\n")
    press(pygame.K_v, CTRL)
    type_line(app, "print 4")  # typed at once, before the pasted lines have run
    assert app.command.edit.text == ""
    run_until(app, lambda: not app.command.pasted and not app.session.busy)
    idle(app)
    assert output(app) == ["1", "2", "3", "4"]


def _colours_in(app, rect) -> set:
    """The colours of the screen's pixels inside ``rect`` (every other pixel)."""
    app.draw()
    return {tuple(app.screen.get_at((x, y)))[:3] for x in range(rect.x + 2, rect.right - 2, 2)
            for y in range(rect.y + 2, rect.bottom - 2, 2)}


def test_settextcolor_and_settextsize_show_in_the_command_center(app):
    rect = app.rects["command"]
    assert (248, 248, 250) in _colours_in(app, rect)  # the panel, before
    type_line(app, "settextcolor [100 0 0] [0 0 100]")
    type_line(app, "print [hello there]")
    idle(app)
    seen = _colours_in(app, rect)
    assert (0, 0, 255) in seen and (255, 0, 0) in seen  # red text on blue
    assert (248, 248, 250) not in seen
    height = app.command.size
    type_line(app, "settextsize 20")
    idle(app)
    assert app.command.size > height
    type_line(app, "settextsize 500")  # a size the panel keeps readable
    idle(app)
    assert app.command.size <= 28 and not errors(app)
    type_line(app, "settextsize 12")
    idle(app)
    assert app.command.size == height
    assert output(app)[-1] == "hello there"
