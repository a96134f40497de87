"""Word, name and property-list primitives in fast loops (inline_words, inline_names,
inline_plists, inline_arrays, name_families): the Logo file's lines are UCBLogo's, in
every tier; the compiled forms are the inline ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import TIERS, checks_itself, run_in_both_tiers

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "word_name_loops.lgo", tiers)


@pytest.mark.parametrize("text, lines", [
    ("pprop \"p 7 \"seven repeat 1200 [make \"x gprop \"p 3 + 4] print :x", ["seven"]),
    ("make \"l [a b c] repeat 1200 [make \"x item 1 + remainder repcount 3 :l] print :x", ["a"]),
    ("make \"l [a b c] make \"m fput \"z :l repeat 1200 [make \"x item 2 :m] print :x", ["a"]),
    ("make \"v1 5 make \"s 0 repeat 1200 [make \"s :s + thing word \"V 1] print :s", ["6000"]),
    ("make \"s 0 repeat 1200 [make word \"x repcount :s make \"s :s + 1] print :x1200", ["1199"]),
])
def test_the_inline_forms_agree_between_tiers(text: str, lines: list[str]) -> None:
    assert run_in_both_tiers(text).lines == lines
