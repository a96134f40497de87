"""The workspace: procedures, property lists, and reading definitions out of a text.

``split_definitions`` walks the instruction lines of a file: ``to`` (or ЛогоМиры ``это``)
starts a definition that runs to ``end`` (``конец``); everything else is an instruction
line to run.  It raises before anything runs when a ``to`` has no ``end``.
"""

from __future__ import annotations

from typing import Any

from ..language.errors import LogoError
from ..language.print_limits import INITIAL_FULLPRINTP
from ..language.procedures import Procedure, make_procedure
from ..language.reader import blocks_of, open_at_end, physical_lines, read_lines
from ..language.values import LogoList, print_form, show_form

TO_WORDS = ("to", "это", ".macro")
MACRO_WORDS = (".macro",)

# UCBLogo's library: procedures it writes in Logo (its logolib folder).  Those that are hot
# paths or control forms compiled inline are written in Python here, listed below; they
# are procedures, not primitives (PRIMITIVEP is FALSE), and a TO or DEFINE of the same name
# replaces them, as in UCBLogo.  The others are written in Logo in stdlib/ (library.py).
LIBRARY_PROCEDURES = frozenset(["#", "?in", "?out", "?rest", "`", "backslashed?", "backslashedp", "case", "closeall", "combine", "cond", "do.until", "do.while", "edall", "edn", "edns", "edpl", "edpls", "edps", "emacs.debug", "file?", "filep", "filter", "find", "for", "foreach", "iseq", "localmake", "macroexpand", "map", "map.se", "mdarray", "pen", "reverse", "rseq", "savel", "setpen", "until", "while", "xcor", "ycor"])
# the library procedures that are macros in UCBLogo (MACROP is TRUE)
LIBRARY_MACROS = frozenset(
    ["case", "cond", "do.until", "do.while", "for", "foreach", "localmake", "until", "while"])
END_WORDS = ("end", "конец")
# UCBLogo's variables that exist, buried, when Logo starts (docs/dialect.md: LOGOVERSION)
LOGO_VERSION = 6.2
STANDARD_VARIABLES = (("allowgetset", "true"), ("caseignoredp", "true"),
                      ("logoversion", LOGO_VERSION), ("command.line", LogoList()),
                      ("logoplatform", "wxWidgets"), ("fullprintp", INITIAL_FULLPRINTP),
                      ("usealternatenames", "false"), ("unburyonedit", "true"))


def _first_word(line: LogoList) -> str | None:
    if len(line) == 0:
        return None
    head = line.first()
    return head.lower() if isinstance(head, str) else None


class Definition:
    """A ``to`` block found in a text: title words, body lines and, when known, the
    text of each of its lines as typed (title and ``end`` included, comments and blank
    lines too: what ``fulltext`` and ``po`` show)."""

    def __init__(self, title: LogoList, body: list[LogoList], source: list[str] | None = None):
        self.title = title
        self.body = body
        self.source = source

    def procedure(self) -> Procedure:
        proc = make_procedure(list(self.title.butfirst()), self.body)
        proc.file = self.title.src[0] if self.title.src else ""
        proc.source = self.source
        proc.macro = _first_word(self.title) in MACRO_WORDS
        return proc


def _one_line_definition(line: LogoList) -> Definition | None:
    """``to +h rt delta end`` on one line, as the seed lesson prints its Table 1: the
    title is the name and the input words after it; the rest, up to END, is the body."""
    words = line.items()
    last = words[-1] if len(words) > 2 else None
    if not (isinstance(last, str) and last.lower() in END_WORDS):
        return None
    k = 2
    while k < len(words) - 1 and (isinstance(words[k], LogoList) or (
            isinstance(words[k], str) and words[k][:1] in (":", '"'))):
        k += 1
    title = LogoList(words[:k], src=line.src)
    body = LogoList(words[k:-1], src=line.src)
    return Definition(title, [body] if len(body) else [])


def _check_no_end_inside(blocks: list[str], title: LogoList) -> None:
    """A body line continued by an open bracket or paren must not swallow a line that
    is only END (UCBLogo: "END inside multi-line instruction")."""
    for block in blocks:
        physical = block.split("\n")
        for k in range(1, len(physical)):
            if physical[k].lower() in END_WORDS and not physical[k - 1].rstrip().endswith("~"):
                err = LogoError("end_in_instruction", who=print_form(
                    title.butfirst().first() if len(title) > 1 else "to"))
                err.file, err.lineno = title.src or ("", None)
                raise err


def defined_names(text: str) -> list[str]:
    """The names of the procedures a typed text defines with ``to`` (UCBLogo then says
    "square defined"); [] when the text cannot be read."""
    try:
        parts = split_definitions(read_lines(text))
    except LogoError:
        return []
    return [print_form(p.title.butfirst().first()) for p in parts
            if isinstance(p, Definition) and len(p.title) > 1]


def split_definitions(lines: list[LogoList], text: str | None = None
                      ) -> list[LogoList | Definition]:
    """Instruction lines and definitions, in order; raises LogoError for a ``to``
    without ``end`` (with its file and line).  Given the ``text`` the lines were read
    from (by ``read_lines(text, blank=True)``), definitions keep their text as typed
    (only theirs is cut out of the text: the other lines need none)."""
    heads = [k for k, line in enumerate(lines) if line and isinstance(
        head := line.first(), str) and head.lower() in TO_WORDS]
    if not heads:  # (most texts run once: only instruction lines)
        return [line for line in lines if line]
    physical = physical_lines(text) if text is not None else None
    out: list[LogoList | Definition] = []
    i = 0
    for k in heads:
        if k < i:  # a TO inside a definition's body: a line of it
            continue
        if k > i:
            out += [line for line in lines[i:k] if line]
        one_line = _one_line_definition(lines[k])
        if one_line is not None:
            out.append(one_line)
            i = k + 1
        else:
            definition, i = _definition(lines, k, physical)
            out.append(definition)
    out += [line for line in lines[i:] if line]
    return out


def _definition(lines: list[LogoList], i: int, physical: list[str] | None
                ) -> tuple[Definition, int]:
    """The definition whose title is ``lines[i]``, up to its END, and the index of the
    line after that END (raises LogoError for a TO without END); with the text's
    ``physical`` lines, its text as typed."""
    line = lines[i]
    for j in range(i + 1, len(lines) + 1):
        if j == len(lines) or (lines[j] and isinstance(head := lines[j].first(), str)
                               and head.lower() in END_WORDS):
            break
    source = None
    if physical is not None:
        source = blocks_of(physical, lines, i, j + 1)
        _check_no_end_inside(source[1:j - i], line)
    if j >= len(lines):
        err = LogoError("no_end", who=print_form(line.butfirst().first()
                                                 if len(line) > 1 else "to"))
        err.file, err.lineno = line.src or ("", None)
        raise err
    body = [b for b in lines[i + 1:j] if len(b)]
    return Definition(line, body, source), j + 1


class Workspace:
    """Procedures and property lists of one interpreter (variables live in I.vars)."""

    def __init__(self) -> None:
        self.procedures: dict[str, Procedure] = {}
        self.plists: dict[str, dict[str, Any]] = {}
        self.buried: set[str] = set()
        self.globals: set[str] = set()  # declared with GLOBAL (SETname may set them)
        self.library: set[str] = set()  # procedures loaded from stdlib/, still as loaded
        self.library_read: dict[str, Any] = {}  # stdlib/ definitions read (library.py)
        self.erased: dict[str, Procedure] = {}  # by name: see erase

    def start_variables(self, variables: dict[str, Any]) -> None:
        """Give ``variables`` UCBLogo's standard ones (ALLOWGETSET, CASEIGNOREDP,
        LOGOVERSION, COMMAND.LINE), buried as UCBLogo buries them."""
        for name, value in STANDARD_VARIABLES:
            variables[name] = value
            self.buried.add(name)

    def define(self, proc: Procedure) -> None:
        """Define ``proc``.  A procedure redefined keeps its identity: code compiled
        before (the rest of the line that redefines it) calls the new definition, as
        UCBLogo, which reparses such a line."""
        if proc.name in self.library and not proc.buried:  # the user's own, as UCBLogo
            self.library.discard(proc.name)
            self.buried.discard(proc.name)
        old = self.procedures.get(proc.name) or self.erased.pop(proc.name, None)
        if old is None or old is proc:
            self.procedures[proc.name] = proc
            return
        for slot in Procedure.__slots__:
            setattr(old, slot, getattr(proc, slot))
        self.procedures[proc.name] = old

    def erase(self, name: str) -> bool:
        """ERASE a procedure; its object is kept aside, so that a definition of the name
        again is the procedure that code compiled before the ERASE calls."""
        if name.lower() in self.library:
            self.library.discard(name.lower())
            self.buried.discard(name.lower())
        proc = self.procedures.pop(name.lower(), None)
        if proc is not None:
            self.erased[proc.name] = proc
        return proc is not None

    def source(self, variables: dict[str, Any]) -> str:
        """The workspace as a loadable text (what ``save`` writes).  REDEFP comes first
        when it is "true: a procedure of the text may have a primitive's name."""
        redefp = variables.get("redefp")
        parts = [f'make "redefp {_literal(redefp)}\n'] if str(redefp).lower() == "true" else []
        parts += [p.text() + "\n" for n, p in sorted(self.procedures.items())
                  if n not in self.buried]
        for name, value in sorted(variables.items()):
            if name in self.buried:
                continue
            parts.append(f'make "{name} {_literal(value)}\n')
        for name, plist in sorted(self.plists.items()):
            for prop, value in plist.items():
                parts.append(f'pprop "{name} "{prop} {_literal(value)}\n')
        return "".join(parts)


def _literal(value: Any) -> str:
    if isinstance(value, LogoList):
        return show_form(value)
    if isinstance(value, str):
        return '"' + value if value else '"||'
    return print_form(value)


literal_text = _literal  # a value as a MAKE line writes it (lesson_text.py)
one_line_definition = _one_line_definition


def more_prompt(text: str) -> str | None:
    """None when ``text`` is complete; else the prompt for its next line, as UCBLogo's:
    ``~`` while a line goes on (an open ``[`` or ``(``, a final ``~``), ``|`` inside
    vertical bars, ``>`` inside an unfinished ``to`` definition."""
    in_to = False
    try:
        split_definitions(read_lines(text))
    except LogoError as err:
        if err.kind == "missing_bracket":
            return "~ "
        if err.kind != "no_end":
            return None
        in_to = True
    still_open = open_at_end(text)
    if still_open == "|":
        return "| "
    if text.rstrip().endswith("~") or still_open:
        return "~ "
    return "> " if in_to else None
