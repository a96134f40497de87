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

Procedure bodies have their own first tier, built on this one (``tree_procedures.py``).
``Interpreter.tiers`` chooses: ``"auto"`` (this tier first, compiled when hot),
``"interpret"`` (lists are never compiled) or ``"compile"`` (always compiled).
"""

from __future__ import annotations

from typing import Any

from ..primitives import arithmetic
from . import list_value, runtime
from .errors import LogoError, needs_who, no_value
from .lists import NO_CODE
from .nodes import Call, Const, Fail, GetSet, Infix, Neg, Node, VarRef
from .procedures import Procedure
from .tree_cache import has_loop as has_loop  # (tree_procedures takes it from here)
from .tree_cache import parsed_line
from .values import LogoArray, LogoList, fresh_array

HOT_RUNS = 8  # runs of a list before it is compiled ("auto")
_OPS = {"+": arithmetic.op_add, "-": arithmetic.op_sub, "*": arithmetic.op_mul,
        "/": arithmetic.op_div, "<": arithmetic.op_lt, ">": arithmetic.op_gt,
        "<=": arithmetic.op_le, ">=": arithmetic.op_ge}
_EQS = {"=": arithmetic.op_eq, "<>": arithmetic.op_ne}


class TreeCode:
    """An instruction list's code in the interpreting tier: called as compiled code is,
    ``code(I, V)``; after :data:`HOT_RUNS` runs it compiles the list and puts the
    compiled code in its place in the list's cache.  It finds the cache through the list
    (``lst.compiled``) and holds no reference to it: a list run once and dropped is then
    freed by its reference count, with no cycle left for the garbage collector."""

    __slots__ = ("compiled", "lst", "mode", "nodes", "runs", "slot")

    def __init__(self, lst: Any, nodes: list[Node], mode: str, slot: int):
        self.lst, self.nodes, self.mode = lst, nodes, mode
        self.slot, self.runs = slot, 0
        self.compiled: Any = None  # the compiled code, for callers that kept this object

    def __call__(self, I: Any, V: Any) -> Any:
        if self.compiled is not None:  # (MAP, FILTER ... hold the code they were given)
            return self.compiled(I, V)
        self.runs += 1
        if self.runs > HOT_RUNS and I.tiers == "auto" and I.recover is None:
            self.compiled = code = I.compiler.compile_list([self.lst], self.mode)
            cache = self.lst.compiled  # (replaced when a definition changed: then not)
            if cache[self.slot] is self:
                cache[self.slot] = code
            return code(I, V)
        return run_block(I, self.nodes, self.mode == "list")


def tree_code(I: Any, lst: Any, mode: str, slot: int) -> Any:
    """The code of ``lst`` for its first run: a tree to interpret, or, for a list with a
    loop (or while ERRACT's recovering call sites are wanted), compiled code."""
    nodes, loop, _ = parsed_line(I, lst)  # (trees kept by the list's words: tree_cache.py)
    if loop and I.tiers == "auto":
        return I.compiler.compile_list([lst], mode)
    return TreeCode(lst, nodes, mode, slot)


def run_block(I: Any, nodes: list[Node], value_mode: bool) -> Any:
    """Run the instructions of a list; in value mode the last one's value is the
    list's (as RUN and RUNRESULT give it), else a value is an error."""
    last = len(nodes) - 1
    for i, node in enumerate(nodes):
        if i == last and value_mode:
            return _last_value(I, node)
        statement(I, node, False)
    if value_mode:  # an empty list: "Macro returned []" where a value was wanted
        list_value.no_value(I, "")
    return None


def _last_value(I: Any, node: Any) -> Any:
    """The value of a value-mode list's last instruction; where it gives none, what
    gave none is noted for the message (list_value.py): the instruction's name, or
    for RUN, IF ... that ran no list, nothing ("")."""
    named = type(node) is GetSet or (type(node) is Call and not list_value.transparent(
        node.target))
    if not named:
        list_value.no_value(I, "")  # (a list that RUN or IF runs notes its own)
    value = statement(I, node, True)
    if value is None and named:
        list_value.no_value(I, node.name)
    return value


def statement(I: Any, node: Any, wanted: bool) -> Any:
    """One instruction; ``wanted``: its value is the list's value (the last one of a
    list run for its value)."""
    t = type(node)
    if t is Call:
        target = node.target
        if type(target) is Procedure:
            return _call_statement(I, node, target, wanted)
        if target.name == ".maybeoutput" and len(node.args) == 1:
            value = maybe_value(I, node.args[0], node.name)
            raise runtime.StopSignal() if value is None else runtime.OutputSignal(value)
        value = _primitive(I, node, target, not wanted)
        if value is not None and not wanted:
            raise runtime.dont_say(value)
        return value
    if t is GetSet:
        value = who(runtime.getset, node.name, I, node.name, values(I, node.args, node.name))
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
    args = values(I, node.args, node.name)
    if proc.macro:
        return who(runtime.call_macro, node.name, I, proc, args, wanted)
    try:
        value = runtime.call_proc(I, proc, args)
    except LogoError as err:
        _name(err, node.name)
        raise
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
            if I.recover is not None:  # ERRACT is set: its value (session/recovery.py)
                return I.recover(I, no_value, "")(node.name)
            raise LogoError("no_value", what=node.name) from None
    if t is Call:
        target = node.target
        if type(target) is Procedure:
            return _call_value(I, node, target, caller)
        value = _primitive(I, node, target, False)
        if value is None:
            if list_value.transparent(target):  # RUN, IF ...: what in its list gave none
                list_value.need_list_value(I, caller, node.name)
            raise LogoError("didnt_output", who=node.name, caller=caller)
        return value
    if t is Infix:
        return _infix(I, node)
    if t is Neg:
        return who(_fn(I, arithmetic.op_neg, "-"), "-", expression(I, node.operand, "-"))
    if t is GetSet:
        return who(runtime.getset_value, node.name, I, node.name,
                    values(I, node.args, node.name), caller)
    assert t is Fail
    raise node.error


def maybe_value(I: Any, node: Any, caller: str) -> Any:
    """The value of ``.maybeoutput``'s input, None when it gives none."""
    if type(node) is not Call:
        return expression(I, node, caller)
    target = node.target
    if type(target) is not Procedure:
        return _primitive(I, node, target, False)
    args = values(I, node.args, node.name)
    if target.macro:
        return who(runtime.call_macro, node.name, I, target, args, True)
    return who(runtime.call_proc, node.name, I, target, args)


def _call_value(I: Any, node: Call, proc: Procedure, caller: str) -> Any:
    args = values(I, node.args, node.name)
    if proc.macro:
        return who(runtime.call_macro, node.name, I, proc, args, True, caller)
    try:
        value = runtime.call_proc(I, proc, args)
    except LogoError as err:
        _name(err, node.name)
        raise
    if value is None:
        runtime.didnt_output(proc, caller)
    return value


def _infix(I: Any, node: Infix) -> Any:
    op = node.op
    x = expression(I, node.left, op)
    y = expression(I, node.right, op)
    fn = _OPS.get(op)
    try:
        if fn is not None:
            return (fn if I.recover is None else I.recover(I, fn, op))(x, y)
        return _fn(I, _EQS[op], op)(x, y, I)
    except LogoError as err:
        _name(err, op)
        raise


def _primitive(I: Any, node: Call, spec: Any, statement: bool) -> Any:
    name = node.name
    args = [expression(I, a, name) for a in node.args]
    fn = spec.fn if I.recover is None else I.recover(I, spec.fn, name)
    n = len(args)
    try:
        if spec.needs_interp:
            if statement and spec.value_context:
                return fn(I, *args, want_value=False)
            if n == 1:  # plain calls: a Python call that does not grow the C stack
                return fn(I, args[0])
            if n == 2:
                return fn(I, args[0], args[1])
            return fn(I, *args)
        if statement and spec.value_context:
            return fn(*args, want_value=False)
        if n == 1:
            return fn(args[0])
        if n == 2:
            return fn(args[0], args[1])
        return fn(*args)
    except LogoError as err:
        _name(err, name)
        raise


def values(I: Any, args: list[Node], caller: str) -> tuple:
    return tuple([expression(I, a, caller) for a in args])


def who(fn: Any, typed: str, *args: Any) -> Any:
    """``fn(*args)``; an error from it that needs a name is the name typed."""
    try:
        return fn(*args)
    except LogoError as err:
        _name(err, typed)
        raise


def _fn(I: Any, fn: Any, typed: str) -> Any:
    """What a call of ``fn`` calls: ``fn``, or while ERRACT is set its recovering
    wrapper (session/recovery.py), which running trees take at their next call."""
    return fn if I.recover is None else I.recover(I, fn, typed)


def _name(err: LogoError, typed: str) -> None:
    """An error raised at a call: the name typed there is who complained, where the
    message needs one and nobody is named yet (as the compiled tier's site map does)."""
    if needs_who(err):
        err.who = typed

def release(line: Any) -> None:
    """A top-level line that has run and will not run again: it loses its tokens, and it
    and the lists in it their cached trees (a list and its TreeCode refer to each other:
    only the garbage collector would free them)."""
    line.compiled = NO_CODE
    release_lists([x for x in line.items() if type(x) is LogoList])
    if getattr(line, "_toks", None) is not None:
        line.forget_tokens()


def release_lists(lists: list[Any]) -> None:
    """The literal lists (and arrays) of a line that has run: they and the lists in
    them lose the trees cached on them (see :func:`release`)."""
    stack = [x for x in lists if type(x) is LogoList]
    seen: set[int] = set()  # (the line may have made a list its own member: .setfirst)
    while stack:
        lst = stack.pop()
        if id(lst) in seen:
            continue
        seen.add(id(lst))
        cache = lst.compiled
        if type(cache[0]) is TreeCode or type(cache[1]) is TreeCode:
            lst.compiled = NO_CODE
        try:
            stack += [x for x in lst.items() if type(x) is LogoList]
        except LogoError:  # a list that runs into itself (.setbf): its members are its own
            continue
