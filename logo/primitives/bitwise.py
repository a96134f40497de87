"""Bitwise operations (UCBLogo manual section 5.5): BITAND, BITOR, BITXOR, BITNOT,
ASHIFT and LSHIFT on integers, as UCBLogo's C longs do them."""

from __future__ import annotations

from typing import Any

from . import coerce as c
from .registry import primitive

_U32, _U64 = 0xFFFFFFFF, 0xFFFFFFFFFFFFFFFF
_BIG = 2**1024  # an integer this large counts as infinite (coerce.num): no fast path


def _bits(args: tuple, fold: Any, start: int) -> int | float:
    """Fold integer inputs, complaining (error 4) about the first float as UCBLogo does."""
    if not args:
        return start
    acc = c.num(args[0])
    for x in args[1:]:
        n = c.num(x)
        if type(acc) is float or type(n) is float:
            raise c.unrec(n if type(n) is float else acc)
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
    if len(nums) == 2:
        a, b = nums
        if type(a) is int and type(b) is int and -_BIG < a < _BIG and -_BIG < b < _BIG:
            return a & b
    return _bits(nums, lambda a, b: a & b, -1)


@primitive("bitor", inputs=2)
def bitor(*nums: Any) -> int | float:
    """BITOR num1 num2
    (BITOR num1 num2 num3 ...)

    outputs the bitwise or of its inputs, which must be integers."""
    if len(nums) == 2:
        a, b = nums
        if type(a) is int and type(b) is int and -_BIG < a < _BIG and -_BIG < b < _BIG:
            return a | b
    return _bits(nums, lambda a, b: a | b, 0)


@primitive("bitxor", inputs=2)
def bitxor(*nums: Any) -> int | float:
    """BITXOR num1 num2
    (BITXOR num1 num2 num3 ...)

    outputs the bitwise exclusive or of its inputs, which must be integers."""
    if len(nums) == 2:
        a, b = nums
        if type(a) is int and type(b) is int and -_BIG < a < _BIG and -_BIG < b < _BIG:
            return a ^ b
    return _bits(nums, lambda a, b: a ^ b, 0)


@primitive("bitnot")
def bitnot(num: Any) -> int:
    """BITNOT num

    outputs the bitwise not of its input, which must be an integer."""
    return ~num if type(num) is int and -_BIG < num < _BIG else ~_int_only(num)


def _int_only(x: Any) -> int:
    n = c.num(x)
    if isinstance(n, float):
        raise c.unrec(n)
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
    if type(num1) is int and type(num2) is int and -_BIG < num1 < _BIG and -_BIG < num2 < _BIG:
        return _ashift(num1, num2)
    return _bits((num1, num2), _ashift, 0)


@primitive("lshift")
def lshift(num1: Any, num2: Any) -> int | float:
    """LSHIFT num1 num2

    outputs num1 logical-shifted to the left by num2 bits.  If num2 is negative,
    the shift is to the right with zero fill.  The inputs must be integers."""
    if type(num1) is int and type(num2) is int and -_BIG < num1 < _BIG and -_BIG < num2 < _BIG:
        return _lshift(num1, num2)
    return _bits((num1, num2), _lshift, 0)
