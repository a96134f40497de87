"""One step of the herd: stance in closed form, the other legs by RK4, gathered.

A planted paw obeys <1>, x'' = v'(t), y = y' = 0, whose RK4 step is written out:
x += x' dt + dt^2/6 (v'(t) + 2 v'(t + dt/2)), x' += dt/6 (v'(t) + 4 v'(t + dt/2) +
v'(t + dt)), the same numbers RK4 gives.  Most legs are planted most of the time (duty
factor 0.58), so a step gathers only the others (:class:`Moving`, rebuilt when legs
switch) and integrates them on arrays of shape (4, n): rows x, y, x', y'.  Their law is
:class:`law.Coef`'s without its rarely used terms: at constant speed it is linear, and
its RK4 step is one written-out map (``fused.py``); while speeds change it is RK4 stage
by stage.  The few legs that use the rare terms (the spring of <2> and <5>, the lift's
pull, the landing cubic: :class:`Rare`, kept in that order so that each term works on a
slice) are then integrated again with the whole law and written over.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from . import fused
from .law import LIFT, SPRING, STANCE, SWING, TOUCHDOWN, VX, Coef, Params, law_values
from .speed import Speed, speed_at


@dataclass(frozen=True)
class Rare:
    """The moving legs that use the rare terms, at positions ``pos`` (n,) among the
    gathered ones, ordered lift-off <2>, spring swing <5>, touch-down <6>: their ``cat``
    and law cx, cc, cv (n,); cs, l, H for the ``spring`` slice (<2> and <5>), cy for the
    ``lift`` slice, c4, ct, k5 for the ``landing`` slice (none of them swings: a = b = 0)."""

    pos: np.ndarray
    cat: np.ndarray
    cx: np.ndarray
    cc: np.ndarray
    cv: np.ndarray
    spring: slice
    cs: np.ndarray
    l: np.ndarray
    H: np.ndarray
    lift: slice
    cy: np.ndarray
    landing: slice
    c4: np.ndarray
    ct: np.ndarray
    k5: np.ndarray
    swinging: bool = False


@dataclass(frozen=True)
class Moving:
    """The legs not in stance: flat indices ``legs`` (n,) into (cats, legs) arrays in
    Fortran order, their ``cat`` (n,), their law's common coefficients a, b, cx, cc, cv
    (n,), and the legs among them that use the rare terms (``rare``).  ``cache`` holds
    the written-out step's coefficients (``fused.table``) for a speed and step."""

    legs: np.ndarray
    cat: np.ndarray
    a: np.ndarray
    b: np.ndarray
    cx: np.ndarray
    cc: np.ndarray
    cv: np.ndarray
    rare: Rare
    swinging: bool  # some leg has a or b (the swing's harmonic term)
    everyone: bool  # a small herd: every leg integrated, planted ones too, no gathering
    horizon: float  # until then every leg that can lift is gathered already
    cache: dict = field(default_factory=dict)


EVERYONE_UP_TO = 256  # legs: a herd this small is integrated whole
LOOKAHEAD = 0.02  # s: planted paws that may lift this soon are gathered in advance
BASE = ("a", "b", "cx", "cc", "cv")


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
    base = {name: np.take(values[name].ravel(order="F"), legs) for name in BASE}
    rare, swinging = _few(values, r, legs, cats, p)
    return Moving(legs=legs, cat=legs % cats, everyone=everyone, horizon=horizon,
                  rare=rare, swinging=swinging, **base)


def _few(values: dict[str, np.ndarray], r: np.ndarray, legs: np.ndarray, cats: int,
         p: Params) -> tuple[Rare, bool]:
    """The :class:`Rare` legs among ``legs``, and whether any of them swings."""
    rm = np.take(r, legs)
    rare = np.flatnonzero((rm == LIFT) | (rm >= SPRING))  # SPRING, TOUCHDOWN: the last two
    rr = np.take(rm, rare)
    pos = np.concatenate([rare[rr == LIFT], rare[rr == SPRING], rare[rr == TOUCHDOWN]])
    nl, ns = int(np.count_nonzero(rr == LIFT)), int(np.count_nonzero(rr != TOUCHDOWN))
    flat = np.take(legs, pos)
    cat = flat % cats

    def pick(name: str, part: slice = slice(None)) -> np.ndarray:
        return np.take(values[name].ravel(order="F"), flat[part])

    spring, lift, landing = slice(0, ns), slice(0, nl), slice(ns, None)
    rare_law = Rare(pos=pos, cat=cat, cx=pick("cx"), cc=pick("cc"), cv=pick("cv"),
                    spring=spring, cs=pick("cs", spring), l=np.take(p.l[:, 0], cat[spring]),
                    H=np.take(p.H[:, 0], cat[spring]), lift=lift, cy=pick("cy", lift),
                    landing=landing, c4=pick("c4", landing), ct=pick("ct", landing),
                    k5=pick("k5", landing))
    return rare_law, bool((rm == SWING).any())


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
    for name in BASE:
        a = getattr(m, name) if own else getattr(m, name).copy()
        a[pos] = np.take(values[name].ravel(order="F"), changed)
        coefs[name] = a
    rare, swinging = _few(values, r, m.legs, cats, p)
    new = replace(m, **coefs, rare=rare, swinging=swinging, cache=_recached(m, pos, own,
                                                                           speed, coefs))
    return new


def _recached(m: Moving, pos: np.ndarray, own: bool, speed: Speed,
              coefs: dict[str, np.ndarray]) -> dict:
    """The written-out step's coefficients after the legs at ``pos`` changed law: kept
    (in place when ``own``) and rewritten at ``pos``, if they were for this speed."""
    c = m.cache
    if c.get("speed") is not speed:
        return {}
    f = c["table"] if own else c["table"].copy()
    v = speed.v_to[np.take(m.cat, pos)]
    kx = (coefs["a"][pos] * v + coefs["b"][pos]) * v
    f[:, pos] = fused.table(kx, coefs["cx"][pos], coefs["cc"][pos], c["dt"])
    return c if own else {**c, "table": f}


def _table(m: Moving, sp: Speed, dt: float) -> np.ndarray:
    """The written-out step's coefficients (9, n) of the gathered legs (kept)."""
    c = m.cache
    if c.get("speed") is not sp or c.get("dt") != dt:
        v = sp.v_to[m.cat]
        c.update(speed=sp, dt=dt, table=fused.table((m.a * v + m.b) * v, m.cx, m.cc, dt))
    return c["table"]


def owned_moving(m: Moving) -> Moving:
    """A copy of ``m`` whose coefficients and kept table are its own."""
    cache = {**m.cache, "table": m.cache["table"].copy()} if m.cache else {}
    return replace(m, cache=cache, **{name: getattr(m, name).copy() for name in BASE})


def advance(t: float, state: np.ndarray, coef, dt: float) -> np.ndarray:
    """The leg states (cats, legs, 4) one step of ``dt`` later (a new array, in
    Fortran order: each component contiguous).  Every leg is first moved as if planted
    (whole-array operations are cheaper than picking the planted ones); the moving legs
    are then integrated and written over that.  A small herd is integrated whole."""
    m, sp = coef.moving, coef.speed
    if m.everyone:  # (cats, legs, 4) in Fortran order is (4, cats * legs) in C order
        n = m.legs.size
        new = _moved(t, state.reshape(n, 4, order="F").T, m, sp, dt)
        return new.T.reshape(state.shape, order="F")
    cols = state.reshape(-1, 4, order="F").T  # (4, cats * legs): rows x, y, x', y'
    out = np.empty(state.shape, order="F")
    rows = out.reshape(-1, 4, order="F").T  # a view: each row contiguous
    if t >= sp.t_end:  # constant speeds: planted paws move by x' dt
        np.multiply(cols[VX], dt, out=rows[0])
        rows[0] += cols[0]
        rows[1:] = cols[1:]
    else:
        rows[...] = cols
        _plant(t, dt, out, sp)
    if len(m.legs):
        new = _moved(t, np.take(cols, m.legs, axis=1), m, sp, dt)
        for row, col in zip(rows, new, strict=True):
            row[m.legs] = col
    return out


def _moved(t: float, s: np.ndarray, m: Moving, sp: Speed, dt: float) -> np.ndarray:
    """The gathered legs (4, n) one step later: the common law for all (written out at
    constant speeds, and for a big herd), then the rare legs again with the whole law."""
    if t >= sp.t_end and not m.everyone:
        new = fused.step(s, _table(m, sp, dt), dt)
    else:
        new = _rk4(t, s, m, sp, dt)
    rare = m.rare
    if len(rare.pos):
        for row, col in zip(new, _rk4(t, np.take(s, rare.pos, axis=1), rare, sp, dt),
                            strict=True):
            row[rare.pos] = col
    return new


def _plant(t: float, dt: float, out: np.ndarray, sp: Speed) -> None:
    """Advance paws as planted: RK4 on x'' = v'(t), y = y' = 0, written out."""
    x, vx = out[..., 0], out[..., VX]
    if t >= sp.t_end:  # constant speeds: v' = 0
        x += vx * dt
        return
    f0, fh, f1 = (speed_at(sp, tt)[1][:, None] for tt in (t, t + dt / 2, t + dt))
    x += vx * dt + (dt * dt / 6) * (f0 + 2 * fh)
    vx += (dt / 6) * (f0 + 4 * fh + f1)


def _rk4(t: float, s: np.ndarray, m: Moving | Rare, sp: Speed, dt: float) -> np.ndarray:
    """Classical RK4 on the gathered legs (4, n), the law held fixed, written for a
    second-order system: positions p = s[:2] move with velocities w = s[2:]."""
    h = dt / 2
    if not m.swinging:
        kxs = (None, None, None)
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


def _accel(t: float, p: np.ndarray, w: np.ndarray, m: Moving | Rare, kx, dv) -> np.ndarray:
    """The accelerations (2, n) of the gathered legs at positions p (x, y) and
    velocities w (x', y'): the law of ``law.Coef`` (its rare terms for :class:`Rare`)."""
    d = np.empty_like(p)
    ax, ay = d[0], d[1]
    if isinstance(m, Rare):
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
    return d


def _rare_terms(t: float, p: np.ndarray, w: np.ndarray, m: Rare, ax: np.ndarray,
                ay: np.ndarray) -> None:
    """The accelerations ax, ay (n,) of the rare legs without v': the spring
    (cs x / max(|l - rho|, 1e-9)), the lift's pull, the swing's and the landing's
    terms, each on its slice (the sums in the order ``law.rhs`` adds them)."""
    i = m.spring
    x = p[0][i]
    hy = np.subtract(m.H, p[1][i])
    gap = np.multiply(x, x)
    gap += np.multiply(hy, hy, out=hy)
    np.subtract(m.l, np.sqrt(gap, out=gap), out=gap)
    np.maximum(np.abs(gap, out=gap), 1e-9, out=gap)
    np.divide(np.multiply(x, m.cs, out=hy), gap, out=ax[i])
    i = m.landing
    np.multiply(m.c4, w[1][i], out=ax[i])
    np.subtract(t, m.k5, out=ay[i])
    ay[i] *= m.ct
    ay[i] += m.cc[i]
    i = m.lift
    np.multiply(m.cy, p[1][i], out=ay[i])
    ay[i] += m.cc[i]
    i = slice(m.lift.stop, m.spring.stop)  # the spring swing <5>
    if i.stop > i.start:
        np.multiply(m.cx[i], w[0][i], out=ay[i])
        ay[i] += m.cc[i]
