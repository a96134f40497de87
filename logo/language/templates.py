"""Templates: how ``apply``, ``invoke``, ``foreach``, ``map`` ... call what they are given.

A template is a procedure name (``"sum``), an explicit-slot list (``[? * ?]``, ``?1 ?2``
for several inputs), a named-slot list (``[[x y] :x * :y]``) or procedure text
(``[[x] [print :x] [output :x]]``).  Slot values live on ``I.slots`` for ``?``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import runtime
from .errors import LogoError
from .procedures import Procedure, make_procedure
from .values import LogoList, print_form


def apply_template(I: Any, template: Any, args: list[Any]) -> Any:
    """Call ``template`` with ``args``; its output, or None."""
    if isinstance(template, LogoList):
        if template and isinstance(template.first(), LogoList):
            return _named(I, template, args)
        return _explicit(I, template, args)
    if isinstance(template, str):
        return runtime.call_named(I, template, args)
    raise LogoError("apply_bad", what=template)


def prepare(I: Any, template: Any) -> Callable[[list[Any]], Any]:
    """A function that applies ``template`` to a list of inputs as :func:`apply_template`
    does (``I.apply``), with what can be found once found once: MAP, FILTER and FOREACH
    apply one template to every member.  A definition made meanwhile sends it back to
    ``I.apply``."""
    gen, V = I.generation, I.vars
    if type(template) is LogoList and template and type(template.first()) is not LogoList:
        code, slots = I._list_code(template, True), I.slots

        def explicit(args: list[Any]) -> Any:
            if I.interrupt or I.generation != gen:
                return I.apply(template, args)
            slots.append(args)
            try:
                return code(I, V)
            except LogoError as err:
                I.locate_error(err, None, err.__traceback__)
                raise
            except (KeyError, RecursionError, MemoryError, OSError) as err:
                raise I.translate_internal(err, None) from None
            finally:
                slots.pop()

        return explicit
    target = I.resolve(template.lower()) if type(template) is str else None
    if type(target) is Procedure and not target.macro and not target.optional \
            and not target.rest:
        n = len(target.required)

        def named(args: list[Any]) -> Any:
            if I.interrupt or I.generation != gen or len(args) != n:
                return I.apply(template, args)
            return runtime.call_proc(I, target, tuple(args))

        return named
    return lambda args: I.apply(template, args)


def _explicit(I: Any, template: LogoList, args: list[Any]) -> Any:
    slots = I.slots
    slots.append(args)
    try:
        return I.run(template)
    finally:
        slots.pop()


def _named(I: Any, template: LogoList, args: list[Any]) -> Any:
    rest = template.butfirst()
    if len(rest) and all(isinstance(x, LogoList) for x in rest):  # procedure text
        proc = _lambda_procedure(I, template)
        if len(args) < proc.min_inputs:
            raise LogoError("not_enough_inputs", who="apply")
        if 0 <= proc.max_inputs < len(args):
            raise LogoError("too_many_inputs", who="apply")
        return runtime.call_proc(I, proc, tuple(args))
    formals = [str(x).lstrip(":").lower() for x in template.first()]
    if len(args) != len(formals):  # as UCBLogo: the template names itself, or the extra
        if len(args) < len(formals):
            raise LogoError("not_enough_inputs", who=print_form(template))
        raise LogoError("dont_say", what=args[len(formals)])
    saved: dict[str, Any] = {}
    V = I.vars
    for name, val in zip(formals, args):
        saved[name] = V.get(name, runtime.UNBOUND)
        V[name] = val
    try:
        return I.run(rest)
    finally:
        runtime.restore(V, saved)


def _lambda_procedure(I: Any, template: LogoList) -> Procedure:
    cache = I.lambda_cache
    key = id(template)
    hit = cache.get(key)
    if hit is not None and hit[0] is template:
        return hit[1]
    title = ["template", *template.first()]  # inputs as DEFINE takes them: [x [y 5]]
    proc = make_procedure(title, list(template.butfirst()), who="apply", literal=True)
    cache[key] = (template, proc)
    return proc


def slot(I: Any, n: int = 1) -> Any:
    """The value of slot ``n`` of the innermost explicit-slot template."""
    slots = getattr(I, "slots", None)
    args = slots[-1] if slots else ()
    if not 1 <= n <= len(args):
        raise LogoError("doesnt_like_unrec", who="?", what=n)
    return args[n - 1]
