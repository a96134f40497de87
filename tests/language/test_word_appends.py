"""MAKE "s WORD :s X in a fast loop joins in place (word_appends): word_appends.lgo prints
in every tier what UCBLogo printed for it; the join is compiled where the variable lives
in a loop's local and not elsewhere; the word shared with another variable, a list or a
float as the start or the piece, and RUN, RUNRESULT or CATCH changing the variable in X
(loops that keep their variables in the table today) print what the interpreter prints."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import TIERS, checks_itself, compiled_sources, in_both_tiers

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "word_appends.lgo", tiers)


@pytest.mark.parametrize("text, joined", [
    ("make \"s \" repeat 2000 [make \"s word :s \"a] print count :s", True),
    ("make \"s \" repeat 2000 [make \"s word \"a :s] print count :s", False),  # (in front)
    ("make \"s \" repeat 2000 [make \"t word :s \"a] print count :t", False),  # (another)
    ("make \"s \" repeat 20 [make \"s word :s \"a] print count :s", False),  # (not hot)
])
def test_the_join_in_place_where_the_variable_is_a_loops_local(
        monkeypatch: pytest.MonkeyPatch, text: str, joined: bool) -> None:
    ran, made = compiled_sources(monkeypatch, text + "\n")
    assert ran.ok, ran.errors
    assert any("+= _wp" in body for body in made) is joined


@pytest.mark.parametrize("text", [
    "make \"s \" repeat 1400 [make \"s word :s run [make \"s \"zz \"q]] show count :s",
    "make \"s \" repeat 1400 [make \"s word :s runresult [make \"s \"zz \"q]] show :s",
    "make \"s \"ab make \"k :s repeat 1200 [make \"s word :s \"c] show :k show count :s",
    "make \"s [] repeat 1200 [make \"s word :s \"c] show :s",
    "make \"s \" repeat 1400 [make \"s word :s catch \"t [make \"s \"zz \"q]] show count :s",
    "make \"s \" repeat 1200 [make \"s word :s ifelse repcount < 1100 [1.25] [\"x]] "
    "show count :s show last :s",
])
def test_what_the_loop_sees_is_what_the_interpreter_sees(text: str) -> None:
    in_both_tiers(text + "\n")
