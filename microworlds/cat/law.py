"""The gait's equations: the seed's six regimes as one law over (cats, legs, state).

Units: lengths in H (the shoulder height), time in seconds.  Per leg the state is
``(x, y, x', y')`` (spec §1.3): ``x`` is the paw's horizontal offset from its shoulder (hip
for a hind leg), positive = behind; ``y`` is the paw's height above the ground.  The cat
walks toward -X at speed ``v(t)``.  Arrays have shape ``(cats, legs, 4)``; legs are
``LEGS = (LH, LF, RH, RF)``.  A herd is just ``cats > 1``: every cat has its own constants
and speed, the clock is shared.

The regimes (the seed's table, with the spec's readings):

    <1> stance        x'' = v'                       y'' = 0
    <2> lift-off      x'' = -M1 x / |l - rho|        y'' = M2 (h/8 - y)
    <3> swing         x'' = -w^2 x,  w = (pi v/K2)(1 - dphi/2pi)      y'' = K1 x'
    <4> put-down      x'' = 0                        y'' = +K3  (decelerates the fall)
    <5> spring swing  x'' = -M1 x / |l - rho|        y'' = K1 x'
    <6> touch-down    x'' = K4 y' + v'               y'' = 6 K6 (t - K5) + 2 K7

Each regime is one set of coefficients of a single law (:class:`Coef`), so :func:`rhs`
is the same few array operations for every leg whatever its regime, and :func:`rk4`
integrates it.  The switches between regimes are in ``switches.py``, the walking herd in
``gait.py``.  Nothing here loops over legs or cats in Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

LEGS = ("LH", "LF", "RH", "RF")
X, Y, VX, VY = 0, 1, 2, 3
STANCE, LIFT, SWING, PUTDOWN, SPRING, TOUCHDOWN = 1, 2, 3, 4, 5, 6
K1, K2, K3, K4, K5, K6, K7, KT = range(8)  # columns of Gait.k (KT: the landing time T)
TWO_PI = 2 * np.pi


@dataclass(frozen=True)
class Params:
    """The constants of each cat: arrays of shape (cats, 1) (``offsets``: (cats, legs)).

    l: total length of the three upper leg segments (H); H: shoulder height; h: the
    seed's h (lift-off aims at h/8); M, M1, M2: the seed's constants; x_lift: stance ends
    when x >= x_lift (or rho >= rho_lift * l); v_min: below it the swing is the spring
    swing <5> and landing is <4>; offsets: desired lift-off phase of each leg as a
    fraction of the LH cycle; ramp: seconds a speed change takes (smoothstep)."""

    l: np.ndarray
    H: np.ndarray
    h: np.ndarray
    M: np.ndarray
    M1: np.ndarray
    M2: np.ndarray
    x_lift: np.ndarray
    rho_lift: np.ndarray
    v_min: np.ndarray
    offsets: np.ndarray
    ramp: np.ndarray
    literal_swing: bool = False  # the printed, uncorrected <3> (regression only)

    @cached_property
    def v_min_top(self) -> float:
        return float(np.max(self.v_min))


DEFAULTS = dict(l=1.2, H=1.0, h=1.0, M=1.0, M1=3.0, M2=60.0, x_lift=0.4, rho_lift=0.95,
                v_min=0.05, ramp=0.5)
DEFAULT_OFFSETS = (0.0, 0.25, 0.5, 0.75)
DEFAULT_SPEED = 0.8


def make_params(cats: int = 1, offsets=DEFAULT_OFFSETS, literal_swing: bool = False,
                **values: float) -> Params:
    """Params for ``cats`` cats: the spec's defaults (§1.4), overridden by ``values``
    (scalars or arrays of shape (cats,))."""
    merged = {**DEFAULTS, **values}
    cols = {k: np.broadcast_to(np.asarray(v, np.float64), (cats,)).reshape(cats, 1).copy()
            for k, v in merged.items()}
    offs = np.broadcast_to(np.asarray(offsets, np.float64), (cats, len(LEGS))).copy()
    return Params(offsets=offs, literal_swing=literal_swing, **cols)


def scaled_constants(v: float | np.ndarray) -> dict[str, np.ndarray]:
    """M1, M2, M for speed v so the gait keeps its shape (spec §1.4): the defaults scaled
    by (v/0.8)^2, (v/0.8)^2 and v/0.8, i.e. 4.6875 v^2, 93.75 v^2, 1.25 v (the spec
    rounds them to 4.7, 94, 1.25); at v = 0.8 they are exactly 3, 60, 1.  Speeds below
    0.5 H/s use 0.5, so that a stopping cat still finishes its step briskly."""
    w = np.maximum(np.asarray(v, np.float64), 0.5) / DEFAULT_SPEED
    return {"M1": DEFAULTS["M1"] * w * w, "M2": DEFAULTS["M2"] * w * w, "M": DEFAULTS["M"] * w}


@dataclass(frozen=True)
class Speed:
    """v(t) of each cat (arrays of shape (cats,)): a smoothstep from ``v_from`` at ``t0``
    to ``v_to`` at ``t0 + ramp``; ``s0`` is the distance walked at ``t0``; after
    ``t_end`` (the last ramp's end) every speed is constant; ``v_low`` is the lowest
    speed any cat has in its ramp."""

    v_from: np.ndarray
    v_to: np.ndarray
    t0: np.ndarray
    ramp: np.ndarray
    s0: np.ndarray
    t_end: float = 0.0
    v_low: float = 0.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "t_end", float(np.max(self.t0 + self.ramp)))
        object.__setattr__(self, "v_low", float(min(self.v_from.min(), self.v_to.min())))


def constant_speed(v, cats: int = 1) -> Speed:
    a = np.broadcast_to(np.asarray(v, np.float64), (cats,)).copy()
    z = np.zeros(cats)
    return Speed(a, a.copy(), z, z.copy(), z.copy())


def speed_at(sp: Speed, t: float) -> tuple[np.ndarray, np.ndarray]:
    """(v, v') at time t, each of shape (cats,)."""
    T = np.maximum(sp.ramp, 1e-12)
    u = np.clip((t - sp.t0) / T, 0.0, 1.0)
    dv = sp.v_to - sp.v_from
    return sp.v_from + dv * u * u * (3 - 2 * u), dv * 6 * u * (1 - u) / T


def walked(sp: Speed, t: float) -> np.ndarray:
    """Distance each cat has walked by time t (H), the exact integral of v(t)."""
    tau = np.maximum(t - sp.t0, 0.0)
    T = np.maximum(sp.ramp, 1e-12)
    u = np.clip(tau / T, 0.0, 1.0)
    ramp_part = sp.ramp * (u ** 3 - u ** 4 / 2) + np.maximum(tau - sp.ramp, 0.0)
    return sp.s0 + sp.v_from * tau + (sp.v_to - sp.v_from) * ramp_part


def change_speed(sp: Speed, t: float, v_new, ramp, which=slice(None)) -> Speed:
    """Start a ramp at time t from the current v to ``v_new`` for the cats ``which``."""
    v_now, _ = speed_at(sp, t)
    s_now = walked(sp, t)
    new = {f: getattr(sp, f).copy() for f in ("v_from", "v_to", "t0", "ramp", "s0")}
    new["v_from"][which] = v_now[which]
    new["v_to"][which] = v_new
    new["t0"][which] = t
    new["ramp"][which] = ramp
    new["s0"][which] = s_now[which]
    return Speed(**new)


@dataclass(frozen=True)
class Coef:
    """The law of each leg for the current regimes, arrays of shape (cats, legs):

        x'' = cs x / |l - rho| + (a v + b) v x + c4 y' + cv v'
        y'' = cy y + cc + cx x' + ct (t - k5)

    the gates the switches test first (a leg may switch only when x >= x_gate or
    x <= x_front, or x' changes sign and ``flip``, or t >= t_gate, y <= y_gate,
    y' >= vy_gate), the geometry
    (l, H: (cats, 1)), the cats' speeds, and ``terms``: which terms are non-zero for some
    leg (a small herd skips the others)."""

    cs: np.ndarray
    a: np.ndarray
    b: np.ndarray
    c4: np.ndarray
    cv: np.ndarray
    cy: np.ndarray
    cc: np.ndarray
    cx: np.ndarray
    ct: np.ndarray
    k5: np.ndarray
    x_gate: np.ndarray
    x_front: np.ndarray
    flip: np.ndarray
    t_gate: np.ndarray
    y_gate: np.ndarray
    vy_gate: np.ndarray
    l: np.ndarray
    H: np.ndarray
    speed: Speed
    terms: frozenset


COEF_NAMES = ("cs", "a", "b", "c4", "cv", "cy", "cc", "cx", "ct", "k5", "x_gate", "x_front",
              "flip", "t_gate", "y_gate", "vy_gate")
GATE_Y = 1e-9  # a swinging paw this low has met the ground


def law_values(r: np.ndarray, k: np.ndarray, dphi: np.ndarray, p: Params,
               ci=slice(None)) -> dict[str, np.ndarray]:
    """The arrays of :class:`Coef` (names ``COEF_NAMES``) for legs in regimes ``r`` with
    constants ``k`` (r.shape + (8,)) and phase corrections ``dphi``.  The legs belong to
    the cats ``ci`` (all cats, or an index array as long as ``r``)."""
    def cat(a):
        return a if isinstance(ci, slice) else a[ci, 0]

    M1, M2, h = cat(p.M1), cat(p.M2), cat(p.h)
    zero, inf = np.zeros_like(r, np.float64), np.full_like(r, np.inf, np.float64)
    swing, landing, down = r == SWING, r == TOUCHDOWN, r == PUTDOWN
    swinging = swing | (r == SPRING)
    factor = (1 - dphi / TWO_PI) * np.pi / np.where(swing, k[..., K2], 1.0)
    reach = np.sqrt(np.maximum((cat(p.rho_lift) * cat(p.l)) ** 2 - cat(p.H) ** 2, 0.0))
    values = {
        "cs": np.where((r == LIFT) | (r == SPRING), -M1, zero),
        "a": np.where(swing & (not p.literal_swing), -factor * factor, 0.0),
        "b": np.where(swing & p.literal_swing, factor, 0.0),
        "c4": np.where(landing, k[..., K4], 0.0),
        "cv": np.where((r == STANCE) | landing, 1.0, 0.0),
        "cy": np.where(r == LIFT, -M2, zero),
        "cc": np.select([r == LIFT, down, landing], [M2 * h / 8 + zero, k[..., K3],
                                                     2 * k[..., K7]], 0.0),
        "cx": np.where(swinging, k[..., K1], 0.0),
        "ct": np.where(landing, 6 * k[..., K6], 0.0),
        "k5": np.where(landing, k[..., K5], 0.0),
        "x_gate": np.where(r == STANCE, np.minimum(cat(p.x_lift), reach), inf),
        "x_front": np.where(r == STANCE, -reach, -inf),
        "flip": swinging | (r == LIFT),
        "t_gate": np.where(landing, k[..., K5] + k[..., KT] - GATE_Y, inf),
        "y_gate": np.where(swinging | down, GATE_Y, -inf),
        "vy_gate": np.where(down, 0.0, inf),
    }
    return {name: np.asfortranarray(a) for name, a in values.items()}  # like the state


def terms_in_use(regime: np.ndarray) -> frozenset:
    """The terms of the law some leg in ``regime`` uses (see :class:`Coef`)."""
    n = np.bincount(regime.ravel(), minlength=7)
    return frozenset(name for name, used in (
        ("spring", n[LIFT] + n[SPRING]), ("swing", n[SWING]), ("landing", n[TOUCHDOWN]),
        ("cy", n[LIFT]), ("cx", n[SWING] + n[SPRING]),
        ("cc", n[LIFT] + n[PUTDOWN] + n[TOUCHDOWN])) if used)


def make_coef(values: dict[str, np.ndarray], regime: np.ndarray, p: Params,
              speed: Speed) -> Coef:
    """A :class:`Coef` from its arrays and the regimes they are for."""
    return Coef(l=p.l, H=p.H, speed=speed, terms=terms_in_use(regime), **values)


def regime_coef(regime: np.ndarray, k: np.ndarray, dphi: np.ndarray, p: Params,
                speed: Speed) -> Coef:
    """The :class:`Coef` of legs in ``regime`` (cats, legs) with the constants ``k``
    (cats, legs, 8) and phase corrections ``dphi`` (cats, legs)."""
    return make_coef(law_values(regime, k, dphi, p), regime, p, speed)


def rhs(t: float, state: np.ndarray, coef: Coef) -> np.ndarray:
    """d/dt of ``state`` (cats, legs, 4) at time t: (x', y', x'', y'')."""
    v, dv = speed_at(coef.speed, t)
    return _deriv(t, state, coef, (coef.a * v[:, None] + coef.b) * v[:, None],
                  dv[:, None])


def _deriv(t: float, state: np.ndarray, c: Coef, kx: np.ndarray, dv) -> np.ndarray:
    """:func:`rhs` given kx = (a v + b) v and v' (None when v is constant); the terms
    no leg uses are skipped, the rest computed in place."""
    x, y, vx, vy = state[..., X], state[..., Y], state[..., VX], state[..., VY]
    terms = c.terms
    out = np.empty_like(state)
    out[..., :VX] = state[..., VX:]
    ax, ay = out[..., VX], out[..., VY]
    if "swing" in terms:
        np.multiply(kx, x, out=ax)
    else:
        ax.fill(0.0)
    if "spring" in terms:
        gap = c.H - y
        gap *= gap
        gap += x * x
        np.sqrt(gap, out=gap)
        np.subtract(c.l, gap, out=gap)
        np.abs(gap, out=gap)
        np.maximum(gap, 1e-9, out=gap)
        np.divide(c.cs, gap, out=gap)
        gap *= x
        ax += gap
    if "cc" in terms:
        ay[...] = c.cc
    else:
        ay.fill(0.0)
    if "landing" in terms:
        ax += c.c4 * vy
        ay += c.ct * (t - c.k5)
    if dv is not None:
        ax += c.cv * dv
    if "cy" in terms:
        ay += c.cy * y
    if "cx" in terms:
        ay += c.cx * vx
    return out


def rk4(t: float, state: np.ndarray, coef: Coef, dt: float) -> np.ndarray:
    """One classical Runge-Kutta step of :func:`rhs` (the coefficients held fixed)."""
    sp, h = coef.speed, dt / 2
    if t >= sp.t_end:  # constant speeds: v' = 0 and (a v + b) v once for the step
        kx = (coef.a * sp.v_to[:, None] + coef.b) * sp.v_to[:, None] \
            if "swing" in coef.terms else None
        kxs, dvs = (kx, kx, kx), (None, None, None)
    else:
        vs = [speed_at(sp, tt) for tt in (t, t + h, t + dt)]
        kxs = tuple((coef.a * v[:, None] + coef.b) * v[:, None] for v, _ in vs)
        dvs = tuple(d[:, None] for _, d in vs)
    k1 = _deriv(t, state, coef, kxs[0], dvs[0])
    k2 = _deriv(t + h, state + h * k1, coef, kxs[1], dvs[1])
    k3 = _deriv(t + h, state + h * k2, coef, kxs[1], dvs[1])
    k4 = _deriv(t + dt, state + dt * k3, coef, kxs[2], dvs[2])
    k2 += k3
    k2 *= 2
    k2 += k1
    k2 += k4
    k2 *= dt / 6
    k2 += state
    return k2
