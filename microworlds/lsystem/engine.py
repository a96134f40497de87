"""The L-system engine in numpy: rewriting and the turtle's walk with no Python loop
per symbol.

A string is an array of symbol codes.  One rewriting stage is one gather: each symbol's
replacement is a slice of a flat table of all replacements, so the output index ``i``
reads ``flat[start[s[j]] + (i - out_start[j])]`` for the symbol ``j`` it comes from.
Stochastic rules choose a variant per occurrence with a seeded generator.

The walk (``walk.py``) turns the string into segments; this module ties expansion,
symbol definitions and the walk together for the primitives.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from . import rules as R
from .rules import LSystemError, System

MAX_SYMBOLS = 200_000_000  # a stage longer than this is refused (memory)


@dataclass
class Table:
    """The productions of a system as arrays over variants (one variant per rule, plus
    one identity variant per symbol without a rule)."""

    names: list[str]
    flat: np.ndarray  # all replacements, concatenated
    start: np.ndarray  # variant -> first index in flat
    length: np.ndarray  # variant -> replacement length
    variant: np.ndarray  # code -> its variant (the first one for a stochastic symbol)
    choices: dict[int, np.ndarray]  # stochastic code -> cumulative weights of its variants

    @property
    def dtype(self) -> type:
        return np.uint8 if len(self.names) <= 256 else np.uint32


def compile_table(system: System, names: list[str] | None = None) -> Table:
    """Arrays of the productions, over the alphabet ``names`` (the system's own)."""
    names = names or system.alphabet()
    code = {s: i for i, s in enumerate(names)}
    prods = system.productions()
    flat: list[int] = []
    start: list[int] = []
    length: list[int] = []
    variant = np.zeros(len(names), np.int64)
    choices: dict[int, np.ndarray] = {}
    for i, s in enumerate(names):
        variant[i] = len(start)
        options = prods.get(s) or [R.Rule(s, (s,))]
        for r in options:
            start.append(len(flat))
            length.append(len(r.rhs))
            flat.extend(code[x] for x in r.rhs)
        if len(options) > 1:
            w = np.array([max(0.0, r.weight) for r in options], np.float64)
            if w.sum() <= 0:
                raise LSystemError("lsystem_no_weight", symbol=s)
            choices[i] = np.cumsum(w) / w.sum()
    dtype = np.uint8 if len(names) <= 256 else np.uint32
    return Table(names, np.array(flat, dtype), np.array(start, np.int64),
                 np.array(length, np.int64), variant, choices)


def encode(symbols: R.Symbols, table: Table) -> np.ndarray:
    code = {s: i for i, s in enumerate(table.names)}
    return np.array([code[s] for s in symbols], table.dtype)


def rewrite(s: np.ndarray, table: Table, rng: np.random.Generator | None = None
            ) -> np.ndarray:
    """One stage: every symbol replaced by its (chosen) replacement."""
    var = table.variant[s]
    for c, cum in table.choices.items():
        where = np.flatnonzero(s == c)
        if where.size:
            if rng is None:
                raise LSystemError("lsystem_no_random")
            pick = np.searchsorted(cum, rng.random(where.size), side="right")
            var[where] += np.minimum(pick, len(cum) - 1)
    lens = table.length[var]
    total = int(lens.sum())
    if total > MAX_SYMBOLS:
        raise LSystemError("lsystem_too_long", count=total)
    out_start = np.cumsum(lens) - lens
    src = np.repeat(table.start[var] - out_start, lens)
    src += np.arange(total, dtype=np.int64)
    return table.flat[src]


def expand(system: System, n: int, table: Table | None = None,
           rng: np.random.Generator | None = None,
           between: Callable[[], None] | None = None) -> tuple[np.ndarray, Table]:
    """The stage-``n`` string as codes (and the table that names them); ``between`` is
    called after each stage but the last (the primitives look at Stop there)."""
    if n < 0:
        raise LSystemError("lsystem_negative_stage")
    table = table or compile_table(system)
    if table.choices and rng is None:
        rng = np.random.default_rng(system.seed)
    s = encode(system.axiom, table)
    for k in range(n):
        s = rewrite(s, table, rng)
        if between is not None and k < n - 1:
            between()
    return s, table


def to_text(s: np.ndarray, names: list[str]) -> str:
    """Codes back to a word (multi-character symbols written out: ``FlFr``)."""
    if all(len(x) == 1 and ord(x) < 256 for x in names):
        lut = np.frombuffer("".join(names).encode("latin-1"), np.uint8)
        return lut[s].tobytes().decode("latin-1")
    return "".join(np.array(names, dtype=object)[s].tolist())


def from_text(text: str) -> tuple[np.ndarray, list[str]]:
    """A word of single-character symbols as codes over its own alphabet."""
    try:
        raw = np.frombuffer(text.encode("latin-1"), np.uint8)
    except UnicodeEncodeError:  # letters beyond Latin-1: sort them out
        points = np.frombuffer(text.encode("utf-32-le"), np.uint32)
        uniq, inverse = np.unique(points, return_inverse=True)
        dtype = np.uint8 if len(uniq) <= 256 else np.uint32
        return inverse.astype(dtype), [chr(int(p)) for p in uniq]
    used = np.flatnonzero(np.bincount(raw, minlength=256))
    code = np.zeros(256, np.uint8)
    code[used] = np.arange(len(used))
    return code[raw], [chr(int(p)) for p in used]


def apply_definitions(s: np.ndarray, names: list[str], system: System
                      ) -> tuple[np.ndarray, list[str]]:
    """Replace symbols defined through the known ones by their definitions (again
    while definitions use defined symbols) before the walk."""
    if not system.symbols:
        return s, names
    R.drawn_per_symbol(system)  # refuses a definition in a circle
    names = list(dict.fromkeys([*names, *system.alphabet()]))
    defs = System(axiom=(), rules=tuple(R.Rule(k, v) for k, v in system.symbols.items()))
    table = compile_table(defs, names)
    s = s.astype(table.dtype)
    defined = np.array([n in system.symbols for n in names])
    for _ in range(len(system.symbols) + 1):
        if not defined[s].any():
            break
        s = rewrite(s, table)
    return s, names
