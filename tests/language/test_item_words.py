"""ITEM of a word compiled inline (inline_arrays.general_item and _item_of_word):
``item_words.lgo`` prints what UCBLogo printed for it in every tier (a plain word's character, a number's
digit, a word typed at an index typed or computed, a list and an array beside them, and
the errors of index 0, past the end, -1, 2.5, "x, an empty word, a list as index, in a
procedure and at top level)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import TIERS, checks_itself

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "item_words.lgo", tiers)
