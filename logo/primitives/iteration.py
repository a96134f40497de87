"""Template-based iteration (UCBLogo manual: TEMPLATE-BASED ITERATION):
``foreach map filter reduce find`` and friends, over lists and words.

As in UCBLogo's library, ``foreach map map.se filter find`` number their steps for ``#``
(the variable ``template.number``, as ``cascade`` and ``transfer`` of stdlib/control.lgo
do; outside them ``#`` is REPCOUNT), and keep their data for ``?rest``
(``I.template_lists``: the item lists, the data, so a word's rest is a word).
"""

from __future__ import annotations

from typing import Any

from ..language.errors import LogoError
from ..language.templates import NUMBER, apply_rows, slot
from ..language.values import FALSE, TRUE, LogoArray, LogoList, is_true
from .coerce import bad, index, word
from .registry import primitive


def _items(data: Any) -> list[Any]:
    if isinstance(data, LogoList):
        return data.items()
    if isinstance(data, LogoArray):
        return list(data.items)
    return list(word(data))


def rebuild(like: Any, items: list[Any]) -> Any:
    """MAP's and FILTER's output of ``items`` for data ``like``: a list, or for a word a
    word (a list or array among the items: WORD's complaint)."""
    if isinstance(like, (LogoList, LogoArray)):
        return LogoList(items)
    for x in reversed(items):  # UCBLogo's COMBINE joins them from the end with WORD
        if isinstance(x, LogoList | LogoArray):
            raise LogoError("doesnt_like", who="word", what=x)
    return "".join(word(i) for i in items)


_UNSET = object()


def _bind(I: Any, lists: Any) -> tuple[Any, Any]:
    """Start numbering steps for ``#`` (the variable ``template.number``, as the library
    procedures written in Logo number theirs) and, given ``lists``, keep the data for
    ``?rest``: the old state."""
    old = (I.vars.get(NUMBER, _UNSET), I.template_lists)
    I.template_lists = lists
    return old


def _unbind(I: Any, old: tuple[Any, Any]) -> None:
    number, I.template_lists = old
    if number is _UNSET:
        I.vars.pop(NUMBER, None)
    else:
        I.vars[NUMBER] = number


@primitive("#")
def template_number(I):
    """#
    Inside a template of FOREACH, MAP, MAP.SE, FILTER, FIND, CASCADE or TRANSFER: the
    number of the current step (1 for the first member).  Elsewhere it is REPCOUNT."""
    n = I.vars.get(NUMBER)
    return I.repcount if n is None else n


@primitive("?rest", min_inputs=0, max_inputs=1, inputs=0)
def template_rest(I, which=1):
    """?REST   or   (?REST n)
    Inside a template of FOREACH, MAP, MAP.SE, FILTER or FIND: the members of the
    (n-th) data input after the current one."""
    lists, n = I.template_lists, I.vars.get(NUMBER)
    if lists is None or n is None:
        raise LogoError("no_value", what="template.lists")
    columns, datas = lists
    try:
        k = index(which)  # (UCBLogo's ?REST is ITEM :which of the lists: ITEM's errors)
    except LogoError as err:
        err.who = "item"
        raise
    if not 1 <= k <= len(columns):
        raise LogoError("doesnt_like_unrec", who="item", what=k)
    return rebuild(datas[k - 1], columns[k - 1][n:])


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
    old = _bind(I, (columns, datas))

    def use(value: Any, row: tuple) -> bool:
        if value is not None:
            raise LogoError("dont_say", what=value)
        return True

    try:
        apply_rows(I, template, zip(*columns), use, False)  # (rows as tuples: slots
        # take them; a list's value is the error its instructions make of it)
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
    out: list[Any] = []
    append = out.append
    old = _bind(I, (columns, datas))

    def use(value: Any, row: tuple) -> bool:
        if value is None:
            raise LogoError("didnt_output", caller=who,
                            who=word(template) if isinstance(template, str) else "template")
        append(value)
        return True

    try:
        apply_rows(I, template, zip(*columns), use)
        _check_lengths(columns, datas)
    finally:
        _unbind(I, old)
    return out


@primitive("map", inputs=2, min_inputs=2)
def map_(I, template, *datas):
    """MAP template data   or   (MAP template data1 data2 ...)
    Outputs the results of the template for each member, as a list (or word)."""
    return rebuild(datas[0], _results(I, template, datas, "map"))


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


def truth_of(value: Any, template: Any) -> bool:
    """A FILTER or FIND step's value read as TRUE or FALSE (anything else: the
    primitive's "doesn't like")."""
    b = is_true(value) if value is not None else None
    if b is None:
        raise bad(value)
    return b


def _tests(I: Any, template: Any, data: Any, first_only: bool) -> list[Any]:
    """The members for which the template outputs TRUE (only the first one, if asked)."""
    items = _items(data)
    kept = []
    old = _bind(I, ([items], (data,)))

    def use(value: Any, row: tuple) -> bool:
        if value is TRUE or (value is not FALSE and truth_of(value, template)):
            kept.append(row[0])
            return not first_only
        return True

    try:
        apply_rows(I, template, zip(items), use)
    finally:
        _unbind(I, old)
    return kept


@primitive("filter")
def filter_(I, template, data):
    """FILTER tftemplate data
    Outputs the members of data for which the template outputs TRUE."""
    return rebuild(data, _tests(I, template, data, False))


@primitive("find")
def find(I, template, data):
    """FIND tftemplate data
    Outputs the first member of data for which the template outputs TRUE, or []."""
    found = _tests(I, template, data, True)
    return found[0] if found else LogoList()
