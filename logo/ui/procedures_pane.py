"""The procedures pane, MicroWorlds' "flip side" of the page: the workspace's procedures
as text to edit.  Ctrl+Enter, or flipping back to the page, defines them (procedures
deleted from the text are erased); an error is shown above the text, which stays as
typed until it is fixed, its line marked and the caret on it.

A code editor: the caret by click, a selection by mouse drag, Shift+click,
Shift+arrows or a double click (a word); Ctrl+A/C/X/V with the system clipboard (Ctrl+C
with nothing selected stops, as elsewhere); Ctrl+Z/Ctrl+Y undo and redo the pane's
edits; Ctrl+F finds (Enter or F3 the next place, Shift the one before, Esc closes);
Ctrl+Backspace and Ctrl+Delete delete a word; Tab and Shift+Tab indent the selected
lines; Enter keeps the indentation, one step more inside ``to`` and an open ``[``.
Line numbers, Logo colouring and the bracket matching the one at the caret are drawn
by ``editor_view``.  The text always ends with a newline, so a procedure typed at the
end never runs into the ``end`` above it.

While a stepped procedure runs (STEP), the line about to run is highlighted and the
pane shows the Step and Go on buttons (F10 and F5).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from . import clipboard, editor_view
from .command_center import LineEdit
from .logo_syntax import DEFINING
from .text_buffer import INDENT, TextBuffer

DOUBLE_CLICK_S = 0.4
WORD_BREAKS = " \t[](){}"
ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME,
          pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN)


class ProceduresPane:
    """The editor and the state of its last "define"."""

    def __init__(self) -> None:
        self.buffer = TextBuffer()
        self.top = 0  # the first row shown
        self.left = 0  # the first column shown (long lines scroll sideways)
        self.follow = True  # the next drawing scrolls the caret into view (not after a wheel)
        self.visible_rows = 20  # rows the last drawing showed (PageUp/PageDown)
        self.opened_text = ""
        self.shown: list[str] = []
        self.message = ""
        self.error = False
        self.error_row: int | None = None  # the row an error named, marked
        self.result: tuple[str | None, int | None, str | None] | None = None  # from Logo
        self.defined_as: str | None = None  # the workspace's text when this text was defined
        self.version = 0  # grows with every change: the window redraws the pane then
        self.highlight: int | None = None  # the row of the stepped line about to run
        self.step_labels: tuple[str, str] | None = None  # Step / Go on, while stepping
        self.step_rects: dict[str, pygame.Rect] = {}
        self.opened_by_step = False
        self.focused = True  # the pane has the keyboard (when it is shown)
        self.finder: LineEdit | None = None  # Ctrl+F's field, while finding
        self.find_label = "?"
        self.dragging = False
        self._last_click: tuple[tuple[int, int], float] | None = None
        self.is_primitive: Callable[[str], bool] = lambda name: False
        self.geometry: Any = None  # where the last drawing put rows (editor_view.Geometry)

    # the caret's row and column, as a plain editor's
    @property
    def lines(self) -> list[str]:
        return self.buffer.lines

    @property
    def row(self) -> int:
        return self.buffer.caret[0]

    @property
    def col(self) -> int:
        return self.buffer.caret[1]

    def open(self, text: str, names: list[str], hint: str,
             error_at: tuple[str, int, str] | None = None) -> None:
        """Show the workspace's ``text``; ``error_at`` (a procedure, a row of its text,
        the message) marks the line an error named."""
        self.version += 1
        self.focused = True
        if not self.error and text != self.defined_as:  # else it stays as typed (with
            # its comments and blank lines): an error to fix, or nothing changed since
            if text and not text.endswith("\n"):
                text += "\n"
            self.buffer.set_text(text)
            self.top = 0
            self.opened_text = self.text()
            self.shown = names
            self.message = hint
            self.error_row = None
        if error_at is not None:
            self.show_error(error_at)

    def show_error(self, error_at: tuple[str, int, str]) -> None:
        """Mark the line of a procedure an error named (a row of its text) and say it."""
        row = self._title_row(error_at[0])
        if row is not None:
            self.version += 1
            self.mark_error(min(row + error_at[1], len(self.lines) - 1))
            self.message = _one_line(error_at[2])

    def text(self) -> str:
        text = self.buffer.text()
        return text if text.endswith("\n") else text + "\n"

    def changed(self) -> bool:
        return self.text() != self.opened_text or self.error

    def finished(self, error: str | None, line: int | None = None,
                 workspace: str | None = None) -> None:
        """The interpreter thread's answer to a define (any thread): an error and the
        line of the text it named (1 is the first), or the workspace's text now."""
        self.result = (error, line, workspace)

    def take_result(self, ok_message: str) -> bool | None:
        """True: defined; False: an error (shown); None: no answer yet."""
        if self.result is None:
            return None
        (error, line, workspace), self.result = self.result, None
        self.version += 1
        self.error = error is not None
        self.message = _one_line(error) if error is not None else ok_message
        self.error_row = None
        if error is None:
            self.opened_text, self.defined_as = self.text(), workspace
        elif line:
            self.mark_error(line - 1)
        return error is None

    def mark_error(self, row: int) -> None:
        """Mark row ``row`` as the one an error named, the caret at its first word; a
        ``to`` with no ``end``: the caret where its ``end`` would go."""
        self.follow = True
        self.error_row = row = max(0, min(len(self.lines) - 1, row))
        line = self.lines[row]
        at = (row, len(line) - len(line.lstrip()))
        words = line.split()
        if words and words[0].lower() in DEFINING:
            last = row
            for r in range(row + 1, len(self.lines)):
                first = self.lines[r].split()[:1]
                if first and first[0].lower() in ("end", "конец"):
                    break
                if first and first[0].lower() in DEFINING:
                    at = (last, len(self.lines[last]))
                    break
                last = r if first else last
            else:
                at = (last, len(self.lines[last]))
        self.buffer.move_to(at)

    # --- keys -----------------------------------------------------------------------
    def wants_key(self, key: int, mods: int = 0) -> bool:
        """The keys the pane takes while it has the keyboard: not Esc (but to close
        Find), nor Ctrl+C with nothing selected (that stops, as everywhere)."""
        if key == pygame.K_c and mods & pygame.KMOD_CTRL:
            return self.buffer.selection() is not None
        return key != pygame.K_ESCAPE or self.finder is not None

    def text_input(self, s: str) -> None:
        self.version += 1
        self.follow = True
        if self.finder is not None:
            self.finder.insert(s)
            self.find_next(start_here=True)
        else:
            self.buffer.insert(s, typing=True)

    def key(self, key: int, mods: int = 0) -> str | None:
        """Editing keys; "apply" for Ctrl+Enter."""
        self.version += 1
        ctrl, shift = bool(mods & pygame.KMOD_CTRL), bool(mods & pygame.KMOD_SHIFT)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and ctrl:
            return "apply"
        if self.finder is not None and self._finder_key(key, shift):
            return None
        self.follow = True
        if ctrl and self._ctrl_key(key, shift):
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.buffer.new_line()
        elif key == pygame.K_BACKSPACE:
            self.buffer.backspace()
        elif key == pygame.K_DELETE:
            self.buffer.delete()
        elif key == pygame.K_TAB:
            self._indent(-1 if shift else 1)
        elif key == pygame.K_F3:
            self.find_next(backwards=shift)
        elif key in ARROWS:
            self._move(key, ctrl, shift)
        return None

    def _ctrl_key(self, key: int, shift: bool) -> bool:
        b = self.buffer
        if key == pygame.K_a:
            b.select_all()
        elif key == pygame.K_c:
            clipboard.put(b.selected_text())
        elif key == pygame.K_x:
            clipboard.put(b.cut())
        elif key == pygame.K_v:
            pasted = clipboard.get()
            if pasted:
                b.insert(pasted)
        elif key == pygame.K_z and not shift:
            b.undo()
        elif key == pygame.K_y or (key == pygame.K_z and shift):
            b.redo()
        elif key == pygame.K_f:
            self.finder = LineEdit(b.selected_text() if "\n" not in b.selected_text()
                                   else "")
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):  # a word at once
            if b.selection() is None:
                b.move_to(b.word_left(b.caret) if key == pygame.K_BACKSPACE
                          else b.word_right(b.caret), select=True)
            b.backspace()
        else:
            return False
        return True

    def _finder_key(self, key: int, shift: bool) -> bool:
        """Keys while Find is open: True when the field took the key."""
        assert self.finder is not None
        if key == pygame.K_ESCAPE:
            self.finder = None
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_F3):
            self.find_next(backwards=shift)
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            return False
        elif self.finder.key(key):
            self.find_next(start_here=True)
        else:
            return False
        return True

    def find_next(self, backwards: bool = False, start_here: bool = False) -> bool:
        """Select the next place of the Find field's text; False when there is none."""
        needle = self.finder.text if self.finder is not None else ""
        span = self.buffer.selection()
        b = self.buffer
        start = (span[0] if start_here or backwards else span[1]) if span else b.caret
        found = b.find(needle, start, forward=not backwards)
        if found is not None:
            b.select(*found)
        return found is not None

    def _indent(self, step: int) -> None:
        b = self.buffer
        span = b.selection()
        if span is None and step > 0:
            b.insert(INDENT)
            return
        caret = b.caret
        (r0, _), (r1, c1) = span or (caret, caret)
        rows = range(r0, r1 + (c1 > 0 or r0 == r1))
        b.set_text(b.text(), keep_undo=True)
        for r in rows:
            line = b.lines[r]
            b.lines[r] = INDENT + line if step > 0 else line[min(len(INDENT), len(line) -
                                                                 len(line.lstrip())):]
        if span is None:  # Shift+Tab on the caret's line: the caret stays on its word
            b.move_to((caret[0], caret[1] - (len(line) - len(b.lines[caret[0]]))))
        else:
            b.select((r0, 0), (rows[-1], len(b.lines[rows[-1]])))

    def _move(self, key: int, ctrl: bool, shift: bool) -> None:
        b = self.buffer
        row, col = b.caret
        span = b.selection()
        if span and not shift and key in (pygame.K_LEFT, pygame.K_RIGHT):
            b.move_to(span[0] if key == pygame.K_LEFT else span[1])
            return
        page = max(1, self.visible_rows - 1)
        targets = {
            pygame.K_UP: (row - 1, col), pygame.K_DOWN: (row + 1, col),
            pygame.K_PAGEUP: (row - page, col), pygame.K_PAGEDOWN: (row + page, col),
            pygame.K_HOME: (0, 0) if ctrl else (row, _home(b.lines[row], col)),
            pygame.K_END: (len(b.lines) - 1, len(b.lines[-1])) if ctrl
            else (row, len(b.lines[row])),
        }
        if key == pygame.K_LEFT:
            target = b.word_left(b.caret) if ctrl else (
                (row, col - 1) if col else (row - 1, len(b.lines[row - 1])) if row else (0, 0))
        elif key == pygame.K_RIGHT:
            target = b.word_right(b.caret) if ctrl else (
                (row, col + 1) if col < len(b.lines[row]) else (row + 1, 0)
                if row + 1 < len(b.lines) else (row, col))
        else:
            target = targets[key]
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_by(target[0] - row)
            self.follow = True
        b.move_to(target, select=shift)

    # --- the mouse ------------------------------------------------------------------
    def click(self, rect: pygame.Rect, pos: tuple[int, int], shift: bool = False) -> None:
        """A press of the mouse: the caret there (with Shift, the selection to there);
        dragging on stretches the selection."""
        self.version += 1
        self.focused = True
        at = editor_view.position_at(self, rect, pos)
        if at is None:
            return
        now = time.monotonic()
        double = self._last_click is not None and self._last_click[0] == at \
            and now - self._last_click[1] < DOUBLE_CLICK_S
        self._last_click = (at, now)
        if double and not shift:  # a double click selects the word
            line = self.lines[at[0]]
            start = end = at[1]
            while start > 0 and line[start - 1] not in WORD_BREAKS:
                start -= 1
            while end < len(line) and line[end] not in WORD_BREAKS:
                end += 1
            self.buffer.select((at[0], start), (at[0], end))
            return
        self.buffer.move_to(at, select=shift)
        self.dragging = self.follow = True

    def drag(self, rect: pygame.Rect, pos: tuple[int, int]) -> None:
        if not self.dragging:
            return
        at = editor_view.position_at(self, rect, pos, clamp=True)
        if at is not None and at != self.buffer.caret:
            self.version += 1
            self.follow = True
            self.buffer.move_to(at, select=True)

    def release(self) -> None:
        self.dragging = False

    # --- EDIT and STEP --------------------------------------------------------------
    def _title_row(self, name: str) -> int | None:
        key = name.lower()
        return next((i for i, line in enumerate(self.lines)
                     if line.split()[:1] and line.split()[0].lower() in DEFINING
                     and [w.lower() for w in line.split()[1:2]] == [key]), None)

    def show_procedure(self, name: str) -> None:
        """EDIT "name: the cursor and the top of the pane on ``to name``; a name with
        no definition in the text gets an empty one (``to name`` / ``end``) at the end."""
        self.version += 1
        row = self._title_row(name)
        b = self.buffer
        if row is None:
            text = b.text().rstrip("\n")
            text = (text + "\n\n" if text.strip() else "") + f"to {name}\nend\n"
            b.set_text(text, keep_undo=True)
            row = text.count("\n") - 2
        b.move_to((row, len(b.lines[row])))
        self.top, self.follow = row, True

    def highlight_line(self, name: str, row: int, labels: tuple[str, str]) -> None:
        """STEP: highlight row ``row`` of procedure ``name``'s text (its title is row 0)
        and bring it into view; show the Step and Go on buttons."""
        self.version += 1
        top = self._title_row(name)
        self.step_labels = labels
        if top is None:
            self.highlight = None
            return
        self.highlight = min(top + row, len(self.lines) - 1)
        self.buffer.move_to((self.highlight, 0))
        self.follow = True

    def end_stepping(self) -> None:
        self.version += 1
        self.highlight, self.step_labels, self.step_rects = None, None, {}
        self.opened_by_step = False

    def step_button(self, pos: tuple[int, int]) -> str | None:
        """"step" or "go_on" when ``pos`` is on one of those buttons."""
        return next((a for a, r in self.step_rects.items() if r.collidepoint(pos)), None)

    def scroll_by(self, n: int) -> None:
        self.version += 1
        self.follow = False
        self.top = max(0, min(len(self.lines) - self.visible_rows, self.top + n))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        editor_view.draw(self, surface, rect)


def _one_line(message: str) -> str:
    """An error's lines (message, where, the line) in one, for the pane's header."""
    return "  \u00b7  ".join(part.strip() for part in message.strip().split("\n"))


def _home(line: str, col: int) -> int:
    """Home: the first non-blank character, or the line's start when already there."""
    first = len(line) - len(line.lstrip())
    return 0 if col == first else first
