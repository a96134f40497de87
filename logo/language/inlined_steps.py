"""MAP, FILTER and FIND of a procedure's name whose whole body is one OUTPUT of an
expression of its input: the expression is the loop's step, the member in its input's
place (``map "cube :l`` with ``to cube :x  output :x * :x * :x  end`` runs as
``map [? * ? * ?] :l`` does, without a call per member); a template that is just such a
call (``map [cube ?] :l``) too.

Nothing can tell the two apart while the expression is *pure*: numbers, the input, and
operations that run no list, read no variable or property by name and draw no random
number.  Such an expression sees no frame, no other variable and no
``#``; it changes nothing, so a step can be made again.  Whatever goes wrong in it (a
complaint, a Python error) is left to the call it stands for: the step is made again as
the call of the procedure, which raises the error as it would have (its procedure, line
and message).  The inlined step is the one for the definitions the code was compiled
for (the generation, a constant of the loop) and for a stack with room for one more
call; otherwise each step is the primitive's (``templates.apply_template``, or
``template_forms.given_back`` for a template list), as a step is while Stop is pending.  A traced or stepped procedure is not inlined (a debugger
attached: no procedure is).
"""

from __future__ import annotations

from typing import Any

from .nodes import Call, Const, Infix, Neg, Node, VarRef
from .operations import SETTINGS
from .parser import parse_logo_line
from .procedures import Procedure
from .templates import NUMBER

_REDO = object()  # the inlined step went wrong: made again as the call


def body_step(x: Any, step: Node, operations: frozenset[str]) -> Node | None:
    """The expression the procedure ``step`` calls outputs, its input read as the
    step's ``?`` (the member), where it is pure (its calls are of ``operations``,
    operations.STEP_OPERATIONS: they run no list and read no state); else None.  The
    step is the call of a procedure's name made for MAP, or a template of just that
    call (``[cube ?]``)."""
    I = x.c.I
    if type(step) is not Call or type(proc := step.target) is not Procedure or \
            I.debugger is not None or len(step.args) != 1 or not _is_slot(step.args[0]):
        return None
    return pure_body(I, proc, [step.args[0]], operations)


def _is_slot(node: Node) -> bool:
    """Whether ``node`` is ``?`` or ``?1``."""
    return type(node) is Call and type(node.target) is not Procedure and \
        node.target.name == "?" and (not node.args or (
            type(node.args[0]) is Const and node.args[0].value == 1))  # type: ignore[attr-defined]


def pure_body(I: Any, proc: Procedure, inputs: list[Node],
              operations: frozenset[str]) -> Node | None:
    """The expression ``proc`` outputs where its whole body is one OUTPUT of a pure
    expression (:func:`body_step`) of its inputs, each read replaced by the input's
    node in ``inputs``; else None (a procedure of other inputs, or another body)."""
    if proc.macro or proc.fixed is None or len(proc.fixed) != len(inputs) or \
            proc.optional or proc.rest or len(proc.lines) != 1:
        return None
    nodes = parse_logo_line(proc.lines[0], I.resolve, 0)
    if len(nodes) != 1 or type(top := nodes[0]) is not Call or \
            type(top.target) is Procedure or top.target.name != "output" or len(top.args) != 1:
        return None
    names = {name.lower(): node for name, node in zip(proc.fixed, inputs)}
    if len(names) != len(inputs) or not SETTINGS.isdisjoint(names):  # (to f :a :a)
        return None
    return with_inputs(top.args[0], names, operations)


def with_inputs(node: Node, names: dict[str, Node], pure: frozenset[str]) -> Node | None:
    """``node`` with each read of an input its node in ``names``; None if not pure."""
    t = type(node)
    if t is Const:
        return node
    if t is VarRef:
        return names.get(node.name.lower())  # type: ignore[attr-defined]
    if t is Infix:
        assert isinstance(node, Infix)
        left = with_inputs(node.left, names, pure)
        right = with_inputs(node.right, names, pure)
        return None if left is None or right is None else Infix(node.op, left, right)
    if t is Neg:
        assert isinstance(node, Neg)
        operand = with_inputs(node.operand, names, pure)
        return None if operand is None else Neg(operand)
    if t is not Call or type(node.target) is Procedure:  # type: ignore[attr-defined]
        return None
    assert isinstance(node, Call)
    if node.target.name not in pure:
        return None
    args = [with_inputs(a, names, pure) for a in node.args]
    if any(a is None for a in args):
        return None
    return Call(node.name, node.target, args, node.line)  # type: ignore[arg-type]


def slots_named(node: Node, slots: bool, numbered: bool) -> Node | None:
    """``node`` with each ``?`` or ``?k`` (k a whole number from 1) read as the variable
    ``?k`` where ``slots`` (an explicit-slot template's: None for ``(? :n)``), and ``#``
    as the variable ``#`` where ``numbered``: the names invoke_forms.pure_template gives
    a template's inputs."""
    if not (slots or numbered):
        return node
    t = type(node)
    if t is Infix:
        assert isinstance(node, Infix)
        left, right = slots_named(node.left, slots, numbered), slots_named(node.right, slots, numbered)
        return None if left is None or right is None else Infix(node.op, left, right)
    if t is Neg:
        assert isinstance(node, Neg)
        operand = slots_named(node.operand, slots, numbered)
        return None if operand is None else Neg(operand)
    if t is not Call:
        return node
    assert isinstance(node, Call)
    name = None if type(node.target) is Procedure else node.target.name
    if name == "#" and numbered and not node.args:
        return VarRef("#")
    if name == "?" and slots:
        if not node.args:
            return VarRef("?1")
        k = node.args[0]
        ok = len(node.args) == 1 and type(k) is Const and type(k.value) is int and k.value >= 1
        return VarRef(f"?{k.value}") if ok else None  # type: ignore[attr-defined]
    args = [slots_named(a, slots, numbered) for a in node.args]
    if any(a is None for a in args):
        return None
    return Call(node.name, node.target, args, node.line)  # type: ignore[arg-type]


def emit_guard(x: Any, gen: str) -> None:
    """Before the loop: ``gen`` is the generation the code was compiled for, or -1
    (no generation) where a call would find no room on the stack."""
    x.em.emit(f"{gen} = {x.c.I.generation} if len(I.frames) < I.max_depth else -1")


def emit_step(x: Any, names: tuple[str, ...], inlined: str, call: str, back: str) -> None:
    """A step: ``back`` (the primitive's) while Stop is pending or the definitions or
    depth are not the inlined step's; else the inlined expression, made again as the
    call (``call``, after ``slots``, the member put where the step's ``?`` reads it, if
    any) where it went wrong."""
    em = x.em
    n, member, v, gen, slots = names
    redo = em.const(_REDO)
    em.emit(f"if I.interrupt or I.generation != {gen}:")
    em.emit(f"    V[{NUMBER!r}] = {n}")
    em.emit(f"    {v} = {back}")
    em.emit("else:")
    em.emit("    try:")
    em.emit(f"        {v} = {inlined}")
    em.emit("    except Exception:")  # (a complaint, or a Python error the call translates)
    em.emit(f"        {v} = {redo}")
    em.emit(f"    if {v} is {redo}:")
    em.emit(f"        V[{NUMBER!r}] = {n}")
    if slots:
        em.emit(f"        {slots}[-1] = ({member},)")
    em.emit(f"        {v} = {call}")
