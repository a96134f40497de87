"""The log of internal errors (bugs): their tracebacks go to a file, never to the user."""

from __future__ import annotations

import logging
import os
from typing import Any

from ..cache_folder import cache_folder


def internal_log() -> Any:
    """The log of internal errors: a file in the user's cache folder, never the terminal
    (a user sees one line; the traceback is for the developers)."""
    log = logging.getLogger("logo.internal")
    if not log.handlers:
        folder = cache_folder()
        try:
            os.makedirs(folder, exist_ok=True)
            handler: logging.Handler = logging.FileHandler(os.path.join(folder, "internal.log"))
        except OSError:
            handler = logging.NullHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        log.addHandler(handler)
        log.propagate = False
    return log
