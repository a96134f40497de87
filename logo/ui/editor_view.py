"""Drawing the procedures pane: a header (the message, Find's field, the Step buttons),
the line numbers, the text coloured as Logo, the selection, the caret, the bracket
matching the one at the caret and the line an error named.  Also the way back from a
mouse position to a place in the text."""

from __future__ import annotations

from typing import Any

import pygame

from . import style
from .logo_syntax import defined_names, matching_bracket, spans

SIZE = 14
HEADER = 28  # the message strip above the text (pixels)


def _metrics(pane: Any, rect: pygame.Rect) -> tuple[pygame.font.Font, int, int, int]:
    """The font, a row's height, a character's width and the text's left edge."""
    f = style.font(SIZE, mono=True)
    cw = max(1, f.size("M")[0])
    gutter = cw * max(2, len(str(len(pane.lines)))) + 14
    return f, f.get_linesize(), cw, rect.x + gutter + 6


def position_at(pane: Any, rect: pygame.Rect, pos: tuple[int, int],
                clamp: bool = False) -> tuple[int, int] | None:
    """The (row, column) under ``pos``; None above the text (unless ``clamp``)."""
    _, line_h, cw, x0 = _metrics(pane, rect)
    y = pos[1] - rect.y - HEADER
    if y < 0 and not clamp:
        return None
    row = pane.top + (y // line_h if y >= 0 else -1)
    row = max(0, min(len(pane.lines) - 1, row))
    col = pane.left + round((pos[0] - x0) / cw)
    return row, max(0, min(len(pane.lines[row]), col))


def draw(pane: Any, surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, (255, 255, 255), rect)
    _, line_h, cw, x0 = _metrics(pane, rect)
    rows = max(1, (rect.h - HEADER - 6) // line_h)
    pane.visible_rows = rows
    if pane.follow:
        _follow_caret(pane, rows, max(1, (rect.right - x0 - 8) // cw))
        pane.follow = False
    pane.top = max(0, min(pane.top, len(pane.lines) - 1))
    pygame.draw.rect(surface, style.GUTTER, (rect.x + 1, rect.y + HEADER,
                                            x0 - rect.x - 4, rect.h - HEADER - 1))
    text_area = pygame.Rect(x0, rect.y + HEADER, rect.right - x0 - 2, rect.h - HEADER - 2)
    names = defined_names(pane.lines) | {n.lower() for n in pane.shown}
    span = pane.buffer.selection()
    match = matching_bracket(pane.lines, pane.buffer.caret) if span is None else None
    y = rect.y + HEADER
    for i in range(pane.top, min(len(pane.lines), pane.top + rows)):
        _draw_row(pane, surface, i, (x0, y), text_area, names, span, match)
        y += line_h
    pygame.draw.rect(surface, style.ACCENT if pane.focused else style.BORDER, rect, 1)
    _draw_header(pane, surface, rect)


def _follow_caret(pane: Any, rows: int, columns: int) -> None:
    """Scroll so the caret is in view (a drag or a key may have moved it)."""
    row, col = pane.buffer.caret
    if row < pane.top:
        pane.top = row
    elif row >= pane.top + rows:
        pane.top = row - rows + 1
    if col < pane.left:
        pane.left = max(0, col - columns // 3)
    elif col > pane.left + columns - 2:
        pane.left = col - columns + columns // 3


def _draw_row(pane: Any, surface: pygame.Surface, i: int, at: tuple[int, int],
              area: pygame.Rect, names: set[str], span: Any, match: Any) -> None:
    f = style.font(SIZE, mono=True)
    line_h, cw = f.get_linesize(), max(1, f.size("M")[0])
    x0, y = at
    line = pane.lines[i]
    band = pygame.Rect(area.x - 4, y, area.w + 4, line_h)
    if i == pane.error_row:
        pygame.draw.rect(surface, style.ERROR_LINE, band)
    if i == pane.highlight:
        pygame.draw.rect(surface, style.SELECTED, band)
    number_colour = style.ERROR if i == pane.error_row else style.MUTED
    number = f.render(str(i + 1), True, number_colour)
    surface.blit(number, (x0 - 10 - number.get_width(), y))
    if i == pane.error_row:
        pygame.draw.rect(surface, style.ERROR, (x0 - 6, y + 1, 3, line_h - 2))
    left = pane.left
    clip = surface.get_clip()
    surface.set_clip(area.clip(clip))
    if span is not None:
        (r0, c0), (r1, c1) = span
        if r0 <= i <= r1:
            a = c0 if i == r0 else 0
            b = c1 if i == r1 else len(line) + 1
            pygame.draw.rect(surface, style.SELECTION,
                             (x0 + (a - left) * cw, y, max(2, (b - a) * cw), line_h))
    for place in match or ():
        if place[0] == i:
            pygame.draw.rect(surface, style.MATCH, (x0 + (place[1] - left) * cw, y, cw,
                                                   line_h))
    for start, end, kind in spans(line, pane.is_primitive, names):
        image = f.render(line[start:end], True, style.SYNTAX[kind])
        surface.blit(image, (x0 + (start - left) * cw, y))
    if i == pane.buffer.caret[0] and pane.focused and pane.finder is None:
        x = x0 + (pane.buffer.caret[1] - left) * cw
        pygame.draw.line(surface, style.TEXT, (x, y + 1), (x, y + line_h - 2), 2)
    surface.set_clip(clip)


def _draw_header(pane: Any, surface: pygame.Surface, rect: pygame.Rect) -> None:
    pane.step_rects = {}
    right = rect.right - 6
    if pane.step_labels is not None:
        f = style.font()
        for action, label in reversed(list(zip(("step", "go_on"), pane.step_labels))):
            w = f.size(label)[0] + 20
            right -= w
            pane.step_rects[action] = r = pygame.Rect(right, rect.y + 3, w, 22)
            style.button(surface, r, label, hot=action == "step")
            right -= 6
    if pane.finder is not None:
        width = min(260, max(120, rect.w // 3))
        right -= width
        box = pygame.Rect(right, rect.y + 3, width, 22)
        pygame.draw.rect(surface, style.PANEL, box)
        pygame.draw.rect(surface, style.ACCENT, box, 1)
        label = style.font(13).render(pane.find_label, True, style.MUTED)
        surface.blit(label, (box.x - label.get_width() - 6, rect.y + 6))
        right -= label.get_width() + 12
        pane.finder.draw(surface, (box.x + 4, box.y + 3), width=box.w - 8)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(rect.x, rect.y, right - rect.x, HEADER))
    style.text(surface, pane.message, (rect.x + 8, rect.y + 5),
               style.ERROR if pane.error or pane.error_row is not None else style.MUTED, 13)
    surface.set_clip(clip)
