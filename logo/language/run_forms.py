"""RUN of a list run before, as a statement, compiled to the call of the list's code.

``repeat 1000000 [run :x]``: UCBLogo's REPEAT of a list it has parsed already is its
fastest path, and here a list run before since the last definition keeps its code in
its cache (``lst.compiled``: command code, value code, the generation).  The statement
``run <expression>`` (:func:`form_run`) looks there itself: a list whose cache is of
this generation and holds command code has that code called at once, with the errors
handled as ``Interpreter.run`` handles them (who complained found from the traceback,
ERRACT at this level, Python's internal errors translated); anything else (a word, a
list never run, a definition made since) is the primitive's call, as before.  STOP,
OUTPUT and THROW of the list pass through untouched, as through the primitive.

``repeat <count> [run :x]``: the loop and the list fused (held_fusion.py).

Not compiled this way: RUN in tail position of a list run for its value (its value is
the list's), under ERRACT's recovering call sites, in a direct body or a fast loop's
locals (neither holds a RUN: they are left to the primitive all the same).
"""

from __future__ import annotations

from typing import Any

from . import list_value
from .built_runs import fput_items, list_items, run_items, sentence_items
from .emitter import wrap
from .errors import LogoError
from .held_fusion import run_inline
from .lists import NO_CODE, view
from .nodes import Call, Const
from .print_forms import plain as plain_primitive
from .procedures import Procedure
from .result_lists import lone_operation
from .runresult_parts import INTERNAL as _INTERNAL
from .runresult_parts import failed, translated
from .runtime import need_value
from .signals import OutputSignal, StopSignal
from .tree_cache import MOST_WORDS
from .values import LogoList

_NEW = object.__new__


def form_run(st: Any, node: Call, tail: bool) -> bool:
    """``run <expression>``: the kept command code of the list called at once."""
    em = st.em
    if em.held and run_inline(st, node):  # (in a fused loop, :x held: inline)
        return True
    if len(node.args) != 1 or (tail and em.mode == "list") or em.region is not None \
            or em.inputs or getattr(st.c.I, "recover", None) is not None:
        return False
    lst, cache, code, r, e = (em.fresh(p) for p in ("_ul", "_uc", "_uf", "_r", "_ue"))
    built = built_run(st.x, node, False)
    if built is not None:  # (run (list "make quoted "t ...): its shape's code)
        em.emit(f"{r} = {built}")
        em.emit(f"if {r} is not None: raise DONT_SAY({r})")
        return True
    value = st.x.expr(node.args[0], node.name)
    prim = em.site(node.target.fn, node.name)
    em.emit(f"{lst} = {value}")
    em.emit(f"if type({lst}) is LL and ({cache} := {lst}.compiled)[2] == I.generation "
            f"and ({code} := {cache}[0]) is not None:")
    em.emit("    try:")
    em.emit(f"        {r} = {code}(I, V)")
    em.emit(f"    except {em.const(LogoError)} as {e}:")
    em.emit(f"        {em.const(failed)}(I, {e})")
    em.emit("        raise")
    em.emit(f"    except {em.const(_INTERNAL)} as {e}:")
    em.emit(f"        raise {em.const(translated)}(I, {e}) from None")
    em.emit("else:")
    em.emit(f"    {r} = {prim}(I, {lst}, want_value=False)")
    em.emit(f"if {r} is not None: raise DONT_SAY({r})")
    return True


_BUILDERS = {"list_": (list_items, 0), "sentence": (sentence_items, 0), "fput": (fput_items, 2)}


def built_run(x: Any, node: Call, want_value: bool) -> str | None:
    """``run (list "sum :a 3)``, ``run (sentence [print] :a)``, ``run fput "sum :l``: the
    builder's inputs computed in order, as its own call computes them, and given to
    built_runs.run_items (no list made where the shape is compiled); None for any other
    input, a traced RUN or builder."""
    arg = node.args[0] if len(node.args) == 1 else None
    if type(arg) is not Call or type(arg.target) is Procedure or \
            not plain_primitive(node, "control", "run"):
        return None
    fn = arg.target.fn
    splice, n = _BUILDERS.get(getattr(fn, "__name__", ""), (None, 0))
    if splice is None or not plain_primitive(arg, "data", fn.__name__) or \
            not 0 < len(arg.args) <= MOST_WORDS or (n and len(arg.args) != n):
        return None
    parts = [x.expr(a, arg.name) for a in arg.args]
    parts_text = f"({parts[0]},)" if len(parts) == 1 else f"({', '.join(parts)})"
    em = x.em
    return wrap(f"{em.site(run_items, node.name)}(I, {parts_text}, {em.const(splice)}, "
                f"{em.const(fn)}, {arg.name!r}, {want_value}, {em.const(node.target.fn)})")


def reporter_run(x: Any, node: Call, caller: str) -> str | None:
    """RUN of a built list as an expression (:func:`built_run`), its value or none as
    the primitive's call site takes it ("didn't output", "Macro returned")."""
    if x.em.inputs or x.em.region is not None or getattr(x.c.I, "recover", None) is not None:
        return None
    call = built_run(x, node, True)
    if call is None:
        return None
    need, first = list_value.need(x.em, node, caller, need_value)
    tmp = x.em.fresh("_t")
    return (f"({tmp} if ({tmp} := {call}) is not None "
            f"else {wrap(f'{need}({first}, {caller!r}, {node.name!r})')})")


def reporter_runresult(x: Any, node: Call, caller: str) -> str | None:
    """``runresult [2 * 3]``: a literal list of one expression that outputs a value or
    complains (arithmetic, a constant, an operation whose inputs hold no list to run)
    is that value in a list, computed where RUNRESULT stands, as its list's code would
    compute it (its complaints name the same primitive, on the same line).  Any other
    RUNRESULT calls the list's kept value code at once (:func:`kept_result`)."""
    if len(node.args) != 1 or x.em.inputs or getattr(x.c.I, "recover", None) is not None \
            or not plain_primitive(node, "control", "runresult"):  # (traced: its calls shown)
        return None
    arg = node.args[0]
    if type(arg) is Const and type(arg.value) is LogoList and not arg.value:
        return f"{x.em.const(view)}([1, None], 2)"  # (it outputs nothing: [], made at once)
    top = _one_operation(x, arg)  # (a fast loop's locals: loop_scope walked it)
    if top is not None and isinstance(arg, Const) and _may_end(x.c.I, arg.value):
        top = None  # (its OUTPUT or STOP is RUNRESULT's error: the primitive's)
    if top is None and x.em.region is not None:
        return None
    if top is None:  # (any other list: its kept code, kept_result)
        fn = x.em.site(kept_result, node.name)
        return wrap(f"{fn}(I, {x.expr(arg, node.name)}, {x.em.const(node.target.fn)})")
    value = x.expr(top, node.name)
    return f"{x.em.const(view)}([1, None, {value}], 3)"  # (the list [value], made at once)


def _one_operation(x: Any, arg: Any) -> Any:
    """The one operation of a literal list (result_lists.lone_operation), or None."""
    if not (isinstance(arg, Const) and type(arg.value) is LogoList) or not arg.value:
        return None
    return lone_operation(x.c.parse(arg.value, x.em.current_line()))


def _may_end(I: Any, lst: LogoList) -> bool:
    """Does a list inside ``lst`` (``runresult [count catch "k [output 5]]``) name
    OUTPUT, STOP or .MAYBEOUTPUT, at any depth?  Compiled in the expression, it would
    end the procedure around."""
    return any(type(item) is LogoList and _names_ending(I, item) for item in lst)


def _names_ending(I: Any, lst: LogoList) -> bool:
    for word in lst:
        if type(word) is LogoList:
            if _names_ending(I, word):
                return True
        elif isinstance(word, str) and (spec := I.registry.get(word.lower())) is not None \
                and spec.name in _ENDING_NAMES:
            return True
    return False


_ENDING_NAMES = frozenset(("output", "stop", ".maybeoutput"))


def kept_result(I: Any, instructions: Any, primitive: Any) -> LogoList:
    """RUNRESULT of a list computed at run time (``runresult :x``): the value code the
    list keeps from its last run called at once, as ``Interpreter.run`` calls it, its
    result made a list where it stands; anything else (a word, a list never run for its
    value, a definition made since) is the primitive's call."""
    if type(instructions) is LogoList:
        cache = instructions.compiled
        if cache[2] == I.generation and (code := cache[1]) is not None:
            try:
                value = code(I, I.vars)
            except LogoError as err:
                failed(I, err)
                raise
            except (StopSignal, OutputSignal):
                if not I.frames:
                    raise
                raise LogoError("runresult_stop") from None
            except _INTERNAL as err:
                raise translated(I, err) from None
            new = _NEW(LogoList)  # (lists.view, made here: a call less)
            new._buf, new._hi = ([1, None], 2) if value is None else ([1, None, value], 3)
            new.src, new.compiled = None, NO_CODE
            return new
    return primitive(I, instructions)  # type: ignore[no-any-return]
