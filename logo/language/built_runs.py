"""RUN of a list built where RUN stands: ``run (list "sum :a 3)``.

The statement or expression RUN of LIST, SENTENCE or FPUT (run_forms.built_run) gives
the builder's inputs to :func:`run_items`: the items the builder would make are keyed
as the list's would be (``tree_cache.list_key``), and where that shape's code is
compiled (shape_code.py keeps it in ``I.trees.shapes``) it is called with the items'
values, no list made; anything else is the list made and given to RUN's primitive.
"""

from __future__ import annotations

from typing import Any

from .errors import LogoError
from .runresult_parts import INTERNAL, failed, translated
from .tree_cache import list_key
from .values import LogoList


def not_compiled(I: Any, V: Any, values: Any) -> Any:  # (a shape that is not compiled)
    raise AssertionError


def run_items(I: Any, parts: tuple, splice: Any, build: Any, name: str, want_value: bool,
              run: Any) -> Any:
    """RUN of a list built where RUN stands from ``parts``, the inputs of ``build`` (LIST,
    SENTENCE or FPUT, as ``name`` was typed: run_forms.built_run): where the items ``splice(parts)`` gives are
    of a compiled shape, its code called with their values as ``Interpreter.run`` calls
    a list's code (its errors handled alike), no list made; else the list ``build``
    makes given to RUN's primitive ``run``, as before (its runs counted)."""
    if I.tiers == "auto" and I.recover is None and I.debugger is None and \
            (items := splice(parts)) is not None:
        cache = I.trees
        cache.valid(I)
        key, values = list_key(items)
        code = cache.shapes.get((key, 0, "list" if want_value else "cmd")) \
            if key is not None else None
        if code is not None and type(code) is not int and code is not not_compiled:
            try:
                return code(I, I.vars, values)
            except LogoError as err:
                failed(I, err)
                raise
            except INTERNAL as err:
                raise translated(I, err) from None
    try:
        lst = build(*parts)
    except LogoError as err:  # (as the builder's own call site names it)
        if err.who is None:
            err.who = name
        raise
    return run(I, lst, want_value=want_value)


def list_items(parts: tuple) -> Any:
    """The items LIST makes of its inputs."""
    return parts


def sentence_items(parts: tuple) -> list[Any] | None:
    """The items SENTENCE makes of words, numbers and lists (None: anything else)."""
    items: list[Any] = []
    for p in parts:
        t = type(p)
        if t is LogoList:
            items += p.items()
        elif t is str or t is int or t is float:
            items.append(p)
        else:
            return None
    return items


def fput_items(parts: tuple) -> list[Any] | None:
    """The items FPUT makes of a thing and a list (None: a word)."""
    thing, lst = parts
    return [thing, *lst.items()] if type(lst) is LogoList else None
