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
from . import list_value, runtime
from .errors import LogoError, needs_who, no_value
from .nodes import Call, Const, Fail, GetSet, Infix, Neg, Node, VarRef
from .procedures import Procedure, place_error
from .values import LogoArray, LogoList, fresh_array

HOT_RUNS = 8  # runs of a list before it is compiled ("auto")
LOOPS = frozenset(("repeat", "forever", "while", "until", "do.while", "do.until", "for"))
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
    nodes = I.compiler.parse(lst, 0)
    if I.tiers == "auto" and has_loop(nodes):
        return I.compiler.compile_list([lst], mode)
    return TreeCode(lst, nodes, mode, slot)


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
            value = _maybe_value(I, node.args[0], node.name)
            raise runtime.StopSignal() if value is None else runtime.OutputSignal(value)
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
        return _who(_fn(I, arithmetic.op_neg, "-"), "-", expression(I, node.operand, "-"))
    if t is GetSet:
        return _who(runtime.getset_value, node.name, I, node.name,
                    _values(I, node.args, node.name), caller)
    assert t is Fail
    raise node.error


def _maybe_value(I: Any, node: Any, caller: str) -> Any:
    """The value of ``.maybeoutput``'s input, None when it gives none."""
    if type(node) is not Call:
        return expression(I, node, caller)
    target = node.target
    if type(target) is not Procedure:
        return _primitive(I, node, target, False)
    args = _values(I, node.args, node.name)
    if target.macro:
        return _who(runtime.call_macro, node.name, I, target, args, True)
    return _who(runtime.call_proc, node.name, I, target, args)


def _call_value(I: Any, node: Call, proc: Procedure, caller: str) -> Any:
    args = _values(I, node.args, node.name)
    if proc.macro:
        return _who(runtime.call_macro, node.name, I, proc, args, True, caller)
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
    if fn is not None:
        return _who(_fn(I, fn, op), op, x, y)
    return _who(_fn(I, _EQS[op], op), op, x, y, I)


def _primitive(I: Any, node: Call, spec: Any, statement: bool) -> Any:
    args = [expression(I, a, node.name) for a in node.args]
    fn, n = _fn(I, spec.fn, node.name), len(args)
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
        _name(err, node.name)
        raise


def _values(I: Any, args: list[Node], caller: str) -> tuple:
    return tuple([expression(I, a, caller) for a in args])


def _who(fn: Any, typed: str, *args: Any) -> Any:
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


# --- procedures ---------------------------------------------------------------------------
HOT_CALLS = 2  # calls of a procedure before it is compiled ("auto")
_GO_ON = object()  # a statement of a procedure body that did not end the procedure


class ProcTree:
    """A procedure's body as trees, with the lists of its IF and IFELSE parsed once."""

    __slots__ = ("body", "calls", "gen", "lists", "proc")

    def __init__(self, proc: Procedure, body: list[Node], gen: int):
        self.proc, self.body, self.gen = proc, body, gen
        self.lists: dict[int, list[Node]] = {}
        self.calls = 0


def tree_procedure(I: Any, proc: Procedure) -> Any:
    """The code of ``proc`` for its first calls (``code(I, V)`` as compiled code), or
    None where it is compiled at once: a body with a loop or with TAGs (GOTO's
    segments are the compiled tier's)."""
    body: list[Node] = []
    for idx, line in enumerate(proc.lines):
        nodes = I.compiler.parse(line, idx)
        if nodes and type(nodes[0]) is Fail and nodes[0].whole:
            body = nodes  # UCBLogo reads the whole body before running any of it
            break
        body.extend(nodes)
    if _has_tag(body) or (I.tiers == "auto" and has_loop(body)):
        return None
    tree = ProcTree(proc, body, I.generation)

    def code(I: Any, V: Any) -> Any:
        tree.calls += 1
        if tree.calls > HOT_CALLS and I.tiers == "auto" and proc.code is code \
                and I.recover is None:
            proc.code = compiled = I.compiler.compile_procedure(proc)
            return compiled(I, V)
        result = _proc_block(I, tree, tree.body, True)
        return None if result is _GO_ON else result

    code.tree = tree  # type: ignore[attr-defined]
    return code


def _has_tag(body: list[Node]) -> bool:
    return any(type(n) is Call and type(n.target) is not Procedure and n.target.name == "tag"
               for n in body)


def _proc_block(I: Any, tree: ProcTree, nodes: list[Node], tail: bool) -> Any:
    """Run instructions of a procedure body; what ends the procedure (None for STOP,
    OUTPUT's value, a TailCall for the trampoline), or _GO_ON."""
    last = len(nodes) - 1
    for i, node in enumerate(nodes):
        try:
            result = _proc_statement(I, tree, node, tail and i == last)
        except LogoError as err:
            if err.proc is None:
                err.proc = tree.proc.name
                place_error(err, tree.proc, getattr(node, "line", None))
            raise
        if result is not _GO_ON:
            return result
    return _GO_ON


def _proc_statement(I: Any, tree: ProcTree, node: Any, tail: bool) -> Any:
    if type(node) is Call:
        target = node.target
        if type(target) is Procedure:
            if tail and not target.macro:  # the trampoline runs it: no stack grows
                return runtime.TailCall(target, _values(I, node.args, node.name), True,
                                        tree.proc, node.line)
        elif target.name == "output" and len(node.args) == 1:
            arg = node.args[0]
            if type(arg) is Call and type(arg.target) is Procedure and not arg.target.macro:
                return runtime.TailCall(arg.target, _values(I, arg.args, arg.name), False,
                                        tree.proc, node.line)
            return expression(I, arg, node.name)
        elif target.name == "stop" and not node.args:
            return None
        elif target.name == ".maybeoutput" and len(node.args) == 1:
            return _maybe_value(I, node.args[0], node.name)
        elif target.name in ("if", "ifelse") and len(node.args) in (2, 3) and all(
                type(a) is Const and type(a.value) is LogoList for a in node.args[1:]):
            return _proc_if(I, tree, node, tail)
    statement(I, node, False)
    return _GO_ON


def _proc_if(I: Any, tree: ProcTree, node: Call, tail: bool) -> Any:
    """IF and IFELSE with literal lists in a procedure: the list chosen runs as part of
    the body (its OUTPUT and its tail calls are the procedure's)."""
    args: Any = node.args
    test = _who(runtime.truth_run, node.name, I, expression(I, args[0], node.name))
    if not test and len(args) == 2:
        return _GO_ON
    lst = args[1].value if test else args[2].value
    nodes = tree.lists.get(id(lst))
    if nodes is None:
        nodes = tree.lists[id(lst)] = I.compiler.parse(lst, node.line)
    return _proc_block(I, tree, nodes, tail)



def running_line(tree: ProcTree, frame: Any) -> int | None:
    """The line of ``tree``'s procedure running in Python frame ``frame`` or a frame
    it was called from (CATCH's frame: see session/locating.py)."""
    while frame is not None:
        if frame.f_code is _proc_block.__code__ and frame.f_locals.get("tree") is tree:
            return getattr(frame.f_locals.get("node"), "line", None)
        frame = frame.f_back
    return None
