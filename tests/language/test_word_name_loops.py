"""Word, name and property-list primitives in fast loops (inline_words, inline_names,
inline_plists, inline_arrays, name_families): the Logo file's lines are UCBLogo's, in
every tier; the compiled forms are the inline ones."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.support import TIERS, checks_itself, run_in_both_tiers
from tests.support import compiled_sources as sources

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


@pytest.mark.parametrize("text, inline, line", [  # (a whole number: its digits, no call)
    ("to f :n\nfor [i 1 :n] [make \"w word \"item :i]\noutput :w\nend\nprint f 3",
     r"'item' \+ _(p\d+) if \(\(_t_\1 := type\(\(_\1 := _v\d+\)\)\) is str\) "
     r"else 'item' \+ str\(_\1\) if _t_\1 is int else", "item3"),
    ("to f :n\nrepeat :n [make \"w word \"x 1 + :n]\noutput :w\nend\nprint f 3",
     r"\('x' \+ str\(_(p\d+)\) if \(\(_t_\1 := type\(", "x4"),
    ("to f :n\nrepeat :n [make \"w word \"x repcount]\noutput :w\nend\nprint f 3",
     r"\('x' \+ str\(_i\d+\)\)", "x3"),
])
def test_word_of_a_whole_number_joins_its_digits_without_the_primitive(
        monkeypatch: Any, text: str, inline: str, line: str) -> None:
    ran, made = sources(monkeypatch, text)
    assert ran.lines == [line]
    assert any(re.search(inline, source) for source in made), made
