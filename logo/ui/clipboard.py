"""The system clipboard, through pygame-ce's ``pygame.scrap`` text calls (SDL's
clipboard: under X the CLIPBOARD selection, shared with other programs and ``xclip``;
with SDL's dummy video driver a clipboard of the process's own).  Text of any number of
lines and any script; line ends come back as ``\\n``.  A clipboard that cannot be
reached reads as empty and writes nothing, with no error: pasting is never worth a
traceback."""

from __future__ import annotations

import pygame


def get() -> str:
    """The clipboard's text ("" when it holds none)."""
    try:
        text = pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError, UnicodeDecodeError):
        return ""
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")


def put(text: str) -> bool:
    """Put ``text`` on the clipboard; False when it could not be done."""
    if not text:
        return False
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError):
        return False
    return True
