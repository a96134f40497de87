"""Logo data: words, numbers, lists and arrays, their equality and printed forms.

A Logo *word* is a Python ``str``; a *number* is a Python ``int`` or ``float`` (a word
that looks like a number is a number when arithmetic needs one); ``true`` and ``false``
are the words ``"true"`` and ``"false"``.  A *list* is a :class:`LogoList` (lists.py),
UCBLogo's chain of pairs: ``butfirst`` and ``fput`` cost O(1) and share pairs, which the
mutators ``.setfirst``/``.setbf`` change in place.  An *array* is a :class:`LogoArray`, mutable, with an origin (default 1).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from typing import Any

from .lists import EMPTY as EMPTY
from .lists import LogoList as LogoList

Value = Any  # str | int | float | LogoList | LogoArray

TRUE = "true"
FALSE = "false"


class EscapedWord(str):
    """A word some of whose characters were escaped with ``\\`` or ``|bars|`` when it
    was read: ``esc`` holds their positions.  As in UCBLogo the marks travel with the
    word (``word``, ``butfirst``...) and escaped characters are never delimiters when the
    word is run or parsed again (``runparse "|3+4|`` is ``[3+4]``).  Everywhere else it
    is an ordinary word (it equals the plain ``str`` with the same characters)."""

    esc: frozenset[int]
    # False for a word read with backslashes and no bars: typed as a quoted word in an
    # instruction ("a\+b), its value is the plain word, as in UCBLogo
    bars = True

    def __new__(cls, text: str, esc: Iterable[int] = ()) -> EscapedWord:
        obj = super().__new__(cls, text)
        obj.esc = frozenset(esc)
        return obj

    def raw(self) -> str:
        """The word written back with a backslash before each escaped character."""
        esc = self.esc
        return "".join("\\" + ch if i in esc else ch for i, ch in enumerate(self))

    def part(self, start: int, stop: int | None = None) -> str:
        """``self[start:stop]`` with its marks (a plain ``str`` when none are left)."""
        text = str.__getitem__(self, slice(start, stop))
        lo = start if start >= 0 else max(len(self) + start, 0)
        esc = [i - lo for i in self.esc if 0 <= i - lo < len(text)]
        return EscapedWord(text, esc) if esc else text


def join_words(parts: Iterable[str]) -> str:
    """The words joined into one, keeping the escape marks of the parts."""
    text: list[str] = []
    esc: list[int] = []
    n = 0
    for part in parts:
        if type(part) is EscapedWord:
            esc.extend(i + n for i in part.esc)
        text.append(part)
        n += len(part)
    joined = "".join(text)
    return EscapedWord(joined, esc) if esc else joined


class LogoArray:
    """A Logo array: a mutable row of items with an index origin (1 unless given)."""

    __slots__ = ("items", "origin")

    def __init__(self, items: Iterable[Value], origin: int = 1):
        self.items = list(items)
        self.origin = origin

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[Value]:
        return iter(self.items)

    def __repr__(self) -> str:
        return "LogoArray(" + show_form(self) + ")"


# --- numbers -------------------------------------------------------------------------
_NUMBER_RE = re.compile(r"-?(\d+\.?\d*|\.\d+)([eE][+-]?\d*)?\Z")


def parse_number(word: str) -> int | float | None:
    """The number a word spells, or None.  ``"0012"`` -> 12, ``"1e3"`` -> 1000.0.

    As in UCBLogo, a word with fraction digits or an exponent, or of 10 or more
    characters, reads as a float; ``"5."`` is the integer 5; ``"+5"`` is no number;
    the exponent's digits may be missing (``"1e"`` is 1, as C's strtod reads it)."""
    if not word or not _NUMBER_RE.match(word):
        return None
    if "e" in word or "E" in word:
        return float(word if word[-1].isdigit() else word.rstrip("+-").rstrip("eE"))
    if len(word) >= 10:
        return float(word)
    dot = word.find(".")
    if dot >= 0:
        if dot == len(word) - 1:
            return int(word[:-1])
        return float(word)
    return int(word)


def is_number(x: Value) -> bool:
    t = type(x)
    if t is int or t is float:
        return True
    if t is str or t is EscapedWord:
        return parse_number(x) is not None
    return t is bool


def format_number(x: int | float) -> str:
    """A number as UCBLogo prints it: 1, 2.5, 0.333333333333333, 1e+20, 1e-05."""
    if type(x) is int:
        return str(x)
    if x != x:
        return "-nan" if math.copysign(1.0, x) < 0 else "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if x == 0 and math.copysign(1.0, x) < 0:
        return "-0"
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    text = f"{x:.15g}"
    return text


def print_form(x: Value, top: bool = True) -> str:
    """The text ``print`` gives: outer brackets of a list dropped."""
    t = type(x)
    if t is str:
        return x
    if t is int or t is float:
        return format_number(x)
    if t is LogoList:
        if x._buf[1] is None:
            inner = _flat_form(x)
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


def _flat_form(lst: LogoList) -> str | None:
    """A list of words and numbers only, printed; None if it holds a list or array."""
    parts = []
    for i in lst:
        t = type(i)
        if t is str:
            parts.append(i)
        elif t is int or t is float:
            parts.append(format_number(i))
        elif t is LogoList or t is LogoArray:
            return None
        else:
            parts.append(print_form(i))
    return " ".join(parts)


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


BAR_SPECIAL = frozenset(" \t\n[](){};\"~\\:=<>-+*/?")
MAX_BARRED_DEPTH = 200  # deeper lists are written as SHOW writes them


def barred_form(x: Value) -> str:
    """The text of a datum in an error message, as UCBLogo writes it: ``show``'s, but
    an empty word is ``||`` and a word read with a special character escaped is in
    bars (``ascii "|a b|`` -> ascii doesn't like |a b| as input)."""
    try:
        return show_form(_barred(x, 0))
    except RecursionError:  # pragma: no cover - bounded by MAX_BARRED_DEPTH
        return show_form(x)


def _barred(x: Value, depth: int) -> Value:
    t = type(x)
    if t is str or t is EscapedWord:
        if x == "":
            return "||"
        if t is str:
            return x
        if any(x[i] in BAR_SPECIAL for i in x.esc):
            return "|" + x + "|"
        return str(x).replace("|", "\\|")  # a\|b: UCBLogo writes the backslash
    if depth > MAX_BARRED_DEPTH:
        return x
    if t is LogoList and x._buf[1] is None:  # a list .SETBF never touched
        return LogoList([_barred(i, depth + 1) for i in x])
    if t is LogoArray:  # as text: an origin other than 1 shows as {a b}@0
        inner = " ".join(show_form(_barred(i, depth + 1)) for i in x.items)
        return "{" + inner + "}" + ("" if x.origin == 1 else f"@{x.origin}")
    return x


# --- equality ------------------------------------------------------------------------
def equalp(a: Value, b: Value) -> bool:
    """UCBLogo's ``equalp``: numbers by value, words ignoring case, lists item by item,
    arrays by identity.  Lists are walked with a stack of their own, so a list nested
    100,000 deep compares as quickly as a long flat one."""
    ta, tb = type(a), type(b)
    if ta is not LogoList and tb is not LogoList:
        if ta is tb and (ta is int or ta is float):  # the common case, without a call
            return bool(a == b)
        return _atom_equal(a, b)
    todo = [(a, b)]
    while todo:
        x, y = todo.pop()
        tx, ty = type(x), type(y)
        if tx is LogoList or ty is LogoList:
            if tx is not ty or len(x) != len(y):
                return False
            todo.extend(zip(x, y))
        elif not _atom_equal(x, y):
            return False
    return True


def _atom_equal(a: Value, b: Value) -> bool:
    """``equalp`` of two things that are not lists."""
    ta, tb = type(a), type(b)
    if ta is EscapedWord:
        ta = str
    if tb is EscapedWord:
        tb = str
    if ta is LogoArray or tb is LogoArray:
        return a is b
    if ta is str and tb is str:  # two words compare as text, ignoring case
        return a == b or a.lower() == b.lower()
    if ta is str or tb is str:  # a word and a number compare as numbers if they can
        na = a if ta is not str else parse_number(a)
        nb = b if tb is not str else parse_number(b)
        if na is not None and nb is not None:
            return bool(na == nb)
        return to_word(a).lower() == to_word(b).lower()
    return bool(a == b)


def to_word(x: Value) -> str:
    """A word's text; a number's printed form."""
    if type(x) is str:
        return x
    return print_form(x)


def is_true(x: Value) -> bool | None:
    """True/False for the words true/false (any case), None for anything else."""
    if type(x) is str or type(x) is EscapedWord:
        low = x.lower()
        if low == TRUE:
            return True
        if low == FALSE:
            return False
    elif type(x) is bool:
        return x
    return None


def logo_bool(b: bool) -> str:
    return TRUE if b else FALSE
