"""A plain-Python reference of the cat's gait: one leg at a time, written straight from
the spec's table (shared/spec/cat.md §1.3-1.5), no numpy.  The numpy core
(microworlds/cat/law.py, switches.py, gait.py) must agree with it.

A :class:`RefLeg` integrates one leg with RK4 and switches its regime; :class:`RefCat`
runs four of them with the phase correction of §1.5.  Speeds follow the same smoothstep
ramp as the core (``RefSpeed``).
"""

from __future__ import annotations

import math

TINY = 1e-9


class RefSpeed:
    """v(t): a smoothstep from v_from at t0 to v_to at t0 + ramp."""

    def __init__(self, v: float) -> None:
        self.v_from = self.v_to = v
        self.t0 = self.ramp = 0.0

    def at(self, t: float) -> tuple[float, float]:
        T = max(self.ramp, 1e-12)
        u = min(max((t - self.t0) / T, 0.0), 1.0)
        d = self.v_to - self.v_from
        v = self.v_to if u >= 1.0 else self.v_from + d * u * u * (3 - 2 * u)
        return v, d * 6 * u * (1 - u) / T

    def change(self, t: float, v_new: float, ramp: float) -> None:
        self.v_from = self.at(t)[0]
        self.v_to, self.t0, self.ramp = v_new, t, ramp


class RefLeg:
    """One leg: state x, y, x', y' (H units, x > 0 behind the shoulder), regime 1-6 and
    the constants K1-K7 and T of the seed."""

    def __init__(self, x: float, consts: dict, literal_swing: bool = False) -> None:
        self.x, self.y, self.vx, self.vy = x, 0.0, 0.0, 0.0
        self.regime = 1
        self.K = [0.0] * 8  # K[1]..K[7]; K[0] holds T
        self.dphi = 0.0
        self.c = consts
        self.literal = literal_swing
        self.slip = 0.0

    def accel(self, t, x, y, vx, vy, v, dv):
        """(x'', y'') in the current regime: the seed's table with the spec's readings."""
        c, K, r = self.c, self.K, self.regime
        if r == 1:
            return dv, 0.0
        if r == 2:
            rho = math.sqrt(x * x + (c["H"] - y) ** 2)
            return -c["M1"] * x / max(abs(c["l"] - rho), 1e-9), c["M2"] * (c["h"] / 8 - y)
        if r == 3:
            w = math.pi / K[2] * v * (1 - self.dphi / (2 * math.pi))
            return (w * x if self.literal else -w * w * x), K[1] * vx
        if r == 4:
            return 0.0, K[3]
        if r == 5:
            rho = math.sqrt(x * x + (c["H"] - y) ** 2)
            return -c["M1"] * x / max(abs(c["l"] - rho), 1e-9), K[1] * vx
        return K[4] * vy + dv, 6 * K[6] * (t - K[5]) + 2 * K[7]

    def rk4(self, t, dt, speed):
        """Advance the state by one RK4 step, the regime held."""
        s = (self.x, self.y, self.vx, self.vy)

        def f(tt, st):
            v, dv = speed.at(tt)
            x, y, vx, vy = st
            ax, ay = self.accel(tt, x, y, vx, vy, v, dv)
            return (st[2], st[3], ax, ay)

        k1 = f(t, s)
        k2 = f(t + dt / 2, tuple(a + dt / 2 * b for a, b in zip(s, k1)))
        k3 = f(t + dt / 2, tuple(a + dt / 2 * b for a, b in zip(s, k2)))
        k4 = f(t + dt, tuple(a + dt * b for a, b in zip(s, k3)))
        self.x, self.y, self.vx, self.vy = (
            a + dt / 6 * (p + 2 * (q + r) + w) for a, p, q, r, w in zip(s, k1, k2, k3, k4))

    def switch(self, t, vx_before, v, on_rear) -> str | None:
        """Apply a regime switch if one fires at time t; return its name."""
        c, K, r = self.c, self.K, self.regime
        x, y, vx, vy = self.x, self.y, self.vx, self.vy
        if r == 1:
            reach = x * x + (c["H"] - y) ** 2 >= (c["rho_lift"] * c["l"]) ** 2
            if v >= c["v_min"] and (x >= c["x_lift"] or reach):
                self.regime = 2
                return "lift"
        elif r == 2 and vx <= 0 < vx_before:  # condition 1
            x = x if abs(x) >= TINY else TINY
            ys = max(y, TINY)
            K[1], K[2], K[3] = vy / x, abs(x), vy * vy / (2 * ys)
            self.dphi = on_rear()
            self.regime = 5 if v < c["v_min"] else 3
            return "rear"
        elif r in (3, 5) and vx >= 0 > vx_before and y > TINY:  # condition 2
            T = max(abs(x) / (5 * c["M"]), TINY)
            K[3], K[4], K[5] = vy * vy / (2 * y), -v / y, t
            K[6] = (vy * T + 2 * y) / T ** 3
            K[7] = -(2 * vy * T + 3 * y) / T ** 2
            K[0] = T
            soft = v >= c["v_min"] and T * abs(vy) <= 3 * y
            self.regime = 6 if soft else 4
            return "front"
        if ((r == 6 and t - K[5] >= K[0] - TINY) or (r == 4 and (y <= 0 or vy >= 0))
                or (r in (3, 5) and y <= TINY)):
            self.slip = vx - v
            self.regime, self.y, self.vy, self.vx = 1, 0.0, 0.0, v
            return "down"
        if r == 3 and v < c["v_min"]:  # slowed in mid-swing: the spring swing
            self.regime = 5
            return "slow"
        return None


class RefCat:
    """Four RefLegs (LH, LF, RH, RF) and the phase correction of spec §1.5."""

    def __init__(self, xs, consts: dict, offsets=(0.0, 0.25, 0.5, 0.75), v: float = 0.8,
                 literal_swing: bool = False) -> None:
        self.legs = [RefLeg(x, consts, literal_swing) for x in xs]
        self.speed = RefSpeed(v)
        for leg in self.legs:
            leg.vx = v
        self.offsets = offsets
        self.t = 0.0
        self.t_lift = [math.nan] * 4
        self.period = 1.344 / max(v, 0.05)  # nominal until LH has lifted twice
        self.events: list[tuple[float, int, str]] = []

    def phase_correction(self, i: int) -> float:
        if math.isnan(self.period) or math.isnan(self.t_lift[i]) or \
                math.isnan(self.t_lift[0]):
            return 0.0
        phase = ((self.t_lift[i] - self.t_lift[0]) / self.period) % 1.0
        err = (phase - self.offsets[i] + 0.5) % 1.0 - 0.5
        return -2 * math.pi * err

    def step(self, dt: float) -> None:
        t1 = self.t + dt
        before = [leg.vx for leg in self.legs]
        for leg in self.legs:
            leg.rk4(self.t, dt, self.speed)
        v = self.speed.at(t1)[0]
        for i, leg in enumerate(self.legs):
            event = leg.switch(t1, before[i], v, lambda i=i: self.phase_correction(i))
            if event == "lift":
                if i == 0 and not math.isnan(self.t_lift[0]):
                    self.period = t1 - self.t_lift[0]
                self.t_lift[i] = t1
            if event:
                self.events.append((t1, i, event))
        self.t = t1

    def state(self) -> list[tuple[float, float, float, float]]:
        return [(leg.x, leg.y, leg.vx, leg.vy) for leg in self.legs]
