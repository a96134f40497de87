"""The rare legs: those whose law uses the terms few legs use.

The spring of lift-off <2> and of the spring swing <5> (cs x / max(|l - rho|, 1e-9)),
the lift's pull (cy y), the landing cubic of touch-down <6> (c4 y', ct (t - k5)) and the
put-down legs <4> (y'' = K3, left out of the written-out step): a few thousand of 40,000
legs in a herd of 10,000 cats.  They are integrated apart, stage by stage, with the
whole law (``stages.py``), kept in that order so that each term works on a slice, their
law picked out with them (:class:`Rare`) at each step where legs switch.  (Bringing the
previous step's set up to date instead, from the legs that switched, costs more: a
boolean or index pick along the rows of the kept law is slower than the pick from the
herd's law, whose coefficients are kept leg by leg.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from .law import LAW_NAMES, LIFT, PUTDOWN, SPRING, TOUCHDOWN, Params

KIND = np.zeros(7, np.int8)  # by regime: the rare legs' order, 0 for the others
KIND[[LIFT, SPRING, TOUCHDOWN, PUTDOWN]] = 1, 2, 3, 4
RARE_COLS = slice(LAW_NAMES.index("cx"), LAW_NAMES.index("k5") + 1)  # cx, cc, ... k5


@dataclass(frozen=True)
class Rare:
    """The rare legs at positions ``pos`` (n,) among the gathered ones, ordered lift-off
    <2>, spring swing <5>, touch-down <6>, put-down <4>: their ``cat`` and law cx, cc, cv
    (n,); cs, l, H for the ``spring`` slice (<2> and <5>), cy for the ``lift`` slice, c4,
    ct, k5 for the ``landing`` slice, then the ``down`` slice (none of them swings:
    a = b = 0)."""

    pos: np.ndarray
    cat: np.ndarray
    cx: np.ndarray
    cc: np.ndarray
    cv: np.ndarray
    spring: slice
    cs: np.ndarray
    l: np.ndarray
    H: np.ndarray
    lift: slice
    cy: np.ndarray
    landing: slice
    c4: np.ndarray
    ct: np.ndarray
    k5: np.ndarray
    down: slice
    swinging: bool = False
    whole_law: ClassVar[bool] = True


def rare_among(table: np.ndarray, kind: np.ndarray, legs: np.ndarray, cat_of: np.ndarray,
               p: Params) -> Rare:
    """The :class:`Rare` legs among the gathered ``legs`` (flat) of the cats ``cat_of``,
    whose kinds (``KIND`` of their regimes) are ``kind``, with their law from the herd's
    law ``table`` (cats * legs, columns)."""
    rare = np.flatnonzero(kind != 0)  # (much faster on bool than on int8)
    kr = np.take(kind, rare)
    order = np.argsort(kr, kind="stable")
    pos = np.take(rare, order)
    nl, ns, nd = np.searchsorted(np.take(kr, order), (2, 3, 4)).tolist()
    flat = pos if legs.size and legs[-1] == legs.size - 1 else np.take(legs, pos)  # all legs
    cat = np.take(cat_of, pos)
    rows = np.take(table, flat, axis=0)[:, RARE_COLS].T
    cx, cc, cv, cs, cy, c4, ct, k5 = np.ascontiguousarray(rows)
    spring, lift, landing = slice(0, ns), slice(0, nl), slice(ns, nd)
    return Rare(pos=pos, cat=cat, cx=cx, cc=cc, cv=cv, spring=spring, cs=cs[spring],
                l=np.take(p.l[:, 0], cat[spring]), H=np.take(p.H[:, 0], cat[spring]),
                lift=lift, cy=cy[lift], landing=landing, c4=c4[landing], ct=ct[landing],
                k5=k5[landing], down=slice(nd, len(pos)))
