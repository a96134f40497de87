"""PRINT, TYPE and SHOW under UCBLogo's printing variables, as UCBLogo 6.2.2 prints.

- ``PRINTDEPTHLIMIT`` *n*: a thing nested *n* deep (a list's members one deeper than
  the list; PRINT's outer list, whose brackets are not printed, takes no depth) is
  printed ``...``: ``make "printdepthlimit 1 print [a [b]]`` prints ``a [...]``.
- ``PRINTWIDTHLIMIT`` *n*: after *n* members of a list (or array) the rest are ``...``
  (``a b c ...``; 0 sets no limit for lists, an array is ``{...}``), and a word longer
  than *n* characters (at least 10) is cut there, then ``...``.
- ``FULLPRINTP`` true: words are printed so that they read back as themselves, as
  error messages write them (``values.barred_word``): the empty word as ``||``, a word
  with special characters escaped in bars (``|a b|``); an array's origin other than 1
  follows it (``{a b}@0``).

A limit is a whole number (or a word that is one) of 0 or more; anything else sets
none, as in UCBLogo.  With none of the three set, printing is ``print_form``'s.
"""

from __future__ import annotations

import sys
from typing import Any, NamedTuple

from .atoms import LogoArray, format_number, parse_number
from .lists import LogoList
from .values import FALSE, MAX_PRINT_PARTS, TRUE, barred_word

NAMES = ("printdepthlimit", "printwidthlimit", "fullprintp")
# FULLPRINTP's value in a new workspace: this very object (the compiled PRINT knows no
# printing variable is set while the table holds it, print_forms.UNLIMITED)
INITIAL_FULLPRINTP = sys.intern("false")
WORD_LEAST = 10  # a word is cut at PRINTWIDTHLIMIT characters, but never under this
DOTS = "..."


class Limits(NamedTuple):
    """The printing variables in effect (-1: no limit)."""

    depth: int
    width: int
    full: bool


def limits(V: dict[str, Any]) -> Limits | None:
    """The printing variables set in the variable table ``V``; None when none is."""
    if "printdepthlimit" not in V and "printwidthlimit" not in V and \
            V.get("fullprintp") is INITIAL_FULLPRINTP:  # (as a new workspace has them)
        return None
    depth, width = _whole(V.get("printdepthlimit")), _whole(V.get("printwidthlimit"))
    full = V.get("fullprintp")
    full = isinstance(full, str) and full.lower() == TRUE
    if depth < 0 and width < 0 and not full:
        return None
    return Limits(depth, width, full)


def _whole(value: Any) -> int:
    if type(value) is not int and isinstance(value, str):
        value = parse_number(value)
    return value if type(value) is int and value >= 0 else -1


_TEXT = object()  # marks a piece of text on limited_form's stack


def limited_form(x: Any, top: bool, lim: Limits) -> str:
    """The text of ``x`` as PRINT (``top``: a list's outer brackets dropped) or SHOW
    prints it under ``lim``.  Nesting is walked with a stack of its own."""
    parts: list[str] = []
    stack: list[tuple[Any, Any]] = []
    if top and type(x) is LogoList:
        _push_members(stack, x, lim.depth, lim)
    else:
        stack.append((x, lim.depth))
    while stack:
        v, depth = stack.pop()
        if v is _TEXT:
            parts.append(depth)
        elif depth == 0:
            parts.append(DOTS)
        elif type(v) is LogoList:
            stack.append((_TEXT, "]"))
            _push_members(stack, v, depth - 1, lim)
            stack.append((_TEXT, "["))
        elif type(v) is LogoArray:
            origin = f"@{v.origin}" if lim.full and v.origin != 1 else ""
            stack.append((_TEXT, "}" + origin))
            _push_array(stack, v, depth - 1, lim)
            stack.append((_TEXT, "{"))
        else:
            parts.append(word_form(v, lim))
        if len(parts) > MAX_PRINT_PARTS:  # (a list that holds itself, with no depth limit)
            raise MemoryError("a list too long to print")
    return "".join(parts)


def _push_members(stack: list, lst: LogoList, depth: int, lim: Limits) -> None:
    """A list's members, to be printed in order (the stack is popped from its end):
    after PRINTWIDTHLIMIT of them, ``...`` if more follow."""
    items, end, looped = lst.print_parts()
    tail = []
    if lim.width > 0 and len(items) > lim.width:
        items, end, looped = items[:lim.width], None, False
        tail.append(DOTS)
    elif end is not None:
        tail.append(" . " + word_form(end, lim))  # (after the space before it: "1  . x")
    elif looped:
        tail.append(DOTS)
    pieces: list[tuple[Any, Any]] = [(item, depth) for item in items]
    pieces += [(_TEXT, text) for text in tail]
    for k in range(len(pieces) - 1, -1, -1):
        stack.append(pieces[k])
        if k:
            stack.append((_TEXT, " "))


def _push_array(stack: list, arr: LogoArray, depth: int, lim: Limits) -> None:
    items = arr.items
    shown = items if lim.width < 0 else items[:lim.width]
    if len(shown) < len(items):
        stack.append((_TEXT, (" " if shown else "") + DOTS))
    for k in range(len(shown) - 1, -1, -1):
        stack.append((shown[k], depth))
        if k:
            stack.append((_TEXT, " "))


def word_form(x: Any, lim: Limits) -> str:
    """A word's (or number's) text, cut at the width limit, else with FULLPRINTP's
    bars or backslashes."""
    t = type(x)
    if t is int or t is float:
        text = format_number(x)
    elif t is bool:
        text = TRUE if x else FALSE
    else:
        text = str(x)
    most = max(lim.width, WORD_LEAST)
    if lim.width >= 0 and len(text) > most:
        return text[:most] + DOTS
    if not lim.full or not isinstance(x, str):
        return text
    return barred_word(x)
