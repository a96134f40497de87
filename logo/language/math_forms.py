"""SQRT, LN, EXP, LOG10, SIN, COS and ARCTAN compiled inline (registered by inline_prims).

Of a float, or of a whole number a float holds exactly, each is its C function called
as the primitive calls it, without the primitive's conversions, where its input is in
the function's domain (SQRT not below 0, LN and LOG10 above 0, EXP below 709: no
overflow); SIN and COS reduce their degrees as UCBLogo does (a whole number of degrees
by a table, ``_whole_sines``).  Any other input (a NaN, a word, a bigger whole number,
one outside the domain) is the primitive's call, with its value or its error.  A number
typed in the line is computed when compiling (``sqrt 2``), by the primitive itself.

What is known of the input (``number_facts``: REPEAT's counter, a remainder, a float
output ...) drops its tests: SQRT of REPCOUNT is ``SQRT(_i3)`` alone, SIN of it the
table's entry.  Each form notes what it knows of its own value (a float; of SQRT of a
bounded whole number not below 0, its size; of SIN and COS of a bounded input, at most
1) for the form around it (INT, ROUND, POWER ...).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

from . import whole_inputs
from .inline_inputs import In, choose, only_slow, slow_of
from .inline_numbers import BIG, outputs
from .nodes import Call, Const
from .number_facts import Fact, Num, is_float, is_int, nonneg, note, number_inputs, within

Form = Callable[[Any, Call, list[str], bool], "str | None"]
EXP_BELOW = 709  # math.exp of anything below it is finite (its overflow: above 709.78)
_FLOAT = Fact(float, None)


def _folded(x: Any, node: Call, args: list[str]) -> str | None:
    """The value of a one-input primitive on a number typed in the line, computed now by
    the primitive (None if it is no number, or the value no plain float)."""
    arg = node.args[0] if len(node.args) == 1 else None
    if not isinstance(arg, Const) or type(arg.value) not in (int, float) \
            or args[0] != repr(arg.value):
        return None
    try:
        value = node.target.fn(arg.value)
    except Exception:  # (its error is the primitive's, at run time)
        return None
    return repr(value) if type(value) is float and math.isfinite(value) else None


def exact(v: In) -> str:
    """The test that ``v`` (not a literal) is a float, or a whole number a float holds
    exactly."""
    return f"(({v.t} := type({v.first})) is float or {v.t} is int and -{BIG} < {v.name} < {BIG})"


def _function_start(x: Any, node: Call, args: list[str]) -> tuple[str | None, Any, Any]:
    """The start of a numeric function's form: its value folded when compiling, or the
    primitive's call for an input typed and not folded; else None, the input (known a
    float where it outputs one, or is a direct body's input proven one) and the inputs."""
    folded = _folded(x, node, args)
    if folded is not None:
        return folded, None, None
    (a,) = ins = number_inputs(x, node, args)
    if a.known is not None:
        return only_slow(ins, slow_of(x, node, ins)), a, ins  # (not folded: the primitive's)
    if a.fact is None and (outputs(x.em, node.args[0]) is float or
                           whole_inputs.float_arg(x.em, node.args[0], args[0])):
        a.fact = _FLOAT  # (sqrt sin :x * 0.5: a float, or its error)
    return None, a, ins


def _plain(a: Num) -> bool:
    """Is ``a`` a whole number a float holds exactly, or a float (a NaN too)?"""
    return (is_int(a) and within(a, BIG)) or is_float(a)


def _math(fn: str, low: str, name: str) -> Form:
    """SQRT, LN, LOG10, EXP: ``fn`` (a name in the code's globals, or the function to
    name) of a float or an exact whole number for which ``x low`` holds."""

    def form(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
        done, a, ins = _function_start(x, node, args)
        if done is not None:
            return done
        f = fn if fn.isupper() else x.em.const(getattr(math, fn))
        slow = slow_of(x, node, ins)
        if name == "sqrt" and nonneg(a) and within(a, math.inf) and _plain(a):
            return note(x.em, f"({f}({a.once}))", Fact(float, math.sqrt(a.fact.bound) + 1, True))
        if name in ("ln", "log10") and a.fact is not None and a.fact.positive and _plain(a):
            return note(x.em, f"({f}({a.once}))", _FLOAT)  # (REPCOUNT: above 0)
        if name == "exp" and within(a, EXP_BELOW) and _plain(a):  # (of a remainder)
            top = math.exp(a.fact.bound) * 2
            return note(x.em, f"({f}({a.once}))", Fact(float, top, True, True))
        if _plain(a):  # (a NaN fails the test: the primitive's)
            return note(x.em, f"({f}({a.name}) if {a.first} {low} else {slow})", _FLOAT)
        return note(x.em, choose(f"{f}({a.name})", [exact(a)], [f"{a.name} {low}"], slow, ins),
                    _FLOAT)

    return form


sqrt, ln = _math("SQRT", ">= 0", "sqrt"), _math("LOG", "> 0", "ln")
exp, log10 = _math("exp", f"< {EXP_BELOW}", "exp"), _math("log10", "> 0", "log10")


def _trig(shift: str, int_shift: str) -> Form:
    """SIN and COS of a float or a whole number: UCBLogo's reduction, without the
    primitive's conversions."""

    def form(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
        from ..primitives.math_functions import sin_deg  # loaded: SIN/COS are its

        done, a, ins = _function_start(x, node, args)
        if done is not None:
            return done
        em = x.em
        fn = em.const(sin_deg)
        bounded = Fact(float, 1.0) if within(a, math.inf) else _FLOAT
        if is_float(a):  # a float: no test, no conversion
            return note(em, f"({fn}({shift}{a.once}))", bounded)
        tbl, w, n = em.const(whole_sines()), em.fresh("_w"), a.name
        if is_int(a) and within(a, WHOLE) and nonneg(a) and not int_shift:  # (REPCOUNT)
            return note(em, f"{tbl}[{a.once} % 720]", bounded)
        whole = f"({tbl}[{w} % 720] if ({w} := {int_shift}{{}}) >= 0 else -{tbl}[-{w} % 720])"
        if is_int(a) and within(a, WHOLE):  # (a remainder, an input proven ...): no test
            return note(em, whole.format(a.once), bounded)
        return note(em, f"({whole.format(n)} if ({a.t} := type({a.first})) is int and -{WHOLE} < "
                    f"{n} < {WHOLE} else {fn}({shift}{n}) if {a.t} is float else "
                    f"{slow_of(x, node, ins)})", _FLOAT)

    return form


def arctan(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """ARCTAN of one float or whole number: the primitive's atan in degrees, uncalled."""
    done, a, ins = _function_start(x, node, args)
    if done is not None:
        return done
    atan = x.em.const(math.atan)
    bounded = Fact(float, 90.0) if within(a, math.inf) else _FLOAT
    if _plain(a):
        return note(x.em, f"({atan}({a.once}) / {_DEGREE!r})", bounded)
    return note(x.em, choose(f"({atan}({a.name}) / {_DEGREE!r})", [exact(a)], [],
                             slow_of(x, node, ins), ins), _FLOAT)


_DEGREE = math.pi / 180.0  # radians in a degree, as the primitive divides by
WHOLE = 2 ** 53 - 1000  # whole degrees within it: 90 - n is exact as a float too


@functools.cache
def whole_sines() -> list[float]:
    """SIN of the whole numbers of degrees 0 to 719, as the primitive computes them: SIN n
    of a whole number n from 0 is entry n % 720 (the primitive's reduction, REMAINDER
    of n by 360 with its ties to even, is the same for n and n % 720), of one below 0
    minus the entry of -n (COS n is SIN 90 - n)."""
    from ..primitives.math_functions import sin_deg

    return [sin_deg(float(k)) for k in range(720)]


sin, cos = _trig("", ""), _trig("90.0 - ", "90 - ")
