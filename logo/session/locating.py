"""Where an error happened: which name complained, and the procedure and line, found
from the traceback of the generated code (each call site starts a Python line of its
own; ``emitter.SiteMap`` maps it back).  Nothing here runs unless an error does."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..language.errors import LogoError
from ..language.errors import needs_who as needs_who_of
from ..language.procedures import place_error
from ..language.tree_procedures import running_line


def _walk_tb(tb: Any) -> Iterator[Any]:
    """The traceback's entries from the outermost to the innermost, as
    ``traceback.walk_tb`` gives them (the traceback module, with linecache and tokenize,
    costs ~3 ms to import: a program whose CATCH "ERROR catches errors paid it).  An
    entry's ``tb_lineno`` is read only where it is needed: Python finds it by decoding
    the code's line table, some 0.3-0.9 us each."""
    while tb is not None:
        yield tb
        tb = tb.tb_next


def locate_error(I: Any, err: LogoError, proc: Any, tb: Any) -> None:
    """Fill in who complained, and the procedure and line, from the traceback."""
    if err.in_caller:  # raised as a call began: not the callee's
        err.in_caller = False
        return
    needs_who = needs_who_of(err)
    if not needs_who and (proc is None or err.proc is not None):
        return  # already located (keeps unwinding deep recursion linear)
    entries = list(_walk_tb(tb))
    if needs_who:
        sitemaps = I.sitemaps
        for t in reversed(entries):
            sm = sitemaps.get(t.tb_frame.f_code)
            if sm is not None:
                err.who = sm.at(t.tb_lineno)[0] or ""
                break
    if proc is None or err.proc is not None:
        return
    err.proc = proc.name
    code = proc.code.__code__ if proc.code is not None else None
    for t in reversed(entries):
        if t.tb_frame.f_code is code:
            _place(err, proc, t.tb_lineno)
            break


def locate_caught(I: Any, err: LogoError, frame: Any) -> None:
    """Name the running procedure and its line in an error that CATCH caught before it
    left the procedure; ``frame`` is the Python frame CATCH runs in."""
    if err.proc is not None or not I.frames:
        return
    proc = I.frames[-1].proc
    tree = getattr(proc.code, "tree", None)
    if tree is not None:  # the interpreting tier runs it
        err.proc = proc.name
        place_error(err, proc, running_line(tree, frame))
        return
    code = proc.code.__code__ if proc.code is not None else None
    while frame is not None and frame.f_code is not code:
        frame = frame.f_back
    err.proc = proc.name
    if frame is not None:
        _place(err, proc, frame.f_lineno)


def _place(err: LogoError, proc: Any, lineno: int) -> None:
    """The Logo line of ``proc`` that Python line ``lineno`` of its code belongs to."""
    sitemap = getattr(proc.code, "sitemap", None)  # none: the interpreting tier's code
    if sitemap is not None:
        place_error(err, proc, sitemap.at(lineno)[1])


def from_generated(I: Any, tb: Any) -> bool:
    """Whether the innermost frame of ``tb`` is generated Logo code."""
    last = None
    for t in _walk_tb(tb):
        last = t.tb_frame
    return last is not None and last.f_code in I.sitemaps
