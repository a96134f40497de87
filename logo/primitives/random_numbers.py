"""Random numbers (UCBLogo manual section 5.3): RANDOM and RERANDOM draw from a
generator of UCBLogo's kind, one per interpreter (``I.random``)."""

from __future__ import annotations

import random as _pyrandom
import time
from typing import Any

from . import coerce as c
from .registry import primitive

_U32 = 0xFFFFFFFF


class CRandom(_pyrandom.Random):
    """A ``random.Random`` whose :meth:`c_random` replays glibc's ``random()``, so that
    after ``(RERANDOM n)`` RANDOM gives the very numbers UCBLogo gives.  Its other
    methods are the usual Mersenne Twister ones, seeded alongside."""

    def seed(self, a: Any = None, version: int = 2) -> None:  # type: ignore[override]
        super().seed(a, version)
        if type(a) is not int:
            a = int(time.time()) ^ super().getrandbits(32)
        self._c_seed(a)

    def _c_seed(self, seed: int) -> None:
        """glibc's srandom(): TYPE_3 additive feedback state, 310 outputs discarded."""
        seed &= _U32
        w = seed or 1
        w = w - (1 << 32) if w >= 1 << 31 else w
        state = [w]
        for _ in range(30):
            hi = abs(w) // 127773 * (1 if w >= 0 else -1)  # C division truncates
            w = 16807 * (w - hi * 127773) - 2836 * hi
            if w < 0:
                w += 2147483647
            state.append(w)
        state = [x & _U32 for x in state]
        self._c_hist = state[3:] + state[:3]  # (the sequence so far, oldest first)
        ahead = self.__dict__.get("_c_ahead")
        if ahead is None:  # numbers made ahead, the next one last: one list for the
            self._c_ahead: list[int] = []  # generator's life (compiled RANDOM reads it)
        else:
            ahead.clear()
        self._c_batch = 16  # (doubles with each batch, to 4096: a seed costs little)
        for _ in range(310):
            self.c_random()

    def c_random(self) -> int:
        """The next number from glibc's random(): 0 <= n < 2**31."""
        ahead = self._c_ahead
        return ahead.pop() if ahead else self._c_more()

    def _c_more(self) -> int:
        """The next number, with the batch after it made ahead: glibc's additive
        feedback, x[i] = x[i-31] + x[i-3] modulo 2**32, each number x[i] >> 1."""
        x, n = self._c_hist, self._c_batch
        for i in range(n):
            x.append((x[i] + x[i + 28]) & _U32)
        ahead = self._c_ahead
        ahead.extend([v >> 1 for v in reversed(x[31:])])
        self._c_hist = x[-31:]
        self._c_batch = min(2 * n, 4096)
        return ahead.pop()


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
        ahead = rng._c_ahead  # (the common case: a number made ahead, handed out at once)
        return (ahead.pop() if ahead else rng.c_random()) % num
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
    if not -(1 << 31) <= n < 1 << 31:
        raise c.bad(seed)
    I.random.seed(n)
