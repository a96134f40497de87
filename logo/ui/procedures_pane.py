"""The procedures pane, MicroWorlds' "flip side" of the page: the workspace's procedures
as text to edit.  Ctrl+Enter, or flipping back to the page, defines them (procedures
deleted from the text are erased); an error is shown above the text, which stays as
typed until it is fixed.

While a stepped procedure runs (STEP), the line about to run is highlighted and the
pane shows the Step and Go on buttons (F10 and F5).
"""

from __future__ import annotations

import pygame

from . import style

SIZE = 14


class ProceduresPane:
    """A small multi-line editor and the state of its last "define"."""

    def __init__(self) -> None:
        self.lines = [""]
        self.row = self.col = 0
        self.top = 0
        self.opened_text = ""
        self.shown: list[str] = []
        self.message = ""
        self.error = False
        self.result: tuple[str | None] | None = None  # set by the interpreter thread
        self.version = 0  # grows with every change: the window redraws the pane then
        self.highlight: int | None = None  # the row of the stepped line about to run
        self.step_labels: tuple[str, str] | None = None  # Step / Go on, while stepping
        self.step_rects: dict[str, pygame.Rect] = {}
        self.opened_by_step = False

    def open(self, text: str, names: list[str], hint: str) -> None:
        self.version += 1
        if not self.error:  # a text with an error stays as typed
            self.lines = text.split("\n") if text else [""]
            self.row, self.col, self.top = 0, 0, 0
            self.opened_text = self.text()
            self.shown = names
            self.message = hint

    def text(self) -> str:
        return "\n".join(self.lines)

    def changed(self) -> bool:
        return self.text() != self.opened_text or self.error

    def finished(self, error: str | None) -> None:
        """The interpreter thread's answer to a define (any thread)."""
        self.result = (error,)

    def take_result(self, ok_message: str) -> bool | None:
        """True: defined; False: an error (shown); None: no answer yet."""
        if self.result is None:
            return None
        (error,), self.result = self.result, None
        self.version += 1
        self.error = error is not None
        self.message = error if error is not None else ok_message
        if error is None:
            self.opened_text = self.text()
        return error is None

    # --- editing --------------------------------------------------------------------
    def text_input(self, s: str) -> None:
        self.version += 1
        line = self.lines[self.row]
        self.lines[self.row] = line[:self.col] + s + line[self.col:]
        self.col += len(s)

    def key(self, key: int, mods: int = 0) -> str | None:
        """Editing keys; "apply" for Ctrl+Enter."""
        self.version += 1
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if mods & pygame.KMOD_CTRL:
                return "apply"
            line = self.lines[self.row]
            self.lines[self.row:self.row + 1] = [line[:self.col], line[self.col:]]
            self.row, self.col = self.row + 1, 0
        elif key == pygame.K_BACKSPACE:
            self._backspace()
        elif key == pygame.K_DELETE:
            self._delete()
        elif key == pygame.K_TAB:
            self.text_input("  ")
        else:
            self._move(key, bool(mods & pygame.KMOD_CTRL))
        return None

    def _backspace(self) -> None:
        if self.col > 0:
            line = self.lines[self.row]
            self.lines[self.row] = line[:self.col - 1] + line[self.col:]
            self.col -= 1
        elif self.row > 0:
            self.col = len(self.lines[self.row - 1])
            self.lines[self.row - 1] += self.lines.pop(self.row)
            self.row -= 1

    def _delete(self) -> None:
        line = self.lines[self.row]
        if self.col < len(line):
            self.lines[self.row] = line[:self.col] + line[self.col + 1:]
        elif self.row + 1 < len(self.lines):
            self.lines[self.row] += self.lines.pop(self.row + 1)

    def _move(self, key: int, ctrl: bool = False) -> None:
        if ctrl and key in (pygame.K_HOME, pygame.K_END):  # the start or end of the text
            self.row = 0 if key == pygame.K_HOME else len(self.lines) - 1
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -20,
                 pygame.K_PAGEDOWN: 20}
        if key in moves:
            self.row = max(0, min(len(self.lines) - 1, self.row + moves[key]))
        elif key == pygame.K_LEFT and self.col > 0:
            self.col -= 1
        elif key == pygame.K_RIGHT:
            self.col += 1
        elif key == pygame.K_HOME:
            self.col = 0
        elif key == pygame.K_END:
            self.col = len(self.lines[self.row])
        self.col = min(self.col, len(self.lines[self.row]))

    def click(self, rect: pygame.Rect, pos: tuple[int, int]) -> None:
        self.version += 1
        f = style.font(SIZE, mono=True)
        row = self.top + (pos[1] - rect.y - 28) // f.get_linesize()
        self.row = max(0, min(len(self.lines) - 1, row))
        self.col = min(len(self.lines[self.row]), max(0, (pos[0] - rect.x - 8) // f.size("M")[0]))

    def show_procedure(self, name: str) -> None:
        """EDIT "name: the cursor and the top of the pane on ``to name``; a name with
        no definition in the text gets an empty one (``to name`` / ``end``) at the end."""
        self.version += 1
        key = name.lower()
        row = next((i for i, line in enumerate(self.lines)
                    if [w.lower() for w in line.split()[:2]] == ["to", key]), None)
        if row is None:
            if self.lines == [""]:
                self.lines = []
            elif self.lines[-1].strip():
                self.lines.append("")
            self.lines += [f"to {name}", "end"]
            row = len(self.lines) - 2
        self.row, self.col, self.top = row, len(self.lines[row]), row

    def highlight_line(self, name: str, row: int, labels: tuple[str, str]) -> None:
        """STEP: highlight row ``row`` of procedure ``name``'s text (its title is row 0)
        and bring it into view; show the Step and Go on buttons."""
        self.version += 1
        key = name.lower()
        top = next((i for i, line in enumerate(self.lines)
                    if [w.lower() for w in line.split()[:2]] == ["to", key]), None)
        self.step_labels = labels
        if top is None:
            self.highlight = None
            return
        self.highlight = min(top + row, len(self.lines) - 1)
        self.row, self.col = self.highlight, 0

    def end_stepping(self) -> None:
        self.version += 1
        self.highlight, self.step_labels, self.step_rects = None, None, {}
        self.opened_by_step = False

    def step_button(self, pos: tuple[int, int]) -> str | None:
        """"step" or "go_on" when ``pos`` is on one of those buttons."""
        return next((a for a, r in self.step_rects.items() if r.collidepoint(pos)), None)

    def scroll_by(self, n: int) -> None:
        self.version += 1
        self.top = max(0, min(len(self.lines) - 1, self.top + n))

    # --- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, (255, 255, 255), rect)
        pygame.draw.rect(surface, style.ACCENT, rect, 1)
        style.text(surface, self.message, (rect.x + 8, rect.y + 5),
                   style.ERROR if self.error else style.MUTED, 13)
        f = style.font(SIZE, mono=True)
        line_h = f.get_linesize()
        rows = max(1, (rect.h - 34) // line_h)
        if self.row < self.top:
            self.top = self.row
        elif self.row >= self.top + rows:
            self.top = self.row - rows + 1
        y = rect.y + 28
        for i, line in enumerate(self.lines[self.top:self.top + rows], self.top):
            if i == self.highlight:
                pygame.draw.rect(surface, style.SELECTED, (rect.x + 2, y, rect.w - 4, line_h))
            style.text(surface, line, (rect.x + 8, y), style.TEXT, SIZE, mono=True)
            if i == self.row:
                x = rect.x + 8 + f.size(line[:self.col])[0]
                pygame.draw.line(surface, style.TEXT, (x, y + 1), (x, y + line_h - 2))
            y += line_h
        self._draw_step_buttons(surface, rect)

    def _draw_step_buttons(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.step_rects = {}
        if self.step_labels is None:
            return
        f = style.font()
        x = rect.right - 6
        for action, label in reversed(list(zip(("step", "go_on"), self.step_labels))):
            w = f.size(label)[0] + 20
            x -= w
            self.step_rects[action] = r = pygame.Rect(x, rect.y + 3, w, 22)
            style.button(surface, r, label, hot=action == "step")
            x -= 6
