"""Long work in a primitive, done in chunks with a look at Stop between them.

A primitive that may make or walk millions of members (ISEQ, RSEQ, SENTENCE of long
lists, REVERSE onto a list...) works through them a chunk at a time and calls
``I.check_stop()`` between chunks, so Stop, Ctrl-C and the time and memory limits end it
within a chunk's time (a few milliseconds) with the error naming it.  Short inputs take
one chunk and pay one attribute test.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any

from ..language.values import LogoArray, LogoList, print_form

CHUNK = 1 << 16  # members between looks at Stop (~1-10 ms of work)


def mapped(I: Any, fn: Callable[[Any], Any], items: Iterable[Any]) -> list[Any]:
    """``[fn(x) for x in items]``, looking at Stop every CHUNK members."""
    out: list[Any] = []
    it = iter(items)
    while True:
        part = list(map(fn, islice(it, CHUNK)))
        out += part
        if len(part) < CHUNK:
            return out
        I.check_stop()


def found(I: Any, pred: Callable[[Any], bool], items: Iterable[Any]) -> bool:
    """``any(map(pred, items))``, looking at Stop every CHUNK members."""
    it = iter(items)
    while True:
        part = list(islice(it, CHUNK))
        if any(map(pred, part)):
            return True
        if len(part) < CHUNK:
            return False
        I.check_stop()


def long_lists_equal(I: Any, a: Any, b: Any,
                     compare: Callable[[Any, Any], bool]) -> bool | None:
    """For two lists longer than a CHUNK: whether ``compare`` finds them equal, chunk by
    chunk (a look at Stop between); None for anything else, or for a list that ends in
    a word or runs into itself (the caller compares as usual)."""
    if type(a) is not LogoList or type(b) is not LogoList or len(a) <= CHUNK:
        return None
    if len(a) != len(b):
        return False
    xs, end_a, loops_a = a.print_parts()
    ys, end_b, loops_b = b.print_parts()
    if loops_a or loops_b or end_a is not None or end_b is not None:
        return None
    for lo in range(0, len(xs), CHUNK):
        if not compare(LogoList(xs[lo:lo + CHUNK]), LogoList(ys[lo:lo + CHUNK])):
            return False
        I.check_stop()
    return True


def extended(I: Any, parts: Iterable[Iterable[Any]]) -> list[Any]:
    """The members of ``parts`` one after another, looking at Stop between parts
    (give parts of at most about CHUNK members)."""
    out: list[Any] = []
    for k, part in enumerate(parts):
        if k:
            I.check_stop()
        out += part
    return out


def printed(I: Any, x: Any, top: bool = True) -> str:
    """``print_form(x, top)`` (SHOW's form with ``top`` false), made a chunk of members
    at a time for a long list or array, looking at Stop between chunks."""
    t = type(x)
    if (t is not LogoList and t is not LogoArray) or len(x) <= CHUNK:
        return print_form(x, top)
    if t is LogoList:
        items, end, loops = x.print_parts()
        if end is not None or loops:  # a dotted or circular list: print_form's care
            return print_form(x, top)
        inner = " ".join(_chunk_forms(I, items))
        return inner if top else "[" + inner + "]"
    inner = " ".join(_chunk_forms(I, x.items))
    empty = print_form(LogoArray([], x.origin), top)  # "{}" and its origin, if shown
    return empty[:1] + inner + empty[1:]


def _chunk_forms(I: Any, items: list[Any]) -> list[str]:
    forms = []
    for lo in range(0, len(items), CHUNK):
        forms.append(print_form(LogoList(items[lo:lo + CHUNK])))
        I.check_stop()
    return forms
