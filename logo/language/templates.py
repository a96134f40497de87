"""Templates: how ``apply``, ``invoke``, ``foreach``, ``map`` ... call what they are given.

A template is a procedure name (``"sum``), an explicit-slot list (``[? * ?]``, ``?1 ?2``
for several inputs), a named-slot list (``[[x y] :x * :y]``) or procedure text
(``[[x] [print :x] [output :x]]``).  Slot values live on ``I.slots`` for ``?``.

Two ways in.  :func:`apply_template` applies a template once (APPLY, and through it
INVOKE, REDUCE, CASCADE ... of the library, written in Logo).  :func:`apply_rows`
applies one template to every row of inputs (FOREACH, MAP, MAP.SE, FILTER, FIND), and
finds once what the template is: an explicit-slot list's code is run in a loop of its
own, a procedure's name becomes a direct call of the procedure or primitive, a named-slot
list is parsed once into its formals and body (:func:`prepare`).  Either way the same
checks and messages: a step goes back to :func:`apply_template` whenever its shortcut
does not hold (Stop or a time limit pending, a definition made meanwhile, a count of
inputs the shortcut was not made for).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from . import call_sites, runtime
from .errors import LogoError
from .interpreting import HOT_RUNS, TreeCode
from .procedures import Procedure, make_procedure
from .values import LogoList, print_form

Step = Callable[[Any], Any]  # applies a template to a list (or tuple) of inputs
Use = Callable[[Any, tuple], bool]  # told an output and its inputs: go on?
NUMBER = "template.number"  # the step number # outputs (as UCBLogo's library names it)
CACHE_SIZE = 256  # templates kept parsed or resolved (I.lambda_cache), the latest ones
_INTERNAL = (KeyError, RecursionError, MemoryError, OSError)  # top_level.translate's


def apply_template(I: Any, template: Any, args: Sequence[Any]) -> Any:
    """Call ``template`` with ``args``; its output, or None.  Each application is a
    point where the program may be stopped, however little the template does."""
    if I.interrupt:
        I.check_interrupt()
    if isinstance(template, str):
        hit = I.lambda_cache.get(template)  # (what the name means is kept while no
        if hit is None or hit[0] != I.generation:  # definition changes, as compiled call
            hit = _resolve(I, template)  # sites keep it)
        target = hit[1]
        if type(target) is Procedure:
            fixed, call = target.fixed, hit[2]  # (the caller of a compiled call site of
            if fixed is not None and len(args) == len(fixed) and not target.macro:  # as
                if call is not None:  # many inputs: none past call_sites.MAX_INPUTS)
                    return call(I, target, *args)
                return runtime.call_proc(I, target, tuple(args))
        elif target is not None and getattr(target, "name", None) not in ("to", ".macro") \
                and target.min_inputs <= len(args) and not 0 <= target.max_inputs < len(args):
            return _call_primitive(target, template, args, I)
        return runtime.call_named(I, template, list(args))  # (its checks and messages)
    if isinstance(template, LogoList):
        if template and isinstance(template.first(), LogoList):
            return _named(I, template, args)
        slots = I.slots  # an explicit-slot template: run as RUN runs it, ? its inputs
        slots.append(args)
        try:
            return I.run(template)
        finally:
            slots.pop()
    raise LogoError("apply_bad", what=template)


def _resolve(I: Any, name: str) -> tuple[int, Any, Any]:
    """What the template ``name`` calls now, kept for the next APPLY of it:
    ``(generation, target, caller)``, the caller for a procedure of fixed inputs the
    one a compiled call site of as many inputs calls (None: runtime.call_proc's)."""
    target = I.resolve(name.lower())
    call = None
    if type(target) is Procedure and target.fixed is not None and not target.macro:
        call = call_sites.caller(len(target.fixed))
        if call_sites.takes_tuple(call):
            call = None
    found = (I.generation, target, call)  # (the generation after any autoload)
    if target is not None:
        cache = I.lambda_cache
        if len(cache) >= CACHE_SIZE:
            cache.clear()
        cache[name] = found
    return found


def primitive_of(I: Any, name: str) -> Any:
    """The primitive the template ``name`` calls now (as :func:`apply_template` finds
    it, its finding kept alike), or None: a procedure, a name that means nothing,
    TO or .MACRO."""
    hit = I.lambda_cache.get(name)
    if hit is None or hit[0] != I.generation:
        hit = _resolve(I, name)
    target = hit[1]
    if target is None or type(target) is Procedure or getattr(
            target, "name", None) in ("to", ".macro"):
        return None
    return target


def _call_primitive(target: Any, name: str, args: Any, I: Any) -> Any:
    """A primitive applied (its inputs counted), as runtime.call_named calls it: a
    complaint of the primitive names it, not APPLY or MAP."""
    if target.needs_interp:
        return target.fn(I, *args)
    try:
        return target.fn(*args)
    except LogoError as err:
        if err.who is None:
            err.who = name
        raise


def prepare(I: Any, template: Any) -> Step:
    """A function that applies ``template`` to a list of inputs as :func:`apply_template`
    does, with what can be found once found once (an explicit-slot list is run by
    :func:`apply_rows` itself)."""
    if type(template) is LogoList and template and type(template.first()) is LogoList:
        return _lambda_step(I, template)
    target = I.resolve(template.lower()) if isinstance(template, str) else None
    if type(target) is Procedure:
        if target.fixed is not None and not target.macro:
            return _procedure_step(I, template, target)
    elif target is not None and getattr(target, "name", None) not in ("to", ".macro"):
        return _primitive_step(I, template, target)
    return lambda args: apply_template(I, template, args)


def stepper(I: Any, template: Any) -> Step:
    """:func:`prepare`, with an explicit-slot list's step too (REDUCE's steps): its
    code run with its inputs on ``I.slots``, as RUN runs it for :func:`apply_template`
    (the code of its first runs a tree, then the compiled code in the list's cache)."""
    if type(template) is not LogoList or not template or type(template.first()) is LogoList:
        return prepare(I, template)
    gen, V, slots, list_code = I.generation, I.vars, I.slots, I._list_code
    held: list[Any] = [None]  # the code, once it is what the list keeps

    def explicit(args: Sequence[Any]) -> Any:
        if I.interrupt or I.generation != gen:
            return apply_template(I, template, args)
        code = held[0]
        if code is None:
            code = list_code(template, True)
            if type(code) is not TreeCode or code.runs > HOT_RUNS:
                held[0] = code
        slots.append(args)
        try:
            return code(I, V)
        except LogoError as err:
            I.locate_error(err, None, err.__traceback__)
            if "erract" in V:
                I.erract(err)
            raise
        except _INTERNAL as err:
            raise I.translate_internal(err, None) from None
        finally:
            slots.pop()

    return explicit


def apply_rows(I: Any, template: Any, rows: Iterable[tuple], use: Use,
               want: bool = True) -> None:
    """Apply ``template`` to each row of inputs in turn (FOREACH, MAP, FILTER, FIND),
    numbering the steps for ``#`` (the variable :data:`NUMBER`); ``use(value, row)`` is
    given each output (None for none) and says whether to go on.  ``want`` False: a
    list of instructions with slots runs as a command (FOREACH's: a value left by its
    last instruction is the error RUN's list would make of it)."""
    if type(template) is LogoList and template and type(template.first()) is not LogoList:
        _explicit_rows(I, template, rows, use, want)
        return
    V = I.vars  # what the template is, found once: a list with slots at its first step
    step = None if type(template) is LogoList else prepare(I, template)  # (nothing of it
    for i, row in enumerate(rows, 1):  # is parsed for no data, as APPLY would not be run)
        V[NUMBER] = i
        if step is None:
            step = prepare(I, template)
        if not use(step(row), row):
            break


def _explicit_rows(I: Any, template: LogoList, rows: Iterable[tuple], use: Use,
                   want: bool) -> None:
    """:func:`apply_rows` for ``[? * ?]``: its code run for each row as RUN runs it (the
    code of its first runs is a tree, interpreting.TreeCode, compiled once hot: then the
    compiled code is taken from the list's cache).  One entry of ``I.slots`` serves all
    the rows; it is off the stack while anything but the template's code could run Logo
    (a step given back to :func:`apply_template`)."""
    gen, V, slots = I.generation, I.vars, I.slots
    code = I._list_code(template, want)
    tree = type(code) is TreeCode
    slots.append(())
    try:
        for i, row in enumerate(rows, 1):
            V[NUMBER] = i
            if I.interrupt or I.generation != gen:
                slots.pop()
                try:
                    value = apply_template(I, template, row)
                finally:
                    slots.append(())
            else:
                if tree:  # (until it is compiled, or plainly never will be: LOGO_TIERS)
                    code = I._list_code(template, want)
                    tree = type(code) is TreeCode and code.runs <= HOT_RUNS
                slots[-1] = row
                try:
                    value = code(I, V)
                except LogoError as err:
                    I.locate_error(err, None, err.__traceback__)
                    raise
                except _INTERNAL as err:
                    raise I.translate_internal(err, None) from None
            if not use(value, row):
                break
    finally:
        slots.pop()


def procedure_of(I: Any, name: str) -> Procedure | None:
    """The procedure the template ``name`` calls now (as :func:`apply_template` finds
    it), or None."""
    hit = I.lambda_cache.get(name)
    if hit is None or hit[0] != I.generation:
        hit = _resolve(I, name)
    return hit[1] if type(hit[1]) is Procedure else None


def _procedure_step(I: Any, template: str, target: Procedure) -> Step:
    """``"cube``: the procedure called directly, while it is the definition, by the
    caller a compiled call site of as many inputs calls (call_sites), or by its own
    entry where it is direct (as a compiled site bound to it calls it: direct_entry)."""
    gen, n = I.generation, len(target.fixed or ())
    call = call_sites.caller(n)  # (what a compiled call site of n inputs calls)
    spread = not call_sites.takes_tuple(call)
    entry = spread and n > 0

    def named(args: Sequence[Any]) -> Any:
        if I.interrupt or I.generation != gen or len(args) != n:
            return apply_template(I, template, args)
        if entry and target.fast == gen:
            return target.direct(I, target, *args)
        return call(I, target, *args) if spread else call(I, target, tuple(args))

    return named


def _primitive_step(I: Any, template: str, target: Any) -> Step:
    """``"sum``: the primitive called directly, with runtime.call_named's checks and
    naming (a complaint of the primitive names it, not MAP)."""
    gen, fn, low, high = I.generation, target.fn, target.min_inputs, target.max_inputs
    with_interp = target.needs_interp

    def primitive(args: Sequence[Any]) -> Any:
        if I.interrupt or I.generation != gen or len(args) < low or 0 <= high < len(args):
            return apply_template(I, template, args)
        if with_interp:
            return fn(I, *args)
        try:
            return fn(*args)
        except LogoError as err:
            if err.who is None:
                err.who = template
            raise

    return primitive


def _lambda_step(I: Any, template: LogoList) -> Step:
    """``[[x] :x * :x]`` or ``[[x] [output :x * :x]]``: parsed once (:func:`_lambda`)."""
    gen, V = I.generation, I.vars
    kind, formals, body = _lambda(I, template)

    def procedure_text(args: Sequence[Any]) -> Any:
        if I.interrupt or I.generation != gen:
            return apply_template(I, template, args)
        return _call_text(I, body, args)

    def named_slots(args: Sequence[Any]) -> Any:
        if I.interrupt or I.generation != gen or len(args) != len(formals):
            return apply_template(I, template, args)
        saved = _bind_formals(V, formals, args)
        try:
            return I.run(body)
        finally:
            runtime.restore(V, saved)

    name = formals[0] if len(formals) == 1 else ""

    def single(args: Sequence[Any]) -> Any:  # (the usual [[x] ...]: no loops)
        if I.interrupt or I.generation != gen or len(args) != 1:
            return apply_template(I, template, args)
        return one_slot(I, V, name, args[0], body)

    if kind == "text":
        return procedure_text
    return single if len(formals) == 1 else named_slots


def _named(I: Any, template: LogoList, args: Sequence[Any]) -> Any:
    hit = I.lambda_cache.get(id(template))  # (_lambda's cache, looked at here first)
    kind, formals, body = hit[1] if hit is not None and hit[0] is template else (
        _lambda(I, template))
    if kind == "text":
        return _call_text(I, body, args)
    if len(formals) == 1 and len(args) == 1:  # the usual [[x] ...]: as _bind_formals
        return one_slot(I, I.vars, formals[0], args[0], body)
    if len(args) != len(formals):  # as UCBLogo: the template names itself, or the extra
        if len(args) < len(formals):
            raise LogoError("not_enough_inputs", who=print_form(template))
        raise LogoError("dont_say", what=args[len(formals)])
    V = I.vars
    saved = _bind_formals(V, formals, args)
    try:
        return I.run(body)
    finally:
        runtime.restore(V, saved)


def one_slot(I: Any, V: dict, name: str, value: Any, body: LogoList) -> Any:
    """``[[x] ...]`` applied to one input: ``x`` bound, the body run as RUN runs it for
    its value (its kept code called at once when it has some), ``x`` put back."""
    old = V.get(name, runtime.UNBOUND)
    V[name] = value
    try:
        cache = body.compiled
        code = cache[1] if cache[2] == I.generation else None
        if code is None:
            return I.run(body)
        try:
            return code(I, V)
        except LogoError as err:  # (as Interpreter.run takes them)
            I.locate_error(err, None, err.__traceback__)
            if "erract" in V:
                I.erract(err)
            raise
        except _INTERNAL as err:
            raise I.translate_internal(err, None) from None
    finally:
        if old is runtime.UNBOUND:
            V.pop(name, None)
        else:
            V[name] = old


def _call_text(I: Any, proc: Procedure, args: Sequence[Any]) -> Any:
    """Procedure text applied: its inputs counted as APPLY counts them."""
    if len(args) < proc.min_inputs:
        raise LogoError("not_enough_inputs", who="apply")
    if 0 <= proc.max_inputs < len(args):
        raise LogoError("too_many_inputs", who="apply")
    return runtime.call_proc(I, proc, tuple(args))


def _bind_formals(V: dict, formals: list[str], args: Sequence[Any]) -> dict[str, Any]:
    """A named-slot template's inputs set; the values they hide."""
    saved: dict[str, Any] = {}
    for name, val in zip(formals, args):
        saved[name] = V.get(name, runtime.UNBOUND)
        V[name] = val
    return saved


def _lambda(I: Any, template: LogoList) -> tuple[str, list[str], Any]:
    """What a template whose first member is a list is, found once per template list
    (the list itself is the key: like its compiled code, what was parsed stays):
    ``("text", [], procedure)`` for procedure text, else ``("slots", formals, body)``,
    the body one list kept, so that its code is compiled once too."""
    cache = I.lambda_cache
    hit = cache.get(id(template))
    if hit is not None and hit[0] is template:
        return hit[1]
    rest = template.butfirst()
    if len(rest) and all(isinstance(x, LogoList) for x in rest):  # procedure text
        title = ["template", *template.first()]  # inputs as DEFINE takes them: [x [y 5]]
        proc = make_procedure(title, list(rest), who="apply", literal=True)
        found: tuple[str, list[str], Any] = ("text", [], proc)
    else:
        found = ("slots", [str(x).lstrip(":").lower() for x in template.first()], rest)
    if len(cache) >= CACHE_SIZE:  # (a program that builds templates keeps no pile)
        cache.clear()
    cache[id(template)] = (template, found)
    return found


def slot(I: Any, n: int = 1) -> Any:
    """The value of slot ``n`` of the innermost explicit-slot template."""
    slots = getattr(I, "slots", None)
    args = slots[-1] if slots else ()
    if not 1 <= n <= len(args):
        raise LogoError("doesnt_like_unrec", who="?", what=n)
    return args[n - 1]
