"""ITEM and SETITEM of arrays: SETITEM as a Python statement, and an array held in a
fast loop's variable looked at once, not at every turn.

SETITEM is an instruction, so its inline form is a statement (``items[k] = v``, not a
call of ``items.__setitem__``).  In a loop whose variables live in Python locals
(``loop_locals``), a variable the loop reads as ITEM's or SETITEM's array and never
makes is *hoisted*: as the loop starts and after each interrupt check (the only points
where anything but the body could give it another value) the loop keeps, beside its
local, the array it holds (or a mark that it holds none), its items, origin and length
(an array's items, origin and length never change: SETITEM replaces one item); a
word is held the same way, as its own characters from origin 1, for ITEM alone, and a
list, for ITEM alone, as its run of pairs and the position above its first (length -1:
no array's bounds test passes; the run's link mark is read at each use, as .SETBF may
change it, and a pair's item is read where it is, as .SETFIRST changes it there).  A use
then asks only whether the variable's value is that array, and indexes its items.  The
variable is still read as before (so a variable with no value is the error it was,
where it was), every input is computed in order before any test decides, and anything
else (a list, a word, an index out of range, a value that is not a number or a word)
goes to the general form or to the primitive, which give the result or the error.
"""

from __future__ import annotations

from typing import Any

from . import for_wholes
from .inline_inputs import FALSE_TEST, TRUE_TEST, In, inputs, only_slow, slow_of, type_is
from .lists import LogoList
from .nodes import Call, Node, VarRef
from .values import LogoArray

NOT_AN_ARRAY = object()  # what a hoisted variable's array is when it holds no array


def hoist(value: Any) -> tuple[Any, Any, int, int]:
    """A hoisted variable's value -> (the array or NOT_AN_ARRAY, its items, origin,
    length)."""
    if type(value) is LogoArray:
        return value, value.items, value.origin, len(value.items)
    if type(value) is str:  # a word: its characters, counted from 1 (ITEM only)
        return value, value, 1, len(value)
    if type(value) is LogoList:  # a list: its run and top, length -1 (ITEM only, below)
        return value, value._buf, value._hi, -1
    return NOT_AN_ARRAY, None, 0, 0


def hoisted(x: Any, node: Node) -> tuple[str, str, str, str] | None:
    """The locals (array, items, origin, length) of the variable ``node`` reads, where
    it is hoisted in the fast loop being compiled."""
    region = x.em.region
    if region is None or not isinstance(node, VarRef):
        return None
    return region.arrays.get(node.name)


def _fast_inputs(x: Any, node: Call, args: list[str],
                 names: tuple[str, str, str, str]) -> tuple[list[In], list[str], str, str]:
    """The inputs, the tests that the index is a whole number and the array the hoisted
    one (computing both), the bounds test and the name of the place it gives."""
    ins = inputs(x, node, args)
    ins[0], flag = for_wholes.input_of(x, node.args[0], ins[0])
    a, b = ins[0], ins[1]
    k = x.em.fresh("_k")
    arr, _items, origin, length = names
    var = node.args[1]
    assert isinstance(var, VarRef)
    local = x.em.region.names[var.name]  # (its value, if it has one: read only
    held = f"(({b.name} := {local}) is {arr} or {b.first} is {arr})"  # when it is not that)
    return (ins, [flag or type_is(a, "int"), held],
            f"0 <= ({k} := {a.name} - {origin}) < {length}", k)


def _general_inputs(x: Any, node: Call, args: list[str]) -> tuple[list[In], list[str], str, str]:
    """As :func:`_fast_inputs` for an array not hoisted: its type and origin looked at."""
    ins = inputs(x, node, args)
    a, b = ins[0], ins[1]
    k = x.em.fresh("_k")
    return (ins, [type_is(a, "int"), type_is(b, "LA")],
            f"0 <= ({k} := {a.name} - {b.name}.origin) < len({b.name}.items)", k)


def _joined(tests: list[str]) -> str | None:
    """The tests joined by ``&`` (every one runs); "" if none is left, None if one is
    known to fail."""
    if FALSE_TEST in tests:
        return None
    tests = [t for t in tests if t != TRUE_TEST]
    return " & ".join(f"({t})" for t in tests) if len(tests) > 1 else "".join(tests)


def item(x: Any, node: Call, args: list[str], general: Any) -> str | None:
    """ITEM of a hoisted array, word or list: ``items[k]`` (a list's pair, up to its
    run's first link, tested first); else ``general`` (ITEM's own inline form, called
    on the inputs already computed)."""
    names = hoisted(x, node.args[1])
    if names is None:
        return None
    ins, tests, bounds, k = _fast_inputs(x, node, args, names)
    test = _joined(tests)
    if test is None:
        return None
    other = general(x, node, [v.name for v in ins], False) or slow_of(x, node, ins)
    items, top, length, i = names[1], names[2], names[3], ins[0].name
    positive = "" if ins[0].known is int and ins[0].value > 0 else f"0 < {i} and "
    listed = f"{length} < 0 and {positive}({k} := {top} - {i}) > {items}[0]"
    return (f"({items}[{k}] if {test + ' and ' if test else ''}"
            f"({listed} or {bounds}) else {other})")


def setitem_statement(st: Any, node: Call) -> None:
    """SETITEM as an instruction: a number or a word (nothing that could hold the
    array) stored in the array's items, with every input computed first, in order."""
    x, em = st.x, st.em
    args = [x.expr(a, node.name) for a in node.args]
    names = hoisted(x, node.args[1])
    if names is not None:
        ins, tests, bounds, k = _fast_inputs(x, node, args, names)
        items = names[1]
        tests.append(f"{items} is not {names[0]}")  # (a word's characters are not set)
    else:
        ins, tests, bounds, k = _general_inputs(x, node, args)
        items = f"{ins[1].name}.items"
    v = ins[2]
    test = _joined([*tests, type_is(v, "int", "str", "float")])
    slow = slow_of(x, node, ins)
    if test is None:
        em.emit(only_slow(ins, slow))
        return
    em.emit(f"if {test + ' and ' if test else ''}{bounds}: {items}[{k}] = {v.name}")
    em.emit("else:")
    em.emit(f"    {slow}")


def general_item(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """ITEM of a whole number in an array, a list up to its first link, or a plain word
    (inline_prims' ITEM form, where no hoisted array serves)."""
    a, b = ins = inputs(x, node, args)
    test_a = type_is(a, "int")
    if test_a == FALSE_TEST or b.known is not None:  # (a word typed: _item_of_word)
        return _item_of_word(x, node, ins, test_a)
    i, seq, tb, slow = a.name, b.name, b.t, slow_of(x, node, ins)
    kinds = f"(({tb} := type({b.first})) is not None)"  # (computed, its type named)
    test = kinds if test_a == TRUE_TEST else f"({test_a}) & {kinds}"
    positive = "" if a.known is int and a.value > 0 else f"0 < {i} and "
    return (f"(({seq}._buf[{seq}._hi - {i}] if {tb} is LL and {positive}"
            f"{seq}._hi - {i} > {seq}._buf[0] "
            f"else {seq}.items[{i} - {seq}.origin] if {tb} is LA "
            f"and 0 <= {i} - {seq}.origin < len({seq}.items) "
            f"else {seq}[{i} - 1] if {tb} is str and {positive}{i} <= len({seq}) "
            f"else {slow}) if {test} else {slow})")


def _item_of_word(x: Any, node: Call, ins: list[In], test_a: str) -> str:
    """ITEM of a plain word typed (``item :i "abc``): its character, as the primitive's
    first case (a character typed at a whole number typed is the literal itself)."""
    a, b = ins
    slow = slow_of(x, node, ins)
    word = getattr(node.args[1], "value", None)
    if test_a == FALSE_TEST or b.known is not str or type(word) is not str or not word:
        return only_slow(ins, slow)
    if a.known is int:
        return repr(word[a.value - 1]) if 0 < a.value <= len(word) else only_slow(ins, slow)
    return f"({b.name}[{a.name} - 1] if {test_a} and 0 < {a.name} <= {len(word)} else {slow})"
