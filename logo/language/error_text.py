"""The text of a LogoError: its message in English or Russian (from the catalogue,
logo/messages), the datum it names printed as UCBLogo prints it, where it happened and
its hint.  Kept apart from errors.py, which the data types import to raise errors: this
module prints data, so it comes after them."""

from __future__ import annotations

from ..messages import fill, template
from ..messages import text as catalogue_text
from .errors import WHAT_FORM, LogoError
from .values import LogoList, barred_form, print_form


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


def what_text(err: LogoError) -> str:
    """The datum as the message shows it (see errors.WHAT_FORM)."""
    what = err.what
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
