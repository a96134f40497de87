"""Drawing the Experiment dialog (``experiment_dialog.py``): the form, the progress of a
running experiment, and its results (the contact sheet or the plot, scaled to fit).
Every clickable part is recorded in ``dialog.hits`` as it is drawn."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pygame

from ..experiments.spec import lesson_name
from ..language.values import format_number
from . import style

WIDTH, PAD, ROW, BUTTON_W = 620, 16, 30, 100


def draw_dialog(d: Any, surface: pygame.Surface, words: Callable[..., str]) -> None:
    style.shade(surface)
    d.hits = []
    sw, sh = surface.get_size()
    width = min(WIDTH, sw - 12)
    height = min(sh - 12, _form_height(d) if d.state == "form" else
                 200 if d.state == "running" or d.results is None else sh - 12)
    rect = pygame.Rect(0, 0, width, height)
    rect.center = surface.get_rect().center
    style.panel(surface, rect)
    title = words("experiment_title", lesson=lesson_name(d.file) if d.file else "-")
    style.text(surface, title, (rect.x + PAD, rect.y + 12), size=17)
    y = rect.y + 42
    clip = surface.get_clip()
    surface.set_clip(rect)
    if d.state == "form":
        _form(d, surface, rect, y, words)
    elif d.state == "running":
        _running(d, surface, rect, y, words)
    else:
        _done(d, surface, rect, y, words)
    surface.set_clip(clip)


def _form_height(d: Any) -> int:
    measure_rows = (len(d.measures) + 1) // 2
    return 42 + 44 + 24 + ROW * max(1, len(d.sliders)) + 28 + 24 * measure_rows \
        + 2 * ROW + 30 + 52


def _button(d: Any, surface: pygame.Surface, rect: pygame.Rect, label: str,
            item: tuple[str, int]) -> None:
    style.button(surface, rect, label, hot=d.focused() == item)
    if d.focused() == item:
        pygame.draw.rect(surface, style.ACCENT, rect.inflate(4, 4), 2, border_radius=6)
    d.hits.append((rect, item))


def _field(d: Any, surface: pygame.Surface, rect: pygame.Rect, edit: Any,
           item: tuple[str, int]) -> None:
    pygame.draw.rect(surface, (255, 255, 255), rect)
    focused = d.focused() == item
    pygame.draw.rect(surface, style.ACCENT if focused else style.BORDER, rect,
                     2 if focused else 1)
    edit.draw(surface, (rect.x + 5, rect.y + 4), caret=focused)
    d.hits.append((rect, item))


def _form(d: Any, surface: pygame.Surface, rect: pygame.Rect, y: int,
          words: Callable[..., str]) -> None:
    x, right = rect.x + PAD, rect.right - PAD
    note = words("experiment_note", file=os.path.basename(d.file or "-"))
    for line in style.wrap(note, right - x, 13)[:2]:
        style.text(surface, line, (x, y), style.MUTED, 13)
        y += 18
    y += 8
    style.text(surface, words("experiment_sliders"), (x, y), size=14)
    y += 24
    if not d.sliders:
        style.text(surface, words("experiment_no_sliders"), (x + 8, y + 4), style.MUTED, 14)
    for i, (name, low, high, value) in enumerate(d.sliders):
        label = words("experiment_slider", name=name, low=format_number(low),
                      high=format_number(high), value=format_number(value))
        style.text(surface, label, (x + 8, y + 5), size=14)
        field = pygame.Rect(x + 300, y, right - x - 300, ROW - 4)
        _field(d, surface, field, d.values[i], ("value", i))
        y += ROW
    style.text(surface, words("experiment_measures"), (x, y + 4), size=14)
    y += 28
    half = (right - x) // 2
    for j, measure in enumerate(d.measures):
        box = pygame.Rect(x + 8 + (j % 2) * half, y + (j // 2) * 24, 16, 16)
        _tick(d, surface, box, measure, j, half - 20)
    y += 24 * ((len(d.measures) + 1) // 2)
    for key, edit, item in (("experiment_other", d.other, ("other", 0)),
                            ("experiment_repeat", d.repeat, ("repeat", 0))):
        style.text(surface, words(key), (x + 8, y + 5), size=14)
        _field(d, surface, pygame.Rect(x + 300, y, right - x - 300, ROW - 4), edit, item)
        y += ROW
    if d.message:
        style.text(surface, d.message[:120], (x, y + 4), style.ERROR, 13)
    run = pygame.Rect(right - BUTTON_W, rect.bottom - 40, BUTTON_W, 28)
    cancel = pygame.Rect(run.x - BUTTON_W - 8, run.y, BUTTON_W, 28)
    _button(d, surface, run, words("experiment_run"), ("run", 0))
    _button(d, surface, cancel, words("cancel"), ("cancel", 0))


def _tick(d: Any, surface: pygame.Surface, box: pygame.Rect, measure: str, j: int,
          width: int) -> None:
    pygame.draw.rect(surface, (255, 255, 255), box)
    pygame.draw.rect(surface, style.BORDER, box, 1)
    if d.ticked[j]:
        pygame.draw.lines(surface, style.ACCENT, False,
                          [(box.x + 3, box.y + 8), (box.x + 7, box.y + 12),
                           (box.x + 13, box.y + 3)], 3)
    if d.focused() == ("measure", j):
        pygame.draw.rect(surface, style.ACCENT, box.inflate(6, 6), 2)
    style.text(surface, measure[:40], (box.right + 6, box.y - 1), size=14, mono=True)
    d.hits.append((pygame.Rect(box.x, box.y, width, 18), ("measure", j)))


def _running(d: Any, surface: pygame.Surface, rect: pygame.Rect, y: int,
             words: Callable[..., str]) -> None:
    x, right = rect.x + PAD, rect.right - PAD
    done, total, failures = d.progress
    left = d.time_left()
    style.text(surface, words("experiment_progress", done=done, total=total,
                              failures=failures,
                              left=f"{left:.0f} s" if left is not None else "…"), (x, y))
    bar = pygame.Rect(x, y + 34, right - x, 14)
    pygame.draw.rect(surface, (255, 255, 255), bar)
    pygame.draw.rect(surface, style.BORDER, bar, 1)
    if total:
        filled = bar.inflate(-2, -2)
        filled.w = round(filled.w * done / total)
        pygame.draw.rect(surface, style.ACCENT, filled)
    stop = pygame.Rect(right - BUTTON_W, rect.bottom - 40, BUTTON_W, 28)
    _button(d, surface, stop, words("stop"), ("stop", 0))


def _done(d: Any, surface: pygame.Surface, rect: pygame.Rect, y: int,
          words: Callable[..., str]) -> None:
    x, right = rect.x + PAD, rect.right - PAD
    if d.results is None:
        for line in style.wrap(d.message or "", right - x, 14):
            style.text(surface, line, (x, y), style.ERROR, 14)
            y += 20
    else:
        rows, failed = len(d.results.rows), d.results.failures()
        style.text(surface, words("experiment_finished", runs=rows, ok=rows - failed,
                                  failed=failed), (x, y), size=14)
        y += 22
        saved = words("experiment_saved", table=d.saved.get("table", ""))
        for line in style.wrap(saved, right - x, 13) + style.wrap(d.message, right - x, 13):
            style.text(surface, line, (x, y), style.MUTED, 13)
            y += 18
        _picture(d, surface, pygame.Rect(x, y + 4, right - x, rect.bottom - 52 - y - 8))
    close = pygame.Rect(right - BUTTON_W, rect.bottom - 40, BUTTON_W, 28)
    keep = pygame.Rect(close.x - BUTTON_W - 8, close.y, BUTTON_W, 28)
    plot = pygame.Rect(keep.x - BUTTON_W - 8, close.y, BUTTON_W, 28)
    sheet = pygame.Rect(plot.x - BUTTON_W - 8, close.y, BUTTON_W, 28)
    if d.results is not None:
        _button(d, surface, sheet, words("experiment_sheet"), ("sheet", 0))
        _button(d, surface, plot, words("experiment_plot"), ("plot", 0))
        _button(d, surface, keep, words("experiment_keep"), ("keep", 0))
    _button(d, surface, close, words("experiment_close"), ("close", 0))


def _picture(d: Any, surface: pygame.Surface, area: pygame.Rect) -> None:
    """The sheet or the plot, as saved, scaled to fit the area (cached)."""
    key = (d.showing, area.size)
    image = d.pictures.get(key)
    if image is None:
        try:
            loaded = pygame.image.load(d.saved[d.showing])
        except (pygame.error, OSError, KeyError):
            return
        w, h = loaded.get_size()
        scale = min(1.0, area.w / w, area.h / h) if area.w > 0 and area.h > 0 else 0
        if scale <= 0:
            return
        image = pygame.transform.smoothscale(loaded, (max(1, round(w * scale)),
                                                      max(1, round(h * scale))))
        d.pictures[key] = image
    surface.blit(image, image.get_rect(midtop=area.midtop))
