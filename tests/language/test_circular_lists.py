"""Lists made to run into themselves (.SETBF, .SETFIRST) are Logo errors where a whole
list is needed, never internal errors: in an error's message (cut), and when a top-level
line whose literal list was made circular is freed after it ran."""

from __future__ import annotations

import pytest

from tests.support import run_logo

TIERS = ["auto", "interpret", "compile"]


@pytest.mark.parametrize("tiers", TIERS)
def test_a_literal_list_made_circular_by_its_line_is_freed_after_it_ran(tiers):
    ran = run_logo('make "c [1 2] .setbf butfirst :c :c\nprint "ok\nprint first :c\n'
                   'make "d [1 2] .setfirst :d :d\nprint "ok2\n', tiers=tiers)
    assert ran.ok and ran.printed == "ok\n1\nok2\n", ran.output


@pytest.mark.parametrize("tiers", TIERS)
def test_an_error_about_a_circular_list_shows_it_cut(tiers):
    ran = run_logo('to t\nmake "c list 1 2\n.setbf butfirst :c :c\nprint memberp 9 :c\n'
                   'end\nt\n', tiers=tiers)
    assert not ran.ok and "internal" not in ran.output.lower()
    assert "memberp doesn't like [1 2 ...] as input" in ran.output
    assert "in t (line 4)" in ran.output
