"""Input checks shared by primitives: each returns the converted input or raises
``doesnt_like`` with ``who`` left empty; the evaluator fills in the name the user typed."""

from __future__ import annotations

from typing import Any

from ..errors import LogoError
from ..values import EscapedWord, LogoArray, LogoList, is_true, parse_number, print_form


def bad(x: Any) -> LogoError:
    return LogoError("doesnt_like", what=x)


def out_of_range(index: Any) -> LogoError:
    """An index past the end: UCBLogo's unrecoverable "doesn't like" (error code 4)."""
    return LogoError("doesnt_like_unrec", what=index)


def as_primitive(name: str, fn: Any, *args: Any) -> Any:
    """``fn(*args)`` for a library procedure that UCBLogo writes in Logo: an input error
    is reported by the primitive it uses there (POP's empty stack is FIRST's error)."""
    try:
        return fn(*args)
    except LogoError as err:
        if err.who is None:
            err.who = name
        raise


def num(x: Any) -> int | float:
    """A number input (a numeric word counts)."""
    t = type(x)
    if t is int or t is float:
        return x
    if t is str or t is EscapedWord:
        n = parse_number(x)
        if n is not None:
            return n
    raise bad(x)


def integer(x: Any) -> int:
    """An integer input (3.0 counts as 3)."""
    n = num(x)
    if isinstance(n, float):
        if n != int(n):
            raise bad(x)
        return int(n)
    return n


def word(x: Any) -> str:
    """A word input; numbers are words too."""
    t = type(x)
    if t is str or t is EscapedWord:
        return x
    if t is int or t is float:
        return print_form(x)
    raise bad(x)


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
