"""A saved lesson is the learner's text: the lesson file that was opened, written back
with only what changed since it was opened.

When the window opens a lesson file, the file's text is kept as the session's
*document*, with a snapshot of what the workspace held once it was loaded (each
procedure's text, each widget's and variable's saved form).  Saving then walks the
document line by line:

- a definition (``to`` ... ``end``) is kept as written while its procedure is unchanged;
  an edited one is written as it is now (as typed in the procedures pane), an erased one
  is left out; procedures defined since are written after the document's last
  definition (so the lines after it, a closing ``begin``, find them);
- comments, blank lines and the other top-level lines stay as they are, in their order;
- a line that makes a widget (``newslider "size ...``) stays as written while the widget
  is unchanged; one that was moved, resized or set is made again there from its state
  (its text or points included, so the lines that filled it go), a deleted one goes;
- widgets and variables that are new or changed and that no line of the document makes
  are written as data at the end, under :data:`MARKER` (that block is written afresh at
  every save, so saving twice never doubles it).

A lesson saved without changes is the file it was opened from, byte for byte.  With no
document (a workspace typed from scratch), or once every procedure the document defines
is erased (ERALL), the text is ``Workspace.source``'s.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from ..language.errors import LogoError
from ..language.reader import read_lines, source_blocks
from ..language.values import LogoList, print_form
from .workspace import END_WORDS, TO_WORDS, literal_text, one_line_definition

PART = "document"
MARKER = "; --- saved by Logo: widgets and variables as they were ---"
RUSSIAN_MAKERS = {"нов_бегунок": "newslider", "нов_кнопка": "newbutton",
                  "нов_текст": "newtext", "нов_график": "newplot", "нов_монитор": "newmonitor"}
WIDGET_MAKERS = frozenset(["newslider", "newbutton", "newtext", "newplot", "newmonitor",
                           *RUSSIAN_MAKERS])
WIDGET_FILLERS = frozenset(["settext", "plotxy", "plotpen", "plotclear", "график_точка",
                            "график_перо", "график_сотри"])
DATA_WORDS = frozenset(["make", "пусть", "pprop"])


@dataclass
class State:
    """What a workspace holds, each item in its saved form (compared, never run)."""

    procedures: dict[str, str] = field(default_factory=dict)
    widgets: dict[str, str] = field(default_factory=dict)
    variables: dict[str, str] = field(default_factory=dict)
    plists: dict[tuple[str, str], str] = field(default_factory=dict)


def snapshot(I: Any) -> State:
    """The interpreter's unburied procedures, widgets, variables and properties."""
    ws = I.workspace
    state = State()
    for name, proc in list(I.procedures.items()):
        if name not in ws.buried:
            state.procedures[name] = proc.text()
    widgets = I.page_widgets
    if widgets is not None:
        with widgets.lock:
            for key, w in list(widgets.items.items()):
                state.widgets[key] = w.source()
    for name, value in list(I.vars.items()):
        if name not in ws.buried:
            state.variables[name] = f'make "{name} {literal_text(value)}'
    for name, plist in list(ws.plists.items()):
        for prop, value in list(plist.items()):
            state.plists[(name, prop)] = f'pprop "{name} "{prop} {literal_text(value)}'
    return state


@dataclass
class Piece:
    """A run of the document's lines: a definition (``name``), a widget line
    (``widgets`` it makes, or ``filled``: the widget whose contents it sets), a data
    line (``data``: MAKE or PPROP) or any other line (comments and blank lines too)."""

    text: str
    name: str = ""
    widgets: tuple[str, ...] = ()
    filled: str = ""
    data: bool = False
    marker: bool = False
    maker: str = ""  # the widget-making word as written (нов_бегунок stays Russian)


def _words(line: LogoList) -> list[Any]:
    """The line's words, a parenthesis around the first one left out (``(newslider``)."""
    words = [w.lstrip("(").lower() if isinstance(w, str) else w for w in line.items()]
    return [w for w in words if w != ""]


def _quoted(word: Any) -> str:
    """The name a quoted word gives (``"go)`` -> ``go``), else ""."""
    if isinstance(word, str) and word.startswith('"'):
        return word[1:].rstrip(")")
    return ""


def _top_level(line: LogoList, text: str) -> Piece:
    if text.strip() == MARKER:
        return Piece(text, marker=True)
    words = _words(line)
    head = words[0] if words and isinstance(words[0], str) else ""
    if head in WIDGET_MAKERS:
        made = tuple(_quoted(words[k + 1]) for k in range(len(words) - 1)
                     if isinstance(words[k], str) and words[k] in WIDGET_MAKERS)
        if all(made):
            written = next((w.lstrip("(") for w in line.items() if isinstance(w, str)), "")
            return Piece(text, widgets=made, maker=written)
    elif head in WIDGET_FILLERS and len(words) > 1 and _quoted(words[1]):
        return Piece(text, filled=_quoted(words[1]))
    elif head in DATA_WORDS:
        return Piece(text, data=True)
    return Piece(text)


def pieces(text: str) -> list[Piece]:
    """The document cut into pieces, in order (raises LogoError if it cannot be read)."""
    lines = read_lines(text, "", blank=True)
    blocks = source_blocks(text, lines)
    out: list[Piece] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        head = line.first().lower() if len(line) and isinstance(line.first(), str) else None
        if head in TO_WORDS and one_line_definition(line) is None and len(line) > 1:
            j = i + 1
            while j < len(lines) and not (len(lines[j]) and isinstance(lines[j].first(), str)
                                          and lines[j].first().lower() in END_WORDS):
                j += 1
            name = print_form(line.butfirst().first()).lower()
            out.append(Piece("\n".join(blocks[i:j + 1]), name=name))
            i = j + 1
        elif head in TO_WORDS and len(line) > 1:
            out.append(Piece(blocks[i], name=print_form(line.butfirst().first()).lower()))
            i += 1
        else:
            out.append(_top_level(line, blocks[i]))
            i += 1
    return out


class Document:
    """The lesson text opened, and the workspace as it was once loaded."""

    def __init__(self, text: str, baseline: State) -> None:
        self.text = text
        self.baseline = baseline

    @functools.cached_property
    def pieces(self) -> list[Piece]:
        """The text cut into its pieces, on the first save (a run that never saves
        never reads its file twice)."""
        return pieces(self.text)

    def source(self, I: Any) -> str:
        """The lesson as it is now, written into the document (see the module)."""
        now = snapshot(I)
        out: list[str] = []
        written: set[str] = set()  # procedures and "widget NAME"s already written
        last_definition = max((k for k, p in enumerate(self.pieces) if p.name), default=-1)
        in_block = False
        for k, piece in enumerate(self.pieces):
            in_block = in_block or piece.marker
            if not (in_block and piece.data):  # the old block's data is written afresh
                out.extend(self._piece(piece, now, written))
            if k == last_definition:
                out.extend(self._new_procedures(now, written))
        if last_definition < 0:
            out[:0] = self._new_procedures(now, written)
        block = self._data_block(now, written)
        if block:
            out.extend(block if in_block else [MARKER, *block])
        return "".join(line + "\n" for line in out)

    def _piece(self, piece: Piece, now: State, written: set[str]) -> list[str]:
        base = self.baseline
        if piece.name:
            if piece.name in written or piece.name not in now.procedures:
                return []
            written.add(piece.name)
            current = now.procedures[piece.name]
            return [piece.text if current == base.procedures.get(piece.name) else current]
        if piece.widgets:
            keys = [w for w in piece.widgets if "widget " + w not in written]
            written.update("widget " + w for w in piece.widgets)
            if all(now.widgets.get(w) == base.widgets.get(w) for w in keys) and keys:
                return [piece.text]
            return [_in_words_of(now.widgets[w], piece.maker) for w in keys if w in now.widgets]
        if piece.filled and now.widgets.get(piece.filled) != base.widgets.get(piece.filled):
            return []  # the widget is made again from its state
        return [piece.text]

    def _new_procedures(self, now: State, written: set[str]) -> list[str]:
        known = {p.name for p in self.pieces if p.name}
        new = [name for name in now.procedures if name not in known and name not in written]
        written.update(new)
        return [now.procedures[name] for name in new]

    def _data_block(self, now: State, written: set[str]) -> list[str]:
        base = self.baseline
        lines = [src for key, src in now.widgets.items()
                 if "widget " + key not in written and src != base.widgets.get(key)]
        in_old_block = self._old_block_names()
        lines += [src for name, src in now.variables.items()
                  if src != base.variables.get(name) or name in in_old_block]
        lines += [src for key, src in now.plists.items()
                  if src != base.plists.get(key) or key[0] in in_old_block]
        return lines

    def _old_block_names(self) -> set[str]:
        """The names the data block of the document (an earlier save's) set."""
        names: set[str] = set()
        in_block = False
        for piece in self.pieces:
            in_block = in_block or piece.marker
            if in_block and piece.data:
                words = piece.text.split()
                if len(words) > 1 and _quoted(words[1]):
                    names.add(_quoted(words[1]).lower())
        return names


def _in_words_of(source: str, maker: str) -> str:
    """A widget's line made in the language its line was written in."""
    english = RUSSIAN_MAKERS.get(maker.lower())
    return source.replace(english, maker, 1) if english else source


def open_document(I: Any, text: str) -> None:
    """The lesson ``text`` was just loaded: saves write into it from now on (a text that
    cannot be cut into lines is no document: saves write the workspace, lesson_source)."""
    I.parts[PART] = Document(text, snapshot(I))


def forget_document(I: Any) -> None:
    I.parts.pop(PART, None)


def lesson_source(I: Any) -> str | None:
    """The lesson as it is now, written into its document; None when there is none, or
    when every procedure it defined is gone (ERALL: its lines would call nothing)."""
    doc = I.parts.get(PART)
    if doc is None:
        return None
    try:
        defined = [p.name for p in doc.pieces if p.name]
    except LogoError:  # a text that cannot be cut into lines is no document
        forget_document(I)
        return None
    if defined and not any(name in I.procedures for name in defined):
        return None
    return doc.source(I)
