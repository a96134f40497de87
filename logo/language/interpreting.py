"""The interpreting tier: instruction lists run straight from their parsed trees.

Most of what a learner types, and most of a lesson file, runs once: a top-level line, a
button's instructions, a list given to RUN or IF.  Compiling such a list to Python costs
far more than running it, so a list first runs here, over the trees the parser built
(``nodes.py``), calling the same runtime helpers and primitives the compiled code calls.
A list that proves hot (run :data:`HOT_RUNS` times) is compiled (``compiler.py``) and
its compiled code replaces the tree in the list's cache; a list holding a loop
(REPEAT, FOR, WHILE ... with a literal list) is compiled at once, as loops are hot by
nature and the compiled tier turns them into Python loops.

What the tiers share, so that they agree: the parser (arity, ALLOWGETSET names, the
instructions that could not be parsed), the primitives (IF, REPEAT, MAKE, CATCH ... run
their lists through ``Interpreter.run`` again), ``runtime`` (procedure calls, tail calls,
macros, the messages for a missing or an unwanted value) and the arithmetic helpers.
An error names the name typed where it was raised, as the compiled tier's site map does.

``Interpreter.tiers`` chooses: ``"auto"`` (this tier first, compiled when hot),
``"interpret"`` (lists are never compiled) or ``"compile"`` (always compiled).
"""

from __future__ import annotations

from typing import Any

from ..primitives import arithmetic
from . import runtime
from .errors import NEEDS_WHO, LogoError
from .nodes import Call, Const, Fail, GetSet, Infix, Neg, Node, VarRef
from .procedures import Procedure
from .values import LogoArray, fresh_array

HOT_RUNS = 8  # runs of a list before it is compiled ("auto")
LOOPS = frozenset(("repeat", "forever", "while", "until", "do.while", "do.until", "for"))
_OPS = {"+": arithmetic.op_add, "-": arithmetic.op_sub, "*": arithmetic.op_mul,
        "/": arithmetic.op_div, "<": arithmetic.op_lt, ">": arithmetic.op_gt,
        "<=": arithmetic.op_le, ">=": arithmetic.op_ge}
_EQS = {"=": arithmetic.op_eq, "<>": arithmetic.op_ne}


class TreeCode:
    """An instruction list's code in the interpreting tier: called as compiled code is,
    ``code(I, V)``; after :data:`HOT_RUNS` runs it compiles the list and puts the
    compiled code in its place in the list's cache."""

    __slots__ = ("cache", "lst", "mode", "nodes", "runs", "slot")

    def __init__(self, lst: Any, nodes: list[Node], mode: str, cache: list, slot: int):
        self.lst, self.nodes, self.mode = lst, nodes, mode
        self.cache, self.slot, self.runs = cache, slot, 0

    def __call__(self, I: Any, V: Any) -> Any:
        self.runs += 1
        if self.runs > HOT_RUNS and I.tiers == "auto" and I.recover is None:
            code = I.compiler.compile_list([self.lst], self.mode)
            if self.cache[self.slot] is self:
                self.cache[self.slot] = code
            return code(I, V)
        return run_block(I, self.nodes, self.mode == "list")


def tree_code(I: Any, lst: Any, mode: str, cache: list, slot: int) -> Any:
    """The code of ``lst`` for its first run: a tree to interpret, or, for a list with a
    loop (or while ERRACT's recovering call sites are wanted), compiled code."""
    nodes = I.compiler.parse(lst, 0)
    if I.tiers == "auto" and has_loop(nodes):
        return I.compiler.compile_list([lst], mode)
    return TreeCode(lst, nodes, mode, cache, slot)


def has_loop(nodes: list[Node]) -> bool:
    """Whether a loop primitive with a literal instruction list is called in ``nodes``."""
    for node in nodes:
        if type(node) is Call:
            target = node.target
            if type(target) is not Procedure and target.name in LOOPS and any(
                    type(a) is Const and type(a.value) is not str for a in node.args):
                return True
            if node.args and has_loop(node.args):
                return True
        elif type(node) is Infix:
            if has_loop([node.left, node.right]):
                return True
        elif type(node) is Neg and has_loop([node.operand]):
            return True
    return False


def run_block(I: Any, nodes: list[Node], value_mode: bool) -> Any:
    """Run the instructions of a list; in value mode the last one's value is the
    list's (as RUN and RUNRESULT give it), else a value is an error."""
    last = len(nodes) - 1
    for i, node in enumerate(nodes):
        if i == last and value_mode:
            return statement(I, node, True)
        statement(I, node, False)
    return None


def statement(I: Any, node: Any, wanted: bool) -> Any:
    """One instruction; ``wanted``: its value is the list's value (the last one of a
    list run for its value)."""
    t = type(node)
    if t is Call:
        target = node.target
        if type(target) is Procedure:
            return _call_statement(I, node, target, wanted)
        value = _primitive(I, node, target, not wanted)
        if value is not None and not wanted:
            raise runtime.dont_say(value)
        return value
    if t is GetSet:
        value = _who(runtime.getset, node.name, I, node.name, _values(I, node.args, node.name))
        if value is not None and not wanted:
            raise runtime.dont_say_output(value)
        return value
    if t is Fail:
        raise node.error
    value = expression(I, node, "")
    if not wanted:
        raise runtime.dont_say(value)
    return value


def _call_statement(I: Any, node: Call, proc: Procedure, wanted: bool) -> Any:
    args = _values(I, node.args, node.name)
    if proc.macro:
        return _who(runtime.call_macro, node.name, I, proc, args, wanted)
    value = _who(runtime.call_proc, node.name, I, proc, args)
    if value is not None and not wanted:
        raise runtime.dont_say_output(value)
    return value


def expression(I: Any, node: Any, caller: str) -> Any:
    """The value of an expression, an input to ``caller``."""
    t = type(node)
    if t is Const:
        value = node.value
        return fresh_array(value) if type(value) is LogoArray else value
    if t is VarRef:
        try:
            return I.vars[node.name]
        except KeyError:
            raise LogoError("no_value", what=node.name) from None
    if t is Call:
        target = node.target
        if type(target) is Procedure:
            return _call_value(I, node, target, caller)
        value = _primitive(I, node, target, False)
        if value is None:
            raise LogoError("didnt_output", who=node.name, caller=caller)
        return value
    if t is Infix:
        return _infix(I, node)
    if t is Neg:
        return _who(arithmetic.op_neg, "-", expression(I, node.operand, "-"))
    if t is GetSet:
        return _who(runtime.getset_value, node.name, I, node.name,
                    _values(I, node.args, node.name), caller)
    assert t is Fail
    raise node.error


def _call_value(I: Any, node: Call, proc: Procedure, caller: str) -> Any:
    args = _values(I, node.args, node.name)
    if proc.macro:
        return _who(runtime.call_macro, node.name, I, proc, args, True, caller)
    value = _who(runtime.call_proc, node.name, I, proc, args)
    if value is None:
        runtime.didnt_output(proc, caller)
    return value


def _infix(I: Any, node: Infix) -> Any:
    op = node.op
    x = expression(I, node.left, op)
    y = expression(I, node.right, op)
    fn = _OPS.get(op)
    if fn is not None:
        return _who(fn, op, x, y)
    return _who(_EQS[op], op, x, y, I)


def _primitive(I: Any, node: Call, spec: Any, statement: bool) -> Any:
    args = _values(I, node.args, node.name)
    try:
        if spec.needs_interp:
            if statement and spec.value_context:
                return spec.fn(I, *args, want_value=False)
            return spec.fn(I, *args)
        if statement and spec.value_context:
            return spec.fn(*args, want_value=False)
        return spec.fn(*args)
    except LogoError as err:
        if err.who is None and err.kind in NEEDS_WHO:
            err.who = node.name
        raise


def _values(I: Any, args: list[Node], caller: str) -> tuple:
    return tuple([expression(I, a, caller) for a in args])


def _who(fn: Any, typed: str, *args: Any) -> Any:
    """``fn(*args)``; an error from it that needs a name is the name typed."""
    try:
        return fn(*args)
    except LogoError as err:
        if err.who is None and err.kind in NEEDS_WHO:
            err.who = typed
        raise
