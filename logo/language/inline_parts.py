"""The inline forms of FIRST, BUTFIRST, LAST, BUTLAST, EMPTYP and NUMBERP (see
inline_prims, which registers them): a plain list's or plain word's part at once, and
the primitive's own call for anything else.  A chain of BUTFIRSTs and BUTLASTs of one
word, and FIRST, LAST, EMPTYP or NUMBERP of one, is a slice of the word after one type
and one length test (word_chains)."""

from __future__ import annotations

from typing import Any

from . import word_chains
from .inline_inputs import boolean as _bool
from .inline_words import slow as _slow
from .inline_words import temps as _temps
from .nodes import Call
from .runresult_parts import emptyp_of, first_of


def first(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    if (one := first_of(x, node)) is not None:
        return one  # (FIRST of RUNRESULT: runresult_parts)
    reads = getattr(x.em, "shared_reads", None)  # (set by _logic: see _pure)
    if reads is not None and (known := reads.get(args[0])) is not None:
        return known  # FIRST of the same input, computed by an earlier input of OR/AND
    text = word_chains.picked(x, args[0], node, _first, word_chains.first_of)
    if reads is None:
        return text
    reads[args[0]] = name = x.em.fresh("_fm")
    return f"({name} := {text})"


def _first(x: Any, node: Call, arg: str) -> str:
    (a,) = t = _temps(x, 1)
    return (f"({a}._buf[{a}._hi - 1] if (_ty := type({a} := {arg})) is LL and {a}._hi > 2 "
            f"else {a}[0] if _ty is str and {a} else {_slow(x, node, t)})")


def butfirst(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    return word_chains.link(x, node, args[0], _butfirst, 1)


def _butfirst(x: Any, node: Call, arg: str) -> str:
    """A list of one pair linked on (FPUT onto a list shared) has its butfirst at hand."""
    (a,) = t = _temps(x, 1)
    rest = x.em.fresh("_pr")
    return (f"(({rest} if {a}._hi == 3 and type({rest} := {a}._buf[1]) is LL else "
            f"{a}.butfirst()) if (_ty := type({a} := {arg})) is LL and {a}._hi > 2 "
            f"else {a}[1:] if _ty is str and {a} else {_slow(x, node, t)})")


def last(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    return word_chains.picked(x, args[0], node, _last, word_chains.last_of)


def _last(x: Any, node: Call, arg: str) -> str:
    (a,) = t = _temps(x, 1)
    return (f"({a}._buf[2] if (_ty := type({a} := {arg})) is LL and {a}._hi > 2 "
            f"and {a}._buf[1] is None "
            f"else {a}[-1] if _ty is str and {a} else {_slow(x, node, t)})")


def butlast(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    return word_chains.link(x, node, args[0], _butlast, 0)


def _butlast(x: Any, node: Call, arg: str) -> str:
    (a,) = t = _temps(x, 1)
    return (f"({a}.butlast() if (_ty := type({a} := {arg})) is LL and {a}._hi > 2 "
            f"else {a}[:-1] if _ty is str and {a} else {_slow(x, node, t)})")


def emptyp(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    if (none := emptyp_of(x, node)) is not None:
        return _bool(none, as_bool)  # (EMPTYP of RUNRESULT: runresult_parts)
    test = word_chains.ending(x, args[0], word_chains.empty_of, 0,
                              lambda g: _emptyp(x, node, g)) or _emptyp(x, node, args[0])
    return _bool(test, as_bool)


def _emptyp(x: Any, node: Call, arg: str) -> str:
    (a,) = t = _temps(x, 1)
    return (f"({a}._hi == 2 if (_ty := type({a} := {arg})) is LL else {a} == '' "
            f"if _ty is str else False if _ty is int or _ty is float "
            f"else {_slow(x, node, t)} is TRUE)")


def numberp(x: Any, node: Call, args: list[str], as_bool: bool) -> str | None:
    """A number, or a word of ASCII digits alone, is a number; a word of letters alone
    is not; the primitive decides for any other word (``-5``, ``1e3``, ``.5``, ``''``)."""
    test = word_chains.ending(x, args[0], lambda c, s: _digits(x, node, word_chains.piece(c, s)),
                              0, lambda g: _numberp(x, node, g)) or _numberp(x, node, args[0])
    return _bool(test, as_bool)


def _numberp(x: Any, node: Call, arg: str) -> str:
    (a,) = t = _temps(x, 1)
    return (f"((_ty := type({a} := {arg})) is int or _ty is float or ({_digits(x, node, a)} "
            f"if _ty is str else _ty is not LL and {_slow(x, node, t)} is TRUE))")


def _digits(x: Any, node: Call, word: str) -> str:
    """NUMBERP of the plain word ``word`` (a name, or a text computed once here)."""
    w = word if word.isidentifier() else x.em.fresh("_d")
    first = w if w == word else f"({w} := {word})"
    return f"({first}.isdigit() and {w}.isascii() or not {w}.isalpha() and {_slow(x, node, [w])} is TRUE)"
