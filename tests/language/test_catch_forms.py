"""CATCH as an operation compiled inline (catch_forms.reporter_catch): catch_values.lgo
prints in every tier what UCBLogo printed for it; its CATCHes are compiled as functions
with their try, the ones left to the primitive are not; STOP and OUTPUT in the list
and the cases left to the primitive do what the interpreting tier does."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import TIERS, checks_itself, compiled_sources, in_both_tiers

HERE = Path(__file__).parent
FIND = "to find :n\nif :n > 2 [(throw \"found :n * 10)]\nfind :n + 1\nend\n"


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "catch_values.lgo", tiers)


@pytest.mark.parametrize("line, inline", [
    ("show 1 + catch \"found [find 0]", True),
    ("show catch \"Found [find 0]", True),
    ("show catch \"error [10 * 3]", False),  # (errors are caught too: the primitive's)
    ("show catch \"true [(throw \"any 30)]", False),
    ("show catch word \"fou \"nd [find 0]", False),  # (a computed tag)
    ("make \"l [find 0] show catch \"found :l", False),  # (no literal list)
])
def test_a_typed_tag_and_a_literal_list_are_compiled_inline(
        monkeypatch: pytest.MonkeyPatch, line: str, inline: bool) -> None:
    ran, made = compiled_sources(monkeypatch, FIND + f"repeat 2 [{line}]\n")
    assert ran.ok, ran.errors
    assert ran.printed in ("30\n30\n", "31\n31\n")
    assert any("def _kc" in text and "except THROW" in text for text in made) is inline


@pytest.mark.parametrize("text", [
    "to early :n\nshow catch \"found [if :n > 1 [output :n * 100] 5]\noutput 0\nend\n"
    "show early 1\nshow early 2\n",
    "to halt :n\nshow catch \"found [if :n > 1 [stop] 7]\nshow \"after\nend\nhalt 1\nhalt 2\n",
    "to tagged :t\noutput catch \"a [(throw :t 4)]\nend\nshow catch \"b [tagged \"b]\n"
    "show tagged \"a\n",
    "to loop :n\nlocalmake \"s 0\nrepeat :n [make \"s :s + catch \"found [find "
    "repcount]]\noutput :s\nend\nshow loop 3\n",
    "make \"erract [print \"recovered]\nshow 1 + catch \"found [find 0]\n",
    "to f :x\noutput catch \"found [if :x > 1 [(throw \"found :x)] :x - 1]\nend\n"
    "show map \"f [1 2 3]\n",
    "show catch \"found [catch \"found [(throw \"found 1)] + 1]\n",
    "show 1 + catch \"found [throw \"found]\n",
])
def test_stop_output_and_the_cases_left_to_the_primitive_agree_in_both_tiers(
        text: str) -> None:
    in_both_tiers(FIND + text)
