"""CASCADE and CROSSMAP (``stdlib/control.lgo``) as Python loops where nothing could tell.

Their Logo text is a recursion of helper procedures through APPLY, FPUT, SENTENCE and
LIST: ``cascade 100 [? + 2] 0`` is a hundred calls of CASCADE.LOOP and as many of
CASCADE.STEP, each applying a template.  Where every template is one pure expression
(template_functions: it reads only its slots, and for CASCADE ``#``, and changes
nothing), the same values come from a loop over the templates' compiled functions:

- CASCADE: the endtest a count (whole or not, from 0 and under 1e308, as CASCADE.CHECK
  lets it) or such a template outputting TRUE or FALSE; each step applies every
  template to the values (``#`` the step's number, from 1); the final template (by
  default ``[?1]``) gives the output;
- CROSSMAP: lists of data (the one list of lists, or several); the template applied to
  every combination of members, the last data's changing fastest.

Anything else gives the work back to the Logo text, run from the start as if the loop
had not been made: a template of another kind or of other slots, a value that is no
TRUE or FALSE for the endtest, anything raised (a complaint is then the Logo text's,
named as always), Stop or a process's turn pending (``I.interrupt``), a debugger
attached, a stack with too little room for the text's own calls.  Nothing the loop did
can be seen (its steps change nothing), so running the text then is running it alone.

The loop runs only for the library's own CASCADE or CROSSMAP (library_checks.as_library:
untraced, no ERRACT recovery being compiled), while none of the procedures their text
calls is one the user defined (REDEFP, or a helper of the same name).
"""

from __future__ import annotations

from itertools import product
from typing import Any

from .procedures import Procedure
from .template_functions import step_function
from .values import FALSE, TRUE, LogoList

CASCADE_CALLS = (
    "localmake", "equalp", "remainder", "count", "make", "last", "butlast", "numberp",
    "or", "not", "throw", "list", "output", "emptyp", "butfirst", "fput", "first", "if",
    "apply", "lessp", "greaterp", "sum", "cascade.check", "cascade.alternate",
    "cascade.loop", "cascade.step")
CROSSMAP_CALLS = ("if", "emptyp", "butfirst", "make", "first", "output", "list", "apply",
                  "lput", "sentence", "crossmap.from", "crossmap.each")
_LIMIT = 1e308  # a count CASCADE.CHECK lets through is under this
_ROOM = 8  # frames the texts need besides their recursions'


def loop_body(I: Any, proc: Procedure, logo_code: Any) -> Any:
    """The body of CASCADE or CROSSMAP (``code(I, V)``): the loop, else ``logo_code()``'s
    (the Logo text's code, made at its first need) — or None where the text must run."""
    name = proc.name
    loop, calls = (_cascade, CASCADE_CALLS) if name == "cascade" else (_crossmap, CROSSMAP_CALLS)
    library = I.workspace.library
    if proc.fixed is not None or any(n in I.procedures and n not in library for n in calls):
        return None
    first, rest = proc.required[0], proc.rest
    held: list[Any] = []

    def code(I: Any, V: dict) -> Any:
        if I.debugger is None and not I.interrupt:
            value = loop(I, V, V[first], V[rest])
            if value is not None:
                return value
        if not held:
            held.append(logo_code())
        return held[0](I, V)

    return code


def _cascade(I: Any, V: dict, test: Any, inputs: Any) -> Any:
    """CASCADE's output by the loop, or None where the Logo text must make it."""
    if type(inputs) is not LogoList:
        return None
    items = inputs.items()
    final = items.pop() if len(items) % 2 else None
    templates, values = items[0::2], items[1::2]
    n = len(values)
    if not n or len(I.frames) + n + _ROOM >= I.max_depth:
        return None
    steps = [step_function(I, t, n, True) for t in templates]
    last = step_function(I, final, n, True) if final is not None else None
    count = type(test) in (int, float)
    check: Any = None if count else step_function(I, test, n, True)
    if None in steps or (final is not None and last is None) or (
            check is None if not count else not 0 <= test < _LIMIT):
        return None
    number = 1
    try:
        while True:
            if count:
                if number > test:
                    break
            elif (done := check(I, V, number, *values)) is not FALSE:
                if done is TRUE:
                    break
                return None
            if I.interrupt:
                return None
            values = [step(I, V, number, *values) for step in steps]
            if None in values:
                return None
            number += 1
        return values[0] if last is None else last(I, V, number, *values)
    except Exception:  # (made again by the Logo text, which raises it as always)
        return None


def _crossmap(I: Any, V: dict, template: Any, inputs: Any) -> Any:
    """CROSSMAP's output by the loop, or None where the Logo text must make it."""
    if type(inputs) is not LogoList or not inputs:
        return None
    datas = inputs.items()
    if len(datas) == 1:  # (the one list of the data lists)
        if type(datas[0]) is not LogoList:
            return None
        datas = datas[0].items()
    if any(type(d) is not LogoList for d in datas):
        return None
    members = [d.items() for d in datas]
    if len(I.frames) + sum(map(len, members)) + 2 * len(members) + _ROOM >= I.max_depth:
        return None
    step = step_function(I, template, len(members), False)
    if step is None:
        return None
    out: list[Any] = []
    add = out.append
    try:
        for row in product(*members):
            if I.interrupt:
                return None
            add(step(I, V, 0, *row))
    except Exception:  # (made again by the Logo text, which raises it as always)
        return None
    return LogoList(out)
