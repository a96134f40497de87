"""Arithmetic primitives (UCBLogo manual chapter 5) and the infix operators' helpers.

Numbers follow UCBLogo 6.2.2: integer arithmetic stays integer while it fits (a product
or an INT/ROUND beyond 2147483647 becomes a float, as UCBLogo's MAXLOGOINT does);
``quotient`` of integers is an integer only when it divides exactly; POWER and the
transcendental functions always give floats; math errors give inf/nan as C does, but
dividing by zero is an error.  The infix operators' helpers (``op_*``) are in
``operators.py``, re-exported here.
"""

from __future__ import annotations

import math
import operator
from typing import Any

from ..language.errors import LogoError
from ..language.values import FALSE, TRUE, LogoList
from .chunks import CHUNK, extended, mapped
from .coerce import as_float as _f
from .coerce import unrec as _unrec
from .operators import MAXLOGOINT as MAXLOGOINT
from .operators import _div, _mul, _num, _sub, _trunc
from .operators import op_add as op_add
from .operators import op_div as op_div
from .operators import op_eq as op_eq
from .operators import op_ge as op_ge
from .operators import op_gt as op_gt
from .operators import op_le as op_le
from .operators import op_lt as op_lt
from .operators import op_mul as op_mul
from .operators import op_ne as op_ne
from .operators import op_neg as op_neg
from .operators import op_sub as op_sub
from .registry import primitive

_NEG_NAN = -float("nan")  # C's default NaN has the sign bit set: UCBLogo prints -nan
_I64 = 1 << 63  # a sum or difference of whole numbers stays whole within 64 bits


# --- numeric operations --------------------------------------------------------------
@primitive("sum", inputs=2)
def sum_(*nums: Any) -> int | float:
    """SUM num1 num2
    (SUM num1 num2 num3 ...)
    num1 + num2

    outputs the sum of its inputs."""
    if len(nums) == 2:  # the common case without a call: two whole numbers
        a, b = nums
        if type(a) is int and type(b) is int and -_I64 <= a < _I64:
            r = a + b
            return r if -_I64 <= r < _I64 else _f(r)
    total: int | float = 0
    for x in nums:
        step = total + (x if type(x) is int or type(x) is float else _num(x))
        total = step if type(step) is float or -_I64 <= step < _I64 else _f(step)  # (_add)
    return total


@primitive("difference")
def difference(num1: Any, num2: Any) -> int | float:
    """DIFFERENCE num1 num2
    num1 - num2

    outputs the difference of its inputs."""
    ta, tb = type(num1), type(num2)
    if ta is int and tb is int:
        r = num1 - num2
        return r if -_I64 <= r < _I64 else _f(r)
    if (ta is float or ta is int) and (tb is float or tb is int):
        return num1 - num2
    return _sub(_num(num1), _num(num2))


@primitive("minus")
def minus(num: Any) -> int | float:
    """MINUS num
    - num

    outputs the negative of its input."""
    return -num if type(num) is int or type(num) is float else -_num(num)


@primitive("product", inputs=2)
def product(*nums: Any) -> int | float:
    """PRODUCT num1 num2
    (PRODUCT num1 num2 num3 ...)
    num1 * num2

    outputs the product of its inputs."""
    if len(nums) == 2:
        a, b = nums
        if type(a) is int and type(b) is int and -MAXLOGOINT <= a <= MAXLOGOINT:
            r = a * b
            return r if -MAXLOGOINT <= r <= MAXLOGOINT else _f(a) * _f(b)
        if type(a) is float and type(b) is float:
            return a * b
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
    if type(num1) is int and type(num2) is int and num2:
        return num1 // num2 if num1 % num2 == 0 else _f(num1) / _f(num2)
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
    if type(num1) is int and type(num2) is int and num1 >= 0 and num2 > 0:
        return num1 % num2
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
    n = num if type(num) is int or type(num) is float else _num(num)
    return n if type(n) is int else _trunc(n)


@primitive("round")
def round_(num: Any) -> int | float:
    """ROUND num

    outputs the nearest integer to the input (halves round away from zero)."""
    n = num if type(num) is int or type(num) is float else _num(num)
    if type(n) is int:
        return n
    return _trunc(n - 0.5 if n < 0 else n + 0.5)


@primitive("iseq")
def iseq(I: Any, start: Any, end: Any) -> LogoList:
    """ISEQ from to

    outputs a list of the integers from FROM to TO, inclusive.
    ISEQ 3 7 is [3 4 5 6 7]; ISEQ 7 3 is [7 6 5 4 3]."""
    if op_gt(start, end) == FALSE:
        out = _iseq1(I, _num(start), _num(end))
        if out and type(start) is not int and type(start) is not float:
            out[0] = start  # the word as given, as UCBLogo's library ("1.50 stays 1.50)
        return LogoList(out)
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
