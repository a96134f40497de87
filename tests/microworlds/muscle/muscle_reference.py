"""A dict-based reference implementation of the spec's pseudo-code (shared/spec/muscle.md
3.5), written for clarity, one cell at a time, to check the numpy core against.

An object is a dict: address (x, y, z) -> stack, a list of cell contents, bottom first.
"""

from __future__ import annotations

import math
from fractions import Fraction

EPS = 1e-9  # the same tie tolerance as the core (0.6 * 5 * 0.5 is 1.5)


def rnd(v: float | Fraction) -> int:
    """Round half away from zero (from M)."""
    if isinstance(v, Fraction):
        return int(math.copysign(math.floor(abs(v) + Fraction(1, 2)), v))
    return int(math.copysign(math.floor(abs(v) + 0.5 + EPS), v))


def rows(a, b, m, l):
    """The transfer rows in the book's processing order: (half, k, S, T)."""
    out = []
    for half, end in enumerate((a, b)):
        d = [e - c for e, c in zip(end, m)]
        n = max(abs(v) for v in d)
        if n == 0:
            continue
        ks = range(1, n + 1) if l <= 1 else range(n, 0, -1)
        for k in ks:
            s = tuple(c + rnd(Fraction(k * v, n)) for c, v in zip(m, d))  # (15.3)
            t = tuple(c + rnd(k * l * v / n) for c, v in zip(m, d))        # (15.2)
            out.append((half, k, s, t))
    return out


def contract(g: dict, a, b, m, l) -> dict:
    """The spec's loop, in place on a copy: only non-empty cells move; stacks form."""
    g = {p: list(s) for p, s in g.items()}
    for _, _, s, t in rows(a, b, m, l):
        if s not in g or s == t:
            continue
        g[t] = g.get(t, []) + g.pop(s)
    return g


def contract_double_buffered(g: dict, a, b, m, l) -> dict:
    """Every source read from the original, written to a fresh object."""
    moves = [(s, t) for _, _, s, t in rows(a, b, m, l) if s != t and s in g]
    moved = {s for s, _ in moves}
    out = {p: list(st) for p, st in g.items() if p not in moved}
    for s, t in moves:
        out[t] = out.get(t, []) + list(g[s])
    return out


def shell(g: dict, muscles, coefficients) -> dict:
    """The shell generalisation: muscles are (A, B, M, r0, r1); each cell moves by the
    sum of its halves' displacements, rounded half away from the M of the half that
    weighs most on it.  Stacks landing together are concatenated in address order."""
    out: dict = {}
    for p in sorted(g):
        new = _shell_cell(p, muscles, coefficients)
        out.setdefault(new, []).extend(g[p])
    return out


def _shell_cell(p, muscles, coefficients):
    best, anchor, delta = 0.0, None, [0.0, 0.0, 0.0]
    for (a, b, m, r0, r1), l in zip(muscles, coefficients):
        for end in (a, b):
            d = [e - c for e, c in zip(end, m)]
            dd = sum(v * v for v in d)
            if dd == 0:
                continue
            rel = [x - c for x, c in zip(p, m)]
            t = (rel[0] * d[0] + rel[1] * d[1] + rel[2] * d[2]) / dd
            if t <= 0:
                continue
            q = [rel[c] - t * d[c] for c in range(3)]
            r = math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2])
            w = (1.0 if r <= r0 else 0.0) if r1 <= r0 else min(max((r1 - r) / (r1 - r0), 0.0), 1.0)
            s = w * min(t, 1.0)
            if s <= 0:
                continue
            if s > best:
                best, anchor = s, m
            if l != 1.0:
                for c in range(3):
                    delta[c] += ((l - 1.0) * s) * d[c]
    if anchor is None:
        return p
    return tuple(c + rnd((x - c) + dv) for x, c, dv in zip(p, anchor, delta))


def mass(g: dict) -> int:
    return sum(len(s) for s in g.values())
