"""Chains of BUTFIRST and BUTLAST of one word and what ends them (word_chains.py),
NUMBERP of a word (inline_parts.py), EQUALP of a word typed (inline_compare.py):
``word_chain_forms.lgo`` prints what UCBLogo printed for it in every tier (words, lists,
numbers, words with bars, words too short: the error naming the link; numbers as words;
CASEIGNOREDP); and the inline NUMBERP agrees with the primitive on words UCBLogo reads
otherwise (a full-width digit)."""

from __future__ import annotations

from pathlib import Path

import pytest

from logo.language.atoms import is_number
from tests.support import TIERS, checks_itself, run_ok

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "word_chain_forms.lgo", tiers)


@pytest.mark.parametrize("word", ["\uff15", "1\uff15", "\u00b2", "\u0665", "x\uff15", "12\u00b2"])
def test_numberp_of_a_word_is_the_primitives_answer_in_a_loop(word: str) -> None:
    text = (f'make "w "{word}\nmake "n 0\nrepeat 3000 [if numberp :w [make "n :n + 1] '
            f'if numberp bf :w [make "n :n + 1]]\nprint :n\n')
    expected = 3000 * (is_number(word) + is_number(word[1:]))
    for tiers in ("interpret", "compile"):
        assert run_ok(text, tiers=tiers).printed == f"{expected}\n"
