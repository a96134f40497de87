"""POWER compiled inline (registered by inline_prims): of a base above 0 and an exponent,
each a float or a whole number a float holds exactly (tested, unless ``number_facts``
knows it), POWER is the primitive's own
``math.pow`` of them, called without the primitive's conversions, with the primitive's
answer to an overflow (infinity: the base is positive).  Such a base raises no domain
error.  Anything else (a base of 0 or below, a NaN, a word, a bigger whole number) is the
primitive's call, with its value or its error."""

from __future__ import annotations

import math
from typing import Any

from .inline_inputs import In, choose, only_slow, slow_of
from .inline_numbers import BIG
from .math_forms import exact as _exact
from .nodes import Call
from .number_facts import Fact, Num, computes, is_float, is_int, note, number_inputs, within


def power_of_positive(base: float | int, exponent: float | int) -> float:
    """``math.pow`` of a base above 0, as the POWER primitive gives it."""
    try:
        return math.pow(base, exponent)
    except OverflowError:
        return math.inf


def _plain(v: In) -> bool:
    """A literal the fast path takes as it is: a float, or a whole number within BIG."""
    return v.known is float or (v.known is int and -BIG < v.value < BIG)


FINITE = 700.0  # math.pow of a positive base to e is finite where |e * ln base| is below it


def _of_typed(x: Any, base: float | int, exponent: Num, fn: str) -> str:
    """POWER of a base typed above 0 and a known number: where the exponent's size is
    known, and small enough that no power overflows, ``math.pow`` itself, of a known
    size (``power 1.0001 remainder repcount 1000``); else the overflow caught."""
    bound = exponent.fact.bound if exponent.fact is not None else None
    if bound is not None and bound * abs(math.log(base)) < FINITE:
        most = math.exp(bound * abs(math.log(base))) * 2
        return note(x.em, f"{x.em.const(math.pow)}({base!r}, {exponent.once})",
                    Fact(float, most, True))
    return note(x.em, f"{fn}({base!r}, {exponent.once})", Fact(float, None))


def power(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    ins = number_inputs(x, node, args)
    slow_text = slow_of(x, node, ins)
    if len(ins) != 2 or any(v.known is not None and not _plain(v) for v in ins):
        return only_slow(ins, slow_text)
    base, exponent = ins
    if base.known is not None and not base.value > 0:
        return only_slow(ins, slow_text)
    known = [is_float(v) or (is_int(v) and within(v, BIG)) for v in ins]
    fn = x.em.const(power_of_positive)
    if base.known is not None and known[1]:  # (power 2 repcount)
        return _of_typed(x, base.value, exponent, fn)
    tests = [(computes(v) if k else _exact(v)) for v, k in zip(ins, known) if v.known is None]
    then = [] if base.known is not None else [f"{base.name} > 0"]
    return note(x.em, choose(f"{fn}({base.name}, {exponent.name})", tests, then, slow_text, ins),
                Fact(float, None))
