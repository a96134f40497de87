"""REDUCE's fold of a template that sees nothing but its slots, as one Python loop.

``reduce [?1 + ?2] :l`` folds with a template of one expression of slots, numbers and
operations (library_bodies._closed_template): nothing in it can tell where its inputs
come from.  Each step of library_bodies' fold runs the template's compiled code with
the two inputs on ``I.slots`` (templates.stepper): three Python calls and two slot reads
a member.  Here the expression is compiled once (per list and definitions) into a loop
of its own, ``?1`` and ``?2`` its Python locals, each step the same code the template's
list compiles to but for those reads, so values and complaints are the same (the site
map names who complained, as the list's would).

The loop gives back its place when ``I.interrupt`` is set: the fold looks at Stop and
lets processes take their turn, then goes on with the template's own steps (as the
fold does, should the definitions have changed).  A template whose expression has no
value gives None, which the fold reports as it reports the template's.  Short data is
folded by the template's steps: the loop is made for data of :data:`FOLD_AT` members or
more, or for a template folded :data:`FOLD_AT` times.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .emitter import Emitter
from .errors import LogoError
from .inlined_steps import pure_body
from .nodes import Call, Infix, Neg, Node, VarRef
from .procedures import Procedure

FOLD_AT = 32  # members (or folds of the template) before its loop is compiled
_INPUTS = {"?1": "_a", "?2": "_b"}  # (no variable of the template's: it reads none)
_NOT = object()  # a template whose loop is not made (a slot past ?2)
_INTERNAL = (KeyError, RecursionError, MemoryError, OSError)  # (as templates.stepper's)


def run_loop(I: Any, loop: Any, members: list[Any], j: int, acc: Any) -> tuple[int, Any]:
    """``loop`` run from member ``j`` down, an error located as the template's steps
    locate theirs (who complained, from the loop's site map)."""
    try:
        return loop(I, I.vars, members, j, acc)  # type: ignore[no-any-return]
    except LogoError as err:
        I.locate_error(err, None, err.__traceback__)
        raise
    except _INTERNAL as err:
        raise I.translate_internal(err, None) from None


def fold_loop(I: Any, template: Any, members: int) -> Any:
    """The compiled loop ``loop(I, V, members, j, acc) -> (j, acc)`` of a closed
    explicit-slot template (its folds of the members from ``j`` down to 0; ``j`` is -1
    when done, else where ``I.interrupt`` stopped it; acc None: no value), or None
    while the template's own steps fold it (always where only the interpreting tier
    runs: ``LOGO_TIERS=interpret``)."""
    def made() -> Any:
        nodes = I.compiler.parse(template, 0)
        node = _with_inputs(nodes[0]) if len(nodes) == 1 else None
        return _NOT if node is None else _compile(I, template, node)

    return _kept(I, ("reduce.loop", id(template)), template, members, made)


def procedure_loop(I: Any, proc: Procedure, members: int) -> Any:
    """:func:`fold_loop` for a procedure of two inputs whose whole body is one OUTPUT
    of a pure expression of them (inlined_steps.pure_body), or None."""
    def made() -> Any:
        from .operations import STEP_OPERATIONS

        node = pure_body(I, proc, [VarRef("?1"), VarRef("?2")], STEP_OPERATIONS)
        return _NOT if node is None else _compile(I, proc.lines[0], node)

    if I.debugger is not None:
        return None
    return _kept(I, ("reduce.procedure", id(proc)), proc, members, made)


def _kept(I: Any, key: tuple, owner: Any, members: int, made: Callable[[], Any]) -> Any:
    """The loop kept for ``owner`` (per generation), made by ``made()`` once it has
    folded :data:`FOLD_AT` members or been folded as many times; None until then, or
    where it is not made (_NOT)."""
    if I.tiers == "interpret":
        return None
    cache = I.lambda_cache
    hit = cache.get(key)
    gen = I.generation
    if hit is not None and hit[0] is owner and hit[1] == gen:
        if hit[2] is not None:
            return None if hit[2] is _NOT else hit[2]
        runs = hit[3] + 1
    else:
        runs = 1
    loop = made() if members >= FOLD_AT or runs >= FOLD_AT else None
    if I.generation == gen:
        if len(cache) >= 256:
            cache.clear()
        cache[key] = (owner, gen, loop, runs)
    return None if loop is _NOT else loop


def procedure_fold(I: Any, proc: Procedure, members: list[Any]) -> Any:
    """REDUCE of such a procedure's name folded by its loop, or None where the calls
    must be made (the loop not made yet, Stop pending, no value, anything going wrong:
    the calls then make the fold again from the start, raising what they raise)."""
    loop = procedure_loop(I, proc, len(members))
    if loop is None:
        return None
    try:
        j, acc = loop(I, I.vars, members, len(members) - 2, members[-1])
    except Exception:  # (the calls' complaint, or a Python error they translate)
        return None
    return acc if j < 0 else None


def _with_inputs(node: Node) -> Node | None:
    """``node`` with each ``?``, ``?1`` and ``?2`` a read of its input; None where a
    slot is another (its complaint is the template's steps')."""
    t = type(node)
    if t is Infix:
        left, right = _with_inputs(node.left), _with_inputs(node.right)  # type: ignore[attr-defined]
        return None if left is None or right is None else \
            Infix(node.op, left, right)  # type: ignore[attr-defined]
    if t is Neg:
        operand = _with_inputs(node.operand)  # type: ignore[attr-defined]
        return None if operand is None else Neg(operand)
    if t is not Call:
        return node
    assert isinstance(node, Call)
    if node.target.name == "?":
        k = node.args[0].value if node.args else 1  # type: ignore[attr-defined]
        return VarRef(f"?{k}") if f"?{k}" in _INPUTS else None
    args = [_with_inputs(a) for a in node.args]
    if any(a is None for a in args):
        return None
    return Call(node.name, node.target, args, node.line)  # type: ignore[arg-type]


def _compile(I: Any, template: Any, node: Node) -> Any:
    """The fold's loop over the expression ``node`` (its slots read as inputs)."""
    from .compiler import Expressions  # lazy: the compiler imports this module's users

    em = Emitter(I, [template], "list")
    em.inputs = dict(_INPUTS)
    x = Expressions(I.compiler, em)
    value = x.expr(node, "")
    em.emit("for _j in range(_j, -1, -1):")
    em.emit("    if I.interrupt: return _j, _b")
    em.emit("    _a = _m[_j]")
    em.emit("    #L0")
    em.emit(f"    _b = {value}")
    em.emit("    if _b is None: return _j, None")
    em.emit("return -1, _b")
    return I.compiler.function("def body(I, V, _m, _j, _b):\n" + "\n".join(em.out) + "\n", em)
