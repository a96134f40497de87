"""The cats' speeds v(t): constant, or a smoothstep ramp from one speed to another.

Arrays have shape (cats,); times are seconds, speeds H/s.  ``walked`` is the exact
integral of v(t), so a cat's position on the ground needs no integration.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


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
    still: np.ndarray = field(default_factory=lambda: np.zeros(0))  # v' = 0 for every cat

    def __post_init__(self) -> None:
        object.__setattr__(self, "still", np.zeros_like(self.v_to))
        object.__setattr__(self, "t_end", float(np.max(self.t0 + self.ramp)))
        object.__setattr__(self, "v_low", float(min(self.v_from.min(), self.v_to.min())))


def constant_speed(v, cats: int = 1) -> Speed:
    a = np.broadcast_to(np.asarray(v, np.float64), (cats,)).copy()
    z = np.zeros(cats)
    return Speed(a, a.copy(), z, z.copy(), z.copy())


def speed_at(sp: Speed, t: float) -> tuple[np.ndarray, np.ndarray]:
    """(v, v') at time t, each of shape (cats,): exactly v_to once the ramp is over."""
    if t >= sp.t_end:
        return sp.v_to, sp.still
    T = np.maximum(sp.ramp, 1e-12)
    u = np.clip((t - sp.t0) / T, 0.0, 1.0)
    dv = sp.v_to - sp.v_from
    v = np.where(u >= 1.0, sp.v_to, sp.v_from + dv * u * u * (3 - 2 * u))
    return v, dv * 6 * u * (1 - u) / T


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
