"""BUTFIRSTs and BUTLASTs of one word, and what ends them: one type test and one
length test, then a slice.

``count butfirst butlast :w`` is, on a plain word of at least two characters, that
word's length less two; ``first bf bf :w`` its third character; ``bl bf bf :w`` the
slice from its third character to its last but one.  A *chain* is a BUTFIRST or
BUTLAST whose input is a word or list computed any other way (its *inner* input), and
every BUTFIRST or BUTLAST of a chain.  Each link's form (inline_prims) notes its text's
chain here; the form that takes a chain as its input (a longer chain, COUNT, FIRST,
LAST, EMPTYP, NUMBERP, ASCII of a FIRST or LAST) computes the inner input once and tests
it: a plain word (``str``: no word with escaped characters) long enough for every link
takes the fast path, and anything else (a list, an array, a number, a word too short:
the error) the links' own forms on the value computed, as they were compiled before,
each with the primitive's call where its own fast path fails.  So a list's chain costs
one type test more than it did, and a word's chain no more than its slice.

The notes are keyed by compiled text, which names fresh temporaries: a text is noted
once, and its value is always the links' value of its inner input.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .nodes import Call

Text = Callable[[Any, Call, str], str]  # a link's own form: (x, node, input's text) -> text


class Chain(NamedTuple):
    inner: str  # the text computing the innermost input
    links: tuple[tuple[Text, Call], ...]  # innermost first
    front: int  # how many BUTFIRSTs
    back: int  # how many BUTLASTs

    @property
    def dropped(self) -> int:
        return self.front + self.back


def _notes(em: Any) -> dict[str, Chain]:
    table = getattr(em, "word_chains", None)
    if table is None:
        table = em.word_chains = {}
    return table


def of(em: Any, text: str) -> Chain | None:
    """The chain the compiled text ``text`` is, or None."""
    table = getattr(em, "word_chains", None)
    return None if table is None else table.get(text)


def general(x: Any, chain: Chain, value: str) -> str:
    """The links' own forms on the inner input's value, held in ``value``."""
    text = value
    for form, node in chain.links:
        text = form(x, node, text)
    return text


def fused(x: Any, chain: Chain, fast: Callable[[str], str], need: int,
          slow: Callable[[str], str]) -> str:
    """``fast`` of the inner input (its name) where it is a plain word of at least
    ``need`` characters, else ``slow`` of the links' general text on it."""
    s = x.em.fresh("_w")
    long = "" if not need else f" and {s}" if need == 1 else f" and len({s}) >= {need}"
    test = f"type({s} := {chain.inner}) is str{long}"
    return f"({fast(s)} if {test} else {slow(general(x, chain, s))})"


def piece(chain: Chain, s: str) -> str:
    """The slice of the word ``s`` that the chain outputs (``s`` long enough)."""
    end = f"-{chain.back}" if chain.back else ""
    return f"{s}[{chain.front}:{end}]"


def link(x: Any, node: Call, arg: str, form: Text, front: int) -> str:
    """BUTFIRST (``front`` 1) or BUTLAST (0) ``node`` of the text ``arg``: its own form's
    text, or where ``arg`` is a chain, that chain one link longer, fused."""
    inner = of(x.em, arg)
    links = ((form, node),)
    if inner is None:
        text = form(x, node, arg)
        _notes(x.em)[text] = Chain(arg, links, front, 1 - front)
        return text
    chain = Chain(inner.inner, inner.links + links, inner.front + front,
                  inner.back + 1 - front)
    text = fused(x, chain, lambda s: piece(chain, s), chain.dropped, lambda g: g)
    _notes(x.em)[text] = chain
    return text


def ending(x: Any, arg: str, fast: Callable[[Chain, str], str], more: int,
           slow: Callable[[str], str]) -> str | None:
    """A form ending the chain ``arg`` (None where ``arg`` is none): ``fast`` of the
    chain and the inner word's name, where the word has ``more`` characters past those
    the links drop; else ``slow`` of the chain's general text."""
    chain = of(x.em, arg)
    if chain is None:
        return None
    return fused(x, chain, lambda s: fast(chain, s), chain.dropped + more, slow)


def picked(x: Any, arg: str, node: Call, form: Text, pick: Callable[[Chain, str], str]) -> str:
    """FIRST or LAST ``node`` (its own form ``form``, ``pick`` of a long enough word) of
    the text ``arg``: the chain's ending where ``arg`` is one, else its own form's text;
    noted, for ASCII (``character``)."""
    chain = of(x.em, arg)
    text = form(x, node, arg) if chain is None else \
        fused(x, chain, lambda s: pick(chain, s), chain.dropped + 1, lambda g: form(x, node, g))
    table = getattr(x.em, "word_picks", None)
    if table is None:
        table = x.em.word_picks = {}
    table[text] = (chain or Chain(arg, (), 0, 0), node, form, pick)
    return text


def character(x: Any, arg: str, code: Callable[[str], str], slow: Callable[[str], str]
              ) -> str | None:
    """A form of a character, ``code`` of it, where ``arg`` is FIRST or LAST of a word
    or chain (``picked``): of the word's character where it is a plain word long
    enough, else ``slow`` of FIRST's or LAST's own text on the value; None where ``arg``
    is none."""
    table = getattr(x.em, "word_picks", None)
    noted = None if table is None else table.get(arg)
    if noted is None:
        return None
    chain, node, form, pick = noted
    return fused(x, chain, lambda s: code(pick(chain, s)), chain.dropped + 1,
                 lambda g: slow(form(x, node, g)))


def count_of(chain: Chain, s: str) -> str:
    return f"(len({s}) - {chain.dropped})" if chain.dropped else f"len({s})"


def first_of(chain: Chain, s: str) -> str:
    return f"{s}[{chain.front}]"


def last_of(chain: Chain, s: str) -> str:
    return f"{s}[{-1 - chain.back}]"


def empty_of(chain: Chain, s: str) -> str:
    return f"(len({s}) == {chain.dropped})"
