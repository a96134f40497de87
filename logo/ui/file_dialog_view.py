"""Drawing the Open/Save dialog (``file_dialog.py``): its title, folder, typed line, the
recent files, the folder's list with a scroll bar, the buttons and the "replace?"
question.  The rectangles it draws are kept on the dialog for its mouse."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pygame

from . import style
from .command_center import SIZE

ROW_H = 22
RECENT_W = 200
FOLDER = (232, 190, 90)
PAD = 16


def draw_dialog(d: Any, surface: pygame.Surface, words: Callable[..., str]) -> None:
    style.shade(surface)
    sw, sh = surface.get_size()
    d.rect = pygame.Rect(0, 0, min(d.rect.w, sw - 20), min(460, sh - 20))
    d.rect.center = surface.get_rect().center
    r = d.rect
    style.panel(surface, r)
    style.text(surface, d.title, (r.x + PAD, r.y + 12), size=16)
    style.text(surface, _elided(d.folder, r.w - 2 * PAD, 13), (r.x + PAD, r.y + 38),
               style.MUTED, 13)
    _draw_field(d, surface, pygame.Rect(r.x + PAD - 2, r.y + 60, r.w - 2 * PAD + 4, 28), words)
    body = pygame.Rect(r.x + PAD, r.y + 100, r.w - 2 * PAD, r.h - 100 - 52)
    d.recent_rects = []
    if d.recent and not d.save:
        _draw_recent(d, surface, pygame.Rect(body.x, body.y, RECENT_W - 10, body.h), words)
        body = pygame.Rect(body.x + RECENT_W, body.y, body.w - RECENT_W, body.h)
    _draw_list(d, surface, body, words)
    _draw_buttons(d, surface, words)
    if d.confirm is not None:
        _draw_confirm(d, surface, words)


def _draw_field(d: Any, surface: pygame.Surface, field: pygame.Rect,
                words: Callable[..., str]) -> None:
    pygame.draw.rect(surface, (255, 255, 255), field)
    pygame.draw.rect(surface, style.ACCENT, field, 1)
    if not d.edit.text and not d.save:
        style.text(surface, words("type_to_filter"), (field.x + 8, field.y + 6),
                   style.MUTED, 13)
    if getattr(d, "name_selected", False) and d.edit.text:  # typing replaces it
        w, h = style.font(SIZE, mono=True).size(d.edit.text)
        pygame.draw.rect(surface, style.BUTTON_HOT, (field.x + 4, field.y + 4, w + 2, h))
    d.edit.draw(surface, (field.x + 5, field.y + 5))


def _draw_recent(d: Any, surface: pygame.Surface, box: pygame.Rect,
                 words: Callable[..., str]) -> None:
    pygame.draw.rect(surface, (242, 243, 247), box, border_radius=4)
    style.text(surface, words("recent"), (box.x + 8, box.y + 4), style.MUTED, 13)
    y = box.y + 26
    for path in d.recent:  # the name, and under it the whole path (cut at its start)
        if y + 2 * ROW_H - 4 > box.bottom:
            break
        row = pygame.Rect(box.x + 2, y, box.w - 4, 2 * ROW_H - 4)
        name = _elided(os.path.basename(path), row.w - 12, 14)
        style.text(surface, name, (row.x + 6, row.y + 1), style.ACCENT, 14)
        style.text(surface, _elided(_home(os.path.dirname(path)), row.w - 12, 12),
                   (row.x + 6, row.y + ROW_H - 3), style.MUTED, 12)
        d.recent_rects.append((row, path))
        y += 2 * ROW_H - 2


def _draw_list(d: Any, surface: pygame.Surface, box: pygame.Rect,
               words: Callable[..., str]) -> None:
    pygame.draw.rect(surface, (255, 255, 255), box)
    pygame.draw.rect(surface, style.BORDER, box, 1)
    shown = d.visible()
    d.rows = max(1, (box.h - 4) // ROW_H)
    d.top = max(0, min(d.top, len(shown) - d.rows))
    d.row_rects = []
    for i, entry in enumerate(shown[d.top:d.top + d.rows]):
        row = pygame.Rect(box.x + 1, box.y + 2 + i * ROW_H, box.w - 12, ROW_H)
        if d.top + i == d.selected:
            pygame.draw.rect(surface, style.BUTTON_HOT, row)
        _icon(surface, entry.kind, (row.x + 6, row.y + 4))
        style.text(surface, _elided(entry.name, row.w - 40, 14), (row.x + 28, row.y + 2),
                   size=14)
        d.row_rects.append((row, entry))
    if not any(e.kind != "up" for e in shown):
        style.text(surface, words("no_files", ext=d.extension),
                   (box.x + 28, box.y + 4 + ROW_H * min(1, len(shown))), style.MUTED, 13)
    if len(shown) > d.rows:  # the scroll bar
        bar_h = max(20, box.h * d.rows // len(shown))
        bar_y = box.y + (box.h - bar_h) * d.top // max(1, len(shown) - d.rows)
        pygame.draw.rect(surface, style.BORDER, (box.right - 8, bar_y, 6, bar_h),
                         border_radius=3)


def _icon(surface: pygame.Surface, kind: str, at: tuple[int, int]) -> None:
    x, y = at
    if kind == "file":
        pygame.draw.rect(surface, (255, 255, 255), (x + 2, y, 11, 14))
        pygame.draw.rect(surface, style.BORDER, (x + 2, y, 11, 14), 1)
        pygame.draw.line(surface, style.ACCENT, (x + 4, y + 5), (x + 10, y + 5))
        pygame.draw.line(surface, style.ACCENT, (x + 4, y + 8), (x + 10, y + 8))
    elif kind == "folder":
        pygame.draw.rect(surface, FOLDER, (x, y + 3, 16, 11), border_radius=2)
        pygame.draw.rect(surface, FOLDER, (x, y + 1, 7, 4), border_radius=1)
    else:  # ".." : an arrow up
        pygame.draw.polygon(surface, style.MUTED, [(x + 8, y), (x + 14, y + 7), (x + 2, y + 7)])
        pygame.draw.rect(surface, style.MUTED, (x + 6, y + 7, 4, 7))


def _draw_buttons(d: Any, surface: pygame.Surface, words: Callable[..., str]) -> None:
    r = d.rect
    d.ok_rect.bottomright = (r.right - PAD, r.bottom - 12)
    d.cancel_rect.bottomright = (d.ok_rect.x - 8, d.ok_rect.bottom)
    style.button(surface, d.ok_rect, words("save" if d.save else "open"))
    style.button(surface, d.cancel_rect, words("cancel"))
    style.text(surface, words("file_keys_save" if d.save else "file_keys"), (r.x + PAD, r.bottom - 34), style.MUTED, 12)


def _draw_confirm(d: Any, surface: pygame.Surface, words: Callable[..., str]) -> None:
    shade = pygame.Surface(d.rect.size, pygame.SRCALPHA)
    shade.fill(style.SHADE)
    surface.blit(shade, d.rect)
    box = pygame.Rect(0, 0, min(440, d.rect.w - 20), 110)
    box.center = d.rect.center
    pygame.draw.rect(surface, style.PANEL, box, border_radius=8)
    pygame.draw.rect(surface, style.SELECTED, box, 2, border_radius=8)
    message = words("replace_file", name=os.path.basename(d.confirm))
    style.text(surface, _elided(message, box.w - 2 * PAD, 15), (box.x + PAD, box.y + 18))
    d.ok_rect.bottomright = (box.right - PAD, box.bottom - 12)
    d.cancel_rect.bottomright = (d.ok_rect.x - 8, d.ok_rect.bottom)
    style.button(surface, d.ok_rect, words("replace"))
    style.button(surface, d.cancel_rect, words("cancel"))


def _elided(text: str, width: int, size: int) -> str:
    """``text`` cut at its start with "…" to fit ``width`` pixels."""
    f = style.font(size)
    if f.size(text)[0] <= width:
        return text
    while text and f.size("\u2026" + text)[0] > width:
        text = text[1:]
    return "\u2026" + text


def _home(path: str) -> str:
    """A path with the home folder written ``~``."""
    home = os.path.expanduser("~")
    return "~" + path[len(home):] if home != "/" and (path + os.sep).startswith(
        home + os.sep) else path
