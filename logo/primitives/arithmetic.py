"""Arithmetic primitives (UCBLogo manual chapter 5) and the infix operators' helpers.

Numbers follow UCBLogo 6.2.2: integer arithmetic stays integer while it fits (a product
or an INT/ROUND beyond 2147483647 becomes a float, as UCBLogo's MAXLOGOINT does);
``quotient`` of integers is an integer only when it divides exactly; POWER and the
transcendental functions always give floats; math errors give inf/nan as C does, but
dividing by zero is an error.  The ``op_*`` functions are called directly by compiled
code for ``+ - * / < > <= >= = <>`` and for unary minus; their errors name the operator.
"""

from __future__ import annotations

import math
import operator
from typing import Any

from ..language.errors import LogoError
from ..language.values import FALSE, TRUE, EscapedWord, LogoList, equalp, parse_number
from .chunks import CHUNK, extended, mapped
from .coerce import as_float as _f
from .coerce import unrec as _unrec
from .predicates import same
from .registry import primitive

_NEG_NAN = -float("nan")  # C's default NaN has the sign bit set: UCBLogo prints -nan
MAXLOGOINT = 0x7FFFFFFF  # UCBLogo's integer limit for products, INT and ROUND
_I64_MIN, _I64_MAX = -(1 << 63), (1 << 63) - 1


# --- helpers -----------------------------------------------------------------------
def _num(x: Any, who: str | None = None) -> int | float:
    """A number input; a numeric word counts.  ``who`` names an infix operator."""
    t = type(x)
    if t is int or t is float:
        return x
    if t is str or t is EscapedWord:
        n = parse_number(x)
        if n is not None:
            if type(n) is float and x[-1] in "eE" and n.is_integer():
                return int(n)  # "12e (an exponent with no digits) is UCBLogo's integer 12
            return n
    raise LogoError("doesnt_like", who=who, what=x)


def _fit64(r: int) -> int | float:
    return r if _I64_MIN <= r <= _I64_MAX else _f(r)


def _add(a: int | float, b: int | float) -> int | float:
    r = a + b
    return _fit64(r) if type(r) is int else r


def _sub(a: int | float, b: int | float) -> int | float:
    r = a - b
    return _fit64(r) if type(r) is int else r


def _mul(a: int | float, b: int | float) -> int | float:
    if type(a) is int and type(b) is int:
        r = a * b
        if -MAXLOGOINT <= r <= MAXLOGOINT:
            return r
    return _f(a) * _f(b)


def _div(a: int | float, b: int | float, who: str | None = None) -> int | float:
    if b == 0:
        raise _unrec(b, who)
    if type(a) is int and type(b) is int and a % b == 0:
        return a // b
    return _f(a) / _f(b)


def _trunc(f: float) -> int | float:
    """C's (FIXNUM) cast as UCBLogo's INT does it: floats beyond MAXLOGOINT stay floats."""
    if -MAXLOGOINT <= f <= MAXLOGOINT:
        return int(f)
    if f != f:
        return _I64_MIN  # what the x86 conversion gives
    if math.isinf(f):
        return f
    return float(math.trunc(f))


# --- infix operators (called by compiled code) --------------------------------------
def op_add(a: Any, b: Any) -> int | float:
    ta, tb = type(a), type(b)
    if ta is int and tb is int:
        r = a + b
        return r if _I64_MIN <= r <= _I64_MAX else _f(r)
    if (ta is float or ta is int) and (tb is float or tb is int):
        return a + b
    return _add(_num(a, "+"), _num(b, "+"))


def op_sub(a: Any, b: Any) -> int | float:
    ta, tb = type(a), type(b)
    if ta is int and tb is int:
        r = a - b
        return r if _I64_MIN <= r <= _I64_MAX else _f(r)
    if (ta is float or ta is int) and (tb is float or tb is int):
        return a - b
    return _sub(_num(a, "-"), _num(b, "-"))


def op_mul(a: Any, b: Any) -> int | float:
    ta, tb = type(a), type(b)
    if ta is int and tb is int:
        r = a * b
        return r if -MAXLOGOINT <= r <= MAXLOGOINT else _f(a) * _f(b)
    if (ta is float or ta is int) and (tb is float or tb is int):
        return a * b
    return _mul(_num(a, "*"), _num(b, "*"))


def op_div(a: Any, b: Any) -> int | float:
    ta, tb = type(a), type(b)
    if ta is int and tb is int and b:
        return a // b if a % b == 0 else a / b
    if (ta is float or ta is int) and (tb is float or tb is int) and b:
        return a / b
    return _div(_num(a, "/"), _num(b, "/"), "/")


def op_neg(a: Any) -> int | float:
    if type(a) is int or type(a) is float:
        return -a
    return -_num(a, "--")  # UCBLogo names unary minus "--" in its messages


def _nums(a: Any, b: Any, who: str) -> tuple[int | float, int | float]:
    return _num(a, who), _num(b, who)


def op_lt(a: Any, b: Any) -> str:
    ta, tb = type(a), type(b)
    if not ((ta is int or ta is float) and (tb is int or tb is float)):
        a, b = _nums(a, b, "<")
    return TRUE if a < b else FALSE


def op_gt(a: Any, b: Any) -> str:
    ta, tb = type(a), type(b)
    if not ((ta is int or ta is float) and (tb is int or tb is float)):
        a, b = _nums(a, b, ">")
    return TRUE if a > b else FALSE


def op_le(a: Any, b: Any) -> str:
    ta, tb = type(a), type(b)
    if not ((ta is int or ta is float) and (tb is int or tb is float)):
        a, b = _nums(a, b, "<=")
    return TRUE if a <= b else FALSE


def op_ge(a: Any, b: Any) -> str:
    ta, tb = type(a), type(b)
    if not ((ta is int or ta is float) and (tb is int or tb is float)):
        a, b = _nums(a, b, ">=")
    return TRUE if a >= b else FALSE


def op_eq(a: Any, b: Any, I: Any = None) -> str:
    """Infix =: EQUALP (``I``, the interpreter, for CASEIGNOREDP)."""
    t = type(a)
    if t is type(b) and (t is int or t is str):  # the same word is equal in any case
        if a == b:
            return TRUE
        if t is int:
            return FALSE
        if I is not None and I.vars.get("caseignoredp", TRUE) is TRUE:  # (atom_equal)
            return TRUE if a.lower() == b.lower() else FALSE
    return TRUE if _equal(a, b, I) else FALSE


def op_ne(a: Any, b: Any, I: Any = None) -> str:
    """Infix <>: NOTEQUALP."""
    t = type(a)
    if t is type(b) and (t is int or t is str):
        if a == b:
            return FALSE
        if t is int:
            return TRUE
        if I is not None and I.vars.get("caseignoredp", TRUE) is TRUE:
            return FALSE if a.lower() == b.lower() else TRUE
    return FALSE if _equal(a, b, I) else TRUE


def _equal(a: Any, b: Any, I: Any) -> bool:
    """EQUALP; words that differ only in case are equal unless CASEIGNOREDP is FALSE."""
    if not equalp(a, b):
        return False
    if I is None or (type(a) is str and a == b) or type(a) in (int, float) \
            or type(b) in (int, float):
        return True
    flag = I.vars.get("caseignoredp")
    if flag is None or type(flag) is not str or flag.lower() != FALSE:
        return True
    return same(a, b, False)


# --- numeric operations --------------------------------------------------------------
@primitive("sum", inputs=2)
def sum_(*nums: Any) -> int | float:
    """SUM num1 num2
    (SUM num1 num2 num3 ...)
    num1 + num2

    outputs the sum of its inputs."""
    total: int | float = 0
    for x in nums:
        total = _add(total, _num(x))
    return total


@primitive("difference")
def difference(num1: Any, num2: Any) -> int | float:
    """DIFFERENCE num1 num2
    num1 - num2

    outputs the difference of its inputs."""
    return _sub(_num(num1), _num(num2))


@primitive("minus")
def minus(num: Any) -> int | float:
    """MINUS num
    - num

    outputs the negative of its input."""
    return -_num(num)


@primitive("product", inputs=2)
def product(*nums: Any) -> int | float:
    """PRODUCT num1 num2
    (PRODUCT num1 num2 num3 ...)
    num1 * num2

    outputs the product of its inputs."""
    total: int | float = 1
    for x in nums:
        total = _mul(total, _num(x))
    return total


@primitive("quotient", inputs=2)
def quotient(num1: Any, num2: Any = None) -> int | float:
    """QUOTIENT num1 num2
    (QUOTIENT num)
    num1 / num2

    outputs the quotient of its inputs: an integer if the dividend is a multiple
    of the divisor (QUOTIENT 5 2 is 2.5, QUOTIENT 4 2 is 2).  With one input,
    outputs its reciprocal.  Dividing by zero is an error."""
    a = _num(num1)
    if num2 is None:
        if a == 0:
            raise _unrec(a)
        return 1.0 / _f(a)
    return _div(a, _num(num2))


def _rem(a: int | float, b: int | float) -> int | float:
    if b == 0:
        raise _unrec(b)
    if type(a) is int and type(b) is int:
        r = abs(a) % abs(b)
        return -r if a < 0 else r
    try:
        return math.fmod(_f(a), _f(b))
    except ValueError:
        return _NEG_NAN


@primitive("remainder")
def remainder(num1: Any, num2: Any) -> int | float:
    """REMAINDER num1 num2

    outputs the remainder on dividing num1 by num2, with the same sign as num1."""
    return _rem(_num(num1), _num(num2))


@primitive("modulo")
def modulo(num1: Any, num2: Any) -> int | float:
    """MODULO num1 num2

    outputs the remainder on dividing num1 by num2, with the same sign as num2."""
    b = _num(num2)
    r = _rem(_num(num1), b)
    if (r < 0) != (b < 0):  # as UCBLogo: a zero remainder with a negative num2 gives num2
        r += b
    return r


@primitive("int")
def int_(num: Any) -> int | float:
    """INT num

    outputs its input with fractional part removed (truncated toward zero)."""
    n = _num(num)
    return n if type(n) is int else _trunc(n)


@primitive("round")
def round_(num: Any) -> int | float:
    """ROUND num

    outputs the nearest integer to the input (halves round away from zero)."""
    n = _num(num)
    if type(n) is int:
        return n
    return _trunc(n - 0.5 if n < 0 else n + 0.5)


@primitive("iseq")
def iseq(I: Any, start: Any, end: Any) -> LogoList:
    """ISEQ from to

    outputs a list of the integers from FROM to TO, inclusive.
    ISEQ 3 7 is [3 4 5 6 7]; ISEQ 7 3 is [7 6 5 4 3]."""
    if op_gt(start, end) == FALSE:
        return LogoList(_iseq1(I, _num(start), _num(end)))
    up = _iseq1(I, op_mul(-1, start), op_mul(-1, end))
    return LogoList(mapped(I, operator.neg, up))  # (-x is op_mul(-1, x) for any number)


def _iseq1(I: Any, a: int | float, b: int | float) -> list:
    """a, a + 1, ... up to b (UCBLogo's library adds 1 at a time), made a chunk at a
    time (Stop is looked at between chunks)."""
    if not b - a <= 50_000_000:  # (nan too) UCBLogo runs out of memory
        raise LogoError("out_of_space")
    if b < a:
        return []
    top = math.floor(b) + 1  # (b is finite here)
    if type(a) is int:  # an integer plus 1 stays an integer: a range
        return extended(I, (range(lo, min(lo + CHUNK, top)) for lo in range(a, top, CHUNK)))
    if float(a).is_integer() and abs(a) + 50_000_002 < 2.0 ** 53:  # exact whole floats
        lo = int(a)
        out = mapped(I, float, range(lo, lo + int(b - a) + 1))
        out[0] = a  # (-0.0 stays -0.0)
        return out
    out = []
    while not a > b:
        out.append(a)
        step = op_add(a, 1)
        if step == a:  # a float too large to count by ones (1e308): it would never end
            raise LogoError("doesnt_like", what=a)
        a = step
        if len(out) % CHUNK == 0:
            I.check_stop()
    return out


@primitive("rseq")
def rseq(I: Any, start: Any, end: Any, count: Any) -> LogoList:
    """RSEQ from to count

    outputs a list of COUNT equally spaced numbers from FROM to TO, inclusive.
    RSEQ 3 5 5 is [3 3.5 4 4.5 5]."""
    xs = iseq(I, 0, op_sub(count, 1))
    return LogoList(mapped(I, lambda x: op_add(start, op_div(op_mul(x, op_sub(end, start)),
                                                             op_sub(count, 1))), xs))


@primitive("lessp", "less?")
def lessp(num1: Any, num2: Any) -> str:
    """LESSP num1 num2
    LESS? num1 num2
    num1 < num2

    outputs TRUE if its first input is strictly less than its second."""
    return TRUE if _num(num1) < _num(num2) else FALSE


@primitive("greaterp", "greater?")
def greaterp(num1: Any, num2: Any) -> str:
    """GREATERP num1 num2
    GREATER? num1 num2
    num1 > num2

    outputs TRUE if its first input is strictly greater than its second."""
    return TRUE if _num(num1) > _num(num2) else FALSE


@primitive("lessequalp", "lessequal?")
def lessequalp(num1: Any, num2: Any) -> str:
    """LESSEQUALP num1 num2
    LESSEQUAL? num1 num2
    num1 <= num2

    outputs TRUE if its first input is less than or equal to its second."""
    return TRUE if _num(num1) <= _num(num2) else FALSE


@primitive("greaterequalp", "greaterequal?")
def greaterequalp(num1: Any, num2: Any) -> str:
    """GREATEREQUALP num1 num2
    GREATEREQUAL? num1 num2
    num1 >= num2

    outputs TRUE if its first input is greater than or equal to its second."""
    return TRUE if _num(num1) >= _num(num2) else FALSE
