"""Random numbers (UCBLogo manual section 5.3): RANDOM and RERANDOM draw from a
generator of UCBLogo's kind, one per interpreter (``I.random``)."""

from __future__ import annotations

import random as _pyrandom
import time
from itertools import islice
from operator import add
from typing import Any

from . import coerce as c
from .registry import primitive

MASK = 0xFFFFFFFF  # (glibc's state words are 32 bits)
CHUNK = 256  # (words made ahead at a time: unreduced, they stay below 2**55)


class CRandom(_pyrandom.Random):
    """A ``random.Random`` whose :meth:`c_random` replays glibc's ``random()``, so that
    after ``(RERANDOM n)`` RANDOM gives the very numbers UCBLogo gives.  Its other
    methods are the usual Mersenne Twister ones, seeded alongside.

    The numbers are made ahead, a chunk at a time, into ``_c_ahead`` (one list for the
    generator's life, the next number last): each entry is glibc's 32-bit state word
    before its reduction, so the number is ``(entry & MASK) >> 1``.  The list's first
    entry is a :class:`_Refill`, whose ``& MASK`` makes the next chunk and stands for
    its first word: a draw is ``pop``, ``&``, ``>>`` and never asks whether the list is
    empty (compiled RANDOM does the same: language/inline_random.py)."""

    _c_ahead: list[Any]  # (the words made ahead, the next one last, a _Refill first)
    _c_hist: list[int]  # (the last 31 words, reduced, oldest first)

    def seed(self, a: Any = None, version: int = 2) -> None:  # type: ignore[override]
        super().seed(a, version)
        if type(a) is not int:
            a = int(time.time()) ^ super().getrandbits(32)
        self._c_seed(a)

    def _c_seed(self, seed: int) -> None:
        """glibc's srandom(): TYPE_3 additive feedback state, 310 outputs discarded."""
        seed &= MASK
        w = seed or 1
        w = w - (1 << 32) if w >= 1 << 31 else w
        state = [w]
        for _ in range(30):
            hi = abs(w) // 127773 * (1 if w >= 0 else -1)  # C division truncates
            w = 16807 * (w - hi * 127773) - 2836 * hi
            if w < 0:
                w += 2147483647
            state.append(w)
        x = [v & MASK for v in state[3:] + state[:3]]  # (the sequence so far, oldest first)
        _extend(x, 310)
        self._c_hist = [v & MASK for v in x[-31:]]
        ahead = self.__dict__.setdefault("_c_ahead", [])  # (the same list from now on)
        ahead.clear()
        ahead.append(_Refill(self))

    def c_random(self) -> int:
        """The next number from glibc's random(): 0 <= n < 2**31."""
        return (self._c_ahead.pop() & MASK) >> 1

    def _c_more(self) -> int:
        """Makes the next chunk of words ahead (above a new ``_Refill``) and hands out
        its first word, unreduced."""
        x = self._c_hist
        _extend(x, CHUNK)
        self._c_hist = [v & MASK for v in x[-31:]]
        ahead = self._c_ahead
        ahead.append(_Refill(self))
        ahead.extend(x[:30:-1])
        return ahead.pop()


def _extend(x: list[int], n: int) -> None:
    """Appends to ``x`` (the last 31 words, oldest first) the next ``n`` of glibc's
    additive feedback, x[i] = x[i-31] + x[i-3], unreduced: they stay below 2**32 times
    the sum's growth (below 2**55 for CHUNK).  The second iterator reads words the
    extension has just appended (a list's iterator sees what is appended to it)."""
    x.extend(map(add, islice(x, n), islice(x, 28, None)))


class _Refill:
    """The bottom of a generator's ``_c_ahead``: ``entry & MASK`` of it makes the next
    chunk and gives its first word, reduced."""

    __slots__ = ("rng",)

    def __init__(self, rng: CRandom) -> None:
        self.rng = rng

    def __and__(self, mask: int) -> int:
        return self.rng._c_more() & mask


def _raw_random(rng: Any) -> int:
    c_random = getattr(rng, "c_random", None)
    return c_random() if c_random is not None else rng.getrandbits(31)


def _random_arg(x: Any) -> int:
    n = c.integer(x)
    if not 0 <= n < 2147483647:
        raise c.bad(x)
    return n


@primitive("random")
def random_(I: Any, num: Any, end: Any = None) -> int:
    """RANDOM num
    (RANDOM start end)

    with one input, outputs a random nonnegative integer less than its input,
    which must be a positive integer.  With two inputs, outputs a random integer
    from START to END inclusive.  (RANDOM 3 8) is like (RANDOM 6)+3."""
    rng = I.random
    if end is None and type(num) is int and 0 < num < 2147483647 and type(rng) is CRandom:
        return ((rng._c_ahead.pop() & MASK) >> 1) % num  # (the common case, at once)
    if end is None:
        base, span = 0, _random_arg(num)
    else:
        base = _random_arg(num)
        span = _random_arg(end) + 1 - base
    if span == 0:
        return base
    r = _raw_random(rng)
    return base + (r % span if span > 0 else r)  # UCBLogo's unsigned arithmetic


@primitive("rerandom")
def rerandom(I: Any, seed: Any = None) -> None:
    """RERANDOM
    (RERANDOM seed)

    command.  Makes the results of RANDOM reproducible: after RERANDOM (or
    RERANDOM with the same integer seed) RANDOM gives the same sequence again."""
    n = 1 if seed is None else c.integer(seed)
    if not -2147483647 <= n < 2147483647:  # (UCBLogo's range: 2**31-1 and -2**31 are not)
        raise c.bad(seed)
    I.random.seed(n)
