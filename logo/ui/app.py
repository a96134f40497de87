"""The window: its main loop turns events into requests to the interpreter and redraws
the page, the widgets, the command center and the status line at up to 60 frames a
second.  Logo runs on the session's worker thread (``session.py``), so the loop never
waits for a program; Stop (the button, Esc, Ctrl+C) reaches it through the thread-safe
``Interpreter.request_stop``.

    run_app(files, lang=None) -> exit status     (``logo``, ``logo LESSON.lgo``)

Keys: Enter runs the command line, Esc or Ctrl+C stops, F2 flips to the procedures
pane and back, Ctrl+Z and Ctrl+Y undo and redo the page (``page_history.py``); while
a stepped procedure runs (STEP), F10 runs its next line and F5 runs on at the Speed
slider's pace; Pause (or Alt+S, as in UCBLogo) pauses a running program where it is
(PAUSE).  Ctrl+N, Ctrl+O, Ctrl+S, Ctrl+Shift+S (Save As) and Ctrl+Q are New, Open, Save
and Quit (``saving.py``).
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import pygame

from .. import messages
from . import focus, style
from .actions import Actions
from .command_center import CommandCenter
from .dialogs import Dialog
from .i18n import Words
from .page_view import PageView
from .procedures_pane import ProceduresPane
from .session import Session
from .toolbar import Toolbar, draw_status
from .widget_tools import WidgetTools
from .widget_views import WidgetViews

FPS = 60
CATCH_UP = 4  # frames a late loop may make up
PAGE_SIZE = (801, 601)
MIN_SIZE = (640, 480)  # the smallest window (every toolbar control still on it)


def window_size(display_h: int | None = None) -> tuple[int, int]:
    """The first size of the window: the whole page at scale 1 when the screen allows."""
    w = PAGE_SIZE[0] + 2 * style.MARGIN + 70
    h = PAGE_SIZE[1] + style.TOOLBAR_H + style.COMMAND_H + style.STATUS_H + 4 * style.MARGIN
    if display_h and display_h - 80 < h:
        h = max(480, display_h - 80)
    return w, h


def layout_rects(size: tuple[int, int], toolbar_h: int = style.TOOLBAR_H
                 ) -> dict[str, pygame.Rect]:
    """Where the parts of a window of ``size`` are (the page is fitted inside "page"),
    under a toolbar ``toolbar_h`` high (its rows wrap in a narrow window)."""
    w, h = size
    status = pygame.Rect(0, h - style.STATUS_H, w, style.STATUS_H)
    command_h = max(90, min(style.COMMAND_H, h // 4))
    command = pygame.Rect(style.MARGIN, status.y - style.MARGIN - command_h,
                          w - 2 * style.MARGIN, command_h)
    top = toolbar_h + style.MARGIN
    page = pygame.Rect(style.MARGIN, top, w - 2 * style.MARGIN, command.y - style.MARGIN - top)
    return {"status": status, "command": command, "page": page}


def set_minimum_size() -> None:
    """The window cannot be made smaller than MIN_SIZE (where SDL's window allows)."""
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
    except (AttributeError, pygame.error):  # an older pygame-ce, or no window
        pass


class App:
    """The window and its parts; :meth:`step` is one frame (tests drive it directly)."""

    def __init__(self, files: list[str] | tuple[str, ...] = (), lang: str | None = None,
                 size: tuple[int, int] | None = None, sandbox: Any = None) -> None:
        os.environ.setdefault("SDL_QUIT_ON_LAST_WINDOW_CLOSE", "0")  # close: WINDOWCLOSE only
        pygame.display.init()
        pygame.font.init()
        self._language_before = messages.language()
        self.words = Words(messages.use(lang))  # the window's language is Logo's too
        size = size or window_size(pygame.display.Info().current_h or None)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(self.words("title"))
        pygame.key.set_repeat(400, 35)
        pygame.key.start_text_input()
        self.session = Session(self.words)
        self.session.interp.sandbox = sandbox  # file primitives confined to it (or None)
        self.page_view = PageView()
        self.widget_views = WidgetViews(self.page_view)
        self.command = CommandCenter(self.words("welcome"))
        self.pane = ProceduresPane()
        self.toolbar = Toolbar(self.words)
        self.actions = Actions(self)
        self.tools = WidgetTools(self)  # widgets made by hand (widget_tools.py)
        self.dialog: Dialog | None = None
        self.dialogs: list[Dialog] = []
        self.flipped = False
        self.notice = ""
        self.running = True
        self.frames = 0
        self.fps = 0.0
        self._fps_mark = (time.monotonic(), 0)
        self._next_frame = time.monotonic()
        self._panels: pygame.Surface | None = None
        self._panels_key_drawn: Any = None
        self._status_drawn: tuple[str, str] = ("", "")
        self.toolbar.layout(size[0])
        self.rects = layout_rects(size, self.toolbar.height)
        set_minimum_size()
        for path in files:
            self.session.load(path)
        self._offer_recovery()

    def _offer_recovery(self) -> None:
        """After a crash, offer the workspace the last session autosaved."""
        previous = self.session.recovery.take_previous()
        if previous is None:
            return

        def done(reply: str | None) -> None:
            if reply is not None:
                self.session.load(previous, recovered=True)  # unsaved, of no file

        self.show_dialog(Dialog("announce", self.words("recover"), done, cancel=True))

    # --- the loop -------------------------------------------------------------------
    def run(self) -> int:
        try:
            while self.running:
                self.step()
                self.wait_frame()
        finally:
            self.close()
        return 0

    def wait_frame(self) -> None:
        """Sleep out the rest of the frame in one go (pygame's Clock.tick sleeps in
        small steps, and each wake-up waits for the GIL while Logo runs).  Frames keep
        to a fixed beat of 1/FPS: late ones (a long step of the program holding the GIL)
        are made up by the next ones, and the beat starts afresh only when the loop is
        more than CATCH_UP frames behind."""
        now = time.monotonic()
        if now - self._next_frame > CATCH_UP / FPS:
            self._next_frame = now
        time.sleep(max(0.0, self._next_frame - now))
        self._next_frame += 1 / FPS

    def close(self) -> None:
        if self.session.close() and not self.actions.saving.keep_recovery():
            self.session.recovery.clear()  # a clean exit: nothing to recover
        # else Logo is stuck in a long primitive: the last autosave stays, offered next time
        pygame.display.quit()
        messages.use(self._language_before)

    def step(self) -> None:
        """One frame: events, news from the interpreter, drawing."""
        for event in pygame.event.get():
            self.handle(event)
        self.update()
        self.draw()
        pygame.display.flip()
        self._count_frame()

    def _count_frame(self) -> None:
        self.frames += 1
        t0, n0 = self._fps_mark
        now = time.monotonic()
        if now - t0 >= 1.0:
            self.fps = (self.frames - n0) / (now - t0)
            self._fps_mark = (now, self.frames)

    def update(self) -> None:
        s = self.session
        s.tick_monitors()
        self.command.feed(s.host.take_output())
        pasted = self.command.next_pasted(ready=s.ready_for_line())
        if pasted is not None:  # lines pasted into the command center run one by one
            s.run_command(pasted)
        while s.notices:
            self.notice = s.notices.pop(0)
        while not s.host.dialogs.empty():
            self.actions.host_dialog(s.host.dialogs.get())
        while not s.host.edits.empty():
            self.actions.edit(s.host.edits.get())
        while not s.host.steps.empty():  # STEP: the pane follows the line about to run
            self.actions.show_step(*s.host.steps.get())
        if self.pane.step_labels is not None and not s.busy:
            self.actions.end_stepping()
        if self.flipped and s.last_error is not None:
            self.actions.mark_run_error()
        request = getattr(self.dialog, "request", None)
        if request is not None and request.done.is_set():  # Stop closed it
            self.dialog.closed = True  # type: ignore[union-attr]
        if self.dialog is not None and self.dialog.closed:
            self.dialog = None
        if self.dialog is None and self.dialogs:
            self.dialog = self.dialogs.pop(0)
        result = self.pane.take_result(self.words("applied"))
        if result is False and not self.flipped:
            self.actions.flip()  # an error: back to the text, as typed
        self.actions.saving.update()  # finished saves, the title's unsaved mark
        if s.bye:
            self.running = False

    # --- events ---------------------------------------------------------------------
    def handle(self, event: Any) -> None:
        kind = event.type
        if kind == pygame.WINDOWCLOSE:  # the close button: asks about unsaved changes
            self.actions.saving.quit()
        elif kind == pygame.QUIT:  # a signal (SIGTERM): ends now, unsaved work recoverable
            self.actions.saving.end_now()
        elif kind == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif kind == pygame.KEYDOWN:
            self.actions.key(event.key, event.mod)
        elif kind == pygame.TEXTINPUT:
            self.actions.text(event.text)
        elif kind == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self.actions.mouse_down(event.pos, event.button)
        elif kind == pygame.MOUSEMOTION:
            self.actions.mouse_move(event.pos)
        elif kind == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            self.actions.mouse_up(event.pos)
        elif kind == pygame.MOUSEWHEEL:
            self.actions.wheel(event.y)

    def resize(self, size: tuple[int, int]) -> None:
        self.screen = pygame.display.get_surface() or pygame.display.set_mode(
            size, pygame.RESIZABLE)
        self.toolbar.layout(size[0])
        self.rects = layout_rects(size, self.toolbar.height)

    def show_dialog(self, dialog: Dialog) -> None:
        self.dialogs.append(dialog)
        if self.dialog is None:
            self.dialog = self.dialogs.pop(0)

    # --- drawing --------------------------------------------------------------------
    def draw(self) -> None:
        """The panels come from a cached picture, drawn again only when they changed:
        a frame then costs a few blits, so it stays quick while Logo holds the GIL."""
        screen = self.screen
        key, status = self._panels_key(), (self.status_text(), self.status_right())
        if key != self._panels_key_drawn or self._panels is None:
            self._panels_key_drawn = key
            self._panels = self._draw_panels(screen.get_size())
        elif status != self._status_drawn:  # the status line alone (its fps, each second)
            draw_status(self._panels, self.rects["status"], *status)
        self._status_drawn = status
        screen.blit(self._panels, (0, 0))
        world = self.session.interp.world
        self.page_view.layout(self.rects["page"], world.page)
        self.page_view.speed = self.toolbar.speed  # below 100 the turtle glides
        if not self.flipped:
            self.page_view.draw(screen, world)
            self.widget_views.draw(screen, self.session.widgets)
        if self.dialog is not None:
            self.dialog.draw(screen, self.words)

    def _panels_key(self) -> tuple:
        return (self.screen.get_size(), self.flipped, self.command.version,
                self.pane.version if self.flipped else -1, self.widget_views.focused is None,
                self.toolbar.speed, self.session.busy, self.session.host.wants_line,
                self.pane.step_labels is not None)

    def _draw_panels(self, size: tuple[int, int]) -> pygame.Surface:
        panels = pygame.Surface(size)
        panels.fill(style.BACKGROUND)
        if self.flipped:
            self.pane.draw(panels, self.rects["page"])
        self.command.draw(panels, self.rects["command"], focused=focus.command_focused(self))
        self.toolbar.flipped = self.flipped
        self.toolbar.draw(panels, self.session.busy, self.session.host.wants_line,
                          self.pane.step_labels is not None)
        draw_status(panels, self.rects["status"], self.status_text(), self.status_right())
        return panels

    def status_text(self) -> str:
        s = self.session
        words = self.words("running") if s.busy else self.notice or self.words("ready")
        if s.host.wants_line:
            words = self.words("paused")
        n = len(s.scheduler.processes)
        if n:
            words += "  \u00b7  " + self.words("processes", n=n)
        return words

    def status_right(self) -> str:
        name = os.path.basename(self.session.file) if self.session.file else ""
        return f"{name}   {self.words('fps', fps=round(self.fps))}".strip()


def run_app(files: list[str], lang: str | None = None, sandbox: Any = None) -> int:
    """``logo`` / ``logo LESSON.lgo``: open the window (with the lessons loaded); where
    no window can be opened, say so in one line and start the terminal REPL."""
    try:
        app = App(files, lang=lang, sandbox=sandbox)
    except pygame.error as exc:
        from ..command_line.repl import repl  # lazy: only when asked

        pygame.display.quit()
        print(messages.text("ui.cant_open_window", error=exc), file=sys.stderr)
        return repl(files, sandbox)  # (the same sandbox: logo/session/sandbox.py)
    return app.run()
