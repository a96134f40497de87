"""ITEM of a word compiled inline (inline_arrays.general_item and _item_of_word):
``item_words.lgo`` prints what UCBLogo printed for it in every tier (a plain word's character, a number's
digit, a word typed at an index typed or computed, a list and an array beside them, and
the errors of index 0, past the end, -1, 2.5, "x, an empty word, a list as index, in a
procedure and at top level)."""

from __future__ import annotations

from pathlib import Path

import pytest

from logo.command_line.self_checks import expectations
from tests.support import run_logo

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", ["interpret", "compile", "auto"])
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    path = HERE / "item_words.lgo"
    ran = run_logo(path.read_text(), str(path), tiers=tiers)
    assert ran.ok, ran.errors
    assert ran.lines == expectations(path.read_text())
