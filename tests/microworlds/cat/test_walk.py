"""The spec's tests of the whole gait (shared/spec/cat.md §1.6), on long walks.

Two walks are shared by the tests (each takes a few seconds): the default cat for 60 s,
and a herd of eight cats started with their paws planted at random for 21 s.  Every
1 ms step is watched: lowest paw, longest leg, and every regime switch with the state
at it."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest

from microworlds.cat import gait as G
from microworlds.cat import law as L

L_LEG = 1.2


@dataclass
class Watch:
    """What a walk did: per leg the lowest y and largest rho; the switches as rows
    (t, cat, leg, from, to, x, y, x', y', slip, v); the largest number of paws in the
    air at once after ``settle`` s; the final gait."""

    low: np.ndarray
    reach: np.ndarray
    events: np.ndarray
    in_air: int
    last: G.Gait
    states: list = field(default_factory=list)


def watch(g: G.Gait, seconds: float, settle: float = 25.0) -> Watch:
    prev = g.regime.copy()
    low = np.full(prev.shape, np.inf)
    reach = np.zeros(prev.shape)
    rows, in_air = [], 0
    h = g
    for h in G.stepping(g, round(seconds / 1e-3)):
        s = h.s
        np.minimum(low, s[..., L.Y], out=low)
        np.maximum(reach, s[..., L.X] ** 2 + (1 - s[..., L.Y]) ** 2, out=reach)
        changed = h.regime != prev
        if changed.any():
            v = L.speed_at(h.speed, h.t)[0]
            for c, leg in zip(*np.nonzero(changed), strict=True):
                rows.append((h.t, c, leg, prev[c, leg], h.regime[c, leg], *s[c, leg],
                             h.slip[c, leg], v[c]))
            prev = h.regime.copy()
            if h.t >= settle:
                in_air = max(in_air, int((h.regime != L.STANCE).sum(axis=1).max()))
    return Watch(low, np.sqrt(reach), np.array(rows), in_air, h)


@pytest.fixture(scope="module")
def default60():
    return watch(G.new_herd(1), 60.0, settle=0.0)


@pytest.fixture(scope="module")
def random21():
    return watch(G.new_herd(8, rng=np.random.default_rng(2024)), 21.0, settle=21.0)


def switches(w: Watch, old: int, new: int, cat: int | None = None, leg: int | None = None):
    e = w.events
    sel = (e[:, 3] == old) & (e[:, 4] == new)
    if cat is not None:
        sel &= e[:, 1] == cat
    if leg is not None:
        sel &= e[:, 2] == leg
    return e[sel]


def test_no_nan_over_60_seconds(default60):
    assert np.isfinite(default60.last.s).all() and default60.last.t == pytest.approx(60.0)
    assert len(switches(default60, L.STANCE, L.LIFT)) >= 4 * 35  # ~36 strides a leg


def test_stride_is_periodic_after_two_cycles(default60):
    for leg in range(4):
        lifts = switches(default60, L.STANCE, L.LIFT, leg=leg)
        periods = np.diff(lifts[:, 0])[2:]
        assert (periods.max() - periods.min()) / periods.mean() < 0.02
        assert periods.mean() == pytest.approx(1.68, abs=0.01)  # spec §1.4
        states = lifts[2:, 5:9]  # the leg's own state at each lift-off
        assert np.abs(np.diff(states, axis=0)).max() < 1e-2


def test_paw_never_below_ground_and_leg_never_over_extended(default60, random21):
    for w in (default60, random21):
        assert w.low.min() >= -1e-3
        assert w.reach.max() < L_LEG
    assert default60.reach.max() / L_LEG == pytest.approx(0.90, abs=0.01)  # spec §1.4


def test_lift_off_rises_until_condition_1(default60, random21):
    """y' > 0 at every condition 1 (<2> is shorter than pi / sqrt(M2))."""
    for w in (default60, random21):
        rear = switches(w, L.LIFT, L.SWING)
        assert len(rear) and (rear[:, 8] > 0).all()


def test_no_slip_at_touch_down(default60, random21):
    for w in (default60, random21):
        down = switches(w, L.TOUCHDOWN, L.STANCE)
        assert len(down) and (np.abs(down[:, 9]) < 0.03 * down[:, 10]).all()


def test_gait_shape_at_the_defaults(default60):
    """Duty factor about 0.58 and paw peak about 0.12 H (spec §1.4)."""
    lifts = switches(default60, L.STANCE, L.LIFT, leg=0)[:, 0]
    lands = switches(default60, L.TOUCHDOWN, L.STANCE, leg=0)[:, 0]
    stance = np.mean([lifts[i + 1] - lands[lands < lifts[i + 1]][-1]
                      for i in range(5, len(lifts) - 1)])
    assert stance / 1.68 == pytest.approx(0.58, abs=0.01)
    assert np.abs(switches(default60, L.LIFT, L.SWING)[:, 6]).max() < 0.05


def test_phases_reach_their_targets_by_20_seconds(random21):
    e = random21.events
    lifts = e[(e[:, 3] == L.STANCE) & (e[:, 4] == L.LIFT) & (e[:, 0] <= 20.0)]
    worst = 0.0
    for cat in range(8):
        mine = lifts[lifts[:, 1] == cat]
        lh = mine[mine[:, 2] == 0, 0]
        period = lh[-1] - lh[-2]
        for leg, target in ((1, 0.25), (2, 0.5), (3, 0.75)):
            t = mine[mine[:, 2] == leg, 0][-1]
            phase = (t - lh[lh <= t][-1]) / period % 1.0
            worst = max(worst, abs((phase - target + 0.5) % 1.0 - 0.5))
    assert worst < 0.02


def test_at_most_two_paws_in_the_air(default60):
    assert default60.in_air == 2


def test_speed_changes_while_walking_keep_the_gait():
    """At 2.5 H/s with M1, M2, M scaled: period 0.54 s, duty 0.58, peak 0.12 H; then
    stopping plants every paw."""
    g = G.set_speed(G.walk(G.new_herd(1), 0.5), 2.5)
    w = watch(g, 4.0, settle=2.0)
    lifts = switches(w, L.STANCE, L.LIFT, leg=0)[:, 0]
    assert np.diff(lifts[lifts > 2.5]).mean() == pytest.approx(0.54, abs=0.01)
    assert w.low.min() >= -1e-3 and w.reach.max() < L_LEG
    g = G.walk(G.set_speed(w.last, 0.0), 2.5)
    assert (g.regime == L.STANCE).all() and (g.s[..., L.Y] == 0).all()
    assert np.abs(g.s[..., L.VX]).max() < 1e-9
    g = G.walk(G.set_speed(g, 0.8), 2.0)
    assert (g.regime != L.STANCE).any() and np.isfinite(g.s).all()
