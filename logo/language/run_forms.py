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

``repeat <count> [run :x]`` (:func:`repeat_run`), the list's instructions as the body of
a loop: UCBLogo runs the list it parsed once, a turn costs it a look-up.  Here, when the
count is large and the list's instructions cannot see or change the variable table by
name (``loop_scope.closed``: no procedure call, no list run that is not written there, no
computed name, no MAKE of ``x``), the loop and the list are compiled together as a
literal REPEAT body is (its variables in Python locals), kept per list and generation.
Nothing the body does can make ``:x`` another list or change a definition; what runs at
a turn can (a process, a definition typed meanwhile): after each look at Stop the fused
loop gives back the turn it is at if ``:x`` or the generation changed, and the plain loop
of ``run :x`` goes on from there.  Errors are located by the fused code's site map, as
they are in the list's own code.

Not compiled this way: RUN in tail position of a list run for its value (its value is
the list's), under ERRACT's recovering call sites, in a direct body or a fast loop's
locals (neither holds a RUN: they are left to the primitive all the same).
"""

from __future__ import annotations

from typing import Any

from . import depth, list_value, loop_locals
from .built_runs import fput_items, list_items, run_items, sentence_items
from .code_cache import compile_code
from .emitter import Emitter, wrap
from .errors import LogoError
from .lists import NO_CODE, view
from .loop_scope import closed
from .nodes import Call, Const, VarRef
from .print_forms import plain as plain_primitive
from .procedures import Procedure
from .result_lists import lone_operation
from .runresult_parts import INTERNAL as _INTERNAL
from .runresult_parts import failed, translated
from .runtime import need_value
from .signals import OutputSignal, StopSignal
from .tree_cache import MOST_WORDS
from .values import LogoList

FUSE_AT = 64  # a REPEAT of fewer turns runs its RUNs (compiling the fused loop costs more)
_NEW = object.__new__
_FUSED = "run_forms.fused"  # (I.lambda_cache's keys: with the list's id and the name)


def form_run(st: Any, node: Call, tail: bool) -> bool:
    """``run <expression>``: the kept command code of the list called at once."""
    em = st.em
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


def repeat_run(st: Any, node: Call, count: str) -> bool:
    """``repeat <count> [run :x]``, ``count`` the local holding the count: the fused
    loop of :x's list where it may run, then the plain loop from the turn it gave back
    (REPEAT's loop, loop_locals.counted)."""
    em = st.em
    body = node.args[1].value if isinstance(node.args[1], Const) else None
    if type(body) is not LogoList or em.region is not None or em.inputs or \
            getattr(st.c.I, "recover", None) is not None:
        return False
    nodes = st.c.parse(body, st.current_line())
    run_node = nodes[0] if len(nodes) == 1 else None
    if type(run_node) is not Call or type(run_node.target) is Procedure or \
            run_node.target.name != "run" or len(run_node.args) != 1 or \
            type(run_node.args[0]) is not VarRef:
        return False
    name = run_node.args[0].name
    s, e = em.fresh("_us"), em.fresh("_ue")
    em.emit("try:")
    em.emit(f"    {s} = {em.site(fused_run, 'run')}(I, V, {name!r}, {count}, {em.const(type(st))})")
    em.emit(f"except {em.const(LogoError)} as {e}:")
    em.emit(f"    {em.const(failed)}(I, {e})")
    em.emit("    raise")
    em.emit(f"except {em.const(_INTERNAL)} as {e}:")
    em.emit(f"    raise {em.const(translated)}(I, {e}) from None")
    loop_locals.counted(st, body, f"range({s}, {count} + 1)")
    return True


def fused_run(I: Any, V: dict, name: str, n: int, statements: Any) -> int:
    """Run the fused loop of ``:name``'s list for turns 1 to ``n`` where it may; the
    turn the plain loop goes on from (1 where no fused loop ran, ``n + 1`` when it ran
    them all).  ``statements``: the compiler's statement compiler (its class)."""
    lst = V.get(name)
    if type(lst) is not LogoList or type(n) is not int or n < FUSE_AT or \
            I.recover is not None or I.debugger is not None:
        return 1
    cache, key, gen = I.lambda_cache, (_FUSED, id(lst), name), I.generation
    hit = cache.get(key)
    if hit is None or hit[0] is not lst or hit[1] != gen:
        try:
            code = _compile_fused(I.compiler, lst, name, statements)
        except LogoError:  # (past Python's limits: the plain loop runs the list)
            code = not_fused
        if I.generation != gen:  # (a name was loaded from the library meanwhile)
            return 1
        if len(cache) >= 256:
            cache.clear()
        cache[key] = hit = (lst, gen, code)
    code = hit[2]
    return 1 if code is not_fused else code(I, V, n, lst, gen)


def not_fused(I: Any, V: dict, n: int, lst: LogoList, gen: int) -> int:
    """What :func:`_compile_fused` gives for a list that may not be fused (never run)."""
    return 1


@depth.guarded
def _compile_fused(compiler: Any, lst: LogoList, name: str, statements: Any) -> Any:
    """The function ``(I, V, n, lst, gen)`` that runs turns 1 to ``n`` of the loop
    ``repeat n lst``, giving back the turn where ``:name`` or the generation changed at
    a look at Stop; :func:`not_fused` where the list's instructions could see the table
    by name."""
    I = compiler.I
    em = Emitter(I, [lst], "cmd")
    em.careful = compiler.careful
    st = statements(compiler, em)
    scope = closed(st, [lst], None)
    if scope is None or name in scope.writes or name in scope.fors:
        return not_fused
    loop_locals.either(st, [lst], lambda: _fused_loop(st, lst, name))
    em.emit("return n + 1")
    source = "def body(I, V, n, lst, gen):\n" + "\n".join(em.out) + "\n"
    namespace = compiler.namespace()
    namespace.update(em.globals)
    exec(compile_code(source, "<logo list>", I.sandbox is None), namespace)
    fn = namespace["body"]
    fn.sitemap = em.sitemap(source)
    I.register_code(fn.__code__, fn.sitemap)
    return fn


def _fused_loop(st: Any, lst: LogoList, name: str) -> None:
    """REPEAT's loop with the list as its body and, after each look at Stop, the turn
    given back if ``:name`` or a definition changed."""
    loop_locals.counted(st, lst, "range(1, n + 1)", lambda i: (
        f"if V.get({name!r}) is not lst or I.generation != gen: return {i}"))


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
    if top is None and x.em.region is not None:
        return None
    if top is None:  # (any other list: its kept code, kept_result)
        fn = x.em.site(kept_result, node.name)
        return f"{fn}(I, {x.expr(arg, node.name)}, {x.em.const(node.target.fn)})"
    value = x.expr(top, node.name)
    return f"{x.em.const(view)}([1, None, {value}], 3)"  # (the list [value], made at once)


def _one_operation(x: Any, arg: Any) -> Any:
    """The one operation of a literal list (result_lists.lone_operation), or None."""
    if not (isinstance(arg, Const) and type(arg.value) is LogoList) or not arg.value:
        return None
    return lone_operation(x.c.parse(arg.value, x.em.current_line()))


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
