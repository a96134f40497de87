"""Words in loops (inline_arrays.hoist holds a word's characters for ITEM; BUTLAST and
BUTFIRST of long words): every tier prints what UCBLogo printed for ``word_forms.lgo``,
and both tiers agree on what UCBLogo cannot show (Unicode, a variable that changes from
a word to an array and back while a loop reads it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import TIERS, checks_itself, in_both_tiers

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "word_forms.lgo", tiers)


def test_unicode_words_and_a_variable_that_changes_kind() -> None:
    said = in_both_tiers(
        "to codes :w\nlocalmake \"c 0\nrepeat count :w [make \"c :c + ascii item repcount :w]\n"
        "output :c\nend\nprint codes \"ёжик\\ я\n"
        "to mixed :w\nlocalmake \"out []\n"
        "repeat 3 [make \"out lput item 2 :w :out]\noutput :out\nend\n"
        "show mixed \"αβγ\nshow mixed {x y z}\nshow mixed [p q r]\nshow mixed 456\n"
        "to late\nlocalmake \"w \"abc\nlocalmake \"out []\n"
        "repeat 3 [make \"out lput item 1 :w :out setw]\noutput :out\nend\n"
        "to setw\nmake \"w {9 8}\nend\nshow late\n")
    assert said == "5480\n[β β β]\n[y y y]\n[q q q]\n[5 5 5]\n[a 9 9]\n", said
