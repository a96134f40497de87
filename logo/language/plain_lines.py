"""The reader's fast path (reader.read_lines): plain physical lines, read at once.

Most lines of a text are plain: words split at white space, and brackets, if any,
closed on the line.  ``plain_lines`` reads a stretch of them as the reader's token loop
would, and leaves the first line that is not plain (a character that escapes, continues,
comments, uses bars or makes an array; a bracket left open; a paren going on) to it.
"""

from __future__ import annotations

import re
from typing import Any

from .values import LogoList

# a physical line the fast path cannot read (the token loop reads it): a character that
# escapes, continues, comments, bars or makes an array, or white space the grammar does
# not skip.  (Parentheses are plain: at a line's start none is open, as the line before
# ended; whether this line's newline ends it is ``continued``'s to say.)
_NOT_PLAIN = re.compile(r"[{};|\\~]|[^\S \t\f\r\n]")
_BRACKETED = re.compile(r"[^ \t\f\r\[\]]+|[\[\]]")


def plain_lines(text: str, pos: int, line: int, file: str, blank: bool,
                 continued: Any, lines: list[LogoList]) -> tuple[int, int]:
    """Read the plain physical lines from ``pos`` (a line's start, nothing open) at
    once, as the token loop would read them: words split at white space, brackets
    closed on the line.  The position and line number of the first line it leaves to
    the token loop (or the text's end).  The lines are cut out a run at a time (a run
    grows while none is left to the token loop: little is cut for nothing)."""
    odd = _NOT_PLAIN.search(text, pos)  # the first character that is not plain
    stop = len(text) if odd is None else odd.start()
    size = 512
    while pos < stop:
        last = text.rfind("\n", pos, min(stop, pos + size))  # a run's last line's end
        if last < 0:
            if pos + size >= stop:
                break
            size *= 4
            continue
        run = text[pos:last].split("\n")
        pos, line, done = _plain_run(run, pos, line, file, blank, continued, lines)
        if done < len(run):
            break
        size = min(size * 2, 1 << 16)
    return pos, line


def _plain_run(run: list[str], pos: int, line: int, file: str, blank: bool,
               continued: Any, lines: list[LogoList]) -> tuple[int, int, int]:
    """plain_lines' lines of a run (each ended by a newline), from ``pos``: the next
    position and line number, and how many lines of the run were read."""
    append = lines.append
    done = 0
    for physical in run:
        nl = pos + len(physical)
        if continued and nl in continued:
            break
        if "[" not in physical and "]" not in physical:
            words = physical.split()
            if words:
                append(LogoList(words, src=(file, line)))
            elif blank:
                append(LogoList((), src=(file, line)))
        else:
            items = _bracketed(physical, file, line)
            if items is None:
                break
            if items:
                first = items[0]
                start = line if type(first) is str else first.src[1]
                append(LogoList(items, src=(file, start)))
            elif blank:
                append(LogoList((), src=(file, line)))
        pos, line, done = nl + 1, line + 1, done + 1
    return pos, line, done


def _bracketed(physical: str, file: str, line: int) -> list[Any] | None:
    """The items of a plain line with brackets, or None when its brackets do not close
    on it (the token loop reads it, and reports what is wrong).  A list's position is
    the line when a word is in it (at any depth), else 0, as the token loop gives."""
    opening, closing = physical.find("["), physical.rfind("]")
    if 0 <= opening < closing and physical.count("[") == 1 and physical.count("]") == 1:
        inner = physical[opening + 1:closing].split()  # (the usual: one list, flat)
        return [*physical[:opening].split(), LogoList(inner, src=(file, line if inner else 0)),
                *physical[closing + 1:].split()]
    current: list[Any] = []
    stack: list[tuple[list[Any], bool]] = []  # each [ open: its items, a word in it?
    items, worded = current, False
    for tok in _BRACKETED.findall(physical):
        if tok == "[":
            stack.append((items, worded))
            items, worded = [], False
        elif tok == "]":
            if not stack:
                return None
            done = LogoList(items, src=(file, line if worded else 0))
            items, outer = stack.pop()
            worded = outer or worded
            items.append(done)
        else:
            items.append(tok)
            worded = True
    return None if stack else current
