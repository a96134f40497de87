"""Template-based iteration (UCBLogo manual: TEMPLATE-BASED ITERATION):
``foreach map filter reduce find`` and friends, over lists and words."""

from __future__ import annotations

import math
from typing import Any

from ..errors import LogoError
from ..values import LogoArray, LogoList, is_true
from .coerce import bad, word
from .registry import primitive


def _items(data: Any) -> list[Any]:
    if isinstance(data, LogoList):
        return data.items()
    if isinstance(data, LogoArray):
        return list(data.items)
    return list(word(data))


def _rebuild(like: Any, items: list[Any]) -> Any:
    if isinstance(like, LogoList) or isinstance(like, LogoArray):
        return LogoList(items)
    return "".join(word(i) for i in items)


@primitive("foreach", inputs=2, min_inputs=2)
def foreach(I, *inputs):
    """FOREACH data template   or   (FOREACH data1 data2 ... template)
    Runs the template for each member of data (? is the member, # its number)."""
    *datas, template = inputs
    columns = [_items(d) for d in datas]
    n = min(len(c) for c in columns)
    old = I.repcount
    try:
        for i in range(n):
            I.repcount = i + 1
            if I.interrupt:
                I.check_interrupt()
            value = I.apply(template, [c[i] for c in columns])
            if value is not None:
                raise LogoError("dont_say", what=value)
    finally:
        I.repcount = old


@primitive("map", inputs=2, min_inputs=2)
def map_(I, template, *datas):
    """MAP template data   or   (MAP template data1 data2 ...)
    Outputs the results of the template for each member, as a list (or word)."""
    columns = [_items(d) for d in datas]
    n = min(len(c) for c in columns) if columns else 0
    out = []
    for i in range(n):
        I.repcount = i + 1
        value = I.apply(template, [c[i] for c in columns])
        if value is None:
            raise LogoError("didnt_output", who=word(template) if isinstance(template, str)
                            else "template", caller="map")
        out.append(value)
    return _rebuild(datas[0], out)


@primitive("map.se", inputs=2, min_inputs=2)
def map_se(I, template, *datas):
    """MAP.SE template data
    Like MAP, but combines the results with SENTENCE."""
    out: list[Any] = []
    for value in map_(I, template, *[LogoList(_items(d)) for d in datas]):
        if isinstance(value, LogoList):
            out.extend(value.items())
        else:
            out.append(value)
    return LogoList(out)


def _truth_of(value: Any, template: Any) -> bool:
    b = is_true(value) if value is not None else None
    if b is None:
        raise bad(value)
    return b


@primitive("filter")
def filter_(I, template, data):
    """FILTER tftemplate data
    Outputs the members of data for which the template outputs TRUE."""
    kept = [x for x in _items(data) if _truth_of(I.apply(template, [x]), template)]
    return _rebuild(data, kept)


@primitive("find")
def find(I, template, data):
    """FIND tftemplate data
    Outputs the first member of data for which the template outputs TRUE, or []."""
    for x in _items(data):
        if _truth_of(I.apply(template, [x]), template):
            return x
    return LogoList()


@primitive("reduce")
def reduce(I, template, data):
    """REDUCE template data
    Combines the members of data with the two-input template, from the right."""
    items = _items(data)
    if not items:  # UCBLogo's library REDUCE starts with EMPTYP BF
        raise LogoError("doesnt_like", who="bf", what=data)
    acc = items[-1]
    for x in reversed(items[:-1]):
        acc = I.apply(template, [x, acc])
    return acc


@primitive("crossmap", inputs=2, min_inputs=2)
def crossmap(I, template, *datas):
    """CROSSMAP template listlist
    Outputs the template's results for every combination of members."""
    lists = [_items(d) for d in datas]
    if len(lists) == 1:
        lists = [_items(x) for x in lists[0]]
    combos: list[list[Any]] = [[]]
    for column in lists:
        combos = [c + [x] for c in combos for x in column]
    return LogoList([I.apply(template, c) for c in combos])


@primitive("cascade", inputs=3, min_inputs=3)
def cascade(I, endtest, template, startvalue, *more):
    """CASCADE endtest template startvalue
    (CASCADE endtest template1 startvalue1 template2 startvalue2 ... finaltemplate)
    Applies the template to the value repeatedly: endtest times if a number, else
    until the endtest template outputs TRUE (# is the step number).  With several
    templates, each step applies every template to all the values (?1 ?2 ...) and the
    finaltemplate (default [?1]) gives the output."""
    from .coerce import num

    rest = [template, startvalue, *more]
    final = rest.pop() if len(rest) % 2 else LogoList(["?1"])
    templates, values = rest[0::2], rest[1::2]
    limit = None
    if type(endtest) is not LogoList:
        limit = num(endtest)
        if not 0 <= limit < math.inf:  # (NaN too)
            raise bad(endtest)
    old = I.repcount
    try:
        step = 1
        while True:
            I.repcount = step
            if I.interrupt:  # the templates may be too small to look at the Stop button
                I.check_interrupt()
            if limit is not None:
                if step > limit:
                    break
            elif _truth_of(I.apply(endtest, values), endtest):
                break
            values = [I.apply(t, values) for t in templates]
            step += 1
        return I.apply(final, values)
    finally:
        I.repcount = old


@primitive("transfer")
def transfer(I, endtest, template, inbasket):
    """TRANSFER endtest template inbasket
    Moves members of inbasket to an outbasket (?out, ?in) with the template."""
    out: Any = LogoList()
    items = _items(inbasket)
    for x in items:
        if isinstance(endtest, LogoList) and len(endtest) and _truth_of(
                I.apply(endtest, [out, x]), endtest):
            break
        out = I.apply(template, [out, x])
    return out
