"""CRandom's chunks (random_numbers.py) against a plain, one-number-at-a-time glibc
``random()`` written here from its definition: long runs over many chunk ends, RERANDOM
in the middle of a chunk, draws mixed between the primitive and compiled RANDOM."""

from __future__ import annotations

from logo.primitives import random_numbers as R
from tests.support import in_both_tiers


def glibc(seed: int, n: int) -> list[int]:
    """The first ``n`` numbers of srandom(seed); random() (TYPE_3), one at a time."""
    w = (seed & 0xFFFFFFFF) or 1
    w = w - (1 << 32) if w >= 1 << 31 else w
    r = [w]
    for _ in range(30):
        hi = int(w / 127773)
        w = 16807 * (w - hi * 127773) - 2836 * hi
        r.append(w + 2147483647 if w < 0 else w)
    r = [v & 0xFFFFFFFF for v in r]
    for i in range(31, 34):
        r.append(r[i - 31])
    for i in range(34, 344 + n):
        r.append((r[i - 31] + r[i - 3]) & 0xFFFFFFFF)
    return [v >> 1 for v in r[344:]]


def test_long_runs_match_the_plain_generator() -> None:
    for seed in (1, 2, 7, -5, 0, 123456789, 2147483647, -2147483648):
        g = R.CRandom()
        g.seed(seed)
        assert [g.c_random() for _ in range(20_000)] == glibc(seed, 20_000), seed


def test_reseeding_mid_chunk_and_the_primitive() -> None:
    g = R.CRandom()
    g.seed(3)
    for cut in (1, 255, 256, 257, 1000):
        g.seed(3)
        first = [g.c_random() for _ in range(cut)]
        g.seed(9)
        assert [g.c_random() for _ in range(600)] == glibc(9, 600)
        assert first == glibc(3, cut)

    class Interp:
        random = g

    g.seed(11)
    want = glibc(11, 3000)
    got = [R.random_(Interp, 1000) for _ in range(1000)]
    got += [R.random_(Interp, 5, 9) for _ in range(1000)]
    got += [R.random_(Interp, 2147483646) for _ in range(1000)]
    assert got == [w % 1000 for w in want[:1000]] + [5 + w % 5 for w in want[1000:2000]] + want[2000:]


def test_compiled_and_primitive_draws_share_one_sequence() -> None:
    want = glibc(4, 1200)
    program = """(rerandom 4)
make "l []
repeat 300 [make "l lput random 1000 :l]
make "k 1000
repeat 300 [make "l lput random :k :l]
repeat 300 [make "l lput (random 3 :k) :l]
repeat 300 [make "l lput run [random 1000] :l]
print :l
"""
    expect = ([w % 1000 for w in want[:600]] + [3 + w % 998 for w in want[600:900]]
              + [w % 1000 for w in want[900:]])
    assert in_both_tiers(program).split() == [str(v) for v in expect]
