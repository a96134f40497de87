"""PRINT compiled as the line written (print_forms.py): ``print_forms.lgo`` prints what
UCBLogo printed for it in every tier (words, whole numbers small and big, floats, lists,
arrays, words with bars, TRUE, errors in the input naming procedure and line); and a
PRINT whose writer fails is the same error, in the same place, in both tiers."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import TIERS, checks_itself, run_logo

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "print_forms.lgo", tiers)


def test_an_error_of_the_writer_is_placed_the_same_in_both_tiers(monkeypatch: pytest.MonkeyPatch) -> None:
    from logo.language.errors import LogoError
    from logo.session.interpreter import Interpreter

    def failing(self: Interpreter, text: str) -> None:
        raise LogoError("file_error", what="out.txt")

    monkeypatch.setattr(Interpreter, "write", failing)
    text = "to f :n\nrepeat 2 [print :n]\nend\nf 1\n"
    compiled = run_logo(text, tiers="compile")
    interpreted = run_logo(text, tiers="interpret")
    assert compiled.errors == interpreted.errors
    assert "in f (line 2)" in compiled.errors, compiled.errors
