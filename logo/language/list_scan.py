"""Searching a list for a member without walking it pair by pair.

A list's pairs lie in runs (lists.py): from a view's first pair down to the run's
highest link (``buf[0]``), each pair's butfirst is the pair below it, so those members
are ``buf[top]``, ``buf[top - 1]`` ... and can be scanned by position, without making a
view for every BUTFIRST.  :func:`find_pair` follows the runs (links, FPUT runs, a word
ending a dotted list) and hands each stretch of positions to a *scanner*: a loop
specialised for one kind of thing sought (a number, a word ignoring case, anything
else), which outputs the position of the first member it matches or 0.

The caller's checks stay: a search that has gone 1,024 members counts the list once
(a circular list is UCBLogo's "doesn't like", not a search forever) and every 1,024
members it looks at Stop (``I.check_stop()``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .atoms import EscapedWord, LogoArray, parse_number
from .lists import SEARCHED as SEARCHED
from .lists import LogoList, equalp, view

Scanner = Callable[..., int]
STRETCH = 1024  # members scanned between looks at Stop
NUMBERS_KEPT = 4096  # words read as numbers, kept (by their text) for the next search
_NUMBERS: dict[str, int | float | None] = {}
_UNREAD = object()
NAN = float("nan")
ONE_PAIRS = range(STRETCH)  # (_members' walk: a STRETCH of runs at most)
MEMOS_KEPT = 32  # lists whose memo of numbers has_number keeps
_SEEN = ()  # the memo of a list searched once, not all whole numbers (has_number)
_WHOLE = frozenset([int])  # the member types of a memo made at the first search
FIRST_MEMO = 64  # the most members of a list given its memo at its first search
FIRST_RUNS = range(FIRST_MEMO)


def find_pair(I: Any, seq: LogoList, scan: Scanner, *how: Any) -> LogoList | None:
    """The view of ``seq`` from the first member ``scan(buf, top, low, *how)`` matches,
    or None."""
    tail: Any = seq
    steps, check = 0, STRETCH
    while type(tail) is LogoList and tail._hi > 2:  # a dotted list ends in a word
        buf, top = tail._buf, tail._hi - 1
        low = buf[0] if buf[0] > 2 else 2  # the pair at low is the last of the stretch
        if low > top:
            low = top
        while True:  # the stretch in pieces, with a look at Stop between them
            bottom = low if top - low < STRETCH else top - STRETCH + 1
            p = scan(buf, top, bottom, *how)
            if p:
                return tail if p == tail._hi - 1 else view(buf, p + 1)
            steps += top - bottom + 1
            if steps >= check:
                if check == STRETCH:
                    len(seq)  # a circular list: its error
                check = steps + STRETCH
                I.check_stop()
            if bottom == low:
                break
            top = bottom - 1
        tail = _below(tail, buf, low)
    return None


def _below(tail: LogoList, buf: list, low: int) -> Any:
    """The butfirst of the pair at ``low`` of the run ``buf`` that ``tail`` views."""
    if low == 2:
        rest = buf[1]
        if rest is None:
            return None
        if type(rest) is LogoList:  # the bottom pair of an FPUT run
            return rest
    return (tail if low == tail._hi - 1 else view(buf, low + 1)).butfirst()


def find_number(I: Any, seq: LogoList, thing: int | float) -> LogoList | None:
    """find_pair with scan_number, its loop inlined: a list FPUT built from a shared
    one is a chain of runs of one member each, and a call for each would cost."""
    tail: Any = seq
    steps = 0
    numbers = _NUMBERS
    while True:
        hi = tail._hi
        if hi <= 2:
            return None
        buf, top = tail._buf, hi - 1
        low = buf[0]
        if top <= low:  # at or below the run's highest link: one member
            low = top
        elif low < 2:
            low = 2
        if top == low:
            x = buf[top]
            tx = type(x)
            if (x == thing) if (tx is int or tx is float) else (
                    _word_is(x, thing) if tx is str else (
                        tx is not LogoList and tx is not LogoArray and equalp(thing, x))):
                return tail
        elif top - low >= STRETCH:
            return find_pair(I, tail, scan_number, thing)  # (its looks at Stop)
        else:
            for p in range(top, low - 1, -1):  # (scan_number, without a call)
                x = buf[p]
                tx = type(x)
                if (x == thing) if (tx is int or tx is float) else (
                        (_word_is(x, thing) if (v := numbers.get(x, _UNREAD)) is None
                         or v is _UNREAD else v == thing) if tx is str else (
                            tx is not LogoList and tx is not LogoArray and equalp(thing, x))):
                    return tail if p == top else view(buf, p + 1)
        steps += top - low + 1
        if steps >= STRETCH:  # (a circular list: its error)
            return find_pair(I, _below(tail, buf, low), scan_number, thing) if len(seq) else None
        rest = buf[1]
        if low == 2 and type(rest) is LogoList:  # the bottom pair of an FPUT run
            tail = rest
        elif low == 2 and rest is None:
            return None
        else:
            tail = _below(tail, buf, low)
            if type(tail) is not LogoList:  # a dotted list ends in a word
                return None


def has_number(I: Any, seq: LogoList, thing: int | float) -> bool:
    """MEMBERP of a number.  A member ``==`` the number is a number equal to it; one
    that is not, and is not a number, is compared by EQUALP's rules (a word spelling
    it).  A list whose members lie in plain runs and FPUT's runs keeps a memo of the
    numbers it holds (SEARCHED, by the list, the oldest of MEMOS_KEPT dropped first,
    all of them when any list changes), which MEMBERP's inline form searches without
    a call: a short list of whole numbers (Python ints, as arithmetic makes them) gets
    its memo at its first search, its members copied a run at a time and their types
    checked in C; a list with other members (words typed, floats, sublists) or past
    FIRST_MEMO members at its second, by _numbers' rules, its first search a walk
    (_walk_number)."""
    memo = SEARCHED.get(id(seq))  # (the memo holds the list: no other has its id)
    if memo is not None:
        numbers = memo[1]
        if numbers is _SEEN:  # the second search of a list with other members
            members = _members(seq)
            numbers = None if members is None else _numbers(members)
            if numbers is None:
                SEARCHED[id(seq)] = (seq, False)
            else:
                SEARCHED[id(seq)] = (seq, _kept(numbers))
                return thing in numbers
        elif numbers is not False:
            return thing in numbers
        return _walk_number(I, seq, thing)
    members = _members(seq, FIRST_MEMO, FIRST_RUNS)  # (a long list: a search may stop
    if len(SEARCHED) >= MEMOS_KEPT:  # at its first member; its memo at its second)
        SEARCHED.pop(next(iter(SEARCHED)), None)  # (the oldest)
    if members is not None and set(map(type, members)) <= _WHOLE:
        SEARCHED[id(seq)] = (seq, _kept(members))
        return thing in members
    SEARCHED[id(seq)] = (seq, _SEEN)
    return _walk_number(I, seq, thing)


def _walk_number(I: Any, seq: LogoList, thing: int | float) -> bool:
    """has_number's answer by a walk: find_number's, without its view, for lists of
    plain runs and FPUT runs; .SETBF's links, long runs and long searches go to
    find_number (Stop, a circular list)."""
    tail = seq
    seen = 0
    while True:
        buf = tail._buf
        rest = buf[1]
        top = tail._hi - 1
        if top == 2:  # one member (FPUT onto a list shared, or a list of one)
            x = buf[2]
            if x == thing:
                return True
            if type(x) is not int and type(x) is not float and _other_is(x, thing):
                return True
            if type(rest) is LogoList:  # the bottom pair links to that list
                seen += 1
                if seen < STRETCH:
                    tail = rest
                    continue
        elif top < 2:  # the empty list
            return False
        elif top - 2 >= STRETCH or (rest is not None and type(rest) is not LogoList):
            return find_number(I, tail, thing) is not None  # (long, or .SETBF's links)
        else:
            for p in range(top, 1, -1):
                x = buf[p]
                if x == thing:
                    return True
                if type(x) is not int and type(x) is not float and _other_is(x, thing):
                    return True
            seen += top - 1
            if type(rest) is LogoList and seen < STRETCH:
                tail = rest
                continue
        if rest is None:
            return False
        return find_number(I, tail, thing) is not None  # (.SETBF's links, a long search)


NUMBERS_SET = 4096  # the most members a list searched again keeps in its memo
SHORT = 16  # a memo of this many members or fewer is a list (``in`` scans it in C)


def _members(seq: LogoList, most: int = NUMBERS_SET,
             runs: range = ONE_PAIRS) -> list[Any] | None:
    """``seq``'s members (last first, as runs hold them), if it has at most ``most``
    members in at most ``len(runs)`` plain runs and FPUT's runs (no .SETBF links);
    else None.  A number is then a member if and only if it is ``in`` _numbers of
    them."""
    members: list[Any] = []
    tail = seq
    for _ in runs:  # (a run of one or more pairs each time)
        hi = tail._hi
        buf = tail._buf
        if hi == 3:
            members.append(buf[2])
        elif hi > 3:
            members += buf[2:hi]
            if len(members) > most:
                return None
        else:
            break
        rest = buf[1]
        if type(rest) is not LogoList:
            if rest is None:
                break
            return None  # (.SETBF's links)
        tail = rest
    else:
        return None  # (a long chain)
    return members


def _kept(numbers: list[Any]) -> Any:
    """A memo of ``numbers``: the list, or a set past SHORT of them."""
    return numbers if len(numbers) <= SHORT else frozenset(numbers)


def _numbers(members: list[Any]) -> list[Any] | None:
    """The numbers ``members`` stand for, or None where one is NaN or stands for NaN,
    or is a thing EQUALP compares in another way.  A number stands for itself, a word
    for the number it spells (EQUALP compares them so: a list typed holds its numbers
    as words), and a word that spells none, a list or an array for nothing, as EQUALP
    never finds them equal to a number.  Two words are the exceptions (_unspelled):
    "inf stands for the infinity that prints so; a NaN, or a word that would equal
    one, keeps the list out of the memo (NaN is equal to nothing, itself included)."""
    out: list[Any] = []
    numbers = _NUMBERS
    for x in members:
        tx = type(x)
        if tx is int or tx is float or tx is bool:
            if x != x:
                return None
            out.append(x)
        elif tx is str or tx is EscapedWord:
            v = numbers.get(x, _UNREAD)
            if v is _UNREAD:
                if len(numbers) >= NUMBERS_KEPT:
                    numbers.clear()
                v = numbers[x] = parse_number(x)
            if v is None:
                v = _unspelled(x)
                if v is _UNREAD:
                    continue
            if v != v:
                return None
            out.append(v)
        elif tx is not LogoList and tx is not LogoArray:
            return None  # (no thing a list holds today: EQUALP's rules decide)
    return out


def _unspelled(word: str) -> Any:
    """The number a word that spells none stands for in _numbers: EQUALP compares a
    number with such a word by the text the number prints as, and only an infinity
    or a NaN prints as a word that spells no number (``inf``, ``-inf``, ``nan``,
    ``-nan``, any case); _UNREAD for every other word."""
    low = word.lower()
    if low == "inf" or low == "-inf":
        return float(low)
    if low == "nan" or low == "-nan":
        return NAN
    return _UNREAD


def _other_is(x: Any, thing: int | float) -> bool:
    """EQUALP of the number ``thing`` and ``x``, not a number (lists and arrays never
    equal a number; a word spelling it does)."""
    tx = type(x)
    if tx is str:
        v = _NUMBERS.get(x, _UNREAD)
        return (v == thing) if v is not None and v is not _UNREAD else _word_is(x, thing)
    return tx is not LogoList and tx is not LogoArray and equalp(thing, x)


def _word_is(x: str, thing: int | float) -> bool:
    """EQUALP of the number ``thing`` and the word ``x`` (a list typed holds its
    numbers as words: ``memberp ? [3 5 7]``), what the word spells found once for
    the next search of it."""
    value = _NUMBERS.get(x, _UNREAD)
    if value is _UNREAD:
        if len(_NUMBERS) >= NUMBERS_KEPT:
            _NUMBERS.clear()
        value = _NUMBERS[x] = parse_number(x)
    if value is not None:
        return value == thing
    return thing - thing != 0 and equalp(thing, x)  # (_unspelled: only an infinity or NaN)


def scan_number(buf: list, top: int, low: int, thing: Any) -> int:
    """A number: numbers by value, words that spell numbers as numbers (lists and
    arrays never equal it)."""
    numbers = _NUMBERS
    odd = thing - thing != 0  # an infinity or NaN: _word_is compares it with every word
    for p in range(top, low - 1, -1):
        x = buf[p]
        tx = type(x)
        if tx is int or tx is float:
            if x == thing:
                return p
        elif tx is str:
            v = numbers.get(x, _UNREAD)
            if v is None:  # a word that spells no number
                if odd and equalp(thing, x):
                    return p
            elif v is _UNREAD:
                if _word_is(x, thing):
                    return p
            elif v == thing:
                return p
        elif tx is not LogoList and tx is not LogoArray and equalp(thing, x):
            return p
    return 0


def scan_word(buf: list, top: int, low: int, thing: str, lowered: str) -> int:
    """A word, case ignored (``lowered`` is its lower case): words by text, numbers as
    EQUALP compares them with a word (lists and arrays never equal it): by value if the
    word spells a number, else by text, which only an infinity or NaN prints as."""
    value = parse_number(thing)
    for p in range(top, low - 1, -1):
        x = buf[p]
        tx = type(x)
        if tx is str:
            if x == thing or x.lower() == lowered:
                return p
        elif tx is int or tx is float:
            if (x == value) if value is not None else (x - x != 0 and equalp(thing, x)):
                return p
        elif tx is not LogoList and tx is not LogoArray and equalp(thing, x):
            return p
    return 0


def scan_any(buf: list, top: int, low: int, thing: Any,
             same: Callable[[Any, Any], bool]) -> int:
    """Anything else (a list, a word while case counts): ``same(thing, member)``."""
    for p in range(top, low - 1, -1):
        if same(thing, buf[p]):
            return p
    return 0
