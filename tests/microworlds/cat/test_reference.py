"""The numpy core equals the plain-Python reference (tests/microworlds/cat/cat_reference.py), and a herd
of N cats equals N cats walked one by one."""

from __future__ import annotations

import numpy as np
import pytest

from microworlds.cat import gait as G
from microworlds.cat import law as L
from tests.microworlds.cat.cat_reference import RefCat

CONSTS = {"l": 1.2, "H": 1.0, "h": 1.0, "M": 1.0, "M1": 3.0, "M2": 60.0, "x_lift": 0.4,
          "rho_lift": 0.95, "v_min": 0.05}


def core_and_reference(xs, literal=False, v=0.8):
    params = L.make_params(1, literal_swing=literal)
    speed = L.constant_speed(v)
    s = np.zeros((1, 4, 4))
    s[0, :, L.X], s[0, :, L.VX] = xs, v
    return G.make_gait(params, s, speed=speed), RefCat(xs, CONSTS, v=v, literal_swing=literal)


def compare(g, ref, seconds, changes=None):
    """Walk both 1 ms at a time, comparing states and regimes after every step and the
    switch events at the end; ``changes`` {step: (v, ramp)} changes the speed of both
    after that many steps.  Returns the largest state difference and the events."""
    changes = changes or {}
    events, worst = [], 0.0
    for i in range(round(seconds / 1e-3)):
        if i in changes:
            v, ramp = changes[i]
            g = G.set_speed(g, v, ramp=ramp, scale=False)
            ref.speed.change(ref.t, v, ramp)
        h = G.step(g, 1e-3)
        ref.step(1e-3)
        changed = np.nonzero(h.regime[0] != g.regime[0])[0]
        events += [(round(h.t, 9), int(leg), int(h.regime[0, leg])) for leg in changed]
        worst = max(worst, float(np.abs(np.array(ref.state()) - h.s[0]).max()))
        assert [leg.regime for leg in ref.legs] == list(h.regime[0]), h.t
        g = h
    ref_events = [(round(t, 9), leg, ref.regime_after[(round(t, 9), leg)])
                  for t, leg, _ in ref.events]
    assert events == ref_events
    return worst, events


@pytest.fixture(autouse=True)
def record_regimes(monkeypatch):
    """Make RefCat remember the regime after each event (for comparing event lists)."""
    original = RefCat.step

    def step(self, dt):
        n = len(self.events)
        original(self, dt)
        if not hasattr(self, "regime_after"):
            self.regime_after = {}
        for t, leg, _ in self.events[n:]:
            self.regime_after[(round(t, 9), leg)] = self.legs[leg].regime

    monkeypatch.setattr(RefCat, "step", step)


def test_core_equals_reference_over_four_seconds():
    g, ref = core_and_reference([0.4, 0.064, -0.27, -0.4])
    worst, events = compare(g, ref, 4.0)
    assert worst < 1e-9
    assert len(events) > 30 and {e[2] for e in events} >= {1, 2, 3, 6}


def test_core_equals_reference_from_random_starts():
    rng = np.random.default_rng(11)
    for _ in range(2):
        g, ref = core_and_reference(list(rng.uniform(-0.4, 0.4, 4)))
        worst, _ = compare(g, ref, 2.0)
        assert worst < 1e-9


def test_core_equals_reference_through_a_speed_change_and_a_stop():
    g, ref = core_and_reference([0.4, 0.064, -0.27, -0.4])
    worst, _ = compare(g, ref, 3.0, {1500: (1.3, 0.5)})
    assert worst < 1e-9
    g, ref = core_and_reference([0.4, 0.064, -0.27, -0.4])
    worst, events = compare(g, ref, 2.5, {200: (1.0, 0.2), 1100: (0.0, 0.3)})
    assert worst < 1e-9
    assert {L.SPRING, L.PUTDOWN} & {e[2] for e in events}


def test_core_equals_reference_with_the_printed_swing():
    g, ref = core_and_reference([0.4, 0.064, -0.27, -0.4], literal=True)
    worst, _ = compare(g, ref, 1.0)
    assert worst < 1e-9


def test_a_herd_of_n_cats_equals_n_single_cats():
    rng = np.random.default_rng(5)
    singles = [G.new_herd(1, v=v, rng=rng) for v in (0.8, 0.6, 1.1, 0.9, 0.8)]
    singles[0] = G.new_herd(1)  # the settled default cat
    singles[3] = G.set_speed(singles[3], 1.4, ramp=0.7)
    herd = G.join(singles)
    herd = G.walk(herd, 1.5)
    walked = [G.walk(g, 1.5) for g in singles]
    for i, g in enumerate(walked):
        assert np.array_equal(herd.s[i], g.s[0])
        assert np.array_equal(herd.regime[i], g.regime[0])
        assert np.array_equal(herd.k[i], g.k[0])
    assert np.array_equal(herd.t_lift, np.concatenate([g.t_lift for g in walked]))


def test_step_is_pure_and_walk_leaves_its_input_alone():
    g = G.walk(G.new_herd(2, rng=np.random.default_rng(3)), 0.5)
    before = {name: np.copy(getattr(g, name)) for name in ("s", "regime", "k", "dphi")}
    coef_before = np.copy(g.coef.cs)
    G.walk(g, 1.0)
    h = G.step(g, 1e-3)
    for name, value in before.items():
        assert np.array_equal(getattr(g, name), value)
    assert np.array_equal(g.coef.cs, coef_before)
    assert h.t == pytest.approx(g.t + 1e-3) and h is not g


def test_a_big_herd_gathers_its_moving_legs_and_agrees_with_the_whole_herd(monkeypatch):
    """Herds of more than 64 cats integrate only the legs off the ground (the planted
    ones written out); the result equals integrating every leg."""
    from microworlds.cat import integrate

    herd = G.set_speed(G.new_herd(80, rng=np.random.default_rng(9)), 1.1, slice(0, 40))
    gathered = G.walk(herd, 1.5)
    assert not gathered.coef.moving.everyone
    monkeypatch.setattr(integrate, "EVERYONE_UP_TO", 10 ** 9)
    whole = G.walk(G.relaw(herd), 1.5)
    assert whole.coef.moving.everyone
    assert np.array_equal(gathered.regime, whole.regime)
    assert np.abs(gathered.s - whole.s).max() < 1e-12
