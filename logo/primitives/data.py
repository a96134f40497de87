"""Data structure primitives (UCBLogo manual chapter 2): constructors, selectors and
mutators.  Predicates and queries are in ``data_queries.py``.

Library procedures of UCBLogo (``reverse``, ``remdup``, ``push``, ``mdarray``...) are
written here in Python with the library's results: ``remdup`` keeps the last of equal
members, ``reverse`` of a word is a word, ``pop``/``dequeue`` take the front.
"""


from __future__ import annotations

import math
from typing import Any

from ..language.values import EMPTY, EscapedWord, LogoArray, LogoList, join_words
from . import coerce as c
from .chunks import CHUNK, mapped
from .registry import primitive


def _is_word(x: Any) -> bool:
    return type(x) is not LogoList and type(x) is not LogoArray


def _bfable(x: Any) -> LogoList | str:
    """A non-empty list or word (numbers as their printed form): what FIRST and BF take."""
    if type(x) is LogoList:
        if x:
            return x
        raise c.bad(x)
    if type(x) is LogoArray:
        raise c.bad(x)
    w = c.word(x)
    if not w:
        raise c.bad(x)
    return w


def _circular(I: Any, arr: LogoArray, value: Any) -> bool:
    """Whether ``value`` is ``arr`` or holds it somewhere inside (only lists and arrays
    are walked; a long walk looks at Stop)."""
    todo, seen, walked = [value], set(), 0
    while todo:
        x = todo.pop()
        if x is arr:
            return True
        if type(x) in (LogoList, LogoArray) and id(x) not in seen:
            seen.add(id(x))
            members = x.items if type(x) is LogoArray else x
            todo += [m for m in members if type(m) is LogoList or type(m) is LogoArray]
            walked += len(members)
            if walked > CHUNK:
                walked = 0
                I.check_stop()
    return False


def _store(index: Any, array: Any, value: Any) -> None:
    arr = c.array(array)
    n = c.index(index)
    i = n - arr.origin
    if not 0 <= i < len(arr.items):
        raise c.bad(n)  # (the number, as ITEM's)
    arr.items[i] = value


# --- constructors -----------------------------------------------------------------------
@primitive("word", inputs=2)
def word_(*words):
    """WORD word1 word2
    (WORD word1 word2 word3 ...)
    outputs a word formed by joining its inputs, which must be words."""
    if len(words) == 2 and type(words[0]) is str and type(words[1]) is str:
        return words[0] + words[1]
    return join_words([c.word(w) for w in words])


@primitive("list", inputs=2)
def list_(*things):
    """LIST thing1 thing2
    (LIST thing1 thing2 thing3 ...)
    outputs a list whose members are its inputs."""
    return LogoList(things)


@primitive("sentence", "se", inputs=2)
def sentence(*things):
    """SENTENCE thing1 thing2
    (SENTENCE thing1 thing2 thing3 ...)
    outputs a list of its inputs, with the members of list inputs in place of the lists."""
    for t in things:
        if type(t) is LogoArray:
            raise c.bad(t)
    tail, rest = EMPTY, things
    if things and type(things[-1]) is LogoList:
        tail, rest = things[-1], things[:-1]
    head: list[Any] = []
    for t in rest:
        if type(t) is LogoList:
            head += t.items()
        else:
            head.append(t)
    if not tail:
        return LogoList(head)
    return tail.fput_all(head)


@primitive("fput")
def fput(thing, seq):
    """FPUT thing list
    outputs the list with thing added at the front; if list is a word, thing must be
    a one-character word and the output is a word."""
    if type(seq) is LogoList:
        return seq.fput(thing)
    if _is_word(seq) and _is_word(thing) and len(c.word(thing)) == 1:
        return c.word(thing) + c.word(seq)
    return c.lst(seq).fput(thing)


@primitive("lput")
def lput(thing, seq):
    """LPUT thing list
    outputs the list with thing added at the end; if list is a word, thing must be
    a one-character word and the output is a word."""
    if _is_word(seq) and _is_word(thing) and len(c.word(thing)) == 1:
        return c.word(seq) + c.word(thing)
    return c.lst(seq).lput(thing)


@primitive("array")
def array(size, origin=1):
    """ARRAY size
    (ARRAY size origin)
    outputs an array of size members, each an empty list, numbered from origin (1)."""
    return LogoArray([EMPTY] * c.items_count(size), c.integer(origin))


def _mdarray(I: Any, dims: list[int], origin: int) -> LogoArray:
    if len(dims) == 1:
        return LogoArray([EMPTY] * dims[0], origin)
    return LogoArray(mapped(I, lambda _: _mdarray(I, dims[1:], origin), range(dims[0])),
                     origin)


@primitive("mdarray")
def mdarray(I, sizelist, origin=1):
    """MDARRAY sizelist
    (MDARRAY sizelist origin)
    outputs a multi-dimensional array: MDARRAY [2 3] is an array of two 3-item arrays."""
    # UCBLogo's library walks the sizes with FIRST and BUTFIRST, so a word's characters
    # are its sizes: MDARRAY 2 is a one-dimensional array of 2
    sizes = c.lst(sizelist) if not isinstance(sizelist, (str, int)) else list(str(sizelist))
    # each size goes to ARRAY there, which names a bad one
    dims = [c.as_primitive("array", c.items_count, n) for n in sizes]
    if not dims or math.prod(dims) > c.MAX_ITEMS or (dims[0] == 0 and len(dims) > 1):
        raise c.bad(sizelist)  # (UCBLogo's loop fails in SETITEM for [0 2])
    return _mdarray(I, dims, c.integer(origin))


@primitive("listtoarray")
def listtoarray(seq, origin=1):
    """LISTTOARRAY list
    (LISTTOARRAY list origin)
    outputs an array with the same members as the list, numbered from origin (1)."""
    return LogoArray(c.lst(seq).items(), c.integer(origin))


@primitive("arraytolist")
def arraytolist(array):
    """ARRAYTOLIST array
    outputs a list with the same members as the array."""
    return LogoList(c.array(array).items)


@primitive("combine")
def combine(thing1, thing2):
    """COMBINE thing1 thing2
    outputs WORD thing1 thing2 if thing2 is a word, FPUT thing1 thing2 otherwise."""
    if _is_word(thing2):
        return word_(thing1, thing2)
    return fput(thing1, thing2)


@primitive("reverse")
def reverse(seq, onto=None):
    """REVERSE list
    (REVERSE list onto)
    outputs a list with the members of the input in reverse order (a word reversed,
    for a word).  With a second input, the reversed members are put in front of it,
    one by one as COMBINE would: (REVERSE [x y] [a b]) is [y x a b]."""
    if type(seq) is LogoArray:
        raise c.bad(seq)
    if onto is None:
        if type(seq) is LogoList:
            items = seq.items()
            items.reverse()
            return LogoList(items)
        return c.word(seq)[::-1]
    members = seq.items() if type(seq) is LogoList else list(c.word(seq))
    if type(onto) is LogoList:  # each member FPUT in turn: the reversed members in front
        members.reverse()
        return onto.fput_all(members)
    if type(onto) is LogoArray:
        raise c.bad(onto)
    words = [c.word(m) for m in members]  # each joined in front in turn (COMBINE)
    words.reverse()
    words.append(c.word(onto))
    return join_words(words)


# --- selectors --------------------------------------------------------------------------
@primitive("first")
def first(thing):
    """FIRST thing
    outputs the first member of a list or first character of a word; for an array,
    its origin.  FIRST of an empty list or word is an error."""
    t = type(thing)
    if t is LogoList and thing._hi > 2:  # the common cases first, without a call
        return thing._buf[thing._hi - 1]
    if t is str and thing:
        return thing[0]
    if t is LogoArray:
        return thing.origin
    x = _bfable(thing)
    if type(x) is EscapedWord:  # a character typed in bars stays literal
        return x.part(0, 1)
    return x.first() if type(x) is LogoList else x[0]


@primitive("firsts")
def firsts(I, seq):
    """FIRSTS list
    outputs a list of the FIRST of each member of the input list."""
    return LogoList(mapped(I, first, c.lst(seq)))


@primitive("last")
def last(thing):
    """LAST thing
    outputs the last member of a list or last character of a word."""
    if type(thing) is str and thing:
        return thing[-1]
    x = _bfable(thing)
    if type(x) is EscapedWord:
        return x.part(-1)
    return x.last() if type(x) is LogoList else x[-1]


@primitive("butfirst", "bf")
def butfirst(thing):
    """BUTFIRST thing
    outputs all but the first member of a list, or all but the first character of a word."""
    t = type(thing)
    if t is LogoList and thing._hi > 2:
        return thing.butfirst()
    if t is str and thing:
        return thing[1:]
    x = _bfable(thing)
    if isinstance(x, LogoList):
        return x.butfirst()
    return x.part(1) if isinstance(x, EscapedWord) else x[1:]


@primitive("butfirsts", "bfs")
def butfirsts(I, seq):
    """BUTFIRSTS list
    outputs a list of the BUTFIRST of each member of the input list."""
    return LogoList(mapped(I, butfirst, c.lst(seq)))


@primitive("butlast", "bl")
def butlast(thing):
    """BUTLAST thing
    outputs all but the last member of a list, or all but the last character of a word."""
    if type(thing) is LogoList and thing._hi > 2:
        return thing.butlast()
    if type(thing) is str and thing:
        return thing[:-1]
    x = _bfable(thing)
    if isinstance(x, LogoList):
        return x.butlast()
    return x.part(0, -1) if isinstance(x, EscapedWord) else x[:-1]


@primitive("item")
def item(index, thing):
    """ITEM index thing
    outputs the index-th member of a list or array, or character of a word; lists and
    words count from 1, arrays from their origin."""
    if type(thing) is str and type(index) is int and 0 < index <= len(thing):
        return thing[index - 1]  # (a word's character: the common case, first)
    i = c.index(index)
    if type(thing) is LogoArray:
        j = i - thing.origin
        if 0 <= j < len(thing.items):
            return thing.items[j]
        raise c.out_of_range(i)  # (the number: "007 is 7 in UCBLogo's message)
    seq = thing if type(thing) is LogoList else c.word(thing)
    if not seq:
        raise c.bad(thing)
    if type(seq) is LogoList and seq._buf[1] is None and i > seq._hi - 2:
        raise c.out_of_range(i)  # (past a plain list's end: no IndexError to catch)
    if i >= 1:
        try:
            if type(seq) is EscapedWord and i <= len(seq):
                return seq.part(i - 1, i)
            return seq[i - 1]
        except IndexError:
            pass
    raise c.out_of_range(i)


# --- mutators ---------------------------------------------------------------------------
@primitive("setitem")
def setitem(I, index, array, value):
    """SETITEM index array value
    replaces the index-th member of the array with value; value may not contain
    the array itself."""
    if _circular(I, c.array(array), value):
        raise c.bad(value)
    _store(index, array, value)


@primitive(".setfirst")
def dot_setfirst(seq, value):
    """.SETFIRST list value
    changes the first member of the list to value (a dangerous mutator): every list
    that shares the list's first pair sees the change."""
    target = c.lst(seq)
    if not target:
        raise c.bad(seq)
    target.setfirst(value)


@primitive(".setbf")
def dot_setbf(seq, value):
    """.SETBF list value
    changes the butfirst of the list to value (a dangerous mutator): every list that
    shares the list's first pair sees the change.  value is normally a list; a word
    makes a dotted list, which prints as [1 2  . x]."""
    target = c.lst(seq)
    if not target:
        raise c.bad(seq)
    target.setbf(value)


@primitive(".setitem")
def dot_setitem(index, array, value):
    """.SETITEM index array value
    like SETITEM but without the check that value does not contain the array."""
    _store(index, array, value)

