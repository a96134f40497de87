"""The inline forms of the word primitives WORD, COUNT, ASCII, CHAR, UPPERCASE and
LOWERCASE (see inline_prims, which registers them), and the two helpers every inline
form uses: the primitive's own call on temporaries, and fresh temporaries."""

from __future__ import annotations

from typing import Any

from .emitter import wrap
from .inline_inputs import In, choose, inputs, only_slow, slow_of
from .inline_numbers import outputs
from .nodes import Call


def slow(x: Any, node: Call, temps: list[str]) -> str:
    """The primitive's own call on the inputs held in ``temps``, on a line of its own."""
    spec = node.target
    fn = x.em.site(spec.fn, node.name)
    args = ["I", *temps] if spec.needs_interp else temps
    return wrap(f"{fn}({', '.join(args)})")


def temps(x: Any, n: int) -> list[str]:
    return [x.em.fresh("_p") for _ in range(n)]


def word(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """WORD of plain words and whole numbers (a whole number is its digits); words
    only, the common case, are joined without a test of each part.  REPEAT's own
    counter is a whole number (its digits, no test); where one input alone is not
    typed, its type is tested once, a word joined as it is, a whole number as its
    digits."""
    ins = [In(text, text, None, None, f"_t{text}") if text == x.em.repvar else v
           for v, text in zip(inputs(x, node, args), args)]  # (the counter: its own name)
    firsts, fast, tests, parts, whole, open_ = [], [], [], [], [], []
    for v, text in zip(ins, args):
        if v.known is str or v.known is int:
            parts.append(repr(str(v.value)))
            fast.append(parts[-1])
            whole.append(parts[-1])
        elif text == x.em.repvar:  # (the loop's counter: a whole number, computed as it is)
            parts.append(f"str({text})")
            fast.append(parts[-1])
            whole.append(parts[-1])
        elif v.known is None:
            firsts.append(f"(({v.t} := type({v.first})) is str)")  # (each computed once)
            open_.append(v)
            fast.append(v.name)
            whole.append(f"str({v.name})")
            tests.append(f"({v.t} is str or {v.t} is int)")
            parts.append(f"({v.name} if {v.t} is str else str({v.name}))")
        else:
            return only_slow(ins, slow_of(x, node, ins))  # a float typed: the primitive's
    if len(open_) == 1:
        v = open_[0]
        if outputs(x.em, node.args[ins.index(v)]) is int:  # (a number or an error: no word)
            return f"({' + '.join(whole)} if type({v.first}) is int else {slow_of(x, node, ins)})"
        return (f"({' + '.join(fast)} if {firsts[0]} else {' + '.join(whole)} "
                f"if {v.t} is int else {slow_of(x, node, ins)})")
    general = choose(" + ".join(parts), tests, [], slow_of(x, node, ins), ins)
    if not firsts:
        return general
    return f"({' + '.join(fast)} if {' & '.join(firsts)} else {general})"


def count(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    (a,) = t = temps(x, 1)
    return (f"({a}._hi - 2 if (_ty := type({a} := {args[0]})) is LL and {a}._buf[1] is None "
            f"else len({a}) if _ty is str else len({a}.items) if _ty is LA "
            f"else {slow(x, node, t)})")


def ascii_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    (a,) = t = temps(x, 1)
    return (f"(ord({a}) if type({a} := {args[0]}) is str and len({a}) == 1 "
            f"else {slow(x, node, t)})")


def char(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    (a,) = t = temps(x, 1)
    return (f"(chr({a}) if type({a} := {args[0]}) is int and 0 <= {a} <= 0x10FFFF "
            f"else {slow(x, node, t)})")


def _case(method: str) -> Any:
    """UPPERCASE or LOWERCASE of a plain word: Python's own, as the primitive's."""
    def form(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
        (a,) = t = temps(x, 1)
        return f"({a}.{method}() if type({a} := {args[0]}) is str else {slow(x, node, t)})"
    return form


uppercase, lowercase = _case("upper"), _case("lower")
