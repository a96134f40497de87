"""Workspace management, the whole-workspace forms (UCBLogo manual: WORKSPACE
MANAGEMENT): ERPS, ERNS, ERPLS, POPS, POPLS, POALL, PON, NAMELIST, PLLIST, the BURY
family and ARITY, as UCBLogo's library defines them over ERASE, PO and BURY."""

from __future__ import annotations

from typing import Any

from .. import runtime
from ..errors import LogoError
from ..values import LogoList, logo_bool
from .coerce import word
from .registry import primitive
from .workspace import _names, bury, contents, erase, po, unbury


def _unburied(I, names: Any) -> list[str]:
    return sorted(n for n in names if n not in I.workspace.buried)


def _contents(procs: list[str], variables: list[str], props: list[str]) -> LogoList:
    return LogoList([LogoList(procs), LogoList(variables), LogoList(props)])


@primitive("namelist")
def namelist(I, names):
    """NAMELIST varname   or   NAMELIST [varnames]
    Outputs the contents list [[] [varnames]], for ERASE, PO and BURY."""
    return LogoList([LogoList(), LogoList(_names(names))])


@primitive("pllist")
def pllist(I, names):
    """PLLIST plname   or   PLLIST [plnames]
    Outputs the contents list [[] [] [plnames]], for ERASE, PO and BURY."""
    return LogoList([LogoList(), LogoList(), LogoList(_names(names))])


@primitive("erps")
def erps(I):
    """ERPS
    Erases every unburied procedure (ERASE PROCEDURES)."""
    erase(I, _contents(_unburied(I, I.procedures), [], []))


@primitive("erns")
def erns(I):
    """ERNS
    Erases every unburied variable (ERASE NAMES)."""
    erase(I, _contents([], _unburied(I, I.vars), []))


@primitive("erpls")
def erpls(I):
    """ERPLS
    Erases every unburied property list (ERASE PLISTS)."""
    erase(I, _contents([], [], _unburied(I, I.workspace.plists)))


@primitive("erpl")
def erpl(I, names):
    """ERPL plname   or   ERPL [plnames]
    Erases the property lists (ERASE PLLIST plnames)."""
    erase(I, pllist(I, names))


@primitive("pops")
def pops(I):
    """POPS
    Prints the definitions of every unburied procedure (PO PROCEDURES)."""
    po(I, _contents(_unburied(I, I.procedures), [], []))


@primitive("popls")
def popls(I):
    """POPLS
    Prints every unburied property list (PO PLISTS)."""
    po(I, _contents([], [], _unburied(I, I.workspace.plists)))


@primitive("pon")
def pon(I, names):
    """PON varname   or   PON [varnames]
    Prints the variables as MAKE instructions (PO NAMELIST varnames)."""
    po(I, namelist(I, names))


@primitive("poall")
def poall(I):
    """POALL
    Prints every unburied procedure, variable and property list (PO CONTENTS)."""
    po(I, contents(I))


@primitive("buryall")
def buryall(I):
    """BURYALL
    Buries every procedure, variable and property list (BURY CONTENTS)."""
    bury(I, contents(I))


@primitive("unburyall")
def unburyall(I):
    """UNBURYALL
    Unburies everything buried."""
    I.workspace.buried.clear()


@primitive("buryname")
def buryname(I, names):
    """BURYNAME varname   or   BURYNAME [varnames]
    Buries the variables (BURY NAMELIST varnames)."""
    bury(I, namelist(I, names))


@primitive("unburyname")
def unburyname(I, names):
    """UNBURYNAME varname   or   UNBURYNAME [varnames]
    Unburies the variables."""
    unbury(I, namelist(I, names))


@primitive("buriedp", "buried?")
def buriedp(I, what):
    """BURIEDP contentslist
    Outputs TRUE if the first procedure, variable or property list named is buried."""
    if isinstance(what, LogoList):
        for part in (what.items() if what and isinstance(what.first(), LogoList)
                     else [what]):
            names = _names(part)
            if names:
                return logo_bool(names[0] in I.workspace.buried)
        return "false"
    return logo_bool(word(what).lower() in I.workspace.buried)


@primitive("arity")
def arity(I, name):
    """ARITY procname
    Outputs [min default max]: how many inputs the procedure takes (max -1: any number)."""
    n = word(name).lower()
    proc = I.procedures.get(n)
    if proc is not None:
        most = -1 if proc.rest else len(proc.required) + len(proc.optional)
        return LogoList([len(proc.required), proc.default_inputs, most])
    spec = I.registry.get(n)
    if spec is None:
        raise LogoError("dont_know_apply", who=word(name))
    return LogoList([spec.min_inputs, spec.default_inputs, spec.max_inputs])


@primitive("buried")
def buried(I):
    """BURIED
    Outputs a contents list of the buried procedures, variables and property lists."""
    hidden = I.workspace.buried
    return _contents(sorted(n for n in hidden if n in I.procedures),
                     sorted(n for n in hidden if n in I.vars),
                     sorted(n for n in hidden if n in I.workspace.plists))


@primitive("macroexpand")
def macroexpand(I, expr):
    """MACROEXPAND expr
    Outputs the instruction list that the macro call expr (a list that begins with a
    macro's name) would run, without running it."""
    items = expr.items() if isinstance(expr, LogoList) else [str(expr)[:1]]
    head = items[0] if items else LogoList()
    proc = I.procedures.get(head.lower()) if isinstance(head, str) else None
    if proc is None or not proc.macro:
        # UCBLogo's library names the first of the input (of a word: its first letter)
        raise LogoError("user", what=LogoList([head, "is", "not", "a", "macro."]))
    args = I.run(LogoList(["(", "list", *items[1:], ")"]), True)
    return runtime.call_proc(I, proc, tuple(args.items()))
