"""Calls of *leaves*: procedures whose whole body is one OUTPUT of a pure expression,
computed at the call site without a call.

A leaf (``to inner  output :x * 2 + :y  end``) reads variables, constants and the
values of arithmetic, comparisons and primitives that change nothing (:data:`PURE`).
Running such an expression twice cannot be seen, so a call site may compute it itself
first, and make the real call only where that does not simply give a value:

- the definitions changed since the site was compiled (``I.generation``), a debugger
  watches (TRACE, STEP: the call must show), the call would pass the depth limit
  (``len(I.frames) >= I.max_depth``, the check of a call one deeper), or ``I.interrupt``
  is set (Stop, a time limit, a turn): the call is made, as before;
- the expression raises anything (a Logo error, a variable with no value, an internal
  error): the call is made and raises it again, naming the leaf and its line as it
  always did, with the same ERRACT recovery.

The leaf's inputs are the values the site computed (Python locals), every other name
is read from the table ``V`` as the leaf's body would read it (dynamic scope: a caller's
input or local, a global).  A caller's own inputs are never Python locals there: a
direct body (input_scope.py) is one whose callees do not read its inputs.

Two forms: in tail position of an entry call (``output inner``: :func:`emit_tail`) the
expression is compiled into the caller itself, in a ``try``, and returned; in an
expression (``make "s :s + inner``, ``output inner + 1``: :func:`output_call`) the site
calls the leaf's own small function (:func:`leaf_function`, made once per generation),
which gives the value or :data:`FAIL`, and on FAIL makes the call with the inputs
already computed.
"""

from __future__ import annotations

from typing import Any

from . import input_scope, sure_outputs
from .code_cache import compile_code
from .emitter import Emitter, wrap
from .nodes import Call, Const, Infix, Neg, Node, VarRef
from .procedures import Procedure
from .values import LogoArray, LogoList

PURE = frozenset((
    "sum", "difference", "product", "quotient", "remainder", "modulo", "int", "round",
    "minus", "sqrt", "power", "exp", "ln", "log10", "sin", "cos", "arctan", "first",
    "last", "butfirst", "butlast", "word", "sentence", "list", "fput", "lput", "item",
    "count", "emptyp", "wordp", "listp", "numberp", "equalp", "notequalp", "lessp",
    "greaterp", "lessequalp", "greaterequalp", "not", "ascii", "char", "uppercase",
    "lowercase"))
MAX_NODES = 40  # a longer expression is not copied into its callers


class _Fail:
    """The leaf function's answer where the real call must be made."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "FAIL"


FAIL = _Fail()


def leaf_of(I: Any, proc: Any) -> Node | None:
    """The expression ``proc`` outputs, where it is a leaf in this generation of the
    definitions; else None."""
    if type(proc) is not Procedure or proc.macro or proc.fixed is None \
            or proc.arity != len(proc.fixed) or len(set(proc.fixed)) != len(proc.fixed):
        return None
    sc = input_scope.scopes(I)
    known = sc.__dict__.setdefault("leaves", {})
    if proc not in known:
        known[proc] = _decide(sc, proc)
    return known[proc]


def _decide(sc: Any, proc: Procedure) -> Node | None:
    nodes: list[Node] = []
    try:
        for idx, line in enumerate(proc.lines):
            nodes.extend(sc.parse(line, idx))
    except Exception:  # (the body's own compile reports what is wrong with it)
        return None
    if len(nodes) != 1 or not isinstance(out := nodes[0], Call) \
            or isinstance(out.target, Procedure) or out.target.name != "output" \
            or len(out.args) != 1:
        return None
    expr = out.args[0]
    return expr if _size(expr) <= MAX_NODES else None


def _size(node: Node) -> int:
    """How many nodes the pure expression ``node`` has (a big number if it is not pure)."""
    if isinstance(node, Const):
        return 1 if type(node.value) not in (LogoList, LogoArray) else MAX_NODES + 1
    if isinstance(node, VarRef):
        return 1
    if isinstance(node, Infix):
        return 1 + _size(node.left) + _size(node.right)
    if isinstance(node, Neg):
        return 1 + _size(node.operand)
    if isinstance(node, Call) and not isinstance(node.target, Procedure) \
            and node.target.name in PURE:
        return 1 + sum(_size(a) for a in node.args)
    return MAX_NODES + 1


def usable(x: Any) -> bool:
    """Whether the code ``x`` (the compiler's Expressions) compiles may inline leaves:
    not while ERRACT's recovering sites are made, in a stepped body or in a fast
    loop's locals (a loop with a call has none: loop_scope.py)."""
    em = x.em
    return getattr(x.c.I, "recover", None) is None and em.step is None \
        and em.region is None


GUARD = ("I.generation == _G_ and len(I.frames) < I.max_depth and not I.interrupt "
         "and I.debugger is None")  # (_G_: the generation the code was made for)


def emit_tail(x: Any, node: Call) -> list[str] | None:
    """In tail position (``output leaf ...``): the inputs computed into locals, then,
    in an entry call (``_E_``: call_sites' callers or a site called the body), the
    leaf's value returned where the guard holds and it raises nothing.  The locals'
    names (the tail call's inputs then), or None where the call is not a leaf's."""
    em = x.em
    expr = leaf_of(x.c.I, node.target)
    if expr is None or em.mode != "proc" or em.loop_checks or not usable(x):
        return None
    temps = []
    for arg in node.args:
        temps.append(em.fresh("_la"))
        em.emit(f"{temps[-1]} = {x.expr(arg, node.name)}")
    em.globals.setdefault("_E_", False)  # (a body that is no entry: never here)
    em.emit(f"if _E_ and {GUARD}:")
    em.depth += 1
    em.emit("try:")
    em.depth += 1
    own, em.inputs = em.inputs, dict(zip(node.target.fixed, temps))
    try:
        text = x.expr(expr, "output")
    finally:
        em.inputs = own
    em.emit(f"return {text}")
    em.depth -= 1
    em.emit("except Exception:")
    em.emit("    pass")
    em.depth -= 1
    return temps


def output_call(x: Any, node: Call, caller: str) -> str:
    """A procedure called for its output in an expression (sure_outputs.output_call);
    where it is a leaf, its function's value, or where that is FAIL the call, with the
    inputs computed for it and the test that it output."""
    fn = leaf_function(x, node.target) if usable(x) else None
    if fn is None:
        return sure_outputs.output_call(x, node, caller)
    em = x.em
    proc = em.const(node.target)
    temps = [em.fresh("_la") for _ in node.args]
    inputs = "".join(f", ({t} := {x.expr(a, node.name)})" for t, a in zip(temps, node.args))
    tmp = em.fresh("_q")
    return (f"({tmp} if ({tmp} := {wrap(f'{em.const(fn)}(I{inputs})')}) is not "
            f"{em.const(FAIL)} else "
            f"{sure_outputs.tested(em, proc, x.proc_call(node, proc, temps), caller, node.name)})")


_SOURCE = """def leaf(I{params}):
    if {guard}:
        V = I.vars
        try:
{lines}
            return {text}
        except Exception:
            pass
    return _FAIL_
"""


def leaf_function(x: Any, proc: Any) -> Any:
    """The leaf's own function ``leaf(I, *inputs)`` for this generation (made once):
    its value, or :data:`FAIL` where the real call must be made; None where ``proc``
    is no leaf."""
    I = x.c.I
    expr = leaf_of(I, proc)
    if expr is None:
        return None
    made = input_scope.scopes(I).__dict__.setdefault("leaf_functions", {})
    if proc not in made:
        made[proc] = _make(x, proc, expr)
    return made[proc]


def _make(x: Any, proc: Procedure, expr: Node) -> Any:
    I = x.c.I
    em = Emitter(I, proc.lines, "proc")
    em.compiling, em.depth = proc, 3
    em.inputs = {name: f"_a{i}" for i, name in enumerate(proc.fixed or ())}
    text = type(x)(x.c, em).expr(expr, "output")
    source = _SOURCE.format(params="".join(", " + p for p in em.inputs.values()),
                            guard=GUARD, lines="\n".join(em.out) or "            pass",
                            text=text)
    try:
        code = compile_code(source, f"<logo leaf {proc.name}>", I.sandbox is None)
    except (SyntaxError, RecursionError, MemoryError):
        return None
    namespace = x.c.namespace()
    namespace.update(em.globals)
    namespace.update(__name__=__name__, _FAIL_=FAIL, _G_=I.generation)
    exec(code, namespace)
    return namespace["leaf"]
