"""The Experiment dialog (F7, or ``Actions.toolbar("experiment")`` from a button or a
menu): the open lesson's sliders, each with a line for the values to try
(``FROM..TO:STEP`` or ``V1,V2,...``; an empty line: not varied), the measures to pick
from its monitors and variables (and one more to type), the repetitions; Run runs the
experiment engine (``logo/experiments``) on a background thread, the lesson as saved in
its file, and shows its progress; when done the contact sheet and the plot are shown
(Tab switches) and saved beside the table; Keep puts the experiment in the workspace
(``pprop "experiments ...``), so that Save writes it into the lesson.

Keys: Tab and Shift+Tab (or Up and Down) move between the lines, boxes and buttons;
Space ticks a box; Enter runs (or presses the button that has the keyboard); Esc
cancels, stops a running experiment, or closes the results.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import Any

import pygame

from ..experiments.spec import Experiment, SpecError, Vary, parse_vary
from ..language.values import print_form
from .command_center import LineEdit
from .experiment_view import draw_dialog

MAX_SLIDERS, MAX_MEASURES = 8, 10
SYSTEM_VARIABLES = {"command.line", "redefp", "caseignoredp", "erract", "printdepthlimit",
                    "printwidthlimit", "loadnoisily", "startup", "fullprintp",
                    "unburyonedit", "usealternatenames"}
RUN_TIMEOUT = 30.0  # seconds per run in the window (a lesson drawing a big figure)


class ExperimentDialog:
    """The dialog over the window for the session's lesson (see the module docstring)."""

    kind = "experiment"

    def __init__(self, words: Callable[..., str], session: Any) -> None:
        self.words = words
        self.session = session
        self.exp: Experiment | None = None
        self.file: str | None = session.file
        self.sandbox = getattr(session.interp, "sandbox", None)
        self.sliders = _sliders(session)
        self.values = [LineEdit("") for _ in self.sliders]
        self.measures = _measures(session)
        self.ticked = [i == 0 for i in range(len(self.measures))]
        self.other = LineEdit("")
        self.repeat = LineEdit("1")
        self.focus = 0
        self.state = "form"  # "form", "running", "done"
        self.message = "" if self.file else words("experiment_no_file")
        self.progress = (0, 0, 0)
        self.started = 0.0
        self.stop_event = threading.Event()
        self.results: Any = None
        self.saved: dict[str, str] = {}
        self.showing = "sheet"
        self.pictures: dict[str, pygame.Surface] = {}
        self.closed = False
        self.thread: threading.Thread | None = None
        self.hits: list[tuple[pygame.Rect, tuple[str, int]]] = []  # drawn: what is where

    # --- what has the keyboard ------------------------------------------------------
    def items(self) -> list[tuple[str, int]]:
        """The focusable items in order: ("value", i), ("measure", j), ("other", 0),
        ("repeat", 0), ("run", 0), ("cancel", 0) on the form; the buttons after."""
        if self.state == "form":
            return [*(("value", i) for i in range(len(self.sliders))),
                    *(("measure", j) for j in range(len(self.measures))),
                    ("other", 0), ("repeat", 0), ("run", 0), ("cancel", 0)]
        if self.state == "running":
            return [("stop", 0)]
        return [("sheet", 0), ("plot", 0), ("keep", 0), ("close", 0)]

    def focused(self) -> tuple[str, int]:
        items = self.items()
        return items[self.focus % len(items)]

    def edit(self) -> LineEdit | None:
        kind, i = self.focused()
        return {"value": self.values[i] if kind == "value" else None, "other": self.other,
                "repeat": self.repeat}.get(kind)

    # --- keys and mouse -------------------------------------------------------------
    def text_input(self, s: str) -> None:
        edit = self.edit()
        if edit is not None and self.state == "form":
            edit.insert(s)
        elif s == " ":
            self.press(self.focused())

    def key(self, key: int) -> None:
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        if key == pygame.K_ESCAPE:
            self.press(("stop", 0) if self.state == "running" else ("cancel", 0))
        elif key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
            back = key == pygame.K_UP or (key == pygame.K_TAB and shift)
            self.focus = (self.focus + (-1 if back else 1)) % len(self.items())
            if self.state == "done" and key == pygame.K_TAB:
                self.showing = "plot" if self.showing == "sheet" else "sheet"
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            kind = self.focused()
            self.press(kind if kind[0] in ("cancel", "stop", "sheet", "plot", "keep", "close",
                                           "measure") else ("run", 0))
        elif self.edit() is not None and self.state == "form":
            self.edit().key(key)  # type: ignore[union-attr]

    def click(self, pos: tuple[int, int]) -> None:
        for rect, item in self.hits:
            if rect.collidepoint(pos):
                if item in self.items():
                    self.focus = self.items().index(item)
                self.press(item)
                return

    def wheel(self, dy: int) -> None:
        pass

    def press(self, item: tuple[str, int]) -> None:
        kind, i = item
        if kind == "measure":
            self.ticked[i] = not self.ticked[i]
        elif kind == "run" and self.state == "form":
            self.start()
        elif kind == "stop":
            self.stop_event.set()
        elif kind in ("sheet", "plot"):
            self.showing = kind
        elif kind == "keep":
            self.keep()
        elif kind in ("cancel", "close"):
            self.finish()

    def finish(self, reply: Any = None) -> None:
        self.stop_event.set()
        self.closed = True

    # --- the experiment -------------------------------------------------------------
    def experiment(self) -> Experiment:
        """The experiment the form describes; SpecError with the words to show."""
        if not self.file:
            raise SpecError(self.words("experiment_no_file"))
        varies: list[Vary] = []
        for slider, edit in zip(self.sliders, self.values):
            if edit.text.strip():
                varies.append(parse_vary(f"{slider[0]}={edit.text.strip()}"))
        if not varies:
            raise SpecError(self.words("experiment_nothing_varied"))
        measures = [m for m, on in zip(self.measures, self.ticked) if on]
        if self.other.text.strip():
            measures.append(self.other.text.strip())
        try:
            repeat = int(self.repeat.text)
            if repeat < 1:
                raise ValueError
        except ValueError:
            raise SpecError(self.words("experiment_bad_repeat")) from None
        return Experiment(self.file, varies, repeat, [], measures, RUN_TIMEOUT,
                          sandbox=self.sandbox)

    def start(self) -> None:
        try:
            exp = self.experiment()
        except SpecError as exc:
            self.message = str(exc)
            return
        self.exp = exp
        self.state, self.message, self.focus = "running", "", 0
        self.started = time.monotonic()
        self.thread = threading.Thread(target=self._run, args=(exp,), daemon=True,
                                       name="logo-experiment")
        self.thread.start()

    def _run(self, exp: Experiment) -> None:
        from ..experiments.outputs import run_with_pictures  # lazy: the engine

        try:
            self.results, self.saved = run_with_pictures(exp, self.on_progress,
                                                         self.stop_event)
        except (SpecError, OSError) as exc:
            self.message = str(exc)
        self.state, self.focus = "done", 0

    def keep(self) -> None:
        """Keep the experiment in the workspace as ``pprop "experiments "NAME [...]``
        (typed in the command center, so the learner sees it): Save writes it into the
        lesson, and ``logo experiment LESSON --named NAME`` runs it."""
        from ..experiments.outputs import describe

        table = self.saved.get("table", "")
        if self.exp is None or not table:
            return
        name = os.path.splitext(os.path.basename(table))[0].split("-")[-1]
        name = f"experiment{name}" if name.isdigit() else "experiment"
        self.session.run_command(describe(self.exp, name))
        self.message = self.words("experiment_kept", name=name)

    def on_progress(self, done: int, total: int, failures: int) -> None:
        self.progress = (done, total, failures)

    def time_left(self) -> float | None:
        done, total, _ = self.progress
        if not done or self.state != "running":
            return None
        return (time.monotonic() - self.started) / done * (total - done)

    def draw(self, surface: pygame.Surface, words: Callable[..., str]) -> None:
        draw_dialog(self, surface, words)


def _sliders(session: Any) -> list[tuple[str, float, float, float]]:
    """The page's sliders: (name, minimum, maximum, value)."""
    found = []
    for w in list(session.widgets.items.values()):
        if hasattr(w, "minimum") and hasattr(w, "maximum"):
            found.append((w.name, w.minimum, w.maximum, w.value))
    return found[:MAX_SLIDERS]


def _measures(session: Any) -> list[str]:
    """What may be measured: the monitors' instructions, then the global variables."""
    found: list[str] = []
    for w in list(session.widgets.items.values()):
        instructions = getattr(w, "instructions", None)
        if instructions is not None and hasattr(w, "text"):
            found.append(print_form(instructions))
    buried: set[str] = getattr(getattr(session.interp, "workspace", None), "buried", set())
    names = sorted(n for n in list(session.interp.vars)
                   if n not in SYSTEM_VARIABLES and n not in buried)
    found += [":" + n for n in names if n and n.isprintable() and " " not in n]
    return list(dict.fromkeys(m for m in found if m.strip()))[:MAX_MEASURES]

