"""APPLY of a template typed where it is called and a LIST of its inputs, compiled
without the list (``control_forms.REPORTER_FORMS``): ``apply "sq (list :n)``,
``apply [? * 2] (list repcount)``, ``apply [[x y] :x + :y] (list 1 :n)``; a list of
inputs typed there, ``apply [[a b] :a - :b] [5 3]``, is the LIST of its members.

The inputs are evaluated in order, each an input to LIST (its messages say so), and
kept as Python values; then, by what the template is:

- the name of an operation of the primitives (:func:`_applied_operation`): its own call
  ``(sum :a 3)``, its complaints naming it as APPLY's do;
- the name of a procedure of as many fixed inputs when the code is compiled
  (:func:`_applied_procedure`): the call a compiled site of the procedure makes (the
  leaf's value computed at the site where it is one: leaf_calls), while the definitions
  are the ones the code was compiled for (``I.generation``); after any change the
  primitive's way (``templates.apply_template``), which finds what the name means now;
- a literal template whose body is one pure expression of its slots (an explicit-slot
  ``[? * 2]`` whose ``?k`` are among the inputs, or a named-slot ``[[x] :x + 1]`` of as
  many slots): computed at the site by invoke_forms' function, which makes the real
  APPLY (its checks, messages, a Stop or a debugger seen) where it cannot simply give
  the value;
- any other name: ``apply_template`` called with the inputs' tuple.

Whatever is called, no output is the primitive's "apply didn't output to ..." (the call
site's test names APPLY, as before).
"""

from __future__ import annotations

from typing import Any

from . import invoke_forms, leaf_calls, list_value, runtime
from .emitter import wrap
from .nodes import Call, Const
from .operations import OPERATIONS
from .procedures import Procedure
from .templates import apply_template
from .values import LogoList

MAX_TYPED = 8  # the most members of a typed list of inputs compiled without the list


def reporter_apply(x: Any, node: Call, caller: str) -> str | None:
    """apply template (list inputs...): see the module's note."""
    if len(node.args) != 2 or x.em.region is not None or x.c.I.recover is not None:
        return None  # (a fast loop's locals, ERRACT's recovering sites)
    template, inputs = node.args
    if not (isinstance(template, Const) and type(template.value) in (str, LogoList)):
        return None
    if isinstance(inputs, Const) and type(inputs.value) is LogoList:
        typed = _typed_inputs(x, node, inputs.value)
        if typed is None:
            return None
        inputs = typed
    if not (type(inputs) is Call and type(inputs.target) is not Procedure
            and inputs.target.name == "list"):
        return None
    value = template.value
    if type(value) is str and (applied := _applied_operation(x, value, inputs, caller)):
        return applied
    em = x.em
    fn = None
    if type(value) is LogoList:
        found = invoke_forms.pure_template(x.c, value, len(inputs.args), em.current_line()) \
            if leaf_calls.usable(x) else None
        fn = invoke_forms.make(x, *found) if found is not None else None
        if fn is None:
            return None
    temps = [em.fresh("_pa") for _ in inputs.args]
    args = [f"({t} := {x.expr(a, inputs.name)})" for t, a in zip(temps, inputs.args)]
    site = em.site(apply_template, node.name)
    if fn is not None:
        tmp = em.fresh("_q")
        applied = _tested(x, node, caller, wrap(f"{site}(I, {em.const(value)}, {_tuple(temps)})"))
        return (f"({tmp} if ({tmp} := {wrap(f'{em.const(fn)}(I{_more(args)})')}) is not "
                f"{em.const(leaf_calls.FAIL)} else {applied})")
    call = _applied_procedure(x, value, inputs, temps) if temps else None
    if call is None:
        return _tested(x, node, caller, wrap(f"{site}(I, {value!r}, {_tuple(args)})"))
    return _tested(x, node, caller, f"({call} if {_tuple(args)} and I.generation == "
                   f"{x.c.I.generation} else {wrap(f'{site}(I, {value!r}, {_tuple(temps)})')})")


def _typed_inputs(x: Any, node: Call, items: LogoList) -> Call | None:
    """``apply [[a b] :a - :b] [5 3]``: a list of inputs typed where it is called, as
    the LIST of its members (each a constant: nothing to evaluate, nothing to complain
    of); None for a long one."""
    members = items.items()
    spec = x.c.I.registry.get("list")
    if not 0 < len(members) <= MAX_TYPED or spec is None:
        return None
    return Call("list", spec, [Const(m) for m in members], node.line)


def _more(items: list[str]) -> str:
    return "".join(", " + t for t in items)


def _tuple(items: list[str]) -> str:
    return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"


def _tested(x: Any, node: Call, caller: str, call: str) -> str:
    """``call`` (the APPLY's) with the test that it output, as the primitive's site."""
    need, first = list_value.need(x.em, node, caller, runtime.need_value)
    tmp = x.em.fresh("_t")
    return (f"({tmp} if ({tmp} := {call}) is not None "
            f"else {wrap(f'{need}({first}, {caller!r}, {node.name!r})')})")


def _applied_procedure(x: Any, name: str, inputs: Call, temps: list[str]) -> str | None:
    """``apply "sq (list :n)`` where SQ is a procedure of as many fixed inputs now (not
    a macro): the text of its call with the inputs ``temps`` computed, where a leaf, its
    value computed at the site; None for anything else."""
    I = x.c.I
    proc = I.procedures.get(name.lower())
    if type(proc) is not Procedure or proc.macro or proc.fixed is None or proc.optional \
            or proc.rest or len(proc.fixed) != len(temps) or I.page_widgets is not None:
        return None
    em = x.em
    call = Call(name, proc, list(inputs.args), inputs.line)
    const = em.const(proc)
    fn = leaf_calls.leaf_function(x, proc) if leaf_calls.usable(x) else None
    real = x.proc_call(call, const, temps)
    if fn is None:
        return real
    tmp = em.fresh("_q")
    return (f"({tmp} if ({tmp} := {wrap(f'{em.const(fn)}(I{_more(temps)})')}) is not "
            f"{em.const(leaf_calls.FAIL)} else {real})")


def _applied_operation(x: Any, name: str, inputs: Call, caller: str) -> str | None:
    """``apply "sum (list :a 3)``: an operation that outputs a value or complains
    (OPERATIONS; not AND or OR, which run list inputs) of as many inputs as the list
    has, compiled as its own call ``(sum :a 3)``: the same value, its complaints naming
    it as APPLY's do; None for anything else (a procedure, a widget, a name that may
    load one)."""
    I = x.c.I
    lower = name.lower()
    spec = I.registry.get(lower)
    n = len(inputs.args)
    if spec is None or spec.name not in OPERATIONS or spec.name in ("and", "or") or \
            lower in I.procedures or I.page_widgets is not None or \
            not spec.min_inputs <= n or 0 <= spec.max_inputs < n:
        return None
    return x.expr(Call(name, spec, list(inputs.args), inputs.line), caller)  # type: ignore[no-any-return]
