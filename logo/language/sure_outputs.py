"""Calls that need no "didn't output" check: a direct body's own recursion, when the
procedure surely outputs.

A procedure called for its output that gives none is UCBLogo's error "fib didn't output
to +", so each such call site tests its result (compiler.call_expr).  A direct body's
call of itself (bound to its own entry when it is made: direct_entry.settle) skips the
test where :func:`always_outputs` proves the body cannot end without an output: no STOP
anywhere (nor a condition that may be a list, which may STOP), every OUTPUT's value one
that cannot be nothing, its last instruction an OUTPUT (or an IFELSE both of whose lists
end so).  That is decided on one generation of
the definitions (input_scope.Scopes, which also proves the body has no RUN or list run
as a list); the entry then runs the same body, or, when the definitions changed since,
goes to its slow path (:func:`slow`), which makes the test itself for the site that
called it (found by the caller's frame, its globals and the position of its call),
so the error, its names and its line, is the same as the site's own would be.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from . import runtime
from .emitter import wrap
from .errors import LogoError
from .nodes import Call, Const, Infix, Neg, Node, VarRef
from .procedures import Procedure
from .values import LogoList

SURE = "_SURE_"  # a direct body's sites left without the test: site name -> caller;
# in its globals, (its source lines, those sites)
_SITE = re.compile(r"\(*(C\d+)\(")
_VALUE_PRIMS = frozenset((
    "sum", "difference", "product", "quotient", "remainder", "modulo", "int", "round",
    "abs", "minus", "sqrt", "power", "first", "last", "butfirst", "bf", "butlast", "bl",
    "word", "sentence", "se", "list", "fput", "lput", "item", "count"))


def output_call(x: Any, node: Call, caller: str) -> str:
    """A call of a procedure for its output (``x``: the compiler's Expressions): the
    call, with the test that it output, but where the site is a direct body's call
    of itself and the body surely outputs."""
    em = x.em
    proc = em.const(node.target)
    call = x.proc_call(node, proc)
    m = _SITE.match(call)
    if m and em.inputs and _untested(em, m.group(1), node.target):
        em.globals.setdefault(SURE, {})[m.group(1)] = caller
        return wrap(call)
    return tested(em, proc, call, caller, node.name)


def tested(em: Any, proc: str, call: str, caller: str, name: str) -> str:
    """The call ``call`` (of ``proc``, typed ``name``) with the test that it output."""
    tmp = em.fresh("_t")
    need = wrap(f"{em.site(runtime.didnt_output, name)}({proc}, {caller!r})")
    return f"({tmp} if ({tmp} := {wrap(call)}) is not None else {need})"


def _untested(em: Any, site: str, target: Any) -> bool:
    """Whether the site ``site`` of a direct body calls ``target``'s entry, and that
    entry's slow path makes the test: the body's own recursion (its site waits for the
    body's entry: direct_entry.bind_site) or a callee made so in this generation."""
    fn = em.globals[site]
    if target is em.compiling:
        waiting = em.globals.get("_WAITING_")
        return bool(waiting) and waiting[-1] == (site, target) and always_outputs(em.I, target)
    return fn is target.direct and target.fast == em.I.generation \
        and getattr(fn, "__globals__", {}).get("_SLOW_") is slow


def always_outputs(I: Any, proc: Procedure) -> bool:
    """Whether ``proc``'s body (in this generation of the definitions) cannot end
    without an output: see the module's note."""
    sc = I.input_scopes  # (made for this generation when its direct bodies are)
    if sc is None or sc.generation != I.generation:
        return False
    known = sc.__dict__.setdefault("sure_outputs", {})
    if proc not in known:
        known[proc] = _decide(sc, proc)
    return known[proc]


def _decide(sc: Any, proc: Procedure) -> bool:
    s = sc.summary(proc)
    if s is None or s.open or _has_stop(proc.lines) or not all(_value(n) for n in s.outputs):
        return False
    nodes: list[Node] = []
    for idx, line in enumerate(proc.lines):
        nodes.extend(sc.parse(line, idx))
    return _ends(sc, nodes)


def _has_stop(lst: Any) -> bool:
    for item in (lst.items() if type(lst) is LogoList else lst):
        if type(item) is LogoList:
            if _has_stop(item):
                return True
        elif type(item) is str and item.lower() in ("stop", ".maybeoutput", "goto"):
            return True
    return False


def _value(node: Node) -> bool:
    """Whether an OUTPUT of ``node`` surely outputs a value (or raises an error)."""
    if isinstance(node, (Const, VarRef, Infix, Neg)):
        return True
    return isinstance(node, Call) and (isinstance(node.target, Procedure)
                                       or node.target.name in _VALUE_PRIMS)


def _ends(sc: Any, nodes: list[Node]) -> bool:
    """Whether a block's last instruction outputs on each of its paths."""
    if not nodes or not isinstance(last := nodes[-1], Call) \
            or isinstance(last.target, Procedure):
        return False
    name = last.target.name
    if name == "output":
        return len(last.args) == 1
    if name == "ifelse" and len(last.args) == 3:
        return all(isinstance(a, Const) and type(a.value) is LogoList
                   and _ends(sc, sc.parse(a.value, 0)) for a in last.args[1:])
    return False


def register(namespace: dict, source: str, sure: dict[str, str]) -> None:
    """A direct body made from ``source`` in ``namespace`` (its globals, its own),
    with its untested sites."""
    namespace[SURE] = (source.split("\n"), sure)


def slow(I: Any, proc: Any, args: tuple) -> Any:
    """The slow path of a surely outputting body's entry (runtime.call_proc: the
    definitions changed, the depth limit, a stop): where the procedure gave no output
    to an untested site, that site's error."""
    r = runtime.call_proc(I, proc, args)
    if r is None:
        frame = sys._getframe(2)  # (the entry's caller, past the entry's prologue)
        known = frame.f_globals.get(SURE)
        if known is not None:
            line, _, col, _ = list(frame.f_code.co_positions())[frame.f_lasti // 2]
            m = _SITE.match(known[0][line - 1][col:]) if line and col is not None else None
            if m and m.group(1) in known[1]:
                raise LogoError("didnt_output", who=proc.name, caller=known[1][m.group(1)])
    return r
