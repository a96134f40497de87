"""Workspace management, part 2 (UCBLogo manual: WORKSPACE MANAGEMENT): the procedures
that work on everything at once or on contents lists (``buryall``, ``erps``, ``poall``,
``namelist``...), ``buried``, ``arity``, ``primitives``, ``savel``, ``gc``.  Most are
library procedures in UCBLogo (written in Logo there); see LIBRARY_PROCEDURES."""

from __future__ import annotations

import gc as python_gc
from typing import Any

from ..language.errors import LogoError
from ..language.values import LogoList, logo_bool
from ..session.workspace import LIBRARY_PROCEDURES
from . import management as ws
from .coerce import word
from .files import write_whole_file
from .registry import primitive


def _list_of(names: Any) -> LogoList:
    return LogoList([names]) if not isinstance(names, LogoList) else names


def _buried_parts(I: Any) -> tuple[list[str], list[str], list[str]]:
    buried = I.workspace.buried
    return (sorted(n for n in buried if n in I.procedures),
            sorted(n for n in buried if n in I.vars),
            sorted(n for n in buried if n in I.workspace.plists))


@primitive("buried")
def buried(I):
    """BURIED
    Outputs a contents list of the buried procedures, variables and property lists."""
    return LogoList([LogoList(p) for p in _buried_parts(I)])


@primitive("buriedp", "buried?")
def buriedp(I, contentslist):
    """BURIEDP contentslist
    Outputs TRUE if the first procedure (or variable, or property list) named in the
    contents list is buried.  A word or a list of words names procedures."""
    procs, variables, props = ws._contents_parts(contentslist)
    for names in (procs, variables, props):
        if names:
            return logo_bool(names[0] in I.workspace.buried)
    raise LogoError("doesnt_like", who="buriedp", what=contentslist)


@primitive("erps")
def erps(I):
    """ERPS
    Erases every unburied procedure."""
    ws.erase(I, LogoList([ws.procedures(I)]))


@primitive("erns")
def erns(I):
    """ERNS
    Erases every unburied variable."""
    ws.erase(I, ws.names(I))


@primitive("erpls")
def erpls(I):
    """ERPLS
    Erases every unburied property list."""
    ws.erase(I, ws.plists(I))


@primitive("pot")
def pot(I, names):
    """POT contentslist
    Prints the title lines of the named procedures."""
    for n in ws._contents_parts(names)[0]:
        I.write(ws._procedure(I, n).title_text() + "\n")


@primitive("savel")
def savel(I, contentslist, filename):
    """SAVEL contentslist filename
    Saves only the named procedures (variables, property lists) in the file, as PO
    prints them, so that LOAD can read them back."""
    text: list[str] = []
    saved = I.write
    I.write = text.append  # PO prints into the text
    try:
        ws.po(I, contentslist)
    finally:
        I.write = saved
    write_whole_file(I, word(filename), "".join(text))


@primitive("arity")
def arity(I, name):
    """ARITY procedurename
    Outputs [min default max]: how many inputs the procedure takes at least, without
    parentheses, and at most (-1: any number)."""
    n = word(name).lower()
    target = I.resolve(n)
    if target is None:
        raise LogoError("dont_know_named", who=word(name))
    if getattr(target, "name", None) in ("to", ".macro") and getattr(target, "fn", None):
        return LogoList([-1, -1, -1])  # a special form: its title is not evaluated
    return LogoList([target.min_inputs, target.default_inputs, target.max_inputs])


@primitive("primitives")
def primitives(I):
    """PRIMITIVES
    Outputs a list of the names of all primitives (not library procedures)."""
    out: list[str] = []
    for spec in I.registry.load_all().specs:
        out.extend(n for n in (spec.name, *spec.aliases) if n not in LIBRARY_PROCEDURES)
    return LogoList(sorted(set(out)))


@primitive("gc")
def gc(I):
    """GC
    Collects garbage now (Python does it by itself; this is for UCBLogo programs)."""
    python_gc.collect()
