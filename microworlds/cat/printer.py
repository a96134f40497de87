"""The ATsPU-128 line printer: each frame as 128 columns of drum characters.

The BESM-4's printer had 128 print positions a line and a drum of GOST 10859 characters:
digits, upper-case Cyrillic, the Latin letters that look unlike Cyrillic ones, and signs.
It had no lower case, and a position could be struck several times on one line (spec
§1.1).  A frame is the shadow rasterised on a grid of 128 columns (``scene.coverage``:
the share of each cell the shadow covers, sampled 3 x 3 a cell) with a cell aspect of
0.6 (10 characters to the inch, 6 lines to the inch).  Two looks:

- ``dense``: one glyph, Ж, where at least half a cell is covered;
- ``levels``: four density levels made by overprinting (as the printer did: the line is
  struck again without a line feed): . then Х then Ж then Ж+Ш.  As plain text each cell
  shows its last strike; :func:`overprint_text` writes the strikes of a line separated by
  carriage returns, the way a line-printer file keeps them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import scene

COLUMNS = 128
CELL_ASPECT = 0.6  # width / height of a print position: 10 cpi, 6 lpi
# The drum: GOST 10859 as simh's BESM-6 printer maps it to Unicode (96 codes; code 020,
# the decimal exponent, is shown as ⏨ where simh writes e).
DRUM = ("0123456789+-/,. ⏨↑()×=;[]*‘’≠<>:"
        "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЫЬЭЮЯ"
        "DFGIJLNQRSUVWZ‾≤≥∨∧⊃¬÷≡%◇|―_!\"Ъ°′")
DENSE = "Ж"
STRIKES = (("",), (".",), ("Х",), ("Ж",), ("Ж", "Ш"))  # level -> overprinted strikes
LEVELS = (0.0, 0.15, 0.4, 0.7)  # coverage at or above which a level starts (1-4)


@dataclass(frozen=True)
class Sheet:
    """The printer's window: ``width`` H of ground across 128 columns, ``rows`` lines, the
    ground ``ground`` lines above the bottom line; cats ``lane`` H apart."""

    width: float = 6.0
    rows: int = 30
    ground: float = 1.5
    lane: float = 2.4

    def view(self) -> scene.View:
        scale = COLUMNS / self.width  # columns per H
        return scene.View(width=self.width, scale=scale, x0=0.0, y0=self.ground,
                          aspect=CELL_ASPECT, lane=self.lane)


def levels(share: np.ndarray) -> np.ndarray:
    """Density level 0-4 of each cell from the covered share (rows, cols)."""
    return np.searchsorted(np.array(LEVELS), share, side="right").astype(np.int8) * \
        (share > 0)


def frame_levels(g, sheet: Sheet = Sheet()) -> np.ndarray:
    """The density levels (rows, 128) of the herd's current frame (row 0 on top)."""
    shadow = scene.frame_shadow(g, sheet.view())
    return levels(scene.coverage(shadow, COLUMNS, sheet.rows))


def frame_lines(g, sheet: Sheet = Sheet(), look: str = "dense") -> list[str]:
    """The frame as ``sheet.rows`` lines of exactly 128 characters."""
    lv = frame_levels(g, sheet)
    if look == "dense":
        table = np.array([" ", " ", " ", DENSE, DENSE])
    else:
        table = np.array([" "] + [strikes[-1] for strikes in STRIKES[1:]])
    return ["".join(row) for row in table[lv]]


def overprint_text(lv: np.ndarray) -> str:
    """The frame's lines with overprinting: the strikes of a line separated by ``\\r``
    (carriage return, no line feed), lines by ``\\n``; trailing blanks kept to 128."""
    out = []
    for row in lv:
        passes = max(len(STRIKES[v]) for v in row) if len(row) else 1
        strikes = []
        for k in range(passes):
            cells = [STRIKES[v][k] if k < len(STRIKES[v]) and STRIKES[v][k] else " "
                     for v in row]
            strikes.append("".join(cells))
        out.append("\r".join(strikes))
    return "\n".join(out) + "\n"


def on_drum(text: str) -> bool:
    """Whether every character of ``text`` (spaces and line breaks aside) is on the drum."""
    return all(ch in DRUM or ch in " \r\n" for ch in text)
