"""The window's parts on their own: words, the command center's text, the speed curve,
and the fallback to the REPL where no window opens."""

from __future__ import annotations

import pygame

import tests.ui.ui_driver  # noqa: F401
from logo.language.errors import LogoError
from logo.ui.command_center import CommandCenter, LineEdit
from logo.ui.i18n import Words, pick_language
from logo.ui.window_host import speed_delay
from tests.support import CHILD_ENV, run_cli


def test_the_language_comes_from_the_option_or_the_locale(monkeypatch):
    assert pick_language("ru") == "ru" and pick_language("en") == "en"
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert pick_language(None) == "ru"
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert pick_language(None) == "en"


def test_the_window_s_words_come_from_the_catalogue():
    assert Words("ru")("stop") == "Стоп" and Words("en")("saved", path="a.lgo") == "Saved a.lgo"
    assert Words("ru")("no.such.word") == "no.such.word"


def test_errors_are_translated_with_their_place():
    err = LogoError("doesnt_like", who="fd", what="x")
    err.proc, err.lineno = "square", 2
    assert Words("en").error(err).startswith("fd doesn't like x as input\n  in square")
    assert Words("ru").error(err).startswith("fd не понимает x как вход\n  в square (строка 2)")


def test_output_and_errors_keep_their_order_and_partial_lines():
    cc = CommandCenter()
    cc.feed([("out", "a"), ("out", "b\nc\n"), ("err", "oops\n"), ("out", "d")])
    assert cc.lines == [("out", "ab"), ("out", "c"), ("err", "oops"), ("out", "d")]
    cc.feed([("clear", "")])
    assert cc.lines == []


def test_the_command_center_reads_on_while_a_paren_is_open():
    cc = CommandCenter()
    cc.text_input("print (sum 1 2 ; more below")
    assert cc.key(pygame.K_RETURN) is None and cc.prompt == "~ "
    cc.text_input("3 4)")
    assert cc.key(pygame.K_RETURN) == "run" and cc.prompt == "? "
    assert cc.take() == "print (sum 1 2 ; more below\n3 4)"
    assert cc.lines[-1] == ("in", "~ 3 4)")
    cc.text_input("to f")
    assert cc.key(pygame.K_RETURN) is None and cc.prompt == "> "


def test_the_line_editor():
    e = LineEdit("fd 10")
    e.key(pygame.K_HOME)
    e.insert("pu ")
    e.key(pygame.K_END)
    e.key(pygame.K_BACKSPACE)
    assert e.text == "pu fd 1" and e.cursor == 7


def test_the_speed_curve():
    assert speed_delay(100) == 0
    assert speed_delay(0) == 0.25
    assert speed_delay(20) > speed_delay(50) > speed_delay(90) > 0


def test_without_a_window_logo_says_so_and_starts_the_repl():
    env = dict(CHILD_ENV, SDL_VIDEODRIVER="x11", DISPLAY=":9999")
    result = run_cli(stdin="print 2 + 3\n", env=env)
    assert "can't open the window" in result.stderr
    assert "5" in result.stdout
