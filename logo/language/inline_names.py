"""THING, NAMEP and MAKE of a name computed as the program runs (``thing word "v :i``,
``thing :name``, ``make :name 0``), compiled inline: a plain word's lower-case text
looked up in (or stored into) the variable table, one dict operation.  Anything else
(a number or a list as the name, a variable that has no value, MAKE "ERRACT, which
changes how code is compiled) is the primitive's own call at its site, which gives the
same value or UCBLogo's error ("x has no value" names THING and the line, as before).
A name typed in the line (``thing "x``) is looked up by its literal.
"""

from __future__ import annotations

from typing import Any

from .inline_inputs import boolean, choose, inputs, only_slow, slow_of, type_is
from .nodes import Call


def _lowered(x: Any, v: Any) -> tuple[str, str] | None:
    """The test that the name ``v`` is a plain word and the text of its lower case,
    held in a fresh name; None when the name typed is not a word."""
    if v.known is str:
        return "True", repr(v.value.lower())
    if v.known is not None:
        return None
    low = x.em.fresh("_nl")
    return f"{type_is(v, 'str')} and ({low} := {v.name}.lower()) is not None", low


def thing(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """THING of a plain word naming a variable with a value: its value."""
    ins = inputs(x, node, args)
    slow = slow_of(x, node, ins)
    name = _lowered(x, ins[0])
    if name is None:
        return only_slow(ins, slow)
    test, low = name
    if ins[0].known is None:  # (the table's names are in lower case: the word itself first)
        v = ins[0]
        return (f"(V[{v.name}] if {type_is(v, 'str')} and {v.name} in V else V[{low}] "
                f"if type({v.name}) is str and ({low} := {v.name}.lower()) in V else {slow})")
    return choose(f"V[{low}]", [test], [f"{low} in V"], slow, ins)


def namep(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """NAMEP of a plain word: whether the table has a value for it."""
    ins = inputs(x, node, args)
    slow = slow_of(x, node, ins)
    name = _lowered(x, ins[0])
    if name is None:
        return only_slow(ins, slow)
    test, low = name
    return boolean(f"({low} in V if {test} else {slow} is TRUE)", as_bool)


def make_statement(st: Any, node: Call) -> bool:
    """MAKE of a computed name as an instruction: the name, then the value, each
    computed in turn (as the primitive gets them), then a plain store of a plain word
    that is not ERRACT; anything else is the primitive's call on the same values."""
    if len(node.args) != 2:
        return False
    x, em = st.x, st.em
    texts = [x.expr(a, node.name) for a in node.args]
    ins = inputs(x, node, texts)
    for v, text in zip(ins, texts):
        if v.known is None:
            em.emit(f"{v.name} = {text}")
    slow = slow_of(x, node, ins)
    a, b = ins
    if a.known is not None:  # (a number typed as the name: the primitive's)
        em.emit(slow)
        return True
    low = em.fresh("_nl")
    em.emit(f"if type({a.name}) is str and ({low} := {a.name}.lower()) != 'erract': "
            f"V[{low}] = {b.name}")
    em.emit(f"else: {slow}")
    return True
