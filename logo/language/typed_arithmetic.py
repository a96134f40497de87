"""``*``, ``+``, ``-`` and ``/`` of two numbers compiled inline, whole numbers first.

UCBLogo's rule (op_mul): a product of two whole numbers within 2147483647 (MAXLOGOINT)
is whole, beyond it the product of their floats; with a float on a side it is the
float product; a word that is a number counts (op_mul converts it); anything else is
op_mul's error.  :func:`product` tests each side's type once: both whole, the whole
product and its range; else both numbers, the product; else op_mul (every side
computed once, before any of it).  A side typed as a whole number needs no test, a
side that outputs a number or is proven one (``inline_numbers.number_tests``) none of
being a number.  :func:`sum_` is ``+`` and ``-`` so (a whole sum within 64 bits, else
op_add's float), where a side is tested (the float sum is then not compared with the
64-bit limits, a slow comparison).  :func:`quotient` is ``/`` so (whole numbers below
2**53: whole when exact, as op_div; a float on a side: the float quotient, no range
tested).  :func:`square` is ``:x * :x``: one variable read once (the two reads of it
would find the same value: nothing runs between them), one type test, and a whole
square is never below 0.
"""

from __future__ import annotations

import re

# a read of a variable, compiled: a name, the table's entry, or a fast loop's local
# (identical texts on both sides of ``*`` are then the same value)
_READ = re.compile(r"[A-Za-z_]\w*|V\['[^'\\]*'\]|\((\w+) if \1 is not UNBOUND else V\['[^'\\]*'\]\)")
_LITERAL = re.compile(r"-?\d+")


def _side(name: str, text: str, test: str) -> str | None:
    """What a side of ``*`` is: "int" (a whole number typed), "num" (a number, its
    type unknown: a proven variable, or computed by what outputs a number), "any"
    (tested by ``type(...) in NUM``), or None where the test is not one of these."""
    if name == text:
        return "int" if _LITERAL.fullmatch(text) else "num"
    if f"(({name} := {text}) is not None)" in test:
        return "whole" if name.startswith(("_xi", "_yi")) else "num"
    if f"(type({name} := {text}) in NUM)" in test:
        return "any"
    return None


def product(x: str, y: str, left: str, right: str, slow: str, test: str, top: int,
            hold: int) -> str | None:
    """``x * y`` (names of the sides computed by ``left``, ``right``) with no float
    typed on a side, or None where a side is not one :func:`_side` knows."""
    if left == right and _READ.fullmatch(left):
        return square(x, y, left, slow, test, top, hold)
    kinds = [_side(n, t, test) for n, t in ((x, left), (y, right))]
    if None in kinds or kinds == ["int", "int"]:
        return None
    ints, nums, floats = [], [], []
    for (n, t), kind in zip(((x, left), (y, right)), kinds):
        if kind == "int":
            floats.append(repr(float(int(t))))
            continue
        if kind == "whole":  # (computed, a whole number known: no test)
            ints.append(f"(({n} := {t}) is not None)")
            floats.append(f"float({n})")
            continue
        tv = f"_t{n}"
        first = t if n == t else f"({n} := {t})"
        ints.append(f"(({tv} := type({first})) is int)")
        floats.append(f"float({n})")
        if kind == "any":
            nums.append(f"({tv} is float or {tv} is int)")
    whole = (f"(_r if -{top} <= (_r := {x} * {y}) <= {top} else {floats[0]} * {floats[1]} "
             f"if -{hold} < _r < {hold} else {slow})")
    other = f"({x} * {y} if {' and '.join(nums)} else {slow})" if nums else f"({x} * {y})"
    return f"({whole} if {' & '.join(ints)} else {other})"


def square(x: str, y: str, text: str, slow: str, test: str, top: int, hold: int) -> str | None:
    """``:v * :v``: the variable read once (into ``x``, unless it is a local read as
    it is), its type tested once."""
    kind = _side(x, text, test) if x != text else "num"
    called = f"({x}, {y})"
    if kind is None or called not in slow:
        return None
    n = text if text.isidentifier() else x
    first = n if n == text else f"({n} := {text})"
    tv = f"_t{n}"
    slow = slow.replace(called, f"({n}, {n})", 1)
    return (f"(_r if ({tv} := type({first})) is int and (_r := {n} * {n}) <= {top} "
            f"else {n} * {n} if {tv} is float else float({n}) * float({n}) "
            f"if {tv} is int and _r < {hold} else {slow})")


I64 = 2 ** 63  # a whole sum or difference below it in size stays whole


def sum_(op: str, x: str, y: str, left: str, right: str, slow: str, test: str) -> str | None:
    """``x + y`` or ``x - y`` where a side is tested, no float typed on a side; else
    None."""
    kinds = [_side(n, t, test) for n, t in ((x, left), (y, right))]
    if None in kinds or "any" not in kinds:
        return None
    ints, nums = [], []
    for (n, t), kind in zip(((x, left), (y, right)), kinds):
        if kind == "int":
            continue
        if kind == "whole":
            ints.append(f"(({n} := {t}) is not None)")
            continue
        tv = f"_t{n}"
        first = t if n == t else f"({n} := {t})"
        ints.append(f"(({tv} := type({first})) is int)")
        if kind == "any":
            nums.append(f"({tv} is float or {tv} is int)")
    whole = f"(_r if -{I64} <= (_r := {x} {op} {y}) <= {I64 - 1} else {slow})"
    return f"({whole} if {' & '.join(ints)} else ({x} {op} {y} if {' and '.join(nums)} else {slow}))"


EXACT = 2 ** 53  # whole numbers a float holds exactly (a quotient of them is C's)


def quotient(x: str, y: str, left: str, right: str, slow: str, test: str) -> str | None:
    """``x / y`` where a side is tested, no float typed on a side: of two whole numbers
    a float holds exactly, whole when exact (op_div); with a float on a side, the float
    quotient, no range tested; else op_div (zero, words, big whole numbers).  A side
    that is its own text is a whole number typed or REPEAT's counter (not 0, nor big);
    else None."""
    kinds = [_side(n, t, test) for n, t in ((x, left), (y, right))]
    if None in kinds or ("any" not in kinds and "num" not in kinds):
        return None
    if x.startswith("_xf") or y.startswith("_yf"):
        return _float_quotient(x, y, left, right, slow, kinds)
    ints, ranges, floats, nums = [], [], [], []
    for (n, t), kind in zip(((x, left), (y, right)), kinds):
        if n == t:  # (a whole literal, or REPCOUNT: whole, not 0, within range)
            if not t.isidentifier() and (kind != "int" or not -EXACT < int(t) < EXACT):
                return None  # (a float typed, or a big whole number: _divide's)
            continue
        tv = f"_t{n}"
        ints.append(f"(({tv} := type(({n} := {t}))) is int)")
        ranges.append(f"-{EXACT} < {n} < {EXACT}")
        floats.append(f"{tv} is float")
        if kind == "any":
            nums.append(f"({tv} is float or {tv} is int)")
    if not ints:
        return None  # (REPCOUNT and a number typed)
    if len(floats) == 1:
        nums = []  # (the one side tested is a float: a number)
    if y == right and _LITERAL.fullmatch(y) and not int(y):
        return None  # (by a zero typed: the operator's error)
    nonzero = [] if y == right else [y]
    whole = f"({x} // {y} if {x} % {y} == 0 else {x} / {y})"
    first = " and ".join([" & ".join(ints), *nonzero, *ranges])
    other = " and ".join([f"({' or '.join(floats)})", *nums, *nonzero])
    return f"({whole} if {first} else {x} / {y} if {other} else {slow})"


def _float_quotient(x: str, y: str, left: str, right: str, slow: str,
                    kinds: list[str | None]) -> str | None:
    """``x / y`` with a side that outputs a float (``_xf``, ``_yf``): the float
    quotient, the other side tested for being a number, the divisor for not 0."""
    tests = []
    for (n, t), kind in zip(((x, left), (y, right)), kinds):
        if n == t:
            if not _LITERAL.fullmatch(t):
                return None  # (a float typed, REPCOUNT: _divide's)
        elif kind == "any":
            tests.append(f"(({'_t' + n} := type(({n} := {t}))) is float or {'_t' + n} is int)")
        else:
            tests.append(f"(({n} := {t}) is not None)")
    if y == right and not int(y):
        return None  # (by a zero typed: the operator's error)
    cond = " and ".join([" & ".join(tests), *([] if y == right else [y])])
    return f"({x} / {y} if {cond} else {slow})"
