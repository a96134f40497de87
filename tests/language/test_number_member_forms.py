"""MEMBERP of a number compiled inline, with list_scan's memos of the lists searched
(a list of whole numbers gets its memo at its first search, others at their second;
a change to any list drops them all): every tier prints what UCBLogo printed for
number_member_forms.lgo (its ``; expect:`` lines), and a list made to run into itself
after its memo was made is the primitive's error, not a search forever."""

from __future__ import annotations

from pathlib import Path

import pytest

from logo.language.list_scan import MEMOS_KEPT, SEARCHED, has_number
from logo.language.lists import LogoList
from tests.support import TIERS, checks_itself, in_both_tiers, new_interpreter

HERE = Path(__file__).parent
UPTO = "to upto :n\nif :n = 0 [output []]\noutput fput :n upto :n - 1\nend\n"


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "number_member_forms.lgo", tiers)


@pytest.mark.parametrize("tiers", TIERS)
def test_searches_of_lists_past_a_memo_check_themselves_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "long_member_forms.lgo", tiers)


def test_a_list_searched_then_made_circular_is_memberps_error() -> None:
    text = (UPTO + "to seen :l :n\nif memberp :n :l [output \"seen]\noutput \"new\nend\n"
            "make \"r upto 4\nrepeat 3 [show seen :r 2 show seen :r 9]\n"
            ".setbf butfirst butfirst butfirst :r :r\n"
            "repeat 2 [show seen :r 2 catch \"error [show seen :r 9] show error]\n")
    error = ("[7 memberp doesn't like [4 3 2 1 ...] as input seen "
             "[if memberp :n :l [output \"seen]]]\n")
    assert in_both_tiers(text) == "seen\nnew\n" * 3 + ("seen\n" + error) * 2


def test_the_memos_kept_are_bounded_and_each_answers_for_its_own_list() -> None:
    interp = new_interpreter()
    SEARCHED.clear()
    lists = [LogoList([i, i + 1, i + 2]) for i in range(3 * MEMOS_KEPT)]
    for _ in range(2):
        for i, seq in enumerate(lists):
            assert has_number(interp, seq, i + 2) and not has_number(interp, seq, i + 3)
            assert len(SEARCHED) <= MEMOS_KEPT
    words = LogoList(["3", 4.0, "x"])
    assert [has_number(interp, words, n) for n in (3, 4, 5, 3, 4, 5)] == [True, True, False] * 2
    assert sorted(SEARCHED[id(words)][1]) == [3, 4.0]  # (its second search made it)
