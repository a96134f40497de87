"""Infix arithmetic compiled inline: ``*`` and ``/`` of plain numbers, ``+`` and ``-``
past their 64-bit range (``+ - < = ...`` are the compiler's own).  Each keeps UCBLogo's
rules as the operator does (a product of whole numbers past 2147483647 is a float, a
division of whole numbers is whole only when exact); any other input goes to the
operator.  REMAINDER, MODULO, INT, ROUND and QUOTIENT are ``whole_forms``', SQRT, LN,
EXP, SIN ... ``math_forms``'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import fact_arithmetic, loop_counters, typed_arithmetic, whole_inputs
from .nodes import Call, Const, Infix, VarRef
from .number_outputs import outputs as outputs

BIG = 1 << 53  # whole numbers a float holds exactly
I64_MIN = -(2 ** 63)  # the sums and differences of whole numbers that stay whole
# a whole product below this in size is one of two whole numbers whose floats and
# their product are finite (every product of two 64-bit numbers is): compared as a
# whole number, not with 1e308 (a float comparison of a long integer is slow)
FLOATS_HOLD = 2 ** 127
Form = Callable[[Any, Call, list[str], bool], "str | None"]


def _maxint() -> int:
    from ..primitives.arithmetic import MAXLOGOINT  # loaded: the compiler imports it

    return MAXLOGOINT


TYPED_OPS = frozenset(("+", "-", "*", "=", "<>", "<", ">", "<=", ">="))  # (_proven)


def number_tests(em: Any, node: Infix, left: str, right: str) -> tuple[str, str, str]:
    """The names of an infix operation's two inputs in its inline path, and the test
    that both are plain numbers: a number typed, or REPEAT's own counter, needs none and
    is named by its own text (``mul_div`` knows such a side by that), and so is a
    variable that ``loop_numbers`` proved a number (for ``+ - *`` and comparisons); a side that is
    arithmetic, or a function that outputs a float, is a number whatever happens (an
    error otherwise) and is only named: ``_xf``/``_yf`` for a float."""
    names = []
    tests = []
    for side, text, prefix in ((node.left, left, "_x"), (node.right, right, "_y")):
        if text == em.repvar or (isinstance(side, Const) and type(
                side.value) in (int, float) and text == repr(side.value)) or \
                _proven(em, node, side, text) or whole_inputs.proven(em, node, side, text):
            names.append(text)
            continue
        kind = outputs(em, side)
        if kind is not None and _whole(em, side, text):
            kind, prefix = int, prefix + "i"  # (a whole number known: INT of SQRT ...)
        name = em.fresh(prefix + ("f" if kind is float else ""))
        names.append(name)
        tests.append(f"(({name} := {text}) is not None)" if kind is not None
                     else f"(type({name} := {text}) in NUM)")
    return names[0], names[1], " & ".join(tests) or "True"


def _whole(em: Any, side: Any, text: str) -> bool:
    """Is ``side`` known a whole number below 2**53 in size (``number_facts``)?"""
    from .number_facts import of

    fact = of(em, side, text)
    return fact is not None and fact.kind is int and fact.bound is not None and fact.bound < BIG


def _proven(em: Any, node: Infix, side: Any, text: str) -> bool:
    """Is ``side`` (compiled to ``text``) a variable proven a number, in the typed copy
    of a fast loop's body (loop_numbers)?  (Not for ``/``: it tests a divisor it
    takes for REPEAT's counter for zero by its name.)"""
    region = em.region
    return region is not None and region.typed and node.op in TYPED_OPS and \
        isinstance(side, VarRef) and text == region.proven_local(side.name)


def add_sub(em: Any, node: Infix, x: str, y: str, left: str, right: str, slow: str, test: str) -> str:
    """``+`` and ``-`` of two plain numbers: past 64 bits a whole sum is a float (op_add);
    with a float on a side the sum is a float (no range to test), and a quotient on a
    side, most often a float, is asked whether it is one first."""
    op, r = node.op, em.fresh("_r")
    plain = fact_arithmetic.infix(em, op, x, y, left, right, test, _maxint()) or \
        loop_counters.sum_(em, op, x, y, left, right) or \
        whole_inputs.sum_(em, op, x, y, left, right, test, slow)
    if plain is not None:
        return plain
    if float in (_known(x, left), _known(y, right)):
        return f"({x} {op} {y} if {test} else {slow})" if test != "True" else f"({x} {op} {y})"
    typed = typed_arithmetic.sum_(op, x, y, left, right, slow, test)
    if typed is not None:
        return typed
    test = "" if test == "True" else f"{test} and "
    floats = "" if not any(_divided(side) for side in (node.left, node.right)) else \
        f"type({r} := {x} {op} {y}) is float or "
    whole = f"{I64_MIN} <= {r} <= {-I64_MIN - 1}" if floats else \
        f"{I64_MIN} <= ({r} := {x} {op} {y}) <= {-I64_MIN - 1}"
    return f"({r} if {test}({floats}{whole}) else {slow})"


def _divided(node: Any) -> bool:
    """Is ``node`` a quotient (``/`` or QUOTIENT of two inputs): most often a float?"""
    if isinstance(node, Infix):
        return node.op == "/"
    fn = getattr(getattr(node, "target", None), "fn", None) if isinstance(node, Call) else None
    return fn is not None and len(node.args) == 2 and getattr(fn, "__name__", "") == "quotient" \
        and getattr(fn, "__module__", "").endswith("primitives.arithmetic")


def _known(name: str, text: str) -> type | None:
    """The type of a side that number_tests left to its text (a literal number, or
    REPEAT's counter: a whole number) or named a float, else None."""
    if name.startswith(("_xf", "_yf")):
        return float
    if name.startswith(("_xi", "_yi")):
        return int  # (computed: named, not its text)
    if name != text:
        return None
    return int if text.isidentifier() or text.lstrip("-").isdigit() else float


def mul_div(op: str, x: str, y: str, left: str, right: str, slow: str, test: str,
            em: Any = None) -> str:
    """``*`` and ``/`` of two plain numbers.  A product of whole numbers past UCBLogo's
    integer limit is the product of their floats (op_mul), and a division of two whole
    numbers is whole when it is exact (op_div).  A literal side's type is known here:
    a product with a float typed is a float, a division by a number typed is no
    division by zero."""
    if op == "/":
        typed = typed_arithmetic.quotient(x, y, left, right, slow, test)
        return typed if typed is not None else _divide(x, y, left, right, slow)
    top = _maxint()
    known = fact_arithmetic.infix(em, op, x, y, left, right, test, top) if em is not None else None
    if known is not None:
        return known
    if float in (_known(x, left), _known(y, right)):
        return f"({x} * {y} if {test} else {slow})" if test != "True" else f"({x} * {y})"
    typed = (loop_counters.product(em, x, y, left, right, top)
             or whole_inputs.product(em, x, y, left, right, top, test, slow)) \
        if em is not None else None
    if typed is not None:
        return typed
    typed = typed_arithmetic.product(x, y, left, right, slow, test, top, FLOATS_HOLD)
    if typed is not None:
        return typed
    fx, fy = (repr(float(n)) if _known(n, t) is int and n.lstrip("-").isdigit() else
              f"float({n})" for n, t in ((x, left), (y, right)))
    return (f"((_r if type(_r := {x} * {y}) is float or -{top} <= _r <= {top} "
            f"else {fx} * {fy} if -{FLOATS_HOLD} < _r < {FLOATS_HOLD} else {slow}) "
            f"if {test} else {slow})")


def _divide(x: str, y: str, left: str, right: str, slow: str) -> str:
    """``/`` inline: whole numbers a float holds exactly, or floats (a side typed needs
    no test of its type, a divisor typed none of zero)."""
    big = BIG
    tests, ranges, floats = [], [], []
    known_float = False
    for name, text in ((x, left), (y, right)):
        kind = _known(name, text)
        if kind is float and name != text:  # a float named: computed here, no test
            tests.append(f"(({name} := {text}) is not None)")
            known_float = True
        elif kind is None:
            t = f"_t{name}"
            tests.append(f"(({t} := type({name} := {text})) is float or {t} is int)")
            ranges.append(f"-{big} < {name} < {big}")
            floats.append(f"{t} is float")
        elif kind is float:
            known_float = True
        elif name != text:  # a whole number known below 2**53 (named "_xi"): no test
            tests.append(f"(({name} := {text}) is not None)")
        elif text.lstrip("-").isdigit() and not -big < int(text) < big:
            return _only(x, y, left, right, slow)
    if _known(y, right) is None or y != right:  # a divisor computed may be 0
        ranges.insert(0, y)
    elif not right.isidentifier() and not float(right):  # (REPEAT's counter is not 0)
        return _only(x, y, left, right, slow)  # by a zero typed: the operator's error
    whole = f"{x} // {y} if {x} % {y} == 0 else {x} / {y}"
    if known_float:
        value = f"{x} / {y}"
    elif floats:
        value = f"{x} / {y} if {' or '.join(floats)} else {whole}"
    else:
        value = whole
    test = " and ".join(([" & ".join(tests)] if tests else []) + ranges)
    return f"(({value}) if {test} else {slow})" if test else f"({value})"


def _only(x: str, y: str, left: str, right: str, slow: str) -> str:
    """The operator's own call on both sides (each computed once, in order)."""
    binds = [f"({n} := {t})" for n, t in ((x, left), (y, right)) if n != t]
    return f"({', '.join(binds)}, {slow})[{len(binds)}]" if binds else slow
