"""The Open and Save dialog, drawn over the window: the folders and lesson files of one
folder, the recent files (Open), and a line to type in.

- Typing filters the list (Open) or gives the file's name (Save); Up/Down choose,
  Enter opens the folder or the file chosen (or the path typed), Backspace on an empty
  line goes up a folder, Esc cancels.
- The mouse: a click on a folder (or ``..``) goes into it, a click on a file chooses it,
  a second click opens it; a recent file opens at once; the wheel scrolls.
- Save never replaces another file silently: it asks first (the lesson's own file, as
  Save of an open lesson, is saved without asking).  Its proposed name is selected:
  typing replaces it, an arrow key keeps it to edit.
- Folders of code (``__pycache__``, a virtual environment, a Python package without
  lessons) are not listed; the recent files show their whole paths, one line a file.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import NamedTuple

import pygame

from .command_center import LineEdit
from .file_dialog_view import draw_dialog
from .folders import hidden_folder, is_protected

WIDTH, HEIGHT = 660, 460


class Entry(NamedTuple):
    kind: str  # "up", "folder" or "file"
    name: str
    path: str


def listing(folder: str, extension: str) -> list[Entry]:
    """``..``, the folders, then the files ending in ``extension`` (hidden ones left out)."""
    try:
        names = sorted(os.listdir(folder), key=str.lower)
    except OSError:
        names = []
    up = [Entry("up", "..", os.path.dirname(folder))] if os.path.dirname(folder) != folder \
        else []
    paths = [(n, os.path.join(folder, n)) for n in names if not n.startswith(".")]
    folders = [Entry("folder", n, p) for n, p in paths
               if os.path.isdir(p) and not hidden_folder(p)]
    files = [Entry("file", n, p) for n, p in paths
             if os.path.isfile(p) and n.lower().endswith(extension)]
    return up + folders + files


class FileDialog:
    """One Open or Save dialog; ``done(path)`` is called once: the file's path, or None
    when cancelled."""

    kind = "file"

    def __init__(self, title: str, done: Callable[[str | None], None], extension: str = ".lgo",
                 initial: str = "", save: bool = False, folder: str | None = None,
                 recent: list[str] | None = None, current: str | None = None) -> None:
        self.title, self.done, self.extension, self.save = title, done, extension, save
        self.folder = os.path.abspath(folder or os.getcwd())
        self.edit = LineEdit(initial)
        self.filtering = not save  # Save's first name filters nothing until it is edited
        self.recent = _one_per_file(recent or [])
        self.name_selected = save and bool(initial)  # typing replaces the proposed name
        self.current = os.path.abspath(current) if current else None
        self.confirm: str | None = None  # the path that Save would replace, asked about
        self.closed = False
        self.clicked = -1  # the file clicked last (a second click opens it)
        self.selected, self.top = (0, 0)
        self.entries = listing(self.folder, extension)
        self.rect = pygame.Rect(0, 0, WIDTH, HEIGHT)
        self.ok_rect = pygame.Rect(0, 0, 110, 28)
        self.cancel_rect = pygame.Rect(0, 0, 110, 28)
        self.row_rects: list[tuple[pygame.Rect, Entry]] = []
        self.recent_rects: list[tuple[pygame.Rect, str]] = []
        self.rows = 10
        if self.filtering or not initial:
            self.selected = self._first_match()

    # --- what is shown --------------------------------------------------------------
    def visible(self) -> list[Entry]:
        """The entries the typed text matches (``..`` always stays)."""
        text = self.edit.text.strip().lower()
        if not self.filtering or not text or os.sep in text:
            return self.entries
        return [e for e in self.entries if e.kind == "up" or text in e.name.lower()]

    def _first_match(self) -> int:
        """The first entry after ``..`` when something is typed (or a first file)."""
        shown = self.visible()
        if not self.edit.text.strip():
            return 0
        return 1 if len(shown) > 1 and shown[0].kind == "up" else 0

    def finish(self, reply: str | None) -> None:
        if not self.closed:
            self.closed = True
            self.done(reply)

    def go(self, folder: str) -> None:
        """Show another folder (the typed line is cleared)."""
        self.folder = os.path.abspath(folder)
        self.entries = listing(self.folder, self.extension)
        if self.filtering or not self.save:
            self.edit.set("")
        files = [i for i, e in enumerate(self.entries) if e.kind == "file"]
        self.selected, self.top = (files[0] if files else 0), 0  # Enter opens the first file
        self.clicked = -1

    # --- keys -----------------------------------------------------------------------
    def text_input(self, s: str) -> None:
        if self.confirm is None:
            if self.name_selected:
                self.edit.set("")
                self.name_selected = False
            self.edit.insert(s)
            self.filtering = True
            self.selected, self.top = self._first_match(), 0

    def key(self, key: int) -> None:
        enter = key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if self.confirm is not None:  # "replace it?"
            if enter:
                self.finish(self.confirm)
            elif key == pygame.K_ESCAPE:
                self.confirm = None
            return
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.rows,
                 pygame.K_PAGEDOWN: self.rows}
        if enter:
            self.accept()
        elif key == pygame.K_ESCAPE:
            self.finish(None)
        elif key in moves:
            self.move(moves[key])
        elif key == pygame.K_BACKSPACE and not self.edit.text:
            self.go(os.path.dirname(self.folder))
        elif self.name_selected and key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.edit.set("")  # the selected name goes at once
            self.name_selected = False
        elif self.edit.key(key):
            self.name_selected = False
            self.filtering = True
            self.selected, self.top = self._first_match(), 0

    def move(self, by: int) -> None:
        n = len(self.visible())
        self.selected = max(0, min(n - 1, self.selected + by))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.rows:
            self.top = self.selected - self.rows + 1

    def wheel(self, dy: int) -> None:
        self.top = max(0, min(len(self.visible()) - self.rows, self.top - 3 * dy))

    def accept(self) -> None:
        """Enter or OK: the folder or file typed, else the entry chosen (Save: the name
        typed is the file's)."""
        typed = os.path.expanduser(self.edit.text.strip())
        path = os.path.join(self.folder, typed) if typed else ""
        if typed and os.path.isdir(path):
            self.go(path)
        elif typed and self.save:
            self.choose_path(path)
        elif typed and not self.save and os.path.isfile(path):
            self.finish(path)
        elif typed and os.path.isfile(path + self.extension):
            self.finish(path + self.extension)
        else:
            shown = self.visible()
            entry = shown[min(self.selected, len(shown) - 1)] if shown else None
            if entry is not None and not (typed and entry.kind == "up"):  # no match: stay
                self.choose(entry)

    def choose(self, entry: Entry) -> None:
        if entry.kind in ("up", "folder"):
            self.go(entry.path)
        elif self.save:
            self.edit.set(entry.name)
            self.choose_path(entry.path)
        else:
            self.finish(entry.path)

    def choose_path(self, path: str) -> None:
        """A file's path: Save adds the extension (if not there) and asks before replacing
        another file."""
        if self.save and not path.lower().endswith(self.extension):
            path += self.extension
        if self.save and os.path.exists(path) and os.path.abspath(path) != self.current \
                and not is_protected(path):  # refused at once by the saver, never replaced
            self.confirm = path
        else:
            self.finish(path)

    # --- the mouse ------------------------------------------------------------------
    def click(self, pos: tuple[int, int]) -> None:
        if self.ok_rect.collidepoint(pos):
            self.key(pygame.K_RETURN)
        elif self.cancel_rect.collidepoint(pos):
            self.key(pygame.K_ESCAPE) if self.confirm is None else setattr(self, "confirm", None)
        elif self.confirm is not None:
            return
        for rect, path in self.recent_rects:
            if rect.collidepoint(pos):
                self.finish(path)
                return
        for i, (rect, entry) in enumerate(self.row_rects):
            if rect.collidepoint(pos):
                self._click_entry(self.top + i, entry)
                return

    def _click_entry(self, index: int, entry: Entry) -> None:
        """A folder opens at one click, a file at the second click on it."""
        if entry.kind != "file" or index == self.clicked:
            self.choose(entry)
            return
        self.selected = self.clicked = index
        if self.save:
            self.edit.set(entry.name)
            self.filtering = False
            self.name_selected = True

    # --- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, words: Callable[..., str]) -> None:
        draw_dialog(self, surface, words)


def _one_per_file(paths: list[str]) -> list[str]:
    """Each file once, by its real path (two names of one file are one line)."""
    seen: set[str] = set()
    out = []
    for path in paths:
        real = os.path.realpath(path)
        if real not in seen:
            seen.add(real)
            out.append(os.path.abspath(path))
    return out
