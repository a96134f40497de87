"""The command center: an input line, its history, and what programs printed.

Enter runs the line (during a PAUSE the prompt names the procedure, ``f? ``, and the line
runs inside it); a ``to`` typed line by line stays open (prompt ``>``) until its
``end``, and a line with an open ``[`` or ``(`` goes on (prompt ``~``), as in the terminal
REPL; Up/Down walk the history; PageUp/PageDown and the
mouse wheel scroll the output.  Output and error text (from the window host's outbox)
appear in the order they happened, errors in red.
"""

from __future__ import annotations

import pygame

from ..session.workspace import more_prompt
from . import style

MAX_LINES = 3000
PROMPT = "? "
SIZE = 14


class LineEdit:
    """One line of text with a cursor (the command center's input, dialogs' fields)."""

    def __init__(self, text: str = "") -> None:
        self.text = text
        self.cursor = len(text)

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
             colour=style.TEXT, caret: bool = True) -> None:
        f = style.font(SIZE, mono=True)
        style.text(surface, prefix + self.text, pos, colour, SIZE, mono=True)
        if caret:
            x = pos[0] + f.size(prefix + self.text[:self.cursor])[0]
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
        self.scroll = 0
        self.version = 0  # grows with every change: the window redraws the panel then

    # --- output ---------------------------------------------------------------------
    def feed(self, chunks: list[tuple[str, str]]) -> None:
        """Text from the host: ("out" | "err" | "clear", text)."""
        if chunks:
            self.version += 1
        for kind, text in chunks:
            if kind == "clear":
                self.lines, self.open_line = [], False
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
            self.pending, self.prompt = [], PROMPT
            return "stop"
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._enter()
        if key in (pygame.K_UP, pygame.K_DOWN):
            self._walk_history(-1 if key == pygame.K_UP else 1)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_by(10 if key == pygame.K_PAGEUP else -10)
        elif ctrl and key == pygame.K_v:
            self.text_input(_clipboard().replace("\r", "").split("\n")[0])
        else:
            self.edit.key(key)
        return None

    def _enter(self) -> str | None:
        line = self.edit.text
        self.echo(line, self.prompt)
        if line.strip():
            self.history.append(line)
        self.hist_pos = len(self.history)
        self.edit.set("")
        self.scroll = 0
        self.pending.append(line)
        self.prompt = more_prompt("\n".join(self.pending)) or PROMPT
        if self.prompt != PROMPT:
            return None
        if not any(p.strip() for p in self.pending):
            self.pending = []  # only blank lines: nothing to run
            return None
        return "run"

    def take(self) -> str:
        """The complete instruction Enter finished."""
        text, self.pending = "\n".join(self.pending), []
        return text

    def _walk_history(self, step: int) -> None:
        self.hist_pos = max(0, min(len(self.history), self.hist_pos + step))
        self.edit.set(self.history[self.hist_pos] if self.hist_pos < len(self.history) else "")

    def scroll_by(self, n: int) -> None:
        self.version += 1
        self.scroll = max(0, min(len(self.lines), self.scroll + n))

    # --- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect, focused: bool) -> None:
        pygame.draw.rect(surface, style.PANEL, rect)
        pygame.draw.rect(surface, style.ACCENT if focused else style.BORDER, rect, 1)
        f = style.font(SIZE, mono=True)
        line_h = f.get_linesize()
        columns = max(10, (rect.w - 12) // max(1, f.size("M")[0]))
        rows = [(kind, piece) for kind, text in self.lines for piece in _wrap(text, columns)]
        visible = max(1, (rect.h - 8) // line_h - 1)
        end = len(rows) - self.scroll
        shown = rows[max(0, end - visible):end]
        y = rect.bottom - 4 - line_h * (len(shown) + 1)
        colours = {"err": style.ERROR, "in": style.INPUT, "note": style.MUTED}
        for kind, piece in shown:
            style.text(surface, piece, (rect.x + 6, y), colours.get(kind, style.TEXT), SIZE,
                       mono=True)
            y += line_h
        self.edit.draw(surface, (rect.x + 6, rect.bottom - 4 - line_h),
                       self.prompt, caret=focused)


def _wrap(text: str, columns: int) -> list[str]:
    if len(text) <= columns:
        return [text]
    return [text[i:i + columns] for i in range(0, len(text), columns)]


def _clipboard() -> str:
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""
