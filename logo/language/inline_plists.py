"""PPROP and REMPROP compiled inline, as Python statements.

Both are instructions, so each input is computed in turn into a name of its own (in
order, as the primitive gets them), then one test decides: both names plain words (for
PPROP: a new property keeps its name as written, one already there the name it was
first written with), for REMPROP a property that is there and not the list's last (the
primitive drops an emptied list).  Anything else (a number or a list as a name, a
property never put) is the primitive's own call on the same values.
GPROP is an operation: its form is an expression, both names plain words, a property
missing (the list, or the property on it) a new empty list, as the primitive outputs.
"""

from __future__ import annotations

from typing import Any

from .atoms import ShownName
from .inline_inputs import TRUE_TEST, In, choose, inputs, slow_of, type_is
from .lists import view
from .nodes import Call


def _computed(st: Any, node: Call) -> list[In]:
    """The inputs, each one not typed in the line computed now into its name, in order."""
    x, em = st.x, st.em
    texts = [x.expr(a, node.name) for a in node.args]
    ins = inputs(x, node, texts)
    for v, text in zip(ins, texts):
        if v.known is None:
            em.emit(f"{v.name} = {text}")
    return ins


def _names(ins: list[In], em: Any = None) -> tuple[list[str], list[str]] | None:
    """The tests that the two names are plain words and their lower-case texts; None
    when one typed is not a plain word.  Given ``em`` (PPROP), a property named by a
    whole number is its digits, as the primitive makes them (``str``: no case to lower),
    in a name of its own, None when the name is neither (the test)."""
    tests, low = [], []
    for v in ins[:2]:
        if v.known is str:
            low.append(repr(v.value.lower()))
        elif v.known is int and em is not None and v is ins[1]:
            low.append(repr(str(v.value)))
        elif v.known is None and em is not None and v is ins[1]:
            key = em.fresh("_pw")
            em.emit(f"{key} = {v.name} if ({v.t} := type({v.name})) is str else "
                    f"str({v.name}) if {v.t} is int else None")
            tests.append(f"{key} is not None")
            low.append(key)
        elif v.known is None:
            tests.append(f"type({v.name}) is str")
            low.append(f"{v.name}.lower()")
        else:
            return None
    return tests, low


def _start(st: Any, node: Call, numbered: bool = False
           ) -> tuple[list[Any], str, list[str], list[str]] | None:
    """The inputs computed, the primitive's own call on them, the tests that the names
    are plain words and the names lowered (``numbered``: the property's as
    :func:`_names` makes it); None (the call emitted) where they cannot be."""
    ins = _computed(st, node)
    slow = slow_of(st.x, node, ins)
    names = _names(ins, st.em if numbered else None)
    if names is None:
        st.em.emit(slow)
        return None
    return ins, slow, *names


def pprop_statement(st: Any, node: Call) -> None:
    """pprop plist prop value: the value stored under the property, a new one under
    its name as written (the name a property already there was written with stays)."""
    em = st.em
    start = _start(st, node, numbered=True)
    if start is None:
        return
    ins, slow, tests, (plist, prop) = start
    b = ins[1]
    pl, pk = em.fresh("_pl"), em.fresh("_pk")
    props = f"I.workspace.plists.setdefault({plist}, {{}})"
    if b.known is not None:  # (a name typed: its key made once)
        place = f"{props}[{em.const(ShownName(str(b.value)))}]"
    else:  # (prop: the name as written, a number's digits)
        place = f"({pl} := {props})[{pk} if ({pk} := {prop}.lower()) in {pl} else {em.const(ShownName)}({prop})]"
    if tests:
        em.emit(f"if {' and '.join(tests)}: {place} = {ins[2].name}")
        em.emit("else:")
        em.emit(f"    {slow}")
    else:
        em.emit(f"{place} = {ins[2].name}")


def remprop_statement(st: Any, node: Call) -> None:
    """remprop plist prop: a property the list has, not its last, taken off."""
    em = st.em
    start = _start(st, node)
    if start is None:
        return
    _ins, slow, tests, (plist, prop) = start
    pl, pk = em.fresh("_pl"), em.fresh("_pk")
    tests += [f"({pl} := I.workspace.plists.get({plist})) is not None", f"({pk} := {prop}) in {pl}",
              f"len({pl}) > 1"]
    em.emit(f"if {' and '.join(tests)}: del {pl}[{pk}]")
    em.emit("else:")
    em.emit(f"    {slow}")


def gprop(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """GPROP of two plain words (names ignore case): the property, or a new empty list
    when the list or the property is not there (the primitive's ``[]``, without its call)."""
    a, b = ins = inputs(x, node, args)
    props, key = x.em.fresh("_pl"), x.em.fresh("_pk")
    lists = f"({props} := I.workspace.plists.get({{}}))"  # (its names are in lower case:
    if a.known is str:                                  # a name found as written is one)
        found = f"{lists.format(repr(a.value.lower()))} is not None"
    else:
        found = (f"({lists.format(a.name)} is not None or "
                 f"{lists.format(a.name + '.lower()')} is not None)")
    if b.known is str or b.known is int:  # (a whole number: its digits, as the primitive's)
        key = repr(str(b.value).lower())
        has, test_b = f"{key} in {props}", TRUE_TEST
    else:
        has = f"({key} in {props} or ({key} := {key}.lower()) in {props})"
        test_b = (f"(({key} := {b.name} if ({b.t} := type({b.first})) is str else "
                  f"str({b.name}) if {b.t} is int else None) is not None)")
    none = f"{x.em.const(view)}([1, None], 2)"  # (a new list: FPUT onto it is its own)
    return choose(f"({props}[{key}] if {found} and {has} else {none})",
                  [type_is(a, "str"), test_b], [], slow_of(x, node, ins), ins)
