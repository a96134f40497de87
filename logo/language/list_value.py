"""A list run for its value that gives none: what UCBLogo's message names.

RUN, IF, IFELSE, IFTRUE and IFFALSE pass on the value of the list they run (UCBLogo
makes them macros), so ``show run [print 1]`` is "print didn't output to show", and a
list that ran nothing (``show run []``, ``show if "false [1]``) is "Macro returned []
instead of a list" (error 29).  Compiled value-mode lists record, only when they end
without a value, the instruction that gave none (:func:`no_value`); the call site of
one of those primitives reads it back when it found no value (:func:`need_list_value`).
Nothing of this runs while values come.
"""

from __future__ import annotations

from typing import Any

from .errors import LogoError
from .lists import LogoList
from .nodes import Call, GetSet, Node
from .procedures import Procedure

TRANSPARENT = frozenset(("run", "if", "ifelse", "iftrue", "iffalse"))


def no_value(I: Any, name: str) -> None:
    """The list's instruction ``name`` gave no value ("" when the list ran nothing)."""
    I.unvalued = name


def need_list_value(I: Any, caller: str, who: str) -> Any:
    """RUN (IF ...) gave ``caller`` no value: UCBLogo's message for it."""
    name = getattr(I, "unvalued", None)
    I.unvalued = None
    if name == "":
        raise LogoError("macro_returned", what=LogoList())
    raise LogoError("didnt_output", who=name or who, caller=caller)


def transparent(target: Any) -> bool:
    """RUN, IF, IFELSE, IFTRUE, IFFALSE: they pass on the value of the list they ran."""
    return getattr(target, "name", None) in TRANSPARENT and not isinstance(target, Procedure)


def end(em: Any, body: list[Node], mode: str) -> str:
    """The last line of a compiled list: in value mode, say what gave no value (an
    empty list, or one ending in IF or RUN that ran nothing: "")."""
    if mode != "list":
        return "return None"
    last = body[-1] if body else None
    name = last.name if isinstance(last, (Call, GetSet)) and not transparent(
        getattr(last, "target", None)) else ""
    return f"I.unvalued = {name!r}; return None"  # (no_value, without a call)


def tail(em: Any, node: Call, call: str) -> str:
    """The return of a value-mode list's last instruction, a call: none is noted."""
    if transparent(node.target):
        return f"return {call}"  # the list it ran noted what gave no value
    return f"return _r if (_r := {call}) is not None else {em.const(no_value)}(I, {node.name!r})"


def need(em: Any, node: Call, caller: str, need_value: Any) -> tuple[str, str]:
    """The function a primitive's call site calls when it gave no value, and its first
    input: ``need_value(None, ...)``, or for RUN and its kind ``need_list_value(I, ...)``."""
    if transparent(node.target):
        return em.site(need_list_value, caller), "I"
    return em.site(need_value, caller), "None"
