"""A multi-line text with a caret, a selection and many levels of undo: the model behind
the procedures pane (no drawing, no pygame; positions are ``(row, column)`` pairs).

Typing that goes on along one line is one undo step, as in most editors; every other
edit (a paste, a cut, Enter, a deletion of a selection) is a step of its own.
"""

from __future__ import annotations

Pos = tuple[int, int]
UNDO_LEVELS = 200
INDENT = "  "
OPENING_WORDS = ("to", "это", ".macro")  # a line opening these words indents the next


class TextBuffer:
    """Lines of text (never empty: at least one, possibly empty, line)."""

    def __init__(self, text: str = "") -> None:
        self.lines = [""]
        self.caret: Pos = (0, 0)
        self.anchor: Pos | None = None  # the other end of the selection, if any
        self.undos: list[tuple[str, Pos]] = []
        self.redos: list[tuple[str, Pos]] = []
        self._typing: Pos | None = None  # where the last typed character went
        self.set_text(text)

    # --- the whole text -------------------------------------------------------------
    def text(self) -> str:
        return "\n".join(self.lines)

    def set_text(self, text: str, keep_undo: bool = False) -> None:
        """New contents, the caret at the start; the undo history goes unless kept."""
        if keep_undo:
            self._remember()
        else:
            self.undos, self.redos = [], []
        self.lines = _plain(text).split("\n")
        self.caret, self.anchor, self._typing = (0, 0), None, None

    # --- positions and the selection ------------------------------------------------
    def clamp(self, pos: Pos) -> Pos:
        row = max(0, min(len(self.lines) - 1, pos[0]))
        return row, max(0, min(len(self.lines[row]), pos[1]))

    def selection(self) -> tuple[Pos, Pos] | None:
        """The selected span (start, end) in text order; None when nothing is selected."""
        if self.anchor is None or self.anchor == self.caret:
            return None
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def selected_text(self) -> str:
        span = self.selection()
        return self.slice(*span) if span else ""

    def slice(self, start: Pos, end: Pos) -> str:
        (r0, c0), (r1, c1) = start, end
        if r0 == r1:
            return self.lines[r0][c0:c1]
        middle = self.lines[r0 + 1:r1]
        return "\n".join([self.lines[r0][c0:], *middle, self.lines[r1][:c1]])

    def move_to(self, pos: Pos, select: bool = False) -> None:
        """The caret to ``pos``; with ``select`` the selection stretches to it."""
        if select and self.anchor is None:
            self.anchor = self.caret
        elif not select:
            self.anchor = None
        self.caret = self.clamp(pos)
        self._typing = None

    def select_all(self) -> None:
        self.anchor = (0, 0)
        self.caret = (len(self.lines) - 1, len(self.lines[-1]))

    def select(self, start: Pos, end: Pos) -> None:
        self.anchor, self.caret = self.clamp(start), self.clamp(end)

    # --- edits ----------------------------------------------------------------------
    def insert(self, s: str, typing: bool = False, remember: bool = True) -> None:
        """Put ``s`` (any number of lines) at the caret, in place of the selection."""
        s = _plain(s)
        if remember and not (typing and self._typing == self.caret
                             and self.selection() is None):
            self._remember()
        self._delete_selection()
        row, col = self.caret
        line = self.lines[row]
        parts = s.split("\n")
        parts[0] = line[:col] + parts[0]
        end_col = len(parts[-1])
        parts[-1] += line[col:]
        self.lines[row:row + 1] = parts
        self.caret = (row + len(parts) - 1, end_col)
        self._typing = self.caret if typing and "\n" not in s else None

    def new_line(self) -> None:
        """Enter: a new line indented as this one, one step more after ``to`` or an
        open ``[``, one less when it starts with ``end`` or ``]``."""
        self._remember()
        if self.selection() is None:
            row, col = self.caret
            self.caret = (row, max(0, col + self._dedent_closing(row)))
        self._delete_selection()
        row, col = self.caret
        before = self.lines[row][:col]
        indent = before[:len(before) - len(before.lstrip())]
        words = before.split()
        if (words and words[0].lower() in OPENING_WORDS) or open_brackets(before) > 0:
            indent += INDENT
        self.insert("\n" + indent, remember=False)

    def _dedent_closing(self, row: int) -> int:
        """``end`` lines up with its ``to``; a line starting with ``]`` with its ``[``;
        how many characters the line grew by."""
        line = self.lines[row]
        words = line.split()
        if not words or not (words[0].lower() in ("end", "конец") or line.lstrip()[0] == "]"):
            return 0
        indent = _indent_of_opening(self.lines, row)
        if indent is None:
            return 0
        self.lines[row] = indent + line.lstrip()
        return len(self.lines[row]) - len(line)

    def backspace(self) -> None:
        if self.selection() is None:
            if self.caret == (0, 0):
                return
            row, col = self.caret
            self.anchor = (row, col - 1) if col > 0 else (row - 1, len(self.lines[row - 1]))
        self._remember()
        self._delete_selection()

    def delete(self) -> None:
        if self.selection() is None:
            row, col = self.caret
            if col < len(self.lines[row]):
                self.anchor = (row, col + 1)
            elif row + 1 < len(self.lines):
                self.anchor = (row + 1, 0)
            else:
                return
        self._remember()
        self._delete_selection()

    def cut(self) -> str:
        text = self.selected_text()
        if text:
            self._remember()
            self._delete_selection()
        return text

    def _delete_selection(self) -> None:
        span = self.selection()
        self.anchor = None
        if span is None:
            return
        (r0, c0), (r1, c1) = span
        self.lines[r0:r1 + 1] = [self.lines[r0][:c0] + self.lines[r1][c1:]]
        self.caret = (r0, c0)

    # --- undo -----------------------------------------------------------------------
    def _remember(self) -> None:
        self.undos.append((self.text(), self.caret))
        del self.undos[:-UNDO_LEVELS]
        self.redos = []
        self._typing = None

    def undo(self) -> bool:
        return self._swap(self.undos, self.redos)

    def redo(self) -> bool:
        return self._swap(self.redos, self.undos)

    def _swap(self, source: list[tuple[str, Pos]], target: list[tuple[str, Pos]]) -> bool:
        if not source:
            return False
        target.append((self.text(), self.caret))
        text, caret = source.pop()
        self.lines = text.split("\n")
        self.caret, self.anchor, self._typing = self.clamp(caret), None, None
        return True

    # --- moving by words ------------------------------------------------------------
    def word_left(self, pos: Pos) -> Pos:
        row, col = pos
        if col == 0:
            return (row - 1, len(self.lines[row - 1])) if row > 0 else pos
        line = self.lines[row]
        while col > 0 and not line[col - 1].isalnum():
            col -= 1
        while col > 0 and line[col - 1].isalnum():
            col -= 1
        return row, col

    def word_right(self, pos: Pos) -> Pos:
        row, col = pos
        line = self.lines[row]
        if col == len(line):
            return (row + 1, 0) if row + 1 < len(self.lines) else pos
        while col < len(line) and not line[col].isalnum():
            col += 1
        while col < len(line) and line[col].isalnum():
            col += 1
        return row, col

    def find(self, needle: str, start: Pos, forward: bool = True) -> tuple[Pos, Pos] | None:
        """The next place of ``needle`` (any case) after ``start`` (before it, going
        back), wrapping around the end; None when the text has none."""
        if not needle:
            return None
        text, key = self.text().lower(), needle.lower()
        at = self.offset(start)
        if forward:
            i = text.find(key, at)
            i = text.find(key) if i < 0 else i
        else:
            i = text.rfind(key, 0, max(0, at))
            i = text.rfind(key) if i < 0 else i
        if i < 0:
            return None
        return self.position(i), self.position(i + len(key))

    def offset(self, pos: Pos) -> int:
        return sum(len(line) + 1 for line in self.lines[:pos[0]]) + pos[1]

    def position(self, offset: int) -> Pos:
        for row, line in enumerate(self.lines):
            if offset <= len(line):
                return row, offset
            offset -= len(line) + 1
        return len(self.lines) - 1, len(self.lines[-1])


def _plain(text: str) -> str:
    """Line ends as ``\n``, a tab as an indentation step (the pane's columns are
    characters)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", INDENT)


def open_brackets(line: str) -> int:
    """How many ``[`` of the line stay open at its end (a ``;`` comment ignored)."""
    depth = 0
    for ch in code_part(line):
        depth += (ch == "[") - (ch == "]")
    return depth


def code_part(line: str) -> str:
    """The line without its comment (``;`` outside ``|...|`` and not escaped)."""
    bar = escaped = False
    for i, ch in enumerate(line):
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == "|":
            bar = not bar
        elif ch == ";" and not bar:
            return line[:i]
    return line


def _indent_of_opening(lines: list[str], row: int) -> str | None:
    """The indentation of the line that opened what line ``row`` closes."""
    line = lines[row].lstrip()
    closing_bracket = line.startswith("]")
    depth = 1 if closing_bracket else 0
    for r in range(row - 1, -1, -1):
        text = lines[r]
        words = text.split()
        if closing_bracket:
            depth -= open_brackets(text)
            if depth <= 0:
                return text[:len(text) - len(text.lstrip())]
        elif words and words[0].lower() in OPENING_WORDS:
            return text[:len(text) - len(text.lstrip())]
    return None
