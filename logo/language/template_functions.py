"""A template of one pure expression compiled once into a Python function of its inputs,
for the library's loops run in Python (library_loops: CASCADE, CROSSMAP).

``[?1 + ?2]``, ``[[x] :x * 3]``, ``[lput # ?]``: where invoke_forms.pure_template finds
the template one expression that reads only its slots (and ``#``, the step number,
where asked), the function ``step(I, V, n, a0, a1, ...)`` computes it with the inputs
as Python locals (``n`` the step number), by the code the template's list compiles to
but for those reads: the same values, the same complaints.  Such an expression changes
nothing and sees nothing else, so a loop that made such steps may be given up at any
point and made again by the Logo text (whatever went wrong is then raised by it, named
as always).  Kept per template list, count of inputs and generation of the definitions
(``I.lambda_cache``); none in the interpreting tier alone (``LOGO_TIERS=interpret``).
"""

from __future__ import annotations

from typing import Any

from .code_cache import compile_code
from .emitter import Emitter
from .values import LogoList

_NOT = object()  # a template that is no such expression


def step_function(I: Any, template: Any, count: int, numbered: bool) -> Any:
    """The function of ``template`` for ``count`` inputs (``#`` read where ``numbered``,
    else no such expression), or None."""
    if type(template) is not LogoList or I.tiers == "interpret":
        return None
    cache, key = I.lambda_cache, ("pure.step", id(template), count, numbered)
    hit = cache.get(key)
    gen = I.generation
    if hit is not None and hit[0] is template and hit[1] == gen:
        return None if hit[2] is _NOT else hit[2]
    fn = _made(I, template, count, numbered)
    if I.generation == gen:
        if len(cache) >= 256:
            cache.clear()
        cache[key] = (template, gen, _NOT if fn is None else fn)
    return fn


def _made(I: Any, template: LogoList, count: int, numbered: bool) -> Any:
    """Compile the function (None where the template is no such expression)."""
    from .compiler import Expressions  # lazy: the compiler imports this module's users
    from .invoke_forms import pure_template  # (and start-up: the compiler's modules)

    found = pure_template(I.compiler, template, count, 0, numbered)
    if found is None:
        return None
    formals, body = found
    em = Emitter(I, [template], "list")
    params = ["_n"] + [f"_a{k}" for k in range(count)]
    em.inputs = dict(zip(formals, params if numbered else params[1:]))
    try:
        value = Expressions(I.compiler, em).expr(body, "")
    except Exception:  # (the Logo text reports what is wrong with it)
        return None
    em.emit("#L0")
    em.emit(f"return {value}")
    source = f"def step(I, V, {', '.join(params)}):\n" + "\n".join(em.out) + "\n"
    try:
        code = compile_code(source, "<logo list>", I.sandbox is None)
    except (SyntaxError, RecursionError, MemoryError):
        return None
    namespace = I.compiler.namespace()
    namespace.update(em.globals)
    exec(code, namespace)
    return namespace["step"]
