"""REMAINDER, MODULO, INT, ROUND and QUOTIENT compiled inline (registered by inline_prims).

Each keeps UCBLogo's rules as its primitive does: REMAINDER of whole numbers has the
dividend's sign, MODULO the divisor's (a positive divisor here: Python's ``%``), INT and
ROUND of a float within UCBLogo's integer limit 2147483647 are whole numbers (beyond it
they stay floats: the primitive's call), ROUND's halves go away from zero, QUOTIENT is
``/`` (whole only when exact) with the primitive's own call, so its own errors, on any
other input.  What is known of an input (``number_facts``) drops its tests: REMAINDER
of REPCOUNT by 1000 is ``_i3 % 1000`` alone, INT of SQRT of it ``int(SQRT(_i3))``.
"""

from __future__ import annotations

from typing import Any

from . import for_wholes, whole_inputs
from .emitter import wrap
from .inline_inputs import choose, decided, only_slow, slow, slow_of, type_is
from .inline_numbers import _maxint, outputs
from .nodes import Call, Const, Infix, Neg, VarRef
from .number_facts import Fact, Num, computes, is_float, is_int, nonneg, note, number_inputs, of

EXACT_DIVISOR = 1 << 22  # (_int_quotient)


def _int_test(v: Num) -> str:
    return computes(v) if is_int(v) else type_is(v, "int")


def _positive(b: Num) -> str:
    return decided(b.value > 0) if b.known is int else f"{b.name} > 0"


def _whole(b: Num, a: Num, flag: str | None = None) -> Fact | None:
    """The fact of a remainder by ``b`` of ``a``, where both are whole numbers whatever
    runs and ``b`` is typed (below it in size)."""
    if flag is not None or not is_int(a) or b.known is not int or b.value <= 0:
        return None
    return Fact(int, b.value - 1, nonneg(a))


def remainder(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """REMAINDER of two whole numbers, the second positive: the remainder of the sizes,
    with the dividend's sign."""
    a, b = number_inputs(x, node, args)
    fa, flag = for_wholes.input_of(x, node.args[0], a)
    if flag is not None:
        a = Num(fa, Fact(int, None) if flag == "True" else None, fa.name)
    tests = [flag or _int_test(a), _int_test(b)]
    fast = f"{a.name} % {b.name}" if nonneg(a) else \
        f"({a.name} % {b.name} if {a.name} >= 0 else -(-{a.name} % {b.name}))"
    text = choose(fast, tests, [_positive(b)], slow_of(x, node, [a, b]), [a, b])
    return note(x.em, text, _whole(b, a, None if flag == "True" else flag))


def modulo(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """MODULO of two whole numbers, the second positive: Python's ``%`` (a negative
    divisor's zero is the divisor in UCBLogo: the primitive's)."""
    a, b = ins = number_inputs(x, node, args)
    text = choose(f"{a.name} % {b.name}", [_int_test(a), _int_test(b)], [_positive(b)],
                  slow_of(x, node, ins), ins)
    fact = _whole(b, a)
    return note(x.em, text, fact and Fact(int, fact.bound, True))


def int_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """INT of a whole number (itself) or of a float within UCBLogo's integer limit."""
    quotient = _int_quotient(x, node)
    if quotient is not None:
        return quotient
    (a,) = ins = number_inputs(x, node, args)
    if a.known is int or is_int(a):
        return args[0]
    top, t, em = _maxint(), a.t, x.em
    if is_float(a) and a.fact is not None and a.fact.bound is not None and a.fact.bound <= top:
        return note(em, f"int({a.once})", Fact(int, a.fact.bound, nonneg(a)))
    if is_float(a) and nonneg(a):  # (POWER of a base above 0: at most an infinity)
        return f"(int({a.name}) if {a.first} <= {top}.0 else {slow_of(x, node, ins)})"
    if is_float(a):
        return f"(int({a.name}) if -{top}.0 <= {a.first} <= {top}.0 else {slow_of(x, node, ins)})"
    return (f"({a.name} if ({t} := type({a.first})) is int else int({a.name}) if {t} is float "
            f"and -{top} <= {a.name} <= {top} else {slow_of(x, node, ins)})")


def round_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """ROUND: halves away from zero, as the primitive computes it."""
    (a,) = ins = number_inputs(x, node, args)
    if a.known is int or is_int(a):
        return args[0]
    top, t, n, em = _maxint(), a.t, a.name, x.em
    if is_float(a) and a.fact is not None and a.fact.bound is not None and \
            a.fact.bound + 1 <= top:
        fact = Fact(int, a.fact.bound + 1, nonneg(a))
        if nonneg(a):
            return note(em, f"int({a.once} + 0.5)", fact)
        return note(em, f"int({n} - 0.5 if {a.first} < 0 else {n} + 0.5)", fact)
    if is_float(a) and nonneg(a):
        return f"(int(_rf) if (_rf := {a.first} + 0.5) <= {top}.0 else {slow_of(x, node, ins)})"
    if is_float(a):
        return (f"(int(_rf) if -{top}.0 <= (_rf := {n} - 0.5 if {a.first} < 0 else {n} + 0.5)"
                f" <= {top}.0 else {slow_of(x, node, ins)})")
    return (f"({n} if ({t} := type({a.first})) is int else int(_rf) if {t} is float "
            f"and -{top} <= (_rf := {n} - 0.5 if {n} < 0 else {n} + 0.5) <= {top} "
            f"else {slow_of(x, node, ins)})")


def minus(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """MINUS of a whole number or a float: its negative (a word that is a number, or
    anything else: the primitive's)."""
    (a,) = ins = number_inputs(x, node, args)
    if a.known in (int, float):
        return f"({-a.value!r})"
    if a.known is not None:
        return only_slow(ins, slow_of(x, node, ins))
    if is_int(a) or is_float(a):
        assert a.fact is not None
        return note(x.em, f"(-{a.once})", Fact(a.fact.kind, a.fact.bound))
    t = a.t
    return (f"(-{a.name} if (({t} := type({a.first})) is int or {t} is float) "
            f"else {slow_of(x, node, ins)})")


def quotient(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """QUOTIENT of two inputs as ``/`` (its slow path the primitive's call, with its
    errors); of one, the reciprocal of a float or an exact whole number not 0."""
    from .inline_numbers import BIG, mul_div, number_tests

    if len(args) == 2:
        div = Infix("/", node.args[0], node.args[1])
        a, b, test = number_tests(x.em, div, args[0], args[1])
        fn = x.em.site(node.target.fn, node.name)
        return mul_div("/", a, b, args[0], args[1], wrap(f"{fn}({a}, {b})"), test, x.em)
    ins = number_inputs(x, node, args)
    if len(ins) != 1 or ins[0].known is not None:
        return only_slow(ins, slow_of(x, node, ins))
    (a,) = ins
    n, t = a.name, a.t
    test = computes(a) if is_float(a) else \
        f"(({t} := type({a.first})) is float or {t} is int and -{BIG} < {n} < {BIG})"
    return choose(f"1.0 / {n}", [test], [n], slow_of(x, node, ins), ins)


def _int_quotient(x: Any, node: Call) -> str | None:
    """INT of a quotient by a whole number typed, from 1 below :data:`EXACT_DIVISOR`
    (``int :n / 10``, ``int quotient repcount 3``), without the quotient: of a whole
    number within UCBLogo's integer limit it is the quotient truncated (the float
    quotient is within 2**-22 of the true one, which is at least 1/divisor from a whole
    number when it is none: the truncation is the same), of a float the float
    quotient's; any other dividend goes to the operator (or QUOTIENT) and then the
    primitive, each computed once."""
    div = node.args[0] if len(node.args) == 1 else None
    em = x.em
    if isinstance(div, Call) and _is_quotient(div):
        left_node, right_node, op = div.args[0], div.args[1], (div.target.fn, div.name)
    elif isinstance(div, Infix) and div.op == "/":
        left_node, right_node, op = div.left, div.right, (x.c.helper("op_div"), "/")
    else:
        return None
    c = getattr(right_node, "value", None) if isinstance(right_node, Const) else None
    if type(c) is not int or not 1 <= c < EXACT_DIVISOR or outputs(em, div) is None \
            or not _plain(em, left_node):
        return None  # (outputs: not while ERRACT is set)
    top = _maxint()
    q, t, f = em.fresh("_q"), em.fresh("_tq"), em.fresh("_fq")
    left = x.expr(left_node, op[1])
    known = of(em, left_node, left)
    if whole_inputs.read(em, left_node, left):  # (a small whole number: no test)
        return f"({left} // {c} if {left} >= 0 else -(-{left} // {c}))"
    if known is not None and known.kind is int and known.nonneg:  # (REPCOUNT, a remainder)
        if known.bound is not None and known.bound <= top:
            return f"({left} // {c})"
        return (f"({q} // {c} if ({q} := {left}) <= {top} else "
                f"{slow(x, node, [wrap(f'{em.site(*op)}({q}, {c})')])})")
    divided = wrap(f"{em.site(*op)}({q}, {c})")
    truncated = f"{q} // {c} if {q} >= 0 else -(-{q} // {c})"
    return (f"(({truncated}) if ({t} := type({q} := {left})) is int and -{top} <= {q} <= {top} "
            f"else int({f}) if {t} is float and -{top} <= ({f} := {q} / {c}) <= {top} "
            f"else {slow(x, node, [divided])})")


def _is_quotient(node: Call) -> bool:
    fn = getattr(node.target, "fn", None)
    return len(node.args) == 2 and getattr(fn, "__name__", "") == "quotient" and \
        getattr(fn, "__module__", "").endswith("primitives.arithmetic")


def _plain(em: Any, node: Any) -> bool:
    """Is ``node`` variables, numbers, REPCOUNT of the loop compiled and arithmetic only
    (compiled again here: its code is an expression alone, no statement emitted before
    it)?"""
    if isinstance(node, (VarRef, Const)):
        return True
    if isinstance(node, Call):
        return em.repvar is not None and not node.args and node.name.lower() == "repcount" \
            and getattr(getattr(node.target, "fn", None), "__name__", "") == "repcount"
    if isinstance(node, Neg):
        return _plain(em, node.operand)
    return isinstance(node, Infix) and _plain(em, node.left) and _plain(em, node.right)
