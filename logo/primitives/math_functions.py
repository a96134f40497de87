"""Arithmetic primitives, part two: powers, logarithms, trigonometry, random numbers,
print formatting and bitwise operations (UCBLogo manual sections 5.1, 5.3-5.5).

These always give floats (except RANDOM, FORM and the bitwise operations); where C's
math library gives inf or nan instead of failing, so do they (SQRT -1 is -nan, LN 0 is
-inf), as UCBLogo 6.2.2 does.  ``arithmetic`` re-exports them for the registry.
"""

from __future__ import annotations

import math
import random as _pyrandom
import time
from typing import Any

from ..language.errors import LogoError
from . import coerce as c
from .registry import primitive

__all__ = ["sqrt", "power", "exp", "log10", "ln", "sin", "cos", "tan", "arctan", "radsin",
           "radcos", "radtan", "radarctan", "random_", "rerandom", "form", "bitand", "bitor",
           "bitxor", "bitnot", "ashift", "lshift", "CRandom"]

_INF = math.inf
_NAN = float("nan")
_NEG_NAN = -_NAN  # C's default NaN has the sign bit set: UCBLogo prints it as -nan
_DEGRAD = math.pi / 180.0
_U32, _U64 = 0xFFFFFFFF, 0xFFFFFFFFFFFFFFFF
# Division by zero and bad bitwise inputs are UCBLogo's error 4 (same text as error 7).
_UNREC = "doesnt_like_unrec"


def _unrec(x: Any, who: str | None = None) -> LogoError:
    """UCBLogo's error 4 (not recoverable)."""
    return LogoError(_UNREC, who=who, what=x)


def _f(x: int | float) -> float:
    """float(x), with inf for an integer too big for a float."""
    try:
        return float(x)
    except OverflowError:
        return _INF if x > 0 else -_INF


def _fnum(x: Any) -> float:
    return _f(c.num(x))


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
def _sin_deg(f: float) -> float:
    """Sine of f degrees, reduced to 0..45 first (as UCBLogo does) so SIN 30 is 0.5."""
    sign = f < 0
    if sign:
        f = -f
    try:
        f = math.remainder(f, 360.0)
    except ValueError:
        return _NEG_NAN
    if f > 180.0:
        f -= 180.0
        sign = not sign
    if f > 90.0:
        f = 180.0 - f
    f = math.cos((90.0 - f) * _DEGRAD) if f > 45.0 else math.sin(f * _DEGRAD)
    return -f if sign else f


@primitive("sin")
def sin(degrees: Any) -> float:
    """SIN degrees

    outputs the sine of its input, which is taken in degrees."""
    return _sin_deg(_fnum(degrees))


@primitive("cos")
def cos(degrees: Any) -> float:
    """COS degrees

    outputs the cosine of its input, which is taken in degrees."""
    return _sin_deg(90.0 - _fnum(degrees))


def tan(degrees: Any) -> float:  # not registered: UCBLogo has no TAN (primitive("tan")(tan))
    """TAN degrees

    outputs the tangent of its input, which is taken in degrees.  TAN 90 is an
    error.  (Not in Berkeley Logo.)"""
    d = _fnum(degrees)
    c = _sin_deg(90.0 - d)
    if c == 0:
        raise _unrec(degrees)
    return _sin_deg(d) / c


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


# --- random numbers ----------------------------------------------------------------------
class CRandom(_pyrandom.Random):
    """A ``random.Random`` whose :meth:`c_random` replays glibc's ``random()``, so that
    after ``(RERANDOM n)`` RANDOM gives the very numbers UCBLogo gives.  Its other
    methods are the usual Mersenne Twister ones, seeded alongside."""

    def seed(self, a: Any = None, version: int = 2) -> None:  # type: ignore[override]
        super().seed(a, version)
        if type(a) is not int:
            a = int(time.time()) ^ super().getrandbits(32)
        self._c_seed(a)

    def _c_seed(self, seed: int) -> None:
        """glibc's srandom(): TYPE_3 additive feedback state, 310 outputs discarded."""
        seed &= _U32
        w = seed or 1
        w = w - (1 << 32) if w >= 1 << 31 else w
        state = [w]
        for _ in range(30):
            hi = abs(w) // 127773 * (1 if w >= 0 else -1)  # C division truncates
            w = 16807 * (w - hi * 127773) - 2836 * hi
            if w < 0:
                w += 2147483647
            state.append(w)
        self._c_state = [x & _U32 for x in state]
        self._c_front, self._c_rear = 3, 0
        for _ in range(310):
            self.c_random()

    def c_random(self) -> int:
        """The next number from glibc's random(): 0 <= n < 2**31."""
        s, f, r = self._c_state, self._c_front, self._c_rear
        s[f] = (s[f] + s[r]) & _U32
        self._c_front, self._c_rear = (f + 1) % 31, (r + 1) % 31
        return s[f] >> 1


def _raw_random(rng: Any) -> int:
    c_random = getattr(rng, "c_random", None)
    return c_random() if c_random is not None else rng.getrandbits(31)


def _random_arg(x: Any) -> int:
    n = c.integer(x)
    if not 0 <= n < 2147483647:
        raise c.bad(x)
    return n


@primitive("random")
def random_(I: Any, num: Any, end: Any = None) -> int:
    """RANDOM num
    (RANDOM start end)

    with one input, outputs a random nonnegative integer less than its input,
    which must be a positive integer.  With two inputs, outputs a random integer
    from START to END inclusive.  (RANDOM 3 8) is like (RANDOM 6)+3."""
    if end is None:
        base, span = 0, _random_arg(num)
    else:
        base = _random_arg(num)
        span = _random_arg(end) + 1 - base
    if span == 0:
        return base
    r = _raw_random(I.random)
    return base + (r % span if span > 0 else r)  # UCBLogo's unsigned arithmetic


@primitive("rerandom")
def rerandom(I: Any, seed: Any = None) -> None:
    """RERANDOM
    (RERANDOM seed)

    command.  Makes the results of RANDOM reproducible: after RERANDOM (or
    RERANDOM with the same integer seed) RANDOM gives the same sequence again."""
    n = 1 if seed is None else c.integer(seed)
    if not -(1 << 31) <= n < 1 << 31:
        raise c.bad(seed)
    I.random.seed(n)


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


# --- bitwise operations ------------------------------------------------------------------
def _bits(args: tuple, fold: Any, start: int) -> int | float:
    """Fold integer inputs, complaining (error 4) about the first float as UCBLogo does."""
    if not args:
        return start
    acc = c.num(args[0])
    for x in args[1:]:
        n = c.num(x)
        if type(acc) is float or type(n) is float:
            raise _unrec(n if type(n) is float else acc)
        acc = fold(acc, n)
    return acc


def _s64(x: int) -> int:
    x &= _U64
    return x - (1 << 64) if x >> 63 else x


@primitive("bitand", inputs=2)
def bitand(*nums: Any) -> int | float:
    """BITAND num1 num2
    (BITAND num1 num2 num3 ...)

    outputs the bitwise and of its inputs, which must be integers."""
    return _bits(nums, lambda a, b: a & b, -1)


@primitive("bitor", inputs=2)
def bitor(*nums: Any) -> int | float:
    """BITOR num1 num2
    (BITOR num1 num2 num3 ...)

    outputs the bitwise or of its inputs, which must be integers."""
    return _bits(nums, lambda a, b: a | b, 0)


@primitive("bitxor", inputs=2)
def bitxor(*nums: Any) -> int | float:
    """BITXOR num1 num2
    (BITXOR num1 num2 num3 ...)

    outputs the bitwise exclusive or of its inputs, which must be integers."""
    return _bits(nums, lambda a, b: a ^ b, 0)


@primitive("bitnot")
def bitnot(num: Any) -> int:
    """BITNOT num

    outputs the bitwise not of its input, which must be an integer."""
    return ~_int_only(num)


def _int_only(x: Any) -> int:
    n = c.num(x)
    if isinstance(n, float):
        raise _unrec(n)
    return n


def _ashift(a: int, n: int) -> int:
    return a >> (-n & 63) if n < 0 else _s64(a << (n & 63))


def _lshift(a: int, n: int) -> int:
    return (a & _U32) >> (-n & 31) if n < 0 else _s64(a << (n & 63))


@primitive("ashift")
def ashift(num1: Any, num2: Any) -> int | float:
    """ASHIFT num1 num2

    outputs num1 arithmetic-shifted to the left by num2 bits.  If num2 is
    negative, the shift is to the right with sign extension.  The inputs must be
    integers."""
    return _bits((num1, num2), _ashift, 0)


@primitive("lshift")
def lshift(num1: Any, num2: Any) -> int | float:
    """LSHIFT num1 num2

    outputs num1 logical-shifted to the left by num2 bits.  If num2 is negative,
    the shift is to the right with zero fill.  The inputs must be integers."""
    return _bits((num1, num2), _lshift, 0)
