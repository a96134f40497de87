"""The walking herd: a numpy core stepping many four-legged cats at once.

A :class:`Gait` holds everything that changes while cats walk: the shared clock, the
leg states ``s`` of shape (cats, legs, 4) = (x, y, x', y') per leg in the spec's
coordinates (``law.py``), each leg's regime 1-6 and constants K1-K7, the phase
corrections, and the law those give.  :func:`step` is pure: it returns a new Gait one
RK4 step later with the regime switches applied (``switches.py``).  A herd is ``cats >
1``: each cat has its own constants and speed, and N cats stepped together equal N
cats stepped alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from typing import Any

import numpy as np

from .integrate import advance, owned_coef, regime_coef
from .law import (
    DEFAULT_SPEED,
    K1,
    K2,
    LEGS,
    LIFT,
    STANCE,
    SWING,
    VX,
    Coef,
    Params,
    Speed,
    X,
    change_speed,
    constant_speed,
    make_params,
    scaled_constants,
    speed_at,
)
from .switches import MEMORY, switch

PERIOD_AT_UNIT_SPEED = 1.344  # s: the default gait's period 1.68 s at v = 0.8 (spec §1.4)


@dataclass(frozen=True)
class Gait:
    """A herd walking: the clock ``t`` (s), the leg states ``s`` (cats, legs, 4), each
    leg's regime (cats, legs, int8), constants ``k`` (cats, legs, 8: K1-K7 and T), phase
    correction ``dphi`` (rad), last lift-off time ``t_lift`` (s; nan before the first),
    the LH lift-to-lift ``period`` of each cat (cats,), the ``slip`` x' - v of each leg at
    its last touch-down, the constants and the speed, and the law ``coef`` they give."""

    t: float
    s: np.ndarray
    regime: np.ndarray
    k: np.ndarray
    dphi: np.ndarray
    t_lift: np.ndarray
    period: np.ndarray
    slip: np.ndarray
    params: Params
    speed: Speed
    coef: Coef

    @property
    def cats(self) -> int:
        return self.s.shape[0]

    def but(self, **changes) -> Gait:
        """A copy with some fields changed (a fast ``dataclasses.replace``)."""
        new = object.__new__(Gait)
        new.__dict__.update(self.__dict__, **changes)
        return new


def make_gait(params: Params, state: np.ndarray, regime=None, speed: Speed | None = None,
              t: float = 0.0, **memory: np.ndarray) -> Gait:
    """A herd from leg states (cats, legs, 4), every leg in ``regime`` (default stance);
    ``memory`` may give k, dphi, t_lift and period (default: none yet)."""
    state = np.array(state, np.float64, order="F")  # each component contiguous
    cats, legs = state.shape[:2]
    reg = np.full((cats, legs), STANCE, np.int8, order="F") if regime is None else \
        np.array(np.broadcast_to(regime, (cats, legs)), np.int8, order="F")
    speed = speed or constant_speed(DEFAULT_SPEED, cats)
    mem = {"k": np.zeros((cats, legs, 8)), "dphi": np.zeros((cats, legs)),
           "t_lift": np.full((cats, legs), np.nan),
           "period": PERIOD_AT_UNIT_SPEED / np.maximum(speed.v_to, 0.05)}
    slip = memory.pop("slip", np.zeros((cats, legs)))
    mem.update({name: np.array(np.broadcast_to(value, np.shape(mem[name])), np.float64)
                for name, value in memory.items()})
    return Gait(t=t, s=state, regime=reg, slip=np.array(slip, np.float64), params=params,
                speed=speed, coef=regime_coef(reg, mem["k"], mem["dphi"], params, speed,
                                              state, t),
                **mem)


# The default cat's gait once its phases have settled (60 s at v = 0.8), at the moment
# LH lifts off: per leg (x, y, x', y'), regime, K1, K2 (for the swinging RF), dphi,
# lift-off times relative to now, and LH's period.  The gait keeps its shape at other
# speeds with the constants scaled (spec §1.4): lengths stay, times scale by 0.8/v.
SETTLED: dict[str, Any] = {
    "s": ((0.400537446642, 0.0, 0.8, 0.0), (0.062744347748, 0.0, 0.8, 0.0),
          (-0.273397225989, 0.0, 0.8, 0.0),
          (-0.177766037554, 0.10649687727, -2.293471210837, -0.224065993177)),
    "regime": (LIFT, STANCE, STANCE, SWING),
    "k1": (0.0, 0.0, 0.0, 1.260454450467),
    "k2": (0.0, 0.0, 0.0, 0.431482405549),
    "dphi": (0.0, -0.009338860445, -0.007471088356, -0.009338860445),
    "t_lift": (0.0, -1.26, -0.84, -0.419),
    "period": 1.683,
}


def settled_start(params: Params, speed: Speed, t: float = 0.0) -> Gait:
    """Cats walking at their current speeds in the default gait with settled phases
    (``SETTLED``, scaled to each cat's speed); only sensible for cats whose constants
    are the defaults scaled to their speed (``scaled_constants``)."""
    cats = params.offsets.shape[0]
    w = (np.maximum(speed_at(speed, t)[0], 0.05) / DEFAULT_SPEED)[:, None]
    s = np.broadcast_to(np.array(SETTLED["s"]), (cats, len(LEGS), 4)).copy()
    s[..., VX:] *= w[..., None]
    k = np.zeros((cats, len(LEGS), 8))
    k[..., K1] = np.array(SETTLED["k1"]) * w
    k[..., K2] = np.array(SETTLED["k2"])
    return make_gait(params, s, SETTLED["regime"], speed, t, k=k,
                     dphi=np.array(SETTLED["dphi"]),
                     t_lift=t + np.array(SETTLED["t_lift"]) / w,
                     period=SETTLED["period"] / w[:, 0])


def stance_start(params: Params, speed: Speed) -> np.ndarray:
    """Leg states (cats, legs, 4) with every paw planted where its desired phase puts it:
    a leg with offset f lifts after f of a cycle (the period is about 1.344 / v, so it
    starts 1.344 f behind x_lift), but no paw starts further forward than -x_lift."""
    x = np.maximum(params.x_lift - params.offsets * PERIOD_AT_UNIT_SPEED, -params.x_lift)
    s = np.zeros((*x.shape, 4))
    s[..., X] = x
    s[..., VX] = speed_at(speed, 0.0)[0][:, None]
    return s


def random_start(params: Params, speed: Speed, rng: np.random.Generator) -> np.ndarray:
    """Leg states with every paw planted at a random x in [-x_lift, x_lift)."""
    cats = params.offsets.shape[0]
    x = rng.uniform(-1.0, 1.0, (cats, len(LEGS))) * params.x_lift
    s = np.zeros((*x.shape, 4))
    s[..., X] = x
    s[..., VX] = speed_at(speed, 0.0)[0][:, None]
    return s


def new_herd(cats: int = 1, v: float = DEFAULT_SPEED, rng: np.random.Generator | None = None,
             start: str = "settled", **values) -> Gait:
    """``cats`` cats at the defaults walking at v (M1, M2, M scaled to v unless given).
    ``start``: "settled" (the default gait with its phases settled), "stance" (every
    paw planted, in its desired phase as far as it can be); with a generator ``rng``
    every paw is planted at random."""
    consts = {**{k: float(c) for k, c in scaled_constants(v).items()}, **values}
    params = make_params(cats, **consts)
    speed = constant_speed(v, cats)
    if rng is not None:
        return make_gait(params, random_start(params, speed, rng), speed=speed)
    if start == "settled" and v >= float(params.v_min[0, 0]):
        return settled_start(params, speed)
    return make_gait(params, stance_start(params, speed), speed=speed)


def step(g: Gait, dt: float) -> Gait:
    """The herd ``dt`` seconds later: one RK4 step, then the switches."""
    s1 = advance(g.t, g.s, g.coef, dt)
    return switch(g, s1, g.t + dt)


def walk(g: Gait, seconds: float, dt: float = 1e-3) -> Gait:
    """The herd after ``round(seconds / dt)`` steps of ``dt`` (``g`` is not changed:
    the walk works on its own copy, updated in place step by step)."""
    last = g
    for h in stepping(g, round(seconds / dt), dt):
        last = h
    return last


def stepping(g: Gait, n: int, dt: float = 1e-3) -> Iterator[Gait]:
    """The herd after each of ``n`` steps.  The steps work on one private copy of
    ``g``, updated in place: a yielded Gait is valid until the next is asked for (copy
    what you keep)."""
    if n <= 0:
        return
    g = owned_copy(g)
    for _ in range(n):
        g = switch(g, advance(g.t, g.s, g.coef, dt), g.t + dt, own=True)
        yield g


def owned_copy(g: Gait) -> Gait:
    """A Gait whose changing arrays (memory and law) are its own."""
    return g.but(coef=owned_coef(g.coef), **{name: getattr(g, name).copy(order="K")
                                              for name in MEMORY})


def set_speed(g: Gait, v: float, which=slice(None), ramp: float | None = None,
              scale: bool = True) -> Gait:
    """Ramp the speed of the cats ``which`` to v over ``ramp`` s (their Params.ramp by
    default) and, with ``scale``, set their M1, M2, M for v (spec §1.4)."""
    cats = np.arange(g.cats)[which]
    ramp_s = g.params.ramp[cats, 0] if ramp is None else ramp
    speed = change_speed(g.speed, g.t, v, ramp_s, cats)
    params = g.params
    if scale:
        params = set_constants(params, cats, **scaled_constants(v))
    return relaw(replace(g, speed=speed, params=params))


def join(gaits: list[Gait]) -> Gait:
    """One herd of the cats of several herds on the same clock (cats in order)."""
    first = gaits[0]
    if any(g.t != first.t or g.params.literal_swing != first.params.literal_swing
           for g in gaits):
        raise ValueError("herds to join must share their clock and law")

    def cat(objs, name):
        return np.concatenate([getattr(o, name) for o in objs], axis=0)

    params = replace(first.params, **{f.name: cat([g.params for g in gaits], f.name)
                                      for f in fields(Params) if f.name != "literal_swing"})
    speed = Speed(**{name: cat([g.speed for g in gaits], name)
                     for name in ("v_from", "v_to", "t0", "ramp", "s0")})
    memory = {name: cat(gaits, name) for name in MEMORY}
    regime = memory.pop("regime")
    return make_gait(params, cat(gaits, "s"), regime, speed, first.t, **memory)


def set_constants(p: Params, which, **values) -> Params:
    """Params with some constants of the cats ``which`` replaced."""
    new = {}
    for name, value in values.items():
        a = getattr(p, name).copy()
        a[which, 0] = value
        new[name] = a
    return replace(p, **new)


def relaw(g: Gait) -> Gait:
    """The gait with its law rebuilt from its regimes, constants, params and speed."""
    return replace(g, coef=regime_coef(g.regime, g.k, g.dphi, g.params, g.speed, g.s, g.t))


__all__ = [
    "LEGS",
    "Gait",
    "join",
    "make_gait",
    "make_params",
    "new_herd",
    "random_start",
    "relaw",
    "set_constants",
    "set_speed",
    "settled_start",
    "stance_start",
    "step",
    "stepping",
    "walk",
]
