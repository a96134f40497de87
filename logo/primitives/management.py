"""Workspace management (UCBLogo manual: WORKSPACE MANAGEMENT): procedures, variables,
property lists, printing and erasing them, and ``help``."""

from __future__ import annotations

import copy
from typing import Any

from ..language import runtime
from ..language.atoms import ShownName
from ..language.errors import LogoError
from ..language.procedures import Procedure, make_procedure, parse_title
from ..language.values import LogoList, logo_bool, parse_number, quoted_form
from ..session import library
from ..session.workspace import LIBRARY_MACROS, LIBRARY_PROCEDURES
from .coerce import lower_word, lst, word, word_or_list
from .registry import primitive


def _names(x: Any) -> list[str]:
    """A word or a list of words, as lower-case names."""
    x = word_or_list(x)
    items = x.items() if isinstance(x, LogoList) else [x]
    return [word(i).lower() for i in items]


@primitive("to")
def to(I, *title):
    """TO name :input1 :input2 ...
    Starts a procedure definition (typed at top level; ends with END).  Run from a
    list, a title UCBLogo would not take is its error ("to doesn't like 4 as input");
    APPLY, MAP and the like do not know TO as a procedure (see runtime.call_named)."""
    if not title:
        raise LogoError("not_enough_inputs", who="to")
    name = title[0]
    if not isinstance(name, str) or not name or name[0] in ':"' or \
            parse_number(name) is not None:
        raise LogoError("doesnt_like_unrec", who="to", what=name)
    parse_title(list(title), "to")  # a bad input: UCBLogo's error 4
    if not I.frames and I.is_primitive(name.lower()) and not I.redefining():
        raise LogoError("already_defined", who=name.lower())
    raise LogoError("to_in_procedure", who="to")


@primitive("define")
def define(I, name, text, *, macro=False):
    """DEFINE name text
    Defines procedure name from text, a list [[inputs] [line1] [line2] ...]."""
    text = lst(text)
    if len(text) == 0 or not all(isinstance(line, LogoList) for line in text):
        raise LogoError("doesnt_like", what=text)  # as UCBLogo: the whole text
    title: list[Any] = [word(name), *text.first()]
    lines = list(text.butfirst())
    proc = make_procedure(title, lines, who=".defmacro" if macro else "define",
                          literal=True)
    proc.macro = macro
    I.define(proc)


@primitive(".defmacro")
def defmacro(I, name, text):
    """.DEFMACRO name text
    Like DEFINE, but defines a macro: the list it outputs is run where it was called."""
    define(I, name, text, macro=True)


@primitive("macrop", "macro?")
def macrop(I, name):
    """MACROP name
    Outputs TRUE if name is a macro (defined with .MACRO or .DEFMACRO)."""
    n = word(name).lower()
    proc = I.procedures.get(n)
    if proc is not None:
        return logo_bool(proc.macro)
    return logo_bool(n in LIBRARY_MACROS and I.registry.get(n) is not None)


def _procedure(I, name: Any, unknown: str = "dont_know_named") -> Procedure:
    """The procedure named; an error (UCBLogo's code 24, or ``unknown``) if none."""
    n = word(name).lower()
    proc = library.procedure(I, n)
    if proc is None:
        if I.registry.get(n) is not None:
            raise LogoError("is_primitive", who=word(name))
        raise LogoError(unknown, who=word(name))
    return proc


@primitive("text")
def text(I, name):
    """TEXT procname
    Outputs the procedure's text: [[inputs] [line1] [line2] ...]."""
    return _procedure(I, name).text_list()


@primitive("fulltext")
def fulltext(I, name):
    """FULLTEXT procname
    Outputs the procedure's definition as a list of lines, title and END included."""
    return _procedure(I, name).fulltext()


@primitive("copydef")
def copydef(I, newname, oldname):
    """COPYDEF newname oldname
    Makes newname a procedure with the same definition as oldname (a primitive's
    new name is a primitive too)."""
    if word(oldname).lower() not in I.procedures and I.registry.get(word(oldname).lower()):
        _copy_primitive(I, word(newname).lower(), I.registry.get(word(oldname).lower()))
        return
    old = _procedure(I, oldname, "dont_know")
    title = [word(newname), *old.title_items()[2:]]
    new = make_procedure(title, list(old.lines))
    new.macro = old.macro
    if old.source:
        head = old.source[0].split(None, 2)  # the title as typed, with the new name
        title_line = " ".join([head[0], new.name, *head[2:]]) if len(head) > 1 else " ".join(
            new.title_words())
        new.source = [title_line, *old.source[1:]]
    I.define(new)


def _copy_primitive(I, name: str, spec: Any) -> None:
    """COPYDEF of a primitive: the name calls the primitive, in this Logo only."""
    if I.is_primitive(name) and not I.redefining():
        raise LogoError("is_primitive", who=name)
    old = I.procedures.get(name)
    if old is not None:
        # code compiled before calls the old definition: it now hands its inputs, as
        # parsed for the old one, to the primitive (as UCBLogo, which reparses)
        I.define(make_procedure([name, LogoList([":args"])], [LogoList(
            [".maybeoutput", "apply", '"' + name, ":args"])]))
    I.erase_procedure(name)
    reg = copy.copy(I.registry)  # the registry may be shared with other Logos
    reg.by_name = {**reg.by_name, name: spec}
    I.registry = reg
    I.generation += 1


@primitive("make")
def make(I, name, value):
    """MAKE varname value
    Gives the variable varname the value (in the innermost scope that has it)."""
    n = word(name).lower()
    I.vars[n] = value
    if n == "erract":  # code is compiled recovering while it is set
        from ..session.recovery import erract_changed  # lazy: only for ERRACT

        erract_changed(I)


@primitive("thing")
def thing(I, name):
    """THING varname
    Outputs the value of the variable (:name is THING "name)."""
    return I.get_var(word(name))


@primitive("namep", "name?")
def namep(I, name):
    """NAMEP word
    Outputs TRUE if word is the name of a variable that has a value."""
    return logo_bool(word(name).lower() in I.vars)


def _saved(I) -> dict | None:
    """Where the values LOCAL hides are kept: the running procedure's record, or at top
    level the line's (as in UCBLogo, a local variable lasts until the end of the line)."""
    if I.frames:
        return I.frames[-1].saved
    if I.line_locals is None:
        I.line_locals = {}
    return I.line_locals


def _declare_local(I, names: list[str]) -> None:
    saved = _saved(I)
    if saved is None:
        return
    for n in names:
        if n not in saved:
            saved[n] = I.vars.get(n, runtime.UNBOUND)
        I.vars.pop(n, None)


@primitive("local", inputs=1, min_inputs=1)
def local(I, *names):
    """LOCAL varname   or   (LOCAL name1 name2 ...)   or   LOCAL [names]
    Makes the variables local to the running procedure."""
    all_names: list[str] = []
    for n in names:
        all_names.extend(_names(n))
    _declare_local(I, all_names)


@primitive("localmake")
def localmake(I, name, value):
    """LOCALMAKE varname value
    LOCAL varname, then MAKE varname value."""
    n = lower_word(name)
    saved = _saved(I)
    if saved is not None:
        if n not in saved:
            saved[n] = I.vars.pop(n, runtime.UNBOUND)
        else:
            I.vars.pop(n, None)
    I.vars[n] = value


@primitive("global", inputs=1, min_inputs=1)
def global_(I, *names):
    """GLOBAL varname   or   (GLOBAL name1 name2 ...)
    Declares global variables (they have no value until MAKE)."""
    for n in names:
        I.workspace.globals.update(_names(n))


@primitive("primitivep", "primitive?")
def primitivep(I, name):
    """PRIMITIVEP name
    Outputs TRUE if name is a primitive (not a library procedure such as MAP), ours
    that UCBLogo lacks too (ASK) until a procedure takes its name."""
    n = word(name).lower()
    return logo_bool(n not in I.procedures and n not in LIBRARY_PROCEDURES
                     and I.registry.get(n) is not None)


@primitive("definedp", "defined?")
def definedp(I, name):
    """DEFINEDP name
    Outputs TRUE if name is a procedure defined with TO or DEFINE (or written in Logo
    in the library)."""
    return logo_bool(library.procedure(I, word(name).lower()) is not None)


@primitive("procedures")
def procedures(I):
    """PROCEDURES
    Outputs a list of the names of the defined (unburied) procedures."""
    return LogoList(sorted(n for n in I.procedures if n not in I.workspace.buried))


@primitive("names")
def names(I):
    """NAMES
    Outputs a contents list [[] [variable names]]."""
    return LogoList([LogoList(), LogoList(sorted(
        n for n in I.vars if n not in I.workspace.buried))])


@primitive("plists")
def plists(I):
    """PLISTS
    Outputs a contents list [[] [] [property list names]]."""
    return LogoList([LogoList(), LogoList(), LogoList(sorted(
        n for n in I.workspace.plists if n not in I.workspace.buried))])


@primitive("contents")
def contents(I):
    """CONTENTS
    Outputs [[procedures] [variables] [property lists]]."""
    return LogoList([procedures(I), names(I).butfirst().first(), plists(I).last()])


def _print_procs(I, procs: list[str]) -> None:
    for n in procs:
        I.write(_procedure(I, n).text() + "\n\n")


def _print_vars(I, variables: list[str]) -> None:
    for n in variables:
        if n in I.vars:
            value = I.vars[n]
            I.write(f"Make \"{n} {quoted_form(value)}\n")


def _as_written(x: Any, name: str) -> str:
    """A procedure's name as the contents list ``x`` writes it (SHOW is a primitive)."""
    items = x.items() if isinstance(x, LogoList) else [x]
    if items and isinstance(items[0], LogoList):
        items = items[0].items()
    return next((str(i) for i in items if str(i).lower() == name), name)


def _contents_parts(x: Any) -> tuple[list[str], list[str], list[str]]:
    """A name, a list of names, or a contents list [[procs] [vars] [plists]]."""
    if isinstance(x, LogoList) and len(x) and isinstance(x.first(), LogoList):
        parts = [_names(p) for p in x.items()] + [[], [], []]
        return parts[0], parts[1], parts[2]
    return _names(x), [], []


@primitive("po", "printout")
def po(I, what):
    """PO contentslist
    Prints the definitions of the named procedures (or variables, property lists)."""
    procs, variables, props = _contents_parts(what)
    _print_procs(I, procs)
    _print_vars(I, variables)
    for n in props:
        for prop, value in reversed(I.workspace.plists.get(n, {}).items()):
            I.write(f"Pprop \"{n} \"{prop} {quoted_form(value)}\n")


@primitive("erase", "er")
def erase(I, what):
    """ERASE contentslist
    Erases the named procedures (or [[procs] [vars] [plists]])."""
    procs, variables, props = _contents_parts(what)
    for n in procs:
        if n not in I.procedures and I.is_primitive(n):
            raise LogoError("is_primitive", who=_as_written(what, n))
        I.erase_procedure(n)
    for n in variables:
        I.vars.pop(n, None)
        I.workspace.globals.discard(n)
    for n in props:
        I.workspace.plists.pop(n, None)


@primitive("erall")
def erall(I):
    """ERALL
    Erases every unburied procedure, variable and property list."""
    buried = I.workspace.buried
    for n in [n for n in I.procedures if n not in buried]:
        I.erase_procedure(n)
    for n in [n for n in I.vars if n not in buried]:
        del I.vars[n]
    for n in [n for n in I.workspace.plists if n not in buried]:
        del I.workspace.plists[n]
    I.registry.notify(I, "erall")  # the microworlds' states go too (their forget_on)


@primitive("bury")
def bury(I, what):
    """BURY contentslist
    Hides the named procedures and variables from PO, ERALL, SAVE and CONTENTS."""
    procs, variables, props = _contents_parts(what)
    I.workspace.buried.update(procs + variables + props)


@primitive("unbury")
def unbury(I, what):
    """UNBURY contentslist
    Undoes BURY."""
    procs, variables, props = _contents_parts(what)
    I.workspace.buried.difference_update(procs + variables + props)


@primitive("pprop")
def pprop(I, plist, prop, value):
    """PPROP plistname propname value
    Puts value on the property list under propname."""
    name = prop if type(prop) is str else word(prop)  # a new one keeps its name as written
    props = I.workspace.plists.setdefault(lower_word(plist), {})
    props[ShownName(name) if name not in props else name.lower()] = value


@primitive("gprop")
def gprop(I, plist, prop):
    """GPROP plistname propname
    Outputs the property's value, or [] if it has none."""
    props = I.workspace.plists.get(plist.lower() if type(plist) is str else lower_word(plist))
    key = prop.lower() if type(prop) is str else lower_word(prop)
    return props[key] if props is not None and key in props else LogoList()


@primitive("remprop")
def remprop(I, plist, prop):
    """REMPROP plistname propname
    Removes the property."""
    props = I.workspace.plists.get(word(plist).lower())
    if props is not None:
        props.pop(word(prop).lower(), None)
        if not props:
            del I.workspace.plists[word(plist).lower()]


@primitive("plist")
def plist(I, name):
    """PLIST plistname
    Outputs the property list as [prop1 value1 prop2 value2 ...], the property added
    last first."""
    items: list[Any] = []
    for prop, value in reversed(I.workspace.plists.get(word(name).lower(), {}).items()):
        items.extend([getattr(prop, "shown", prop), value])
    return LogoList(items)


@primitive("plistp", "plist?")
def plistp(I, name):
    """PLISTP name
    PLIST? name
    Outputs TRUE if name is the name of a property list that has properties."""
    return logo_bool(bool(I.workspace.plists.get(word(name).lower())))
