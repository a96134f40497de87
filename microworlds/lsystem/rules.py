"""L-systems as plain data: symbols, productions, parsing, and counts by matrix powers.

Nothing here needs numpy: a system is parsed, checked and counted in pure Python (the
counts of stage 30 of the Koch curve are exact big integers, computed from the 2 x 2
matrix of the productions, without building the string).  ``engine.py`` expands and
draws with numpy.

Symbols are strings: one character (``F``, ``+``, ``[``) or several (ABOP's ``Fl`` and
``Fr``, written ``Fl`` or ``F_l``).  A word of text is cut into symbols greedily, longest
known symbol first, so ``FlFr+`` is ``Fl Fr +`` once ``Fl`` and ``Fr`` are known.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

Symbols = tuple[str, ...]

# FracTree's turtle symbols (the seed lesson's Task 2) and what they do
TURNS = {"+": 1.0, "-": -1.0}  # in units of delta; "+" is clockwise in FracTree
PUSH, POP, REVERSE = "[", "]", "|"
STEP_UP, STEP_DOWN, STEP_RANDOM = "*", "/", ","
STEP_FACTORS = {STEP_UP: 1.1, STEP_DOWN: 0.9}


def draws(symbol: str) -> bool:
    """F and G (and ABOP's Fl, Fr, ...: any symbol starting with F or G) draw a segment."""
    return symbol[:1] in ("F", "G")


def moves(symbol: str) -> bool:
    """f and g move one step without drawing."""
    return symbol[:1] in ("f", "g")


class LSystemError(ValueError):
    """A system that cannot be read or used as asked (reported as a Logo error):
    ``kind`` names the message in Logo's catalogue (``lsystem_*``), ``fields`` fill it."""

    def __init__(self, kind: str, **fields: Any) -> None:
        super().__init__(kind, fields)
        self.kind, self.fields = kind, fields


@dataclass(frozen=True)
class Rule:
    """One production ``lhs -> rhs``; several rules for one symbol make it stochastic,
    each chosen with probability weight / (sum of that symbol's weights)."""

    lhs: str
    rhs: Symbols
    weight: float = 1.0


@dataclass
class System:
    """An L-system and how to draw it.

    ``angle`` is delta in degrees (FracTree's 360 / direction).  ``abop``: "+" turns
    left as in "The Algorithmic Beauty of Plants" (FracTree and the seed turn right).
    ``step`` None means fit to the page (FracTree); a number draws from the turtle's
    place with that step.  ``symbols``: symbols defined through the known ones (drawn
    as their definition, not rewritten).  ``heading`` is where a fitted drawing starts
    to face (90 = East, as FracTree)."""

    axiom: Symbols
    rules: tuple[Rule, ...] = ()
    angle: float = 60.0
    abop: bool = False
    step: float | None = None
    seed: int | None = None
    symbols: dict[str, Symbols] = field(default_factory=dict)
    heading: float = 90.0

    def alphabet(self) -> list[str]:
        """Every symbol the system uses, in first-seen order."""
        seen: dict[str, None] = {}
        for s in self.axiom:
            seen[s] = None
        for r in self.rules:
            seen[r.lhs] = None
            for s in r.rhs:
                seen[s] = None
        for name, body in self.symbols.items():
            seen[name] = None
            for s in body:
                seen[s] = None
        return list(seen)

    def stochastic(self) -> bool:
        lhs = [r.lhs for r in self.rules]
        return len(lhs) != len(set(lhs))

    def productions(self) -> dict[str, list[Rule]]:
        table: dict[str, list[Rule]] = {}
        for r in self.rules:
            table.setdefault(r.lhs, []).append(r)
        return table


# --- reading symbols ------------------------------------------------------------------
def canonical(symbol: str) -> str:
    """``F_l`` (a subscript written with an underscore) is the symbol ``Fl``."""
    return symbol.replace("_", "") if len(symbol) > 1 else symbol


def tokenize(text: str, known: Iterable[str] = ()) -> Symbols:
    """Cut a word into symbols: the longest known multi-character symbol first, then
    single characters; blanks separate and are dropped; ``F_l`` reads as ``Fl``."""
    long = sorted({k for k in known if len(k) > 1}, key=len, reverse=True)
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        for k in long:
            if text.startswith(k, i):
                out.append(k)
                i += len(k)
                break
            sub = k[0] + "_" + k[1:]
            if text.startswith(sub, i):
                out.append(k)
                i += len(sub)
                break
        else:
            out.append(c)
            i += 1
    return tuple(out)


def pieces_to_symbols(pieces: Sequence, known: Iterable[str]) -> Symbols:
    """A replacement written as pieces: strings (cut into symbols) and nested sequences
    (a branch: its symbols between ``[`` and ``]``), as a Logo list is read."""
    known = list(known)
    out: list[str] = []
    for p in pieces:
        if isinstance(p, str):
            out.extend(tokenize(p, known))
        else:
            out.append(PUSH)
            out.extend(pieces_to_symbols(p, known))
            out.append(POP)
    return tuple(out)


def multi_symbols(names: Iterable[str]) -> set[str]:
    """The multi-character symbols among rule heads (``Fl``, ``F_l``)."""
    return {canonical(n) for n in names if len(canonical(n)) > 1}


# --- counting without building the string ---------------------------------------------
def _matmul(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    n = len(a)
    cols = list(zip(*b, strict=True))
    return [[sum(x * y for x, y in zip(a[i], cols[j], strict=True) if x) for j in range(n)]
            for i in range(n)]


def _vecmat(v: list[int], m: list[list[int]]) -> list[int]:
    n = len(v)
    return [sum(v[i] * m[i][j] for i in range(n) if v[i]) for j in range(n)]


def stage_counts(system: System, n: int) -> dict[str, int]:
    """How many times each symbol occurs at stage ``n`` (exact integers): the axiom's
    counts times the n-th power of the production matrix, by repeated squaring."""
    if system.stochastic():
        raise LSystemError("lsystem_counts_deterministic")
    if n < 0:
        raise LSystemError("lsystem_negative_stage")
    names = system.alphabet()
    index = {s: i for i, s in enumerate(names)}
    k = len(names)
    m = [[int(i == j) for j in range(k)] for i in range(k)]
    for r in system.rules:
        row = [0] * k
        for s in r.rhs:
            row[index[s]] += 1
        m[index[r.lhs]] = row
    v = [0] * k
    for s in system.axiom:
        v[index[s]] += 1
    while n:
        if n & 1:
            v = _vecmat(v, m)
        n >>= 1
        if n:
            m = _matmul(m, m)
    return {s: v[i] for s, i in index.items()}


def segment_count(system: System, n: int) -> int:
    """Drawing symbols at stage ``n`` (symbols defined through others count as drawn)."""
    counts = stage_counts(system, n)
    per = drawn_per_symbol(system)
    return sum(c * per.get(s, 0) for s, c in counts.items())


def drawn_per_symbol(system: System) -> dict[str, int]:
    """Segments each symbol draws: 1 for F/G-like ones, a defined symbol what its
    definition draws (definitions may use each other, not in a circle)."""
    memo: dict[str, int] = {}

    def count(s: str, path: tuple[str, ...]) -> int:
        if s in memo:
            return memo[s]
        body = system.symbols.get(s)
        if body is None:
            memo[s] = int(draws(s))
            return memo[s]
        if s in path:
            raise LSystemError("lsystem_self_defined", symbol=s)
        memo[s] = sum(count(b, (*path, s)) for b in body)
        return memo[s]

    return {s: count(s, ()) for s in system.alphabet()}


def string_length(system: System, n: int) -> int:
    """Symbols in the stage-``n`` string (ABOP's Fl counts as one)."""
    return sum(stage_counts(system, n).values())
