"""Logo colouring for the procedures pane: a line cut into spans of a kind (comment,
quoted word, number, variable, primitive, procedure name, bracket, plain), and the
bracket that matches the one at the caret.  Pure functions, no pygame.

    spans(line, is_primitive, procedures) -> [(start, end, kind), ...]
    matching_bracket(lines, (row, col)) -> ((row, col), (row, col)) | None
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

Pos = tuple[int, int]
OPEN, CLOSE = "[({", "])}"
DELIMITERS = set(" \t[](){}")
OPERATORS = set("+-*/=<>")
DEFINING = ("to", ".macro", "это")
KEYWORDS = {*DEFINING, "end", "конец"}  # coloured as primitives (they are the reader's)
NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eEnN][+-]?\d+)?$")


def spans(line: str, is_primitive: Callable[[str], bool],
          procedures: Collection[str] = ()) -> list[tuple[int, int, str]]:
    """The line's spans, in order, covering every character but blanks."""
    out: list[tuple[int, int, str]] = []
    i, n = 0, len(line)
    words = 0  # words seen so far (the one after ``to`` names a procedure)
    after_to = False
    while i < n:
        ch = line[i]
        if ch in " \t":
            i += 1
        elif ch == ";":
            out.append((i, n, "comment"))
            break
        elif ch in OPEN or ch in CLOSE:
            out.append((i, i + 1, "bracket"))
            i += 1
        elif ch in OPERATORS and (i + 1 == n or line[i + 1] in DELIMITERS):
            out.append((i, i + 1, "plain"))
            i += 1
        else:
            j = _word_end(line, i)
            word = line[i:j]
            kind = _kind(word, is_primitive, procedures, after_to)
            after_to = words == 0 and word.lower() in DEFINING
            words += 1
            out.append((i, j, kind))
            i = j
    return out


def _word_end(line: str, i: int) -> int:
    """Where the word starting at ``i`` ends (``|...|`` and ``\\`` keep delimiters in)."""
    bar = False
    j = i
    while j < len(line):
        ch = line[j]
        if ch == "\\":
            j += 2
            continue
        if ch == "|":
            bar = not bar
        elif not bar and (ch in DELIMITERS or ch == ";"):
            break
        j += 1
    return min(j, len(line))


def _kind(word: str, is_primitive: Callable[[str], bool], procedures: Collection[str],
          after_to: bool) -> str:
    if after_to:
        return "procedure"
    if word.startswith('"'):
        return "quoted"
    if word.startswith(":"):
        return "variable"
    if NUMBER.match(word):
        return "number"
    key = word.lower()
    if key in procedures:
        return "procedure"
    if key in KEYWORDS or is_primitive(key):
        return "primitive"
    return "plain"


def defined_names(lines: list[str]) -> set[str]:
    """The names the text's ``to`` lines define (lower case)."""
    names = set()
    for line in lines:
        words = line.split()
        if len(words) > 1 and words[0].lower() in DEFINING:
            names.add(words[1].lower())
    return names


def matching_bracket(lines: list[str], caret: Pos) -> tuple[Pos, Pos] | None:
    """The bracket just after (or else just before) the caret and its partner."""
    row, col = caret
    line = lines[row]
    for c in (col, col - 1):
        if 0 <= c < len(line) and (line[c] in OPEN or line[c] in CLOSE) \
                and _is_code(line, c):
            partner = _partner(lines, (row, c))
            return ((row, c), partner) if partner else None
    return None


def _is_code(line: str, col: int) -> bool:
    """Not in a comment and not a word's escaped or barred character."""
    return not any(start <= col < end and kind != "bracket"
                   for start, end, kind in spans(line, lambda _: False))


def _partner(lines: list[str], at: Pos) -> Pos | None:
    row, col = at
    ch = lines[row][col]
    forward = ch in OPEN
    pair = CLOSE[OPEN.index(ch)] if forward else OPEN[CLOSE.index(ch)]
    depth = 0
    rows = range(row, len(lines)) if forward else range(row, -1, -1)
    for r in rows:
        cols = [s for s, _, k in spans(lines[r], lambda _: False) if k == "bracket"]
        if r == row:
            cols = [c for c in cols if (c > col if forward else c < col)]
        for c in (cols if forward else reversed(cols)):
            got = lines[r][c]
            if got == ch:
                depth += 1
            elif got == pair:
                if depth == 0:
                    return r, c
                depth -= 1
    return None
