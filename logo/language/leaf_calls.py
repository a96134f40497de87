"""Calls of *leaves*, procedures that compute a value and change nothing, computed at
the call site without a call.

A leaf's body is LOCALMAKEs and then one OUTPUT (``to inner  output :x * 2 + :y  end``,
``to middle :x  localmake "y :x - 1  output inner  end``), each of an expression that
reads variables, constants and the values of arithmetic, comparisons, primitives that
change nothing (:data:`PURE`) and other leaves (no leaf calls itself, even through
others).  Running such a body twice cannot be seen (its LOCALMAKEs end with it), so a
call site may compute it itself first, and make the real call only where that does not
simply give a value:

- the definitions changed since the site was compiled (``I.generation``), a debugger
  watches (TRACE, STEP: the call must show), a call the leaf makes would pass the depth
  limit (``len(I.frames) >= I.max_depth`` for the deepest of them: a call of a leaf
  ``depth`` calls deep needs that much room) or ``I.interrupt`` is set (Stop, a time
  limit, a turn): the call is made, as before;
- the computation raises anything (a Logo error, a variable with no value, an internal
  error): the call is made and raises it again, naming the procedure and line as it
  always did, with the same ERRACT recovery.

Names are Python locals as the chain of calls would bind them (dynamic scope, resolved
while compiling: :func:`expand`): a leaf's inputs are the values its caller computed,
its LOCALMAKEs locals too, a leaf it calls sees those, and every other name is read
from the table ``V`` (a caller's input or local, a global).  A caller's own inputs are
never Python locals there: a direct body (input_scope.py) is one whose callees do not
read its inputs.

Two forms: in tail position of an entry call (``output inner``: :func:`emit_tail`) the
leaf is computed in the caller itself, in a ``try``, and its value returned; in an
expression (``make "s :s + middle repcount``, ``output inner + 1``: :func:`output_call`)
the site calls the leaf's own small function (:func:`leaf_function`, made once per
generation), which gives the value or :data:`FAIL`, and on FAIL makes the call with the
inputs already computed.  That function starts with a typed copy of the computation
where it saves type tests (:func:`_typed`: whole_inputs' proof, the inputs floats or
small whole numbers), the general computation after it for any other input.
"""

from __future__ import annotations

import re
from typing import Any

from . import input_scope, sure_outputs, whole_inputs
from .code_cache import compile_code
from .emitter import Emitter, wrap
from .nodes import Call, Const, Infix, Neg, Node, VarRef
from .operations import LEAF_OPERATIONS, SETTINGS
from .procedures import Procedure
from .values import LogoArray, LogoList

PURE = LEAF_OPERATIONS  # (operations.py: the one table of operations)
MAX_NODES = 40  # a longer expression is not copied into its callers


class _Fail:
    """The leaf function's answer where the real call must be made."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "FAIL"


FAIL = _Fail()


class Leaf:
    """What a leaf does: ``steps``, its LOCALMAKEs (name, value), then the OUTPUT of
    ``value``; ``size``, its nodes and those of the leaves it calls; ``depth``, how
    many calls deep it goes (1: it calls no leaf)."""

    __slots__ = ("depth", "proc", "size", "steps", "value")

    def __init__(self, proc: Procedure, steps: list[tuple[str, Node]], value: Node,
                 size: int, depth: int):
        self.proc, self.steps, self.value, self.size, self.depth = (
            proc, steps, value, size, depth)


def leaf_of(I: Any, proc: Any) -> Leaf | None:
    """What ``proc`` does, where it is a leaf in this generation of the definitions;
    else None."""
    if type(proc) is not Procedure:
        return None
    return _leaf(input_scope.scopes(I), proc)


def _leaf(sc: Any, proc: Procedure) -> Leaf | None:
    known = sc.__dict__.setdefault("leaves", {})
    if proc not in known:
        known[proc] = None  # (while it is decided: a leaf calling itself is none)
        if not proc.macro and proc.fixed is not None and proc.arity == len(proc.fixed) \
                and len(set(proc.fixed)) == len(proc.fixed) \
                and SETTINGS.isdisjoint(name.lower() for name in proc.fixed):
            known[proc] = _decide(sc, proc)
    return known[proc]


_READS_V = re.compile(r"\bV\b")
_NAME = re.compile(r"[a-z][a-z0-9_.?]*")  # a LOCALMAKE's name (no ERRACT: recovery.py)


def _decide(sc: Any, proc: Procedure) -> Leaf | None:
    nodes: list[Node] = []
    try:
        for idx, line in enumerate(proc.lines):
            nodes.extend(sc.parse(line, idx))
    except Exception:  # (the body's own compile reports what is wrong with it)
        return None
    steps, size, depth = [], 0, 1
    for i, node in enumerate(nodes):
        if not isinstance(node, Call) or isinstance(node.target, Procedure):
            return None
        if i == len(nodes) - 1:
            if node.target.name != "output" or len(node.args) != 1:
                return None
        elif node.target.name != "localmake" or len(node.args) != 2 \
                or not isinstance(node.args[0], Const) or type(name := node.args[0].value) \
                is not str or not _NAME.fullmatch(low := name.lower()) or low in SETTINGS:
            return None
        else:
            steps.append((low, node.args[1]))
        got = _size(sc, value := node.args[-1])
        if got is None:
            return None
        tail = i == len(nodes) - 1 and isinstance(value, Call) \
            and isinstance(value.target, Procedure)  # (OUTPUT of a leaf's call: its
        size, depth = size + got[0], max(depth, got[1] - tail)  # frame replaces this one)
    if not nodes or size > MAX_NODES:
        return None
    return Leaf(proc, steps, value, size, depth)


def _size(sc: Any, node: Node) -> tuple[int, int] | None:
    """How many nodes the pure expression ``node`` has, with those of the leaves it
    calls, and how many calls deep it goes; None if it is not pure."""
    if isinstance(node, Const):
        return (1, 1) if type(node.value) not in (LogoList, LogoArray) else None
    if isinstance(node, VarRef):
        return 1, 1
    parts: list[Node]
    if isinstance(node, Infix):
        parts = [node.left, node.right]
    elif isinstance(node, Neg):
        parts = [node.operand]
    elif isinstance(node, Call) and isinstance(node.target, Procedure):
        leaf = _leaf(sc, node.target)
        if leaf is None or len(node.args) != leaf.proc.arity:
            return None
        parts, size, depth = node.args, leaf.size, leaf.depth + 1
    elif isinstance(node, Call) and node.target.name in PURE:
        parts = node.args
    else:
        return None
    if not isinstance(node, Call) or not isinstance(node.target, Procedure):
        size, depth = 1, 1
    for part in parts:
        got = _size(sc, part)
        if got is None:
            return None
        size, depth = size + got[0], max(depth, got[1])
    return size, depth


def usable(x: Any) -> bool:
    """Whether the code ``x`` (the compiler's Expressions) compiles may inline leaves:
    not while ERRACT's recovering sites are made, in a stepped body or in a fast
    loop's locals (a loop with a call has none: loop_scope.py)."""
    em = x.em
    return getattr(x.c.I, "recover", None) is None and em.step is None \
        and em.region is None


def _guard(leaf: Leaf) -> str:
    """The test that the leaf's value may be computed (_G_: the generation the code
    was made for; a leaf ``depth`` calls deep needs that many entries of room)."""
    room = f" + {leaf.depth - 1}" if leaf.depth > 1 else ""
    return (f"I.generation == _G_ and len(I.frames){room} < I.max_depth "
            "and not I.interrupt and I.debugger is None")


def expand(x: Any, leaf: Leaf, inputs: list[str]) -> str:
    """The leaf's value as Python text, its inputs the locals ``inputs``, its
    LOCALMAKEs locals too (statements emitted before), every other name what the
    leaf's caller sees (``x.em.inputs``: the locals of the leaves being expanded;
    else the table), the leaves it calls expanded the same way (:func:`output_call`)."""
    em = x.em
    own, inside = em.inputs, getattr(em, "in_leaf", False)
    em.inputs = scope = {**own, **dict(zip(leaf.proc.fixed or (), inputs))}
    em.in_leaf = True
    try:
        for name, value in leaf.steps:
            local = em.fresh("_lm")
            em.emit(f"{local} = {x.expr(value, 'localmake')}")
            scope[name] = local
        return x.expr(leaf.value, "output")
    finally:
        em.inputs, em.in_leaf = own, inside


def emit_tail(x: Any, node: Call) -> list[str] | None:
    """In tail position (``output leaf ...``): the inputs computed into locals, then,
    in an entry call (``_E_``: call_sites' callers or a site called the body), the
    leaf's value returned where the guard holds and it raises nothing.  The locals'
    names (the tail call's inputs then), or None where the call is not a leaf's."""
    em = x.em
    leaf = leaf_of(x.c.I, node.target)
    if leaf is None or em.mode != "proc" or em.loop_checks or not usable(x):
        return None
    temps = []
    for arg in node.args:
        temps.append(em.fresh("_la"))
        em.emit(f"{temps[-1]} = {x.expr(arg, node.name)}")
    em.globals.setdefault("_E_", False)  # (a body that is no entry: never here)
    em.emit(f"if _E_ and {_guard(leaf)}:")
    em.depth += 1
    em.emit("try:")
    em.depth += 1
    own, em.inputs = em.inputs, {}  # (a caller's own inputs are never a leaf's: above)
    try:
        text = expand(x, leaf, temps)
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
    inputs computed for it and the test that it output.  Inside a leaf being expanded,
    the leaf it calls is expanded in place."""
    em = x.em
    if getattr(em, "in_leaf", False):
        leaf = leaf_of(x.c.I, node.target)
        assert leaf is not None  # (a leaf calls only leaves: _size)
        temps = []
        for arg in node.args:
            temps.append(em.fresh("_la"))
            em.emit(f"{temps[-1]} = {x.expr(arg, node.name)}")
        return expand(x, leaf, temps)
    fn = leaf_function(x, node.target) if usable(x) else None
    if fn is None:
        return sure_outputs.output_call(x, node, caller)
    proc = em.const(node.target)
    temps = [em.fresh("_la") for _ in node.args]
    inputs = "".join(f", ({t} := {x.expr(a, node.name)})" for t, a in zip(temps, node.args))
    tmp = em.fresh("_q")
    return (f"({tmp} if ({tmp} := {wrap(f'{em.const(fn)}(I{inputs})')}) is not "
            f"{em.const(FAIL)} else "
            f"{sure_outputs.tested(em, proc, x.proc_call(node, proc, temps), caller, node.name)})")


_SOURCE = """def leaf(I{params}):
    if {guard}:{table}
        try:
{typed}{lines}
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
    leaf = leaf_of(I, proc)
    if leaf is None:
        return None
    made = input_scope.scopes(I).__dict__.setdefault("leaf_functions", {})
    if proc not in made:
        made[proc] = _make(x, leaf)
    return made[proc]


def _make(x: Any, leaf: Leaf) -> Any:
    I, proc = x.c.I, leaf.proc
    em = Emitter(I, proc.lines, "proc")
    em.compiling, em.depth = proc, 3
    params = [f"_a{i}" for i in range(len(proc.fixed or ()))]
    xx = type(x)(x.c, em)
    em.wholes = wholes = whole_inputs.Wholes(params)  # (counts the tests a copy saves)
    try:
        text = expand(xx, leaf, params)
    finally:
        em.wholes = None
    lines = "\n".join(em.out) or "            pass"
    typed = _typed(xx, leaf, params, wholes)
    source = _SOURCE.format(params="".join(", " + p for p in params), guard=_guard(leaf),
                            table="\n        V = I.vars" if _READS_V.search(
                                typed + lines + text) else "",
                            typed=typed, lines=lines, text=text)
    try:
        code = compile_code(source, f"<logo leaf {proc.name}>", I.sandbox is None)
    except (SyntaxError, RecursionError, MemoryError):
        return None
    namespace = x.c.namespace()
    namespace.update(em.globals)
    namespace.update(__name__=__name__, _FAIL_=FAIL, _G_=I.generation)
    exec(code, namespace)
    return namespace["leaf"]


def _typed(x: Any, leaf: Leaf, params: list[str], wholes: Any) -> str:
    """The typed copy of the leaf's computation (whole_inputs' for a direct body), where
    it pays: entered by a test that each input it reads as an operand is a float (where
    it meets floats) or a small whole number, its arithmetic on them untested; it
    returns the value (or raises: the leaf is FAIL).  Where the test fails, the general
    computation after it.  "" where no copy pays."""
    em = x.em
    used = [n for n, k in wholes.uses.items() if k]
    if sum(wholes.uses.values()) <= len(used):
        return ""
    wholes.floats = frozenset(n for n in used if wholes.hints[n])
    wholes.proven = frozenset(used) - wholes.floats
    wholes.typed = True
    start, em.depth, em.wholes = len(em.out), 4, wholes
    try:
        text = expand(x, leaf, params)
    finally:
        em.depth, em.wholes = 3, None
    lines = em.out[start:]
    del em.out[start:]
    small = whole_inputs.SMALL
    test = " and ".join(f"type({n}) is float" if n in wholes.floats else
                        f"type({n}) is int and -{small} <= {n} <= {small}" for n in used)
    return "".join(f"{line}\n" for line in [f"            if {test}:", *lines,
                                                f"                return {text}"])
