"""A text's lines, each run once: what ``Interpreter.load_source`` does (``logo run``,
LOAD, a line typed, a lesson file).

A text is read and checked whole before any of it runs (reader, workspace, syntax);
then each definition is defined and each instruction line run, in order, and let go
once it has run.  Such a line runs once, so it runs straight from its trees (the
interpreting tier's ``run_block``), which the tree cache shares among the lines written
alike (``language/tree_cache.py``), and nothing is kept on it: no code cached, so no
code to free.  A line holding a loop (compiled at once: loops are hot), and every line
while ERRACT is set or under ``LOGO_TIERS=compile``, runs as any instruction list does
(``Interpreter.run_line``).  Either way it is the same run: the same errors, located the
same way, ERRACT's recovery, a STOP or OUTPUT at top level, LOCALs made there.

A long text is many objects that all stay alive until their line runs: Python's cyclic
collector would walk them again and again as the lines run, finding nothing to free
(they are freed by their reference counts, line by line).  So the objects that exist
when a long text starts running are set aside from the collector (``gc.freeze``) until
it ends; what running makes is collected as usual.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from typing import Any

from ..language import runtime
from ..language.errors import LogoError
from ..language.interpreting import release, release_lists, run_block
from ..language.reader import collector_paused, read_lines
from ..language.syntax import check_text
from ..language.tree_cache import parsed_line
from . import top_level
from .runner import recursion_limit
from .workspace import Definition, split_definitions

LONG_TEXT = 2000  # lines (and definitions) from which a text is set aside from the collector


def load_source(I: Any, text: str, filename: str) -> None:
    """Define the procedures of a text and run its other lines (raises LogoError)."""
    if not filename and I.debugger is not None:  # a line typed (not a file's):
        I.debugger.recovered = None  # ERRACT may recover again (recovery.py)
    with collector_paused():  # (only data is made here: see reader.collector_paused)
        items: list[Any] = split_definitions(read_lines(text, filename, blank=True), text)
        check_text(items, "(" in text or ")" in text)  # nothing runs if the text is malformed
        frozen = len(items) >= LONG_TEXT
        if frozen:
            gc.freeze()
    with recursion_limit(I.python_depth()), _thawed_after(frozen):
        for i, item in enumerate(items):
            items[i] = None  # what a line needed to run is freed once it has run
            if I.stop_requested:  # Stop between lines (no process takes its turn here)
                I.check_interrupt()
            if isinstance(item, Definition):
                I.define(item.procedure())
            else:
                run_once(I, item)


@contextlib.contextmanager
def _thawed_after(frozen: bool) -> Iterator[None]:
    """What ``gc.freeze`` set aside goes back to the collector when the block ends."""
    try:
        yield
    finally:
        if frozen:
            gc.unfreeze()


def run_once(I: Any, line: Any) -> None:
    """Run a top-level line that will not run again (under the recursion limit that
    ``load_source`` set)."""
    tiers = I.tiers
    if tiers != "compile" and I.recover is None:
        nodes, loop, lists = parsed_line(I, line)
        if not loop or tiers != "auto":
            try:
                _run_trees(I, nodes)
            finally:
                if lists is None:
                    release(line)
                elif lists:
                    release_lists(lists)
            return
    try:
        I.run_line(line)
    finally:
        release(line)


def _run_trees(I: Any, nodes: list[Any]) -> None:
    """A top-level line's trees run, as ``Interpreter.run`` and ``run_line`` run an
    instruction list: an error located and given to ERRACT, a STOP, OUTPUT or THROW
    that reached the top level as its error, the line's LOCALs ended."""
    try:
        try:
            run_block(I, nodes, False)
        except LogoError as err:
            I.locate_error(err, None, err.__traceback__)
            if "erract" in I.vars:
                I.erract(err)
            raise
        except (KeyError, RecursionError, MemoryError, OSError) as err:
            raise I.translate_internal(err, None) from None
    except top_level.SIGNALS as sig:
        raise top_level.signal_error(sig) from None
    finally:
        line_locals, I.line_locals = I.line_locals, None
        if line_locals:  # LOCAL at top level: the variables end with the line
            runtime.restore(I.vars, line_locals)
