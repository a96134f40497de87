"""The inputs of an inline form (inline_prims, inline_numbers) and the tests on them.

An input typed in the line as a number or a word (``setitem :i :a 0``, ``remainder :n
10``, ``word :w "s``) is its own Python literal: its type is known when the line is
compiled, so no type test is made for it at run time, a test on its value is decided
at compile time, and a form whose fast path cannot apply to it is its primitive's call
alone.  Any other input is computed once, into a name of its own, by the first test
that names it (tests are joined with ``&`` so that all of them run, and every input
has its value before the primitive is called on the slow path).
"""

from __future__ import annotations

from typing import Any

from .emitter import wrap
from .nodes import Call, Const, Node

FALSE_TEST = "False"  # a test known to fail when the line is compiled
TRUE_TEST = "True"


class In:
    """One input of a form: ``name``, the text that stands for its value once it is
    computed (its literal, or a temporary); ``first``, the text that computes it (the
    literal, or ``(temp := ...)``); ``known``, its type if it is a literal, else None;
    ``value``, a literal's value; ``t``, a name for its type."""

    __slots__ = ("first", "known", "name", "t", "value")

    def __init__(self, name: str, first: str, known: type | None, value: Any, t: str):
        self.name, self.first, self.known, self.value, self.t = name, first, known, value, t


def literal_type(node: Node, text: str) -> type | None:
    """int, float or str when ``text`` is the Python literal of the Const ``node``."""
    if not isinstance(node, Const):
        return None
    v = node.value
    t = type(v)
    if (t is int or t is float) and text == repr(v):
        return t
    if isinstance(v, str) and text == repr(str(v)):
        return str
    return None


def inputs(x: Any, node: Call, args: list[str]) -> list[In]:
    """The inputs of ``node`` whose compiled texts are ``args``."""
    out = []
    for arg, text in zip(node.args, args):
        known = literal_type(arg, text)
        if known is not None:
            out.append(In(text, text, known, arg.value,  # type: ignore[attr-defined]
                          x.em.fresh("_t")))
        else:
            name = x.em.fresh("_p")
            out.append(In(name, f"({name} := {text})", None, None, f"_t{name}"))
    return out


def slow(x: Any, node: Call, names: list[str]) -> str:
    """The primitive's own call on the inputs named ``names``, on a line of its own."""
    spec = node.target
    fn = x.em.site(spec.fn, node.name)
    args = ["I", *names] if spec.needs_interp else names
    return wrap(f"{fn}({', '.join(args)})")


def slow_of(x: Any, node: Call, ins: list[In]) -> str:
    return slow(x, node, [v.name for v in ins])


def type_is(v: In, *types: str) -> str:
    """The test that ``v``'s type is one of ``types`` (Python names: int, str, float,
    LL, LA), computing ``v`` if it is not a literal."""
    if v.known is not None:
        return TRUE_TEST if v.known.__name__ in types else FALSE_TEST
    if len(types) == 1:
        return f"type({v.first}) is {types[0]}"
    t = v.t
    rest = " or ".join(f"{t} is {name}" for name in types[1:])
    return f"(({t} := type({v.first})) is {types[0]} or {rest})"


def decided(known: bool) -> str:
    return TRUE_TEST if known else FALSE_TEST


def choose(fast: str, tests: list[str], then: list[str], slow_text: str,
           ins: list[In]) -> str:
    """``(fast if tests... and then... else slow)``: ``tests`` (which compute every
    input not a literal) all run, joined by ``&``; ``then`` follow with ``and``.  A
    test known when compiling is dropped, or, if it fails, leaves only the slow path
    (the inputs computed first, in order)."""
    tests = [t for t in tests if t != TRUE_TEST]
    then = [t for t in then if t != TRUE_TEST]
    if FALSE_TEST in tests or FALSE_TEST in then:
        return only_slow(ins, slow_text)
    cond = " & ".join(f"({t})" for t in tests) if len(tests) > 1 else "".join(tests)
    cond = " and ".join(([cond] if cond else []) + then)
    return f"({fast} if {cond} else {slow_text})" if cond else f"({fast})"


def only_slow(ins: list[In], slow_text: str) -> str:
    """The slow path alone, every input computed first, in order."""
    binds = [v.first for v in ins if v.known is None]
    return f"({', '.join(binds)}, {slow_text})[{len(binds)}]" if binds else slow_text


def boolean(text: str, want_bool: bool) -> str:
    return text if want_bool else f"(TRUE if {text} else FALSE)"
