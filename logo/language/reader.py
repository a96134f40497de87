"""The reader: Logo text -> Logo data.

``read_lines(text, file)`` gives the instruction lines of a text as :class:`LogoList`
values, each carrying its source position ``(file, line)``; nested lists carry the
position of their ``[``.  As in UCBLogo a line goes on over the next lines while a
``[``, ``{`` or ``(`` is open, or after a final ``~``.  Words come back as ``str`` (an
:class:`EscapedWord`, which remembers which characters were protected, when ``\\`` or
``|...|`` protected some, so that runparse never splits at those).
The grammar is ``grammar.lark``; the scanner here reads what it allows with the same
patterns (lark itself loads only to report a text it does not allow: ``reader_grammar``).
"""

from __future__ import annotations

import contextlib
import gc
import re
from collections.abc import Iterator
from typing import Any

from .plain_lines import plain_lines as _plain_lines
from .values import EscapedWord, LogoArray, LogoList

__all__ = ["EscapedWord", "blocks_of", "decode_word", "physical_lines", "read_lines",
           "read_list", "source_blocks"]


class _Unreadable(Exception):
    """The scanner met what the grammar does not allow: the grammar says which error."""


# one token of grammar.lark: a word (w), a newline (n), [ (o), ] (c), { (a), } with its
# origin (e); white space, a ~ continuation and a comment are unnamed (skipped).  The
# patterns are the grammar's; no two can start at the same character.  A word goes on
# over a ~ continuation (or a comment ended by ~) right after it: as in UCBLogo the two
# lines join with no space (``"abc~`` then ``def`` is the word ``abcdef``).
_TOKEN = re.compile(
    r"(?P<w>(?:[^\s\[\]{};|\\~]|~(?![ \t]*\r?\n)|\\[\s\S]|\|(?:[^|\\]|\\[\s\S])*\|?)"
    r"(?:[^\s\[\]{};|\\~]|~(?![ \t]*\r?\n)|\\[\s\S]|\|(?:[^|\\]|\\[\s\S])*\|?"
    r"|~[ \t]*\r?\n|;[^\n]*~[ \t]*\r?\n)*)"
    r"|(?P<n>\n)|(?P<o>\[)|(?P<c>\])|(?P<a>\{)|(?P<e>\}(?:@-?[0-9]*)?)"
    r"|[ \t\f\r]+|~[ \t]*\r?\n|;[^\n]*~[ \t]*\r?\n|;[^\n]*")


# a ~ continuation inside a word's token (a comment ended by ~ too): nothing of the word
_CONTINUED = re.compile(r"~[ \t]*\r?\n|;[^\n]*~[ \t]*\r?\n")


def decode_word(text: str) -> str:
    """The word a token spells: backslash escapes and vertical bars removed, the
    characters they protected marked as escaped."""
    if "\\" not in text and "|" not in text:
        return text if "\n" not in text else _CONTINUED.sub("", text)
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
        elif (c == "~" or c == ";") and (m := _CONTINUED.match(text, i)):
            i = m.end()  # a ~ continuation inside the word: the lines join
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


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector waits while data is only being built (a text
    read, its lines runparsed): everything made then is kept, so a collection would
    only walk it, again and again as it grows (in a long file, most of the time spent
    reading).  The collector runs as before once the block ends (its next young
    collection walks what was made, once; gc.freeze would spare even that, but it resets
    the young generation's count: a loop of small reads would never collect again)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def read_lines(text: str, file: str = "", blank: bool = False) -> list[LogoList]:
    """Split ``text`` into instruction lines (a newline inside brackets, or while a
    ``(`` is open, does not end a line).  Raises LogoError for unbalanced brackets,
    with the file and line.  With ``blank`` an empty line (blank, or only a comment)
    is kept as an empty list, so that every line of the text is accounted for (see
    :func:`source_blocks`)."""
    if not text.endswith("\n"):
        text += "\n"
    try:
        with collector_paused():
            return _scan(text, file, blank)
    except _Unreadable:
        from .reader_grammar import syntax_error  # lazy: lark, for the error's report

        raise syntax_error(text, file, _unclosed_line(text)) from None


def _scan(text: str, file: str, blank: bool) -> list[LogoList]:
    """read_lines' work: plain lines at once, others token by token with a stack of the lists
    and arrays open (_Unreadable where the grammar fails); a line is where its first word is."""
    lines: list[LogoList] = []
    current: list[Any] = []  # the instruction line being read
    items = current  # where the next datum goes
    stack: list[list[Any]] = []  # each [ or { open: [items, first token's line, array?]
    continued = _paren_newlines(text) if "(" in text else ()
    start, end, match = 0, len(text), _TOKEN.match
    pos, line = _plain_lines(text, 0, 1, file, blank, continued, lines)
    while pos < end:
        m = match(text, pos)
        if m is None:  # a character no token allows
            raise _Unreadable
        kind, pos = m.lastgroup, m.end()
        if kind is None:  # white space, a ~ continuation, a comment
            line += m.group().count("\n")
        elif kind == "o" or kind == "a":
            stack.append([[], None, kind == "a"])
            items = stack[-1][0]
        elif kind == "w":
            if stack:
                if stack[-1][1] is None:
                    _first_token(stack, line)
            elif not current:
                start = line
            items.append(decode_word(m.group()))
            line += m.group().count("\n")
        elif kind == "n":
            line += 1
            if stack:
                _first_token(stack, line - 1)
            elif not (continued and pos - 1 in continued):  # else a ( is open: go on
                if current:
                    lines.append(LogoList(current, src=(file, start)))
                    current = items = []
                elif blank:
                    lines.append(LogoList((), src=(file, line - 1)))
                pos, line = _plain_lines(text, pos, line, file, blank, continued, lines)
        else:  # ] or } closes the innermost list or array
            datum, first = _close(stack, kind, m.group(), file, line)
            items = stack[-1][0] if stack else current
            if not stack and not current:
                start = first
            items.append(datum)
    if stack:  # a [ or { never closed
        raise _Unreadable
    if current:  # the text ended inside a continued line
        lines.append(LogoList(current, src=(file, start)))
    return lines


def _first_token(stack: list[list[Any]], line: int) -> None:
    """A token (word, newline, array end) on ``line`` inside the lists open: the
    position of those that had none yet."""
    for frame in reversed(stack):
        if frame[1] is not None:
            break
        frame[1] = line


def _close(stack: list[list[Any]], kind: str, token: str, file: str,
           line: int) -> tuple[Any, int]:
    """The list (``]``) or array (``}`` with its origin) just closed, and its position."""
    if not stack or stack[-1][2] != (kind == "e"):
        raise _Unreadable  # a ] or } with nothing of its kind open
    if kind == "e":
        _first_token(stack, line)  # the array's end is a token of its own
    items, first, _ = stack.pop()
    if kind == "e":
        return LogoArray(items, _origin(token)), first
    return LogoList(items, src=(file, first or 0)), first or 0


def _origin(token: str) -> int:
    """The origin of an array's end: ``}`` 1, ``}@0`` 0; ``}@`` (or ``}@-``) with no
    digits is 0, as UCBLogo reads it."""
    if len(token) == 1:
        return 1
    digits = token[2:]
    return int(digits) if digits.lstrip("-") else 0


def source_blocks(text: str, lines: list[LogoList]) -> list[str]:
    """The text each line of ``read_lines(text, blank=True)`` was read from (a line
    continued with ``~`` or open brackets spans several lines of the text)."""
    return blocks_of(physical_lines(text), lines, 0, len(lines))


def physical_lines(text: str) -> list[str]:
    """The lines of ``text`` as :func:`blocks_of` cuts them (each without its line
    end, ``\r`` dropped; a last empty one, after the text's final line end, left out)."""
    physical = text.split("\n")
    if "\r" in text:
        physical = [p.rstrip("\r") for p in physical]
    if physical and physical[-1] == "":
        physical.pop()
    return physical


def blocks_of(physical: list[str], lines: list[LogoList], i: int, j: int) -> list[str]:
    """:func:`source_blocks` of ``lines[i:j]`` only, out of the text's ``physical_lines``:
    each from its line's first line to the line before the next one's."""
    out: list[str] = []
    n = len(lines)
    if i >= n:
        return out
    src = lines[i].src
    first = src[1] if src else 1
    for k in range(i, min(j, n)):
        if k + 1 < n:
            after_src = lines[k + 1].src
            after = after_src[1] if after_src else 1
        else:
            after = len(physical) + 1
        out.append("\n".join(physical[first - 1:max(after - 1, first)]))
        first = after
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
