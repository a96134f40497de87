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
integrates it.  A step (``integrate.advance``) writes RK4 out for the legs whose law is
linear and integrates the rare others stage by stage.  The switches between regimes are in
``switches.py``, the walking herd in ``gait.py``.  Nothing here loops over legs or cats
in Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from .speed import Speed, change_speed, constant_speed, speed_at, walked  # noqa: F401 (re-exported)

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
class Coef:
    """The law of each leg for the current regimes, arrays of shape (cats, legs):

        x'' = cs x / |l - rho| + (a v + b) v x + c4 y' + cv v'
        y'' = cy y + cc + cx x' + ct (t - k5)

    the gates the switches test first (a leg may switch only when x >= x_gate or
    x <= x_front, or x' changes sign and ``flip``, or t >= t_gate, y <= y_gate,
    y' >= vy_gate), the geometry
    (l, H: (cats, 1)), the cats' speeds, and the same law gathered for the legs that
    are not in stance (``integrate.Moving``, what a step integrates).  The float arrays
    are (cats, legs) views of two: ``table`` (each leg's law together, columns
    ``LAW_NAMES``) and ``gates`` (rows ``GATE_NAMES``), so that a switch rewrites a
    leg's law in two operations."""

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
    moving: Any  # integrate.Moving: the legs not in stance, gathered
    table: np.ndarray  # (legs, cats, len(LAW_NAMES)): the law's arrays above are its columns
    gates: np.ndarray  # (len(GATE_NAMES), legs, cats): the gates above are its rows


LAW_NAMES = ("a", "b", "cx", "cc", "cv", "cs", "cy", "c4", "ct", "k5")  # Coef.table's columns
GATE_NAMES = ("x_gate", "x_front", "t_gate", "y_gate", "vy_gate")  # Coef.gates' rows
COEF_NAMES = (*LAW_NAMES, *GATE_NAMES, "flip")
GATE_Y = 1e-9  # a swinging paw this low has met the ground


def law_values(r: np.ndarray, k: np.ndarray, dphi: np.ndarray, p: Params,
               ci=slice(None)) -> dict[str, np.ndarray]:
    """The arrays of :class:`Coef` (names ``COEF_NAMES``) for legs in regimes ``r`` with
    constants ``k`` (r.shape + (8,)) and phase corrections ``dphi``.  The legs belong to
    the cats ``ci`` (all cats, or an index array as long as ``r``)."""
    def cat(a):
        return a if isinstance(ci, slice) else a[ci, 0]

    M1, M2, h = cat(p.M1), cat(p.M2), cat(p.h)
    inf = np.inf
    stance, lift, spring = r == STANCE, r == LIFT, r == SPRING
    swing, landing, down = r == SWING, r == TOUCHDOWN, r == PUTDOWN
    swinging, springy = swing | spring, lift | spring
    factor = (1 - dphi / TWO_PI) * np.pi / np.where(swing, k[..., K2], 1.0)
    reach = np.sqrt(np.maximum((cat(p.rho_lift) * cat(p.l)) ** 2 - cat(p.H) ** 2, 0.0))
    values = {
        "cs": np.where(springy, -M1, 0.0),
        "a": np.where(swing & (not p.literal_swing), -factor * factor, 0.0),
        "b": np.where(swing & p.literal_swing, factor, 0.0),
        "c4": np.where(landing, k[..., K4], 0.0),
        "cv": np.where(stance | landing, 1.0, 0.0),
        "cy": np.where(lift, -M2, 0.0),
        "cc": np.where(lift, M2 * h / 8, np.where(down, k[..., K3],
                                                   np.where(landing, 2 * k[..., K7], 0.0))),
        "cx": np.where(swinging, k[..., K1], 0.0),
        "ct": np.where(landing, 6 * k[..., K6], 0.0),
        "k5": np.where(landing, k[..., K5], 0.0),
        "x_gate": np.where(stance, np.minimum(cat(p.x_lift), reach), inf),
        "x_front": np.where(stance, -reach, -inf),
        "flip": swinging | lift,
        "t_gate": np.where(landing, k[..., K5] + k[..., KT] - GATE_Y, inf),
        "y_gate": np.where(swinging | down, GATE_Y, -inf),
        "vy_gate": np.where(down, 0.0, inf),
    }
    if r.ndim == 1:
        return values
    return {name: np.asfortranarray(a) for name, a in values.items()}  # like the state


def rhs(t: float, state: np.ndarray, coef: Coef) -> np.ndarray:
    """d/dt of ``state`` (cats, legs, 4) at time t: (x', y', x'', y''), every term over
    every leg (the reference form of the law; steps use ``integrate.advance``)."""
    v, dv = speed_at(coef.speed, t)
    v, dv = v[:, None], dv[:, None]
    c = coef
    x, y, vx, vy = state[..., X], state[..., Y], state[..., VX], state[..., VY]
    gap = np.maximum(np.abs(c.l - np.sqrt(x * x + (c.H - y) ** 2)), 1e-9)
    out = np.empty(state.shape, order="F")
    out[..., :VX] = state[..., VX:]
    out[..., VX] = c.cs * x / gap + (c.a * v + c.b) * v * x + c.c4 * vy + c.cv * dv
    out[..., VY] = c.cy * y + c.cc + c.cx * vx + c.ct * (t - c.k5)
    return out


def rk4(t: float, state: np.ndarray, coef: Coef, dt: float) -> np.ndarray:
    """One classical Runge-Kutta step of :func:`rhs` for every leg (the coefficients
    held fixed)."""
    k1 = rhs(t, state, coef)
    k2 = rhs(t + dt / 2, state + dt / 2 * k1, coef)
    k3 = rhs(t + dt / 2, state + dt / 2 * k2, coef)
    k4 = rhs(t + dt, state + dt * k3, coef)
    return state + dt / 6 * (k1 + 2 * (k2 + k3) + k4)
