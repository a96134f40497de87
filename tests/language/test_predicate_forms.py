"""Predicates and tests compiled inline (inline_prims' EQUALP and OR/AND, logic_numbers,
inline_plists' GPROP, inline_lists' SENTENCE): a typed word or number, a property not
there, comparisons whose leaves are whole numbers of any size, words, dotted lists,
arrays, a list before a list or a word; every tier prints what UCBLogo printed for the
file (its ``; expect:`` lines)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import checks_itself, in_both_tiers

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", ["interpret", "compile", "auto"])
@pytest.mark.parametrize("name", ["predicate_forms.lgo", "sentence_forms.lgo",
                                  "member_forms.lgo"])
def test_the_logo_file_checks_itself_in_each_tier(name: str, tiers: str) -> None:
    path = HERE / name
    checks_itself(path, tiers)


def test_gprop_of_nothing_is_a_new_list_each_time() -> None:
    """What GPROP outputs for a property not there is a list of its own: FPUT, .SETBF
    and .SETFIRST on one never show in the next."""
    text = ("to g\noutput gprop \"nolist \"p\nend\n"
            "repeat 3 [make \"a g make \"b fput 1 :a .setbf :b [2] show (list :a :b g)]\n"
            "pprop \"pl \"x 1\nto h\noutput gprop \"pl \"y\nend\n"
            "repeat 3 [make \"c h make \"d fput 3 :c show (list :c :d h count plist \"pl)]\n")
    assert in_both_tiers(text) == "[[] [1 2] []]\n" * 3 + "[[] [3] [] 2]\n" * 3


def test_equalp_of_a_typed_word_follows_caseignoredp_as_it_changes() -> None:
    text = ("to e :x\noutput (list equalp :x \"Abc equalp \"ABC :x)\nend\n"
            "repeat 2 [show e \"abc]\nmake \"caseignoredp \"false\nrepeat 2 [show e \"abc "
            "show e \"Abc]\nmake \"caseignoredp \"true\nshow e \"ABC\n")
    assert in_both_tiers(text) == ("[true true]\n" * 2 + "[false false]\n[true false]\n" * 2
                                   + "[true true]\n")


def test_an_error_at_a_leaf_of_an_or_names_the_procedure_and_line() -> None:
    text = ("make \"l []\nto t :a\nprint \"before\n"
            "print or (:a = first :l) (:a = :nosuch + 1)\nend\nt 1\n")
    out = in_both_tiers(text)
    assert out.startswith("before\nfirst doesn't like [] as input\n  in t (line 4)"), out
    text = text.replace("make \"l []", "make \"l [2]")
    out = in_both_tiers(text)
    assert out.startswith("before\nnosuch has no value\n  in t (line 4)"), out


def test_memberp_of_a_word_in_a_list_that_runs_into_itself_is_an_error() -> None:
    text = ("make \"c [a b c] .setbf butfirst butfirst :c :c\n"
            "to seen :l :w\nif memberp :w :l [output \"seen]\noutput \"new\nend\n"
            "repeat 2 [catch \"error [show seen :c \"z] show error show seen :c \"B]\n")
    line = ("[7 memberp doesn't like [a b c ...] as input seen "
            "[if memberp :w :l [output \"seen]]]\nseen\n")
    assert in_both_tiers(text) == line * 2
