"""``--sheet``: the contact sheet, a tile per run in the table's order, each the run's
page shrunk and labelled with its values (and its status when it failed); a run that
left no page (an error before drawing, a lesson that draws nothing) is a grey tile.

The grid has a column per value of the last varied slider (times the repetitions) when
that makes a row of 2 to 8 tiles, else a square-ish grid.
"""

from __future__ import annotations

import math

import numpy as np

from ..turtle.export import write_png
from .engine import Results
from .pictures import decode_png, shrink, text_size, write_text
from .runs import OK

TILE = 200  # pixels: a tile's width
GAP = 6
LABEL_PX = 11
BACK, EMPTY, INK, BAD = (235, 235, 240), (200, 200, 205), (30, 30, 40), (180, 30, 30)


def grid_columns(results: Results, per_row: int) -> int:
    n = len(results.rows)
    if 2 <= per_row <= 8 and n % per_row == 0:
        return per_row
    return max(1, math.ceil(math.sqrt(n)))


def tiles(results: Results) -> list[tuple[np.ndarray | None, list[str], bool]]:
    """Each row's page (or None), its label lines and whether it failed."""
    out = []
    for row, run in zip(results.rows, results.runs):
        page = None
        path = results.pages.get(run.key())
        if path:
            try:
                with open(path, "rb") as f:
                    page = shrink(decode_png(f.read()), TILE)
            except (OSError, ValueError):
                page = None
        status = row.get("status", "")
        lines = [run.label()]
        if status != OK:
            lines.append(status[:60])
        out.append((page, lines, status != OK))
    return out


def contact_sheet(results: Results, per_row: int = 0) -> np.ndarray:
    """The sheet as an (H, W, 3) uint8 array."""
    made = tiles(results)
    cols = grid_columns(results, per_row)
    rows = max(1, math.ceil(len(made) / cols))
    page_h = max([p.shape[0] for p, _, _ in made if p is not None] or [TILE * 9 // 16])
    label_h = 2 * (text_size("Ag", LABEL_PX)[1] + 2) + 2
    cell_w, cell_h = TILE + GAP, page_h + label_h + GAP
    sheet = np.empty((GAP + rows * cell_h, GAP + cols * cell_w, 3), np.uint8)
    sheet[:] = BACK
    for i, (page, lines, failed) in enumerate(made):
        top, left = GAP + (i // cols) * cell_h, GAP + (i % cols) * cell_w
        if page is None:
            sheet[top:top + page_h, left:left + TILE] = EMPTY
        else:
            ph, pw = page.shape[:2]
            sheet[top:top + ph, left:left + pw] = page
        row = top + page_h + 2
        for j, line in enumerate(lines):
            write_text(sheet, left + 1, row, line, BAD if failed and j else INK, LABEL_PX,
                       width=TILE)
            row += text_size("Ag", LABEL_PX)[1] + 2
    return sheet


def save_sheet(results: Results, path: str, per_row: int = 0) -> None:
    write_png(path, contact_sheet(results, per_row))
