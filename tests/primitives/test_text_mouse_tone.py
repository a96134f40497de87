"""The text window's font and colours, the mouse and TONE: UCBLogo's inputs and outputs,
what a program sees without a window (no button, [0 0], a silent TONE at once) and the
window's host turning the page's mouse into turtle coordinates."""

from __future__ import annotations

from types import SimpleNamespace

from logo.turtle.world import TurtleWorld
from logo.ui.window_host import WindowHost
from tests.support import run_logo, run_ok


def test_font_and_text_size_are_remembered():
    ran = run_ok("show font show textsize settextsize 20 show textsize increasefont "
                 "show textsize decreasefont decreasefont show textsize setfont \"Monospace "
                 "show font setfont 5 show font settc 4 [100 100 0] settextcolor \"red 7")
    assert ran.output == "Courier\n12\n20\n22\n18\nMonospace\n5\n"


def test_bad_text_sizes_are_errors():
    ran = run_logo('catch "error [settextsize 2.5] show error '
                   'catch "error [settextsize 0] show error show textsize')
    assert ran.output == ("[7 settextsize doesn't like 2.5 as input [] []]\n"
                          "[7 settextsize doesn't like 0 as input [] []]\n12\n")


def test_text_colour_reaches_the_host():
    seen = []
    ran = run_logo("settextcolor 15 [0 0 100]", interp=None)
    assert ran.ok
    interp = ran.interp
    interp.host.text_style = lambda *style: seen.append(style)  # type: ignore[method-assign]
    run_logo("settextcolor [100 0 0] 9.9 settextsize 30", interp=interp)
    assert seen[0][2] == ((255, 0, 0), (255, 255, 255)) and seen[1][1] == 30


def test_without_a_window_the_mouse_is_still_and_tone_is_silent():
    ran = run_ok("show buttonp show button show mousepos show clickpos tone 440 15 "
                 "tone 440 -1 show arity \"tone")
    assert ran.output == "false\n0\n[0 0]\n[0 0]\n[2 2 2]\n"
    assert ran.interp.host.clock == 0  # no wait without sound
    bad = run_logo('catch "error [tone "a 1] show error')
    assert bad.output == "[7 tone doesn't like a as input [] []]\n"


def test_window_host_reports_the_mouse_in_turtle_coordinates():
    host = WindowHost()
    world = TurtleWorld(200, 100)
    host.interp = SimpleNamespace(turtle_world=world)
    page = world.page
    col, row = page.to_pixel(30, 20)
    host.note_mouse((col + 0.0, row + 0.0), True)
    held, pos, _ = host.mouse()
    assert not held and abs(pos[0] - 30) <= 1 and abs(pos[1] - 20) <= 1
    host.note_mouse((col + 0.0, row + 0.0), True, 1, True)
    assert host.mouse()[0] and host.take_button() == 1 and host.take_button() == 0
    host.note_mouse((0.0, 0.0), False)  # dragged out with the button held: still followed
    assert host.mouse()[0] and host.mouse()[1][0] < -90
    host.note_mouse((0.0, 0.0), False, 0, False)
    assert not host.mouse()[0] and host.mouse()[2] == pos
