"""Logo data: words, numbers, lists and arrays, their equality and printed forms.

A Logo *word* is a Python ``str``; a *number* is a Python ``int`` or ``float`` (a word
that looks like a number is a number when arithmetic needs one); ``true`` and ``false``
are the words ``"true"`` and ``"false"``.  A *list* is a :class:`LogoList` (lists.py),
UCBLogo's chain of pairs: ``butfirst`` and ``fput`` cost O(1) and share pairs, which the
mutators ``.setfirst``/``.setbf`` change in place.  An *array* is a :class:`LogoArray`, mutable, with an origin (default 1).
"""

from __future__ import annotations

from typing import Any

from .atoms import FALSE as FALSE
from .atoms import TRUE as TRUE
from .atoms import EscapedWord as EscapedWord
from .atoms import LogoArray as LogoArray
from .atoms import Value as Value
from .atoms import format_number as format_number
from .atoms import is_number as is_number
from .atoms import is_true as is_true
from .atoms import join_words as join_words
from .atoms import logo_bool as logo_bool
from .atoms import parse_number as parse_number
from .lists import EMPTY as EMPTY
from .lists import LogoList as LogoList
from .lists import equalp as equalp


def print_form(x: Value, top: bool = True) -> str:
    """The text ``print`` gives: outer brackets of a list dropped."""
    t = type(x)
    if t is str:
        return x
    if t is int or t is float:
        return format_number(x)
    if t is LogoList:
        if x._buf[1] is None:
            inner = _shallow_form(x, 0)
            if inner is None:
                return _nested_form(x, top)
        else:
            inner = _linked_print_form(x)
        return inner if top else "[" + inner + "]"
    if t is LogoArray:
        return _nested_form(x, top)
    if t is bool:
        return TRUE if x else FALSE
    return str(x)


def _linked_print_form(x: LogoList) -> str:
    """The inside of a list that ``.SETBF`` has touched: a word ending a dotted list
    prints after a dot as UCBLogo prints it (``[1 2  . x]``); a list that runs into
    itself prints its pairs once, then ``...`` (UCBLogo would print forever)."""
    items, end, looped = x.print_parts()
    inner = " ".join(print_form(i, False) for i in items)
    if end is not None:
        inner += "  . " + print_form(end, False)
    if looped:
        inner += " ..."
    return inner


SHORT = 6  # a list longer than this is first looked at as a whole
SHALLOW = 12  # lists nested deeper than this print through _nested_form's stack
_WORDS = frozenset((str, EscapedWord))
_WHOLE_WORDS = frozenset((str, EscapedWord, int))


def _shallow_form(lst: LogoList, depth: int) -> str | None:
    """The inside of a list of words, numbers and plain lists nested at most SHALLOW
    deep, printed by recursion (at depth SHALLOW: words and numbers only); None for
    anything else (an array, a list changed by .SETBF, one that holds itself:
    _nested_form's)."""
    buf = lst._buf
    items = buf[lst._hi - 1:1:-1]  # (the items, first to last: the caller's list is plain)
    if len(items) > SHORT:  # (a long list of words or whole numbers: one pass in C)
        kinds = set(map(type, items))
        if kinds <= _WORDS:  # (a word is its own text, one with bars too: print_form's str)
            return " ".join(items)
        if kinds <= _WHOLE_WORDS:  # (str() of a whole number is format_number's text)
            return " ".join(map(str, items))
    for k, i in enumerate(items):  # (each item replaced by its text)
        t = type(i)
        if t is str:
            continue
        if t is int:
            items[k] = str(i)
        elif t is float:
            items[k] = format_number(i)
        elif t is LogoList:
            if i._buf[1] is not None or depth >= SHALLOW:
                return None
            inner = _shallow_form(i, depth + 1)
            if inner is None:
                return None
            items[k] = "[" + inner + "]"
        elif t is LogoArray:
            return None
        else:
            items[k] = print_form(i)
    return " ".join(items)


_TEXT = object()  # marks a piece of punctuation on _nested_form's stack
MAX_PRINT_PARTS = 20_000_000  # a list printed longer than this (a circular one) is refused


def _nested_form(x: Value, top: bool) -> str:
    """print_form of lists and arrays inside lists, with a stack of its own: a list
    nested 100,000 deep prints in linear time and never overflows Python's stack."""
    parts: list[str] = []
    stack: list[tuple[Any, Any]] = [(x, top)]
    while stack:
        v, arg = stack.pop()
        if v is _TEXT:
            parts.append(arg)
            continue
        t = type(v)
        if t is not LogoList and t is not LogoArray:
            parts.append(print_form(v, False))
            continue
        items = list(v.items if t is LogoArray else v)
        bracket = t is LogoArray or not arg
        if bracket:
            stack.append((_TEXT, "}" if t is LogoArray else "]"))
        for k in range(len(items) - 1, -1, -1):
            stack.append((items[k], False))
            if k:
                stack.append((_TEXT, " "))
        if bracket:
            stack.append((_TEXT, "{" if t is LogoArray else "["))
        if len(parts) > MAX_PRINT_PARTS:
            raise MemoryError("a list too long to print")
    return "".join(parts)


def show_form(x: Value) -> str:
    """The text ``show`` gives: lists keep their brackets."""
    return print_form(x, top=False)


def quoted_form(x: Value) -> str:
    """A value as PO and TRACE write it after MAKE or PPROP: a word with its quote, a
    list in brackets (``Make "x [1 2]``); a word that reads as a number has no quote,
    as in UCBLogo (``Make "x 12`` after ``make "x "12``, ``( f 1 )`` for MAP's ``"1``)."""
    if isinstance(x, str):
        return str(x) if parse_number(str(x)) is not None else '"' + x
    return print_form(x, top=False)


BAR_SPECIAL = frozenset(" \t\n[](){};\"~\\:=<>-+*/?")
MAX_BARRED_DEPTH = 200  # deeper lists are written as SHOW writes them


def barred_form(x: Value, top: bool = False) -> str:
    """The text of a datum in an error message, as UCBLogo writes it: ``show``'s (with
    ``top``, a list without its outer brackets, as a thrown message), but an empty
    word is ``||`` and a word read with a special character escaped is in bars
    (``ascii "|a b|`` -> ascii doesn't like |a b| as input)."""
    try:
        return print_form(_barred(x, 0), top=top)
    except RecursionError:  # pragma: no cover - bounded by MAX_BARRED_DEPTH
        return print_form(x, top=top)


def barred_word(x: str) -> str:
    """A word as it reads back (an error message's, FULLPRINTP's): the empty word is
    ``||``, one with a special character escaped is in bars, an escaped bar alone is
    written ``a\\|b``, as UCBLogo writes them."""
    if x == "":
        return "||"
    if type(x) is not EscapedWord:
        return x
    if any(x[i] in BAR_SPECIAL for i in x.esc):
        return "|" + x + "|"
    return str(x).replace("|", "\\|")  # a\|b: UCBLogo writes the backslash


def _barred(x: Value, depth: int) -> Value:
    t = type(x)
    if t is str or t is EscapedWord:
        return barred_word(x)
    if depth > MAX_BARRED_DEPTH:
        return x
    if t is LogoList and x._buf[1] is None:  # a list .SETBF never touched
        return LogoList([_barred(i, depth + 1) for i in x])
    if t is LogoArray:  # as text: an origin other than 1 shows as {a b}@0
        inner = " ".join(show_form(_barred(i, depth + 1)) for i in x.items)
        return "{" + inner + "}" + ("" if x.origin == 1 else f"@{x.origin}")
    return x


# --- equality ------------------------------------------------------------------------
def to_word(x: Value) -> str:
    """A word's text; a number's printed form."""
    if type(x) is str:
        return x
    return print_form(x)




def fresh_array(arr: LogoArray) -> LogoArray:
    """A new copy of an array typed in a line (``{0 0}``), as UCBLogo gives each time
    the line runs, with the arrays and lists inside it copied too."""
    def copy(v: Any) -> Any:
        t = type(v)
        if t is LogoArray:
            return LogoArray([copy(x) for x in v.items], v.origin)
        if t is LogoList:
            return LogoList([copy(x) for x in v])
        return v
    return copy(arr)
