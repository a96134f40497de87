"""The seed's worked example (shared/spec/muscle.md 3.2-3.4): the clean-rule transfer
table, and the book's printed table with its known deviations (tests/fixtures/muscle)."""

from __future__ import annotations

import numpy as np
import pytest

from microworlds.muscle.contraction import half_table, transfer_table
from microworlds.muscle.voxels import rnd, rnd_ratio
from tests.support import FIXTURES as ALL_FIXTURES

FIXTURES = ALL_FIXTURES / "muscle"


def octal(text: str) -> list[int]:
    return [int(v, 8) for v in text.split()]


A, B, M = octal("045 451 714"), octal("055 471 720"), octal("051 461 716")
L = 0.6

# spec 3.4, the clean rule, k = 1..10 (octal): (AM source, AM dest, MB source, MB dest)
CLEAN = {
    1: ("050 460 716", "051 460 716", "052 462 716", "051 462 716"),
    2: ("050 457 715", "050 460 716", "052 463 717", "052 462 716"),
    3: ("047 456 715", "050 457 716", "053 464 717", "052 463 716"),
    4: ("047 455 715", "050 457 715", "053 465 717", "052 463 717"),
    5: ("046 454 715", "047 456 715", "054 466 717", "053 464 717"),
    6: ("046 453 714", "047 455 715", "054 467 720", "053 465 717"),
    7: ("045 452 714", "047 455 715", "055 470 720", "053 465 717"),
    8: ("045 451 714", "047 454 715", "055 471 720", "053 466 717"),
}


def test_decoded_addresses():
    assert M == [41, 305, 462] and A == [37, 297, 460] and B == [45, 313, 464]


@pytest.mark.parametrize("k", sorted(CLEAN))
def test_worked_example_matches_the_clean_rule(k):
    half, ks, src, dst = transfer_table(A, B, M, L)
    am = (half == 0) & (ks == k)
    mb = (half == 1) & (ks == k)
    got = (src[am][0], dst[am][0], src[mb][0], dst[mb][0])
    assert [list(g) for g in got] == [octal(c) for c in CLEAN[k]]


def test_the_loop_stops_at_the_segment_end():
    ks, src, _ = half_table(M, A, L)
    assert ks.tolist() == list(range(1, 9))  # |ΔA| = 10 octal = 8, not the book's 11 octal
    assert src[-1].tolist() == A
    assert half_table(M, B, L)[1][-1].tolist() == B
    assert len(half_table(M, M, L)[0]) == 0


def test_the_clean_rule_stacks_only_rows_6_and_7_in_both_halves():
    for end in (A, B):
        _, dst = half_table(M, end, L)[1:]
        keys = [tuple(d) for d in dst.tolist()]
        repeated = [k + 1 for k in range(1, len(keys)) if keys[k] == keys[k - 1]]
        assert repeated == [7]
        assert len(set(keys)) == len(keys) - 1


def _book_rows() -> list[list[str]]:
    lines = (FIXTURES / "book_table.tsv").read_text(encoding="utf-8").splitlines()
    return [ln.split("\t") for ln in lines if ln[:1].isdigit()]


def _clean(column: str, k: int) -> np.ndarray:
    """The clean rule extended to the book's extra row (source clamped to the end)."""
    end = np.array(A if column.startswith("am") else B)
    d = end - np.array(M)
    n = int(np.abs(d).max())
    if column.endswith("source"):
        off = rnd_ratio(k * d, n)
        off = np.sign(off) * np.minimum(np.abs(off), np.abs(d))
    else:
        off = rnd(k * L * d / n)
    return np.array(M) + off


def test_book_table_deviates_from_the_clean_rule_exactly_where_listed():
    columns = ("am_source", "am_dest", "mb_source", "mb_dest")
    found = set()
    for row in _book_rows():
        k = int(row[0], 8)
        for column, text in zip(columns, row[1:]):
            printed, clean = octal(text), _clean(column, k)
            for axis in range(3):
                if printed[axis] != clean[axis]:
                    half, kind = column.split("_")
                    found.add((half.upper(), kind, row[0], "xyz"[axis],
                               f"{printed[axis]:03o}", f"{clean[axis]:03o}"))
    lines = (FIXTURES / "book_deviations.tsv").read_text(encoding="utf-8").splitlines()
    listed = {tuple(ln.split("\t")[:6]) for ln in lines[1:] if ln and not ln.startswith("#")
              and not ln.startswith("half")}
    assert found == listed
    assert len(listed) == 20
    assert sum(1 for d in listed if d[1] == "source") == 9


def test_book_rows_1_to_10_octal_agree_with_the_clean_table_elsewhere():
    rows = {int(r[0], 8): r for r in _book_rows()}
    assert sorted(rows) == list(range(1, 10))
    assert rows[1][1:] == ["050 460 716", "051 460 716", "052 462 716", "051 462 716"]
