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
                line = t.tb_lineno
                err.who = sm.who(line, _column(t) if sm.shares(line) else None) or ""
                break
    if proc is None or err.proc is not None:
        return
    err.proc = proc.name
    for t in reversed(entries):
        sm = _body_map(I, proc, t.tb_frame.f_code)
        if sm is not None:
            place_error(err, proc, sm.at(t.tb_lineno)[1])
            break


def _body_map(I: Any, proc: Any, code: Any) -> Any:
    """The site map of ``code`` if it is code of ``proc``'s body: its code now (a
    library procedure's Python body too), or an older one still running; else None."""
    if code is getattr(proc.code, "__code__", None):
        return getattr(proc.code, "sitemap", None)
    sm = I.sitemaps.get(code)
    return sm if sm is not None and sm.proc is proc else None


def _column(t: Any) -> int | None:
    """The byte column where the instruction of traceback entry ``t`` begins (a call
    site's name, on a line of two), or None."""
    positions = t.tb_frame.f_code.co_positions()
    for _ in range(t.tb_lasti // 2):  # (one entry per code unit: caches included)
        if next(positions, None) is None:
            return None
    here = next(positions, None)
    return None if here is None else here[2]


def locate_caught(I: Any, err: LogoError, frame: Any) -> None:
    """Name the running procedure and its line in an error that CATCH caught before it
    left the procedure; ``frame`` is the Python frame CATCH runs in.  The procedure's
    frame is the nearest that runs its body: in either tier, and in code of it that a
    later call replaced (a body interpreted for its first calls, compiled since)."""
    if err.proc is not None or not I.frames:
        return
    proc = I.frames[-1].proc
    err.proc = proc.name
    while frame is not None:
        sm = _body_map(I, proc, frame.f_code)
        if sm is not None:
            place_error(err, proc, sm.at(frame.f_lineno)[1])
            return
        found, line = running_line(frame, proc)
        if found:
            place_error(err, proc, line)
            return
        frame = frame.f_back


def from_generated(I: Any, tb: Any) -> bool:
    """Whether the innermost frame of ``tb`` is generated Logo code."""
    last = None
    for t in _walk_tb(tb):
        last = t.tb_frame
    return last is not None and last.f_code in I.sitemaps
