"""What C's math library and printf give UCBLogo: powers, logarithms, trigonometry and
FORM (UCBLogo manual sections 5.1 and 5.4).

These always give floats (FORM a word); where C's math library gives inf or nan instead
of failing, so do they (SQRT -1 is -nan, LN 0 is -inf), as UCBLogo 6.2.2 does.
"""

from __future__ import annotations

import math
from typing import Any

from . import coerce as c
from .registry import primitive

_INF = math.inf
_NAN = float("nan")
_NEG_NAN = -_NAN  # C's default NaN has the sign bit set: UCBLogo prints it as -nan
_DEGRAD = math.pi / 180.0
_WHOLE = 1 << 1000  # whole numbers that float() converts
def _fnum(x: Any) -> float:
    if type(x) is float:
        return x
    if type(x) is int and -_WHOLE < x < _WHOLE:  # (larger: as_float's inf)
        return float(x)
    return c.as_float(c.num(x))


def _odd_int(y: float) -> bool:
    return y == math.floor(y) and math.fmod(y, 2.0) != 0.0


def _c_math(fn: Any, x: float, on_error: float) -> float:
    try:
        return fn(x)
    except ValueError:
        return on_error
    except OverflowError:
        return _INF


# --- powers and logarithms -------------------------------------------------------------
@primitive("sqrt")
def sqrt(num: Any) -> float:
    """SQRT num

    outputs the square root of the input, which must be nonnegative."""
    return _c_math(math.sqrt, _fnum(num), _NEG_NAN)


@primitive("power")
def power(num1: Any, num2: Any) -> float:
    """POWER num1 num2

    outputs num1 to the num2 power.  If num1 is negative, num2 must be an integer."""
    x, y = _fnum(num1), _fnum(num2)
    try:
        return math.pow(x, y)
    except OverflowError:
        return -_INF if x < 0 and _odd_int(y) else _INF
    except ValueError:
        if x == 0:
            return -_INF if math.copysign(1.0, x) < 0 and _odd_int(y) else _INF
        return _NEG_NAN


@primitive("exp")
def exp(num: Any) -> float:
    """EXP num

    outputs e (2.718281828+) to the input power."""
    return _c_math(math.exp, _fnum(num), _NEG_NAN)


@primitive("log10")
def log10(num: Any) -> float:
    """LOG10 num

    outputs the common logarithm of the input."""
    x = _fnum(num)
    return _c_math(math.log10, x, -_INF if x == 0 else _NAN)


@primitive("ln")
def ln(num: Any) -> float:
    """LN num

    outputs the natural logarithm of the input."""
    x = _fnum(num)
    return _c_math(math.log, x, -_INF if x == 0 else _NEG_NAN)


# --- trigonometry ------------------------------------------------------------------------
def sin_deg(f: float, _rem: Any = math.remainder, _sin: Any = math.sin,
            _cos: Any = math.cos) -> float:
    """Sine of f degrees, reduced to 0..45 first (as UCBLogo does) so SIN 30 is 0.5.
    (Compiled code calls it for every SIN and COS: the math functions are its
    defaults, not looked up at each call.)"""
    sign = f < 0
    if sign:
        f = -f
    try:
        f = _rem(f, 360.0)
    except ValueError:
        return _NEG_NAN
    if f > 180.0:
        f -= 180.0
        sign = not sign
    if f > 90.0:
        f = 180.0 - f
    f = _cos((90.0 - f) * _DEGRAD) if f > 45.0 else _sin(f * _DEGRAD)
    return -f if sign else f


@primitive("sin")
def sin(degrees: Any) -> float:
    """SIN degrees

    outputs the sine of its input, which is taken in degrees."""
    return sin_deg(_fnum(degrees))


@primitive("cos")
def cos(degrees: Any) -> float:
    """COS degrees

    outputs the cosine of its input, which is taken in degrees."""
    return sin_deg(90.0 - _fnum(degrees))


def tan(degrees: Any) -> float:  # not registered: UCBLogo has no TAN (primitive("tan")(tan))
    """TAN degrees

    outputs the tangent of its input, which is taken in degrees.  TAN 90 is an
    error.  (Not in Berkeley Logo.)"""
    d = _fnum(degrees)
    co = sin_deg(90.0 - d)
    if co == 0:
        raise c.unrec(degrees)
    return sin_deg(d) / co


@primitive("arctan")
def arctan(num: Any, y: Any = None) -> float:
    """ARCTAN num
    (ARCTAN x y)

    outputs the arctangent, in degrees, of its input.  With two inputs, outputs
    the arctangent of y/x, or 90 or -90 depending on the sign of y if x is zero."""
    return radarctan(num, y) / _DEGRAD


@primitive("radsin")
def radsin(radians: Any) -> float:
    """RADSIN radians

    outputs the sine of its input, which is taken in radians."""
    return _c_math(math.sin, _fnum(radians), _NEG_NAN)


@primitive("radcos")
def radcos(radians: Any) -> float:
    """RADCOS radians

    outputs the cosine of its input, which is taken in radians."""
    return _c_math(math.cos, _fnum(radians), _NEG_NAN)


def radtan(radians: Any) -> float:  # not registered, as TAN
    """RADTAN radians

    outputs the tangent of its input, which is taken in radians.  (Not in
    Berkeley Logo.)"""
    return _c_math(math.tan, _fnum(radians), _NEG_NAN)


@primitive("radarctan")
def radarctan(num: Any, y: Any = None) -> float:
    """RADARCTAN num
    (RADARCTAN x y)

    outputs the arctangent, in radians, of its input.  With two inputs, outputs
    the arctangent of y/x, or pi/2 or -pi/2 depending on the sign of y if x is
    zero.  2*(RADARCTAN 0 1) is pi."""
    x = _fnum(num)
    if y is None:
        return math.atan(x)
    return math.atan2(_fnum(y), x)


# --- print formatting --------------------------------------------------------------------
@primitive("form")
def form(num: Any, width: Any, precision: Any) -> str:
    """FORM num width precision

    outputs a word containing NUM with at least WIDTH characters (padded with
    spaces on the left) and exactly PRECISION digits after the decimal point
    (no point if PRECISION is 0).  (FORM num -1 format) formats NUM with a C
    printf format instead."""
    x = _fnum(num)
    w = c.integer(width)
    if w < 0:
        return _c_format((c.word(precision) + "\n")[:19], x)
    p = c.integer(precision)
    w, p = min(w, 99), (min(p, 99) if p >= 0 else 6)
    if x != x and math.copysign(1.0, x) < 0:
        return "-nan".rjust(w)
    return f"{x:{w}.{p}f}"


def _c_format(fmt: str, x: float) -> str:
    try:
        return fmt % x
    except (TypeError, ValueError, KeyError, OverflowError):
        return fmt.replace("%%", "%")
