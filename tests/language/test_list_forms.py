"""List and word primitives compiled inline (inline_prims, inline_lists, inline_words,
list_scan): MEMBERP of numbers along FPUT's runs of one pair, BUTFIRST walks, LIST,
SENTENCE, WORDP, LISTP, numbers as words, EQUALP's and MEMBERP's rules, and errors in
the fast paths naming their procedure and line; every tier prints what UCBLogo
printed for the file (its ``; expect:`` lines)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import checks_itself, run_logo

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", ["interpret", "compile", "auto"])
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    path = HERE / "list_forms.lgo"
    checks_itself(path, tiers)


@pytest.mark.parametrize("line", [
    "print butfirst :e", "print se \"a :arr", "print list first :le 1", "print last []",
    "print wordp first :e", "print (se :l 1 :arr)",
])
def test_an_error_in_a_list_form_names_the_procedure_and_line(line: str) -> None:
    text = ("make \"e \" make \"le [] make \"l [1 2] make \"arr {1 2}\n"
            f"to t\nprint \"before\n{line}\nprint \"after\nend\nt\n")
    compiled = run_logo(text, tiers="compile")
    interpreted = run_logo(text, tiers="interpret")
    assert compiled.printed == interpreted.printed == "before\n"
    assert compiled.errors == interpreted.errors
    assert f"  in t (line 4)\n  [{line}]" in compiled.errors, compiled.errors
