"""One step of the herd: the legs' common law written out, the rare legs by RK4.

At constant speeds (the usual case) every leg of a big herd takes the written-out RK4
step of the common law x'' = kx x, y'' = cx x' (``fused.py``: 15 whole-array operations;
a planted paw moves by x += x' dt), and the few rare legs (``rare.py``: the spring of
<2> and <5>, the lift's pull, the landing cubic, the put-down) are gathered and
integrated again stage by stage with the whole law, then written over.  The step's
coefficients of every leg are kept and rewritten for the legs that switch.

While speeds change, a planted paw obeys <1>, x'' = v'(t), y = y' = 0, whose RK4 step
is written out: x += x' dt + dt^2/6 (v'(t) + 2 v'(t + dt/2)), x' += dt/6 (v'(t) +
4 v'(t + dt/2) + v'(t + dt)), the same numbers RK4 gives; the other legs
(:class:`Moving`: those off the ground and those that may lift within LOOKAHEAD) are
gathered and integrated stage by stage on arrays of shape (4, n): rows x, y, x', y'.
A small herd is integrated whole, stage by stage.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

import numpy as np

from . import fused
from .law import (
    GATE_NAMES,
    LAW_NAMES,
    STANCE,
    Coef,
    Params,
    law_values,
)
from .rare import KIND, Rare, rare_among
from .speed import Speed, speed_at
from .stages import plant, rk4


@dataclass(frozen=True)
class Moving:
    """The legs not in stance: flat indices ``legs`` (n,) into (cats, legs) arrays in
    Fortran order, their ``cat`` (n,), their law's common coefficients ``base`` (5, n):
    rows a, b, cx, cc, cv (the first columns of ``Coef.table``), and the legs among them that
    use the rare terms (``rare``; ``kind`` (n,): ``KIND`` of each leg's regime).  ``cache`` holds the written-out step's coefficients
    (``fused.table``) for a speed and step."""

    legs: np.ndarray
    cat: np.ndarray
    base: np.ndarray
    kind: np.ndarray
    rare: Rare
    everyone: bool  # a small herd: every leg integrated, planted ones too, no gathering
    horizon: float  # until then every leg that can lift is gathered already
    cache: dict[str, Any] = field(default_factory=dict)
    whole_law: ClassVar[bool] = False

    a = property(lambda self: self.base[0])
    b = property(lambda self: self.base[1])
    cx = property(lambda self: self.base[2])
    cc = property(lambda self: self.base[3])
    cv = property(lambda self: self.base[4])

    @property
    def swinging(self) -> bool:
        """Whether some leg has a or b (the swing's harmonic term)."""
        return bool(self.base[0].any() or self.base[1].any())


EVERYONE_UP_TO = 256  # legs: a herd this small is integrated whole
LOOKAHEAD = 0.02  # s: planted paws that may lift this soon are gathered in advance
NBASE = 5  # Coef.table's columns a, b, cx, cc, cv

def gather_moving(table: np.ndarray, x_gate: np.ndarray, regime: np.ndarray, p: Params,
                  state: np.ndarray | None = None, t: float = 0.0,
                  speed: Speed | None = None) -> Moving:
    """The :class:`Moving` of legs in ``regime`` (cats, legs) with the law ``table``
    (``Coef.table`` as (cats * legs, columns)) and lift-off gates ``x_gate`` (cats *
    legs): the legs off the ground and, given the
    ``state`` at time ``t``, the planted paws that may reach their lift-off line within
    LOOKAHEAD s (integrated as planted until they lift, so that the set needs gathering
    again only every LOOKAHEAD s)."""
    cats = regime.shape[0]
    r = regime.ravel(order="F")  # a view: the gait keeps its arrays in Fortran order
    if r.size <= EVERYONE_UP_TO:
        return _assemble(table, r, np.arange(r.size), cats, p, True, np.inf)
    off = r != STANCE
    if state is None or speed is None:
        return _assemble(table, r, np.flatnonzero(off), cats, p, False, -np.inf)
    if t >= speed.t_end:  # constant speeds: every leg takes the written-out step
        return _assemble(table, r, np.arange(r.size), cats, p, False, np.inf)
    v = np.tile(np.maximum(speed_at(speed, t)[0], speed.v_to), r.size // cats)
    x = state[..., 0].ravel(order="F")
    soon = x >= x_gate - 1.5 * v * LOOKAHEAD
    return _assemble(table, r, np.flatnonzero(off | soon), cats, p, False, t + LOOKAHEAD)


def _assemble(table: np.ndarray, r: np.ndarray, legs: np.ndarray, cats: int,
              p: Params, everyone: bool, horizon: float) -> Moving:
    """A :class:`Moving` of the flat legs ``legs`` (regimes ``r``, flat)."""
    kind = np.take(KIND, np.take(r, legs))
    cat = np.take(np.tile(np.arange(cats), r.size // cats), legs)  # (faster than legs % cats)
    return Moving(legs=legs, cat=cat, base=_columns(table, legs, slice(0, NBASE)),
                  kind=kind, rare=rare_among(table, kind, legs, cat, p), everyone=everyone,
                  horizon=horizon)


def _columns(table: np.ndarray, legs: np.ndarray, cols: slice) -> np.ndarray:
    """The columns ``cols`` of the law ``table`` (cats * legs, columns) for the flat
    ``legs``, as rows (columns, len(legs)), each contiguous."""
    return np.ascontiguousarray(np.take(table, legs, axis=0)[:, cols].T)


def make_coef(table: np.ndarray, gates: np.ndarray, flip: np.ndarray, regime: np.ndarray,
              p: Params, speed: Speed, state: np.ndarray | None = None, t: float = 0.0,
              moving: Moving | None = None) -> Coef:
    """A :class:`~law.Coef` from its ``table`` (legs, cats, LAW_NAMES), ``gates``
    (GATE_NAMES, legs, cats), ``flip`` (cats, legs) and the regimes they are for
    (``moving``: the gathered legs, gathered here from the ``state`` at ``t`` unless
    given)."""
    if moving is None:
        moving = gather_moving(table.reshape(-1, len(LAW_NAMES)), gates[0].ravel(), regime,
                               p, state, t, speed)
    return Coef(l=p.l, H=p.H, speed=speed, moving=moving, table=table, gates=gates,
                flip=flip, **_views(table, gates))


def _views(table: np.ndarray, gates: np.ndarray) -> dict[str, np.ndarray]:
    """The arrays of :class:`~law.Coef` (cats, legs): views of its table and gates."""
    views = {name: table[..., i].T for i, name in enumerate(LAW_NAMES)}
    views.update({name: gates[i].T for i, name in enumerate(GATE_NAMES)})
    return views


def regime_coef(regime: np.ndarray, k: np.ndarray, dphi: np.ndarray, p: Params,
                speed: Speed, state: np.ndarray | None = None, t: float = 0.0) -> Coef:
    """The :class:`Coef` of legs in ``regime`` (cats, legs) with the constants ``k``
    (cats, legs, 8) and phase corrections ``dphi`` (cats, legs)."""
    values = law_values(regime, k, dphi, p)
    table = np.stack([values[name].T for name in LAW_NAMES], axis=-1)
    gates = np.stack([values[name].T for name in GATE_NAMES])
    return make_coef(table, gates, values["flip"], regime, p, speed, state, t)


def owned_coef(c: Coef) -> Coef:
    """A copy of the law ``c`` whose arrays (gathered ones too) are its own."""
    m = c.moving
    cache = {**m.cache, "full": m.cache["full"].copy()} if m.cache else {}
    moving = replace(m, base=m.base.copy(), kind=m.kind.copy(), cache=cache)
    table, gates = c.table.copy(), c.gates.copy()
    arrays: dict[str, Any] = {**_views(table, gates), "flip": c.flip.copy(order="K")}
    return replace(c, moving=moving, table=table, gates=gates, **arrays)


def refresh_moving(m: Moving, table: np.ndarray, x_gate: np.ndarray, regime: np.ndarray,
                   p: Params, changed: np.ndarray, lifted: np.ndarray, state: np.ndarray,
                   t: float, speed: Speed, own: bool) -> Moving:
    """``m`` after the legs ``changed`` (flat indices) switched, ``lifted`` of them
    lifting off (the law ``table`` as (cats * legs, columns), ``x_gate``: its lift-off
    gates, cats * legs): their coefficients rewritten in place (in copies unless
    ``own``), or the set gathered afresh when it is due or a paw lifted that it lacks."""
    cache = _recached(m.cache, changed, own, speed, table, regime.shape[0])
    r = regime.ravel(order="F")
    full = m.legs.size == r.size  # every leg: changed legs are where they are
    if full:
        pos = changed
    else:
        pos = np.searchsorted(m.legs, lifted)
        if t >= m.horizon or (len(lifted) and not (
                (pos < len(m.legs)) & (np.take(m.legs, pos, mode="clip") == lifted)).all()):
            return replace(gather_moving(table, x_gate, regime, p, state, t, speed),
                           cache=cache)
        pos = np.searchsorted(m.legs, changed)
    base = m.base if own else m.base.copy()
    base[:, pos] = _columns(table, changed, slice(0, NBASE))
    kind = m.kind if own else m.kind.copy()
    kind[pos] = np.take(KIND, np.take(r, changed))
    return replace(m, base=base, kind=kind, rare=rare_among(table, kind, m.legs, m.cat, p),
                   cache=cache)


def _recached(c: dict[str, Any], changed: np.ndarray, own: bool, speed: Speed,
              table: np.ndarray, cats: int) -> dict[str, Any]:
    """The written-out step's coefficients after the legs ``changed`` (flat) changed
    law: kept (in place when ``own``) and rewritten for them, if they were for this
    speed."""
    if c.get("speed") is not speed:
        return {}
    f = c["full"] if own else c["full"].copy()
    v = speed.v_to[changed % cats]
    a, b, cx = _columns(table, changed, slice(0, 3))
    f[:, changed] = fused.table((a * v + b) * v, cx, c["dt"])
    return c if own else {**c, "full": f}


def _full_table(coef: Coef, dt: float) -> np.ndarray:
    """The written-out step's coefficients (6, cats * legs) of every leg (kept in the
    gathered legs' ``cache``, rewritten for the legs that switch)."""
    c, sp = coef.moving.cache, coef.speed
    if c.get("speed") is not sp or c.get("dt") != dt:
        a, b, cx = coef.table.reshape(-1, len(LAW_NAMES))[:, :3].T
        v = np.repeat(sp.v_to[None, :], coef.table.shape[0], axis=0).ravel()
        c.update(speed=sp, dt=dt, full=fused.table((a * v + b) * v, cx, dt))
    return c["full"]


def advance(t: float, state: np.ndarray, coef, dt: float) -> np.ndarray:
    """The leg states (cats, legs, 4) one step of ``dt`` later (a new array, in
    Fortran order: each component contiguous).  At constant speeds every leg takes the
    written-out step of the common law (``fused.py``; for a planted paw it is x += x'
    dt), then the rare legs are integrated again with the whole law.  While speeds
    change every leg is first moved as if planted and the moving ones are integrated
    and written over that.  A small herd is integrated whole."""
    m, sp = coef.moving, coef.speed
    if m.everyone:  # (cats, legs, 4) in Fortran order is (4, cats * legs) in C order
        n = m.legs.size
        new = _moved(t, state.reshape(n, 4, order="F").T, m, sp, dt)
        return new.T.reshape(state.shape, order="F")
    cols = state.reshape(-1, 4, order="F").T  # (4, cats * legs): rows x, y, x', y'
    out = np.empty(state.shape, order="F")
    rows = out.reshape(-1, 4, order="F").T  # a view: each row contiguous
    if t >= sp.t_end:
        fused.step(cols, _full_table(coef, dt), dt, out=rows)
        rare = m.rare
        if len(rare.pos):
            legs = np.take(m.legs, rare.pos)
            new = rk4(t, np.take(cols, legs, axis=1), rare, sp, dt)
            for row, col in zip(rows, new, strict=True):
                row[legs] = col
        return out
    rows[...] = cols
    plant(t, dt, out, sp)
    if len(m.legs):
        new = _moved(t, np.take(cols, m.legs, axis=1), m, sp, dt)
        for row, col in zip(rows, new, strict=True):
            row[m.legs] = col
    return out


def _moved(t: float, s: np.ndarray, m: Moving, sp: Speed, dt: float) -> np.ndarray:
    """The gathered legs (4, n) one step later by RK4 stage by stage, with the whole law
    (the rare terms at the rare legs' positions)."""
    return rk4(t, s, m, sp, dt)
