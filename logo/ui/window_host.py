"""The window's host: the interpreter's side of the seam (see logo/host.py).

It runs on the interpreter's thread and never touches pygame: text goes into an outbox
the command center empties every frame, dialogs are requests the window answers, and
``poll`` is where the speed slider slows the turtles down.
"""

from __future__ import annotations

import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from ..session.host import Host

MAX_PAUSE = 1.0  # the longest pause the speed slider makes at one boundary (seconds)
PROMPT = "? "


def speed_delay(speed: float) -> float:
    """Seconds per turtle change for a speed 0..100 (100: full speed, no pause)."""
    if speed >= 100:
        return 0.0
    return 0.25 * ((100 - max(0.0, speed)) / 100) ** 2


class DialogRequest:
    """``announce`` / ``question`` waiting for the window: ``kind``, ``text``; the
    window sets ``reply`` and ``done``."""

    def __init__(self, kind: str, text: str) -> None:
        self.kind = kind
        self.text = text
        self.reply = ""
        self.done = threading.Event()


class WindowHost(Host):
    """Text, dialogs and the speed of the turtles, for the window."""

    has_dialogs = True

    def __init__(self) -> None:
        self.outbox: deque[tuple[str, Any]] = deque()  # ("style", (font, size, colours))
        self.dialogs: queue.Queue[DialogRequest] = queue.Queue()
        self.edits: queue.Queue[list[str] | None] = queue.Queue()  # EDIT's names
        self.interp: Any = None
        self.delay = 0.0
        self.speed = 100.0
        self._seen = 0
        self.lines: queue.Queue[str] = queue.Queue()  # typed at a PAUSE's prompt
        self.wants_line = False  # a PAUSE waits for a command-center line
        self.steps: queue.Queue[tuple[str, int]] = queue.Queue()  # (procedure, text row)
        self.step_go = threading.Event()  # the Step button
        self.going_on = False  # Go on: stepped lines run at the Speed slider's pace
        self.pause_wanted = False  # the Pause key: PAUSE at the next boundary
        # the mouse on the page, in turtle coordinates (note_mouse, the window's thread)
        self.mouse_state: tuple[bool, tuple[float, float], tuple[float, float]] = (
            False, (0.0, 0.0), (0.0, 0.0))
        self.pressed = 0  # the button last pressed on the page, for BUTTON
        self.style: tuple[Any, int, Any] | None = None  # SETFONT ... for the text

    # --- text -----------------------------------------------------------------------
    def write(self, text: str) -> None:
        self.outbox.append(("out", text))

    def error(self, text: str) -> None:
        if not text:  # already shown (by a PAUSE), or THROW "TOPLEVEL
            return
        self.outbox.append(("err", text if text.endswith("\n") else text + "\n"))

    def clear_text(self) -> None:
        """``ct``: the current text box if one is selected, else the command center."""
        ws = self.interp.page_widgets if self.interp is not None else None
        box = ws.current_text if ws is not None else None
        if ws is not None and box is not None:
            box.text = ""
            ws.changed()
        else:
            self.outbox.append(("clear", ""))

    def take_output(self) -> list[tuple[str, Any]]:
        """What was written since the last call, in order (the window's thread)."""
        out = []
        while self.outbox:
            out.append(self.outbox.popleft())
        return out

    # --- dialogs --------------------------------------------------------------------
    def announce(self, text: str) -> None:
        self._ask("announce", text)

    def question(self, text: str) -> str:
        return self._ask("question", text)

    def read_line(self) -> str | None:
        return self._ask("question", "")

    def _ask(self, kind: str, text: str) -> str:
        """Show a dialog and wait for it; Stop closes it (the program then stops)."""
        request = DialogRequest(kind, text)
        self.dialogs.put(request)
        while not request.done.wait(0.05):
            if self.interp is not None and self.interp.stop_requested:
                request.done.set()
                self.interp.check_interrupt()  # raises "stopped" here
        return request.reply

    def edit(self, interp: Any, names: list[str] | None) -> None:
        """EDIT: the window flips to the procedures pane at the first name (it does not
        wait: the pane defines the procedures when the user leaves it)."""
        self.edits.put(names)

    # --- PAUSE and STEP ---------------------------------------------------------------
    def read_instruction(self, prompt: str, idle: Callable[[], None]) -> str | None:
        """PAUSE: the command center shows ``prompt`` (``f? ``) and its next line comes
        here (:meth:`give_line`) instead of running as a command; Stop ends the wait."""
        self.outbox.append(("prompt", prompt))
        self.wants_line = True
        try:
            while True:
                try:
                    return self.lines.get(timeout=0.05)
                except queue.Empty:
                    idle()
        finally:
            self.wants_line = False
            self.outbox.append(("prompt", PROMPT))

    def give_line(self, text: str) -> None:
        """A line typed in the command center during a PAUSE (the window's thread)."""
        self.lines.put(text)

    def step_line(self, proc: str, row: int, text: str, idle: Callable[[], None]) -> None:
        """STEP: the procedures pane highlights row ``row`` of ``proc``; wait for the Step
        button, or, after Go on, for as long as the Speed slider says."""
        self.step_go.clear()  # (a click before the line was shown is not for it)
        self.steps.put((proc, row))
        if self.going_on:
            end = time.monotonic() + 0.05 + 0.95 * (1 - self.speed / 100) ** 2
            while time.monotonic() < end:
                idle()
                time.sleep(0.01)
            return
        while not self.step_go.wait(0.05):
            idle()
        self.step_go.clear()

    def step_once(self) -> None:
        """The Step button (any thread): run the highlighted line."""
        self.step_go.set()

    def go_on(self) -> None:
        """Go on (any thread): the stepped lines run on, the highlight following."""
        self.going_on = True
        self.step_go.set()

    # --- time and speed -------------------------------------------------------------
    def set_speed(self, speed: float) -> None:
        """The speed slider (any thread): 100 is full speed."""
        self.speed = speed
        self.delay = speed_delay(speed)
        world = self.interp.turtle_world if self.interp is not None else None
        self._seen = world.changes if world is not None else 0
        if self.delay and self.interp is not None:
            self.interp.interrupt = True  # the next boundary starts pausing

    def request_pause(self) -> None:
        """The Pause key (any thread): the running program pauses at its next boundary,
        as PAUSE would there (UCBLogo's "system quit character")."""
        if self.interp is not None:
            self.pause_wanted = True
            self.interp.interrupt = True

    def poll(self) -> bool:
        """At every boundary while the turtles are slowed: pause for the turtle changes
        since the last boundary (``delay`` seconds each).  A Pause key pauses here."""
        interp = self.interp
        if self.pause_wanted and interp is not None:
            self.pause_wanted = False
            from ..session.debugger import debugger  # lazy: only when asked

            debugger(interp).pause()
        if not self.delay or interp is None:
            return False
        interp.interrupt = True  # come back at the next boundary
        world = interp.turtle_world
        if world is None:
            return False
        moved = world.changes - self._seen
        self._seen = world.changes
        if moved > 0:
            self._pause(min(moved * self.delay, MAX_PAUSE))
        return False

    def _pause(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while not self.interp.stop_requested:
            left = end - time.monotonic()
            if left <= 0:
                return
            time.sleep(min(left, 0.01))

    def waiting(self, seconds: float) -> None:
        """A WAIT (or an animation's frame) is a frame boundary: the drawing so far shows
        while the program waits."""
        if self.interp is None:
            return
        frames = self.interp.world.frames
        if seconds > 0 and not frames.auto:
            frames.take()
        else:
            frames.boundary()

    def sleep(self, seconds: float) -> None:
        """``wait``: processes and waiting jobs keep their turns meanwhile."""
        end = time.monotonic() + max(0.0, seconds)
        interp = self.interp
        sched = getattr(interp, "scheduler", None)
        while True:
            if sched is not None and sched.pending():
                sched.turn()
            left = end - time.monotonic()
            if left <= 0 or (interp is not None and interp.stop_requested):
                return
            time.sleep(min(left, 0.005))

    # --- the mouse, sound and the text's style -------------------------------------------
    def note_mouse(self, pixel: tuple[float, float], on_page: bool, button: int = 0,
                   down: bool | None = None) -> None:
        """The window's mouse (its thread): ``pixel`` the page pixel under it, ``down``
        True when ``button`` was pressed, False when let go, None when it moved."""
        held, pos, click = self.mouse_state
        page = self.interp.turtle_world.page if self.interp is not None and \
            self.interp.turtle_world is not None else None
        if page is not None and (on_page or held):
            pos = page.to_turtle(*pixel)
        if down and on_page:
            held, click, self.pressed = True, pos, button
        elif down is False:
            held = False
        self.mouse_state = (held, pos, click)

    def mouse(self) -> tuple[bool, tuple[float, float], tuple[float, float]]:
        return self.mouse_state

    def take_button(self) -> int:
        button, self.pressed = self.pressed, 0
        return button

    def tone(self, frequency: float, seconds: float) -> None:
        """A sine tone through pygame's mixer when there is sound; the program goes on
        when it ends (Stop ends the wait)."""
        try:
            import numpy as np  # lazy: only TONE
            import pygame

            if not pygame.mixer.get_init():
                pygame.mixer.init()
            rate, _, channels = pygame.mixer.get_init() or (44100, -16, 2)
            t = np.arange(int(rate * seconds)) / rate
            wave = (np.sin(2 * np.pi * frequency * t) * 12000).astype(np.int16)
            pygame.sndarray.make_sound(np.repeat(wave[:, None], channels, axis=1)).play()
        except Exception:  # no sound device (or mixer): the tone is silent
            pass
        self.sleep(seconds)

    def text_style(self, font: Any, size: int, colors: Any) -> None:
        """Kept, and handed to the command center in order with the text, which it
        shows its text with from then on."""
        self.style = (font, size, colors)
        self.outbox.append(("style", self.style))

