"""Saving the learner's work, and never dropping it without asking.

- Save (Ctrl+S) writes the learner's own lesson file again; a lesson opened from the
  package, a recovered workspace or a new one asks where first (Save As, Ctrl+Shift+S,
  always asks), starting in the learner's folder (``folders.py``).  Nothing is ever
  written into the shipped lessons, the installed packages or the cache folder.
- New, Open, a lesson from the gallery, Quit and the window's close button ask
  Save / Don't save / Cancel (``confirm.py``) when the lesson has unsaved changes
  (``changes.py``); "Save" saves first (asking where if need be) and goes on only once
  the file is written.
- The title shows the lesson's file name, marked with ``*`` while it has unsaved changes.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pygame

from ..session.loadpath import locate
from ..session.streams import streams
from .confirm import SaveChanges
from .dialogs import Dialog
from .file_dialog import FileDialog
from .folders import in_cache, is_protected, own_file, start_folder

EXPORTS = {"png": ("export_png", ".png"), "svg": ("export_svg", ".svg")}
UNTITLED = "lesson.lgo"


class Saving:
    """The window's Save, Save As, exports, and the question before dropping work."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._title: str | None = None
        self.ended_unasked = False

    # --- every frame ----------------------------------------------------------------
    def update(self) -> None:
        """Run what finished saves go on with, keep the changes known, mark the title."""
        s = self.app.session
        while s.ui_calls:
            s.ui_calls.pop(0)()
        if s.changes.due():
            s.changes.wanted = True
            s.scheduler.request_between()
        title = self.title()
        if title != self._title:
            self._title = title
            pygame.display.set_caption(title)

    def title(self) -> str:
        s, words = self.app.session, self.app.words
        if s.file is None and not s.changes.unsaved:
            return words("title")
        name = os.path.basename(s.file) if s.file else words("untitled")
        return ("*" if s.changes.unsaved else "") + name + " \u2014 " + words("title")

    # --- asking before dropping work ------------------------------------------------
    def guard(self, then: Callable[[], object]) -> None:
        """Do ``then`` at once when nothing is unsaved; else ask Save / Don't save /
        Cancel first."""
        s = self.app.session
        pane = self.app.flipped and self.app.pane.changed()  # edits not yet defined
        if not pane and not s.changes.unsaved_now(s.busy):
            then()
            return
        name = os.path.basename(s.file) if s.file else self.app.words("untitled")

        def done(choice: str | None) -> None:
            if choice == "save":
                self.save(then)
            elif choice == "discard":
                then()

        self.app.show_dialog(SaveChanges(self.app.words("save_changes", name=name), done))

    def quit(self) -> None:
        """Ctrl+Q or the window manager's close button (WINDOWCLOSE)."""
        if any(isinstance(d, SaveChanges) for d in [self.app.dialog, *self.app.dialogs]):
            return  # already asking

        def end() -> None:
            self.app.running = False

        self.guard(end)

    def end_now(self) -> None:
        """The system asked the program to end (SIGTERM, a logout): no time to ask."""
        self.ended_unasked = True
        self.app.running = False

    def keep_recovery(self) -> bool:
        """Ended without asking (BYE, or :meth:`end_now`) with unsaved changes: they
        stay in the recovery file, offered at the next start."""
        s = self.app.session
        return (s.bye or self.ended_unasked) and s.changes.unsaved_now(False)

    # --- Save, Save As --------------------------------------------------------------
    def _target(self) -> str | None:
        """Save's file: the latest LOAD's or SAVE's (as UCBLogo's (SAVE)), else the
        lesson's."""
        interp = self.app.session.interp
        last = streams(interp).last_file
        return locate(interp, last) if last else self.app.session.file

    def save(self, then: Callable[[], object] | None = None) -> None:
        """Ctrl+S: the lesson's own file when it is the learner's; else Save As."""
        self._apply_pane()
        s = self.app.session
        target = self._target()
        if target and s.file and os.path.abspath(target) == os.path.abspath(s.file) \
                and own_file(target):
            s.save(target, then)
        else:
            self.save_as(then, target)

    def save_as(self, then: Callable[[], object] | None = None,
                proposed: str | None = None) -> None:
        """Ask where to save (the name field selected, so typing replaces it)."""
        self._apply_pane()
        s = self.app.session
        proposed = proposed or s.file
        folder = start_folder(proposed)
        initial = os.path.basename(proposed) if proposed and not in_cache(proposed) \
            else UNTITLED
        current = s.file if own_file(s.file) else None

        def chosen(path: str) -> None:
            if self._refused(path, lambda: self.save_as(then, proposed)):
                return
            s.save(path, then)

        self._ask("save_file", ".lgo", chosen, initial, folder, current)

    def _apply_pane(self) -> None:
        """The procedures pane's edits are defined before the lesson is written."""
        if self.app.flipped and self.app.pane.changed():
            self.app.actions.define_procedures()

    def export(self, kind: str) -> None:
        """PNG or SVG of the page, proposed beside the learner's files."""
        s = self.app.session
        key, ext = EXPORTS[kind]
        base = os.path.splitext(os.path.basename(s.file or "page"))[0]

        def chosen(path: str) -> None:
            if not self._refused(path, lambda: self.export(kind)):
                s.export(path, kind)

        self._ask(key, ext, chosen, base + ext, start_folder(s.file), None)

    def _refused(self, path: str, again: Callable[[], None]) -> bool:
        """A path inside the shipped lessons or the cache: say so, ask again."""
        if not is_protected(path):
            return False

        def done(reply: str | None) -> None:
            again()

        self.app.show_dialog(Dialog("announce", self.app.words("protected_folder"), done))
        return True

    def _ask(self, message: str, ext: str, then: Callable[[str], None], initial: str,
             folder: str, current: str | None) -> None:
        def done(path: str | None) -> None:
            if path:
                then(path)

        self.app.show_dialog(FileDialog(self.app.words(message), done, ext, initial, True,
                                        folder, None, current=current))

