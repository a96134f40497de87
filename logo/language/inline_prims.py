"""Hot primitives compiled inline: the common case (a plain list, a plain word, small
whole numbers, the words TRUE and FALSE) is done in the generated Python itself; any
other input goes to the primitive, at a call site of its own, which gives the same
result or UCBLogo's error.  So ``first :l`` costs a type test and an index, not three
Python calls.

Each form takes the expression compiler, the Call node, the texts of its inputs' values
(already compiled, in order) and whether a Python bool is wanted (for ``if`` and loops)
and returns Python text, or None to leave the call alone.  A form must agree with its
primitive on every input it keeps for itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .emitter import wrap
from .nodes import Call, Const, Infix


def _slow(x: Any, node: Call, temps: list[str]) -> str:
    """The primitive's own call on the inputs held in ``temps``, on a line of its own."""
    spec = node.target
    fn = x.em.site(spec.fn, node.name)
    args = ["I", *temps] if spec.needs_interp else temps
    return wrap(f"{fn}({', '.join(args)})")


def _temps(x: Any, n: int) -> list[str]:
    return [x.em.fresh("_p") for _ in range(n)]


def _bool(text: str, as_bool: bool) -> str:
    return text if as_bool else f"(TRUE if {text} else FALSE)"


def first(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    (a,) = t = _temps(x, 1)
    return (f"({a}._buf[{a}._hi - 1] if (_ty := type({a} := {args[0]})) is LL and {a}._hi > 2 "
            f"else {a}[0] if _ty is str and {a} else {_slow(x, node, t)})")


def butfirst(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    (a,) = t = _temps(x, 1)
    return (f"({a}.butfirst() if (_ty := type({a} := {args[0]})) is LL and {a}._hi > 2 "
            f"else {a}[1:] if _ty is str and {a} else {_slow(x, node, t)})")


def last(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    (a,) = t = _temps(x, 1)
    return (f"({a}._buf[2] if (_ty := type({a} := {args[0]})) is LL and {a}._hi > 2 "
            f"and {a}._buf[1] is None "
            f"else {a}[-1] if _ty is str and {a} else {_slow(x, node, t)})")


def butlast(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    (a,) = t = _temps(x, 1)
    return (f"({a}[:-1] if type({a} := {args[0]}) is str and {a} "
            f"else {_slow(x, node, t)})")


def emptyp(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    (a,) = t = _temps(x, 1)
    test = (f"({a}._hi == 2 if (_ty := type({a} := {args[0]})) is LL else {a} == '' "
            f"if _ty is str else {_slow(x, node, t)} is TRUE)")
    return _bool(test, as_bool)


def fput(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    a, b = t = _temps(x, 2)
    return (f"({b}.fput({a}) if (({a} := {args[0]}) is not UNBOUND) "
            f"and type({b} := {args[1]}) is LL else {_slow(x, node, t)})")


def word(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    if len(args) != 2:
        return None
    a, b = t = _temps(x, 2)
    ta, tb = f"_t{a}", f"_t{b}"  # (a whole number is its digits: format_number)
    return (f"(({a} if {ta} is str else str({a})) + ({b} if {tb} is str else str({b})) "
            f"if (({ta} := type({a} := {args[0]})) is str or {ta} is int) "
            f"& (({tb} := type({b} := {args[1]})) is str or {tb} is int) "
            f"else {_slow(x, node, t)})")


def count(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    (a,) = t = _temps(x, 1)
    return (f"({a}._hi - 2 if (_ty := type({a} := {args[0]})) is LL and {a}._buf[1] is None "
            f"else len({a}) if _ty is str else {_slow(x, node, t)})")


def ascii_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    (a,) = t = _temps(x, 1)
    return (f"(ord({a}) if type({a} := {args[0]}) is str and len({a}) == 1 "
            f"else {_slow(x, node, t)})")


def char(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    (a,) = t = _temps(x, 1)
    return (f"(chr({a}) if type({a} := {args[0]}) is int and 0 <= {a} <= 0x10FFFF "
            f"else {_slow(x, node, t)})")


def remainder(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    a, b = t = _temps(x, 2)
    return (f"({a} % {b} if (type({a} := {args[0]}) is int) & (type({b} := {args[1]}) is int) "
            f"and {a} >= 0 and {b} > 0 else {_slow(x, node, t)})")


def numberp(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    (a,) = t = _temps(x, 1)
    test = (f"(True if (_ty := type({a} := {args[0]})) is int or _ty is float else False "
            f"if _ty is LL else {_slow(x, node, t)} is TRUE)")
    return _bool(test, as_bool)


def not_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    (a,) = t = _temps(x, 1)
    test = (f"(False if ({a} := {args[0]}) is TRUE else True if {a} is FALSE "
            f"else {_slow(x, node, t)} is TRUE)")
    return _bool(test, as_bool)


def _logic(x: Any, node: Call, args: list[str], as_bool: bool, any_: bool) -> str | None:
    """AND/OR: every input is computed anyway; when all are TRUE or FALSE the answer is
    found here, otherwise (a list to run, another word) the primitive decides."""
    t = _temps(x, len(args))
    plain = " & ".join(f"((({a} := {v}) is TRUE) | ({a} is FALSE))" for a, v in zip(t, args))
    which = " or " if any_ else " and "
    answer = which.join(f"{a} is TRUE" for a in t)
    test = f"(({answer}) if {plain} else {_slow(x, node, t)} is TRUE)"
    return _bool(test, as_bool)


def or_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    return _logic(x, node, args, as_bool, True)


def and_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    return _logic(x, node, args, as_bool, False)


def item(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    a, b = t = _temps(x, 2)
    return (f"({b}.items[{a} - {b}.origin] if (type({a} := {args[0]}) is int) "
            f"& (type({b} := {args[1]}) is LA) and 0 <= {a} - {b}.origin < len({b}.items) "
            f"else {_slow(x, node, t)})")


def setitem(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """SETITEM of a number or word into an array (nothing that could hold the array)."""
    a, b, v = t = _temps(x, 3)
    return (f"({b}.items.__setitem__({a} - {b}.origin, {v}) if (type({a} := {args[0]}) is int) "
            f"& (type({b} := {args[1]}) is LA) & ((_ty := type({v} := {args[2]})) is int "
            f"or _ty is str or _ty is float) and 0 <= {a} - {b}.origin < len({b}.items) "
            f"else {_slow(x, node, t)})")


def number_tests(em: Any, node: Infix, left: str, right: str) -> tuple[str, str, str]:
    """The names of an infix operation's two inputs in its inline path, and the test
    that both are plain numbers: a number typed, or REPEAT's own counter, needs none and
    is named by its own text (``mul_div`` knows such a side by that)."""
    x, y = em.fresh("_x"), em.fresh("_y")
    tests = []
    for side, text in ((node.left, left), (node.right, right)):
        if text == em.repvar or (isinstance(side, Const) and type(
                side.value) in (int, float) and text == repr(side.value)):
            x, y = (text, y) if side is node.left else (x, text)
        else:
            tests.append(f"(type({x if side is node.left else y} := {text}) in NUM)")
    return x, y, " & ".join(tests) or "True"


def _known(name: str, text: str) -> type | None:
    """The type of a side that number_tests left to its text (a literal number, or
    REPEAT's counter: a whole number), else None."""
    if name != text:
        return None
    return int if text.isidentifier() or text.lstrip("-").isdigit() else float


def mul_div(op: str, x: str, y: str, left: str, right: str, slow: str, test: str) -> str:
    """``*`` and ``/`` of two plain numbers.  A product of whole numbers past UCBLogo's
    integer limit is the product of their floats (op_mul), and a division of two whole
    numbers is whole when it is exact (op_div).  A literal side's type is known here:
    a product with a float typed is a float, a division by a number typed is no
    division by zero."""
    from ..primitives.arithmetic import MAXLOGOINT  # loaded: the compiler imports it

    if op == "/":
        return _divide(x, y, left, right, slow)
    if float in (_known(x, left), _known(y, right)):
        return f"({x} * {y} if {test} else {slow})"
    return (f"((_r if type(_r := {x} * {y}) is float or -{MAXLOGOINT} <= _r <= {MAXLOGOINT} "
            f"else float({x}) * float({y}) if -1e308 < _r < 1e308 else {slow}) "
            f"if {test} else {slow})")


def _divide(x: str, y: str, left: str, right: str, slow: str) -> str:
    """``/`` inline: whole numbers a float holds exactly, or floats (a side typed needs
    no test of its type, a divisor typed none of zero)."""
    big = 1 << 53
    tests, ranges, floats = [], [], []
    known_float = False
    for name, text in ((x, left), (y, right)):
        kind = _known(name, text)
        if kind is None:
            t = f"_t{name}"
            tests.append(f"(({t} := type({name} := {text})) is float or {t} is int)")
            ranges.append(f"-{big} < {name} < {big}")
            floats.append(f"{t} is float")
        elif kind is float:
            known_float = True
        elif text.lstrip("-").isdigit() and not -big < int(text) < big:
            return _only(x, y, left, right, slow)
    if _known(y, right) is None:
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


def _math(fn: str, low: str) -> Callable[[Any, Call, list[str], bool], str | None]:
    """SQRT and LN of a float, or of a whole number a float holds exactly."""

    def form(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
        (a,) = t = _temps(x, 1)
        return (f"({fn}({a}) if ((_ty := type({a} := {args[0]})) is float or _ty is int "
                f"and -{1 << 53} < {a} < {1 << 53}) and {a} {low} 0 else {_slow(x, node, t)})")

    return form


sqrt, ln = _math("SQRT", ">="), _math("LOG", ">")


def _trig(shift: str) -> Callable[[Any, Call, list[str], bool], str | None]:
    """SIN and COS of a float or a whole number: UCBLogo's reduction, without the
    primitive's conversions."""

    def form(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
        (a,) = t = _temps(x, 1)
        from ..primitives.math_functions import sin_deg  # loaded: SIN/COS are its

        fn = x.em.const(sin_deg)
        return (f"({fn}({shift}float({a})) if (_ty := type({a} := {args[0]})) is float "
                f"or _ty is int and -{1 << 53} < {a} < {1 << 53} else {_slow(x, node, t)})")

    return form


sin, cos = _trig(""), _trig("90.0 - ")


def slot(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """``?`` and ``?2`` in an explicit-slot template: an input of the innermost one."""
    if not args:
        k = 1
    elif isinstance(node.args[0], Const) and type(node.args[0].value) is int:
        k = node.args[0].value
    else:
        return None
    if k < 1:
        return None
    return (f"(_s[-1][{k - 1}] if (_s := I.slots) and len(_s[-1]) >= {k} "
            f"else {_slow(x, node, args)})")


def repcount(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """REPCOUNT: the loop's own counter inside a REPEAT or FOREVER compiled inline."""
    if x.em.repvar is not None:
        return str(x.em.repvar)
    return f"(_rp if (_rp := I.repcount) is not None else {_slow(x, node, [])})"


def int_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    from ..primitives.arithmetic import MAXLOGOINT  # loaded: INT is its

    (a,) = t = _temps(x, 1)
    top = MAXLOGOINT
    return (f"({a} if (_ty := type({a} := {args[0]})) is int else int({a}) if _ty is float "
            f"and -{top} <= {a} <= {top} else {_slow(x, node, t)})")


Form = Callable[[Any, Call, list[str], bool], "str | None"]
PRIMITIVES = "logo.primitives."
FORMS: dict[tuple[str, str], Form] = {  # (chapter module, function) -> form: naming them
    # keeps the chapters unimported until a program uses them (start-up time)
    ("data", "first"): first, ("data", "butfirst"): butfirst, ("data", "last"): last,
    ("data", "butlast"): butlast, ("predicates", "emptyp"): emptyp, ("data", "fput"): fput,
    ("data", "word_"): word, ("predicates", "count"): count,
    ("predicates", "ascii_"): ascii_, ("predicates", "char"): char,
    ("arithmetic", "remainder"): remainder, ("predicates", "numberp"): numberp,
    ("logic", "not_"): not_, ("logic", "or_"): or_, ("logic", "and_"): and_,
    ("data", "item"): item, ("data", "setitem"): setitem, ("math_functions", "sqrt"): sqrt,
    ("math_functions", "ln"): ln, ("control", "slot"): slot,
    ("loops", "repcount"): repcount, ("arithmetic", "int_"): int_,
    ("math_functions", "sin"): sin, ("math_functions", "cos"): cos,
}
BOOLEAN = frozenset((emptyp, numberp, not_, or_, and_))  # forms that give a Python bool
STATEMENTS = frozenset((setitem,))  # forms that give no value: instructions only
_INPUTS: dict[Form, tuple[int, int]] = {word: (2, 2), or_: (1, 99), and_: (1, 99),
                                        slot: (0, 1)}


def form_of(fn: Any) -> Form | None:
    """The inline form of the primitive function ``fn`` (not of a wrapper: TRACE's)."""
    module = getattr(fn, "__module__", "") or ""
    if not module.startswith(PRIMITIVES) or hasattr(fn, "__wrapped__"):
        return None
    return FORMS.get((module[len(PRIMITIVES):], getattr(fn, "__name__", "")))


def takes(form: Form, n: int) -> bool:
    """Whether ``form`` handles a call with ``n`` inputs (else the primitive does)."""
    lo, hi = _INPUTS.get(form, (0, 99))
    return lo <= n <= hi
