"""Python bodies for library procedures written in Logo, run where nothing could tell.

REDUCE (``stdlib/control.lgo``) is UCBLogo's right fold by recursion::

    if emptyp bf :reduce.data [op first :reduce.data]
    op apply :reduce.template (list first :reduce.data reduce :reduce.template bf :reduce.data)

A list of 6,000 members is 6,000 nested calls, each through a procedure call, BUTFIRST,
FIRST, LIST and APPLY.  Its body here runs the same recursion as two loops.  Down the
data: each level's call is made as ``runtime.call_proc`` makes it (the depth limit, a
look at Stop, where processes take their turn), with a frame of ``I.frames`` and its two
inputs bound, the values they hide kept in the frame.  Up again: each level's frame is
popped (its values put back, a LOCAL of the template's among them) and the template
applied to the level's first member and the output from below, with the level's frame
on top (``:reduce.data`` its data, a TEST or PAUSE of the template's at its depth): the
template first sees the last two members, as UCBLogo's.  An error names REDUCE and the
line the Logo body would be at (who complained too, as the name typed there), and
leaves each level as a call does (``runtime.failed``: ERRACT at the level it passes);
STOP and OUTPUT of a template list end their level as they end its call.

Where nothing could tell the two apart either (a primitive's name for the template, or
an explicit-slot list of one expression that sees nothing but its slots), the fold is a
loop over the members (:func:`_fold`): REDUCE "SUM of whole numbers whose sums stay within
64 bits is Python's sum of them, a long fold of such a template runs its compiled loop
(``template_folds``).

The Logo text runs (compiled or interpreted, as any procedure) whenever something could
tell the two apart: REDUCE traced or stepped, ERRACT set, REDUCE defined by the user,
or a procedure defined in place of a primitive its text calls (REDEFP).
"""

from __future__ import annotations

from typing import Any

from ..primitives.arithmetic import sum_
from .errors import LogoError, needs_who
from .library_checks import INVOKE_INPUTS, INVOKE_REST, as_library, invoke_as_python
from .library_loops import loop_body
from .nodes import Call, Const, Infix, Neg
from .parser import parse_logo_line
from .procedures import Procedure, place_error
from .runtime import UNBOUND, Frame, OutputSignal, StopSignal, failed, restore
from .template_folds import fold_loop, procedure_fold, run_loop
from .templates import apply_template, one_slot, primitive_of, procedure_of, stepper
from .values import LogoList

TEST_LINE, APPLY_LINE = 0, 1  # REDUCE's two lines (indexes into proc.lines)
REDUCE_INPUTS = ("reduce.template", "reduce.data")
REDUCE_CALLS = ("if", "emptyp", "bf", "butfirst", "first", "op", "output", "apply", "list")
LOOPS = ("cascade", "crossmap")  # (library_loops)
_BODIES = ("reduce", "invoke", *LOOPS)


class _Lines:
    """What ``session/locating`` asks of compiled code's site map: a CATCH in the
    template (the only Logo that runs inside these bodies) is at the APPLY line."""

    def __init__(self, line: int = APPLY_LINE) -> None:
        self.line = line

    def at(self, pyline: int) -> tuple[str | None, int]:
        return None, self.line


def body_of(I: Any, proc: Procedure) -> Any:
    """The Python body of library procedure ``proc`` (``code(I, V)``, as compiled code
    is called), or None where its Logo text must run."""
    name = proc.name
    if name not in _BODIES or not as_library(I, proc):
        return None
    if name in LOOPS:
        return loop_body(I, proc, lambda: _text_code(I, proc))
    if name == "invoke":
        return _invoke_body(I, proc) if invoke_as_python(I, proc) else None
    if proc.fixed != REDUCE_INPUTS or any(n in I.procedures for n in REDUCE_CALLS):
        return None
    return _reduce_body(I, proc)


def _text_code(I: Any, proc: Procedure) -> Any:
    """The code of ``proc``'s Logo text, as the interpreter would make it had it no
    Python body: its trees where only the interpreting tier runs, else compiled."""
    from .tree_procedures import tree_procedure  # lazy: the tier's own modules

    code = tree_procedure(I, proc) if I.tiers == "interpret" else None
    return code or (I.debugger or I.compiler).compile_procedure(proc)


def _invoke_body(I: Any, proc: Procedure) -> Any:
    """INVOKE's ``.maybeoutput apply :invoke.template :invoke.inputs``: the template
    applied as APPLY applies it (the inputs are a list: the rest input); its output
    is INVOKE's, none is a STOP (call_proc takes a None returned as it takes STOP)."""
    t_name, r_name = INVOKE_INPUTS[0], INVOKE_REST

    def code(I: Any, V: dict) -> Any:
        template, inputs = V[t_name], V[r_name]
        try:
            if type(template) is LogoList and type(inputs) is LogoList and inputs._hi == 3 \
                    and inputs._buf[1] is None and not I.interrupt:  # (one input)
                hit = I.lambda_cache.get(id(template))  # ([[x] ...] parsed: templates._lambda)
                if hit is not None and hit[0] is template and (found := hit[1])[0] == "slots" \
                        and len(found[1]) == 1:
                    return one_slot(I, V, found[1][0], inputs._buf[2], found[2])
            return apply_template(I, template, inputs.items())
        except LogoError as err:
            _locate(err, proc, 0, "apply")
            raise

    code.sitemap = _Lines(0)  # type: ignore[attr-defined]
    return code


def _reduce_body(I: Any, proc: Procedure) -> Any:
    reg = I.registry
    bf, first, emptyp = (reg.get(n).fn for n in ("butfirst", "first", "emptyp"))
    t_name, d_name = REDUCE_INPUTS

    def code(I: Any, V: dict) -> Any:
        template, data = V[t_name], V[d_name]
        try:
            rest = bf(data)
            if emptyp(rest) == "true":
                return first(data)
        except LogoError as err:
            _locate(err, proc, TEST_LINE, "bf")
            raise
        frames = I.frames
        base = len(frames)
        try:
            fn = _foldable(I, template, data, base)
            if fn is not None:
                return _fold(I, fn, data._buf[data._hi - 1:1:-1], template)
            if (done := _procedure_fold(I, template, data, base)) is not None:
                return done
            acc, firsts = _down(I, proc, template, data, rest, first, bf, emptyp)
            return _up(I, proc, template, firsts, acc)
        except LogoError as err:
            _locate(err, proc, APPLY_LINE, "apply")
            while len(frames) > base:  # each level the error leaves, innermost first
                failed(I, frames[-1], err)
                restore(V, frames.pop().saved)
            raise
        finally:
            while len(frames) > base:
                restore(V, frames.pop().saved)

    code.sitemap = _Lines()  # type: ignore[attr-defined]
    return code


def _foldable(I: Any, template: Any, data: Any, base: int) -> Any:
    """For ``reduce "sum :l`` and ``reduce [?1 + ?2] :l``: the function ``(a, b)`` the
    fold applies, where nothing could tell a fold in Python from the calls down and up
    (the template runs no Logo but its own expression and sees no frame or variable:
    a primitive's name, or an explicit-slot list of one expression of slots, numbers
    and operations; the list is one run of pairs, short enough for the depth limit; no
    ERRACT to run at each level); else None."""
    if type(data) is not LogoList or data._buf[1] is not None \
            or base + data._hi + 2 >= I.max_depth or "erract" in I.vars:
        return None
    if type(template) is LogoList:
        if not _closed_template(I, template):
            return None
        step = stepper(I, template)

        def steps(a: Any, b: Any) -> Any:
            return step((a, b))

        steps.whole_sum = False  # type: ignore[attr-defined]
        return steps
    if type(template) is not str:
        return None
    target = primitive_of(I, template)
    if target is None or target.needs_interp or target.min_inputs > 2 or \
            0 <= target.max_inputs < 2:
        return None
    fn = target.fn

    def primitive(a: Any, b: Any) -> Any:
        try:
            return fn(a, b)
        except LogoError as err:
            if err.who is None:
                err.who = template  # (a complaint names the primitive)
            raise

    primitive.whole_sum = fn is sum_  # type: ignore[attr-defined]
    return primitive


def _procedure_fold(I: Any, template: Any, data: Any, base: int) -> Any:
    """``reduce "plus :l`` where PLUS's body is one OUTPUT of a pure expression of its
    two inputs: the fold by its loop (template_folds.procedure_fold), on the data
    _foldable would fold; None where the calls down and up must run."""
    if type(template) is not str or type(data) is not LogoList or data._buf[1] is not None \
            or base + data._hi + 2 >= I.max_depth or "erract" in I.vars:
        return None
    proc = procedure_of(I, template)
    if proc is None:
        return None
    return procedure_fold(I, proc, data._buf[data._hi - 1:1:-1])


_SEES = frozenset(("thing", "gprop"))  # operations that read what a frame could hide


def _closed_template(I: Any, template: LogoList) -> bool:
    """Whether an explicit-slot list is one expression that sees nothing but its
    slots (kept per list and generation)."""
    from .operations import OPERATIONS

    cache, key = I.lambda_cache, ("reduce.closed", id(template))
    hit = cache.get(key)
    if hit is not None and hit[0] is template and hit[1] == I.generation:
        return hit[2]
    gen, ok = I.generation, False
    if template and type(template.first()) is not LogoList:
        nodes = parse_logo_line(template, I.resolve, 0)
        ok = len(nodes) == 1 and _sees_nothing(nodes[0], OPERATIONS - _SEES)
    if I.generation == gen:
        if len(cache) >= 256:
            cache.clear()
        cache[key] = (template, gen, ok)
    return ok


def _sees_nothing(node: Any, operations: frozenset[str]) -> bool:
    t = type(node)
    if t is Infix:
        return _sees_nothing(node.left, operations) and _sees_nothing(node.right, operations)
    if t is Neg:
        return _sees_nothing(node.operand, operations)
    if t is Const:
        return True
    if t is not Call or type(node.target) is Procedure:
        return False
    name = node.target.name
    if name == "?":
        return all(type(a) is Const and type(a.value) is int for a in node.args)
    return name in operations and all(_sees_nothing(a, operations) for a in node.args)


def _fold(I: Any, fn: Any, members: list[Any], template: Any) -> Any:
    """The right fold of ``members`` by ``fn`` (the last two first, as the calls up
    apply it), Stop looked at each step: a sum of whole numbers at once, a template's
    compiled loop (template_folds) while nothing stops it."""
    acc = members[-1]
    start = len(members) - 2
    if fn.whole_sum and (total := _whole_sum(members)) is not None:
        return total
    if type(template) is LogoList and (loop := fold_loop(I, template, start)) is not None:
        start, acc = run_loop(I, loop, members, start, acc)
        if acc is None:
            raise LogoError("didnt_output", who="apply", caller="op")
    for j in range(start, -1, -1):
        if I.interrupt:
            I.check_interrupt()
        acc = fn(members[j], acc)
        if acc is None:
            raise LogoError("didnt_output", who="apply", caller="op")
    return acc


def _whole_sum(members: list[Any]) -> int | None:
    """REDUCE "SUM of whole numbers none of whose sums (the suffixes' sums, as the
    fold makes them) passes 64 bits: their sum, as SUM's fold gives it; else None."""
    if set(map(type, members)) != _INTS or sum(map(abs, members)) >= _I64:
        return None
    return sum(members)


_INTS, _I64 = {int}, 2 ** 63


def _down(I: Any, proc: Procedure, template: Any, data: Any, rest: Any,
          first: Any, bf: Any, emptyp: Any) -> tuple[Any, list[Any]]:
    """The calls down the data: a frame per level; the deepest level's output (its
    one member) and each level's first member, outermost first.  A look at Stop may
    let processes run, with the level's inputs bound as the call binds them."""
    frames, V, limit = I.frames, I.vars, I.max_depth
    t_name, d_name = REDUCE_INPUTS
    firsts = [first(data)]
    keep, push, get = firsts.append, frames.append, V.get
    d = rest
    while True:
        if len(frames) >= limit:
            raise LogoError("stack_overflow")
        if I.interrupt:
            I.check_interrupt()
        frame = Frame()
        frame.proc = proc
        frame.saved = {d_name: get(d_name, UNBOUND), t_name: get(t_name, UNBOUND)}
        push(frame)
        V[t_name] = template
        V[d_name] = d
        if type(d) is LogoList and d._hi > 2:  # (as BF, EMPTYP and FIRST take a list)
            b = d.butfirst()
            if type(b) is LogoList and b._hi == 2:
                return d._buf[d._hi - 1], firsts
            keep(d._buf[d._hi - 1])
        else:
            b = bf(d)  # (the list or word is not empty: nothing here complains)
            if emptyp(b) == "true":
                return first(d), firsts
            keep(first(d))
        d = b


def _up(I: Any, proc: Procedure, template: Any, firsts: list[Any], acc: Any) -> Any:
    """Back up: each level's frame popped, then the template applied at the level
    below it (outermost last); the outermost level's output.  What the template is,
    is found at its first application, as APPLY finds it."""
    frames, V = I.frames, I.vars
    step = None
    pop = frames.pop
    for j in range(len(firsts) - 1, -1, -1):
        for name, old in pop().saved.items():  # level j + 1 returns acc (runtime.restore)
            if old is UNBOUND:
                V.pop(name, None)
            else:
                V[name] = old
        if acc is None:
            raise LogoError("didnt_output", who=proc.name, caller="list")
        try:
            if step is None:
                step = stepper(I, template)
            acc = step([firsts[j], acc])
        except StopSignal:  # (a template list's STOP or OUTPUT ends the call of its
            if j == 0:      # level: the outermost level's is the call's own)
                raise
            acc = None
            continue
        except OutputSignal as sig:
            if j == 0:
                raise
            acc = sig.value
            continue
        if acc is None:
            raise LogoError("didnt_output", who="apply", caller="op")
    return acc


def _locate(err: LogoError, proc: Procedure, line: int, typed: str) -> None:
    """An error raised at ``line`` of REDUCE's body: named as the Logo body's would be."""
    if needs_who(err):
        err.who = typed
    if err.proc is None:
        err.proc = proc.name
        place_error(err, proc, line)
