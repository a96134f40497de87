"""The reader: Logo text -> Logo data.

``read_lines(text, file)`` gives the instruction lines of a text as :class:`LogoList`
values, each carrying its source position ``(file, line)``; nested lists carry the
position of their ``[``.  As in UCBLogo a line goes on over the next lines while a
``[``, ``{`` or ``(`` is open, or after a final ``~``.  Words come back as ``str`` (an
:class:`EscapedWord`, which remembers which characters were protected, when ``\\`` or
``|...|`` protected some, so that runparse never splits at those).
The grammar is ``grammar.lark``; the parser is built once per process, on first use.
"""

from __future__ import annotations

import functools
import os
import re
import tempfile
from typing import Any

from .errors import LogoError
from .values import EscapedWord, LogoArray, LogoList

__all__ = ["EscapedWord", "decode_word", "read_lines", "read_list", "source_blocks"]


@functools.lru_cache(maxsize=1)
def _parser() -> Any:
    import lark  # lazy: start-up time (lark loads on first read)

    return lark.Lark.open("grammar.lark", rel_to=__file__, parser="lalr",
                          propagate_positions=False, maybe_placeholders=False,
                          cache=_cache_file())


def _cache_file() -> str | bool:
    """Where lark keeps the analysed grammar between runs (start-up time)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "logo-microworlds")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        folder = tempfile.gettempdir()
    return os.path.join(folder, "grammar.lark.cache")


def decode_word(text: str) -> str:
    """The word a token spells: backslash escapes and vertical bars removed, the
    characters they protected marked as escaped."""
    if "\\" not in text and "|" not in text:
        return text
    out: list[str] = []
    esc: list[int] = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\\" and i + 1 < n:
            esc.append(len(out))
            out.append(text[i + 1])
            i += 2
        elif c == "|":
            j = _bar_end(text, i)
            k = i + 1
            while k < j:  # a backslash inside bars escapes the next character
                if text[k] == "\\" and k + 1 < j:
                    k += 1
                esc.append(len(out))
                out.append(text[k])
                k += 1
            i = j + 1
        else:
            out.append(c)
            i += 1
    word = EscapedWord("".join(out), esc)
    if "|" not in text:
        word.bars = False
    return word


def _bar_end(text: str, i: int) -> int:
    """The index of the bar closing the one at ``i`` (``\\|`` inside does not close
    it), or the text's length."""
    n = len(text)
    k = i + 1
    while k < n and text[k] != "|":
        k += 2 if text[k] == "\\" else 1
    return min(k, n)


def _convert(node: Any, file: str) -> Any:
    """A lark tree node or token -> Logo datum."""
    from lark import Token  # lazy: lark

    if isinstance(node, Token):
        return decode_word(str(node))
    kids = [k for k in node.children if not (isinstance(k, Token) and k.type == "NEWLINE")]
    if node.data == "list":
        line = node.meta.line if not node.meta.empty else _first_line(node)
        return LogoList([_convert(k, file) for k in kids], src=(file, line))
    end = kids.pop()  # ARRAY_END
    origin = int(end[2:]) if len(end) > 1 else 1
    return LogoArray([_convert(k, file) for k in kids], origin)


def _first_line(node: Any) -> int:
    from lark import Token  # lazy: lark

    for k in node.children:
        if isinstance(k, Token):
            return k.line or 0
        line = _first_line(k)
        if line:
            return line
    return 0


def _unclosed_line(text: str) -> int | None:
    """The line of the first ``[`` or ``{`` that is never closed (comments, bars and
    backslashes respected)."""
    stack: list[int] = []
    line, i, n = 1, 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        elif c == "\\":
            i += 1
            line += text[i:i + 1] == "\n"
        elif c == "|":
            j = _bar_end(text, i)
            line += text.count("\n", i, j)
            i = j
        elif c == ";":
            j = text.find("\n", i)
            i = (n if j < 0 else j) - 1
        elif c in "[{":
            stack.append(line)
        elif c in "]}" and stack:
            stack.pop()
        i += 1
    return stack[0] if stack else None


# what matters to the paren count: an escape, a |...| stretch, a comment, a paren, a newline
_PAREN_SCAN = re.compile(r"\\[\s\S]|\|(?:[^|\\]|\\[\s\S])*\|?|;[^\n]*|[()\n]")


def _paren_newlines(text: str) -> set[int]:
    """The offsets of the newlines read while a ``(`` is open: as in UCBLogo, the
    line goes on there.  Every ``(`` counts (in brackets and quoted words too, not in
    comments, bars or after a backslash); a ``)`` with none open is not counted."""
    depth = 0
    out: set[int] = set()
    for m in _PAREN_SCAN.finditer(text):
        c = m.group()
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= depth > 0
        elif c == "\n" and depth:
            out.add(m.start())
    return out


def open_at_end(text: str) -> str:
    """``|`` when ``text`` ends inside vertical bars, ``(`` when inside an open paren,
    else the empty word: the REPL then reads on, as UCBLogo's reader does."""
    depth = 0
    for m in _PAREN_SCAN.finditer(text):
        c = m.group()
        if c[0] == "|" and (len(c) == 1 or c[-1] != "|"):
            return "|"
        depth += c == "("
        depth -= c == ")" and depth > 0
    return "(" if depth else ""


def open_paren_at_end(text: str) -> bool:
    """True when ``text`` ends inside an open ``(``."""
    return open_at_end(text) == "("


def _syntax_error(exc: Exception, file: str, text: str = "") -> LogoError:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken  # lazy

    line = getattr(exc, "line", None)
    if (isinstance(exc, UnexpectedToken) and exc.token.type == "$END") or isinstance(
            exc, UnexpectedEOF):
        err = LogoError("missing_bracket")
        line = _unclosed_line(text)
    elif isinstance(exc, UnexpectedToken) and str(exc.token).startswith("}"):
        err = LogoError("unexpected_brace")
    elif isinstance(exc, (UnexpectedToken, UnexpectedCharacters)):
        ch = str(getattr(exc, "token", "") or getattr(exc, "char", ""))
        err = LogoError("unexpected_brace" if ch.startswith("}") else "unexpected_bracket")
    else:
        err = LogoError("missing_bracket")
    err.file = file
    err.lineno = line if isinstance(line, int) and line > 0 else None
    return err


def read_lines(text: str, file: str = "", blank: bool = False) -> list[LogoList]:
    """Split ``text`` into instruction lines (a newline inside brackets, or while a
    ``(`` is open, does not end a line).  Raises LogoError for unbalanced brackets,
    with the file and line.  With ``blank`` an empty line (blank, or only a comment) is kept as an empty list, so that
    every line of the text is accounted for (see :func:`source_blocks`)."""
    from lark.exceptions import LarkError  # lazy: lark

    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = _parser().parse(text)
    except LarkError as exc:
        raise _syntax_error(exc, file, text) from None
    lines: list[LogoList] = []
    current: list[Any] = []
    start = 0
    continued = _paren_newlines(text) if "(" in text else ()
    for node in tree.children:
        if getattr(node, "type", None) == "NEWLINE":
            if continued and node.end_pos - 1 in continued:
                continue  # a ( is open: the line goes on
            if current:
                lines.append(LogoList(current, src=(file, start)))
                current = []
            elif blank:
                lines.append(LogoList((), src=(file, node.line)))
            continue
        if not current:
            start = node.line if hasattr(node, "line") else _first_line(node)
        current.append(_convert(node, file))
    if current:  # the text ended inside a continued line
        lines.append(LogoList(current, src=(file, start)))
    return lines


def source_blocks(text: str, lines: list[LogoList]) -> list[str]:
    """The text each line of ``read_lines(text, blank=True)`` was read from (a line
    continued with ``~`` or open brackets spans several lines of the text)."""
    physical = [p.rstrip("\r") for p in text.split("\n")]
    if physical and physical[-1] == "":
        physical.pop()
    starts = [line.src[1] if line.src else 1 for line in lines]
    out = []
    for k, first in enumerate(starts):
        end = starts[k + 1] - 1 if k + 1 < len(starts) else len(physical)
        out.append("\n".join(physical[first - 1:max(end, first)]))
    return out


_SEMICOLON = re.compile(r"\\[\s\S]|\|[^|]*\|?|;")


def _keep_semicolons(text: str) -> str:
    """``text`` with each ``;`` that would start a comment escaped, so it stays a
    character of a word."""
    return _SEMICOLON.sub(lambda m: "\\;" if m.group() == ";" else m.group(), text)


def read_list(text: str, file: str = "", comments: bool = True) -> LogoList:
    """All of ``text`` as one list (newlines are spaces), as ``run`` reads a word.
    Without ``comments`` a ``;`` is a character like any other, as ``parse`` and
    ``readlist`` read (``parse`` of the word ``a ; b`` is ``[a ; b]``)."""
    if not comments and ";" in text:
        text = _keep_semicolons(text)
    items: list[Any] = []
    for line in read_lines(text, file):
        items.extend(line)
    return LogoList(items, src=(file, 1))
