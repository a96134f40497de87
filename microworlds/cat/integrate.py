"""One step of the herd: stance in closed form, the other legs by RK4, gathered.

A planted paw obeys <1>, x'' = v'(t), y = y' = 0, whose RK4 step is written out:
x += x' dt + dt^2/6 (v'(t) + 2 v'(t + dt/2)), x' += dt/6 (v'(t) + 4 v'(t + dt/2) +
v'(t + dt)), the same numbers RK4 gives.  Most legs are planted most of the time (duty
factor 0.58), so a step gathers only the others (:class:`Moving`, rebuilt when legs
switch) and integrates them with classical RK4 on arrays of shape (4, n): rows x, y,
x', y'.  The
law is :class:`law.Coef`'s, its rarely used terms (the lift-off spring, the landing
cubic, the lift's pull) evaluated only for the legs that use them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .law import LIFT, SPRING, STANCE, SWING, TOUCHDOWN, VX, Params, Y
from .speed import Speed, speed_at


@dataclass(frozen=True)
class Moving:
    """The legs not in stance: flat indices ``legs`` (n,) into (cats, legs) arrays in
    Fortran order, their ``cat`` (n,), and their law's coefficients a, b, cx, cc, cv
    (n,); the positions among them of the ``spring`` legs (<2>, <5>) with cs, l, H,
    the ``landing`` legs (<6>) with c4, ct, k5 and the ``lift`` legs (<2>) with cy; the
    planted legs' flat indices ``stance`` and their ``stance_cat``."""

    legs: np.ndarray
    cat: np.ndarray
    a: np.ndarray
    b: np.ndarray
    cx: np.ndarray
    cc: np.ndarray
    cv: np.ndarray
    spring: np.ndarray
    cs: np.ndarray
    l: np.ndarray
    H: np.ndarray
    landing: np.ndarray
    c4: np.ndarray
    ct: np.ndarray
    k5: np.ndarray
    lift: np.ndarray
    cy: np.ndarray
    stance: np.ndarray
    stance_cat: np.ndarray
    swinging: bool  # some leg has a or b (the swing's harmonic term)


def gather_moving(values: dict[str, np.ndarray], regime: np.ndarray, p: Params) -> Moving:
    """The :class:`Moving` of legs in ``regime`` (cats, legs) with the law's arrays."""
    cats = regime.shape[0]
    r = regime.ravel(order="F")  # a view: the gait keeps its arrays in Fortran order
    legs, stance = np.flatnonzero(r != STANCE), np.flatnonzero(r == STANCE)
    rm = r[legs]
    cat = legs % cats

    def pick(name: str, idx: np.ndarray | None = None) -> np.ndarray:
        a = values[name].ravel(order="F")
        return np.take(a, legs) if idx is None else np.take(a, legs[idx])

    spring = np.flatnonzero((rm == LIFT) | (rm == SPRING))
    landing, lift = np.flatnonzero(rm == TOUCHDOWN), np.flatnonzero(rm == LIFT)
    return Moving(legs=legs, cat=cat, a=pick("a"), b=pick("b"), cx=pick("cx"),
                  cc=pick("cc"), cv=pick("cv"), spring=spring, cs=pick("cs", spring),
                  l=p.l[cat[spring], 0], H=p.H[cat[spring], 0], landing=landing,
                  c4=pick("c4", landing), ct=pick("ct", landing), k5=pick("k5", landing),
                  lift=lift, cy=pick("cy", lift), stance=stance, stance_cat=stance % cats,
                  swinging=bool((rm == SWING).any()))


def advance(t: float, state: np.ndarray, coef, dt: float) -> np.ndarray:
    """The leg states (cats, legs, 4) one step of ``dt`` later (a new array, in
    Fortran order: each component contiguous)."""
    m, sp = coef.moving, coef.speed
    out = np.array(state, order="F")
    comps = [out[..., k].ravel(order="F") for k in range(4)]  # views into out
    if len(m.stance):
        _plant(t, dt, comps, m, sp)
    if len(m.legs):
        sub = np.stack([c[m.legs] for c in comps])
        new = _rk4(t, sub, m, sp, dt)
        for c, row in zip(comps, new, strict=True):
            c[m.legs] = row
    return out


def _plant(t: float, dt: float, comps: list[np.ndarray], m: Moving, sp: Speed) -> None:
    """Advance the planted paws: RK4 on x'' = v'(t), y = y' = 0, written out."""
    i, c = m.stance, m.stance_cat
    vx = comps[VX][i]
    if t >= sp.t_end:  # constant speeds: v' = 0
        comps[0][i] += vx * dt
        return
    f0, fh, f1 = (speed_at(sp, tt)[1] for tt in (t, t + dt / 2, t + dt))
    comps[0][i] += vx * dt + (dt * dt / 6) * (f0 + 2 * fh)[c]
    comps[VX][i] = vx + (dt / 6) * (f0 + 4 * fh + f1)[c]


def _rk4(t: float, s: np.ndarray, m: Moving, sp: Speed, dt: float) -> np.ndarray:
    """Classical RK4 on the gathered legs (4, n), the law held fixed."""
    h = dt / 2
    if t >= sp.t_end:  # constant speeds: v' = 0, (a v + b) v once for the step
        v = sp.v_to[m.cat]
        kx = (m.a * v + m.b) * v if m.swinging else None
        kxs, dvs = (kx, kx, kx), (None, None, None)
    else:
        vs = [speed_at(sp, tt) for tt in (t, t + h, t + dt)]
        kxs = tuple((m.a * v[m.cat] + m.b) * v[m.cat] for v, _ in vs)
        dvs = tuple(d[m.cat] for _, d in vs)
    k1 = _accel(t, s, m, kxs[0], dvs[0])
    k2 = _accel(t + h, s + h * k1, m, kxs[1], dvs[1])
    k3 = _accel(t + h, s + h * k2, m, kxs[1], dvs[1])
    k4 = _accel(t + dt, s + dt * k3, m, kxs[2], dvs[2])
    k2 += k3
    k2 *= 2
    k2 += k1
    k2 += k4
    k2 *= dt / 6
    k2 += s
    return k2


def _accel(t: float, s: np.ndarray, m: Moving, kx, dv) -> np.ndarray:
    """d/dt of the gathered legs (4, n): the law of ``law.Coef``."""
    d = np.empty_like(s)
    d[:2] = s[2:]
    ax, ay = d[2], d[3]
    if kx is None:
        ax.fill(0.0)
    else:
        np.multiply(kx, s[0], out=ax)
    np.multiply(m.cx, s[2], out=ay)
    ay += m.cc
    if dv is not None:
        ax += m.cv * dv
    if len(m.spring):
        i = m.spring
        x, hy = s[0][i], m.H - s[1][i]
        ax[i] += m.cs * x / np.maximum(np.abs(m.l - np.sqrt(x * x + hy * hy)), 1e-9)
    if len(m.landing):
        i = m.landing
        ax[i] += m.c4 * s[3][i]
        ay[i] += m.ct * (t - m.k5)
    if len(m.lift):
        ay[m.lift] += m.cy * s[Y][m.lift]
    return d
