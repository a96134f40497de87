"""User procedures: their title line, inputs, body lines and text.

``to name :a "b [:c 5] [:rest] 2`` declares required inputs ``a b``, an optional input
``c`` whose default is the instruction ``5``, a rest input ``rest`` and a default count
of 2.  Inputs may be written ``:n`` or ``"n`` (the seed lesson writes ``to tree "n``).
"""

from __future__ import annotations

from typing import Any

from .errors import LogoError
from .values import LogoList, print_form


class Procedure:
    """A procedure defined with ``to`` or ``define``.

    ``lines`` are the body's instruction lines (LogoLists with source positions);
    ``code`` is the compiled body, valid while ``gen`` equals the interpreter's
    definition generation.  ``source`` is the definition's text as typed, one string
    per line (title and ``end`` included), when it was read from a text; ``macro`` is
    true for a ``.macro`` (its output is run where it was called).
    """

    __slots__ = ("name", "required", "optional", "rest", "default_inputs", "lines",
                 "title", "code", "gen", "file", "first_line", "sitemap", "buried",
                 "source", "macro")

    def __init__(self, name: str, required: list[str], optional: list[tuple[str, LogoList]],
                 rest: str | None, default_inputs: int | None, lines: list[LogoList],
                 title: LogoList | None = None):
        self.name = name
        self.required = required
        self.optional = optional
        self.rest = rest
        self.default_inputs = len(required) if default_inputs is None else default_inputs
        self.lines = lines
        self.title = title
        self.code: Any = None
        self.gen = -1
        self.file = ""
        self.first_line = 0
        self.sitemap: Any = None
        self.buried = False
        self.source: list[str] | None = None
        self.macro = False

    @property
    def min_inputs(self) -> int:
        return len(self.required)

    @property
    def max_inputs(self) -> int:
        return -1 if self.rest else len(self.required) + len(self.optional)

    @property
    def params(self) -> list[str]:
        return self.required

    def title_words(self) -> list[str]:
        parts = [".macro" if self.macro else "to", self.name]
        parts += [":" + n for n in self.required]
        for name, default in self.optional:
            parts.append("[:" + name + (" " + print_form(default) if len(default) else "") + "]")
        if self.rest:
            parts.append("[:" + self.rest + "]")
        if self.default_inputs != len(self.required):
            parts.append(str(self.default_inputs))
        return parts

    def title_text(self) -> str:
        if self.source:
            return self.source[0]
        return " ".join(self.title_words())

    def text(self) -> str:
        """The definition as ``po`` prints it: as typed when it was read from a text."""
        if self.source:
            return "\n".join(self.source)
        body = [print_form(line) for line in self.lines]
        return "\n".join([self.title_text(), *body, "end"])

    def fulltext(self) -> LogoList:
        """``fulltext``'s output: the lines as typed (words), or, for a procedure made
        by ``define``, its title, body and ``end`` as lists."""
        if self.source:
            return LogoList(self.source)
        return LogoList([LogoList(self.title_words()), *self.lines, LogoList(["end"])])

    def text_list(self) -> LogoList:
        """``text``'s output: [[inputs...] [line] [line] ...]."""
        inputs: list[Any] = list(self.required)
        for name, default in self.optional:
            inputs.append(LogoList([name, *default]))
        if self.rest:
            inputs.append(LogoList([self.rest]))
        if self.default_inputs != len(self.required):
            inputs.append(self.default_inputs)
        return LogoList([LogoList(inputs), *self.lines])


def _input_name(word: Any) -> str | None:
    text = print_form(word) if not isinstance(word, str) else word
    if text[:1] in (":", '"') and len(text) > 1:
        return text[1:].lower()
    return None


def parse_title(title: list[Any], who: str = "to") -> tuple[str, list[str], list[tuple[str, LogoList]], str | None, int | None]:
    """Split a title line (after ``to``) into name, required, optional, rest, count."""
    if not title:
        raise LogoError("not_enough_inputs", who=who)
    name = title[0]
    if not isinstance(name, str) or not name:
        raise LogoError("doesnt_like", who=who, what=name)
    required: list[str] = []
    optional: list[tuple[str, LogoList]] = []
    rest: str | None = None
    count: int | None = None
    for item in title[1:]:
        if isinstance(item, LogoList):
            if len(item) == 0:
                raise LogoError("doesnt_like", who=who, what=item)
            pname = _input_name(item.first())
            if pname is None:
                raise LogoError("doesnt_like", who=who, what=item)
            if len(item) == 1 and rest is None:
                rest = pname
            else:
                optional.append((pname, item.butfirst()))
            continue
        pname = _input_name(item)
        if pname is not None:
            required.append(pname)
        elif isinstance(item, (int, float)) or (isinstance(item, str) and item.isdigit()):
            count = int(item)
        else:
            raise LogoError("doesnt_like", who=who, what=item)
    return name.lower(), required, optional, rest, count


def make_procedure(title: list[Any], lines: list[LogoList], who: str = "to") -> Procedure:
    name, required, optional, rest, count = parse_title(title, who)
    proc = Procedure(name, required, optional, rest, count, lines,
                     title=LogoList(title))
    return proc
