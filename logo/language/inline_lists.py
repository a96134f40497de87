"""The inline forms of the list builders LIST and SENTENCE (SE) and of the predicates
WORDP and LISTP (see inline_prims, which registers them).

LIST makes its pairs at once (lists.py keeps a list's items reversed in one Python
list: ``[1, None, last, ..., first]``), its inputs computed first, in order.  SENTENCE
of three inputs or more is one call of :func:`joined_all` (no array among them); of
two inputs it keeps the common cases: two words or numbers (a new list of both), a
word or number before a list that is not empty (FPUT, which shares the list's pairs, as
the primitive's FPUT of its last input does), and a list of one plain run before a word,
a number or a list (:func:`joined`: its members copied as the run holds them, in one
slice, onto the list's pairs as the primitive puts them).  Any other input, an array, a
word typed in bars, a list with links (.SETBF), goes to the primitive, which gives the
same list or UCBLogo's error.
"""

from __future__ import annotations

from typing import Any

from .inline_inputs import FALSE_TEST, choose, inputs, only_slow, slow_of, type_is
from .lists import NO_CODE, LogoList, view
from .nodes import Call
from .values import LogoArray

LL = LogoList
_new = object.__new__


def list_(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    ins = inputs(x, node, args)
    made = f"{x.em.const(view)}([1, None, {', '.join(v.name for v in reversed(ins))}], " \
           f"{len(ins) + 2})"
    binds = [v.first for v in ins if v.known is None]
    if not binds:
        return made
    return f"({made} if ({', '.join(binds)},) else None)"  # (a tuple: always true)


def sentence(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    if len(args) > 2:
        return sentence_many(x, node, args)
    a, b = ins = inputs(x, node, args)
    slow = slow_of(x, node, ins)
    word_a = type_is(a, "str", "int", "float")
    if word_a == FALSE_TEST:
        return only_slow(ins, slow)
    pair = f"{x.em.const(view)}([1, None, {b.name}, {a.name}], 4)"
    if b.known is not None:  # a word or number typed
        return choose(pair, [word_a], [], slow, ins)
    tb = b.t
    pick = (f"({b.name}.fput({a.name}) if {tb} is LL and {b.name}._hi > 2 else {pair} "
            f"if {tb} is str or {tb} is int or {tb} is float else {slow})")
    if a.known is not None:
        return choose(pick, [word_a, f"(({tb} := type({b.first})) is not LA)"], [], slow, ins)
    j = x.em.fresh("_j")  # a list first: joined, or the primitive (its error, its links)
    return (f"({pick} if {word_a} & (({tb} := type({b.first})) is not LA) else "
            f"{j} if {a.t} is LL and ({j} := {x.em.const(joined)}({a.name}, {b.name}, {tb})) "
            f"is not None else {slow})")


def joined(a: LogoList, b: Any, tb: type) -> LogoList | None:
    """SENTENCE of the list ``a`` and ``b`` (of type ``tb``), or None when ``a`` has
    links or ``b`` is neither a plain word, a number nor a list (the primitive's case).
    The output is the primitive's: new pairs for ``a``'s members and a word ``b``, the
    pairs of a list ``b`` shared (its run grown when it is at the top of it)."""
    buf = a._buf
    if buf[1] is not None:
        return None
    chunk = buf[2:a._hi]  # a's members, last first: as a run holds them
    if tb is LL:
        rest = b._buf
        if b._hi == 2:  # (the primitive: a new list when the last input is empty)
            new = [1, None]
        elif not chunk:
            return b  # type: ignore[no-any-return]
        elif b._hi == len(rest):  # b at the top of its run: a's members go on it
            rest += chunk
            return view(rest, len(rest))
        else:  # a run of its own whose bottom pair links to b (FPUT's)
            new = [2, b]
    elif tb is str or tb is int or tb is float:
        new = [1, None, b]
    else:
        return None
    new += chunk
    return view(new, len(new))


def sentence_many(x: Any, node: Call, args: list[str]) -> str:
    """SENTENCE of three inputs or more: :func:`joined_all` of them, computed in order
    (an array among them: the primitive's call on the same values, its error)."""
    ins = inputs(x, node, args)
    j = x.em.fresh("_j")
    made = f"{x.em.const(joined_all)}(({', '.join(v.first for v in ins)},))"
    return f"({j} if ({j} := {made}) is not None else {slow_of(x, node, ins)})"


def joined_all(things: tuple[Any, ...]) -> LogoList | None:
    """SENTENCE of ``things``, or None when one is an array (the primitive's error).
    As the primitive: new pairs for the members of each list but the last and for each
    word, the last list's pairs shared (its run grown when it is at the top of it)."""
    last = things[-1]
    chunk: list[Any] = []  # the members before the last input, last first (as a run)
    for t in things[-2::-1]:
        tt = type(t)
        if tt is LogoList:
            if t._buf[1] is None:
                chunk += t._buf[2:t._hi]
            else:
                members = t.items()
                members.reverse()
                chunk += members
        elif tt is LogoArray:
            return None
        else:
            chunk.append(t)
    tl = type(last)
    if tl is LogoList:
        rest = last._buf
        if last._hi == 2:  # (the primitive: a new list when the last input is empty)
            new = [1, None]
        elif not chunk:
            return last  # type: ignore[no-any-return]
        elif last._hi == len(rest):
            rest += chunk
            return view(rest, len(rest))
        else:
            new = [2, last]
    elif tl is LogoArray:
        return None
    else:
        new = [1, None, last]
    new += chunk
    out = _new(LogoList)  # (lists.view, inlined)
    out._buf, out._hi, out.src, out.compiled = new, len(new), None, NO_CODE
    return out


def wordp(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    a = x.em.fresh("_p")
    test = f"(type({a} := {args[0]}) is not LL and type({a}) is not LA)"
    return test if as_bool else f"(TRUE if {test} else FALSE)"


def listp(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    test = f"(type({args[0]}) is LL)"
    return test if as_bool else f"(TRUE if {test} else FALSE)"
