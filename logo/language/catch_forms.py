"""CATCH with a literal instruction list, compiled inline (``control_forms``).

As an instruction (:func:`form_catch`), ``catch "found [walk :tree]`` is a Python
``try`` around the list compiled where it stands, in the procedure's own code (never in
tail position: its calls run inside the try).

As an operation (:func:`reporter_catch`), ``make "s :s + catch "found [find :n]``, the
list is the body of a function defined just before the instruction (as
``depth.out_of_line`` defines one), its ``try`` around the list compiled as a list run
for its value is (STOP and OUTPUT raise their signals to the procedure around, as from
the list CATCH's primitive runs), called where CATCH stands: the value of the list's
last instruction, or that of a THROW of the tag; none is "catch didn't output to +",
as from the primitive.  A throw costs its signal and the frames it leaves, not a
primitive's call, a RUN and a list's own code besides.

The tags ERROR and TRUE, which catch errors too, are left to the primitive, at run time
when the tag is computed (in a direct body, with the inputs bound:
``lifting.lifted_catch``); so is an operation's CATCH with a computed tag, one in a fast
loop (its variables are locals the function could not set) and one while ERRACT is set.
"""

from __future__ import annotations

from typing import Any

from ..primitives.coerce import word
from . import caught_errors, depth, lifting
from .emitter import CAUGHT_FROM, CAUGHT_TO, wrap
from .input_scope import CAUGHT
from .nodes import Call, Const, literal_list
from .print_forms import plain
from .runtime import need_value
from .values import LogoList


def form_catch(st: Any, node: Call, tail: bool) -> bool:
    """catch tag [instructions] as an instruction: a Python try around the list
    compiled inline.  A computed tag is looked at as the list starts: ERROR or TRUE
    run the primitive."""
    body = literal_list(node.args[1])
    tag = node.args[0]
    if body is None or (tail and st.em.mode == "list"):  # its value is wanted
        return False
    em = st.em
    literal = tag.value.lower() if isinstance(tag, Const) and type(tag.value) is str else None
    if literal == "error":
        return _error_catch(st, node, body)
    if literal in CAUGHT or (literal is None and isinstance(tag, Const)):
        return False
    name, low, sig = em.fresh("_tg"), em.fresh("_tl"), em.fresh("_ts")
    if literal is None:
        em.emit(f"{name} = {st.x.expr(tag, node.name)}")
        em.emit(f"{low} = ({name}.lower() if type({name}) is str else "  # (a plain word)
                f"{wrap(f'{em.site(catch_tag, node.name)}({name})')})")
        em.emit(f"if {low} == 'error' or {low} == 'true':")
        fn = em.site(node.target.fn, node.name)
        call = (f"{em.site(lifting.lifted_catch, node.name)}(I, {fn}, {name}, {em.const(body)})"
                if em.inputs else f"{fn}(I, {name}, {em.const(body)}, want_value=False)")
        em.emit(f"    if ({sig} := {call}) is not None: raise DONT_SAY({sig})")
        em.emit("else:")
        em.depth += 1
    em.emit("try:")
    _caught_body(st, body)
    em.emit(f"except THROW as {sig}:")
    em.emit(f"    {_other_tag(sig, low if literal is None else repr(literal))}: raise")
    em.emit(f"    if {sig}.has_value: raise DONT_SAY({sig}.value)")
    if literal is None:
        em.depth -= 1
    return True


def _error_catch(st: Any, node: Call, body: LogoList) -> bool:
    """catch "error [instructions] as an instruction: a Python try around the list
    compiled inline, what ended it answered as the primitive answers it
    (``caught_errors``).  Left to the primitive: in a direct body (the list would see
    its inputs, the primitive's run of it the table), in a fast loop, while ERRACT is
    set (its code differs) and where CATCH is not the primitive itself (traced, a
    procedure of the user's)."""
    em = st.em
    if em.inputs or em.region is not None or st.c.I.recover is not None \
            or not plain(node, "control", "catch"):
        return False
    exc = em.fresh("_te")
    em.emit("try:")
    _caught_body(st, body, (CAUGHT_FROM, CAUGHT_TO))  # (no ERRACT between: SiteMap.caught)
    em.emit(f"except {em.const(caught_errors.ENDINGS)} as {exc}:")
    em.emit(f"    {em.const(caught_errors.caught_error)}(I, {exc})")
    return True


def _caught_body(st: Any, body: LogoList, marks: tuple[str, str] | None = None) -> None:
    """The body of a CATCH's ``try``: its list, where OUTPUT of a call is no tail call
    (``Emitter.may_tail``), between the comment lines ``marks``, if any."""
    em = st.em
    em.depth += 1
    if marks:
        em.emit(marks[0])
    em.caught += 1
    try:
        st.list_body(body, False)
    finally:
        em.caught -= 1
    if marks:
        em.emit(marks[1])
    em.depth -= 1


def _other_tag(sig: str, low: str) -> str:
    """The test that the signal ``sig`` is a THROW of a tag other than ``low`` (the
    text of the lower-case tag): the tag as typed is compared first, most often the
    same letters."""
    return f"if {sig}.tag != {low} and {sig}.tag.lower() != {low}"


def catch_tag(tag: Any) -> str:
    """A CATCH tag computed at run time, as the primitive reads it."""
    return word(tag).lower()


def reporter_catch(x: Any, node: Call, caller: str) -> str | None:
    """catch "tag [instructions] as an operation: the call of a function defined
    before the instruction, its try around the list; None: the primitive's call."""
    em, tag = x.em, node.args[0] if node.args else None
    if len(node.args) != 2 or (body := literal_list(node.args[1])) is None or not (
            isinstance(tag, Const) and type(tag.value) is str and tag.value) \
            or tag.value.lower() in CAUGHT or em.region is not None \
            or x.c.I.recover is not None or x.statements is None \
            or not plain(node, "control", "catch") \
            or not depth.may_inline(em, "catch"):
        return None
    fn, sig, value = em.fresh("_kc"), em.fresh("_ks"), em.fresh("_kv")
    em.emit(f"def {fn}():")
    em.emit("    try:")
    em.depth += 2
    _value_body(x, body)
    em.depth -= 1
    em.emit(f"except THROW as {sig}:")
    em.emit(f"    {_other_tag(sig, repr(tag.value.lower()))}: raise")
    em.emit(f"    return {sig}.value if {sig}.has_value else None")
    em.emit("return None")
    em.depth -= 1
    need = em.site(need_value, caller)
    return (f"({value} if ({value} := {fn}()) is not None "
            f"else {wrap(f'{need}(None, {caller!r}, {node.name!r})')})")


def _value_body(x: Any, body: LogoList) -> None:
    """The list's code, its last instruction's value returned (in the mode of a list
    run for its value: STOP and OUTPUT raise, no call is a tail call), at the
    expression's own level count (``depth.nested``)."""
    em = x.em
    mode, em.mode = em.mode, "list"
    level, em.expr_level = getattr(em, "expr_level", 0), 0
    try:
        x.statements.list_body(body, True)
    finally:
        em.mode, em.expr_level = mode, level
