"""Template-based iteration (UCBLogo manual: TEMPLATE-BASED ITERATION):
``foreach map filter reduce find`` and friends, over lists and words.

As in UCBLogo's library, ``foreach map map.se filter find cascade transfer`` number their
steps for ``#`` (``I.template_number``; outside them ``#`` is REPCOUNT), and ``foreach
map map.se filter find`` keep their data for ``?rest`` (``I.template_lists``: the item
lists, the data, so a word's rest is a word).  ``reduce`` and ``crossmap`` number nothing.
"""

from __future__ import annotations

import math
from typing import Any

from ..language.errors import LogoError
from ..language.templates import slot
from ..language.values import LogoArray, LogoList, is_true, parse_number
from .coerce import bad, num, word
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
    for x in reversed(items):  # UCBLogo's COMBINE joins them from the end with WORD
        if isinstance(x, LogoList | LogoArray):
            raise LogoError("doesnt_like", who="word", what=x)
    return "".join(word(i) for i in items)


def _bind(I: Any, lists: Any) -> tuple[Any, Any]:
    """Start numbering steps for ``#`` (and, given ``lists``, ``?rest``): the old state."""
    d = I.__dict__
    old = (d.get("template_number"), d.get("template_lists"))
    d["template_lists"] = lists
    return old


def _unbind(I: Any, old: tuple[Any, Any]) -> None:
    I.template_number, I.template_lists = old


@primitive("#")
def template_number(I):
    """#
    Inside a template of FOREACH, MAP, MAP.SE, FILTER, FIND, CASCADE or TRANSFER: the
    number of the current step (1 for the first member).  Elsewhere it is REPCOUNT."""
    n = I.__dict__.get("template_number")
    return I.repcount if n is None else n


@primitive("?rest", min_inputs=0, max_inputs=1, inputs=0)
def template_rest(I, which=1):
    """?REST   or   (?REST n)
    Inside a template of FOREACH, MAP, MAP.SE, FILTER or FIND: the members of the
    (n-th) data input after the current one."""
    d = I.__dict__
    lists, n = d.get("template_lists"), d.get("template_number")
    if lists is None or n is None:
        raise LogoError("no_value", what="template.lists")
    columns, datas = lists
    k = which if type(which) is int else None
    if k is None or not 1 <= k <= len(columns):
        raise LogoError("doesnt_like", who="item", what=which)
    return _rebuild(datas[k - 1], columns[k - 1][n:])


def _first_of(x: Any) -> Any:
    if isinstance(x, LogoList) and len(x):
        return x.first()
    if isinstance(x, str | int | float) and word(x):
        return word(x)[0]
    raise LogoError("doesnt_like", who="first", what=x)


@primitive("?in")
def template_in(I):
    """?IN
    Inside a TRANSFER template: the member of the inbasket being moved (FIRST ?2)."""
    return _first_of(slot(I, 2))


@primitive("?out")
def template_out(I):
    """?OUT
    Inside a TRANSFER template: the outbasket so far (?1)."""
    return slot(I, 1)


@primitive("foreach", inputs=2, min_inputs=2)
def foreach(I, *inputs):
    """FOREACH data template   or   (FOREACH data1 data2 ... template)
    Runs the template for each member of data (? is the member, # its number,
    ?REST the members after it)."""
    *datas, template = inputs
    columns = [_items(d) for d in datas]
    n = min(len(c) for c in columns)
    old = _bind(I, (columns, datas))
    try:
        for i in range(n):
            I.template_number = i + 1
            if I.interrupt:
                I.check_interrupt()
            value = I.apply(template, [c[i] for c in columns])
            if value is not None:
                raise LogoError("dont_say", what=value)
        _check_lengths(columns, datas)
    finally:
        _unbind(I, old)


def _check_lengths(columns: list[list[Any]], datas: tuple[Any, ...] | list[Any]) -> None:
    """After the steps: a data input shorter than the first is an error, as in UCBLogo
    (whose library fails in FIRSTS); one longer than the first is cut short."""
    for column, data in zip(columns[1:], datas[1:]):
        if len(column) < len(columns[0]):
            raise LogoError("doesnt_like", what=data)


def _results(I: Any, template: Any, datas: tuple[Any, ...], who: str) -> list[Any]:
    """The template's output for each member (each step numbered for #)."""
    columns = [_items(d) for d in datas]
    n = min(len(c) for c in columns) if columns else 0
    out = []
    old = _bind(I, (columns, datas))
    try:
        for i in range(n):
            I.template_number = i + 1
            value = I.apply(template, [c[i] for c in columns])
            if value is None:
                raise LogoError("didnt_output", caller=who,
                                who=word(template) if isinstance(template, str)
                                else "template")
            out.append(value)
        _check_lengths(columns, datas)
    finally:
        _unbind(I, old)
    return out


@primitive("map", inputs=2, min_inputs=2)
def map_(I, template, *datas):
    """MAP template data   or   (MAP template data1 data2 ...)
    Outputs the results of the template for each member, as a list (or word)."""
    return _rebuild(datas[0], _results(I, template, datas, "map"))


@primitive("map.se", inputs=2, min_inputs=2)
def map_se(I, template, *datas):
    """MAP.SE template data
    Like MAP, but combines the results with SENTENCE."""
    out: list[Any] = []
    for value in _results(I, template, datas, "map.se"):
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


def _tests(I: Any, template: Any, data: Any, first_only: bool) -> list[Any]:
    """The members for which the template outputs TRUE (only the first one, if asked)."""
    items = _items(data)
    kept = []
    old = _bind(I, ([items], (data,)))
    try:
        for i, x in enumerate(items):
            I.template_number = i + 1
            if _truth_of(I.apply(template, [x]), template):
                kept.append(x)
                if first_only:
                    break
    finally:
        _unbind(I, old)
    return kept


@primitive("filter")
def filter_(I, template, data):
    """FILTER tftemplate data
    Outputs the members of data for which the template outputs TRUE."""
    return _rebuild(data, _tests(I, template, data, False))


@primitive("find")
def find(I, template, data):
    """FIND tftemplate data
    Outputs the first member of data for which the template outputs TRUE, or []."""
    found = _tests(I, template, data, True)
    return found[0] if found else LogoList()


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
    rest = [template, startvalue, *more]
    final = rest.pop() if len(rest) % 2 else LogoList(["?1"])
    templates, values = rest[0::2], rest[1::2]
    limit = None
    if type(endtest) in (int, float) or (type(endtest) is not LogoList
                                          and parse_number(word(endtest)) is not None):
        limit = num(endtest)
        if not 0 <= limit < math.inf:  # (NaN too): UCBLogo's library throws this one
            raise LogoError("user", what=LogoList(["cascade", "doesn't", "like", endtest,
                                                   "as", "input"]))
    old = _bind(I, None)
    try:
        step = 1
        while True:
            I.template_number = step
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
        _unbind(I, old)


@primitive("transfer")
def transfer(I, endtest, template, inbasket):
    """TRANSFER endtest template inbasket
    Moves the members of inbasket one by one into an outbasket (initially []): the
    template's output (?OUT is the outbasket, ?IN the member moved) is the new
    outbasket, until the inbasket is empty or the endtest (if not []) outputs TRUE."""
    out: Any = LogoList()
    test = endtest if not (isinstance(endtest, LogoList) and not len(endtest)) else None
    old = _bind(I, None)
    try:
        step = 1
        while True:
            I.template_number = step
            if not _nonempty(inbasket) or (test is not None and _truth_of(
                    I.apply(test, [out, inbasket]), test)):
                return out
            out, inbasket = I.apply(template, [out, inbasket]), _butfirst(inbasket)
            step += 1
    finally:
        _unbind(I, old)


def _nonempty(x: Any) -> bool:
    return len(x) > 0 if isinstance(x, LogoList) else word(x) != ""


def _butfirst(x: Any) -> Any:
    return x.butfirst() if isinstance(x, LogoList) else word(x)[1:]


@primitive("cascade.2", inputs=5, min_inputs=0)
def cascade_2(I, *inputs):
    """CASCADE.2 endtest template1 startvalue1 template2 startvalue2
    CASCADE with two templates and values by default (five inputs without parentheses)."""
    if not inputs:
        raise LogoError("not_enough_inputs", who="cascade")
    if len(inputs) < 3:
        raise LogoError("not_enough_inputs", who="cascade")
    return cascade(I, *inputs)
