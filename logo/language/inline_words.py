"""The inline forms of the word primitives WORD, COUNT, ASCII, CHAR, UPPERCASE and
LOWERCASE (see inline_prims, which registers them), and the two helpers every inline
form uses: the primitive's own call on temporaries, and fresh temporaries."""

from __future__ import annotations

from typing import Any

from . import word_chains
from .emitter import wrap
from .inline_inputs import In, choose, inputs, only_slow, slow_of
from .inline_numbers import outputs
from .nodes import Call
from .number_facts import REPEATS, Fact, note


def slow(x: Any, node: Call, temps: list[str]) -> str:
    """The primitive's own call on the inputs held in ``temps``, on a line of its own."""
    spec = node.target
    fn = x.em.site(spec.fn, node.name)
    args = ["I", *temps] if spec.needs_interp else temps
    return wrap(f"{fn}({', '.join(args)})")


def temps(x: Any, n: int) -> list[str]:
    return [x.em.fresh("_p") for _ in range(n)]


def word(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """WORD of plain words and whole numbers (a whole number is its digits).  The fast
    path takes each input as its kind suggests: REPEAT's own counter and a number typed
    are digits (no test), an input that outputs a number (arithmetic) is tested as a
    whole number, any other as a plain word; each input's type is found once, and
    where the fast path fails the general one joins words and whole numbers in any mix
    (or a lone input's other kind: a whole number's digits)."""
    ins = [In(text, text, None, None, f"_t{text}") if text == x.em.repvar else v
           for v, text in zip(inputs(x, node, args), args)]  # (the counter: its own name)
    firsts, fast, tests, parts, whole = [], [], [], [], []
    open_: list[tuple[In, bool]] = []
    for v, arg, text in zip(ins, node.args, args):
        if v.known is str or v.known is int or text == x.em.repvar:
            parts.append(repr(str(v.value)) if v.known is not None else f"str({text})")
            fast.append(parts[-1])
            whole.append(parts[-1])
        elif v.known is None:
            number = outputs(x.em, arg) is int  # (a number or an error: never a word)
            firsts.append(f"(({v.t} := type({v.first})) is {'int' if number else 'str'})")
            open_.append((v, number))
            fast.append(f"str({v.name})" if number else v.name)
            whole.append(f"{v.name}" if number else f"str({v.name})")
            tests.append(f"({v.t} is str or {v.t} is int)")
            parts.append(f"({v.name} if {v.t} is str else str({v.name}))")
        else:
            return only_slow(ins, slow_of(x, node, ins))  # a float typed: the primitive's
    slow = slow_of(x, node, ins)
    if len(open_) == 1:  # (the other kind: a word, or a whole number's digits)
        v, number = open_[0]
        return (f"({' + '.join(fast)} if {firsts[0]} else {' + '.join(whole)} "
                f"if {v.t} is {'str' if number else 'int'} else {slow})")
    general = choose(" + ".join(parts), tests, [], slow, ins)
    if not firsts:
        return general
    return f"({' + '.join(fast)} if {' & '.join(firsts)} else {general})"


def count(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """COUNT of a list, a plain word or an array; of a chain of BUTFIRSTs and BUTLASTs of
    a word, the word's length less the links (word_chains)."""
    text = word_chains.ending(x, args[0], word_chains.count_of, 0,
                              lambda g: _count(x, node, g)) or _count(x, node, args[0])
    return note(x.em, text, Fact(int, REPEATS, True))  # (a length: below 2**53)


def _count(x: Any, node: Call, arg: str) -> str:
    (a,) = t = temps(x, 1)
    return (f"({a}._hi - 2 if (_ty := type({a} := {arg})) is LL and {a}._buf[1] is None "
            f"else len({a}) if _ty is str else len({a}.items) if _ty is LA "
            f"else {slow(x, node, t)})")


def ascii_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """ASCII of a one-character word; of FIRST or LAST of a word, its character's code
    (word_chains)."""
    text = word_chains.character(x, args[0], lambda c: f"ord({c})",
                                 lambda g: _ascii(x, node, g)) or _ascii(x, node, args[0])
    return note(x.em, text, Fact(int, 0x10FFFF, True))


def _ascii(x: Any, node: Call, arg: str) -> str:
    (a,) = t = temps(x, 1)
    return f"(ord({a}) if type({a} := {arg}) is str and len({a}) == 1 else {slow(x, node, t)})"


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
