"""The gait's switches: when a leg changes regime, and the constants fixed at that moment.

After each integration step every leg is tested at once (boolean masks over
(cats, legs)); the few legs that switch are gathered by index, their constants are
computed from their state at the end of the step, and their law is rewritten:

- stance <1> -> lift-off <2>: x >= x_lift or rho >= rho_lift * l (not in the seed, spec §1.3);
- condition 1, x'(t) <= 0 and x'(t - dt) > 0 (rear extreme), <2> -> swing <3> (spring
  swing <5> below v_min): K1 = y'/x, K2 = |x|, K3 = y'^2 / 2y, and the phase
  correction dphi (spec §1.5);
- condition 2, x'(t) >= 0 and x'(t - dt) < 0 (front extreme; the seed's cut-off text read
  as "< 0"), <3>/<5> -> touch-down <6>: K3, K4 = -v/y, K5 = t, T = |x| / 5M,
  K6 = (y'T + 2y)/T^3, K7 = -(2y'T + 3y)/T^2; -> put-down <4> instead when v < v_min or
  the landing would dip below ground (T |y'| > 3y);
- <6> -> <1> when t - K5 >= T, <4> -> <1> when y <= 0 or y' >= 0, and any swing -> <1>
  when the paw meets the ground early: the paw is planted (y = y' = 0, x' = v) and the
  slip x' - v it had is kept in ``Gait.slip``;
- <3> -> <5> when the cat slows below v_min in mid-swing (<3>'s w is proportional to v).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .integrate import make_coef
from .law import (
    GATE_NAMES,
    K1,
    K2,
    K3,
    K4,
    K5,
    K6,
    K7,
    KT,
    LAW_NAMES,
    LIFT,
    PUTDOWN,
    SPRING,
    STANCE,
    SWING,
    TOUCHDOWN,
    TWO_PI,
    VX,
    VY,
    Coef,
    X,
    Y,
    law_values,
    speed_at,
)

TINY = 1e-9


def phase_correction(t_lift: np.ndarray, t_lift_lh: np.ndarray, period: np.ndarray,
                     target: np.ndarray) -> np.ndarray:
    """dphi (rad) of legs that lifted at ``t_lift`` when their cat's LH leg last lifted
    at ``t_lift_lh`` with lift-to-lift ``period``: -2 pi times the wrapped error of the
    phase against ``target`` (positive when the leg leads); 0 while unknown."""
    with np.errstate(invalid="ignore", divide="ignore"):
        phase = np.mod((t_lift - t_lift_lh) / period, 1.0)
        err = np.mod(phase - target + 0.5, 1.0) - 0.5
    return np.where(np.isfinite(err), -TWO_PI * err, 0.0)


def candidates(g: Any, s1: np.ndarray, t1: float) -> np.ndarray:
    """Legs that may switch after the step from ``g.s`` to ``s1`` (cats, legs): the
    cheap gates of the law; :func:`switch` tests these few exactly.  While some cat
    walks slower than v_min (or its speed is changing), its swinging legs too."""
    c, x = g.coef, s1[..., X]
    cand = np.greater_equal(x, c.x_gate)  # in place: (x >= x_gate) | (x <= x_front) | ...
    b = np.less_equal(x, c.x_front)
    cand |= b
    np.less_equal(np.multiply(g.s[..., VX], s1[..., VX]), 0.0, out=b)
    b &= c.flip
    cand |= b
    for lhs, test, rhs in ((t1, np.greater_equal, c.t_gate), (s1[..., Y], np.less_equal, c.y_gate),
                           (s1[..., VY], np.greater_equal, c.vy_gate)):
        cand |= test(lhs, rhs, out=b)
    sp = g.speed
    if t1 <= sp.t_end or sp.v_low < g.params.v_min_top:
        cand |= g.regime == SWING
    return cand


def masks(g: Any, s1: np.ndarray, t1: float, v: np.ndarray, idx) -> dict[str, np.ndarray]:
    """Which of the legs ``idx`` switch, and how (boolean arrays as long as idx)."""
    p, r, ci = g.params, g.regime[idx], idx[0]
    x, y, vx, vy = (s1[..., i][idx] for i in (X, Y, VX, VY))
    vx0 = g.s[..., VX][idx]
    swinging = (r == SWING) | (r == SPRING)
    reach = x * x + (p.H[ci, 0] - y) ** 2 >= (p.rho_lift[ci, 0] * p.l[ci, 0]) ** 2
    return {
        "lift": (r == STANCE) & (v[ci, 0] >= p.v_min[ci, 0]) & ((x >= p.x_lift[ci, 0]) | reach),
        "rear": (r == LIFT) & (vx <= 0) & (vx0 > 0),
        "front": swinging & (vx >= 0) & (vx0 < 0) & (y > TINY),
        "down": (((r == TOUCHDOWN) & (t1 - g.k[..., K5][idx] >= g.k[..., KT][idx] - TINY))
                 | ((r == PUTDOWN) & ((y <= 0) | (vy >= 0))) | (swinging & (y <= TINY))),
        "slow": (r == SWING) & (v[ci, 0] < p.v_min[ci, 0]),
    }


def flat_nonzero(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.nonzero`` of a (cats, legs) mask kept in Fortran order (the gait's layout),
    read in that order: (cats, legs) indices, legs-major (much cheaper than
    ``np.nonzero``, which walks a Fortran array against its layout)."""
    cats = mask.shape[0]
    flat = np.flatnonzero(mask.ravel(order="K" if mask.flags.f_contiguous else "F"))
    li, ci = np.divmod(flat, cats)
    return ci, li


MEMORY = ("regime", "k", "dphi", "t_lift", "period", "slip")


def switch(g: Any, s1: np.ndarray, t1: float, own: bool = False) -> Any:
    """The gait at ``t1`` with leg states ``s1`` (the step's result) and its switches.
    ``g`` is left as it was unless ``own``: then its arrays are updated in place (a
    caller that owns its copy saves copying them at every step)."""
    cand = candidates(g, s1, t1)
    if not cand.any():
        return g.but(t=t1, s=s1)
    v = speed_at(g.speed, t1)[0][:, None]
    idx = flat_nonzero(cand)
    m = masks(g, s1, t1, v, idx)
    m["slow"] &= ~(m["front"] | m["down"])
    changed = m["lift"] | m["rear"] | m["front"] | m["down"] | m["slow"]
    if not changed.any():
        return g.but(t=t1, s=s1)
    new = {name: getattr(g, name) if own else getattr(g, name).copy(order="K") for name in MEMORY}
    for name, apply in (("lift", _lift), ("rear", _rear), ("front", _front),
                        ("down", _down), ("slow", _slow)):
        if m[name].any():
            apply(g, s1, t1, v, new, (idx[0][m[name]], idx[1][m[name]]))
    lifted = (idx[0][m["lift"]], idx[1][m["lift"]])
    coef = _rewrite(g, new, (idx[0][changed], idx[1][changed]), own, s1, t1, lifted)
    return g.but(t=t1, s=s1, coef=coef, **new)


def _lift(g, s1, t1, v, new, idx) -> None:
    ci, li = idx
    new["regime"][idx] = LIFT
    lh = li == 0
    prev = new["t_lift"][ci[lh], 0]
    new["period"][ci[lh]] = np.where(np.isfinite(prev), t1 - prev, new["period"][ci[lh]])
    new["t_lift"][idx] = t1


def _rear(g, s1, t1, v, new, idx) -> None:
    ci, li = idx
    x, y, vy = s1[..., X][idx], np.maximum(s1[..., Y][idx], TINY), s1[..., VY][idx]
    x = np.where(np.abs(x) < TINY, TINY, x)
    k = new["k"]
    k[ci, li, K1] = vy / x
    k[ci, li, K2] = np.abs(x)
    k[ci, li, K3] = vy * vy / (2 * y)
    t_lift = new["t_lift"]
    new["dphi"][idx] = phase_correction(t_lift[idx], t_lift[ci, 0], new["period"][ci],
                                        g.params.offsets[idx])
    slow = v[ci, 0] < g.params.v_min[ci, 0]
    new["regime"][idx] = np.where(slow, SPRING, SWING)


def _front(g, s1, t1, v, new, idx) -> None:
    ci, li = idx
    x, y, vy = s1[..., X][idx], s1[..., Y][idx], s1[..., VY][idx]
    vc = v[ci, 0]
    T = np.maximum(np.abs(x) / (5 * g.params.M[ci, 0]), TINY)
    k = new["k"]
    k[ci, li, K3] = vy * vy / (2 * y)
    k[ci, li, K4] = -vc / y
    k[ci, li, K5] = t1
    k[ci, li, K6] = (vy * T + 2 * y) / T ** 3
    k[ci, li, K7] = -(2 * vy * T + 3 * y) / T ** 2
    k[ci, li, KT] = T
    soft = (vc >= g.params.v_min[ci, 0]) & (T * np.abs(vy) <= 3 * y)
    new["regime"][idx] = np.where(soft, TOUCHDOWN, PUTDOWN)


def _slow(g, s1, t1, v, new, idx) -> None:
    """A swing whose cat slowed below v_min goes on as the spring swing <5>."""
    new["regime"][idx] = SPRING


def _down(g, s1, t1, v, new, idx) -> None:
    vc = np.broadcast_to(v, s1.shape[:2])[idx]
    new["slip"][idx] = s1[..., VX][idx] - vc
    new["regime"][idx] = STANCE
    s1[..., Y][idx] = 0.0
    s1[..., VY][idx] = 0.0
    s1[..., VX][idx] = vc


def _rewrite(g, new, idx, own: bool, s1: np.ndarray, t1: float, lifted) -> Coef:
    """The law with the legs ``idx`` rewritten for their new regimes and constants (and
    its gathered legs brought up to date: ``lifted`` are the legs that lifted off)."""
    from .integrate import refresh_moving

    values = law_values(new["regime"][idx], new["k"][idx], new["dphi"][idx], g.params,
                        idx[0])
    c = g.coef
    table, gates = (c.table, c.gates) if own else (c.table.copy(), c.gates.copy())
    flat_table, flat_gates = table.reshape(-1, len(LAW_NAMES)), gates.reshape(len(gates), -1)
    cats = g.regime.shape[0]
    flat = idx[0] + cats * idx[1]
    flat_table[flat] = np.stack([values[name] for name in LAW_NAMES], axis=-1)
    flat_gates[:, flat] = np.stack([values[name] for name in GATE_NAMES])
    flip = c.flip if own else c.flip.copy(order="K")
    flip[idx] = values["flip"]
    order = np.argsort(flat)
    moving = refresh_moving(c.moving, flat_table, flat_gates[0], new["regime"], g.params,
                            flat[order], np.sort(lifted[0] + cats * lifted[1]), s1, t1,
                            g.speed, own)
    if own:  # the same arrays, rewritten in place: the law's views of them hold
        law = object.__new__(type(c))
        law.__dict__.update(c.__dict__, moving=moving)
        return law
    return make_coef(table, gates, flip, new["regime"], g.params, g.speed, moving=moving)
