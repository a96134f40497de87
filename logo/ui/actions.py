"""What the user's keys and clicks do: routed to the dialog, a text box, the procedures
pane or the command center (whichever has the keyboard), and the toolbar's actions."""

from __future__ import annotations

from typing import Any

import pygame

from . import focus
from .dialogs import Dialog
from .file_dialog import FileDialog
from .folders import start_folder
from .gallery import Gallery
from .info_pane import InfoPanel
from .recent import recent_files
from .saving import EXPORTS, Saving
from .session import Session

STEP_KEYS = {pygame.K_F10: "step", pygame.K_F5: "go_on"}  # STEP: one line, run on
FILE_KEYS = {pygame.K_n: "new", pygame.K_o: "open", pygame.K_s: "save", pygame.K_q: "quit"}


class Actions:
    """The window's behaviour; ``app`` holds the parts it acts on."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.saving = Saving(app)
        self.swallow_text = ""  # the text a shortcut's key also sends (Alt+S, D) is no text

    # --- keys -----------------------------------------------------------------------
    def key(self, key: int, mods: int) -> None:
        app = self.app
        ctrl = mods & pygame.KMOD_CTRL
        pause = bool(mods & pygame.KMOD_ALT and key == pygame.K_s)
        self.swallow_text = "sы" if pause else ""
        if app.dialog is not None and ctrl and key == pygame.K_c:
            self.stop()
        elif app.dialog is not None:
            app.dialog.key(key)
            if app.dialog.closed and key == pygame.K_d:  # Don't save: its "d" is no text
                self.swallow_text = "dв"
        elif app.tools.key(key):  # Esc while placing a widget
            pass
        elif ctrl and key in FILE_KEYS:
            shift = mods & pygame.KMOD_SHIFT
            self.toolbar("save_as" if shift and key == pygame.K_s else FILE_KEYS[key])
        elif key == pygame.K_F2:
            self.flip()
        elif key == pygame.K_F7:  # the Experiment dialog (logo/ui/experiment_dialog.py)
            self.toolbar("experiment")
        elif key in STEP_KEYS:
            self.step(STEP_KEYS[key])
        elif key == pygame.K_PAUSE or pause:
            if app.session.busy and not app.session.host.wants_line:
                app.session.host.request_pause()
        elif focus.owner(app) == "pane" and app.pane.wants_key(key, mods):
            if app.pane.key(key, mods) == "apply":
                self.define_procedures()
        elif ctrl and key in (pygame.K_z, pygame.K_y):
            # the page's Undo/Redo (the procedures pane, when it has the keys, has its own)
            if key == pygame.K_y or mods & pygame.KMOD_SHIFT:
                app.session.redo()
            else:
                app.session.undo()
        elif app.widget_views.key(app.session.widgets, key):
            pass
        elif app.command.key(key, mods) == "run":
            app.notice = ""  # "Stopped", "Loaded": said; the next command clears it
            app.session.run_command(app.command.take())
        elif key == pygame.K_ESCAPE or (ctrl and key == pygame.K_c):
            self.stop()

    def text(self, text: str) -> None:
        app = self.app
        swallow, self.swallow_text = self.swallow_text, ""
        if swallow and text.lower() in swallow:  # the letter of Alt+S or of D
            return
        if app.dialog is not None:
            app.dialog.text_input(text)
        elif app.widget_views.focused is not None:
            app.widget_views.type_text(app.session.widgets, text)
        elif focus.owner(app) == "pane":
            app.pane.text_input(text)
        else:
            app.command.text_input(text)

    # --- the mouse ------------------------------------------------------------------
    def mouse_down(self, pos: tuple[int, int], button: int) -> None:
        app = self.app
        self._note_mouse(pos, button, True)
        if app.dialog is not None and not app.toolbar.rects["stop"].collidepoint(pos):
            app.dialog.click(pos)
            return
        action = app.toolbar.mouse_down(pos) if button == 1 else None
        if action == "speed":
            app.session.host.set_speed(app.toolbar.speed)
        elif action is not None:
            self.toolbar(action)
        elif app.flipped and app.pane.step_button(pos):
            self.step(app.pane.step_button(pos) or "")
        elif app.flipped and app.rects["page"].collidepoint(pos):
            app.widget_views.focused = None
            shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
            app.pane.click(app.rects["page"], pos, shift)
        elif app.rects["command"].collidepoint(pos) and not app.tools.placing:
            focus.focus_command(app)
        elif not app.flipped and (app.tools.placing or app.page_view.rect.collidepoint(pos)) \
                and app.tools.mouse_down(pos, button):  # placing, a double click
            pass
        elif not app.flipped and app.page_view.rect.collidepoint(pos):
            shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
            app.widget_views.mouse_down(app.session.widgets, pos, button, shift)
        else:
            app.widget_views.focused = None

    def _note_mouse(self, pos: tuple[int, int], button: int = 0, down: bool | None = None) -> None:
        """BUTTONP, MOUSEPOS, CLICKPOS: the mouse on the page, for the running program."""
        view = self.app.page_view
        self.app.session.host.note_mouse(view.to_page(*pos), view.rect.collidepoint(pos),
                                         button, down)

    def mouse_move(self, pos: tuple[int, int]) -> None:
        app = self.app
        self._note_mouse(pos)
        if app.toolbar.mouse_move(pos):
            app.session.host.set_speed(app.toolbar.speed)
        app.widget_views.mouse_move(app.session.widgets, pos)
        if app.flipped:
            app.pane.drag(app.rects["page"], pos)

    def mouse_up(self, pos: tuple[int, int]) -> None:
        app = self.app
        self._note_mouse(pos, 0, False)
        app.toolbar.mouse_up()
        app.pane.release()
        clicked = app.widget_views.mouse_up(app.session.widgets, pos)
        app.tools.mouse_up(pos)  # a right click: the widget's context menu
        if clicked is not None:
            app.notice = ""
            app.session.click_button(clicked)

    def wheel(self, dy: int) -> None:
        app = self.app
        pos = pygame.mouse.get_pos()
        if app.dialog is not None:
            getattr(app.dialog, "wheel", lambda dy: None)(dy)
        elif app.flipped and app.rects["page"].collidepoint(pos):
            app.pane.scroll_by(-3 * dy)
        else:
            app.command.scroll_by(3 * dy)

    # --- the toolbar ----------------------------------------------------------------
    def toolbar(self, action: str) -> None:
        app = self.app
        if action == "stop":
            self.stop()
        elif action == "new":
            self.saving.guard(self.new_session)
        elif action == "open":
            self.saving.guard(lambda: self.ask_file(
                "open_file", ".lgo", self.open_lesson, recent=recent_files()))
        elif action == "save":
            self.saving.save()
        elif action == "save_as":
            self.saving.save_as()
        elif action == "quit":
            self.saving.quit()
        elif action in EXPORTS:
            self.saving.export(action)
        elif action == "lessons":
            self.app.show_dialog(Gallery(self.app.words, lambda path: self.saving.guard(
                lambda: self.open_lesson(path))))
        elif action == "info":  # the open lesson's task text (ui/info_pane.py)
            self.app.show_dialog(InfoPanel(self.app.words, app.session.file))
        elif action == "undo":
            app.session.undo()
        elif action == "flip":
            self.flip()
        elif action == "experiment":
            from .experiment_dialog import ExperimentDialog  # lazy: opened when asked

            app.show_dialog(ExperimentDialog(app.words, app.session))
        else:  # add, redo, pause, step (widget_tools.py)
            app.tools.toolbar(action)

    def stop(self) -> None:
        self.app.command.pasted = []  # the rest of a paste is not run
        self.app.session.stop()
        self.app.notice = self.app.words("stopped")

    def ask_file(self, message: str, ext: str, then: Any, recent: list[str] | None = None
                 ) -> None:
        """The Open dialog, in the folder of the learner's lesson open, else in the
        learner's folder (never inside the installed package); Save: ``saving.py``."""
        def done(path: str | None) -> None:
            if path:
                then(path)

        file = self.app.session.file
        self.app.show_dialog(FileDialog(self.app.words(message), done, ext, "", False,
                                        start_folder(file), recent, current=file))

    def new_session(self) -> Session:
        app = self.app
        app.session.close()
        app.session = Session(app.words)
        app.session.host.set_speed(app.toolbar.speed)
        app.pane = type(app.pane)()
        app.widget_views.focused = None
        app.notice = ""
        return app.session

    def open_lesson(self, path: str) -> None:
        """Open: a new session, as MicroWorlds opens a project."""
        self.new_session().load(path)

    # --- the procedures pane --------------------------------------------------------
    def flip(self) -> None:
        app = self.app
        if app.flipped:
            if app.pane.changed():
                self.define_procedures()
            app.flipped = False
        else:
            text, names = app.session.procedures_text()
            app.pane.is_primitive = app.session.interp.names_primitive
            app.pane.find_label = app.words("find")
            app.pane.open(text, names, app.words("pane_hint"), app.session.error_place())
            app.flipped = True
        app.widget_views.focused = None

    def mark_run_error(self) -> None:
        """An error while the procedures pane is shown: its line is marked there at once
        (when the pane's text is the workspace's, so that its rows are the ones named)."""
        app = self.app
        if app.flipped and not app.pane.changed() and not app.session.busy:
            place = app.session.error_place()
            if place is not None:
                app.pane.show_error(place)

    def step(self, action: str) -> None:
        """Step (one stepped line) or Go on (the rest at the Speed slider's pace)."""
        host = self.app.session.host
        if action == "go_on":
            host.go_on()
        else:
            host.step_once()

    def end_stepping(self) -> None:
        """The program ended: no highlight, and the page again if stepping showed the pane."""
        app = self.app
        app.session.host.going_on = False
        if app.pane.opened_by_step and app.flipped:
            self.flip()
        app.pane.end_stepping()

    def show_step(self, name: str, row: int) -> None:
        """A stepped line is about to run: the procedures pane, that line highlighted."""
        app = self.app
        if not app.flipped:
            self.flip()
            app.pane.opened_by_step = True  # the page comes back when the program ends
        app.pane.highlight_line(name, row, (app.words("step") + " (F10)",
                                            app.words("go_on") + " (F5)"))
        app.pane.message = app.words("stepping", name=name)

    def edit(self, names: list[str] | None) -> None:
        """EDIT from Logo: the procedures pane, at the first name (names with no
        definition get an empty one); (EDIT) with no input: the pane as it was."""
        app = self.app
        if not app.flipped:
            self.flip()
        for name in [*(names or [])[1:], *(names or [])[:1]]:  # the first one last
            app.pane.show_procedure(name)

    def define_procedures(self) -> None:
        pane = self.app.pane
        self.app.session.define_procedures(pane.text(), pane.shown, pane.finished)

    # --- dialogs from Logo ----------------------------------------------------------
    def host_dialog(self, request: Any) -> None:
        """``announce`` / ``question`` from the interpreter thread."""

        def done(reply: str | None) -> None:
            request.reply = reply or ""
            request.done.set()

        dialog = Dialog(request.kind, request.text, done)
        dialog.request = request  # type: ignore[attr-defined]
        self.app.show_dialog(dialog)
