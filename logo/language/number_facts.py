"""What the compiler knows of a number an arithmetic form is given, when it compiles it.

An inline form's input is tested at run time for its type and range (a whole number a
float holds exactly, not below zero ...) unless the form already knows the answer.  A
*fact* is that answer, known when compiling: the input is a whole number or a float,
at most ``bound`` in size (None: any size, for a float a NaN or an infinity too), and
whether it is never below zero.  The facts come from

- a number typed in the line (its own value);
- REPEAT's and FOREVER's own counter (``emitter.repvar``): a whole number from 1, below
  2**53 (a loop cannot count that far);
- a direct body's input proven a small whole number or a float in its typed copy
  (``whole_inputs``);
- what a form of this family compiled, where every value its text can have is of one
  kind (``note``): REMAINDER of whole numbers known, by a positive whole number typed,
  is a whole number below it in size; SQRT of a whole number known not below zero is a
  float of its square root's size; SIN and COS of a known whole number at most 1 ...;
- a primitive that always outputs a float (``inline_numbers.outputs``: SQRT, POWER, LN
  ...), its size unknown.

A fact holds for every value of the text it was noted for (the texts name fresh
temporaries, so a text is noted once): a form with a slow path (the primitive's own
call, which may give a NaN, or another type) notes no bound it does not keep there.
"""

from __future__ import annotations

import math
import re
from typing import Any, NamedTuple

from . import loop_counters
from .inline_inputs import TRUE_TEST, In, inputs
from .nodes import Const
from .number_outputs import outputs

_WHOLE = re.compile(r"-?\d+")
_FLOAT = re.compile(r"-?\d+\.\d*(e[-+]?\d+)?|-?\d+e[-+]?\d+")
REPEATS = 2**53 - 1001  # REPCOUNT is below it: a whole number SIN's table takes too


class Fact(NamedTuple):
    kind: type  # int or float
    bound: float | None  # the most it is in size (a float: finite, not a NaN), or None
    nonneg: bool = False  # never below zero (nor a NaN)
    positive: bool = False  # above zero (nor a NaN)


class Num(In):
    """An input of a number form with what is known of it (``fact``, or None), and
    ``once``: the text computing it where it is read once (no temporary)."""

    __slots__ = ("fact", "once")

    def __init__(self, v: In, fact: Fact | None, text: str):
        if fact is not None and v.known is None and text.isidentifier():
            super().__init__(text, text, None, None, f"_t{text}")  # (a local: read as it is)
        else:
            super().__init__(v.name, v.first, v.known, v.value, v.t)
        self.fact = fact
        self.once = text if v.known is None else v.name


def _facts(em: Any) -> dict[str, Fact]:
    table = getattr(em, "number_facts", None)
    if table is None:
        table = em.number_facts = {}
    return table


def note(em: Any, text: str, fact: Fact | None) -> str:
    """``text``, whose every value ``fact`` describes (None: nothing known)."""
    if fact is not None and getattr(em.I, "recover", None) is None:
        _facts(em)[text] = fact
    return text


def of(em: Any, node: Any, text: str) -> Fact | None:
    """What is known of the value of ``node``, compiled to ``text``."""
    if isinstance(node, Const) and type(node.value) in (int, float) and text == repr(node.value):
        v = node.value
        return Fact(type(v), abs(v), v >= 0, v > 0) if math.isfinite(v) else None
    if getattr(em.I, "recover", None) is not None:
        return None  # (ERRACT: CONTINUE may give any value)
    known = of_text(em, text)
    if known is not None:
        return known
    wholes = em.wholes
    if wholes is not None and wholes.typed and em.inputs.get(getattr(node, "name", None)) == text:
        from .whole_inputs import SMALL

        if text in wholes.proven:
            return Fact(int, SMALL)
        if text in wholes.floats:
            return Fact(float, None)
    return Fact(float, None) if outputs(em, node) is float else None


def of_text(em: Any, text: str) -> Fact | None:
    """What is known of the value of ``text``, by its text alone: REPEAT's counter, a
    number typed, a direct body's input proven whole, or a text noted (not while ERRACT
    is set)."""
    if getattr(em.I, "recover", None) is not None:
        return None
    if text == em.repvar and text is not None:
        return _counter(em, text)
    known = _facts(em).get(text)
    if known is not None:
        return known
    if _WHOLE.fullmatch(text):
        return Fact(int, abs(int(text)), int(text) >= 0, int(text) > 0)
    if _FLOAT.fullmatch(text):
        value = float(text)
        if math.isfinite(value):
            return Fact(float, abs(value), value >= 0, value > 0)
    wholes = em.wholes
    if wholes is not None and wholes.typed and text in wholes.proven:
        from .whole_inputs import SMALL

        return Fact(int, SMALL)
    if text.isidentifier() and loop_counters.accumulator(em, text):
        return Fact(int, loop_counters.ACC)
    return None


def _counter(em: Any, counter: str) -> Fact:
    """REPEAT's counter ``counter``: a whole number from 1, to its count where that is a
    whole number typed (``repeat 600000 [...]``: the loop's line ``for _i3 in range(1,
    _n1 + 1):`` and the count's ``_n1 = 600000`` read back), else below 2**53."""
    key = f"({counter} counts)"  # (no compiled text looks so)
    table = _facts(em)
    known = table.get(key)
    if known is None:
        most = REPEATS
        loop = re.compile(rf"\s*for {counter} in range\(1, (_n\d+) \+ 1\):")
        for k in range(len(em.out) - 1, max(len(em.out) - 400, 0) - 1, -1):
            found = loop.fullmatch(em.out[k])
            if found is not None:
                count = re.compile(rf"\s*{found.group(1)} = (\d+)")
                for line in reversed(em.out[max(k - 40, 0):k]):
                    typed = count.fullmatch(line)
                    if typed is not None and 0 < int(typed.group(1)) < REPEATS:
                        most = int(typed.group(1))
                break
        known = table[key] = Fact(int, most, True, True)
    return known


def number_inputs(x: Any, node: Any, args: list[str]) -> list[Any]:
    """The inputs of ``node`` (``inline_inputs.inputs``) with their facts: each a
    :class:`Num` (typed Any: ``inline_inputs`` takes lists of its base class)."""
    return [Num(v, of(x.em, arg, text), text)
            for v, arg, text in zip(inputs(x, node, args), node.args, args)]


def computes(v: In) -> str:
    """A test that is true, computing ``v`` where it is not its own text."""
    return TRUE_TEST if v.first == v.name else f"({v.first} is not None)"


def is_int(v: Num) -> bool:
    return v.known is int or (v.fact is not None and v.fact.kind is int)


def is_float(v: Num) -> bool:
    return v.known is float or (v.fact is not None and v.fact.kind is float)


def within(v: Num, size: float) -> bool:
    """Is ``v`` known to be below ``size`` in size (and no NaN)?"""
    if v.known is not None:
        return v.known in (int, float) and abs(v.value) < size
    return v.fact is not None and v.fact.bound is not None and v.fact.bound < size


def nonneg(v: Num) -> bool:
    """Is ``v`` known never to be below zero (nor a NaN)?"""
    if v.known is not None:
        return v.known in (int, float) and v.value >= 0
    return v.fact is not None and v.fact.nonneg
