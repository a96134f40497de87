"""``+``, ``-`` and ``*`` of two numbers whose kinds and sizes are known (``number_facts``).

Where each side is known a whole number of a known size, a product within UCBLogo's
integer limit 2147483647 is the whole product, and a sum or difference within 64 bits
the whole sum: no test at all (``remainder repcount 9 * 3``).  Where a side is known a
float and the other a float or a whole number a float holds exactly, the result is the
float one (op_add and op_mul give it so), with no test.  Each result is noted with what
is known of it (a whole number or a float, its size where both sizes are known, not
below zero where neither side is), for the form around it: ROUND of ``repcount *
0.37`` knows a float not below 0.  Anything else: None, the operator's usual code.
"""

from __future__ import annotations

from typing import Any

from .number_facts import Fact, note, of_text

I64 = 2**63  # a whole sum below it in size stays whole (op_add)
EXACT = 2**53  # a whole number below it is exact as a float
HELD = 2**127  # a whole product below it is one whose sides' floats multiply to a finite float


def infix(em: Any, op: str, x: str, y: str, left: str, right: str, test: str, top: int) -> str | None:
    """``x op y`` (the sides' names; ``left``, ``right`` their texts, computed by
    ``test``) where both sides are known; else None."""
    a, b = of_text(em, left), of_text(em, right)
    if a is None or b is None or op not in ("+", "-", "*"):
        return None
    names = " & ".join(f"(({n} := {t}) is not None)" for n, t in ((x, left), (y, right)) if n != t)
    computed = f"({left} {op} {right})" if test in ("True", names) else \
        f"({x} {op} {y} if {test} else None)"  # (the sides computed in order, untested)
    sizes = None if a.bound is None or b.bound is None else \
        (a.bound * b.bound if op == "*" else a.bound + b.bound)
    nonneg = a.nonneg and b.nonneg and op != "-"
    if a.kind is int and b.kind is int:
        if op == "*" and sizes is not None and top < sizes < HELD and x == left and y == right:
            return _past_limit(x, y, top, nonneg)
        if sizes is None or sizes > (top if op == "*" else I64 - 1):
            return None
        return note(em, computed, Fact(int, sizes, nonneg))
    if float not in (a.kind, b.kind) or not all(
            f.kind is float or (f.bound is not None and f.bound < EXACT) for f in (a, b)):
        return None
    return note(em, computed, Fact(float, sizes, nonneg and sizes is not None))


def _past_limit(x: str, y: str, top: int, nonneg: bool) -> str:
    """``x * y`` of two whole numbers known, whose product may pass UCBLogo's integer
    limit ``top``: the whole product within it, else the product of their floats
    (op_mul), with no type test (``repcount * repcount``).  Nothing is noted: the
    value is a whole number or a float."""
    within = f"(_r := {x} * {y}) <= {top}" if nonneg else f"-{top} <= (_r := {x} * {y}) <= {top}"
    return f"(_r if {within} else float({x}) * float({y}))"
