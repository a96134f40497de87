"""Input checks shared by primitives: each returns the converted input or raises
``doesnt_like`` with ``who`` left empty; the evaluator fills in the name the user typed."""

from __future__ import annotations

import math
from typing import Any

from ..language.errors import LogoError
from ..language.values import EscapedWord, LogoArray, LogoList, is_true, parse_number, print_form


def bad(x: Any) -> LogoError:
    return LogoError("doesnt_like", what=x)


def out_of_range(index: Any) -> LogoError:
    """An index past the end: UCBLogo's unrecoverable "doesn't like" (error code 4)."""
    return LogoError("doesnt_like_unrec", what=index)


def unrec(x: Any, who: str | None = None) -> LogoError:
    """UCBLogo's unrecoverable "doesn't like" (error code 4): division by zero, bad
    bitwise inputs."""
    return LogoError("doesnt_like_unrec", who=who, what=x)


def as_float(x: int | float) -> float:
    """float(x), with inf for an integer too big for a float."""
    try:
        return float(x)
    except OverflowError:
        return math.inf if x > 0 else -math.inf


def as_primitive(name: str, fn: Any, *args: Any) -> Any:
    """``fn(*args)`` for a library procedure that UCBLogo writes in Logo: an input error
    is reported by the primitive it uses there (POP's empty stack is FIRST's error)."""
    try:
        return fn(*args)
    except LogoError as err:
        if err.who is None:
            err.who = name
        raise


_FLOAT_MAX = 2 ** 1024  # an integer this large has no float: it counts as infinite


def num(x: Any) -> int | float:
    """A number input (a numeric word counts).  An integer too large for a float is
    infinity here, so ``float(num(x))`` never overflows."""
    t = type(x)
    if t is float:
        return x
    if t is int:
        return x if -_FLOAT_MAX < x < _FLOAT_MAX else (math.inf if x > 0 else -math.inf)
    if (t is str or t is EscapedWord) and (n := word_number(x)) is not None:
        return n
    raise bad(x)


def word_number(x: str) -> int | float | None:
    """The number a word spells, or None: ``"12e`` (an exponent with no digits) is
    UCBLogo's integer 12."""
    n = parse_number(x)
    if type(n) is float and x[-1] in "eE" and n.is_integer():
        return int(n)
    return n


def integer(x: Any) -> int:
    """An integer input (3.0 counts as 3; infinity and NaN do not)."""
    if type(x) is int:
        return x
    n = num(x)
    if isinstance(n, float):
        if not n.is_integer():
            raise bad(x)
        return int(n)
    return n


def index(x: Any) -> int:
    """An index input (ITEM, SETITEM, ``?``, ``?REST``), as UCBLogo's 32-bit integer
    input takes it: a whole number from -2147483647 to 2147483646 (``"007``, ``"1e2`` and
    3.0 count); anything else is a bad input, named as given (``"1e20``, code 7).  An
    index in range but past the data is the caller's ``out_of_range`` of the number."""
    i = integer(x)
    if not -MAXLOGOINT <= i < MAXLOGOINT:
        raise bad(x)
    return i


# --- numbers as the page, counts, sizes and indexes see them ---------------------------
# Every Logo number that becomes a page coordinate, a count, a size or a time passes
# through one of these, with its limit and its Logo error.
MAXLOGOINT = 0x7FFFFFFF  # UCBLogo's limit on a screen coordinate ("turtle out of bounds")
MAX_ITEMS = 50_000_000  # an array or a word longer than this is refused before it is made
MAX_PEN = 1000.0  # turtle steps: wider than the page's diagonal
MAX_LABEL = 1000.0
MAX_SCRUNCH = 1e6


def finite(x: Any) -> int | float:
    """A number input that is not infinity or NaN (``fd 1e400``)."""
    n = num(x)
    if type(n) is float and not math.isfinite(n):
        raise bad(x)
    return n


def coordinate(x: Any) -> float:
    """A page coordinate or a distance in turtle steps: beyond 2^31 steps (or infinite)
    it is UCBLogo's "turtle out of bounds"."""
    n = float(num(x))
    if not -MAXLOGOINT <= n <= MAXLOGOINT:  # NaN fails this too
        raise LogoError("out_of_bounds")
    return n


def count(x: Any) -> int:
    """A count (REPEAT, ARRAY's size...): a non-negative whole number, 3.0 counting as 3."""
    t = type(x)
    if t is int and x >= 0:
        return x
    n = integer(x)
    if n < 0:
        raise bad(x)
    return n


def items_count(x: Any) -> int:
    """How many members to make (ARRAY, MDARRAY): a count no larger than MAX_ITEMS."""
    n = count(x)
    if n > MAX_ITEMS:
        raise bad(x)
    return n


def size(x: Any, limit: float, zero: bool = True) -> float:
    """A size (pen width, label height, scrunch): a finite number from 0 (or above 0
    when ``zero`` is false) up to ``limit``."""
    n = float(num(x))
    if not (0.0 <= n <= limit) or (n == 0.0 and not zero):
        raise bad(x)
    return n


MAX_SECONDS = 1e9  # a time in seconds (a walk, a film, an animation): about 32 years


def _bound_text(v: float) -> str:
    return print_form(int(v)) if float(v).is_integer() else print_form(v)


def in_range(x: Any, low: float, high: float) -> float:
    """A number from ``low`` to ``high`` (both included) as a float; beyond them, or
    infinite, or NaN, it is "doesn't like" with a line naming the range."""
    n = float(num(x))
    if not low <= n <= high:  # NaN fails this too
        raise LogoError("doesnt_like", what=x, hint="hint.range",
                        low=_bound_text(low), high=_bound_text(high))
    return n


def whole_in(x: Any, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (3.0 counts as 3), as :func:`in_range`."""
    n = integer(x) if type(x) is not int else x
    if not low <= n <= high:
        raise LogoError("doesnt_like", what=x, hint="hint.range",
                        low=_bound_text(low), high=_bound_text(high))
    return n


def seconds(x: Any, limit: float = MAX_SECONDS) -> float:
    """A time in seconds (a walk, a film, an animation): from 0 up to ``limit``."""
    return in_range(x, 0.0, limit)


def sixtieths(x: Any) -> float:
    """A time in 60ths of a second (WAIT): finite and not negative."""
    n = float(num(x))
    if not 0.0 <= n < 1e12:
        raise bad(x)
    return n


def word(x: Any) -> str:
    """A word input; numbers are words too."""
    t = type(x)
    if t is str or t is EscapedWord:
        return x
    if t is int or t is float:
        return print_form(x)
    raise bad(x)


def lower_word(x: Any) -> str:
    """A word input in lower case: a name (names ignore case)."""
    return x.lower() if type(x) is str else word(x).lower()


def lst(x: Any) -> LogoList:
    if type(x) is LogoList:
        return x
    raise bad(x)


def array(x: Any) -> LogoArray:
    if type(x) is LogoArray:
        return x
    raise bad(x)


def boolean(x: Any) -> bool:
    b = is_true(x)
    if b is None:
        raise bad(x)
    return b


def word_or_list(x: Any) -> str | LogoList:
    if type(x) is LogoList:
        return x
    return word(x)
