"""The text of a LogoError: its message in English or Russian (from the catalogue,
logo/messages), the datum it names printed as UCBLogo prints it, where it happened and
its hint.  Kept apart from errors.py, which the data types import to raise errors: this
module prints data, so it comes after them."""

from __future__ import annotations

from typing import Any

from ..messages import fill, template
from ..messages import text as catalogue_text
from .errors import WHAT_FORM, LogoError
from .values import LogoArray, LogoList, barred_form, print_form


def message(err: LogoError) -> str:
    """UCBLogo's English message: what ERROR outputs, whatever the session's language."""
    return text(err, "en")


def text(err: LogoError, lang: str | None = None) -> str:
    """The message in ``lang`` (the session's language if None)."""
    words = template(err.kind, lang)
    if "{" not in words:
        return words
    words = words.replace("{who}", err.who or "")
    if err.extra:
        words = fill(words, err.extra)
    # {what} last: the datum may hold braces of its own
    return words.replace("{what}", what_text(err)) if "{what}" in words else words


def fields(err: LogoError) -> dict[str, object]:
    """The values of the message's ``{fields}``: ``who``, ``what``, and the extras."""
    return {**err.extra, "who": err.who or "", "what": what_text(err)}


MAX_SHOWN = 100_000  # members of a datum an error message shows; past them, "..."


def shown_part(x: Any) -> Any:
    """``x``, or for a list or array of more than MAX_SHOWN members in all, a copy cut
    there with a last member ``...`` (an error about a list of ten million members is
    not ten million members long, and is shown at once)."""
    if type(x) is not LogoList and type(x) is not LogoArray:
        return x  # (most data: a word, a number; no cut to make)
    left = [MAX_SHOWN]

    def cut(v: Any, depth: int) -> Any:
        t = type(v)
        if t is LogoArray:
            items = v.items
        elif t is LogoList and v._buf[1] is None:
            items = v
        else:
            return v
        if depth > 200:
            return v
        out: list = []
        for item in items:
            if left[0] <= 0:
                out.append("...")
                break
            left[0] -= 1
            out.append(cut(item, depth + 1))
        return LogoArray(out, v.origin) if t is LogoArray else LogoList(out)

    if _size_at_most(x, MAX_SHOWN):
        return x
    return cut(x, 0)


def _size_at_most(x: Any, most: int) -> bool:
    """Whether a list or array has at most ``most`` members in all (inside plain lists
    and arrays), found without walking more than that."""
    todo, seen = [x], 0
    while todo:
        v = todo.pop()
        items = v.items if type(v) is LogoArray else v
        try:
            seen += len(items)
        except LogoError:  # a list that runs into itself (.setbf): cut, never counted
            return False
        if seen > most:
            return False
        todo.extend(i for i in items if type(i) is LogoArray
                    or (type(i) is LogoList and i._buf[1] is None))
    return True


def what_text(err: LogoError) -> str:
    """The datum as the message shows it (see errors.WHAT_FORM); a huge one cut
    (``shown_part``)."""
    what = shown_part(err.what)
    if what is None:
        return ""
    form = WHAT_FORM.get(err.kind)
    if err.kind == "user":  # words typed in bars keep them ([expected |;| got x])
        return barred_form(what, top=True)
    if isinstance(what, str) and what == "":
        return "||"
    if form == "print":
        return print_form(what)
    if form == "item":
        return print_form(LogoList([what]))
    if type(what) is int or type(what) is float:
        return print_form(what)  # (a number has no bars to add)
    return barred_form(what)


def report(err: LogoError, lang: str | None = None) -> str:
    """The text shown to the user, in ``lang`` (the session's language if None): the
    message, then where, then a hint; nothing for an error already shown (by PAUSE)
    or for THROW "TOPLEVEL."""
    if getattr(err, "silent", False):
        return ""
    lines = [text(err, lang)]
    if err.proc:
        where = "where.in_line" if err.lineno else "where.in"
        lines.append("  " + catalogue_text(where, lang, proc=err.proc, line=err.lineno))
        if err.line is not None:
            lines.append("  [" + print_form(err.line) + "]")
    elif err.file and err.lineno:
        lines.append("  " + catalogue_text("where.at", lang, file=err.file, line=err.lineno))
    if err.hint:
        lines.append(fill(template(err.hint, lang), fields(err)))
    return "\n".join(lines)
