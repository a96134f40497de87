"""INVOKE of a template typed where it is called, whose body is one pure expression of
its slots (``invoke [[x] :x * 2] :n``, ``invoke [? + 1] :n``), computed at the call site
without a call.  :func:`pure_template` finds such a template (named slots, or ``?``,
``?1`` ... read as its inputs) for APPLY's form (apply_forms) and the library's loops
(template_functions) too.

INVOKE is a library procedure (``stdlib/control.lgo``) that library_bodies runs as a
Python body: its call binds its inputs (the template and the rest input's list), applies
the template (its slots bound, its body run for its value) and puts everything back.
Where the template is a literal list ``[[x y] expr]`` (or ``[expr]`` of ``?k``) whose body is one
expression that reads only its slots, constants that are words or numbers, arithmetic
and the operations that run no list and read no state (operations.STEP_OPERATIONS
but AND and OR, whose list inputs are run),
nothing the program could look at tells that call from the expression computed with the
slots as Python locals, so the site computes it (the site's own small function,
:func:`invoked`), and makes the real call only where that does not simply give a value:

- the definitions changed since the site was compiled (``I.generation``: INVOKE or a
  primitive redefined), a debugger watches (TRACE or STEP of INVOKE must show), INVOKE's
  frame would pass the depth limit, or ``I.interrupt`` is set (Stop, a time limit, a
  turn): the call is made, as before;
- the expression raises anything (a Logo error, an internal error): the call is made with
  the inputs already computed, and raises it again as it always did (the message names
  INVOKE and its line, ERRACT recovers at it).

Which INVOKE is the library's, untraced, with no ERRACT recovery at compile time, is
library_checks.invoke_as_python's test (the same that lets its Python body run at all).
"""

from __future__ import annotations

import re
from typing import Any

from . import depth, leaf_calls, sure_outputs
from .code_cache import compile_code
from .emitter import Emitter, wrap
from .inlined_steps import slots_named, with_inputs
from .library_checks import invoke_as_python
from .nodes import Call, Const, Infix, Neg, Node, VarRef
from .operations import SETTINGS, STEP_OPERATIONS
from .values import LogoArray, LogoList

# what the template's expression may call: not AND/OR, which run a list input (a slot
# may hold one): a run that printed and then raised would be run again by the real call
_PURE = STEP_OPERATIONS - frozenset(("and", "or"))
_SLOTS = _PURE | frozenset(("?", "#"))  # (as typed: the slots and the step number)

_READS_V = re.compile(r"\bV\b")
_SOURCE = """def invoked(I{params}):
    if I.generation == _G_ and len(I.frames) < I.max_depth and not I.interrupt \\
            and I.debugger is None:{table}
        try:
{lines}
            return {text}
        except Exception:
            pass
    return _FAIL_
"""


def output_call(x: Any, node: Call, caller: str) -> str:
    """A procedure called for its output in an expression: where it is such an INVOKE,
    the site's function's value, or where that is FAIL the call of INVOKE with the
    inputs computed for it and the test that it output; else as leaf_calls makes it."""
    text = invoke_call(x, node, caller) if node.target.name == "invoke" else None
    return leaf_calls.output_call(x, node, caller) if text is None else text


def invoke_call(x: Any, node: Call, caller: str) -> str | None:
    """:func:`output_call` of INVOKE, or None where it is not a pure template's."""
    I, em = x.c.I, x.em
    proc = node.target
    if getattr(proc, "name", None) != "invoke" or not leaf_calls.usable(x) \
            or not depth.may_inline(em, "invoke") or not invoke_as_python(I, proc):
        return None
    found = _pure_template(x, node)
    if found is None:
        return None
    fn = make(x, *found)
    if fn is None:
        return None
    const = em.const(proc)
    temps = [em.fresh("_ia") for _ in node.args[1:]]
    inputs = "".join(f", ({t} := {x.expr(a, 'invoke')})" for t, a in zip(temps, node.args[1:]))
    template = x.expr(node.args[0], "invoke")  # (a constant)
    tmp = em.fresh("_q")
    call = x.proc_call(node, const, [template, *temps])
    return (f"({tmp} if ({tmp} := {wrap(f'{em.const(fn)}(I{inputs})')}) is not "
            f"{em.const(leaf_calls.FAIL)} else {sure_outputs.tested(em, const, call, caller, node.name)})")


def _pure_template(x: Any, node: Call) -> tuple[list[str], Node] | None:
    """The template's slot names and its body's one expression, where the template is a
    literal list with a slot for each input given whose expression is pure."""
    if len(node.args) < 2 or type(t := node.args[0]) is not Const:
        return None
    return pure_template(x.c, t.value, len(node.args) - 1, x.em.current_line())


def pure_template(compiler: Any, template: Any, count: int, line: int,
                  numbered: bool = False) -> tuple[list[str], Node] | None:
    """For a template applied to ``count`` inputs: the names its function gives them
    and its one expression, where it is a literal ``[[names...] expr]`` with a slot for
    each input or an explicit-slot ``[expr]`` whose ``?``, ``?1`` ... (``?`` is ``?1``)
    are among the inputs, and the expression is pure (reads only its slots, and where
    ``numbered`` the step number ``#``, named ``#``: inlined_steps.slots_named); else
    None.  ``line``: the line it is parsed for."""
    if type(template) is not LogoList or not len(template):
        return None
    names = template.first()
    if type(names) is not LogoList:  # [? * 2]: the slots ?1 ... as names
        formals, rest = [f"?{k}" for k in range(1, count + 1)], template
    else:
        rest = template.butfirst()
        if not len(rest) or all(type(m) is LogoList for m in rest):  # (procedure text)
            return None
        if any(type(n) is not str for n in names):
            return None
        formals = [n.lstrip(":").lower() for n in names]
        if len(formals) != count or len(set(formals)) != len(formals) \
                or not SETTINGS.isdisjoint(formals):
            return None
    try:
        nodes = compiler.parse(rest, line)
    except Exception:  # (the real call reports what is wrong with it)
        return None
    if len(nodes) != 1 or not _words_only(nodes[0]):
        return None
    typed: dict[str, Node] = {n: VarRef(n) for n in formals if type(names) is LogoList}
    if with_inputs(nodes[0], typed, _SLOTS) is None:  # (:?1 is a variable, not a slot)
        return None
    body = slots_named(nodes[0], type(names) is not LogoList, numbered)
    if numbered:
        formals = ["#", *formals]
    slots = {name: VarRef(name) for name in formals}
    if body is None or with_inputs(body, slots, _PURE) is None:  # type: ignore[arg-type]
        return None
    return formals, body


def _words_only(node: Node) -> bool:
    """Whether every constant in ``node`` is a word or a number (a list constant is one
    object in the template's tree: a copy in the site's code would be another)."""
    if type(node) is Const:
        return type(node.value) not in (LogoList, LogoArray)
    if type(node) is Infix:
        return _words_only(node.left) and _words_only(node.right)
    if type(node) is Neg:
        return _words_only(node.operand)
    if type(node) is Call:
        return all(_words_only(a) for a in node.args)
    return True


def make(x: Any, formals: list[str], body: Node) -> Any:
    """The site's function ``invoked(I, *inputs)``: the body's value, or FAIL."""
    I = x.c.I
    em = Emitter(I, x.em.lines, "proc")
    em.compiling, em.depth = x.em.compiling, 3
    params = [f"_a{i}" for i in range(len(formals))]
    em.inputs = dict(zip(formals, params))
    inner = type(x)(x.c, em)
    try:
        text = inner.expr(body, "invoke")
    except Exception:  # (the real call compiles it, and reports what is wrong)
        return None
    lines = "\n".join(em.out) or "            pass"
    source = _SOURCE.format(params="".join(", " + p for p in params),
                            table="\n        V = I.vars" if _READS_V.search(lines + text) else "",
                            lines=lines, text=text)
    try:
        code = compile_code(source, "<logo invoke>", I.sandbox is None)
    except (SyntaxError, RecursionError, MemoryError):
        return None
    namespace = x.c.namespace()
    namespace.update(em.globals)
    namespace.update(__name__=__name__, _FAIL_=leaf_calls.FAIL, _G_=I.generation)
    exec(code, namespace)
    return namespace["invoked"]
