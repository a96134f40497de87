"""Checks a text before any of it runs: brackets (the reader), TO without END
(workspace.split_definitions), parentheses and the widget lines of a lesson file.
A problem is a LogoError carrying the file and line, so a bad lesson changes nothing."""

from __future__ import annotations

from typing import Any

from ..session.workspace import Definition
from .errors import LogoError
from .runparse import line_tokens, paren_mistake
from .values import LogoList, parse_number

WIDGET_MAKERS = {"newslider": (2, 5), "newbutton": (2, 3), "newtext": (2, 2), "newplot": (2, 2),
                 "newmonitor": (2, 2)}


def _fail(kind: str, line: LogoList, **kw: Any) -> LogoError:
    err = LogoError(kind, **kw)
    err.file, err.lineno = line.src or ("", None)
    return err


def check_parens(line: LogoList, items: list[Any] | None = None) -> None:
    """Every ``(`` of an instruction line is closed on that line, and no ``)`` is extra.
    The line's tokens stay on it for the compiler (runparse.line_tokens).  A line none
    of whose words (``items``, when the caller has them) holds a parenthesis has none
    to check (most lines: not runparsed here, and the trees kept for its words may
    spare that altogether: tree_cache.py)."""
    for word in line.items() if items is None else items:
        if isinstance(word, str) and ("(" in word or ")" in word):
            break
    else:
        return
    mistake = paren_mistake(line_tokens(line))
    if mistake is not None:
        raise _fail(mistake, line)


def check_widget_line(line: LogoList, items: list[Any] | None = None) -> None:
    """``newslider "name [x y] min max value``: the position is two numbers and the
    numeric inputs given literally are numbers (``items``: the line's, if known)."""
    if items is None:
        items = line.items()
    first = items[0] if items else None
    head = first.lower().lstrip("(") if isinstance(first, str) else ""
    if head not in WIDGET_MAKERS:
        return
    pos_index, n_numbers = WIDGET_MAKERS[head]
    if len(items) <= pos_index:
        raise _fail("not_enough_inputs", line, who=head)
    pos = items[pos_index]
    if not (isinstance(pos, LogoList) and len(pos) == 2 and all(
            _numeric(x) for x in pos)):
        raise _fail("doesnt_like", line, who=head, what=pos)
    if head == "newslider":
        for x in items[pos_index + 1:pos_index + 1 + n_numbers - 2]:
            if isinstance(x, (LogoList,)) or (isinstance(x, str) and not _numeric(x)
                                              and not x.startswith(":")):
                raise _fail("doesnt_like", line, who=head, what=x)


def _numeric(x: Any) -> bool:
    return isinstance(x, (int, float)) or (isinstance(x, str) and
                                           parse_number(x.rstrip(")")) is not None)


def check_text(items: list[Any], parens: bool = True) -> None:
    """Check the instruction lines and definitions of a text (see workspace).  Without
    ``parens`` (the text has no parenthesis, so no word of it holds one) there are no
    parentheses to check: only the widget lines are looked at."""
    for item in items:
        if isinstance(item, Definition):
            if parens:
                for line in item.body:
                    check_parens(line)
            continue
        words = None
        if parens:
            words = item.items()
            check_parens(item, words)
            head = words[0] if words else None
        else:
            head = item.first() if item else None
        if isinstance(head, str) and head.lower().lstrip("(") in WIDGET_MAKERS:
            check_widget_line(item, words)
