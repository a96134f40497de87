"""Control primitives compiled inline when their instruction lists are literal.

Each form takes the statement compiler, the Call node and whether it is in tail position,
emits Python and returns True; it returns False to leave the call to the ordinary
primitive (which runs its lists at run time), e.g. for ``if :cond :list``.
The primitives of the same names in ``primitives/control.py`` keep the semantics for
``apply``, ``run`` and non-literal lists; these forms must agree with them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from . import (
    apply_forms,
    call_sites,
    catch_forms,
    held_fusion,
    inline_names,
    loop_bounds,
    loop_locals,
    run_forms,
    runtime,
    template_forms,
    word_appends,
)
from .emitter import wrap
from .held_fusion import expanding, listed
from .held_lists import form_if as held_if
from .held_lists import form_repeat as held_repeat
from .nodes import Call, Const, Fail, Node, literal_list
from .print_forms import form_write, plain
from .procedures import Procedure
from .test_forms import FORMS as TEST_FORMS
from .values import LogoList


def _cond(st: Any, node: Call, arg: Node) -> str:
    return st.x.condition(arg, node.name)


def form_stop(st: Any, node: Call, tail: bool) -> bool:
    if st.em.mode == "proc":
        st.em.emit_return(None)
    else:
        st.em.emit("raise STOP()")
    return True


def form_output(st: Any, node: Call, tail: bool) -> bool:
    em = st.em
    arg = node.args[0]
    if em.mode != "proc":
        em.emit(f"raise OUTPUT({st.x.expr(arg, node.name)})")
        return True
    if isinstance(arg, Call) and isinstance(arg.target, Procedure) and not arg.target.macro \
            and em.may_tail():
        if st.self_tail_call(arg, node.line):
            return True
        call_sites.emit_tail(st.x, arg, False, node.line)  # (one TailCall per site)
    else:
        em.emit_return(st.x.expr(arg, node.name))
    return True


def form_maybeoutput(st: Any, node: Call, tail: bool) -> bool:
    """.maybeoutput value: output the value, or stop if the expression gives none."""
    em = st.em
    if not node.args:  # (.maybeoutput): the primitive itself stops
        return False
    arg = node.args[0]
    if not isinstance(arg, Call):
        value = st.x.expr(arg, node.name)
    elif not isinstance(arg.target, Procedure):
        value = wrap(st.x.prim_call(arg))
    elif arg.target.macro:
        fn = em.site(runtime.call_macro, arg.name)
        value = wrap(f"{fn}(I, {em.const(arg.target)}, {st.x.args_tuple(arg)}, True)")
    else:
        value = wrap(f"CALLP(I, {em.const(arg.target)}, {st.x.args_tuple(arg)})")
    tmp = em.fresh("_m")
    em.emit(f"{tmp} = {value}")
    if em.mode == "proc":
        em.emit_return(tmp)
    else:
        em.emit(f"raise (STOP() if {tmp} is None else OUTPUT({tmp}))")
    return True


def form_if(st: Any, node: Call, tail: bool) -> bool:
    em = st.em
    lists = [listed(em, a) for a in node.args[1:]]  # (literal, or held: held_fusion)
    if any(lst is None for lst in lists):
        return held_if(st, node, tail)  # (if :c :action)
    em.emit(f"if {_cond(st, node, node.args[0])}:")
    for k, lst in enumerate(lists):
        if k:
            em.emit("else:")
        em.depth += 1
        with expanding(em, node.args[k + 1]):
            st.list_body(lst, tail)
        em.depth -= 1
    return True


def form_repeat(st: Any, node: Call, tail: bool) -> bool:
    em = st.em
    body = listed(em, node.args[1])  # (literal, or held: held_fusion)
    if body is None:
        return held_repeat(st, node, tail)  # (repeat 3 :steps)
    n = em.fresh("_n")
    em.emit(f"{n} = {loop_bounds.repeat_count(st, node)}")
    if held_fusion.repeat_fused(st, node, n):  # (repeat n [repeat 3 :x], [run :x] ...)
        return True
    with expanding(em, node.args[1]):
        if loop_locals.few(st, node.args[:1]):
            loop_locals.counted(st, body, f"range(1, {n} + 1)")
        else:
            loop_locals.either(st, [body], lambda: loop_locals.counted(
                st, body, f"range(1, {n} + 1)"))
    return True


def form_forever(st: Any, node: Call, tail: bool) -> bool:
    body = literal_list(node.args[0])
    if body is None:
        return False
    counting = f"{st.em.const(itertools.count)}(1)"
    loop_locals.either(st, [body], lambda: loop_locals.counted(st, body, counting))
    return True


def _single_expression(st: Any, lst: LogoList) -> Node | None:
    nodes = st.c.parse(lst, st.current_line())
    return nodes[0] if len(nodes) == 1 else None


def _loop(st: Any, node: Call, cond_first: bool, stop_when: bool) -> bool:
    """while/until (test first) and do.while/do.until (body first)."""
    lists = [literal_list(a) for a in node.args]
    if cond_first:
        cond_list, body = lists[0], lists[1]
    else:
        body, cond_list = lists[0], lists[1]
    if cond_list is None or body is None:
        return False
    cond = _single_expression(st, cond_list)
    if cond is None:
        return False
    em = st.em

    def emit() -> None:
        check = f"if {'' if stop_when else 'not '}{st.x.condition(cond, node.name)}: break"
        em.emit("while True:")
        em.depth += 1
        loop_locals.emit_interrupt(em)
        if cond_first:
            em.emit(check)
        loop_locals.loop_body(st, body)
        if not cond_first:
            em.emit(check)
        em.depth -= 1

    loop_locals.either(st, [body], emit, condition=cond)
    return True


def form_while(st: Any, node: Call, tail: bool) -> bool:
    return _loop(st, node, cond_first=True, stop_when=False)


def form_until(st: Any, node: Call, tail: bool) -> bool:
    return _loop(st, node, cond_first=True, stop_when=True)


def form_do_while(st: Any, node: Call, tail: bool) -> bool:
    return _loop(st, node, cond_first=False, stop_when=False)


def form_do_until(st: Any, node: Call, tail: bool) -> bool:
    return _loop(st, node, cond_first=False, stop_when=True)


def form_for(st: Any, node: Call, tail: bool) -> bool:
    """for [var start end step] [body]: the variable is local to the loop.  As in
    UCBLogo's library FOR, start, end and step are each one member of the control list,
    run by itself (``[i 1 :n]``, ``[i 1 [:n * 2]]``); the step is there only when the
    list has exactly four members."""
    control, body = literal_list(node.args[0]), literal_list(node.args[1])
    if control is None or body is None or len(control) < 3:
        return False
    var = control.first()
    if not isinstance(var, str):
        return False
    members = control.items()[1:4] if len(control) == 4 else control.items()[1:3]
    exprs = []
    for member in members:
        nodes = st.c.parse(member if type(member) is LogoList else LogoList([member]),
                           st.current_line())
        if len(nodes) != 1 or (isinstance(nodes[0], Fail) and nodes[0].whole):
            return False  # the primitive gives the error when it runs
        exprs.append(nodes[0])
    em = st.em
    name = var.lower()
    it, old = em.fresh("_it"), em.fresh("_old")
    em.emit(f"{it} = {loop_bounds.for_range(st, node, exprs)}")
    em.emit(f"{old} = V.get({name!r}, UNBOUND)")
    if loop_locals.few(st, exprs):
        _for_loop(st, body, name, it, old)
    else:
        loop_locals.either(st, [body], lambda: _for_loop(st, body, name, it, old), name)
    return True


def _for_loop(st: Any, body: LogoList, name: str, it: str, old: str) -> None:
    """FOR's loop over the values ``it``: the variable set in the table, or (in a fast
    copy) a local of its own."""
    em = st.em
    region = em.region
    v = em.fresh("_v")
    em.emit("try:")
    em.depth += 1
    em.emit(f"for {v} in {it}:")
    em.depth += 1
    if region is None:
        em.emit(f"V[{name!r}] = {v}")
    else:
        region.for_vars.append((name, v))
    loop_locals.emit_interrupt(em)
    loop_locals.loop_body(st, body)
    if region is not None:
        region.for_vars.pop()
    em.depth -= 2
    em.emit("finally:")
    em.emit(f"    if {old} is UNBOUND: V.pop({name!r}, None)")
    em.emit(f"    else: V[{name!r}] = {old}")


def reporter_ifelse(x: Any, node: Call, caller: str) -> str | None:
    lists = [literal_list(a) for a in node.args[1:]]
    if len(lists) != 2 or any(lst is None for lst in lists):
        return None
    st_parse = x.c.parse
    branches = [st_parse(lst, 0) for lst in lists]
    if any(len(b) != 1 for b in branches):
        return None
    cond = x.condition(node.args[0], node.name)
    yes, no = (x.expr(b[0], caller) for b in branches)
    return f"({yes} if {cond} else {no})"


def form_make(st: Any, node: Call, tail: bool) -> bool:
    """make "name value with a quoted name: a plain store."""
    name = node.args[0]
    if st.c.I.debugger is not None and st.c.I.debugger.originals:
        return False  # variables are traced: MAKE says so (session/debugger.py)
    if not (isinstance(name, Const) and isinstance(name.value, str) and name.value):
        return inline_names.make_statement(st, node)  # a computed name
    if name.value.lower() == "erract":
        return False  # MAKE "ERRACT changes how code is compiled (session/recovery.py)
    low = name.value.lower()
    if not word_appends.appended(st, low, node.args[1]):
        st.em.emit(f"{st.em.local(low) or f'V[{low!r}]'} = {st.x.expr(node.args[1], node.name)}")
    return True


def tags_of(body: list[Node]) -> dict[str, int]:
    """The TAG "name instructions of a procedure body: name -> the index of the
    instruction after it (the first TAG of a name counts)."""
    tags: dict[str, int] = {}
    for i, node in enumerate(body):
        if isinstance(node, Call) and not isinstance(node.target, Procedure) \
                and node.target.name == "tag" and node.args \
                and isinstance(node.args[0], Const) and isinstance(node.args[0].value, str):
            tags.setdefault(node.args[0].value.lower(), i + 1)
    return tags


def form_localmake(st: Any, node: Call, tail: bool) -> bool:
    """localmake "name value in a procedure's body: the value, then the name joins
    the names the procedure's frame restores (as LOCAL), then a plain store."""
    name = node.args[0]
    if not (isinstance(name, Const) and type(name.value) is str and name.value):
        return False
    em, low = st.em, name.value.lower()
    v, f = em.fresh("_lv"), em.fresh("_lf")
    if em.mode != "proc":  # a list: run in a procedure's frame, or the line's at top level
        if low == "erract" or em.region is not None:
            return False
        em.emit(f"{v} = {st.x.expr(node.args[1], node.name)}")
        em.emit(f"{f} = I.frames[-1].saved if I.frames else {em.const(line_record)}(I)")
        em.emit(f"if {low!r} not in {f}: {f}[{low!r}] = V.pop({low!r}, UNBOUND)")
        em.emit(f"else: V.pop({low!r}, None)")
        em.emit(f"V[{low!r}] = {v}")  # (as the primitive: the name made last in the table)
        return True
    em.emit(f"{v} = {st.x.expr(node.args[1], node.name)}")
    em.emit(f"{f} = I.frames[-1].saved")
    local = em.local(low)  # in a fast loop: the variable's value now is the local's
    em.emit(f"if {low!r} not in {f}: {f}[{low!r}] = "
            f"{local or f'V[{low!r}] if {low!r} in V else UNBOUND'}")
    em.emit(f"{local or f'V[{low!r}]'} = {v}")
    return True


def line_record(I: Any) -> dict[str, Any]:
    """Where LOCALMAKE at top level keeps what it hides: the line's record (its
    variables end with the line, as the primitive's)."""
    if I.line_locals is None:
        I.line_locals = {}
    return I.line_locals


def form_throw(st: Any, node: Call, tail: bool) -> bool:
    """THROW of a word typed (``throw "done``, ``(throw "done :v)``): the signal raised
    where it stands, as the primitive raises it (its value, computed, is one)."""
    tag = node.args[0] if node.args else None
    if not 1 <= len(node.args) <= 2 or type(tag) is not Const or type(tag.value) is not str \
            or not plain(node, "control", "throw") \
            or (len(node.args) == 1 and tag.value.lower() == "error"):  # (the error's)
        return False
    value = st.x.expr(node.args[1], node.name) if len(node.args) == 2 else None
    st.em.emit(f"raise THROW({tag.value!r}, None, False)" if value is None else
               f"raise THROW({tag.value!r}, ({value}), True)")
    return True


FORMS: dict[str, Callable[[Any, Call, bool], bool]] = {
    "stop": form_stop, "output": form_output, "if": form_if, "ifelse": form_if,
    "repeat": form_repeat, "forever": form_forever, "while": form_while,
    "until": form_until, "do.while": form_do_while, "do.until": form_do_until,
    "for": form_for, "foreach": template_forms.form_foreach, "make": form_make, "catch": catch_forms.form_catch, "throw": form_throw, "localmake": form_localmake, ".maybeoutput": form_maybeoutput,
    "run": run_forms.form_run, "print": form_write, "type": form_write, "show": form_write,
}
FORMS.update(TEST_FORMS)  # TEST, IFTRUE, IFFALSE

REPORTER_FORMS: dict[str, Callable[[Any, Call, str], str | None]] = {
    "ifelse": reporter_ifelse, "if": reporter_ifelse,
    "map": template_forms.reporter_map, "filter": template_forms.reporter_map,
    "find": template_forms.reporter_map, "apply": apply_forms.reporter_apply,
    "runresult": run_forms.reporter_runresult, "run": run_forms.reporter_run,
    "catch": catch_forms.reporter_catch,
}
