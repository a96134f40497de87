"""RANDOM draws glibc's numbers made ahead in batches (random_numbers.CRandom): long
runs, RERANDOM in the middle of a batch and the two-input form give what UCBLogo 6.2.2
printed for the same program, in both tiers."""

from __future__ import annotations

from tests.support import in_both_tiers

PROGRAM = """(rerandom 7)
make "s 0
repeat 5000 [make "s :s + random 1000]
print :s
print random 2147483646
(rerandom 7)
make "t 0
repeat 5000 [make "t :t + random 1000]
print :t = :s
(rerandom 123)
repeat 3 [print (random 5 9)]
repeat 9000 [make "s random 17]
print :s
print list random 1 random 2
"""


def test_long_runs_and_reseeding_give_ucblogos_numbers() -> None:
    said = in_both_tiers(PROGRAM)
    assert said.split("\n") == ["2495607", "1850054658", "true", "8", "8", "8", "14", "0 1", ""]
