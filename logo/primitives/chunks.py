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


def extended(I: Any, parts: Iterable[Iterable[Any]]) -> list[Any]:
    """The members of ``parts`` one after another, looking at Stop after each part
    (give parts of at most about CHUNK members)."""
    out: list[Any] = []
    for part in parts:
        out += part
        I.check_stop()
    return out
