"""The numbers under the arithmetic primitives: the infix operators' helpers (called
directly by compiled code and the interpreting tier for ``+ - * / < > <= >= = <>`` and
unary minus; their errors name the operator) and UCBLogo 6.2.2's rules for whole
numbers: a sum stays whole within 64 bits, a product within 2147483647 (MAXLOGOINT),
beyond which it is a float; a quotient of whole numbers is whole when exact.
``arithmetic`` (the chapter) re-exports what other modules use from here.
"""

from __future__ import annotations

import math
from typing import Any

from ..language.errors import LogoError
from ..language.values import FALSE, TRUE, EscapedWord, equalp
from .coerce import as_float as _f
from .coerce import unrec as _unrec
from .coerce import word_number
from .predicates import ignore_case, same

MAXLOGOINT = 0x7FFFFFFF  # UCBLogo's integer limit for products, INT and ROUND
_I64_MIN, _I64_MAX = -(1 << 63), (1 << 63) - 1


# --- helpers -----------------------------------------------------------------------
def _num(x: Any, who: str | None = None) -> int | float:
    """A number input; a numeric word counts.  ``who`` names an infix operator."""
    t = type(x)
    if t is int or t is float:
        return x
    if (t is str or t is EscapedWord) and (n := word_number(x)) is not None:
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
    """Unary minus, ``-:x``: as UCBLogo's, zero less the number (``-:x`` of 0.0 is 0,
    of -nan is -nan), where MINUS flips the sign (-0, nan)."""
    if type(a) is int or type(a) is float:
        return 0 - a
    return 0 - _num(a, "--")  # UCBLogo names unary minus "--" in its messages


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
        if I is not None and I.vars.get("caseignoredp") is TRUE:  # (atom_equal)
            return TRUE if a.lower() == b.lower() else FALSE
    elif t is str and type(b) is int and len(a) < 10 and a.isdigit() and a.isascii():
        return TRUE if int(a) == b else FALSE  # (a word of digits and a number: as
    elif t is int and type(b) is str and len(b) < 10 and b.isdigit() and b.isascii():
        return TRUE if a == int(b) else FALSE  # parse_number reads it, atom_equal)
    return TRUE if _equal(a, b, I) else FALSE


def op_ne(a: Any, b: Any, I: Any = None) -> str:
    """Infix <>: NOTEQUALP."""
    t = type(a)
    if t is type(b) and (t is int or t is str):
        if a == b:
            return FALSE
        if t is int:
            return TRUE
        if I is not None and I.vars.get("caseignoredp") is TRUE:
            return FALSE if a.lower() == b.lower() else TRUE
    return FALSE if _equal(a, b, I) else TRUE


def _equal(a: Any, b: Any, I: Any) -> bool:
    """EQUALP; words that differ only in case are equal unless CASEIGNOREDP is FALSE."""
    if not equalp(a, b):
        return False
    if I is None or (type(a) is str and a == b) or type(a) in (int, float) \
            or type(b) in (int, float):
        return True
    if ignore_case(I):
        return True
    return same(a, b, False)
