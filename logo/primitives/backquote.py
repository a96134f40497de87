"""Macro helpers (UCBLogo manual: MACROS): MACROEXPAND, and the backquote `` `[a ,[sum 1 2] ,@[list 4 5] b] ``.

UCBLogo writes ``\\``` in its library; this is the same rule in Python.  In the list, a
word ``,`` runs the list (or word) after it and puts its value there; ``,@`` splices
the value's members in; a word that starts with ``,`` runs the rest of the word
(``,:x``, ``,"word``); ``",x`` and ``:,x`` keep their quote or colon before the value.
A nested `` ` `` raises the depth: its commas are left for it, one level at a time.
A word input is taken as the list of its characters, as UCBLogo's library does.
"""

from __future__ import annotations

from typing import Any

from ..language.errors import LogoError
from ..language.procedures import Procedure
from ..language.values import LogoArray, LogoList, print_form
from .coerce import count, word
from .registry import primitive


@primitive("`", min_inputs=1, max_inputs=2, inputs=1)
def backquote(I, template, depth=0):
    """` list
    Outputs the list with its unquoted parts filled in: a word , followed by a list
    (or a word ,:var or ,"word) is replaced by what that list or word outputs when run;
    ,@ splices the members of that output in.  Nested ` keep their own commas."""
    return _backquote(I, _members(template), count(depth))


def _members(x: Any) -> list[Any]:
    if isinstance(x, LogoList):
        return x.items()
    if isinstance(x, LogoArray):
        return list(x.items)
    return list(x if isinstance(x, str) else print_form(x))


def _backquote(I: Any, items: list[Any], depth: int) -> LogoList:
    """The backquoted list of ``items`` (a Python list, consumed from the front)."""
    out: list[Any] = []
    i = 0
    while i < len(items):
        x = items[i]
        if isinstance(x, LogoList):
            out.append(_backquote(I, x.items(), depth))
        elif not isinstance(x, str) or not x:
            out.append(x)
        elif x == "`" and i + 1 < len(items):
            inner = items[i + 1]
            out.extend(["`", _backquote(I, _members(inner), depth + 1)])
            i += 1
        elif x[0] == ",":
            i = _unquote(I, x[1:], items, i, depth, out, "")
        elif x[0] in "\":" and len(x) > 1 and x[1] == ",":
            i = _unquote(I, x[2:], items, i, depth, out, x[0])
        else:
            out.append(x)
        i += 1
    return LogoList(out)


def _unquote(I: Any, symbol: str, items: list[Any], i: int, depth: int,
             out: list[Any], prefix: str) -> int:
    """Handle the unquote at ``items[i]`` (``symbol``: what follows its comma); append
    what it stands for to ``out``; return the index of the last item it used."""
    splicing = symbol.startswith("@")
    if splicing:
        symbol = symbol[1:]
    comma = ",@" if splicing else ","
    if not symbol:
        if i + 1 >= len(items):
            raise LogoError("doesnt_like", who="first", what=LogoList())
        i += 1
        what: Any = items[i]
    else:
        what = symbol
    if depth > 0:  # an inner backquote's comma: kept, its operand one level down
        if prefix:
            out.append(prefix + comma)
        else:
            out.append(comma)
        out.append(_backquote(I, _members(what) if not symbol else [what], depth - 1))
        return i
    value = I.run(what)
    if value is None:
        raise LogoError("didnt_output", who="run", caller="`")
    if splicing and isinstance(value, LogoList):
        members = value.items()
        if prefix and members:  # ",@x: the quote goes before the first member
            members[0] = _prefixed(prefix, members[0])
        out.extend(members)
    else:
        out.append(_prefixed(prefix, value) if prefix else value)
    return i


def _prefixed(prefix: str, value: Any) -> str:
    """",x or :,x: the quote or colon before the value (a word)."""
    if isinstance(value, LogoList | LogoArray):
        raise LogoError("doesnt_like", who="word", what=value)
    return prefix + print_form(value)


@primitive("macroexpand")
def macroexpand(I, expr):
    """MACROEXPAND expr
    Outputs the instruction list that the macro call expr (a list: the macro's name and
    its inputs) would run, without running it."""
    if isinstance(expr, str) and expr:  # UCBLogo's library takes FIRST of a word
        raise LogoError("not_a_macro", what=expr[0])
    if not isinstance(expr, LogoList) or not len(expr):
        raise LogoError("doesnt_like", who="macroexpand", what=expr)
    name = word(expr.first()).lower()
    proc = I.procedures.get(name)
    if proc is None or not proc.macro:
        raise LogoError("not_a_macro", what=name)
    temp = "%%%$%macro.procedure"
    copy = Procedure(temp, proc.required, proc.optional, proc.rest, proc.default_inputs,
                     proc.lines)
    I.define(copy)
    try:
        return I.run(LogoList([temp, *expr.butfirst().items()]))
    finally:
        I.erase_procedure(temp)
