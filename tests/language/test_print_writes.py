"""PRINT, TYPE and SHOW of any number of inputs compiled as the line written
(print_forms.py): ``print_writes.lgo`` prints what UCBLogo printed for it in every tier
(words, empty words, words with bars, whole numbers small and big, floats as UCBLogo
writes them, lists nested, arrays, SENTENCE/LIST/WORD results, REPEAT's counter, FOR,
FOREACH, an error in the middle of a line's writes); the compiled text is the
interpreter's to the character, trailing spaces too; and the writes take the quick
way only while it is armed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import TIERS, checks_itself, run_logo

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "print_writes.lgo", tiers)


@pytest.mark.parametrize("tiers", TIERS)
def test_the_text_is_ucblogos_to_the_character(tiers: str) -> None:
    ran = run_logo((HERE / "print_exact.lgo").read_text(), tiers=tiers)
    assert ran.ok, ran.errors
    assert ran.printed == (HERE / "print_exact.out").read_text()


def test_a_stop_in_a_print_loop_stops_it_with_the_lines_whole() -> None:
    import threading

    from logo.session.host import BufferHost
    from logo.session.interpreter import Interpreter

    host = BufferHost()
    I = Interpreter(host, tiers="compile")
    threading.Timer(0.3, I.request_stop).start()
    I.run_source("forever [print repcount]\n")
    assert "Stopped" in "".join(host.errors), host.errors
    lines = [ln for ln in host.output.splitlines() if ln and ln[0].isdigit()]
    assert len(lines) > 10
    assert lines == [str(k) for k in range(1, len(lines) + 1)]


def test_writes_go_the_whole_way_when_the_writer_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """A host whose write is its own is never given the quick way: its failure is PRINT's
    and TYPE's error, placed as before."""
    from logo.language.errors import LogoError
    from logo.session.host import BufferHost

    class Failing(BufferHost):
        def write(self, text: str) -> None:
            raise LogoError("file_error", what="out.txt")

    for tiers in ("compile", "interpret"):
        from logo.session.interpreter import Interpreter

        I = Interpreter(Failing(), tiers=tiers)
        ran = run_logo('to f :n\nrepeat 2 [type :n]\nend\nf 1\n', interp=I)
        assert "type" in ran.errors and "in f (line 2)" in ran.errors, ran.errors
