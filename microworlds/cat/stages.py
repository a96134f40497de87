"""RK4 stage by stage on gathered legs (4, n): rows x, y, x', y'.

The law is ``law.Coef``'s, its coefficients gathered (``integrate.Moving`` for the
common terms, ``rare.Rare`` for the legs that also use the rare ones: the spring,
the lift's pull, the landing cubic, each on a slice).  Used while speeds change, for
small herds, and for the rare legs; at constant speed the common law's step is written
out (``fused.py``).  Planted paws move in closed form (:func:`plant`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .law import VX
from .speed import Speed, speed_at


def plant(t: float, dt: float, out: np.ndarray, sp: Speed) -> None:
    """Advance paws as planted: RK4 on x'' = v'(t), y = y' = 0, written out."""
    x, vx = out[..., 0], out[..., VX]
    if t >= sp.t_end:  # constant speeds: v' = 0
        x += vx * dt
        return
    f0, fh, f1 = (speed_at(sp, tt)[1][:, None] for tt in (t, t + dt / 2, t + dt))
    x += vx * dt + (dt * dt / 6) * (f0 + 2 * fh)
    vx += (dt / 6) * (f0 + 4 * fh + f1)


def rk4(t: float, s: np.ndarray, m: Any, sp: Speed, dt: float) -> np.ndarray:
    """Classical RK4 on the gathered legs (4, n), the law held fixed, written for a
    second-order system: positions p = s[:2] move with velocities w = s[2:]."""
    h = dt / 2
    kxs: tuple = (None, None, None)
    if m.whole_law or not m.swinging:
        pass
    elif t >= sp.t_end:  # constant speeds: (a v + b) v once for the step
        v = sp.v_to[m.cat]
        kx = (m.a * v + m.b) * v
        kxs = (kx, kx, kx)
    else:
        kxs = tuple((m.a * v[m.cat] + m.b) * v[m.cat] for v, _ in
                    (speed_at(sp, tt) for tt in (t, t + h, t + dt)))
    dvs = (None, None, None) if t >= sp.t_end else \
        tuple(speed_at(sp, tt)[1][m.cat] for tt in (t, t + h, t + dt))
    p, w = s[:2], s[2:]
    q = np.empty_like(p)  # the stages' positions
    a1 = _accel(t, p, w, m, kxs[0], dvs[0])
    w2 = _axpy(h, a1, w)
    a2 = _accel(t + h, _axpy(h, w, p, q), w2, m, kxs[1], dvs[1])
    w3 = _axpy(h, a2, w)
    a3 = _accel(t + h, _axpy(h, w2, p, q), w3, m, kxs[1], dvs[1])
    w4 = _axpy(dt, a3, w)
    a4 = _accel(t + dt, _axpy(dt, w3, p, q), w4, m, kxs[2], dvs[2])
    out = np.empty_like(s)
    w2 += w3
    w2 *= 2
    w2 += w
    w2 += w4
    np.multiply(w2, dt / 6, out=out[:2])
    out[:2] += p
    a2 += a3
    a2 *= 2
    a2 += a1
    a2 += a4
    np.multiply(a2, dt / 6, out=out[2:])
    out[2:] += w
    return out


def _axpy(c: float, x: np.ndarray, y: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """y + c x (into ``out``, or a new array), rounded as that expression is."""
    out = np.multiply(x, c, out=out)
    out += y
    return out


def _accel(t: float, p: np.ndarray, w: np.ndarray, m: Any, kx, dv) -> np.ndarray:
    """The accelerations (2, n) of the gathered legs at positions p (x, y) and
    velocities w (x', y'): the law of ``law.Coef``; for ``rare.Rare`` legs
    (``m.whole_law``) all of it on slices, for gathered legs (``integrate.Moving``) the
    common terms and then the rare ones at the rare legs' positions (``m.rare``)."""
    d = np.empty_like(p)
    ax, ay = d[0], d[1]
    if m.whole_law:
        _rare_terms(t, p, w, m, ax, ay)
    else:
        if kx is None:
            ax.fill(0.0)
        else:
            np.multiply(kx, p[0], out=ax)
        np.multiply(m.cx, w[0], out=ay)
        ay += m.cc
    if dv is not None:
        ax += m.cv * dv
    if not m.whole_law and len(m.rare.pos):
        _picked_terms(t, p, w, m.rare, ax, ay)
    return d


def _spring_gap(x: np.ndarray, y: np.ndarray, H: Any, l: Any) -> tuple[np.ndarray, np.ndarray]:
    """The spring's gap max(|l - rho|, 1e-9), rho = sqrt(x^2 + (H - y)^2), of the legs
    at x, y (n,) (metres), and a spare (n,) buffer (it held H - y)."""
    hy = np.subtract(H, y)
    gap = np.multiply(x, x)
    gap += np.multiply(hy, hy, out=hy)
    np.subtract(l, np.sqrt(gap, out=gap), out=gap)
    np.maximum(np.abs(gap, out=gap), 1e-9, out=gap)
    return gap, hy


def _picked_terms(t: float, p: np.ndarray, w: np.ndarray, r: Any, ax: np.ndarray,
                  ay: np.ndarray) -> None:
    """Add the rare terms to the accelerations ax, ay (n,) of gathered legs at the rare
    legs' positions ``r.pos`` (a few legs of a small herd: picked, not sliced)."""
    i = r.pos[r.spring]
    if len(i):
        x = p[0][i]
        gap, _ = _spring_gap(x, p[1][i], r.H, r.l)
        x *= r.cs
        x /= gap
        ax[i] += x
    i = r.pos[r.landing]
    if len(i):
        ax[i] += r.c4 * w[1][i]
        ay[i] += r.ct * (t - r.k5)
    i = r.pos[r.lift]
    if len(i):
        ay[i] += r.cy * p[1][i]


def _rare_terms(t: float, p: np.ndarray, w: np.ndarray, m: Any, ax: np.ndarray,
                ay: np.ndarray) -> None:
    """The accelerations ax, ay (n,) of the rare legs without v': the spring
    (cs x / max(|l - rho|, 1e-9)), the lift's pull, the swing's and the landing's
    terms, each on its slice (the sums in the order ``law.rhs`` adds them)."""
    i = m.spring
    x = p[0][i]
    gap, hy = _spring_gap(x, p[1][i], m.H, m.l)
    np.divide(np.multiply(x, m.cs, out=hy), gap, out=ax[i])
    i = m.landing
    np.multiply(m.c4, w[1][i], out=ax[i])
    np.subtract(t, m.k5, out=ay[i])
    ay[i] *= m.ct
    ay[i] += m.cc[i]
    i = m.lift
    np.multiply(m.cy, p[1][i], out=ay[i])
    ay[i] += m.cc[i]
    i = m.down
    if i.stop > i.start:
        ax[i] = 0.0
        ay[i] = m.cc[i]
    i = slice(m.lift.stop, m.spring.stop)  # the spring swing <5>
    if i.stop > i.start:
        np.multiply(m.cx[i], w[0][i], out=ay[i])
        ay[i] += m.cc[i]
