"""The command center: an input line, its history, and what programs printed.

Enter runs the line (during a PAUSE the prompt names the procedure, ``f? ``, and the line
runs inside it); a ``to`` typed line by line stays open (prompt ``>``) until its
``end``, and a line with an open ``[`` or ``(`` goes on (prompt ``~``), as in the terminal
REPL; Up/Down walk the history; PageUp/PageDown move the output by what is visible,
stopping at its ends, and the mouse wheel scrolls it.  Output and error text (from the
window host's outbox) appear in the order they happened, errors in red, wrapped at word
boundaries.  Ctrl+V pastes the clipboard: a text of several lines runs line by line, in
order, each when the one before has finished, as if typed.  A line longer than the panel
scrolls sideways, the caret always in view.
"""

from __future__ import annotations

from typing import Any

import pygame

from ..session.workspace import more_prompt
from . import clipboard, style

MAX_LINES = 3000
PROMPT = "? "
SIZE = 14
READABLE = (9, 28)  # the text sizes SETTEXTSIZE may give the panel (pixels)


class LineEdit:
    """One line of text with a cursor (the command center's input, dialogs' fields)."""

    def __init__(self, text: str = "") -> None:
        self.text = text
        self.cursor = len(text)
        self.shift = 0  # pixels scrolled sideways (a text wider than its field)

    def set(self, text: str) -> None:
        self.text, self.cursor = text, len(text)

    def insert(self, s: str) -> None:
        self.text = self.text[:self.cursor] + s + self.text[self.cursor:]
        self.cursor += len(s)

    def key(self, key: int) -> bool:
        """Cursor and deletion keys; False for any other key."""
        t, c = self.text, self.cursor
        if key == pygame.K_BACKSPACE and c > 0:
            self.text, self.cursor = t[:c - 1] + t[c:], c - 1
        elif key == pygame.K_DELETE:
            self.text = t[:c] + t[c + 1:]
        elif key == pygame.K_LEFT:
            self.cursor = max(0, c - 1)
        elif key == pygame.K_RIGHT:
            self.cursor = min(len(t), c + 1)
        elif key == pygame.K_HOME:
            self.cursor = 0
        elif key == pygame.K_END:
            self.cursor = len(t)
        else:
            return key == pygame.K_BACKSPACE
        return True

    def draw(self, surface: pygame.Surface, pos: tuple[int, int], prefix: str = "",
             colour=style.TEXT, caret: bool = True, width: int | None = None,
             size: int = SIZE) -> None:
        """The text at ``pos``; given a ``width``, a longer text scrolls sideways so
        that the caret stays in view."""
        f = style.font(size, mono=True)
        image = f.render(prefix + self.text, True, colour)
        x = f.size(prefix + self.text[:self.cursor])[0]
        if width is None:
            surface.blit(image, pos)
        else:
            self.shift = _keep_in_view(self.shift, x, image.get_width(), width)
            x -= self.shift
            surface.blit(image, pos, pygame.Rect(self.shift, 0, width, image.get_height()))
        if caret:
            x += pos[0]
            pygame.draw.line(surface, colour, (x, pos[1] + 1), (x, pos[1] + f.get_height() - 1))


class CommandCenter:
    """The input line and the output above it."""

    def __init__(self, welcome: str = "") -> None:
        self.lines: list[tuple[str, str]] = [("note", welcome)] if welcome else []
        self.open_line = False  # the last output line has no newline yet
        self.edit = LineEdit()
        self.pending: list[str] = []
        self.prompt = PROMPT  # "> " inside a TO, "~ " while a line goes on
        self.history: list[str] = []
        self.hist_pos = 0
        self.scroll = 0  # output rows scrolled back from the newest
        self.rows_shown = 10  # output rows the last drawing had room for
        self.rows_total = 0  # output rows (wrapped) at the last drawing
        self.pasted: list[str] = []  # pasted lines still to run, in order
        self.version = 0  # grows with every change: the window redraws the panel then
        self.size = SIZE  # SETTEXTSIZE's, within READABLE
        self.colours: tuple[tuple, tuple] | None = None  # SETTEXTCOLOR's (text, under it)

    # --- output ---------------------------------------------------------------------
    def feed(self, chunks: list[tuple[str, Any]]) -> None:
        """Text from the host: ("out" | "err" | "clear", text), or ("style", (font,
        size, colours)) from SETTEXTSIZE, SETTEXTCOLOR and the like."""
        if chunks:
            self.version += 1
        for kind, text in chunks:
            if kind == "clear":
                self.lines, self.open_line = [], False
                continue
            if kind == "style":  # SETTEXTSIZE, SETTEXTCOLOR: (font, size, colours)
                self._restyle(*text)
                continue
            if kind == "prompt":  # a PAUSE's nested level (``f? ``), or its end
                if not self.pending:
                    self.prompt = text
                continue
            parts = text.split("\n")
            for i, part in enumerate(parts):
                last = i == len(parts) - 1
                if last and part == "":
                    self.open_line = False
                    break
                if self.open_line and self.lines and self.lines[-1][0] == kind:
                    self.lines[-1] = (kind, self.lines[-1][1] + part)
                else:
                    self.lines.append((kind, part))
                self.open_line = last
        del self.lines[:-MAX_LINES]

    def _restyle(self, font: object, size: int, colours: tuple | None) -> None:
        """The program's text size (kept readable) and colours, for all the text."""
        self.size = max(READABLE[0], min(READABLE[1], int(size) + SIZE - 12))
        self.colours = colours

    def echo(self, text: str, prompt: str) -> None:
        self.version += 1
        self.open_line = False
        self.lines.append(("in", prompt + text))

    # --- keys -----------------------------------------------------------------------
    def text_input(self, text: str) -> None:
        self.version += 1
        self.edit.insert(text)
        self.scroll = 0

    def key(self, key: int, mods: int = 0) -> str | None:
        """A key: "run" (then :meth:`take` the instruction), "stop", or None."""
        ctrl = mods & pygame.KMOD_CTRL
        self.version += 1
        if key == pygame.K_ESCAPE or (ctrl and key == pygame.K_c):
            self.pending, self.prompt, self.pasted = [], PROMPT, []
            return "stop"
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._enter()
        if key in (pygame.K_UP, pygame.K_DOWN):
            self._walk_history(-1 if key == pygame.K_UP else 1)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = max(1, self.rows_shown - 1)  # one row stays, to read on from
            self.scroll_by(page if key == pygame.K_PAGEUP else -page)
        elif ctrl and key == pygame.K_v:
            self.paste(clipboard.get())
        else:
            self.edit.key(key)
        return None

    def _enter(self) -> str | None:
        line = self.edit.text
        self.edit.set("")
        self.scroll = 0
        if self.pasted:  # typed while a paste runs: it runs after the pasted lines
            self.pasted.append(line)
            return None
        return self._line(line)

    def _line(self, line: str) -> str | None:
        """A line entered: echoed, remembered; "run" when it ends an instruction."""
        self.echo(line, self.prompt)
        if line.strip():
            self.history.append(line)
        self.hist_pos = len(self.history)
        self.pending.append(line)
        self.prompt = more_prompt("\n".join(self.pending)) or PROMPT
        if self.prompt != PROMPT:
            return None
        if not any(p.strip() for p in self.pending):
            self.pending = []  # only blank lines: nothing to run
            return None
        return "run"

    def paste(self, text: str) -> None:
        """One line goes into the input line; several lines (the first one after what
        was typed) are queued, to run one by one (:meth:`next_pasted`), the last too."""
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()  # the newline ending the last line
        if len(lines) <= 1:
            self.text_input(lines[0] if lines else "")
            return
        self.version += 1
        lines[0] = self.edit.text + lines[0]
        self.edit.set("")
        self.pasted += lines

    def next_pasted(self, ready: bool) -> str | None:
        """While lines are pasted and the interpreter is ``ready`` for one: enter them,
        until one ends an instruction (returned, to run); the input line is left alone."""
        while self.pasted and ready:
            self.version += 1
            if self._line(self.pasted.pop(0)) == "run":
                return self.take()
        return None

    def take(self) -> str:
        """The complete instruction Enter finished."""
        text, self.pending = "\n".join(self.pending), []
        return text

    def _walk_history(self, step: int) -> None:
        self.hist_pos = max(0, min(len(self.history), self.hist_pos + step))
        self.edit.set(self.history[self.hist_pos] if self.hist_pos < len(self.history) else "")

    def scroll_by(self, n: int) -> None:
        """Scroll the output back (``n`` > 0) or on, never past its ends."""
        self.version += 1
        self.scroll = max(0, min(self.rows_total - self.rows_shown, self.scroll + n))

    # --- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect, focused: bool) -> None:
        ink, paper = self.colours or (style.TEXT, style.PANEL)
        pygame.draw.rect(surface, paper, rect)
        pygame.draw.rect(surface, style.ACCENT if focused else style.BORDER, rect, 1)
        f = style.font(self.size, mono=True)
        line_h = f.get_linesize()
        columns = max(10, (rect.w - 12) // max(1, f.size("M")[0]))
        rows = [(kind, piece) for kind, text in self.lines for piece in _wrap(text, columns)]
        visible = max(1, (rect.h - 8) // line_h - 1)
        self.rows_shown, self.rows_total = visible, len(rows)
        self.scroll = max(0, min(len(rows) - visible, self.scroll))
        end = len(rows) - self.scroll
        shown = rows[max(0, end - visible):end]
        y = rect.bottom - 4 - line_h * (len(shown) + 1)
        colours = {"err": style.ERROR, "in": style.INPUT, "note": style.MUTED}
        if self.colours:  # a program's colours: all but the errors in its text colour
            colours = {"err": style.ERROR}
        for kind, piece in shown:
            style.text(surface, piece, (rect.x + 6, y), colours.get(kind, ink), self.size,
                       mono=True)
            y += line_h
        self.edit.draw(surface, (rect.x + 6, rect.bottom - 4 - line_h), self.prompt,
                       colour=ink, caret=focused, width=rect.w - 12, size=self.size)


def _wrap(text: str, columns: int) -> list[str]:
    """The text in rows of at most ``columns`` characters, broken after a space where
    it has one (a word longer than a row is cut)."""
    rows: list[str] = []
    while len(text) > columns:
        cut = text.rfind(" ", 0, columns + 1)
        cut = columns if cut <= 0 else cut + 1
        rows.append(text[:cut].rstrip(" ") if cut < len(text) else text[:cut])
        text = text[cut:]
    rows.append(text)
    return rows


def _keep_in_view(shift: int, caret_x: int, text_w: int, width: int) -> int:
    """The sideways shift (pixels) that keeps the caret at ``caret_x`` in a field
    ``width`` wide, moving it only when the caret would leave the field."""
    margin = min(40, width // 4)
    if caret_x - shift > width - margin:
        shift = caret_x - width + margin
    elif caret_x - shift < margin:
        shift = caret_x - margin
    return max(0, min(shift, max(0, text_w - width + margin)))
