"""One RK4 step of the legs' common law, its four stages written out as one map.

At constant speed the law of a leg that is neither springing (<2>, <5>), landing (<6>)
nor put down (<4>) is linear with constant coefficients over a step (``law.Coef``):

    x'' = kx x,  kx = (a v + b) v          y'' = cx x'

(cc, the constant of y'', is zero for these legs).  For a linear system s' = A s
classical RK4 is s + hA s + (hA)^2 s/2 + (hA)^3 s/6 + (hA)^4 s/24 exactly, which for
this A reads (z = kx h^2, u = h^2 (1/2 + z/24), beta = h (1 + z/6)):

    x1  = (1 + kx u) x + beta x'
    x1' = kx beta x    + (1 + kx u) x'
    y1  = y + h y' + cx kx h^3/6 x + cx u x'
    y1' = y' + cx (x1 - x)          (RK4 keeps the linear invariant y' - cx x)

the same numbers as the four stages up to rounding (a few units in the last place), in
15 array operations instead of about 60.  The six coefficients of each leg depend only
on its law, its cat's speed and h, so they are kept (``integrate``) and rewritten only
for legs that switch.  A planted paw (kx = cx = 0) moves by x1 = x + h x' exactly.
Arrays have shape (n,) (coefficients: (6, n)); h in s, kx in 1/s^2, cx in 1/s.
"""

from __future__ import annotations

import numpy as np

ALPHA, BETA, GAMMA, YX, YV, CX = range(6)


def table(kx: np.ndarray, cx: np.ndarray, h: float) -> np.ndarray:
    """The step's coefficients (6, n) for legs with x'' = kx x, y'' = cx x'."""
    z = kx * (h * h)
    u = (0.5 + z / 24) * (h * h)
    beta = (1 + z / 6) * h
    out = np.empty((6, kx.size))
    np.multiply(kx, u, out=out[ALPHA])
    out[ALPHA] += 1
    out[BETA] = beta
    np.multiply(kx, beta, out=out[GAMMA])
    np.multiply(cx * kx, h ** 3 / 6, out=out[YX])
    np.multiply(cx, u, out=out[YV])
    out[CX] = cx
    return out


def step(s: np.ndarray, f: np.ndarray, h: float, out: np.ndarray | None = None) -> np.ndarray:
    """The states (4, n) (rows x, y, x', y') one step of h later by the coefficients
    ``f`` (6, n) of :func:`table` (into ``out``, or a new array)."""
    x, y, vx, vy = s
    out = np.empty_like(s) if out is None else out
    x1, y1, vx1, vy1 = out
    tmp = np.empty_like(x)
    np.multiply(f[ALPHA], x, out=x1)
    x1 += np.multiply(f[BETA], vx, out=tmp)
    np.multiply(f[GAMMA], x, out=vx1)
    vx1 += np.multiply(f[ALPHA], vx, out=tmp)
    np.multiply(vy, h, out=y1)
    y1 += y
    y1 += np.multiply(f[YX], x, out=tmp)
    y1 += np.multiply(f[YV], vx, out=tmp)
    np.subtract(x1, x, out=vy1)
    vy1 *= f[CX]
    vy1 += vy
    return out
