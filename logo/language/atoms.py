"""Logo atoms: words, numbers and arrays, below lists (lists.py) and the printed forms
(values.py, which re-exports all of this).

A Logo *word* is a Python ``str`` (an :class:`EscapedWord` when some of its characters
were escaped); a *number* is a Python ``int`` or ``float`` (a word that looks like a
number is a number when arithmetic needs one); ``true`` and ``false`` are the words
``"true"`` and ``"false"``.  An *array* is a :class:`LogoArray`, mutable, with an origin.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from typing import Any

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


class ShownName(str):
    """A name kept in lower case (a property of a property list: names are not case
    sensitive) that remembers how it was first written, to be shown that way
    (``pprop "pl "X -3 show plist "pl`` is ``[X -3]``, as in UCBLogo)."""

    shown: str

    def __new__(cls, name: str) -> ShownName:
        obj = super().__new__(cls, name.lower())
        obj.shown = name
        return obj


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
        return f"LogoArray({self.items!r}, origin={self.origin})"


# --- numbers -------------------------------------------------------------------------
_NUMBER_RE = re.compile(r"-?(\d+\.?\d*|\.\d+)([eE][+-]?\d*)?\Z")


def parse_number(word: str) -> int | float | None:
    """The number a word spells, or None.  ``"0012"`` -> 12, ``"1e3"`` -> 1000.0.

    As in UCBLogo, a word with fraction digits or an exponent, or of 10 or more
    characters, reads as a float; ``"5."`` is the integer 5; ``"+5"`` is no number;
    the exponent's digits may be missing (``"1e"`` is 1, as C's strtod reads it)."""
    if len(word) < 10 and word.isdigit() and word.isascii():  # the common case: 12
        return int(word)
    if not word:
        return None
    first = word[0]  # (a number begins with -, . or a decimal digit: \d is isdecimal)
    if (first != "-" and first != "." and not first.isdecimal()) or not _NUMBER_RE.match(word):
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
    """A number as UCBLogo prints it: 1, 2.5, 0.333333333333333, 1e+20, 1e-05, -0."""
    if type(x) is int:
        return str(x)
    if x == x:  # (15 significant digits: a whole float below 1e15 without a point, inf)
        return f"{x:.15g}"
    return "-nan" if math.copysign(1.0, x) < 0 else "nan"


def atom_equal(a: Value, b: Value) -> bool:
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
        number = na if nb is None else nb  # (a finite number prints as a number's text)
        if (type(number) is int or type(number) is float) and number - number == 0:
            return False
        return _text(a).lower() == _text(b).lower()
    return bool(a == b)


def _text(x: Value) -> str:
    """An atom's text: a word as it is, a number as it prints."""
    t = type(x)
    return format_number(x) if t is int or t is float else str(x)


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
