"""User procedures: their title line, inputs, body lines and text.

``to name :a "b [:c 5] [:rest] 2`` declares required inputs ``a b``, an optional input
``c`` whose default is the instruction ``5``, a rest input ``rest`` and a default count
of 2.  Inputs may be written ``:n``, ``"n`` (the seed lesson writes ``to tree "n``) or
``n`` (``to fib n``, as older programs do); so may the names in ``[n 5]`` and ``[n]``.
"""

from __future__ import annotations

from typing import Any

from .errors import LogoError
from .runparse import runparse_line, token_word
from .values import LogoList, parse_number, print_form


class Procedure:
    """A procedure defined with ``to`` or ``define``.

    ``lines`` are the body's instruction lines (LogoLists with source positions);
    ``code`` is the compiled body, valid while ``gen`` equals the interpreter's
    definition generation.  ``source`` is the definition's text as typed, one string
    per line (title and ``end`` included), when it was read from a text; ``macro`` is
    true for a ``.macro`` (its output is run where it was called).
    """

    __slots__ = (
        "arity",
        "buried",
        "code",
        "count_given",
        "default_inputs",
        "direct",
        "fast",
        "file",
        "fixed",
        "gen",
        "lines",
        "macro",
        "mark",
        "name",
        "nfixed",
        "optional",
        "required",
        "rest",
        "shown",
        "sitemap",
        "source",
        "title",
    )

    def __init__(self, name: str, required: list[str], optional: list[tuple[str, LogoList]],
                 rest: str | None, default_inputs: int | None, lines: list[LogoList],
                 title: LogoList | None = None):
        self.name = name
        self.required = required
        self.optional = optional
        self.rest = rest
        # the input names when there are only required inputs (call_proc's fast path)
        self.fixed: tuple[str, ...] | None = tuple(required) if not (optional or rest) else None
        # how many, when they are at most two (bound without a loop), else -1
        self.nfixed = len(required) if self.fixed is not None and len(required) <= 2 else -1
        # how many, when they are all required (call_sites' callers), else -1
        self.arity = len(required) if self.fixed is not None else -1
        self.default_inputs = len(required) if default_inputs is None else default_inputs
        self.count_given = default_inputs is not None
        self.shown: dict[str, str] = {}  # input names whose case was written otherwise
        self.lines = lines
        self.title = title
        self.code: Any = None
        self.gen = -1
        # a direct body (inputs as Python arguments: input_scope.py), the generation it
        # holds for (-1: none) and the entry of its calls in I.frames (lifting.Mark)
        self.direct: Any = None
        self.fast = -1
        self.mark: Any = None
        self.file = ""
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

    def title_items(self) -> list[Any]:
        """The title as UCBLogo rebuilds it: ``to name :a [:b default] [:c] 2``."""
        shown = self.shown.get
        parts: list[Any] = [".macro" if self.macro else "to", self.name]
        parts += [":" + shown(n, n) for n in self.required]
        for name, default in self.optional:
            parts.append(LogoList([":" + shown(name, name), *default]))
        if self.rest:
            parts.append(LogoList([":" + shown(self.rest, self.rest)]))
        if self.count_given:
            parts.append(self.default_inputs)
        return parts

    def title_words(self) -> list[str]:
        return [print_form(x) if not isinstance(x, LogoList) else "[" + print_form(x) + "]"
                for x in self.title_items()]

    def title_text(self) -> str:
        if self.source:
            return self.source[0]
        return " ".join(self.title_words())

    def text(self) -> str:
        """The definition as ``po`` prints it: as typed when it was read from a text."""
        if self.source:
            return "\n".join(self.source)
        body = [print_form(line) for line in self.parsed_lines()]
        return "\n".join([self.title_text(), *body, "end"])

    def parsed_lines(self) -> list[LogoList]:
        """The body lines split as they run (``print (sum 1 2)`` -> ``print ( sum 1 2 )``):
        how UCBLogo shows a procedure that DEFINE made."""
        return [LogoList([token_word(t) for t in runparse_line(line)]) for line in self.lines]

    def fulltext(self) -> LogoList:
        """``fulltext``'s output: the lines as typed (words), or, for a procedure made
        by ``define``, its title, body and ``end`` as lists."""
        if self.source:
            return LogoList(self.source)
        return LogoList([LogoList(self.title_items()), *self.parsed_lines(),
                         LogoList(["end"])])

    def text_list(self) -> LogoList:
        """``text``'s output: [[inputs...] [line] [line] ...]."""
        shown = self.shown.get
        inputs: list[Any] = [shown(n, n) for n in self.required]
        for name, default in self.optional:
            inputs.append(LogoList([shown(name, name), *default]))
        if self.rest:
            inputs.append(LogoList([shown(self.rest, self.rest)]))
        if self.count_given:
            inputs.append(self.default_inputs)
        return LogoList([LogoList(inputs), *self.lines])


def _input_name(word: Any, literal: bool = False) -> str | None:
    """The name a title word gives its input: ``:n``, ``"n`` or the bare word ``n``
    (``literal``: the word itself, as DEFINE takes it)."""
    text = print_form(word) if not isinstance(word, str) else word
    if text[:1] in (":", '"') and not literal:
        text = text[1:]
    return text if text and text[:1] not in "()[]{}" else None


def _count(item: Any) -> int | None:
    """The default input count a title word spells, if it is a whole number."""
    value = item if isinstance(item, (int, float)) else parse_number(item) if isinstance(
        item, str) else None
    return value if type(value) is int else None


def _optional(item: LogoList, literal: bool) -> tuple[str, LogoList] | None:
    """``[:name default...]`` (or ``[name ...]``, ``["name ...]``): the name and the
    default instruction, split as when it runs (``(char 32)`` -> ``( char 32 )``)."""
    if len(item) == 0 or not isinstance(item[0], str):
        return None
    name = _input_name(item[0], literal)
    if not name:
        return None
    return name, LogoList([token_word(t) for t in runparse_line(item.butfirst())])


Title = tuple[str, list[str], list[tuple[str, LogoList]], str | None, int | None]


def parse_title(title: list[Any], who: str = "to", literal: bool = False) -> Title:
    """Split a title line (after ``to``) into name, required, optional, rest, count,
    by UCBLogo's rules: inputs written ``:n``, ``"n`` or ``n``, then optional inputs
    ``[:n default]``, then one rest input ``[:n]``, then a default count between the
    number of required inputs and the most inputs.  ``literal``: input names are
    taken as written (DEFINE's ``[[a [b 1]] ...]``)."""
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
        pname = None
        if isinstance(item, LogoList) and rest is None:
            opt = _optional(item, literal)
            if opt is not None and len(item) == 1:
                rest = opt[0]
                continue
            if opt is not None:
                optional.append(opt)
                continue
        elif _count(item) is not None:
            n = _count(item)
            if n is not None and len(required) <= n and (
                    rest is not None or n <= len(required) + len(optional)):
                count = n
                continue
        elif isinstance(item, str) and not optional and rest is None:
            pname = _input_name(item, literal)
        if pname is None:
            raise LogoError("doesnt_like_unrec", who=who, what=item)
        required.append(pname)
    return name.lower(), required, optional, rest, count  # input names as written


def make_procedure(title: list[Any], lines: list[LogoList], who: str = "to",
                   literal: bool = False) -> Procedure:
    name, required, optional, rest, count = parse_title(title, who, literal)
    written = [*required, *(n for n, _ in optional), *([rest] if rest else [])]
    proc = Procedure(name, [n.lower() for n in required],
                     [(n.lower(), d) for n, d in optional], rest and rest.lower(), count,
                     lines, title=LogoList(title))
    proc.shown = {n.lower(): n for n in written if n != n.lower()}
    return proc


def place_error(err: Any, proc: Procedure, idx: int | None) -> None:
    """Put line ``idx`` of ``proc`` (and its file and line number) in an error raised
    there."""
    if idx is not None and 0 <= idx < len(proc.lines):
        err.line = proc.lines[idx]
        src = proc.lines[idx].src
        err.file, err.lineno = src if src else (proc.file, None)
