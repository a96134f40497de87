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

from dataclasses import dataclass, replace

import numpy as np

from .law import LIFT, SPRING, STANCE, SWING, TOUCHDOWN, VX, Coef, Params, law_values
from .speed import Speed, speed_at


@dataclass(frozen=True)
class Moving:
    """The legs not in stance: flat indices ``legs`` (n,) into (cats, legs) arrays in
    Fortran order, their ``cat`` (n,), and their law's coefficients a, b, cx, cc, cv
    (n,); the positions among them of the ``spring`` legs (<2>, <5>) with cs, l, H,
    the ``landing`` legs (<6>) with c4, ct, k5 and the ``lift`` legs (<2>) with cy."""

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
    swinging: bool  # some leg has a or b (the swing's harmonic term)
    everyone: bool  # a small herd: every leg integrated, planted ones too, no gathering
    horizon: float  # until then every leg that can lift is gathered already


EVERYONE_UP_TO = 256  # legs: a herd this small is integrated whole
LOOKAHEAD = 0.02  # s: planted paws that may lift this soon are gathered in advance


def gather_moving(values: dict[str, np.ndarray], regime: np.ndarray, p: Params,
                  state: np.ndarray | None = None, t: float = 0.0,
                  speed: Speed | None = None) -> Moving:
    """The :class:`Moving` of legs in ``regime`` (cats, legs) with the law's arrays:
    the legs off the ground and, given the ``state`` at time ``t``, the planted paws
    that may reach their lift-off line within LOOKAHEAD s (integrated as planted until
    they lift, so that the set needs gathering again only every LOOKAHEAD s)."""
    cats = regime.shape[0]
    r = regime.ravel(order="F")  # a view: the gait keeps its arrays in Fortran order
    if r.size <= EVERYONE_UP_TO:
        return _assemble(values, r, np.arange(r.size), cats, p, True, np.inf)
    off = r != STANCE
    if state is None or speed is None:
        return _assemble(values, r, np.flatnonzero(off), cats, p, False, -np.inf)
    v = np.maximum(speed_at(speed, t)[0], speed.v_to)[np.arange(r.size) % cats]
    x = state[..., 0].ravel(order="F")
    soon = x >= values["x_gate"].ravel(order="F") - 1.5 * v * LOOKAHEAD
    return _assemble(values, r, np.flatnonzero(off | soon), cats, p, False, t + LOOKAHEAD)


def _assemble(values: dict[str, np.ndarray], r: np.ndarray, legs: np.ndarray, cats: int,
              p: Params, everyone: bool, horizon: float) -> Moving:
    """A :class:`Moving` of the flat legs ``legs`` (regimes ``r``, flat)."""
    cat = legs % cats

    def pick(name: str) -> np.ndarray:
        return np.take(values[name].ravel(order="F"), legs)

    return Moving(legs=legs, cat=cat, a=pick("a"), b=pick("b"), cx=pick("cx"),
                  cc=pick("cc"), cv=pick("cv"), everyone=everyone, horizon=horizon,
                  **_few(values, r, legs, cats, p))


def _few(values: dict[str, np.ndarray], r: np.ndarray, legs: np.ndarray, cats: int,
         p: Params) -> dict:
    """The fields of :class:`Moving` for the terms few legs use, and ``swinging``: the
    few legs in LIFT, SPRING or TOUCHDOWN are picked out first, then sorted out."""
    rm = np.take(r, legs)
    rare = np.flatnonzero((rm == LIFT) | (rm >= SPRING))  # SPRING, TOUCHDOWN: the last two
    rr = np.take(rm, rare)
    spring, landing = rare[rr != TOUCHDOWN], rare[rr == TOUCHDOWN]
    lift = rare[rr == LIFT]

    def pick(name: str, idx: np.ndarray) -> np.ndarray:
        return np.take(values[name].ravel(order="F"), np.take(legs, idx))

    cat = np.take(legs, spring) % cats
    return dict(spring=spring, cs=pick("cs", spring), l=np.take(p.l[:, 0], cat),
                H=np.take(p.H[:, 0], cat), landing=landing, c4=pick("c4", landing),
                ct=pick("ct", landing), k5=pick("k5", landing), lift=lift,
                cy=pick("cy", lift), swinging=bool((rm == SWING).any()))


def make_coef(values: dict[str, np.ndarray], regime: np.ndarray, p: Params,
              speed: Speed, state: np.ndarray | None = None, t: float = 0.0,
              moving: Moving | None = None) -> Coef:
    """A :class:`~law.Coef` from its arrays and the regimes they are for (``moving``: the
    gathered legs, gathered here from the ``state`` at ``t`` unless given)."""
    if moving is None:
        moving = gather_moving(values, regime, p, state, t, speed)
    return Coef(l=p.l, H=p.H, speed=speed, moving=moving, **values)


def regime_coef(regime: np.ndarray, k: np.ndarray, dphi: np.ndarray, p: Params,
                speed: Speed, state: np.ndarray | None = None, t: float = 0.0) -> Coef:
    """The :class:`Coef` of legs in ``regime`` (cats, legs) with the constants ``k``
    (cats, legs, 8) and phase corrections ``dphi`` (cats, legs)."""
    return make_coef(law_values(regime, k, dphi, p), regime, p, speed, state, t)


def refresh_moving(m: Moving, values: dict[str, np.ndarray], regime: np.ndarray,
                   p: Params, changed: np.ndarray, lifted: np.ndarray, state: np.ndarray,
                   t: float, speed: Speed, own: bool) -> Moving:
    """``m`` after the legs ``changed`` (flat indices) switched, ``lifted`` of them
    lifting off: their coefficients rewritten in place (in copies unless ``own``), or
    the set gathered afresh when it is due or a paw lifted that it lacks."""
    cats = regime.shape[0]
    r = regime.ravel(order="F")
    pos = np.searchsorted(m.legs, lifted)
    if t >= m.horizon or (len(lifted) and not (
            (pos < len(m.legs)) & (np.take(m.legs, pos, mode="clip") == lifted)).all()):
        return gather_moving(values, regime, p, state, t, speed)
    pos = np.searchsorted(m.legs, changed)
    coefs = {}
    for name in ("a", "b", "cx", "cc", "cv"):
        a = getattr(m, name) if own else getattr(m, name).copy()
        a[pos] = np.take(values[name].ravel(order="F"), changed)
        coefs[name] = a
    return replace(m, **coefs, **_few(values, r, m.legs, cats, p))


def advance(t: float, state: np.ndarray, coef, dt: float) -> np.ndarray:
    """The leg states (cats, legs, 4) one step of ``dt`` later (a new array, in
    Fortran order: each component contiguous).  Every leg is first moved as if planted
    (whole-array operations are cheaper than picking the planted ones); the moving legs
    are then integrated and written over that.  A small herd is integrated whole."""
    m, sp = coef.moving, coef.speed
    if m.everyone:  # (cats, legs, 4) in Fortran order is (4, cats * legs) in C order
        n = m.legs.size
        new = _rk4(t, state.reshape(n, 4, order="F").T, m, sp, dt)
        return new.T.reshape(state.shape, order="F")
    cols = state.reshape(-1, 4, order="F").T  # (4, cats * legs): rows x, y, x', y'
    sub = np.take(cols, m.legs, axis=1) if len(m.legs) else None
    out = np.empty(state.shape, order="F")
    rows = out.reshape(-1, 4, order="F").T  # a view: each row contiguous
    if t >= sp.t_end:  # constant speeds: planted paws move by x' dt
        np.multiply(cols[VX], dt, out=rows[0])
        rows[0] += cols[0]
        rows[1:] = cols[1:]
    else:
        rows[...] = cols
        _plant(t, dt, out, sp)
    if sub is not None:
        for row, new in zip(rows, _rk4(t, sub, m, sp, dt), strict=True):
            row[m.legs] = new
    return out


def _plant(t: float, dt: float, out: np.ndarray, sp: Speed) -> None:
    """Advance paws as planted: RK4 on x'' = v'(t), y = y' = 0, written out."""
    x, vx = out[..., 0], out[..., VX]
    if t >= sp.t_end:  # constant speeds: v' = 0
        x += vx * dt
        return
    f0, fh, f1 = (speed_at(sp, tt)[1][:, None] for tt in (t, t + dt / 2, t + dt))
    x += vx * dt + (dt * dt / 6) * (f0 + 2 * fh)
    vx += (dt / 6) * (f0 + 4 * fh + f1)


def _rk4(t: float, s: np.ndarray, m: Moving, sp: Speed, dt: float) -> np.ndarray:
    """Classical RK4 on the gathered legs (4, n), the law held fixed, written for a
    second-order system: positions p = s[:2] move with velocities w = s[2:]."""
    h = dt / 2
    if t >= sp.t_end:  # constant speeds: v' = 0, (a v + b) v once for the step
        v = sp.v_to[m.cat]
        kx = (m.a * v + m.b) * v if m.swinging else None
        kxs, dvs = (kx, kx, kx), (None, None, None)
    else:
        vs = [speed_at(sp, tt) for tt in (t, t + h, t + dt)]
        kxs = tuple((m.a * v[m.cat] + m.b) * v[m.cat] for v, _ in vs)
        dvs = tuple(d[m.cat] for _, d in vs)
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


def _accel(t: float, p: np.ndarray, w: np.ndarray, m: Moving, kx, dv) -> np.ndarray:
    """The accelerations (2, n) of the gathered legs at positions p (x, y) and
    velocities w (x', y'): the law of ``law.Coef``."""
    d = np.empty_like(p)
    ax, ay = d[0], d[1]
    if kx is None:
        ax.fill(0.0)
    else:
        np.multiply(kx, p[0], out=ax)
    np.multiply(m.cx, w[0], out=ay)
    ay += m.cc
    if dv is not None:
        ax += m.cv * dv
    if len(m.spring):  # cs x / max(|l - rho|, 1e-9), in place on the few legs
        i = m.spring
        x = p[0][i]
        hy = np.subtract(m.H, p[1][i])
        gap = np.multiply(x, x)
        gap += np.multiply(hy, hy, out=hy)
        np.subtract(m.l, np.sqrt(gap, out=gap), out=gap)
        np.maximum(np.abs(gap, out=gap), 1e-9, out=gap)
        x *= m.cs
        x /= gap
        ax[i] += x
    if len(m.landing):
        i = m.landing
        ax[i] += m.c4 * w[1][i]
        ay[i] += m.ct * (t - m.k5)
    if len(m.lift):
        ay[m.lift] += m.cy * p[1][m.lift]
    return d
