"""RANDOM compiled inline (registered by inline_prims): the interpreter's generator is a
``CRandom`` (primitives/random_numbers.py) whose words are made ahead into a list that
stays the same object for the generator's life, the next word last, with an entry at the
bottom whose ``& MASK`` makes the next chunk.  So ``random 100`` is
``((I.random._c_ahead.pop() & MASK) >> 1) % 100``, the primitive's common case, with no
test of the list: for a whole number in 0 < n < 2147483647, and ``(random a b)`` of whole
numbers 0 <= a <= b < 2147483647.  Anything else (RANDOM 0, -1, 2.5, "a, a span of 0 or
below) is the primitive's call, which gives the same number or UCBLogo's error."""

from __future__ import annotations

from typing import Any

from .inline_inputs import In, inputs, only_slow, slow_of
from .nodes import Call

_TOP = 2147483647  # (RANDOM's input is below it: random_numbers._random_arg)
_DRAW = "((I.random._c_ahead.pop() & 4294967295) >> 1)"  # (CRandom.c_random: MASK, 2**32-1)


def _range(v: In, lowest: int) -> tuple[str, str] | None:
    """(the test that ``v``, a whole number, is in lowest <= v < _TOP; its type test,
    which computes it): empty for a literal, None for a literal out of range."""
    if v.known is not None:
        ok = v.known is int and lowest <= v.value < _TOP
        return ("", "") if ok else None
    return f"{lowest} <= {v.name} < {_TOP}", f"(type({v.first}) is int)"


def random_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    ins = inputs(x, node, args)
    slow = slow_of(x, node, ins)
    found = [_range(v, 1 if len(ins) == 1 else 0) for v in ins]
    tests = [t for t in found if t is not None]
    if len(ins) not in (1, 2) or len(tests) < len(found):
        return only_slow(ins, slow)
    typed = " & ".join(t for _, t in tests if t)  # (every input computed before a range)
    conds = ([typed] if typed else []) + [r for r, _ in tests if r]
    if len(ins) == 1:
        fast = f"{_DRAW} % {ins[0].name}"
    else:
        (a, b), span = (v.name for v in ins), None
        if ins[0].known is not None and ins[1].known is not None:
            if ins[1].value < ins[0].value:  # (a span of 0 or below: the primitive's)
                return only_slow(ins, slow)
            span = str(ins[1].value + 1 - ins[0].value)
        else:
            conds.append(f"{a} <= {b}")
        fast = f"{a} + {_DRAW} % {span or f'({b} + 1 - {a})'}"
    return f"({fast} if {' and '.join(conds)} else {slow})" if conds else f"({fast})"
