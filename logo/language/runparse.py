"""Runparse: the words of an instruction line -> tokens for the parser.

As in UCBLogo, a line is read as data first; when it is run, its words are split at
infix operators and parentheses (``3-2`` -> ``3 - 2``, ``:a-1`` -> ``:a - 1``,
``print(3)`` -> ``print ( 3 )``).  Quoted words keep their operators (``"a+b``).
A ``-`` that begins a word and is followed by a digit is a negative number (``3 -2`` is
two numbers, as in UCBLogo); one followed by anything else is a unary minus.

The lessons' names that begin with an operator (``+h``, ``-h``, ``*side``, ``/side``)
come out as :class:`OpWord` tokens: the parser calls them when such a procedure exists
and splits them into the operator and the rest when none does.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from .reader import EscapedWord
from .values import BAR_SPECIAL, LogoArray, LogoList, parse_number

INFIX = "+-*/=<>"
DELIMS = INFIX + "()"
TWO_CHAR_OPS = ("<=", ">=", "<>")
_NUM_AT = re.compile(r"(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
# a delimiter: a word with none, not quoted, is one token (split_word's fast path; a
# quotation mark after a word's first character delimits nothing)
_DELIMITED = re.compile(r"[+\-*/=<>()]").search


class Op(str):
    """An infix operator token: + - * / = < > <= >= <>."""

    __slots__ = ()


class UMinus(str):
    """A unary minus token (a ``-`` written against its operand)."""

    __slots__ = ()


class Paren(str):
    """An opening or closing parenthesis token."""

    __slots__ = ()


class Quoted(str):
    """A quoted word token: its text is the word without the quote."""

    __slots__ = ()


class Var(str):
    """A ``:name`` token: its text is the name, lower-cased."""

    __slots__ = ()


class Name(str):
    """A procedure name token: its text is the name as written."""

    __slots__ = ()


class BarredName(Name):
    """A name some of whose escaped characters are special (``run "|show 5|``): one
    name, which messages show in bars, as UCBLogo does (``I don't know how to |show 5|``)."""

    @property
    def shown(self) -> str:
        return "|" + self + "|"


class OpWord(str):
    """A name written with a leading operator (``-h``, ``*side``)."""

    __slots__ = ()


class NumWord(str):
    """A number with an exponent written against a closing parenthesis (``1e20)``):
    as in UCBLogo it stays the word as spelt (``(print 1e20)`` prints 1e20)."""

    __slots__ = ()


class QuotedEsc(Quoted):
    """A quoted word some of whose characters were escaped: ``word`` is its value, an
    :class:`EscapedWord` that keeps the marks."""

    word: Any

    def __new__(cls, word: Any) -> QuotedEsc:
        obj = super().__new__(cls, word)
        obj.word = word
        return obj


Token = Any  # one of the classes above, a number, a LogoList or a LogoArray
_NO_ESC: frozenset[int] = frozenset()


def token_word(tok: Token) -> Any:
    """A token as a Logo word again (``runparse``'s output): ``"a``, ``:a``, ``(``..."""
    if type(tok) is Quoted:
        return '"' + tok
    if type(tok) is QuotedEsc:
        return EscapedWord('"' + tok.word, [i + 1 for i in tok.word.esc])
    if type(tok) is Var:
        return ":" + tok
    if isinstance(tok, str):
        return str(tok)
    return tok


def runparse_line(items: LogoList | list) -> list[Token]:
    """Tokens of an instruction line (a list of Logo data).  A line whose first word
    begins with ``#!`` (a script's first line) is a comment: no tokens."""
    out: list[Token] = []
    if type(items) is LogoList:
        items = items.items()  # (one slice: faster than iterating the list's pairs)
    if items and isinstance(items[0], str) and items[0].startswith("#!"):
        return out
    for item in items:
        t = type(item)
        if t is str:  # (a plain word: its tokens are the same wherever it is written)
            out += _word_tokens(item)
        else:
            item_tokens(item, out)
    return out


def item_tokens(item: Any, out: list[Token]) -> None:
    """Append the tokens of one item of a line (not its first, when that begins with
    ``#!``) to ``out``."""
    t = type(item)
    if t is str:
        out += _word_tokens(item)
    elif t is LogoList or t is LogoArray or t is int or t is float:
        out.append(item)
    elif t is EscapedWord:
        split_word(str(item), out, item.esc, item.bars)
    else:
        split_word(str(item), out)


@functools.lru_cache(maxsize=8192)
def _word_tokens(w: str) -> tuple[Token, ...]:
    """The tokens of a plain word (no character escaped), remembered: the tokens are
    immutable, and most of a program's words are written many times."""
    out: list[Token] = []
    split_word(w, out)
    return tuple(out)


def line_tokens(line: LogoList) -> list[Token]:
    """The tokens of an instruction line, runparsed once: the check before a text runs
    (syntax.check_text) and every compilation of the line share them, kept on the line
    as its compiled code is.  The caller must not change the list it gets."""
    toks = getattr(line, "_toks", None)  # (cheaper than catching AttributeError)
    if toks is None:
        toks = line._toks = runparse_line(line)
    return toks


def paren_mistake(toks: list[Token]) -> str | None:
    """The error kind of a line whose parentheses do not pair up (``unexpected_paren``
    for a ``)`` too many, ``paren_not_found`` for a ``(`` never closed), or None: the
    one place that decides it, for the check before a text runs and for the parser."""
    depth = 0
    for tok in toks:
        if type(tok) is Paren:
            if tok == "(":
                depth += 1
            else:
                depth -= 1
                if depth < 0:
                    return "unexpected_paren"
    return "paren_not_found" if depth > 0 else None


def split_word(w: str, out: list[Token], esc: frozenset[int] = _NO_ESC,
               bars: bool = True) -> None:
    """Append the tokens of one word to ``out``; the characters at the positions in
    ``esc`` were escaped (``\\`` or ``|...|``) and never delimit anything.  Without
    ``bars`` (only backslashes escaped them) a quoted word's value loses the marks:
    UCBLogo runs ``run (list "\\( "sum 1 2 "\\))`` with parentheses."""
    if not w:
        out.append(Name(w))
        return
    if not esc and w[0] != '"' and _DELIMITED(w) is None:
        _flush(w, out)  # the whole word is one token (what _scan would give)
        return
    if w[0] == '"' and 0 not in esc:
        i = _first_paren(w, 1, esc)
        out.append(_quoted(w, 1, i, esc if bars else _NO_ESC))
        if i < len(w):
            _scan(w, out, esc, i, bars)
        return
    if not esc:
        n = parse_number(w)
        if n is not None:
            out.append(n)
            return
    _scan(w, out, esc, 0, bars)


def _quoted(w: str, start: int, stop: int, esc: frozenset[int]) -> Token:
    """The Quoted token for ``w[start:stop]`` (the word after a quotation mark)."""
    if esc:
        marks = [i - start for i in esc if start <= i < stop]
        if marks:
            return QuotedEsc(EscapedWord(w[start:stop], marks))
    return Quoted(w[start:stop])


def _first_paren(w: str, start: int, esc: frozenset[int] = _NO_ESC) -> int:
    """The index of the first parenthesis from ``start`` not escaped, or the length."""
    if not esc:
        opening, closing = w.find("(", start), w.find(")", start)
        if opening < 0:
            return len(w) if closing < 0 else closing
        return opening if closing < 0 else min(opening, closing)
    for i in range(start, len(w)):
        if w[i] in "()" and i not in esc:
            return i
    return len(w)


def _operand_expected(out: list[Token], start: int) -> bool:
    """True when the next token begins an operand: at the start of the word, or after
    an operator or an opening parenthesis produced from this word."""
    if len(out) == start:
        return True
    last = out[-1]
    return type(last) in (Op, UMinus) or (type(last) is Paren and last == "(")


def _scan(w: str, out: list[Token], esc: frozenset[int], i: int, bars: bool = True) -> None:
    start = len(out)
    n = len(w)
    buf_start = -1
    while i < n:
        c = w[i]
        if c not in DELIMS or i in esc:
            if buf_start < 0:
                if c == '"' and i not in esc:  # a quoted word inside: up to a paren
                    j = _first_paren(w, i + 1, esc)
                    out.append(_quoted(w, i + 1, j, esc if bars else _NO_ESC))
                    i = j
                    continue
                buf_start = i
            i += 1
            continue
        if buf_start >= 0:
            # 1e-3 style exponent inside a number: keep scanning
            if c in "+-" and _is_mantissa_e(w[buf_start:i]):
                i += 1
                continue
            _flush(w[buf_start:i], out, c == ")")
            if esc:
                _mark_barred(out, esc, w, buf_start, i)
            buf_start = -1
        i = _delimiter(w, i, out, start, esc)
    if buf_start >= 0:
        _flush(w[buf_start:], out)
        if esc:
            _mark_barred(out, esc, w, buf_start, n)


def _mark_barred(out: list[Token], esc: frozenset[int], w: str, start: int, stop: int) -> None:
    """Make the name just flushed a :class:`BarredName` when it holds an escaped
    special character."""
    if type(out[-1]) is Name and any(start <= i < stop and w[i] in BAR_SPECIAL for i in esc):
        out[-1] = BarredName(out[-1])


def _is_mantissa_e(text: str) -> bool:
    return len(text) > 1 and text[-1] in "eE" and parse_number(text[:-1]) is not None \
        and "e" not in text[:-1].lower()


def _delimiter(w: str, i: int, out: list[Token], start: int, esc: frozenset[int]) -> int:
    """Emit the token for the delimiter at ``w[i]``; return the next index."""
    c = w[i]
    n = len(w)
    if c in "()":
        out.append(Paren(c))
        return i + 1
    operand = _operand_expected(out, start)
    nxt = w[i + 1] if i + 1 < n else ""
    if operand and c in "+-*/" and nxt and (nxt.isalpha() or nxt in "_#!?.,") \
            and not (nxt == "." and i + 2 < n and w[i + 2].isdigit()):
        j = _first_paren(w, i, esc)
        out.append(OpWord(w[i:j]))
        return j
    if operand and c == "-" and len(out) > start and out[-1] in ("*", "/"):
        out.append(Op("-"))  # not tight: ``2*-3 - 1`` is ``2 * - 3 - 1``, as UCBLogo
        return i + 1
    if operand and c == "-" and nxt:
        m = _NUM_AT.match(w, i + 1)
        if m and (m.end() == n or w[m.end()] in DELIMS) \
                and not any(k in esc for k in range(m.start(), m.end())):
            out.append(-parse_number(m.group(0)))  # type: ignore[operator]
            return m.end()
        out.append(UMinus("-"))
        return i + 1
    two = w[i:i + 2]
    if two in TWO_CHAR_OPS and i + 1 not in esc:
        out.append(Op(two))
        return i + 2
    out.append(Op(c))
    return i + 1


def _flush(text: str, out: list[Token], before_paren: bool = False) -> None:
    if text[0] == ":":
        out.append(Var(text[1:].lower()))
        return
    num = parse_number(text)
    if before_paren and num is not None and ("e" in text or "E" in text):
        out.append(NumWord(text))  # UCBLogo: (print 1e20) prints 1e20
    elif num is not None:
        out.append(num)
    else:
        out.append(Name(text))
