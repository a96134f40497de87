"""FOREACH with a literal explicit-slot template, compiled inline (``control_forms``).

``foreach :l [make "t :t + ?]`` in a procedure or a compiled list: the template's
instructions become the body of a Python loop instead of a run of the template list per
member (``templates.apply_rows``).  What the body sees is what it sees there: one entry
of ``I.slots`` holds the member for ``?`` (procedures the body calls read it
dynamically), the variable ``template.number`` numbers the steps for ``#``,
``I.template_lists`` keeps the data for ``?REST``; all three are put back after the loop,
an error or a STOP, OUTPUT or THROW inside it.  The body is compiled as an instruction
list is (as the template list runs today, its STOP and OUTPUT raise their signals to the
procedure around, which has no tail call to make from inside the loop).  Each step looks
at ``I.interrupt`` with the slot entry off the stack, as the primitive's steps do.  A
``?`` written in the body itself (not in a list run by something else) is the loop's
variable (``em.slot_var``, read by ``inline_prims.slot``): the entry holds it then.

Anything else is left to the primitive: several data inputs, a template that is a name,
a named-slot list or procedure text, a data input in a fast loop's locals.
"""

from __future__ import annotations

from typing import Any

from ..primitives.coerce import word
from .nodes import Call, Const
from .templates import NUMBER
from .values import LogoArray, LogoList

_UNSET = object()


def start(I: Any, data: Any) -> tuple[list[Any], tuple[Any, Any]]:
    """FOREACH's members of ``data`` (a word's letters) and the state its steps hide;
    the slot entry for ``?`` pushed."""
    if isinstance(data, LogoList):
        items = data.items()
    elif isinstance(data, LogoArray):
        items = list(data.items)
    else:
        items = list(word(data))
    old = (I.vars.get(NUMBER, _UNSET), I.template_lists)
    I.template_lists = ([items], (data,))
    I.slots.append(())
    return items, old


def finish(I: Any, old: tuple[Any, Any]) -> None:
    """After the loop (however it ends): the slot entry and the state put back."""
    I.slots.pop()
    number, I.template_lists = old
    if number is _UNSET:
        I.vars.pop(NUMBER, None)
    else:
        I.vars[NUMBER] = number


def interrupted(I: Any) -> None:
    """A Stop or time limit pending at a step: looked at with the step's slot entry off
    the stack (as ``apply_rows`` gives such a step back to ``apply_template``)."""
    slots = I.slots
    slots.pop()
    try:
        I.check_interrupt()
    finally:
        slots.append(())


def form_foreach(st: Any, node: Call, tail: bool) -> bool:
    """foreach data [template with ? and #]: a Python loop over the members."""
    if len(node.args) != 2:
        return False
    template = node.args[1]
    if not (isinstance(template, Const) and type(template.value) is LogoList):
        return False
    body = template.value
    if not body or type(body.first()) is LogoList:  # named slots, procedure text
        return False
    em = st.em
    if em.region is not None:  # (a fast loop's variables are in locals)
        return False
    data = st.x.expr(node.args[0], node.name)
    items, old, n, x = em.fresh("_fd"), em.fresh("_fo"), em.fresh("_fi"), em.fresh("_fx")
    slots = em.fresh("_fs")
    em.emit(f"{items}, {old} = {em.site(start, node.name)}(I, {data})")
    em.emit(f"{slots} = I.slots")
    em.emit("try:")
    em.emit(f"    for {n}, {x} in enumerate({items}, 1):")
    em.depth += 2
    em.emit(f"V[{NUMBER!r}] = {n}")
    em.emit(f"if I.interrupt: {em.const(interrupted)}(I)")
    em.emit(f"{slots}[-1] = ({x},)")
    mode, em.mode = em.mode, "list"  # (STOP and OUTPUT raise, as in the template list)
    outer, em.slot_var = getattr(em, "slot_var", None), x  # (? in the body: the member)
    em.loops += 1
    try:
        st.list_body(body, False)
    finally:
        em.mode, em.slot_var = mode, outer
        em.loops -= 1
    em.depth -= 2
    em.emit("finally:")
    em.emit(f"    {em.const(finish)}(I, {old})")
    return True
