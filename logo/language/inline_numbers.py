"""Arithmetic compiled inline: ``*`` and ``/`` of plain numbers (``+ - < = ...`` are
the compiler's own), and REMAINDER, INT, ROUND, SQRT, LN, SIN and COS on numbers.  Each
keeps UCBLogo's rules as the primitive does (a product of whole numbers past
2147483647 is a float, a division of whole numbers is whole only when exact, INT and
ROUND beyond that limit stay floats, SIN and COS reduce their degrees first); any
other input goes to the primitive.  A function of a number typed in the line is
computed when the line is compiled (``sqrt 2``), with the primitive itself.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

from . import for_wholes, loop_counters, typed_arithmetic, whole_inputs
from .emitter import wrap
from .inline_inputs import In, choose, decided, inputs, only_slow, slow, slow_of, type_is
from .nodes import Call, Const, Infix, Neg, VarRef

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


FLOAT_OUTPUTS = frozenset(("sqrt", "power", "exp", "log10", "ln", "sin", "cos", "arctan",
                           "radsin", "radcos", "radarctan"))  # math_functions' floats
ARITHMETIC = frozenset(("+", "-", "*", "/"))
TYPED_OPS = frozenset(("+", "-", "*", "=", "<>", "<", ">", "<=", ">="))  # (_proven)
NUMBER_OUTPUTS = frozenset((  # (chapter, function) of primitives that output numbers
    ("predicates", "count"), ("predicates", "ascii_"), ("arithmetic", "remainder"),
    ("arithmetic", "modulo"), ("arithmetic", "int_"), ("arithmetic", "round_"),
    ("arithmetic", "sum_"), ("arithmetic", "difference"), ("arithmetic", "product"),
    ("arithmetic", "quotient"), ("arithmetic", "minus")))


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
        name = em.fresh(prefix + ("f" if kind is float else ""))
        names.append(name)
        tests.append(f"(({name} := {text}) is not None)" if kind is not None
                     else f"(type({name} := {text}) in NUM)")
    return names[0], names[1], " & ".join(tests) or "True"


def _proven(em: Any, node: Infix, side: Any, text: str) -> bool:
    """Is ``side`` (compiled to ``text``) a variable proven a number, in the typed copy
    of a fast loop's body (loop_numbers)?  (Not for ``/``: it tests a divisor it
    takes for REPEAT's counter for zero by its name.)"""
    region = em.region
    return region is not None and region.typed and node.op in TYPED_OPS and \
        isinstance(side, VarRef) and text == region.proven_local(side.name)


def outputs(em: Any, node: Any) -> type | None:
    """float, or int for any number, when ``node`` outputs a number or fails: arithmetic
    and math_functions' floats (not while ERRACT is set: CONTINUE gives any value)."""
    if getattr(em.I, "recover", None) is not None:
        return None
    if isinstance(node, Infix) and node.op in ARITHMETIC:  # a float with a float side
        return float if float in (_side(em, node.left), _side(em, node.right)) else int
    if isinstance(node, Neg):
        return int
    fn = getattr(getattr(node, "target", None), "fn", None) if isinstance(node, Call) else None
    if fn is None or hasattr(fn, "__wrapped__"):
        return None
    chapter = getattr(fn, "__module__", "").rpartition(".")[2]
    name = getattr(fn, "__name__", "")
    if chapter == "math_functions" and name in FLOAT_OUTPUTS:
        return float
    return int if (chapter, name) in NUMBER_OUTPUTS else None


def _side(em: Any, node: Any) -> type | None:
    """float for a side of arithmetic that is a float typed or outputs a float."""
    if isinstance(node, Const):
        return float if type(node.value) is float else None
    if isinstance(node, VarRef):
        return float if whole_inputs.is_float(em, node) else None
    return outputs(em, node)


def add_sub(em: Any, node: Infix, x: str, y: str, left: str, right: str, slow: str, test: str) -> str:
    """``+`` and ``-`` of two plain numbers: past 64 bits a whole sum is a float (op_add);
    with a float on a side the sum is a float (no range to test), and a quotient on a
    side, most often a float, is asked whether it is one first."""
    op, r = node.op, em.fresh("_r")
    plain = loop_counters.sum_(em, op, x, y, left, right) or \
        whole_inputs.sum_(em, op, x, y, left, right, test, slow)
    if plain is not None:
        return plain
    if float in (_known(x, left), _known(y, right)):
        return f"({x} {op} {y} if {test} else {slow})" if test != "True" else f"({x} {op} {y})"
    typed = typed_arithmetic.sum_(op, x, y, left, right, slow, test)
    if typed is not None:
        return typed
    test = "" if test == "True" else f"{test} and "
    floats = "" if not any(isinstance(side, Infix) and side.op == "/"
                           for side in (node.left, node.right)) else f"type({r} := {x} {op} {y}) is float or "
    whole = f"{I64_MIN} <= {r} <= {-I64_MIN - 1}" if floats else \
        f"{I64_MIN} <= ({r} := {x} {op} {y}) <= {-I64_MIN - 1}"
    return f"({r} if {test}({floats}{whole}) else {slow})"


def _known(name: str, text: str) -> type | None:
    """The type of a side that number_tests left to its text (a literal number, or
    REPEAT's counter: a whole number) or named a float, else None."""
    if name.startswith(("_xf", "_yf")):
        return float
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
    if float in (_known(x, left), _known(y, right)):
        return f"({x} * {y} if {test} else {slow})"
    top = _maxint()
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


def remainder(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """REMAINDER of two whole numbers, the first not negative, the second positive."""
    ins = inputs(x, node, args)
    ins[0], flag = for_wholes.input_of(x, node.args[0], ins[0])
    a, b = ins
    then = [decided(a.value >= 0) if a.known is int else f"{a.name} >= 0",
            decided(b.value > 0) if b.known is int else f"{b.name} > 0"]
    return choose(f"{a.name} % {b.name}", [flag or type_is(a, "int"), type_is(b, "int")], then,
                  slow_of(x, node, ins), ins)


def int_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """INT of a whole number (itself) or of a float within UCBLogo's integer limit."""
    quotient = _int_quotient(x, node)
    if quotient is not None:
        return quotient
    (a,) = ins = inputs(x, node, args)
    if a.known is int:
        return a.name
    top, t = _maxint(), a.t
    return (f"({a.name} if ({t} := type({a.first})) is int else int({a.name}) if {t} is float "
            f"and -{top} <= {a.name} <= {top} else {slow_of(x, node, ins)})")


EXACT_DIVISOR = 1 << 22  # (_int_quotient)


def _int_quotient(x: Any, node: Call) -> str | None:
    """INT of a quotient by a whole number typed, from 1 below :data:`EXACT_DIVISOR`
    (``int :n / 10``), without the quotient: of a whole number within UCBLogo's integer
    limit it is the quotient truncated (the float quotient is within 2**-22 of the
    true one, which is at least 1/divisor from a whole number when it is none: the
    truncation is the same), of a float the float quotient's; any other dividend goes
    to the operator and then the primitive, each computed once."""
    div = node.args[0] if len(node.args) == 1 else None
    if not (isinstance(div, Infix) and div.op == "/" and isinstance(div.right, Const)):
        return None
    c = div.right.value
    if type(c) is not int or not 1 <= c < EXACT_DIVISOR or outputs(x.em, div) is None \
            or not _plain(div.left):
        return None  # (outputs: not while ERRACT is set)
    em, top = x.em, _maxint()
    q, t, f = em.fresh("_q"), em.fresh("_tq"), em.fresh("_fq")
    left = x.expr(div.left, "/")
    if whole_inputs.read(em, div.left, left):  # (a small whole number: no test)
        return f"({left} // {c} if {left} >= 0 else -(-{left} // {c}))"
    divided = wrap(f"{em.site(x.c.helper('op_div'), '/')}({q}, {c})")
    truncated = f"{q} // {c} if {q} >= 0 else -(-{q} // {c})"
    return (f"(({truncated}) if ({t} := type({q} := {left})) is int and -{top} <= {q} <= {top} "
            f"else int({f}) if {t} is float and -{top} <= ({f} := {q} / {c}) <= {top} "
            f"else {slow(x, node, [divided])})")


def _plain(node: Any) -> bool:
    """Is ``node`` variables, numbers and arithmetic only (compiled again here: its
    code is an expression alone, no statement emitted before it)?"""
    if isinstance(node, (VarRef, Const)):
        return True
    if isinstance(node, Neg):
        return _plain(node.operand)
    return isinstance(node, Infix) and _plain(node.left) and _plain(node.right)


def round_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """ROUND: halves away from zero, as the primitive computes it."""
    (a,) = ins = inputs(x, node, args)
    if a.known is int:
        return a.name
    top, t, n = _maxint(), a.t, a.name
    return (f"({n} if ({t} := type({a.first})) is int else int(_rf) if {t} is float "
            f"and -{top} <= (_rf := {n} - 0.5 if {n} < 0 else {n} + 0.5) <= {top} "
            f"else {slow_of(x, node, ins)})")


def _folded(x: Any, node: Call, args: list[str]) -> str | None:
    """The value of a one-input primitive on a number typed in the line, computed now by
    the primitive (None if it is no number, or the value no plain float)."""
    arg = node.args[0] if len(node.args) == 1 else None
    if not isinstance(arg, Const) or type(arg.value) not in (int, float) \
            or args[0] != repr(arg.value):
        return None
    try:
        value = node.target.fn(arg.value)
    except Exception:  # (its error is the primitive's, at run time)
        return None
    return repr(value) if type(value) is float and math.isfinite(value) else None


def _exact(v: In) -> str:
    """The test that ``v`` (not a literal) is a float, or a whole number a float holds
    exactly."""
    return f"(({v.t} := type({v.first})) is float or {v.t} is int and -{BIG} < {v.name} < {BIG})"


def _function_start(x: Any, node: Call, args: list[str]) -> tuple[str | None, Any, Any]:
    """The start of a numeric function's form (SQRT, LN, SIN, COS): its value folded when
    compiling, or the primitive's call for an input known and not folded; else None, the
    input and the inputs."""
    folded = _folded(x, node, args)
    if folded is not None:
        return folded, None, None
    (a,) = ins = inputs(x, node, args)
    if a.known is not None:
        return only_slow(ins, slow_of(x, node, ins)), a, ins  # (not folded: the primitive's)
    if outputs(x.em, node.args[0]) is float or \
            whole_inputs.float_arg(x.em, node.args[0], args[0]):  # (sqrt sin :x * 0.5: a
        a.known = float                                   # float, or its error)
    return None, a, ins



def _math(fn: str, low: str) -> Form:
    """SQRT and LN of a float, or of a whole number a float holds exactly."""

    def form(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
        done, a, ins = _function_start(x, node, args)
        if done is not None:
            return done
        n = a.name
        if a.known is float:  # a float: its sign decides
            return f"({fn}({n}) if {a.first} {low} 0 else {slow_of(x, node, ins)})"
        return choose(f"{fn}({n})", [_exact(a)], [f"{n} {low} 0"], slow_of(x, node, ins), ins)

    return form


sqrt, ln = _math("SQRT", ">="), _math("LOG", ">")


def _trig(shift: str, int_shift: str) -> Form:
    """SIN and COS of a float or a whole number: UCBLogo's reduction, without the
    primitive's conversions."""

    def form(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
        from ..primitives.math_functions import sin_deg  # loaded: SIN/COS are its

        done, a, ins = _function_start(x, node, args)
        if done is not None:
            return done
        fn = x.em.const(sin_deg)
        if a.known is float:  # a float: no test, no conversion
            return f"({fn}({shift}{a.first}))"
        tbl, rem = x.em.const(_whole_sines()), x.em.const(math.remainder)
        w, n = x.em.fresh("_w"), a.name
        whole = (f"(-{tbl}[{rem}(-{w}, 360.0)] if ({w} := {int_shift}{n}) < 0 else "
                 f"{tbl}[{rem}({w}, 360.0)])")
        return (f"({whole} if ({a.t} := type({a.first})) is int and -{WHOLE} < {n} < {WHOLE}"
                f" else {fn}({shift}{n}) if {a.t} is float else {slow_of(x, node, ins)})")

    return form


def arctan(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """ARCTAN of one float or whole number: the primitive's atan in degrees, uncalled."""
    done, a, ins = _function_start(x, node, args)
    if done is not None:
        return done
    atan = x.em.const(math.atan)
    if a.known is float:
        return f"({atan}({a.first}) / {_DEGREE!r})"
    return choose(f"({atan}({a.name}) / {_DEGREE!r})", [_exact(a)], [], slow_of(x, node, ins),
                  ins)


_DEGREE = math.pi / 180.0  # radians in a degree, as the primitive divides by
WHOLE = 2 ** 53 - 1000  # whole degrees within it: 90 - n is exact as a float too


@functools.cache
def _whole_sines() -> dict[float, float]:
    """SIN of a whole number of degrees, as the primitive computes it, by the remainder
    of its size by 360 (-180..180, ties to even as sin_deg has them): SIN n is the entry
    of REMAINDER |n| 360, negated for n < 0, without the call (COS n is SIN 90 - n)."""
    from ..primitives.math_functions import sin_deg

    def positive(g: int) -> float:  # a size whose remainder is g
        return 180.0 if g == 180 else 540.0 if g == -180 else float(g + 360)

    return {float(g): sin_deg(positive(g)) for g in range(-180, 181)}


sin, cos = _trig("", ""), _trig("90.0 - ", "90 - ")
