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
A template that reads ``?`` only that way (``foreach_steps``) sets neither ``#`` nor
the entry for each member: nothing could read them.

MAP, FILTER and FIND of one data input with a literal explicit-slot template that is one
expression (``map [? * ?] :l``, ``filter [memberp ? [3 5 7]] :l``) are compiled inline
in an expression (:func:`reporter_map`): a function defined just before the instruction
(as ``depth.out_of_line`` defines one), called where the MAP stands with the data, runs
the same loop with the expression as its step, its value kept as the primitive keeps it
(no value: "template didn't output to map"; FILTER's TRUE or FALSE as the primitive
reads it).  The expression's top is one whose value or its absence is the list's own:
arithmetic, a word or variable, a primitive with no list to run, a procedure's call.

Anything else is left to the primitive: several data inputs, a template that is a name,
a named-slot list or procedure text, a data input in a fast loop's locals.
"""

from __future__ import annotations

from typing import Any

from ..primitives.coerce import word
from . import depth, foreach_steps, inlined_steps
from .emitter import wrap
from .errors import LogoError
from .nodes import Call, Const, Infix, Neg, Node
from .operations import OPERATIONS, STEP_OPERATIONS
from .operations import plain as _plain
from .procedures import Procedure
from .templates import NUMBER, apply_template
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
    foreach_steps.emit_head(st, (n, x, slots), foreach_steps.closed_body(st.x, body),
                            interrupted)
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


def given_back(I: Any, template: LogoList, row: tuple) -> Any:
    """A step while Stop is pending or after a definition changed: the primitive's
    (``templates.apply_rows``), with the step's slot entry off the stack."""
    slots = I.slots
    slots.pop()
    try:
        return apply_template(I, template, row)
    finally:
        slots.append(())


def no_output(I: Any) -> Any:
    """A MAP step's template gave no value (as the primitive says)."""
    raise LogoError("didnt_output", caller="map", who="template")


def no_output_of(name: str) -> Any:
    """A MAP step's named template gave no value (as the primitive says)."""
    raise LogoError("didnt_output", caller="map", who=name)


def found(items: list[Any]) -> Any:
    """FIND's output: the member found, or the empty list."""
    return items[0] if items else LogoList()


def reporter_map(x: Any, node: Call, caller: str) -> str | None:
    """map/filter/find [one expression with ?] data: the call of a function defined
    before the instruction, which loops over the members."""
    name = node.target.name
    if len(node.args) != 2 or x.em.region is not None or x.c.I.recover is not None:
        return None  # (several data, a fast loop's locals, ERRACT's recovering sites)
    template = node.args[0]
    if isinstance(template, Const) and type(template.value) is str:
        step = _named_step(x, node, template.value)  # map "cube :l
        if step is None or not depth.may_inline(x.em, name):
            return None
        return _define_loop(x, node, step, x.expr(node.args[1], name), template.value)
    if not (isinstance(template, Const) and type(template.value) is LogoList):
        return None
    body = template.value
    if not body or type(body.first()) is LogoList or not depth.may_inline(x.em, name):
        return None
    nodes = x.c.parse(body, x.em.current_line())
    span = depth.CAREFUL_EXPR_SPAN if x.em.careful else depth.EXPR_SPAN
    if len(nodes) != 1 or not _plain(nodes[0], True) or _levels(nodes[0]) >= span:
        return None  # (no level of it is moved out of line: depth.nested)
    data = x.expr(node.args[1], name)  # (the data input is evaluated where MAP stands)
    return _define_loop(x, node, nodes[0], data, body)


def _named_step(x: Any, node: Call, name: str) -> Call | None:
    """``map "cube :l``: the call of the procedure of one input the name means now, on
    the member (``?`` read as the loop's variable), where the template is one; else
    None (a primitive, a procedure of other inputs or none: the primitive's steps)."""
    I = x.c.I
    proc: Any = I.procedures.get(name.lower())
    slot = I.registry.get("?")
    if slot is None:
        return None
    if proc is None:  # an operation of the primitives taking one input: map "first :l
        proc = I.registry.get(name.lower())
        if proc is None or getattr(proc, "name", None) not in OPERATIONS or \
                proc.needs_interp or proc.min_inputs > 1 or 0 <= proc.max_inputs < 1:
            return None
    elif type(proc) is not Procedure or proc.macro or proc.fixed is None or \
            len(proc.fixed) != 1 or proc.optional or proc.rest:
        return None
    line = node.line
    return Call(name, proc, [Call("?", slot, [], line)], line)


def start_named(I: Any, data: Any) -> tuple[list[Any], tuple[Any, Any]]:
    """:func:`start` for a named template: no slot entry (the primitive's steps push
    none: a ``?`` in the procedure reads the template around)."""
    items, old = start(I, data)
    I.slots.pop()
    return items, old


def finish_named(I: Any, old: tuple[Any, Any]) -> None:
    """:func:`finish` for a named template."""
    I.slots.append(())
    finish(I, old)


def _levels(node: Node) -> int:
    """How many levels of expressions ``node`` is."""
    if type(node) is Infix:
        return 1 + max(_levels(node.left), _levels(node.right))
    if type(node) is Neg:
        return 1 + _levels(node.operand)
    if type(node) is Call and node.args:
        return 1 + max(_levels(a) for a in node.args)
    return 1


def _define_loop(x: Any, node: Call, step: Node, data: str, template: Any) -> str:
    """Emit the loop's function (before the instruction); its call's text.  A named
    template (a word) has no slot entry: the member is the procedure's input."""
    from ..primitives.iteration import rebuild  # lazy: start-up time (MAP's module)

    em, name = x.em, node.target.name
    fn, d, items, old, n, v = (em.fresh(p) for p in ("_tm", "_td", "_ti", "_to", "_tn", "_tv"))
    member, out, slots = em.fresh("_tx"), em.fresh("_tr"), em.fresh("_ts")
    named = type(template) is str
    body = inlined_steps.body_step(x, step, STEP_OPERATIONS)
    value, inlined = _step_text(x, step, name, member, body)
    gen = em.fresh("_tg")
    em.emit(f"def {fn}({d}):")
    em.depth += 1
    em.emit(f"{items}, {old} = {em.site(start_named if named else start, name)}(I, {d})")
    em.emit(f"{slots}, {out}, {gen} = I.slots, [], I.generation")
    em.emit(f"{out}_add = {out}.append")
    if inlined is not None:
        inlined_steps.emit_guard(x, gen)
    em.emit("try:")
    em.emit(f"    for {n}, {member} in enumerate({items}, 1):")
    em.depth += 2
    if inlined is not None:
        back = apply_template if named else given_back
        inlined_steps.emit_step(x, (n, member, v, gen, "" if named else slots), inlined, value,
                                f"{em.const(back)}(I, {em.const(template)}, ({member},))")
    else:
        _emit_step(x, step, (n, member, v, gen, slots), value, template)
    _use(x, name, v, member, out, template if named else None)
    em.depth -= 2
    em.emit("finally:")
    em.emit(f"    {em.const(finish_named if named else finish)}(I, {old})")
    if name == "find":
        em.emit(f"return {em.const(found)}({out})")
    else:
        em.emit(f"return {em.site(rebuild, name)}({d}, {out})")
    em.depth -= 1
    return f"{fn}({data})"


def _step_text(x: Any, step: Node, name: str, member: str,
               body: Node | None) -> tuple[str, str | None]:
    """The step's Python text (``?`` read as ``member``), and that of the procedure's
    body in its place (``body``, inlined_steps), if any."""
    em = x.em
    outer, em.slot_var = getattr(em, "slot_var", None), member
    level, em.expr_level = getattr(em, "expr_level", 0), 0  # (the step's own levels)
    em.loops += 1
    try:
        if type(step) is Call and type(step.target) is Procedure:
            value = x.proc_call(step)  # (its value or None, as in the list)
        elif type(step) is Call and x.inline_form(step) is None:
            value = x.prim_call(step)
        else:
            value = x.expr(step, name)
        inlined = None if body is None else x.expr(body, "output")
    finally:
        em.slot_var, em.expr_level = outer, level
        em.loops -= 1
    return value, inlined


def _emit_step(x: Any, step: Node, names: tuple[str, ...], value: str, template: Any) -> None:
    """A step: given back to the primitive's way while Stop is pending or after a
    definition changed, else ``value``; ``#`` and ``?``'s entry set where it reads them."""
    em = x.em
    n, member, v, gen, slots = names
    named = type(template) is str
    closed = not named and foreach_steps.closed(step)  # (nothing in the step reads # or ?'s entry)
    if not closed:
        em.emit(f"V[{NUMBER!r}] = {n}")
    em.emit(f"if I.interrupt or I.generation != {gen}:")  # (a step as the primitive's)
    if closed:
        em.emit(f"    V[{NUMBER!r}] = {n}")
    back = apply_template if named else given_back
    em.emit(f"    {v} = {em.const(back)}(I, {em.const(template)}, ({member},))")
    em.emit("else:")
    if not named and not closed:
        em.emit(f"    {slots}[-1] = ({member},)")
    em.emit(f"    {v} = {value}")


def _use(x: Any, name: str, v: str, member: str, out: str, named: str | None) -> None:
    """The step's value kept: MAP's output (none is an error: named as the primitive
    names it), FILTER's and FIND's member when the value is TRUE (a word that is
    neither is an error)."""
    em = x.em
    if name == "map":
        none = f"{em.site(no_output, name)}(I)" if named is None else \
            f"{em.site(no_output_of, name)}({named!r})"
        em.emit(f"{out}_add({v} if {v} is not None else {wrap(none)})")
        return
    from ..primitives.iteration import truth_of  # lazy: start-up time (FILTER's module)

    truth = wrap(f"{em.site(truth_of, name)}({v}, None)")  # (its own line: who is named)
    em.emit(f"if {v} is TRUE or ({v} is not FALSE and {truth}):")
    em.emit(f"    {out}_add({member})")
    if name == "find":
        em.emit("    break")
