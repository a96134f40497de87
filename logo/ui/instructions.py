"""A command-center text run instruction by instruction, each one a level of Undo.

``cs fd 50 rt 90 fd 60`` typed on one line runs as its four top-level instructions in
turn, exactly as the line would (they are found by the parser, with the same arities),
so Undo takes them back one at a time, as if typed on four lines.  A line is run whole
(one level) when it cannot be cut between its items: a LOCAL at top level (its
variables last to the end of the line), a parenthesis mistake, or an instruction that
ends inside a word.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from ..language.errors import LogoError
from ..language.parser import LineError, Parser
from ..language.reader import read_lines
from ..language.runparse import paren_mistake, runparse_line
from ..language.syntax import check_text
from ..language.values import LogoList
from ..session.workspace import Definition, split_definitions

MAX_ITEMS = 400  # longer lines are one level (finding the cuts is quadratic)


def split_instructions(interp: Any, line: LogoList) -> list[LogoList]:
    """The top-level instructions of one instruction line, each as a line of its own;
    ``[line]`` when it is not cut (see the module's doc)."""
    items = list(line)
    if len(items) < 2 or len(items) > MAX_ITEMS or any(
            type(i) is str and i.lower() in ("local", "локальная") for i in items):
        return [line]
    toks = runparse_line(items)
    if paren_mistake(toks) is not None:
        return [line]
    ends = _instruction_ends(interp, toks)
    if ends is None or len(ends) < 2:
        return [line]
    counts = [len(runparse_line(items[:k])) for k in range(len(items) + 1)]
    cuts = [0]
    for end in ends:
        if end not in counts:
            return [line]  # an instruction ends inside a word
        cuts.append(counts.index(end, cuts[-1] + 1) if end else 0)
    if cuts[-1] != len(items):
        return [line]
    return [LogoList(items[a:b], src=line.src) for a, b in pairwise(cuts)]


def _instruction_ends(interp: Any, toks: list[Any]) -> list[int] | None:
    """The token index where each instruction ends; None on a parse error (the line
    then runs whole and reports it as it always does)."""
    parser = Parser(list(toks), interp.resolve)
    ends: list[int] = []
    while not parser.at_end():
        start = parser.pos
        try:
            parser.expression()
        except (LineError, LogoError):
            return None
        if parser.pos == start:
            return None
        ends.append(parser.pos)
    return ends


def run_typed(interp: Any, history: Any, text: str) -> None:
    """Run a command-center text (raises LogoError as ``load_source`` does), recording
    a level of Undo before each top-level instruction."""
    items = split_definitions(read_lines(text, "", blank=True), text)
    lines = [i for i in items if not isinstance(i, Definition) and len(i)]
    chunks = split_instructions(interp, lines[0]) if len(items) == len(lines) == 1 else []
    if len(chunks) <= 1:
        history.record()
        try:
            interp.load_source(text, "")
        finally:
            history.settle()
        return
    check_text(items)  # the whole line is checked first, as load_source checks it
    if interp.debugger is not None:  # as load_source: ERRACT may recover again
        interp.debugger.recovered = None
    for chunk in chunks:
        history.record()
        try:
            interp.run_line(chunk)
        finally:
            history.settle()
        if getattr(interp.host, "delay", 0):  # slowed: each instruction seen in turn
            interp.world.frames.take()
            interp.host.poll()
