"""The cat's gait, unit by unit: the seed's table, the switches' constants, the Hermite
landing, RK4's order, the speed ramp, the phase rule (shared/spec/cat.md §1.3-1.6)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from microworlds.cat import gait as G
from microworlds.cat import law as L
from microworlds.cat.switches import phase_correction
from tests.microworlds.cat.cat_reference import RefLeg, RefSpeed

CONSTS = {"l": 1.2, "H": 1.0, "h": 1.0, "M": 1.0, "M1": 3.0, "M2": 60.0, "x_lift": 0.4,
          "rho_lift": 0.95, "v_min": 0.05}


def gait_with(regimes, states, k, dphi, v=0.8, literal=False):
    cats = len(regimes) // 4
    params = L.make_params(cats, literal_swing=literal)
    speed = L.constant_speed(v, cats)
    return G.make_gait(params, np.reshape(states, (cats, 4, 4)),
                       np.reshape(regimes, (cats, 4)), speed, 0.0,
                       k=np.reshape(k, (cats, 4, 8)), dphi=np.reshape(dphi, (cats, 4)))


def ref_leg(state, regime, k, dphi, literal=False):
    leg = RefLeg(state[0], CONSTS, literal)
    leg.x, leg.y, leg.vx, leg.vy = state
    leg.regime, leg.dphi = regime, dphi
    leg.K = [k[7], *k[:7]]
    return leg


@pytest.mark.parametrize("literal", [False, True])
def test_rhs_is_the_seed_table_in_every_regime(literal):
    rng = np.random.default_rng(1)
    regimes = [1, 2, 3, 4, 5, 6, 3, 6]
    states = np.column_stack([rng.uniform(-0.4, 0.4, 8), rng.uniform(0.01, 0.1, 8),
                              rng.uniform(-2, 2, 8), rng.uniform(-1, 1, 8)])
    k = rng.uniform(0.2, 2.0, (8, 8))
    dphi = rng.uniform(-1, 1, 8)
    g = gait_with(regimes, states, k, dphi, literal=literal)
    speed = RefSpeed(0.8)
    t = 0.37
    got = L.rhs(t, g.s, g.coef).reshape(8, 4)
    for i in range(8):
        leg = ref_leg(states[i], regimes[i], k[i], dphi[i], literal)
        ax, ay = leg.accel(t, *states[i], *speed.at(t))
        assert got[i, :2] == pytest.approx(states[i, 2:], abs=0)
        assert got[i, 2:] == pytest.approx([ax, ay], rel=1e-12, abs=1e-12), regimes[i]


def test_swing_is_the_corrected_harmonic_law_and_y_follows_the_arc():
    """<3>: x'' = -w^2 x with w = (pi v / K2)(1 - dphi / 2 pi); y'' = K1 x'."""
    k = np.zeros(8)
    k[L.K1], k[L.K2] = 1.3, 0.43
    g = gait_with([3, 1, 1, 1], [[0.2, 0.05, -1.0, 0.3]] + [[0, 0, 0.8, 0]] * 3,
                  [k] + [np.zeros(8)] * 3, [0.5, 0, 0, 0])
    a = L.rhs(0.0, g.s, g.coef)[0, 0]
    w = math.pi * 0.8 / 0.43 * (1 - 0.5 / (2 * math.pi))
    assert a[2] == pytest.approx(-w * w * 0.2, rel=1e-13)
    assert a[3] == pytest.approx(1.3 * -1.0, rel=1e-13)


def landing(x=-0.43, y=0.022, vy=-0.55, v=0.8, M=1.0, vx=0.0):
    """A leg just past condition 2 (front extreme), switched by the core."""
    from microworlds.cat.switches import switch

    k = np.zeros(8)
    k[L.K1], k[L.K2] = 1.28, 0.43
    g = gait_with([3, 1, 1, 1], [[x, y, -1e-9, vy]] + [[0, 0, v, 0]] * 3,
                  [k] + [np.zeros(8)] * 3, [0, 0, 0, 0], v=v)
    g = g.but(params=G.set_constants(g.params, slice(None), M=M))
    s1 = g.s.copy(order="F")
    s1[0, 0, L.VX] = vx
    return switch(g, s1, 0.0)


def test_condition_2_fixes_the_hermite_constants():
    g = landing()
    k = g.k[0, 0]
    y, vy, v, T = 0.022, -0.55, 0.8, 0.43 / 5
    assert g.regime[0, 0] == L.TOUCHDOWN
    assert k[L.K3] == pytest.approx(vy * vy / (2 * y))
    assert k[L.K4] == pytest.approx(-v / y)
    assert k[L.K5] == 0.0 and k[L.KT] == pytest.approx(T)
    assert k[L.K6] == pytest.approx((vy * T + 2 * y) / T ** 3)
    assert k[L.K7] == pytest.approx(-(2 * vy * T + 3 * y) / T ** 2)


@pytest.mark.parametrize("ramp", [False, True])
def test_hermite_landing_is_exact_at_its_end(ramp):
    """y(T) = y'(T) = 0, and x'(T) = v(T) even while v changes (RK4 integrates the
    cubic exactly; x' = x's + K4 (y - ys) + v - vs)."""
    g = landing()
    if ramp:
        g = G.relaw(g.but(speed=L.change_speed(g.speed, 0.0, 1.1, 0.3)))
    T = float(g.k[0, 0, L.KT])
    n = 64
    s = g.s
    for i in range(n):
        s = L.rk4(i * T / n, s, g.coef, T / n)
    v_end = float(L.speed_at(g.speed, T)[0][0])
    assert abs(s[0, 0, L.Y]) < 1e-12 and abs(s[0, 0, L.VY]) < 1e-10
    assert s[0, 0, L.VX] == pytest.approx(v_end, abs=1e-9)


@settings(max_examples=200, deadline=None)
@given(st.floats(0.005, 0.2), st.floats(0.05, 3.0), st.floats(0.02, 0.3))
def test_landing_stays_above_ground_when_the_bound_holds(y, speed, T):
    """y(tau) = ys + y's tau + K7 tau^2 + K6 tau^3 >= 0 on [0, T] when T |y's| <= 3 ys."""
    vy = -min(speed, 3 * y / T)
    K6 = (vy * T + 2 * y) / T ** 3
    K7 = -(2 * vy * T + 3 * y) / T ** 2
    tau = np.linspace(0, T, 401)
    assert (y + vy * tau + K7 * tau ** 2 + K6 * tau ** 3 >= -1e-12).all()


def test_landing_that_would_dip_puts_the_paw_down_vertically():
    g = landing(y=0.01, vy=-0.6)  # T |y'| = 0.0516 > 3 y = 0.03
    assert g.regime[0, 0] == L.PUTDOWN
    for _ in range(200):
        g = G.step(g, 1e-3)
        assert g.s[0, 0, L.Y] >= -1e-9
    assert g.regime[0, 0] == L.STANCE


def test_rk4_converges_at_order_four_on_the_swing():
    k = np.zeros(8)
    k[L.K1], k[L.K2] = 1.3, 0.43
    w = math.pi * 0.8 / 0.43
    start = [[0.43, 0.02, 0.0, 1.3 * 0.43]] + [[0, 0, 0.8, 0]] * 3
    g = gait_with([3, 1, 1, 1], start, [k] + [np.zeros(8)] * 3, [0, 0, 0, 0])
    t_end = 0.3
    exact = np.array([0.43 * math.cos(w * t_end), 0.02 + 1.3 * 0.43 * math.sin(w * t_end) / w])
    errors = []
    for n in (15, 30, 60):
        s = g.s
        for i in range(n):
            s = L.rk4(i * t_end / n, s, g.coef, t_end / n)
        errors.append(np.abs(s[0, 0, :2] - exact).max())
    assert errors[0] / errors[1] == pytest.approx(16, rel=0.15)
    assert errors[1] / errors[2] == pytest.approx(16, rel=0.15)


def swing_gaps(literal: bool, steps: int):
    """Substeps from each condition 1 to the next condition 2 of the same leg, and the
    largest rho / l, walking from the stance start."""
    g = G.make_gait(L.make_params(1, literal_swing=literal),
                    G.stance_start(L.make_params(1), L.constant_speed(0.8)))
    prev, rear, gaps, reach = g.regime.copy(), {}, [], 0.0
    for i, h in enumerate(G.stepping(g, steps)):
        x, y = h.s[0, :, L.X], h.s[0, :, L.Y]
        reach = max(reach, float(np.sqrt(x * x + (1 - y) ** 2).max()) / 1.2)
        for leg in range(4):
            if prev[0, leg] == L.LIFT and h.regime[0, leg] in (L.SWING, L.SPRING):
                rear[leg] = i
            if prev[0, leg] in (L.SWING, L.SPRING) and leg in rear and \
                    h.regime[0, leg] in (L.TOUCHDOWN, L.PUTDOWN):
                gaps.append(i - rear.pop(leg))
        prev = h.regime.copy()
    return gaps, reach


def test_the_printed_swing_makes_condition_2_fire_at_once():
    """Regression: with <3> as printed (x'' = (pi/K2) v (1 - dphi/2pi) x: anti-restoring,
    and a velocity, not an acceleration) condition 2 fires a substep or two after
    condition 1, the paw never swings forward, and the legs drift back past full
    extension.  The corrected law swings for about K2 / v = 0.54 s."""
    gaps, reach = swing_gaps(True, 2000)
    assert gaps[:2] == [1, 2] and np.median(gaps) <= 10
    assert reach > 1.0
    gaps, reach = swing_gaps(False, 2000)
    assert min(gaps) > 450 and reach < 0.91


def test_speed_ramp_is_smooth_and_walked_is_its_integral():
    sp = L.change_speed(L.constant_speed([0.8, 0.5], 2), 1.0, [2.0, 0.0], [0.5, 0.8])
    ts = np.linspace(0, 3, 30001)
    vs = np.array([L.speed_at(sp, t)[0] for t in ts])
    assert vs[0] == pytest.approx([0.8, 0.5]) and vs[-1] == pytest.approx([2.0, 0.0])
    trapezoid = np.concatenate([[0], np.cumsum((vs[1:] + vs[:-1]) / 2 * np.diff(ts)[:, None],
                                              axis=0)[-1]])[1:]
    assert L.walked(sp, 3.0) == pytest.approx(trapezoid, abs=1e-7)
    dv = (L.speed_at(sp, 1.2 + 1e-6)[0] - L.speed_at(sp, 1.2 - 1e-6)[0]) / 2e-6
    assert L.speed_at(sp, 1.2)[1] == pytest.approx(dv, rel=1e-6)


def test_speed_scaling_keeps_the_defaults_at_the_default_speed():
    c = L.scaled_constants(0.8)
    assert (float(c["M1"]), float(c["M2"]), float(c["M"])) == (3.0, 60.0, 1.0)
    c = L.scaled_constants(2.5)
    assert float(c["M1"]) == pytest.approx(4.7 * 2.5 ** 2, rel=0.01)
    assert float(c["M2"]) == pytest.approx(94 * 2.5 ** 2, rel=0.01)
    assert float(c["M"]) == pytest.approx(1.25 * 2.5)


def test_phase_correction_slows_a_leading_leg():
    period = np.array([1.68])
    lead = phase_correction(np.array([0.3]), np.array([0.0]), period, np.array([0.25]))
    lag = phase_correction(np.array([0.5]), np.array([0.0]), period, np.array([0.25]))
    assert lead[0] > 0 > lag[0]  # factor 1 - dphi/2pi < 1: a slower swing for the leader
    wrap = phase_correction(np.array([1.6]), np.array([0.0]), period, np.array([0.0]))
    assert wrap[0] == pytest.approx(-2 * math.pi * (1.6 / 1.68 - 1))
    unknown = phase_correction(np.array([0.5]), np.array([np.nan]), period, np.array([0.25]))
    assert unknown[0] == 0.0
